"""Graph-compiler sequence, dict, bool and type primitives of ``ops``.

Expected values were recorded with MindSpore 2.10 in PyNative mode on CPU unless a comment says otherwise.
"""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import ops


def test_sequence_primitives_match_mindspore():
    t = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    out = ops.make_tuple(1, 2, t)  # MindSpore 2.10 turns the Python ints into Int64 0-d Tensors
    assert out[0].dtype == ms.int64 and out[0].asnumpy() == 1 and out[2] is t
    assert ops.tuple_getitem((1, 2, 3), 1) == 2 and ops.list_getitem([1, 2, 3], -1) == 3
    assert ops.tuple_len((1, 2, 3)) == 3 and ops.list_len([1, 2]) == 2
    assert ops.list_setitem([1, 2, 3], 0, 9) == [9, 2, 3] and ops.tuple_setitem((1, 2, 3), 0, 9) == (9, 2, 3)
    assert ops.dict_getitem({"a": 1}, "a") == 1
    assert ops.make_list(1, 2) == [1, 2] and ops.make_slice(1, 5, 2) == slice(1, 5, 2)
    assert ops.make_range(1, 5, 2) == (1, 3)
    assert ops.tuple_div((4, 6), (2, 3)) == (2, 2)
    with pytest.raises(RuntimeError, match="should be divisible"):
        ops.tuple_div((5, 6), (2, 3))
    assert ops.tuple_equal((1, 2), (1, 2)) and not ops.list_equal([1, 2], [1, 3])
    assert ops.tuple_reversed((1, 2, 3)) == (3, 2, 1)
    assert ops.shape_mul((2, 3, 4)) == 24
    assert ops.reduced_shape((2, 3, 4), (1,)) == (2, 1, 4)
    assert ops.reduced_shape((2, 3, 4), ()) == (1, 1, 1)
    assert ops.reduced_shape((2, 3, 4), (0, 2)) == (1, 3, 1)
    assert ops.broadcast_gradient_args((2, 3), (1, 3)) == ((), (0,))
    assert ops.broadcast_gradient_args((1,), (1,)) == ((), ())
    assert ops.broadcast_gradient_args((2, 1, 3), (4, 3)) == ((1,), (0,))
    assert ops.broadcast_gradient_args((3,), (2, 1)) == ((0,), (1,))
    assert ops.switch(True, 1, 2) == 1
    assert ops.SliceGetItem(slice(1, 5, 2), "start") == 1


def test_python_meaning_where_mindspore_pynative_has_no_kernel():
    assert ops.dict_setitem({"a": 1}, "b", 2) == {"a": 1, "b": 2}
    assert ops.make_dict(("a", "b"), (1, 2)) == {"a": 1, "b": 2}
    assert ops.array_to_scalar(ms.Tensor(3)) == 3
    assert ops.bool_and(True, False) is False and ops.bool_or(True, False) is True and ops.bool_eq(True, True)
    assert ops.string_concat("ab", "cd") == "abcd" and ops.string_eq("ab", "ab")
    assert ops.tail((1, 2, 3)) == (2, 3) and ops.zip_operation((1, 2), (3, 4)) == ((1, 3), (2, 4))
    assert ops.ms_next(ops.iter_converter((1, 2))) == (1, (2,))
    assert ops.ms_hasnext((1,)) and not ops.ms_hasnext(())
    env = ops.environ_set(ops.environ_create(), "k", 2)
    assert ops.environ_get(env, "k", 0) == 2 and ops.env_get(env, "x", 5) == 5
    assert ops.environ_add(env, {"k": 3})["k"] == 5
    assert ops.switch_layer(ms.Tensor(1, ms.int32), ("a", "b")) == "b"


def test_bool_type_and_misc():
    t = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    not_true = ops.bool_not(True)  # MindSpore 2.10: Tensor(shape=[], dtype=Bool, value= False)
    assert not_true.dtype == ms.bool_ and not bool(not_true)
    assert ops.is_(None, None) and ops.is_not(1, None)
    assert ops.in_dict("a", {"a": 1}) and not ops.not_in_dict("a", {"a": 1})
    # MindSpore 2.10: typeof(Tensor) is Tensor[Float32], typeof(1) Int64, typeof(1.5) Float32
    assert str(ops.typeof(t)) == "Tensor[Float32]"
    assert ops.typeof(1) == ms.int64 and ops.typeof(1.5) == ms.float32 and ops.typeof(True) == ms.bool_
    assert ops.hastype(t, ms.tensor_type) and ops.hastype(1, ms.int64) and not ops.hastype(1.5, ms.int64)
    summed = ops.hyper_add((t, t), (t, t))
    np.testing.assert_allclose(summed[1].asnumpy(), [2.0, 4.0, 6.0])
    np.testing.assert_allclose(ops.augassign_add(t, 1).asnumpy(), [2.0, 3.0, 4.0])
    assert ops.augassign_floordiv(7, 2) == 3 and ops.augassign_mod(7, 2) == 1 and ops.augassign_div(7, 2) == 3.5
    assert ops.augassign_mul(3, 2) == 6 and ops.augassign_sub(3, 2) == 1
    with pytest.raises(ValueError, match=r"shape is \(\) or \(1,\)"):
        ops.is_tensor_bool_cond(t)
    assert ops.is_tensor_bool_cond(ms.Tensor([1.0]))
    assert not ops.is_sequence_shape_unknown((1, 2)) and not ops.is_sequence_value_unknown((1, 2))
    with pytest.raises(TypeError, match="variable length sequence"):
        ops.is_dynamic_sequence_element_unknown((1, 2))
    np.testing.assert_array_equal(ops._ones_like_for_grad(t).asnumpy(), [1.0, 1.0, 1.0])
    assert ops.tensor_operator_registry.get("add") is ops.add
    assert ops.get_vm_impl_fn(ops.Add()) is None
    assert ops.add_flags(lambda x: x, a=True)._func_graph_flags == {"a": True}
    assert ops._add_attr(lambda x: x + 1, a=1)(1) == 2
    for name in ("embed", "ref_to_embed", "distribute", "array_reduce", "make_map_parameter", "J"):
        with pytest.raises(RuntimeError, match=f"ops.{name} is a primitive of MindSpore's graph compiler"):
            getattr(ops, name)(t)
