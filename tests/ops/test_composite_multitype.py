"""``mindspore.ops.composite``: every function MindSpore 2.10 registers on its operator MultitypeFuncGraphs
(``add_impl._tuple_add_tensor``, ``getitem_impl._tensor_getitem_by_list``, ...) and the Tensor-indexing helpers of
``_compile_utils``/``_constexpr_utils`` that we implement, called with the inputs of ``composite_cases.py`` and
compared with MindSpore 2.10's results (``composite_ms_values.py``, recorded by ``tools/probe_ms_composite.py``).
Names MindSpore's CPU build cannot run eagerly must raise a clear RuntimeError here."""
import importlib
import json
import math
import os

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import _module_tree as mt

import composite_cases as cases
from composite_ms_values import MS_VALUES


def _ours(full):
    module, name = full.rsplit(".", 1)
    return getattr(importlib.import_module("sporetorch" + module[len("mindspore"):]), name)


def _repr(value):
    """The recorded form of a result (the probe's ``_repr``, on sporetorch values)."""
    if isinstance(value, ms.COOTensor):
        return {"coo": [_repr(value.indices), _repr(value.values), list(value.shape)]}
    if isinstance(value, ms.CSRTensor):
        return {"csr": [_repr(value.indptr), _repr(value.indices), _repr(value.values), list(value.shape)]}
    if isinstance(value, ms.Tensor):
        return {"tensor": value.asnumpy().tolist(), "dtype": str(value.dtype)}
    if isinstance(value, (tuple, list)):
        return {type(value).__name__: [_repr(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": {str(k): _repr(v) for k, v in value.items()}}
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return f"<{type(value).__name__}>"


def _same(got, want):
    if isinstance(want, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        return math.isclose(got, want, rel_tol=1e-6, abs_tol=1e-6)
    if isinstance(want, dict) and "tensor" in want:
        return isinstance(got, dict) and got.get("dtype") == want["dtype"] and \
            np.allclose(np.asarray(got["tensor"], dtype=np.float64), np.asarray(want["tensor"], dtype=np.float64),
                        rtol=1e-6, atol=1e-6)
    if isinstance(want, dict) and isinstance(got, dict):
        return got.keys() == want.keys() and all(_same(got[k], want[k]) for k in want)
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    return type(got) is type(want) and got == want


CASES = [(full, tuple(sig), want) for full, rows in sorted(MS_VALUES.items()) for sig, want in rows]
HELPERS = cases.helper_args(ms)


@pytest.mark.parametrize("full,sig,want", CASES, ids=[f"{c[0].split('composite.', 1)[1]}-{'-'.join(c[1])}"
                                                      for c in CASES])
def test_matches_mindspore(full, sig, want):
    fn = _ours(full)
    module = full.rsplit(".", 1)[0]
    args = HELPERS[full]() if sig == ("hand-chosen",) else \
        [cases.sample(ms, t, module, i) for i, t in enumerate(sig)]
    if isinstance(want, str) and want.startswith("ERR "):
        with pytest.raises(Exception) as info:
            fn(*args)
        assert type(info.value).__name__ == want.split()[1]
        return
    got = _repr(fn(*args))
    assert _same(got, want), f"{full}{sig}: ours {json.dumps(got)[:300]}, MindSpore 2.10 {json.dumps(want)[:300]}"


CANNOT_RUN = os.path.join(os.path.dirname(mt.__file__), "data", "ms_cpu_cannot_run", "ops_composite.json")


def test_cpu_cannot_run_names_raise_clearly():
    """Each recorded name imports under its MindSpore path and raises a RuntimeError naming itself when called."""
    with open(CANNOT_RUN, encoding="utf-8") as f:
        recorded = json.load(f)
    assert len(recorded) > 100
    checked = 0
    for full in sorted(recorded)[::7]:
        module, name = full.rsplit(".", 1)
        value = mt.resolve(module, name)
        if not getattr(value, "_ms_unavailable", None):
            continue  # resolved to a sporetorch object of the same name (a graph-only helper of ours)
        with pytest.raises(RuntimeError, match=name):
            value() if not isinstance(value, type) else value("x")
        checked += 1
    assert checked > 10


def test_multitype_func_graph_dispatch_and_default():
    """Registered implementations dispatch on MindSpore's type names; an eager call of a graph with a registered
    fallback runs the fallback (Python's operator), as MindSpore's does."""
    from sporetorch.ops.composite.multitype_ops import add_impl, zeros_like_impl
    x = ms.Tensor(np.array([1., 2.], np.float32))
    assert add_impl.add((1, 2), (3,)) == (1, 2, 3)  # the default: Python's +
    assert add_impl._add_backward(2, 3) == 5
    assert zeros_like_impl.zeros_like(2.5) == 0.0
    np.testing.assert_array_equal(zeros_like_impl.zeros_like(x).asnumpy(), [0., 0.])


def test_csr_times_and_over_dense():
    """CSR (x) dense and CSR / dense act on the stored values (the reference install's kernel compiler cannot
    build MindSpore's CSRMul/CSRDiv, so the expected values are the closed form: value (x) dense[row, col])."""
    from sporetorch.ops.composite.multitype_ops import div_impl, mul_impl, setitem_impl
    csr = cases.sample(ms, "CSRTensor")  # one stored value 2.0 at (0, 1) of a 2x2 matrix
    dense = ms.Tensor(np.array([[1., 4.], [3., 5.]], np.float32))
    for out, want in [(mul_impl._csrtensor_mul_tensor(csr, dense), [8.]), (mul_impl._tensor_mul_csrtensor(dense, csr), [8.]),
                      (div_impl._csrtensor_div_tensor(csr, dense), [0.5])]:
        assert isinstance(out, ms.CSRTensor) and tuple(out.shape) == (2, 2)
        np.testing.assert_allclose(out.values.asnumpy(), want)
        np.testing.assert_array_equal(out.indices.asnumpy(), [1])
    # MindSpore 2.10: TypeError: can only assign an iterable
    with pytest.raises(TypeError, match="can only assign an iterable"):
        setitem_impl._list_slice_setitem_with_number([1, 2], slice(0, 1), 3)


def test_grad_and_vmap_builders():
    from sporetorch.ops.composite.base import _Grad, _Vmap
    x = ms.Tensor(np.array([1., 2., 3.], np.float32))
    y = ms.Tensor(np.array([4., 5., 6.], np.float32))

    def f(a, b):
        return (a * a * b).sum()

    # MindSpore 2.10 CPU: [8. 20. 36.]; (78, ([8. 20. 36.], [1. 4. 9.])); ([8. 20. 36.], [1. 4. 9.]); [8. 20. 36.]
    np.testing.assert_allclose(_Grad(get_by_position=True)(f, None, (0,))(x, y).asnumpy(), [8., 20., 36.])
    value, (ga, gb) = _Grad(get_by_position=True, get_value=True)(f, None, (0, 1))(x, y)
    assert float(value.asnumpy()) == 78.
    np.testing.assert_allclose(ga.asnumpy(), [8., 20., 36.])
    np.testing.assert_allclose(gb.asnumpy(), [1., 4., 9.])
    ga, gb = _Grad(get_all=True)(f)(x, y)
    np.testing.assert_allclose(gb.asnumpy(), [1., 4., 9.])
    np.testing.assert_allclose(_Grad()(f)(x, y).asnumpy(), [8., 20., 36.])
    # MindSpore 2.10: RuntimeError: Grad position only support tuple when grad_by_position is set True.
    with pytest.raises(RuntimeError, match="Grad position only support tuple"):
        _Grad(get_by_position=True)(f, None, 0)(x, y)
    # MindSpore 2.10 CPU: [[2. 2. 2.] [2. 2. 2.]]
    out = _Vmap()(lambda a: a * 2, 0, 0)(ms.Tensor(np.ones((2, 3), np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), np.full((2, 3), 2.))


def test_tensor_setitem_helpers_copy_or_update_in_place():
    """A Tensor is left as it was (a new one comes back); a Parameter is updated in place and returned."""
    from sporetorch.ops.composite.multitype_ops import _compile_utils as u
    p = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="p")
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    orig = x.asnumpy().tolist()
    # MindSpore 2.10 CPU: True [[0.0, 1.0, 2.0], [9.0, 9.0, 9.0]]
    assert u.tensor_setitem_by_number_with_number(p, 1, 9.0) is p
    assert p.asnumpy().tolist() == [[0.0, 1.0, 2.0], [9.0, 9.0, 9.0]]
    # MindSpore 2.10 CPU: [[7.0, 7.0, 7.0], [3.0, 4.0, 5.0]]; [[0.0, 1.0, 2.0], [9.0, 9.0, 9.0]]; x unchanged
    r = u.tensor_setitem_by_tensor_with_tensor(x, ms.Tensor(np.array([True, False])), ms.Tensor(7.0))
    assert r.asnumpy().tolist() == [[7.0, 7.0, 7.0], [3.0, 4.0, 5.0]]
    assert u.tensor_setitem_by_number_with_number(x, -1, 9.0).asnumpy().tolist() == [[0.0, 1.0, 2.0], [9.0, 9.0, 9.0]]
    assert x.asnumpy().tolist() == orig
    # MindSpore 2.10 CPU: IndexError index 2 is out of bounds for axis 0 with size 2
    with pytest.raises(IndexError, match="index 2 is out of bounds for axis 0 with size 2"):
        u.tensor_setitem_by_number_with_number(x, 2, 9.0)
    # MindSpore 2.10 CPU: [[0.0, 1.0, 2.0]]; IndexError dimension is 2 but corresponding boolean dimension is 1;
    # [[3.0, 4.0, 5.0], [0.0, 1.0, 2.0]]
    assert u.tensor_index_by_list(x, [True, False]).asnumpy().tolist() == [[0.0, 1.0, 2.0]]
    with pytest.raises(IndexError, match="dimension is 2 but corresponding boolean dimension is 1"):
        u.tensor_index_by_list(x, [True])
    index = ms.Tensor(np.array([-1, 0], np.int32))
    assert u.tensor_index_by_tensor(x, index).asnumpy().tolist() == [[3.0, 4.0, 5.0], [0.0, 1.0, 2.0]]


def test_view_setitem_helpers():
    from sporetorch.ops.composite.multitype_ops import _compile_utils as u

    def x_():
        return ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    # MindSpore 2.10 CPU: True [[9.0, 9.0, 9.0], [3.0, 4.0, 5.0]]; True [[9.0, 9.0, 9.0], [9.0, 9.0, 9.0]]
    x = x_()
    assert u._tensor_setitem(x, 0, 9.0) is x and x.asnumpy().tolist() == [[9.0, 9.0, 9.0], [3.0, 4.0, 5.0]]
    assert u._tensor_setitem(x, ..., 9.0) is x and x.asnumpy().tolist() == [[9.0] * 3] * 2
    with pytest.raises(TypeError, match="the type of value can only be bool, int, float or Tensor"):
        u._tensor_setitem(x_(), 0, "a")
    # MindSpore 2.10 CPU: tuple True [[[9.0, 9.0, 9.0], [3.0, 4.0, 5.0]]] (x updated);
    # tuple [[7.0, 7.0, 7.0], [3.0, 4.0, 5.0]] for a slice; a Tensor index: a new Tensor [[7.0] * 3] * 2, x unchanged
    x = x_()
    r = u._tensor_setitem_origin(x, 0, 9.0)
    assert isinstance(r, tuple) and r[0] is x and x.asnumpy().tolist() == [[9.0, 9.0, 9.0], [3.0, 4.0, 5.0]]
    x = x_()
    r = u._tensor_setitem_origin(x, slice(0, 1), 7.0)
    assert isinstance(r, tuple) and x.asnumpy().tolist() == [[7.0, 7.0, 7.0], [3.0, 4.0, 5.0]]
    x = x_()
    r = u._tensor_setitem_origin(x, ms.Tensor(np.array([1, 0])), 7.0)
    assert r.asnumpy().tolist() == [[7.0] * 3] * 2 and x.asnumpy().tolist() == x_().asnumpy().tolist()


def test_graph_only_values_and_environments():
    """Monads, map tensors and ref keys pass through; the zero of a function is a new empty environment (MindSpore
    2.10's eager one is an opaque handle Tensor: 1, 2, 3, ... per call)."""
    from sporetorch.ops.composite.multitype_ops import add_impl, ones_like_impl, zeros_like_impl
    token = cases.Opaque("UMonad")
    assert add_impl._add_umonad_umonad(token, token) is token
    assert zeros_like_impl._zeros_like_u_monad(token) is token
    assert zeros_like_impl._zeros_like_func(len) == {} and ones_like_impl._ones_like_func(len) == {}
