"""GRAPH_MODE's host memory pool: freed CPU memory is kept for the next step, not given back.

glibc returns large freed blocks to the operating system (``munmap``, heap trimming), so each
training step on the CPU faults the pages of its activations in again: 30-40 thousand minor page
faults per step of a CIFAR ResNet-18 at batch 32 on a 2-core virtual machine, 7-10 % of the
step. MindSpore keeps device memory, host memory included, in a memory pool that outlives a step.
GRAPH_MODE and ``jit`` do the same here: the first time a compiled function runs with the CPU as
default device, glibc is told to serve blocks of up to 32 MB (the most it allows) from its heap
and never to trim the heap, so that freed blocks are reused as they are.

The pool is process-wide, as an allocator setting is, and resident memory stays near its peak
until ``runtime.empty_cache()`` gives the free part back. ``SPORETORCH_HOST_MEMORY_POOL=0``
leaves the allocator alone. With another C library (musl, macOS) nothing changes.

``trim`` gives the heap's free memory back at a pause where it is not wanted for the next step (an
input pipeline's epoch end): see there.

``mapped_full`` serves state that is large and mostly left alone (SGD's ``stat`` flags) from a
mapping of its own rather than from the heap: see there.
"""
import ctypes
import math
import mmap
import os

import torch

__all__ = ["engage", "engaged", "mapped_full", "release", "trim"]

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
# Below this size a tensor of mapped_full comes from the heap: a mapping per small tensor (biases,
# norms' scales) would cost more in mappings than it saves.
_MAPPED_MIN_BYTES = 256 << 10
# glibc rejects mmap thresholds above half its 64 MB heap size on 64-bit systems.
_MMAP_THRESHOLD = 32 << 20
_TRIM_THRESHOLD = 2 ** 31 - 1
_state = {"engaged": False, "libc": None}


def _glibc():
    if _state["libc"] is None:
        try:
            usable = os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc")
        except (AttributeError, ValueError, OSError):  # not a Unix, or not GNU's C library
            usable = False
        _state["libc"] = ctypes.CDLL(None) if usable else False
    return _state["libc"]


def engaged():
    """Whether this process keeps freed host memory in the pool."""
    return _state["engaged"]


def engage():
    """Keep freed host memory for reuse from now on (once per process; see the module docstring)."""
    if _state["engaged"] or os.environ.get("SPORETORCH_HOST_MEMORY_POOL", "1") == "0":
        return
    libc = _glibc()
    if not libc:
        return
    # Fixing either threshold stops glibc adjusting the other, and a trim threshold alone would
    # freeze the mmap threshold at 128 KB: every activation would then be mapped afresh. So the
    # trim threshold is set only once the mmap threshold has been accepted.
    if libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD) and libc.mallopt(_M_TRIM_THRESHOLD, _TRIM_THRESHOLD):
        _state["engaged"] = True


def release():
    """Give the free memory the pool keeps back to the operating system (``malloc_trim``)."""
    libc = _glibc()
    if libc and _state["engaged"]:
        libc.malloc_trim(0)


def trim():
    """Give the free memory of every heap back to the operating system now (``malloc_trim``),
    unless the pool keeps it on purpose.

    An input pipeline's worker threads each allocate from a heap (arena) of their own, and which of
    them holds free blocks when an epoch ends is chance: resident memory then swings by a few tens
    of MB from epoch to epoch without growing. Trimming at each epoch's end (once per epoch, a few
    ms of page faults in the next) puts it back to the live data each time."""
    libc = _glibc()
    if libc and not _state["engaged"]:
        libc.malloc_trim(0)


def mapped_full(shape, fill, dtype):
    """A CPU tensor of ``shape`` and ``dtype`` filled with ``fill``, in an anonymous memory mapping of
    its own where it is large (at least 256 KB).

    The operating system supplies a mapping's pages as zeros on first write, and pages only read
    map its one shared zero page: zeros that are never written take no resident memory at all.
    Freeing the tensor unmaps its memory instead of leaving a hole in the heap. Otherwise the
    tensor is an ordinary one: writes work and make the pages they touch resident.
    """
    count = math.prod(shape)
    # A private mapping: a shared one is backed by shared memory, whose pages become resident when
    # read, and would be shared with the processes this one forks (GRAPH_MODE's compiling child).
    if count * dtype.itemsize < _MAPPED_MIN_BYTES or not hasattr(mmap, "MAP_PRIVATE"):
        return torch.full(shape, fill, dtype=dtype)
    # frombuffer keeps the mapping alive for as long as the tensor (or a view of it) lives.
    memory = mmap.mmap(-1, count * dtype.itemsize, flags=mmap.MAP_PRIVATE)
    t = torch.frombuffer(memory, dtype=dtype, count=count).view(shape)
    if fill != 0:
        t.fill_(fill)
    return t
