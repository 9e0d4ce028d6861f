"""Worker of the fault test: rank 1 is killed while rank 0 waits in a collective."""
import os
import signal

import numpy as np

import sporetorch as ms
from sporetorch import ops
from sporetorch.communication import get_rank, init

init()
x = ms.Tensor(np.ones(4, np.float32))
ops.AllReduce()(x)
print("rank", get_rank(), "joined", flush=True)
if get_rank() == 1:
    print("rank 1 goes down now", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
while True:
    ops.AllReduce()(x)
