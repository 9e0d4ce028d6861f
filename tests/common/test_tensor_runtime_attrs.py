"""Runtime bookkeeping attributes of MindSpore's Tensor; values of a plain MindSpore 2.10 Tensor on CPU:
init_flag False, is_init() False, virtual_flag False, param_info None, hooks() [], init_finished True,
delta_seed 0, offload_file_path() '', index_of_parent_ / parent_tensor_ None, flush_from_cache() None."""
import numpy as np

import sporetorch as ms


def test_plain_tensor_values():
    t = ms.Tensor(np.ones((2, 3), np.float32))
    assert t.init_flag is False and t.is_init() is False and t.virtual_flag is False
    assert t.param_info is None and t.hooks() == [] and t.init_finished is True and t.delta_seed == 0
    assert t.offload_file_path() == "" and t.flush_from_cache() is None
    assert t.index_of_parent_ is None and t.parent_tensor_ is None


def test_parameter_keeps_its_own_values():
    p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    assert p.is_init is False  # Parameter's own attribute, as in MindSpore
    p.param_info = "info"
    assert p.param_info == "info" and ms.Tensor([1.0]).param_info is None
