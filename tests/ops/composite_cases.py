"""Inputs of the ``ops.composite`` comparison with MindSpore 2.10: a value per registered type name, and
hand-chosen arguments for the helpers that are not registered on a MultitypeFuncGraph. ``ms`` is the framework
module (real MindSpore in ``tools/probe_ms_composite.py``, sporetorch in ``test_composite_multitype.py``), so
both sides build the same inputs."""
import numpy as np


# Modules whose numbers index a sequence, a string or a dictionary: an index that exists there.
_INDEXING = ("getitem_impl", "setitem_impl", "in_impl", "not_in_impl")
_INTEGER = ("bitwise_", "shift_impl", "invert_impl")


class Opaque:
    """Stands for a value of a type that exists only inside MindSpore's graphs (a monad, an environment, a map
    tensor, a keyword argument, an abstract error): a function that only passes it through or ignores it still
    runs eagerly; one that needs the real value fails, and is recorded as running only in graph compilation."""

    def __init__(self, type_name):
        self.type_name = type_name

    def __repr__(self):
        return f"<Opaque {self.type_name}>"


GRAPH_ONLY_TYPES = ("UMonad", "IOMonad", "Object:EnvType", "Object:RefKey", "unknown", "MapTensor", "Keyword")


def sample(ms, type_name, module="", position=0):
    """An eager value of the MindSpore type ``type_name`` for argument ``position`` of a function of ``module``
    (an ``Opaque`` for a graph-only type)."""
    t = str(type_name)
    if t in GRAPH_ONLY_TYPES:
        return Opaque(t)
    if module.endswith(_INDEXING):
        if t in ("Number", "Int", "UInt"):
            return 1
        if t == "Tensor" and position == 1:
            return ms.Tensor(np.array([1, 0], np.int32))
        if t == "Tuple" and position == 1:
            return (1, 0)
        if t == "List" and position == 1:
            return [1, 0]
        if t == "Dictionary":
            return {"a": 1, "ab": 2, 1: 3}
    if any(m in module for m in _INTEGER) and t == "Tensor":
        return ms.Tensor(np.array([[1, 2], [3, 12]], np.int32))
    if module.endswith("logical_not_impl") and t == "Tensor":
        return ms.Tensor(np.array([True]))
    Tensor, COOTensor, CSRTensor, RowTensor = ms.Tensor, ms.COOTensor, ms.CSRTensor, ms.RowTensor
    table = {
        "Tensor": lambda: Tensor(np.array([[1., 2.], [3., 4.]], np.float32)),
        "Number": lambda: 3, "Int": lambda: 3, "UInt": lambda: 3, "Float": lambda: 2.5, "Bool": lambda: True,
        "Tuple": lambda: (1, 2), "List": lambda: [1, 2], "String": lambda: "ab", "None": lambda: None,
        "Dictionary": lambda: {"a": 1}, "Slice": lambda: slice(0, 1, None), "Ellipsis": lambda: ...,
        "Function": lambda: (lambda *a: 1), "Func": lambda: (lambda *a: 1), "TypeType": lambda: ms.float32,
        "COOTensor": lambda: COOTensor(Tensor([[0, 1]], ms.int64), Tensor([2.], ms.float32), (2, 2)),
        "CSRTensor": lambda: CSRTensor(Tensor([0, 1, 1], ms.int32), Tensor([1], ms.int32),
                                       Tensor([2.], ms.float32), (2, 2)),
        "RowTensor": lambda: RowTensor(Tensor([0], ms.int32), Tensor([[2., 2.]], ms.float32), (2, 2)),
    }
    return table[t]()


def _square_sum(a):
    return (a * a).sum()


def _grad_backward_args(ms):
    """``_pynative_func_grad_backward``'s arguments after the forward run it follows."""
    import importlib
    base = importlib.import_module(ms.__name__ + ".ops.composite.base")
    run_args, _ = base._pynative_forward_run(_square_sum, False, ms.Tensor(np.array([1., 2.], np.float32)))
    return (_square_sum, base._Grad(get_by_position=True), None, (0,), False, *run_args)


