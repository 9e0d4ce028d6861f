"""dataset.dataloader._utils (argument checks) and its collate module: results from MindSpore 2.10."""
import collections

import numpy as np
import pytest

from sporetorch.dataset.dataloader import _utils as u
from sporetorch.dataset.dataloader._utils import collate as c

P = collections.namedtuple("P", "a b")


def _show(x):
    if isinstance(x, dict):
        return {k: _show(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x).__name__, [_show(v) for v in x]
    if hasattr(x, "asnumpy"):
        return ("T", str(x.dtype), x.shape, x.asnumpy().tolist())
    if isinstance(x, np.ndarray):
        return ("A", str(x.dtype), x.tolist())
    return x


# MindSpore 2.10's results.
CASES = [
    (lambda: c.default_collate([0, 1, 2]), ('T', 'Int64', (3,), [0, 1, 2])),
    (lambda: c.default_collate([{"data": 0.5, "label": 2}, {"data": 1.0, "label": 3}]),
     {'data': ('T', 'Float64', (2,), [0.5, 1.0]), 'label': ('T', 'Int64', (2,), [2, 3])}),
    (lambda: c.default_collate([(0, "x"), (1, "y")]), ('list', [('T', 'Int64', (2,), [0, 1]), ('tuple', ['x', 'y'])])),
    (lambda: c.default_collate([np.ones((2,), np.float32), np.zeros((2,), np.float32)]),
     ('T', 'Float32', (2, 2), [[1.0, 1.0], [0.0, 0.0]])),
    (lambda: c.default_collate([np.int32(3), np.int32(4)]), ('T', 'Int64', (2,), [3, 4])),
    (lambda: c.default_collate([P(1, 2.0), P(3, 4.0)]),
     ('P', [('T', 'Int64', (2,), [1, 3]), ('T', 'Float64', (2,), [2.0, 4.0])])),
    (lambda: c.default_collate([[1, 2], [3, 4]]), ('list', [('T', 'Int64', (2,), [1, 3]), ('T', 'Int64', (2,), [2, 4])])),
    (lambda: c.default_convert({"a": np.arange(3), "b": (np.float32(1), "s")}),
     {'a': ('T', 'Int64', (3,), [0, 1, 2]), 'b': ('list', [('T', 'Float32', (), 1.0), 's'])}),
    (lambda: c.default_convert(np.array(["a"])), ('A', '<U1', ['a'])),
]


@pytest.mark.parametrize("call,expected", CASES)
def test_collate_as_mindspore(call, expected):
    assert _show(call()) == expected


@pytest.mark.parametrize("call,exc,msg", [
    (lambda: c.default_collate([[1], [2, 3]]), RuntimeError, "Each element in list of batch must be of equal size."),
    (lambda: c.default_collate([None, None]), TypeError,
     "Cannot find the appropriate collate function for type <class 'NoneType'> in collate_fn_map."),
    (lambda: c.default_collate([np.array(["a"]), np.array(["b"])]), TypeError,
     "NumPy arrays with dtype <U1 are not supported for collation."),
    (lambda: u.check_non_negative(-1, "n"), ValueError, "n must be non-negative, but got: -1."),
    (lambda: u.check_positive("a", "n"), TypeError, "n must be a number, but got: str."),
    (lambda: u.check_type(True, "x", int, bool), TypeError, "x must be <class 'int'>, but got: bool."),
    (lambda: u.check_exclusive_args(True, "sampler", "with shuffle"), ValueError,
     "sampler cannot be specified with shuffle."),
])
def test_messages_as_mindspore(call, exc, msg):
    with pytest.raises(exc) as info:
        call()
    assert str(info.value) == msg


def test_check_args_hands_arguments_to_the_instance():
    class Loader:
        def _check_args(self, params):
            u.check_positive(params["batch_size"], "batch_size")

        @u.check_args
        def __init__(self, batch_size=1):
            self.batch_size = batch_size
    assert Loader(4).batch_size == 4
    with pytest.raises(ValueError, match="batch_size must be positive, but got: 0."):
        Loader(0)
