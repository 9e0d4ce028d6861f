"""mindspore.common's private helpers (dtype, seed, _utils, _decorator, device), expected values from
MindSpore 2.10."""
import pytest

import sporetorch.common.dtype as mstype
from sporetorch.common import _decorator, _utils, device, seed


def test_type_size_in_bytes():
    # MindSpore 2.10: [1, 1, 2, 4, 8, 16, 2]
    ts = (mstype.bool_, mstype.int8, mstype.float16, mstype.float32, mstype.int64, mstype.complex128,
          mstype.bfloat16)
    assert [mstype.type_size_in_bytes(t) for t in ts] == [1, 1, 2, 4, 8, 16, 2]
    with pytest.raises(TypeError):
        mstype.type_size_in_bytes(4)


def test_issubclass_():
    # MindSpore 2.10: True True False True False
    assert mstype._issubclass_(mstype.int8, mstype.int_)
    assert mstype._issubclass_(mstype.int8, mstype.int8)
    assert not mstype._issubclass_(mstype.int8, mstype.float_)
    assert mstype._issubclass_(mstype.int8, mstype.number)
    assert not mstype._issubclass_(1, mstype.int8)


def test_graph_seed_sequence():
    # MindSpore 2.10 after set_seed(3): (3, 5) (3, 533697033) (3, 0)
    seed._KERNEL_SEED.clear()
    old = seed.get_seed()
    seed.set_seed(3)
    try:
        assert seed._get_graph_seed(5, "normal") == (3, 5)
        assert seed._get_graph_seed(5, "normal") == (3, 533697033)
        assert seed._get_graph_seed(None, "x") == (3, 0)
        seed._reset_op_seed()
        assert seed._get_graph_seed(5, "normal") == (3, 5)
    finally:
        seed._state["seed"] = old
        seed._KERNEL_SEED.clear()
    assert seed._truncate_seed(2 ** 31) == 1


def test_shape_unknown():
    assert _utils.is_shape_unknown([2, -1]) and _utils.is_shape_unknown([-2])
    assert not _utils.is_shape_unknown([2, 3])
    with pytest.raises(ValueError, match="should have only one -2"):
        _utils.is_dim_unknown([-2, 3])
    with pytest.raises(ValueError, match="less than -2"):
        _utils.is_shape_unknown([-3])
    assert _utils._jit_fallback_next_func((1, 2, 3)) == (1, (2, 3))
    assert not _utils.load_lib("/nonexistent/lib.so")


@_decorator.deprecated("2.0", "g")
def _old_api(x):
    return x + 1


def test_deprecated_records_name_and_version():
    assert _old_api(1) == 2 and "_old_api2.0" in _decorator.DEPRECATE_SET


def test_device_stack():
    s = device._ThreadLocalStack()
    assert s.is_empty()
    s.push(1)
    assert s.pop() == 1
    with pytest.raises(RuntimeError, match="Device stack is empty"):
        s.pop()


def test_initializer_numpy_helpers():
    import numpy as np

    from sporetorch.common import initializer as init
    d = init._init_truncated_normal(4, 6, 5, 1, (10000,))
    assert d.dtype == np.float32 and d.min() >= 4 and d.max() <= 6
    d = init._init_random_uniform(2, 3, (1000,))
    assert d.min() >= 2 and d.max() < 3
    np.random.seed(1)
    a = init._init_random_normal(2, 3, (4,))
    np.random.seed(1)
    np.testing.assert_array_equal(a, init._init_random_normal(2, 3, (4,)))
    # MindSpore 2.10: "sigma < 0"; "Unsupported data type 'e'." for a float16 array
    with pytest.raises(ValueError, match="sigma < 0"):
        init._init_random_normal(0, -1, (2,))
    with pytest.raises(RuntimeError, match="Unsupported data type 'e'"):
        init._init_random_uniform_inplace(0, 1, np.zeros(3, np.float16))
    # MindSpore 2.10: 3.0 [1. 2.]
    assert init._assignment(np.zeros(()), 3) == 3.0
    np.testing.assert_array_equal(init._assignment(np.zeros(2), np.array([1, 2])), [1.0, 2.0])

    @init._register("my_alias")
    class MyInit(init.Initializer):
        pass
    assert init._INITIALIZER_ALIAS["myinit"] is MyInit and init._INITIALIZER_ALIAS["my_alias"] is MyInit
    del init._INITIALIZER_ALIAS["myinit"], init._INITIALIZER_ALIAS["my_alias"]


def test_parameter_name_helpers():
    from sporetorch.common import parameter as p
    # MindSpore 2.10: 1.0, True
    assert p.init_to_value("ones") == 1.0 and p.init_to_value(3) == 3.0
    assert p._is_parameter_generated("Parameter#3") and not p._is_parameter_generated("w")
    with pytest.raises(ValueError, match="should be one of values"):
        p.init_to_value("two")
    k = p._get_unique_parameter_key()
    assert p._get_unique_parameter_key() == k + 1
    assert p._generate_parameter_name().startswith("Parameter#")


def test_hook_utils_and_handle():
    from sporetorch.common import hook_handle as hh
    d, h = hh._HookUtils.register_hook(None, lambda g: (g[0] * 2,))
    assert hh._HookUtils.run_hook(d, ((3,),)) == (6,)
    v = hh._hook_version()
    h.remove()
    assert not d and hh._hook_version() == v + 1
    with pytest.raises(RuntimeError, match="should return a tuple of grad"):
        hh._check_hook_results((1,), 1, test_hook_utils_and_handle)
    with pytest.raises(RuntimeError, match="returned incorrect length 2, expected 1"):
        hh._check_hook_results((1,), (1, 2), test_hook_utils_and_handle)


