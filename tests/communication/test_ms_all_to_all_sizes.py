"""MindSpore 2.10's ``_get_all_to_all_single_numel_list`` (communication.comm_func, ops.function.comm_func, mint.distributed) and the cached group rank/size (one process).

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

from sporetorch import Tensor
from sporetorch.communication import comm_func as c
from sporetorch.ops.function import comm_func as oc
from sporetorch.mint import distributed as md
from _ms_literals import show as _show
t = Tensor(np.ones((4, 2, 3), np.float32))
o = Tensor(np.ones((6, 5), np.float32))





CASES = {
    'cf': (lambda: c._get_all_to_all_single_numel_list((4, 2, 3), (6, 5), None, None, "hccl_world_group"), '[[24], [30], (5,)]'),
    'cf_t': (lambda: c._get_all_to_all_single_numel_list((4, 2, 3), o, [2, 4], [1, 3], "hccl_world_group"), '[[6, 18], [10, 20], (5,)]'),
    'oc': (lambda: oc._get_all_to_all_single_numel_list(t, o, None, [4], "hccl_world_group"), '[[24], [30], (5,)]'),
    'md': (lambda: md._get_all_to_all_single_numel_list(t, o, [6], None, "hccl_world_group"), '[[24], [30], (5,)]'),
    'md_cache': (lambda: [md.get_cache_group_rank(), md.get_cache_group_size()], '[0, 1]'),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
