"""The models of dp_scaling_ms.py in plain PyTorch under DistributedDataParallel (gloo), for
``torchrun`` (run by benchmarks/dp_scaling.py). Usage: dp_scaling_ddp.py {mlp,lenet} BATCH WARMUP STEPS"""
import sys
import time

import torch
import torch.distributed as dist
from torch import nn

model, batch, warmup, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
dist.init_process_group("gloo")
rank, size = dist.get_rank(), dist.get_world_size()
torch.manual_seed(1)
if model == "mlp":
    net = nn.Sequential(nn.Flatten(), nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(),
                        nn.Linear(512, 10))
    shape = (batch, 1, 28, 28)
else:
    net = nn.Sequential(nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2, 2), nn.Conv2d(6, 16, 5), nn.ReLU(),
                        nn.MaxPool2d(2, 2), nn.Flatten(), nn.Linear(400, 120), nn.ReLU(), nn.Linear(120, 84),
                        nn.ReLU(), nn.Linear(84, 10))
    shape = (batch, 1, 32, 32)
ddp = nn.parallel.DistributedDataParallel(net)
opt = torch.optim.SGD(ddp.parameters(), lr=0.01, momentum=0.9)
g = torch.Generator().manual_seed(rank)
x, y = torch.randn(shape, generator=g), torch.randint(0, 10, (batch,), generator=g)


def step():
    opt.zero_grad()
    loss = nn.functional.cross_entropy(ddp(x), y)
    loss.backward()
    opt.step()
    return loss


for _ in range(warmup):
    step()
start = time.perf_counter()
for _ in range(steps):
    step()
seconds = time.perf_counter() - start
if rank == 0:
    print("RESULT %.1f" % (size * batch * steps / seconds), flush=True)
dist.destroy_process_group()