def test_recompute_registry():
    from sporetorch.common._register_for_recompute import RecomputeRegistry
    r = RecomputeRegistry()
    with pytest.raises(TypeError, match="should be initialised"):
        r.get()
    r.register(test_recompute_registry)
    assert r.get() is test_recompute_registry


def test_tensor_construction_checks():
    import importlib
    t = importlib.import_module("sporetorch.common.tensor")
    # MindSpore 2.10: Float16 Int64 Int64 Float32 None; (-1, 3)
    assert t._check_astype_and_convert("float16") is mstype.float16
    assert t._check_astype_and_convert(int) is mstype.int64
    assert t._set_default_dtype([1, 2], None) is mstype.int64
    assert t._set_default_dtype(1.5, None) is mstype.float32
    assert t._set_default_dtype(True, None) is None
    assert t._check_tensor_dynamic_shape(mstype.float32, (None, 3)) == (-1, 3)
    with pytest.raises(ValueError, match="dtype must not be None"):
        t._check_tensor_dynamic_shape(None, (None, 3))
    with pytest.raises(TypeError, match="the string input type must be one of"):
        t._check_astype_and_convert("foo")
    with pytest.raises(ValueError, match=r"Only \('CPU', 'meta'\) is supported for device, but got GPU."):
        t._check_device("GPU")
    with pytest.raises(TypeError, match="the 'dtype' should be one of"):
        t._set_dtype(1, 5)

    class A:
        pass
    a, b = A(), A()
    a.x = 1
    t._exchange_optional_attr(a, b, "x")
    assert not hasattr(a, "x") and b.x == 1
    with pytest.raises(RuntimeError, match="different slots"):
        t._check_slot_layout({"a"}, set())


def test_recompute_generator_and_sessions():
    import torch

    import sporetorch as ms
    from sporetorch import nn
    from sporetorch.common import recompute as rc
    block = nn.Dense(3, 2)
    x = ms.Tensor([[1.0, 2.0, 3.0]])
    run = rc.recompute_generator(block)
    torch.testing.assert_close(run(x)._t, block(x)._t)
    weights = block.trainable_params()
    g_ref = ms.grad(lambda x: block(x).sum(), 0, weights)(x)
    g = ms.grad(lambda x: rc.recompute_generator(block, use_reentrant=False)(x).sum(), 0, weights)(x)
    torch.testing.assert_close(g[0]._t, g_ref[0]._t)
    with rc._set_recompute_early_stop(False):
        torch.testing.assert_close(rc.recompute_without_reentrant(block, False, True, None, x)._t, block(x)._t)
    assert rc._enable_recompute_early_stop is None
    with pytest.raises(ValueError, match="context_fn is only supported when use_reentrant=False."):
        rc.recompute_generator(block, context_fn=rc.null_context_fn)
    with pytest.raises(TypeError, match="only support block which inherited from Cell"):
        rc.recompute_generator(lambda a: a)
    with rc._recompute_session_ctx("s1") as sid:
        assert sid == "s1" and rc._recompute_session.get().session_id == "s1"
    assert rc._recompute_session.get() is None
    with rc._recompute_handle_collector_ctx() as handles:
        assert handles == []
    rc._clear_recompute_session("s1")


def test_small_modules(tmp_path):
    from sporetorch.common import _tensor_docs, file_system, generator, lazy_inline
    from sporetorch.common.tensor import Tensor
    fs = file_system.FileSystem()
    assert fs.backend == "basic" and fs.create_args == ("ab",) and fs.open_args == ("rb",)
    assert file_system._register_basic_file_system(fs) is True
    with fs.create(str(tmp_path / "f"), *fs.create_args) as f:
        f.write(b"x")
    assert generator.vm_impl_generator(None)("step", ()) == 0
    m = lazy_inline._CallableLazyInlineModule("m")
    m.lazy_inline = lambda *a: a
    assert m(1, 2) == (1, 2)
    old = Tensor.abs.__doc__
    _tensor_docs.attach_docstr("abs", "doc")
    assert Tensor.abs.__doc__ == "doc"
    Tensor.abs.__doc__ = old
    with pytest.raises(AttributeError, match="Failed to attach docstring to Tensor.nope"):
        _tensor_docs.attach_docstr("nope", "d")


def test_parallel_mode_probes_and_registry():
    from sporetorch import context
    from sporetorch.common import _register_for_tensor as reg
    from sporetorch.common import parameter as p
    assert not p._is_parallel_mode()
    assert not p._is_in_auto_parallel_mode()
    context.set_auto_parallel_context(parallel_mode="data_parallel")
    try:
        assert not p._is_in_auto_parallel_mode()  # data parallel is not auto parallel
    finally:
        context.reset_auto_parallel_context()
    assert isinstance(reg.tensor_operator_registry, reg.Registry)
    assert callable(reg.tensor_operator_registry.get("cast"))


def test_vm_compare():
    import importlib

    import numpy as np
    t = importlib.import_module("sporetorch.common.tensor")
    x = t.Tensor(np.array([1.0, 2.0], np.float32))
    # MindSpore 2.10: (2,) [-1. -2.] [-2. -1.] [2. 1.] 2.0
    assert t._vm_compare(x, "shape") == (2,)
    np.testing.assert_array_equal(t._vm_compare(x, "__neg__").asnumpy(), [-1.0, -2.0])
    np.testing.assert_array_equal(t._vm_compare(x, 3, "__sub__").asnumpy(), [-2.0, -1.0])
    np.testing.assert_array_equal(t._vm_compare(3, x, "__sub__").asnumpy(), [2.0, 1.0])
    assert float(t._vm_compare(x, 1, "_tensor_getitem").asnumpy()) == 2.0
    with pytest.raises(ValueError, match="does not receive any input"):
        t._vm_compare()
