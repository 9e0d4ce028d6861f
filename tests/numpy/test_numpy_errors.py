"""mindspore.numpy's errors on bad input: the exception types MindSpore 2.10 raises ("ok": none)."""
import numpy as np
import pytest

import sporetorch.numpy as mnp
from sporetorch import Tensor

n = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
a = Tensor(np.ones((3, 4), np.float32))

# Expected exception names recorded with MindSpore 2.10 (CPU).
CASES = {
    'sum_bad_axis': ('ValueError', lambda: mnp.sum(n, axis=5)),
    'mean_bad_axis': ('ValueError', lambda: mnp.mean(n, axis=-3)),
    'reshape_bad': ('ValueError', lambda: mnp.reshape(n, (4, 2))),
    'concat_shape': ('ValueError', lambda: mnp.concatenate((n, a))),
    'matmul_shape': ('RuntimeError', lambda: mnp.matmul(n, n)),
    'array_bad': ('TypeError', lambda: mnp.array({1: 2})),
    'ones_bad_shape': ('TypeError', lambda: mnp.ones("a")),
    'squeeze_bad': ('ok', lambda: mnp.squeeze(n, 0)),
    'transpose_bad': ('ValueError', lambda: mnp.transpose(n, (0, 0))),
    'split_uneven': ('ValueError', lambda: mnp.split(mnp.arange(5), 2)),
    'stack_shape': ('ValueError', lambda: mnp.stack((n, a))),
    'swapaxes_bad': ('ValueError', lambda: mnp.swapaxes(n, 0, 3)),
    'expand_bad': ('ValueError', lambda: mnp.expand_dims(n, 4)),
    'where_one': ('TypeError', lambda: mnp.where(n, n)),
    'tile_bad': ('TypeError', lambda: mnp.tile(n, 1.5)),
    'take_bad_mode': ('ValueError', lambda: mnp.take(n, Tensor(np.array([0])), mode='x')),
    'searchsorted_side': ('ValueError', lambda: mnp.searchsorted(n[0], 1, side='x')),
    'linspace_bad_num': ('ValueError', lambda: mnp.linspace(0, 1, -1)),
    'eye_bad': ('TypeError', lambda: mnp.eye(2.5)),
    'full_bad': ('TypeError', lambda: mnp.full((2,), "a")),
    'add_str': ('TypeError', lambda: mnp.add(n, "a")),
    'clip_none': ('ValueError', lambda: mnp.clip(n, None, None)),
    'diff_neg': ('ValueError', lambda: mnp.diff(n, -1)),
    'dot_shape': ('ValueError', lambda: mnp.dot(a, a)),
    'tensordot_bad': ('ValueError', lambda: mnp.tensordot(a, a, 3)),
    'cross_bad': ('ValueError', lambda: mnp.cross(a, a)),
    'diag_3d': ('ValueError', lambda: mnp.diag(mnp.ones((2, 2, 2)))),
    'broadcast_bad': ('ValueError', lambda: mnp.broadcast_to(n, (4, 3))),
    'moveaxis_bad': ('ValueError', lambda: mnp.moveaxis(n, 0, 5)),
    'roll_bad': ('ValueError', lambda: mnp.roll(n, 1, axis=4)),
    'flip_bad': ('ValueError', lambda: mnp.flip(n, 3)),
    'rot90_bad': ('ValueError', lambda: mnp.rot90(mnp.arange(3))),
    'unravel_bad': ('ok', lambda: mnp.unravel_index(Tensor(np.array([10], np.int32)), (2, 3))),
    'promote_bad': ('TypeError', lambda: mnp.promote_types('int32', 'xx')),
    'polyval_2d': ('ValueError', lambda: mnp.polyder(n)),
    'histogram_bins': ('ValueError', lambda: mnp.histogram(a, bins=-1)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_error_type_matches_mindspore(name):
    expected, fn = CASES[name]
    try:
        res = fn()
        if hasattr(res, "asnumpy"):
            res.asnumpy()
        got = "ok"
    except Exception as exc:  # noqa: BLE001 - the type is what is compared
        got = type(exc).__name__
    assert got == expected
