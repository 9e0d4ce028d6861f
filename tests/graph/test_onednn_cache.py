"""oneDNN's primitive cache is emptied where GRAPH_MODE changes torch's thread count.

The cache's size is read through oneDNN's own (unexported) ``get_primitive_cache_size``, found the
way ``sporetorch._accel.onednn`` finds its setter; where the library has no symbol table the module does
nothing and these tests skip.
"""
import ctypes
import subprocess
import sys
import textwrap

import pytest
import torch

from sporetorch._accel import onednn as _onednn
from sporetorch._accel import background as jit

_SIZE = b"_ZN4dnnl4impl24get_primitive_cache_sizeEPi"


@pytest.fixture
def cache_size():
    setter = _onednn._functions()[1]
    library = _onednn._loaded_library()
    values = _onednn._symbol_values(library[0], (_SIZE,)) if library and setter else {}
    if _SIZE not in values:
        pytest.skip("this libtorch has no oneDNN symbols in a symbol table")
    size_of = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int))(library[1] + values[_SIZE])

    def read():
        size = ctypes.c_int(-1)
        assert size_of(ctypes.byref(size)) == 0
        return size.value

    return read


def _convolve():
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(2, 3, 16, 16, generator=generator)
    w = torch.randn(4, 3, 3, 3, generator=generator)
    return torch.nn.functional.conv2d(x, w, padding=1)


def test_flush_empties_the_cache_and_keeps_its_capacity(cache_size):
    getter, _ = _onednn._functions()
    capacity = ctypes.c_int(-1)
    getter(ctypes.byref(capacity))
    before = _convolve()
    assert cache_size() > 0
    _onednn.flush()
    assert cache_size() == 0
    after = ctypes.c_int(-1)
    getter(ctypes.byref(after))
    assert after.value == capacity.value
    # The primitives are built again as needed, with the same results.
    torch.testing.assert_close(_convolve(), before, rtol=0, atol=0)
    assert cache_size() > 0


def test_leaving_a_core_and_taking_it_back_each_empty_the_cache(cache_size, monkeypatch):
    monkeypatch.setattr(jit.os, "sched_getaffinity", lambda pid: {0, 1})
    threads = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        _convolve()
        saved = jit._leave_a_core()
        assert torch.get_num_threads() == 1 and cache_size() == 0
        _convolve()
        assert cache_size() > 0
        jit._take_the_core_back(saved)
        assert torch.get_num_threads() == 2 and cache_size() == 0
    finally:
        torch.set_num_threads(threads)


@pytest.mark.slow
def test_finding_the_functions_adds_nothing_to_peak_memory(cache_size):
    # libtorch_cpu's symbol and string tables are 88 MB; a mapping of them would count in the
    # resident memory whose peak the flush exists to lower. A fresh interpreter, so that the
    # lookup is not already done.
    script = textwrap.dedent("""
        import resource
        import torch
        from sporetorch._accel import onednn as _onednn
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        assert _onednn._functions()[1] is not None
        print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024)
    """)
    grown_mb = float(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                    check=True).stdout)
    assert grown_mb < 8