def helper_args(ms):
    """Hand-chosen arguments for the names that are not registered on a MultitypeFuncGraph (the tensor
    indexing helpers, the ``default_*`` fallbacks, the gradient-result helpers), and for registered
    functions whose signature alone does not give a valid input (a sparse tuple, a value that broadcasts)."""
    Tensor, COOTensor, CSRTensor, Parameter = ms.Tensor, ms.COOTensor, ms.CSRTensor, ms.Parameter
    x = lambda: Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))  # noqa: E731
    v = lambda: Tensor(np.array([7., 8., 9.], np.float32))  # noqa: E731
    i = lambda: Tensor(np.array([1, 0], np.int32))  # noqa: E731
    b = lambda: Tensor(np.array([True, False]))  # noqa: E731
    coo = lambda: COOTensor(Tensor([[0, 1]], ms.int64), Tensor([2.], ms.float32), (2, 2))  # noqa: E731
    csr = lambda: CSRTensor(Tensor([0, 1, 1], ms.int32), Tensor([1], ms.int32), Tensor([2.], ms.float32), (2, 2))  # noqa: E731
    w = lambda: Parameter(Tensor(np.ones(2, np.float32)), name="w")  # noqa: E731
    cu = "mindspore.ops.composite.multitype_ops._compile_utils."
    ce = "mindspore.ops.composite.multitype_ops._constexpr_utils."
    mo = "mindspore.ops.composite.multitype_ops."
    ba = "mindspore.ops.composite.base."
    table = {
        cu + "_broadcast": lambda: ((2, 3), v()),
        cu + "_check_dim_shape_valid": lambda: (x(), Tensor(np.array([True, False]))),
        cu + "_check_type_of_list_index": lambda: ([1, 0],),
        cu + "_convert_list_index_to_tensor": lambda: ([1, 0],),
        cu + "_count_indexed_dims": lambda: ((1, None, ..., i(), b(), slice(0, 1)),),
        cu + "_do_select": lambda: (x(), 0, 1, 0, 2),
        cu + "_do_slice": lambda: (x(), 1, slice(0, 2), 3),
        cu + "_expand_data_dims": lambda: (x(), (None, 1)),
        cu + "_generate_indices_from_tuple": lambda: (x(), (i(), slice(0, 2)), "tensor setitem", 0),
        cu + "_generate_indices_from_tuple_of_tensor": lambda: ((i(), i()), "tensor getitem"),
        cu + "_generate_updates_from_sequence": lambda: (x(), Tensor([1, 0], ms.int64), [1., 2., 3.], 0),
        cu + "_generate_updates_from_tensor": lambda: (x(), Tensor([1, 0], ms.int64), v(), 0),
        cu + "_get_need_index_prim": lambda: (1, False),
        cu + "_scalar_to_tensor": lambda: (3,),
        cu + "_tensor_add": lambda: (x(), [1., 2., 3.]),
        cu + "_tensor_sub": lambda: (x(), (1., 2., 3.)),
        cu + "_tensor_mul": lambda: (x(), [1., 2., 3.]),
        cu + "_tensor_div": lambda: (x(), [1., 2., 4.]),
        cu + "_tensor_floordiv": lambda: (x(), [1., 2., 4.]),
        cu + "_tensor_mod": lambda: (x(), [1., 2., 4.]),
        cu + "_tensor_pow": lambda: (x(), [1., 2., 3.]),
        cu + "_tensor_rpow": lambda: (x(), [1., 2., 3.]),
        cu + "_tensor_matmul": lambda: (x(), Tensor(np.ones((3, 2), np.float32))),
        cu + "_tensor_getitem": lambda: (x(), (1, slice(0, 2))),
        cu + "_tensor_getitem_origin": lambda: (x(), (1, slice(0, 2))),
        cu + "_tensor_setitem": lambda: (x(), 0, 5.0),  # row 0: MindSpore CPU loses writes at an offset
        cu + "_tensor_setitem_origin": lambda: (x(), 0, 5.0),
        cu + "_tensor_index_by_bool": lambda: (x(), True),
        cu + "_tensor_index_by_integer": lambda: (x(), 1),
        cu + "_tensor_index_transfer": lambda: (i(), (2,), (2, 1), (2, 1)),
        cu + "_tensor_setitem_by_bool_tensor_with_tensor": lambda: (x(), b(), Tensor(5.0)),
        cu + "_tensor_setitem_by_int_tensor_with_tensor": lambda: (x(), i(), v()),
        cu + "_transform_ellipsis_to_slice": lambda: (x(), (..., 1), "tensor getitem"),
        cu + "_transform_indexing_tensor": lambda: ((2,), (2, 3), (2, 1), i()),
        cu + "_wrap_index_to_tuple": lambda: (1,),
        cu + "_process_multi_dim_index": lambda: (x(), (1, slice(0, 2)), (), 2),
        cu + "_process_multi_dim_index_for_setitem": lambda: (x(), (1, slice(0, 2)), (), 2, Tensor(5.0)),
        cu + "_process_with_do_copy": lambda: (x(), x(), 1, 0, 1, (), 0, Tensor(5.0)),
        cu + "cal_tuple_slice_mask": lambda: ((2, 3, 4), (slice(None, 1), slice(0, None))),
        cu + "check_indices": lambda: (3, Tensor(np.array([0, 4, -1], np.int32)), "clip"),
        cu + "check_coo_tensor_input_length": lambda: ((1, 2, 3),),
        cu + "check_csr_tensor_input_length": lambda: ((1, 2, 3, 4),),
        cu + "convert_slice_to_tensor": lambda: ([0, 1], (2, 2), 0, (2,), (2,), 0),
        cu + "data_update": lambda: ((27,), (x(),), x(), None),
        cu + "data_update_by_ops": lambda: (11, (3, 2), x(), None, x()),
        cu + "do_copy": lambda: (x(), Tensor(np.ones((2, 3), np.float32))),
        cu + "format_index": lambda: (-1, (2, 3), 1),
        cu + "format_index_tensor": lambda: (Tensor([-1, 0], ms.int64), ((), (3,))),
        cu + "get_slice_stride": lambda: (slice(None, 2, None), 3),
        cu + "get_stride_info_from_integer": lambda: (1,),
        cu + "handle_empty_tensor": lambda: ((0, 3), x()),
        cu + "handle_multi_dim_index_tensor": lambda: ([Tensor([1, 0], ms.int64), Tensor([0, 2], ms.int64)], ((2,),)),
        cu + "handle_setitem_by_bool_tensor": lambda: (x(), b(), Tensor(5.0)),
        cu + "judge_tuple_index_dim": lambda: (x(), (1, 0)),
        cu + "judge_tuple_index_dim_check_error": lambda: (2, 3),
        cu + "parse_check_slice_index": lambda: (slice(0, 2), 3),
        cu + "reduce_": lambda: (x(), ms.ops.ReduceSum(), None, 1),
        cu + "remove_expanded_dims": lambda: ((1, slice(0, 2)), (2, 3), Tensor(np.ones(2, np.float32))),
        cu + "remove_expanded_dims_parse_tensor_index": lambda: (i(), (), [], 0),
        cu + "reshape_with_check": lambda: (x(), (3, 2)),
        cu + "sequence_to_tensor": lambda: ([1, 2.5], ms.float32),
        cu + "strided_slice": lambda: (x(), (0, 1), (2, 3), (1, 1)),
        cu + "tensor_in_sequence": lambda: (v(), (x(), v())),
        cu + "tensor_index_by_bool_tensor": lambda: (x(), b()),
        cu + "tensor_index_by_list": lambda: (x(), [1, 0]),
        cu + "tensor_index_by_number": lambda: (x(), 1),
        cu + "tensor_index_by_slice": lambda: (x(), slice(0, 1)),
        cu + "tensor_index_by_tensor": lambda: (x(), i()),
        cu + "tensor_index_by_tuple": lambda: (x(), (1, 2)),
        cu + "tensor_item": lambda: (Tensor([2.5], ms.float32),),
        cu + "tensor_itemset": lambda: (x(), 1, 5.0),
        cu + "tensor_itemset_by_number_with_number": lambda: (x(), 4, 5.0),
        cu + "tensor_itemset_by_tuple_with_number": lambda: (x(), (1, 2), 9.0),
        cu + "tensor_itemset_by_tuple_with_tensor": lambda: (x(), (0, -1), Tensor(9.0)),
        cu + "tensor_itemset_with_number": lambda: (Tensor([2.5], ms.float32), 5.0),
        cu + "tensor_setitem_by_bool": lambda: (x(), True, 5.0),
        cu + "tensor_setitem_by_ellipsis": lambda: (x(), ..., 5.0),
        cu + "tensor_setitem_by_ellipsis_with_number": lambda: (x(), 5.0),
        cu + "tensor_setitem_by_ellipsis_with_sequence": lambda: (x(), [7., 8., 9.]),
        cu + "tensor_setitem_by_ellipsis_with_tensor": lambda: (x(), v()),
        cu + "tensor_setitem_by_list": lambda: (x(), [1], v()),
        cu + "tensor_setitem_by_number_with_number": lambda: (x(), 1, 5.0),
        cu + "tensor_setitem_by_number_with_sequence": lambda: (x(), 1, [7., 8., 9.]),
        cu + "tensor_setitem_by_number_with_tensor": lambda: (x(), 1, v()),
        cu + "tensor_setitem_by_slice": lambda: (x(), slice(0, 1), 5.0),
        cu + "tensor_setitem_by_tensor_with_number": lambda: (x(), i(), 5.0),
        cu + "tensor_setitem_by_tensor_with_sequence": lambda: (x(), i(), [7., 8., 9.]),
        cu + "tensor_setitem_by_tensor_with_tensor": lambda: (x(), i(), v()),
        cu + "tensor_setitem_by_tuple_with_number": lambda: (x(), (1, 2), 5.0),
        cu + "tensor_setitem_by_tuple_with_sequence": lambda: (x(), (1,), [7., 8., 9.]),
        cu + "tensor_setitem_by_tuple_with_tensor": lambda: (x(), (1, 2), Tensor(5.0)),
        cu + "value_update": lambda: ((4,), (None,), x(), 5),
        ce + "_deep_tensor_to_nparray": lambda: ((x(), [1, v()]),),
        ce + "_judge_order_continuous": lambda: ((1, 2, 3),),
        ce + "ellipsis2slice": lambda: (..., (2, 3)),
        ce + "expanded_shape": lambda: ((2, 3), 2),
        ce + "generate_updates_shape": lambda: ((2, 3), (2,), 1),
        ce + "get_source_shape": lambda: ((2, 3), (3,)),
        ce + "judge_data_dim": lambda: (2, 0, 7),
        ba + "_combine_position": lambda: ((0, 1), None, (x(), v()), []),
        ba + "_combine_weight": lambda: ((), [w()], (x(),), []),
        ba + "_combine_with_ids": lambda: ((0, 1), None, (x(), v())),
        ba + "_get_grad_weights_id": lambda: ([w()],),
        ba + "core": lambda: ((lambda a: a),),
        ba + "_pynative_func_grad_forward": lambda: ((lambda a: a * 2), x()),
        ba + "_pynative_forward_run": lambda: ((lambda a: a * 2), False, x()),
        ba + "_pynative_func_grad_backward": lambda: _grad_backward_args(ms),
        mo + "add_impl._create_tuple_add": lambda: ("tuple_add",),
        mo + "add_impl._add_cootensor_tuple": lambda: (coo(), (Tensor([[0, 1]], ms.int64), Tensor([3.], ms.float32), (2, 2))),
        mo + "add_impl._add_csrtensor_tuple": lambda: (csr(), (Tensor([0, 1, 1], ms.int32), Tensor([1], ms.int32), Tensor([3.], ms.float32), (2, 2))),
        mo + "add_impl._add_tuple_csrtensor": lambda: ((Tensor([0, 1, 1], ms.int32), Tensor([1], ms.int32), Tensor([3.], ms.float32), (2, 2)), csr()),
        mo + "add_impl._add_tuple_cootensor": lambda: ((Tensor([[0, 1]], ms.int64), Tensor([3.], ms.float32), (2, 2)), coo()),
        mo + "setitem_impl._tensor_setitem_by_number_with_tensor": lambda: (x(), 1, v()),
        mo + "setitem_impl._list_setitem_with_tensor": lambda: ([Tensor(1.), Tensor(2.)], 1, Tensor(5.)),
    }
    pairs = {"add": (2, 3), "sub": (5, 3), "mul": (2, 3), "div": (6, 4), "floordiv": (7, 2), "mod": (7, 3),
             "pow": (2, 3), "equal": (2, 2), "not_equal": (2, 3), "less": (2, 3), "less_equal": (3, 3),
             "greater": (2, 3), "greater_equal": (2, 3), "left_shift": (1, 3), "right_shift": (16, 2),
             "logical_and": (1, 0), "logical_or": (0, 2), "bitwsie_add": (6, 3), "bitwsie_or": (6, 3),
             "bitwsie_xor": (6, 3), "in": (1, [1, 2]), "not_in": (1, [1, 2]), "getitem": ([4, 5], 1)}
    for name, args in pairs.items():
        module = {"bitwsie_add": "bitwise_and", "bitwsie_or": "bitwise_or", "bitwsie_xor": "bitwise_xor"}.get(name, name)
        table[f"{mo}{module}_impl.default_{name}"] = (lambda a=args: a)
    table[mo + "setitem_impl.default_getitem"] = lambda: ({"a": 1}, "a", 2)
    table[mo + "logical_not_impl.default_logical_not"] = lambda: (0,)
    table[mo + "negative_impl.default_negative"] = lambda: (3,)
    table[mo + "ones_like_impl.default_ones_like_leaf_for_grad"] = lambda: (3,)
    return table
