"""oneDNN's primitive cache, emptied when the thread count changes.

oneDNN caches each convolution primitive it builds, keyed by shape and by thread count, and keeps
up to 1,024 of them. GRAPH_MODE's background compilation runs the caller's eager steps on one core
fewer while the compiler works, and on every core after. Each change of the thread count makes
torch build a second set of primitives while the first stays cached and is never used again: on
a CIFAR ResNet-18 training step, 40-110 MB of peak resident memory over a run that keeps one
thread count. Emptying the cache at the change keeps one set alive at a time.

torch gives Python no handle on that cache, and libtorch keeps oneDNN's C functions out of its
exported symbols. They are still in the library's full symbol table (``.symtab``) where the
library is not stripped, as PyPI's Linux wheels are not; this module finds them there, checks the
getter answers as oneDNN's does, and only then calls the setter. Anywhere else (macOS, Windows,
a stripped build) ``flush`` does nothing.
"""
import ctypes
import functools
import os
import struct

import torch

from . import _torch_private
from ._common import engage, on

__all__ = ["flush"]

_GET = b"dnnl_get_primitive_cache_capacity"
_SET = b"dnnl_set_primitive_cache_capacity"
_STT_FUNC = 2


def _loaded_library():
    """Path and load address of the libtorch_cpu this process mapped, or None."""
    wanted = os.path.realpath(os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_cpu.so"))
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            for line in maps:
                fields = line.split()
                if len(fields) == 6 and fields[2] == "00000000" and fields[5] == wanted:
                    return wanted, int(fields[0].split("-")[0], 16)
    except OSError:
        pass
    return None


def _symbol_values(path, names):
    """``{name: value}`` of the function symbols ``names`` in the ELF64 ``.symtab`` of ``path``.

    The tables are read a chunk at a time: libtorch_cpu's string table alone is 76 MB, and pages
    of a mapped file count in the process's resident memory, whose peak is what this module is
    here to lower."""
    with open(path, "rb") as fh:
        header = fh.read(64)
        if header[:5] != b"\x7fELF\x02" or header[5] != 1:  # 64-bit little-endian only
            return {}
        # A symbol's value is its offset from the mapping at file offset 0 only where the first
        # loadable segment starts at address 0 and offset 0, as in any shared library ld writes.
        segments = _header_table(fh, header, 0x20, 0x36, "<IIQQ")  # type, flags, offset, address
        first_load = next((seg for seg in segments if seg[0] == 1), None)  # PT_LOAD
        if first_load is None or first_load[2:] != (0, 0):
            return {}
        sections = _header_table(fh, header, 0x28, 0x3A, "<IIQQQQIIQQ")
        symtab = next((s for s in sections if s[1] == 2), None)  # SHT_SYMTAB
        if symtab is None:
            return {}
        strtab = sections[symtab[6]]  # sh_link names the string table
        offsets = {}
        for name in names:
            at = _find(fh, b"\0" + name + b"\0", strtab[4], strtab[5], 1)
            if at >= 0:
                offsets[at + 1] = name
        values = {}
        entsize = symtab[9]
        for st_name, name in offsets.items():
            at = _find(fh, struct.pack("<I", st_name), symtab[4], symtab[5], entsize,
                       lambda entry: entry[4] & 0xF == _STT_FUNC)
            if at >= 0:
                fh.seek(symtab[4] + at + 8)
                values[name] = struct.unpack("<Q", fh.read(8))[0]
        return values


def _header_table(fh, header, offset_at, count_at, layout):
    """The program or section header table whose file offset and entry size and count the ELF
    header holds at ``offset_at`` and ``count_at``, each entry unpacked with ``layout``."""
    offset, = struct.unpack_from("<Q", header, offset_at)
    entry_size, count = struct.unpack_from("<HH", header, count_at)
    fh.seek(offset)
    table = fh.read(entry_size * count)
    return [struct.unpack_from(layout, table, i * entry_size) for i in range(count)]


def _find(fh, needle, start, size, stride, accept=lambda entry: True, chunk=1 << 20):
    """Offset from ``start`` of the first ``needle`` at a multiple of ``stride`` whose ``stride``
    bytes ``accept`` takes, in the ``size`` bytes of ``fh`` from ``start``; -1 if there is none."""
    chunk -= chunk % stride
    overlap = len(needle) - 1 if stride == 1 else 0
    for base in range(0, size, chunk):
        fh.seek(start + base)
        data = fh.read(min(chunk + overlap, size - base))
        at = data.find(needle)
        while at >= 0:
            if at % stride == 0 and accept(data[at:at + stride]):
                return base + at
            at = data.find(needle, at + 1)
    return -1


@functools.lru_cache(maxsize=None)
def _functions():
    """oneDNN's capacity getter and setter, or ``(None, None)`` where they cannot be found safely
    (looked up once per process)."""
    found = _loaded_library() if torch.backends.mkldnn.is_available() else None
    values = _symbol_values(found[0], (_GET, _SET)) if found else {}
    if len(values) == 2:
        getter = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int))(found[1] + values[_GET])
        capacity = ctypes.c_int(-1)
        # oneDNN's getter returns dnnl_success (0) and a capacity of at least 0.
        if getter(ctypes.byref(capacity)) == 0 and capacity.value >= 0:
            return getter, ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int)(found[1] + values[_SET])
    if found is not None:
        _torch_private.off("oneDNN cache", "oneDNN's primitive cache functions are not in libtorch_cpu's symbol "
                           "table (or answer otherwise); primitives built for an old thread count stay cached")
    return None, None


def flush():
    """Drop every primitive oneDNN has cached (it builds them again as they are next needed)."""
    if not on("onednn"):
        return
    getter, setter = _functions()
    if setter is None:
        return
    capacity = ctypes.c_int(-1)
    if getter(ctypes.byref(capacity)) == 0 and capacity.value > 0:
        engage("onednn")
        setter(0)
        setter(capacity.value)
