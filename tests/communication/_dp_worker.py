"""Worker of the 2-process tests (run by ``sporetorch msrun`` from test_two_process.py).

Each rank records what it saw in ``$TEST_OUT/rank<r>.npz``: msrun's environment variables,
group queries, collective results and gradients, the weights data-parallel training produced
(TrainOneStepCell with overlapped buckets, Model.train on a sharded GeneratorDataset), then it
runs dp_equivalence.py (the issue's acceptance script) with ``DP_OUT=$TEST_OUT/dp``.
"""
import os
import runpy
import sys

import numpy as np

import sporetorch as ms
from sporetorch import Tensor, ops
from sporetorch._accel import background as _jit
from sporetorch.communication import (comm_func, create_group, destroy_group, get_group_rank_from_world_rank,
                                      get_group_size, get_local_rank, get_local_rank_size, get_process_group_ranks,
                                      get_rank, get_world_rank_from_group_rank, init)
from sporetorch.mint import distributed as mdist

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _dp_models import model_train, train_one_step  # noqa: E402

init()
rank, size = get_rank(), get_group_size()
out = {}
env = os.environ
out["env"] = np.array([env[k] for k in ("MS_WORKER_NUM", "MS_ROLE", "RANK_ID", "RANK_SIZE", "DEVICE_ID",
                                        "MS_NODE_ID", "MS_SCHED_PORT")])
out["ranks"] = np.array([rank, size, get_local_rank(), get_local_rank_size()])
create_group("pair", [1, 0])
out["pair"] = np.array([get_rank("pair"), get_group_size("pair"), get_world_rank_from_group_rank("pair", 1),
                        get_group_rank_from_world_rank(0, "pair")] + get_process_group_ranks("pair"))
if rank == 1:
    create_group("solo", [1])
    out["solo"] = np.array([get_rank("solo"), get_group_size("solo")])
    destroy_group("solo")

x = Tensor(np.arange(4, dtype=np.float32).reshape(2, 2) + rank)
out["allreduce_sum"] = ops.AllReduce()(x).asnumpy()
out["allreduce_max"] = ops.AllReduce(ops.ReduceOp.MAX)(x).asnumpy()
out["allreduce_prod_pair"] = ops.AllReduce(ops.ReduceOp.PROD, group="pair")(x).asnumpy()
out["allgather"] = ops.AllGather()(x).asnumpy()
out["reducescatter"] = ops.ReduceScatter()(x).asnumpy()
out["broadcast"] = ops.Broadcast(1)((x,))[0].asnumpy()
out["alltoall"] = ops.AlltoAll(2, 0, 1)(x).asnumpy()
out["reduce"] = ops.Reduce(0)(x).asnumpy()
if rank == 0:
    ops.Send(0, 1)(x)
else:
    out["received"] = ops.Receive(0, 0, (2, 2), ms.float32)().asnumpy()
peer = 1 - rank
out["neighbor"] = ops.NeighborExchange([peer], [peer], [(2, 2)], [(2, 2)], ms.float32)((x,))[0].asnumpy()
ops.Barrier()()
out["allgatherv"] = ops.AllGatherV()(Tensor(np.arange(rank + 1, dtype=np.float32) + 10 * rank), [1, 2]).asnumpy()
out["reducescatterv"] = ops.ReduceScatterV()(Tensor(np.arange(3, dtype=np.float32) + rank), [1, 2]).asnumpy()
out["alltoallv"] = ops.AlltoAllV()(Tensor(np.array([10 * rank, 10 * rank + 1], np.float32)), [1, 1], [1, 1]).asnumpy()

# gradients follow MindSpore's bprops
w = Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))
out["grad_allreduce"] = ms.grad(lambda t: (ops.AllReduce()(t * t) * x).sum())(x).asnumpy()
out["grad_allgather"] = ms.grad(lambda t: (ops.AllGather()(t) * w).sum())(x).asnumpy()
out["grad_reducescatter"] = ms.grad(lambda t: (ops.ReduceScatter()(t) * x[:1]).sum())(x).asnumpy()
out["grad_alltoall"] = ms.grad(lambda t: (ops.AlltoAll(2, 0, 1)(t) * Tensor(np.arange(4.0, dtype=np.float32)
                                                                          .reshape(1, 4))).sum())(x).asnumpy()

out["cf_all_reduce"] = comm_func.all_reduce(x).asnumpy()
out["cf_all_gather"] = comm_func.all_gather_into_tensor(x).asnumpy()
out["cf_broadcast"] = comm_func.broadcast(x, src=1).asnumpy()
m = Tensor(np.full((2,), float(rank + 1), np.float32))
mdist.all_reduce(m)
out["mint_all_reduce"] = m.asnumpy()
g = Tensor(np.zeros((4, 2), np.float32))
mdist.all_gather_into_tensor(g, x)
out["mint_all_gather"] = g.asnumpy()
out["mint_rank"] = np.array([mdist.get_rank(), mdist.get_world_size()])
o = Tensor(np.full((2,), float(rank + 1), np.float32))
assert ops.all_reduce(o) is None  # in place by default, as in MindSpore 2.10
ops.set_comm_ops_inplace(False)
out["ops_all_reduce"] = np.stack([o.asnumpy(), ops.all_reduce(o, "avg")[0].asnumpy()])
ops.set_comm_ops_inplace(True)
gathered = Tensor(np.zeros((4, 2), np.float32))
ops.gather_into_tensor(gathered, x, dst=1)
out["ops_gather"] = gathered.asnumpy()
part = Tensor(np.zeros((1, 2), np.float32))
ops.scatter_tensor(part, x, src=1)
out["ops_scatter"] = part.asnumpy()
uneven = Tensor(np.zeros((3, 2), np.float32))
ops.all_gather_into_tensor_uneven(uneven, Tensor(np.arange(2 * (rank + 1), dtype=np.float32).reshape(rank + 1, 2)
                                                 + 10 * rank), [1, 2])
out["gather_uneven"] = uneven.asnumpy()
mine = Tensor(np.zeros((rank + 1, 2), np.float32))
mdist.reduce_scatter_tensor_uneven(mine, Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) + rank), [1, 2])
out["reduce_scatter_uneven"] = mine.asnumpy()

ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
weights, overlapped = train_one_step(rank, size, tiny_buckets=True)
out.update({"tos_" + k: v for k, v in weights.items()})
out["overlapped"] = np.array(overlapped)
out.update({"model_" + k: v for k, v in model_train(rank, size).items()})
# GRAPH_MODE in a rank forks no compiling child: it would share the rank's connections to the other.
ms.set_context(mode=ms.GRAPH_MODE)
out.update({"graph_" + k: v for k, v in train_one_step(rank, size)[0].items()})
ms.set_context(mode=ms.PYNATIVE_MODE)
out["graph_forked"] = np.array(_jit._Background.active is not None)
ms.reset_auto_parallel_context()

folder = os.environ["TEST_OUT"]
np.savez(os.path.join(folder, "rank%d.npz" % rank), **out)

os.environ["DP_OUT"] = os.path.join(folder, "dp")
os.makedirs(os.environ["DP_OUT"], exist_ok=True)
runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "dp_equivalence.py"), run_name="__main__")
