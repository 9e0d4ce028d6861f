"""Communication in one process (no launcher): rank 0 of 1, as MindSpore 2.10 reports before init,
and every collective computes what it computes on a group of one rank. Also the launcher's
argument checks, which fail before any worker starts."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, communication, nn, ops
from sporetorch.communication import _launcher, comm_func
from sporetorch.mint import distributed as mdist


def test_ranks_and_groups():
    communication.init()
    assert communication.GlobalComm.WORLD_COMM_GROUP == "mccl_world_group"  # MindSpore 2.10 on CPU
    for group in ("hccl_world_group", "nccl_world_group", "mccl_world_group"):
        assert (communication.get_rank(group), communication.get_group_size(group)) == (0, 1)
    assert (communication.get_local_rank(), communication.get_local_rank_size()) == (0, 1)
    assert communication.get_comm_name() == ""  # MindSpore 2.10 on CPU
    communication.create_group("mine", [0])
    assert communication.get_process_group_ranks("mine") == [0]
    assert communication.get_world_rank_from_group_rank("mine", 0) == 0
    with pytest.raises(ValueError, match="already exists"):
        communication.create_group("mine", [0])
    communication.destroy_group("mine")
    with pytest.raises(ValueError, match="does not exist"):
        communication.get_rank("mine")
    with pytest.raises(ValueError, match=r"distinct ranks in \[0, 1\)"):
        communication.create_group("two", [0, 1])
    with pytest.raises(TypeError, match="must be a str"):
        communication.get_rank(0)
    with pytest.raises(ValueError, match="backend_name"):
        communication.init("gloo")


def test_collectives_on_one_rank_and_their_gradients():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    for out in (ops.AllReduce()(x), ops.AllGather()(x), ops.ReduceScatter()(x), ops.Broadcast(0)((x,))[0],
                ops.AlltoAll(1, 0, 1)(x), ops.Reduce(0)(x), comm_func.all_reduce(x),
                comm_func.all_gather_into_tensor(x), comm_func.reduce_scatter_tensor(x)):
        np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())
    ops.Barrier()()
    with pytest.raises(TypeError, match="'op'"):
        ops.AllReduce("mean")
    with pytest.raises(RuntimeError, match="msrun"):
        ops.Send(0, 1)(x)


@pytest.mark.parametrize("collective", [
    lambda t: ops.AllReduce()(t) * t, lambda t: ops.AllReduce(ops.ReduceOp.PROD)(t) * t,
    lambda t: ops.AllReduce(ops.ReduceOp.MAX)(t), lambda t: ops.AllGather()(t),
    lambda t: ops.ReduceScatter()(t), lambda t: ops.AlltoAll(1, 0, 1)(t), lambda t: ops.Reduce(0)(t)])
def test_gradcheck_through_the_collectives(collective):
    def fn(t):
        return collective(Tensor.from_torch(t)).to_torch()
    t = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(fn, (t,))


def test_grad_reducer_in_one_process():
    net = nn.Dense(3, 2)
    grads = tuple(Tensor(np.ones(p.shape, np.float32)) for p in net.trainable_params())
    assert nn.DistributedGradReducer(net.trainable_params())(grads) is grads
    halved = nn.DistributedGradReducer(net.trainable_params(), mean=True, degree=2)(grads)
    np.testing.assert_array_equal(halved[0].asnumpy(), 0.5)
    with pytest.raises(ValueError, match="number of gradients"):
        nn.DistributedGradReducer(net.trainable_params())(grads[:1])


def test_set_comm_ops_inplace_checks_its_arguments():
    with pytest.raises(TypeError, match="is_enable"):
        ops.set_comm_ops_inplace(1)
    with pytest.raises(ValueError, match="'nope' is not one of"):
        ops.set_comm_ops_inplace(False, ["nope"])
    assert ops.all_reduce is not mdist.all_reduce and ops.barrier is mdist.barrier


def test_mint_distributed_refuses_pickled_objects():
    with pytest.raises(NotImplementedError, match="unpickles"):
        mdist.all_gather_object([None], 1)
    assert mdist.is_available() and mdist.get_rank() in (-1, 0)


@pytest.mark.parametrize("argv, message", [
    (["--worker_num=0", "x.py"], "--worker_num must be greater than 0"),
    (["--worker_num=2", "--local_worker_num=3", "x.py"], r"--local_worker_num must be in \[1, worker_num=2\]"),
    (["--worker_num=3", "--local_worker_num=2", "x.py"], "must be a multiple of --local_worker_num"),
    (["--worker_num=2", "--local_worker_num=2", "--master_port=80", "x.py"], "--master_port must be in"),
    (["--worker_num=2", "--local_worker_num=2", "/no/such/script.py"], "no such script"),
])
def test_msrun_argument_errors(argv, message, capsys):
    assert _launcher.main(argv) == 2
    assert __import__("re").search(message, capsys.readouterr().err)


def test_msrun_options_and_defaults_are_msrun_s():
    args = _launcher.build_parser().parse_args(["train.py", "--lr", "1"])
    # MindSpore 2.10's msrun defaults
    assert (args.worker_num, args.local_worker_num, args.master_addr, args.master_port, args.node_rank,
            args.log_dir, args.join, args.cluster_time_out, args.bind_core, args.worker_log_name,
            args.tail_worker_log) == (8, 8, "127.0.0.1", 8118, -1, "", False, 600, False, "", "-1")
    assert (args.task_script, args.task_script_args) == ("train.py", ["--lr", "1"])
    assert _launcher._worker_command("train.py", ["-a"]) == ["-m", "sporetorch", "run", "train.py", "-a"]
    assert _launcher._worker_command("python", ["train.py"]) == ["-m", "sporetorch", "run", "train.py"]
    assert _launcher._bind_table({"device0": ["0-1"], "device1": ["2,3"]}, 2) == {"0": [0, 1], "1": [2, 3]}


def test_semi_auto_parallel_names_data_parallel():
    with pytest.raises(NotImplementedError, match="DATA_PARALLEL"):
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)
