"""GRAPH_MODE's host memory pool: freed CPU memory is kept and reused without page faults.

Each case runs in a fresh interpreter, because the pool is a process-wide allocator setting.
The measures are the ones the pool exists for: minor page faults while a step's worth of
activation-sized blocks is allocated, written and freed again and again, and the free memory
glibc keeps in its heap afterwards. (Without the pool, how much glibc gives back depends on its
adaptive thresholds and on what the process allocated before, so that side is not asserted.)
"""
import os
import subprocess
import sys
import textwrap

import pytest


def _glibc_version():
    try:
        name, version = os.confstr("CS_GNU_LIBC_VERSION").split()
    except (AttributeError, ValueError, OSError):
        return None
    return tuple(map(int, version.split(".")[:2])) if name == "glibc" else None


# Fresh interpreters and 160 MB allocation rounds: outside the fast tier.
pytestmark = [pytest.mark.slow, pytest.mark.skipif((_glibc_version() or (0, 0)) < (2, 33),
                                reason="the pool is a glibc allocator setting; these tests read glibc 2.33's mallinfo2")]

_PRELUDE = """
import ctypes
import resource
import torch
import sporetorch as ms
from sporetorch import nn, ops
from sporetorch._accel import host_memory as _host_memory

def faults_per_round(rounds=4, blocks=40, block_mb=4):
    # 160 MB of 4 MB blocks: more than glibc's own trim threshold ever is (at most 64 MB), each
    # block below the pool's mmap threshold.
    def one_round():
        held = [torch.empty(block_mb << 18).fill_(1.0) for _ in range(blocks)]
        del held
    one_round(); one_round()
    start = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(rounds):
        one_round()
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - start) / rounds

class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                       "fsmblks", "uordblks", "fordblks", "keepcost")]

def free_in_heap_mb():
    mallinfo2 = ctypes.CDLL(None).mallinfo2
    mallinfo2.restype = _MallInfo2
    return mallinfo2().fordblks / 2 ** 20

def rss_mb():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
"""


def _run(*parts, pool=None):
    env = dict(os.environ, SPORETORCH_JIT_BACKEND="eager")
    env.pop("SPORETORCH_HOST_MEMORY_POOL", None)
    if pool is not None:
        env["SPORETORCH_HOST_MEMORY_POOL"] = pool
    proc = subprocess.run([sys.executable, "-c", _PRELUDE + "".join(map(textwrap.dedent, parts))], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


_JIT_CALL = """
@ms.jit
def double(x):
    return x * 2

double(ms.Tensor([1.0, 2.0]))
"""


def test_first_jit_call_engages_the_pool_and_blocks_are_reused():
    engaged, faults, kept_free = _run(_JIT_CALL, "print(_host_memory.engaged(), faults_per_round(), free_in_heap_mb())")
    assert engaged == "True"
    # 160 MB written each round: 40,960 pages, of which almost none fault in again.
    assert float(faults) < 500
    assert float(kept_free) > 150


def test_graph_mode_cell_call_engages_the_pool():
    (engaged,) = _run("""
        ms.set_context(mode=ms.GRAPH_MODE)
        net = nn.Dense(3, 2)
        net(ops.ones((4, 3), ms.float32))
        print(_host_memory.engaged())
        """)
    assert engaged == "True"


def test_environment_variable_leaves_the_allocator_alone():
    (engaged,) = _run(_JIT_CALL, "print(_host_memory.engaged())", pool="0")
    assert engaged == "False"


def test_empty_cache_gives_the_kept_memory_back():
    kept, released = _run(_JIT_CALL, """
        faults_per_round(rounds=1)
        kept = rss_mb()
        ms.runtime.empty_cache()
        print(kept, rss_mb())
        """)
    assert float(kept) - float(released) > 30


def test_planning_kernels_ahead_gives_the_kept_memory_back_first():
    # At GRAPH_MODE's switch to its eager variant, the kernels of the convolutions are timed on
    # stand-in tensors; the pool's free memory (the last step's activations) is given back before,
    # so that the stand-ins' memory does not come on top of it, and the peak stays a step's.
    kept, planning = _run(_JIT_CALL, """
        from sporetorch._accel import background as jit
        from sporetorch._accel import conv_plan as _conv_tuning
        faults_per_round(rounds=1)
        kept = rss_mb()
        seen = []
        jit.register_planner("probe", list, lambda records: seen.append(rss_mb()) or len(records))
        jit._plan_ahead({"probe": [{}]})
        print(kept, seen[0])
        """)
    assert float(kept) - float(planning) > 30


_LINUX = pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads resident memory from /proc")


def test_mapped_full_is_an_ordinary_tensor():
    import torch
    from sporetorch._accel import host_memory as _host_memory
    for shape, fill, dtype in (((512, 256), 1.5, torch.float32), ((3, 4), 1, torch.float16),
                               ((300, 300), 0, torch.int32), ((0, 5), 1, torch.float32)):
        t = _host_memory.mapped_full(shape, fill, dtype)
        assert t.shape == shape and t.dtype == dtype and t.is_contiguous()
        assert torch.equal(t, torch.full(shape, fill, dtype=dtype))
        t.add_(2)
        assert torch.equal(t, torch.full(shape, fill + 2, dtype=dtype))


def _rss_mb():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


@_LINUX
def test_mapped_zeros_take_no_resident_memory_until_written():
    import torch
    from sporetorch._accel import host_memory as _host_memory
    before = _rss_mb()
    zeros = _host_memory.mapped_full((16 << 20,), 0, torch.float32)  # 64 MB
    assert zeros.sum().item() == 0  # every page read
    read = _rss_mb()
    zeros[: 8 << 20].fill_(1.0)  # half of it written
    written = _rss_mb()
    del zeros
    freed = _rss_mb()
    assert read - before < 8
    assert 24 < written - read < 40
    assert written - freed > 24  # unmapped, not kept in the heap


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_mapped_memory_is_not_shared_with_a_forked_child():
    import torch
    from sporetorch._accel import host_memory as _host_memory
    t = _host_memory.mapped_full((1 << 20,), 1, torch.float32)
    pid = os.fork()
    if pid == 0:
        view = t.numpy()  # numpy: torch's OpenMP pool does not survive fork
        view[:] = 7.0
        os._exit(0 if view[0] == 7.0 else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert t.max().item() == 1.0
