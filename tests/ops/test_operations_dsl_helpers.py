"""``ops.operations._custom_grad`` (Custom hybrid operators' backward builders) and ``_ms_kernel``'s hybrid-DSL
run-time helpers; expected values from MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

from sporetorch.ops.operations import _custom_grad as cg
from sporetorch.ops.operations import _ms_kernel as mk


def _double(*a):
    return tuple(x * 2 for x in a)


def test_custom_grad_registry():
    # MindSpore 2.10 CPU: (2, 4, 6, 8, 10) (1, 2, 3) True None True / (2, 4, 6, 8, 10)
    assert cg.bprop_three(_double)(1, 2, 3, 4, 5) == (2, 4, 6, 8, 10)
    assert cg.get_outs((1, 2), 3) == (1, 2, 3)
    assert cg.autodiff_bprop(2) is cg.bprop_two and cg.autodiff_bprop(11) is None
    assert cg.Registry.instance() is cg.Registry.instance()
    assert cg.bprop_one(_double)(1, (2, 3), (4, 5)) == (2, 4, 6, 8, 10)
    assert [cg.autodiff_bprop(n).__name__ for n in (1, 10)] == ["bprop_one", "bprop_ten"]
    with pytest.raises(TypeError):
        cg.bprop_two(_double)(1, 2)


def test_ms_kernel_helpers():
    a = mk._allocate((2, 2), "int32")
    assert a.dtype == np.int32 and a.tolist() == [[0, 0], [0, 0]]
    r = mk._rsqrt(np.array([4.0, 16.0], np.float32))
    assert r.dtype == np.float32 and r.tolist() == [0.5, 0.25]
    # MindSpore 2.10 CPU: [-0.84270069, 1e-09, 0.520500016, 0.99532214] (A&S 7.1.26, rounded to 9 places)
    assert [round(float(mk._erf(v)), 9) for v in (-1.0, 0.0, 0.5, 2.0)] == [-0.84270069, 1e-09, 0.520500016,
                                                                          0.99532214]
    assert list(mk._grid((2, 3))) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    w = mk.WithStub()
    with w as inside:
        assert inside is w
    assert w(1, k=2) is w
