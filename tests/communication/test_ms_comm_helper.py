"""MindSpore 2.10's ``communication._comm_helper``, and the helpers of ``communication.comm_func`` / ``management`` (one process, before ``init()``).

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

from sporetorch import Tensor
from sporetorch.communication import _comm_helper as h, comm_func as c, management as m
from sporetorch.ops.function import comm_func as oc
from _ms_literals import show as _show
t4 = Tensor(np.ones((4, 2), np.float32))
class Work:
    def __init__(self):
        self.waited = 0
    def wait(self):
        self.waited += 1





CASES = {
    'backend': (lambda: [h.Backend("hccl"), h.Backend("NCCL"), h.Backend.MCCL, h.Backend.UNDEFINED], "['hccl', 'nccl', 'mccl', 'undefined']"),
    'backend_e': (lambda: h.Backend("gloo"), "ERR ValueError For 'Backend', the class variable 'name' gloo is not supported, please use hccl or nccl."),
    'backend_e2': (lambda: h.Backend(1), "ERR TypeError For 'Backend', the class variable 'name' must be a string, but got the type : <class 'int'>"),
    'existing': (lambda: [h._ExistingGroup.ITEMS, h._ExistingGroup.GROUP_RANKS], '[{}, {}]'),
    'probes': (lambda: [h._check_bypass_rank_id_and_size(), h._check_mpi_envs(), h._get_backend(), h._is_available(), h._is_initialized(), h._is_mpi_available(), h._get_group_map()], "[False, False, 'hccl', True, False, False, {}]"),
    'ranks': (lambda: [h._get_rank_helper("hccl_world_group"), h._get_size_helper("hccl_world_group"), h._get_local_rank_helper("hccl_world_group"), h._get_local_size_helper("hccl_world_group")], '[0, 1, 0, 1]'),
    'create_e': (lambda: h._create_group_helper("g", [0]), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'destroy_e': (lambda: h._destroy_group_helper("g"), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'granks_e': (lambda: h._get_group_ranks("hccl_world_group"), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'commname_e': (lambda: h._get_comm_name_helper("hccl_world_group"), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'w2g_e': (lambda: h._get_world_rank_from_group_rank_helper("hccl_world_group", 0), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'g2w_e': (lambda: h._get_group_rank_from_world_rank_helper(0, "hccl_world_group"), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'cache_e': (lambda: h._get_group_rank_from_world_rank_from_cache_helper(0, "hccl_world_group"), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'misc': (lambda: [h._remove_group_info("g"), h._set_elegant_exit_handle(), h._wait_all_comm_init()], '[None, None, True]'),
    'checkparam': (lambda: h.check_parameter_available(lambda group=None: 1)(group="x"), "ERR RuntimeError Distributed Communication has not been inited.You can't invoke this interface yet. Please call `init()` method first."),
    'deal': (lambda: (lambda w: [c._deal_comm_outputs(Tensor([1.]), False), c._deal_comm_outputs(Tensor([1.]), True)[1] is c.default_handle, c._deal_comm_outputs((Tensor([2.]), w), False), w.waited])(Work()), '[(Tensor(shape=[1], dtype=Float32, value= [ 1.00000000e+00]), None), True, (Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00]), None), 1]'),
    'deal_async': (lambda: (lambda w: [repr(c._deal_comm_outputs((Tensor([2.]), w), True)[1].handle is w), c._deal_comm_outputs((Tensor([2.]), w), True)[1].wait(), w.waited])(Work()), "['True', None, 1]"),
    'deal_dist': (lambda: (lambda w: [c._deal_dist_comm_outputs((Tensor([2.]), w), False), w.waited, oc._deal_dist_comm_outputs(Tensor([3.]), True)[1] is oc.default_handle])(Work()), '[(Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00]), None), 0, True]'),
    'cache_rank': (lambda: [c.get_cache_group_rank(), c.get_cache_group_size(), oc.get_cache_group_size()], '[0, 1, 1]'),
    'splitcount': (lambda: [c._check_compute_split_count(t4, [2, 2], None, "hccl_world_group"), c._check_compute_split_count(t4, None, [1, 1, 1, 1], "hccl_world_group"), c._check_compute_split_count(t4, None, None, "hccl_world_group")], '[2, 4, 1]'),
    'splitcount_e': (lambda: c._check_compute_split_count(t4, [2, 2], [1, 1, 1, 1], "hccl_world_group"), 'ERR TypeError input_split_value should equal to output_split_value.'),
    'getgroup': (lambda: [m._get_group("hccl_world_group"), m._get_group("g1")], "['hccl_world_group', 'g1']"),
    'hostdist': (lambda: m._host_distribute(), 'False'),
    'default_handle': (lambda: [repr(c.default_handle), c.default_handle.wait()], "['CommHandle(handle=None)', None]"),
}


@pytest.fixture
def _before_init(monkeypatch):
    """The state of a process before ``init()``, which these cases record: an earlier test of the run may have
    initialised communication (and left groups behind)."""
    monkeypatch.setattr(m.GlobalComm, "INITED", False)
    monkeypatch.setattr(m.GlobalComm, "BACKEND", "hccl")
    monkeypatch.setattr(m.GlobalComm, "WORLD_COMM_GROUP", "hccl_world_group")
    monkeypatch.setattr(h._ExistingGroup, "ITEMS", {})
    monkeypatch.setattr(h._ExistingGroup, "GROUP_RANKS", {})


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name, _before_init):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
