"""``ops.composite`` (``C``): HyperMap, Map, MultitypeFuncGraph, Partial/partial, and the
Primitive base classes that user code subclasses."""
import numpy as np
import pytest

from sporetorch import Tensor, ops
from sporetorch.ops import composite as C
from sporetorch.ops import functional as F


def _t(values):
    return Tensor(np.array(values, np.float32))


def _sgd_graph():
    fg = C.MultitypeFuncGraph("sgd")

    @fg.register("Number", "Tensor", "Tensor")
    def _(lr, grad, param):
        return param - lr * grad

    @fg.register("Tensor", "Tensor", "Tensor")
    def _(lr, grad, param):
        return param - lr * grad * 2
    return fg


def test_hypermap_over_nested_sequences_with_partial():
    fg = _sgd_graph()
    grads = (_t([1.0]), [_t([2.0]), _t([3.0])])
    params = (_t([10.0]), [_t([20.0]), _t([30.0])])
    out = C.HyperMap()(C.partial(fg, 0.5), grads, params)
    assert isinstance(out, tuple) and isinstance(out[1], list)
    assert [o.asnumpy().tolist() for o in (out[0], *out[1])] == [[9.5], [19.0], [28.5]]
    out = ops.HyperMap(fg)(_t([0.5]), _t([1.0]), _t([10.0]))
    assert out.asnumpy().tolist() == [9.0]


def test_hypermap_reverse_visits_from_the_end():
    seen = []

    def record(x):
        seen.append(x)
        return x * 2
    assert C.HyperMap(record, reverse=True)((1, 2, 3)) == (2, 4, 6)
    assert seen == [3, 2, 1]
    with pytest.raises(ValueError, match="same length"):
        C.HyperMap(record)((1, 2), (1,))


def test_map_is_one_level():
    assert ops.Map()(lambda a, b: a + b, [1, 2], [10, 20]) == [11, 22]
    assert ops.Map(lambda a: (a, a), reverse=True)((1, 2)) == ((1, 1), (2, 2))


def test_multitypefuncgraph_dispatch_and_errors():
    fg = C.MultitypeFuncGraph("kind")
    fg.register("Bool")(lambda x: "bool")
    fg.register("Number")(lambda x: "number")
    fg.register("Tuple")(lambda x: "tuple")
    fg.register("None")(lambda x: "none")
    fg.register("String")(lambda x: "string")
    assert [fg(True), fg(2.5), fg((1,)), fg(None), fg("s")] == ["bool", "number", "tuple", "none", "string"]
    only_numbers = C.MultitypeFuncGraph("only_numbers")
    only_numbers.register("Number")(lambda x: x)
    assert only_numbers(True) is True  # a Bool is also a Number
    with pytest.raises(TypeError, match="only_numbers.*Tensor"):
        only_numbers(_t([1.0]))


def test_partial_and_c_namespace():
    add3 = ops.Partial()(lambda a, b, c: a + b + c, 1, 2)
    assert add3(3) == 6 and ops.partial(pow, 2)(5) == 32
    assert C.GradOperation is ops.GradOperation
    assert C.clip_by_value is F.clip_by_value
    with pytest.raises(AttributeError):
        _ = C.no_such_operator


def test_primitive_base_classes_for_user_operators():
    class Twice(ops.PrimitiveWithInfer):
        @ops.prim_attr_register
        def __init__(self, scale=2.0):
            self.init_prim_io_names(inputs=["x"], outputs=["y"])

        def __call__(self, x):
            return x * self.scale

    class Checked(ops.PrimitiveWithCheck):
        def __init__(self):
            super().__init__("Checked")

    twice = Twice()
    assert repr(twice) == "Prim[Twice]<scale=2.0>" and twice.init_attrs == {"scale": 2.0}
    assert twice(_t([1.0])).asnumpy().tolist() == [2.0]
    assert twice.del_prim_attr("scale").attrs.get("scale") is None
    assert Checked().name == "Checked" and isinstance(Checked(), ops.Primitive)
    with pytest.raises(NotImplementedError, match="Checked"):
        Checked()(_t([1.0]))


def test_constexpr_runs_the_function_eagerly():
    @ops.constexpr
    def double(n):
        return n * 2

    @ops.constexpr(reuse_result=False)
    def shape_of(t):
        return t.shape
    assert double(3) == 6 and shape_of(_t([1.0, 2.0])) == (2,)


def test_custom_op_registration_helpers():
    info = (ops.CustomRegOp("square").input(0, "x").output(0, "y")
            .dtype_format(ops.DataType.F32_Default, ops.DataType.F32_Default).target("CPU").get_op_info())
    assert info["op_name"] == "square" and info["dtype_format"] == [(("float32", "DefaultFormat"),) * 2]

    @ops.custom_info_register(info)
    @ops.kernel
    def square(x):
        return x * x
    assert square.reg_info == [info]
    op = ops.Custom(square, func_type="hybrid")
    assert op(_t([3.0])).asnumpy().tolist() == [9.0]
    assert ops.ms_kernel(reg_info=info)(square) is square


def covered_primitives():
    """Composite and base-class names these tests exercise (read by tools/api_coverage.py)."""
    return ["HyperMap", "Map", "MultitypeFuncGraph", "Partial", "Primitive", "PrimitiveWithCheck",
            "PrimitiveWithInfer", "CustomRegOp", "DataType"]
