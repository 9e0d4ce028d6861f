"""``ops.auto_generate``'s generated classes, instances and functions as zoos use them (keyword calls,
module-level instances, the ``pyboost_inner_prim`` flat calls, functions that split their arguments into
constructor attributes and inputs), against values from MindSpore 2.10. The value sweep over every name
is ``test_auto_generate_sweep.py``."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import _module_tree as mt
from tests._ms_literals import show

P = "mindspore.ops.auto_generate."


def _name(module, name):
    return mt.resolve(P + module, name)


X = np.array([[1., -2., 3.], [0.5, 4., -1.]], np.float32)
Y = np.array([[2., 1., -1.], [1., 1., 1.]], np.float32)

# MindSpore 2.10 CPU
CASES = {
    "AddExt_kw": (lambda x, y: _name("gen_ops_prim", "AddExt")()(x, other=y, alpha=2),
                  "([[5.0, 0.0, 1.0], [2.5, 6.0, 1.0]], 'Float32')"),
    "add_ext_op": (lambda x, y: _name("gen_ops_prim", "add_ext_op")(x, y),
                   "([[3.0, -1.0, 2.0], [1.5, 5.0, 0.0]], 'Float32')"),
    "sum_ext_fn": (lambda x, y: _name("gen_ops_def", "sum_ext")(x, 1, True), "([[2.0], [3.5]], 'Float32')"),
    "mean_ext_dim": (lambda x, y: _name("gen_ops_def", "mean_ext")(x, dim=0), "([0.75, 1.0, 1.0], 'Float32')"),
    "argmax_with_value_impl": (lambda x, y: _name("pyboost_inner_prim", "argmax_with_value_impl")(x, 1, False),
                               "[[2, 1], [3.0, 4.0]]"),
    "SoftShrinkGrad": (lambda x, y: _name("gen_ops_prim", "SoftShrinkGrad")(lambd=1.0)(y, x),
                       "([[0.0, 1.0, -1.0], [0.0, 1.0, 0.0]], 'Float32')"),
    "softshrink_grad_fn": (lambda x, y: _name("gen_ops_def", "softshrink_grad")(y, x, 1.0),
                           "([[0.0, 1.0, -1.0], [0.0, 1.0, 0.0]], 'Float32')"),
    "MaximumGrad": (lambda x, y: _name("gen_ops_prim", "MaximumGrad")()(x, y, ms.ops.ones((2, 3), ms.float32)),
                    "[[[0.0, 0.0, 1.0], [0.0, 1.0, 0.0]], [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]]"),
    "ReluGrad": (lambda x, y: _name("gen_ops_prim", "ReluGrad")()(y, x),
                 "([[2.0, 0.0, -1.0], [1.0, 1.0, 0.0]], 'Float32')"),
    "AddExt_missing_input": (lambda x, y: _name("gen_ops_prim", "AddExt")()(x),
                             "ERR TypeError AddExt.__call__() missing 1 required positional argument: 'other'"),
    "repr": (lambda x, y: repr(_name("gen_ops_prim", "AddExt")()), "Prim[AddExt]"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_generated_name_as_mindspore(case):
    fn, expected = CASES[case]
    assert show(lambda: fn(ms.Tensor(X), ms.Tensor(Y))) == expected


def test_generated_classes_are_primitives_with_their_attributes():
    cls = _name("gen_ops_prim", "SoftShrinkGrad")
    prim = cls(lambd=0.25)
    assert isinstance(prim, ms.ops.Primitive) and prim.lambd == 0.25 and cls.__module__ == P + "gen_ops_prim"


def test_names_mindspore_lacks_stay_absent():
    from sporetorch.ops.auto_generate import gen_ops_def, gen_ops_prim
    assert not hasattr(gen_ops_prim, "NoSuchPrim") and not hasattr(gen_ops_def, "no_such_op")
    with pytest.raises(AttributeError):
        mt.resolve(P + "gen_ops_prim", "NoSuchPrim")


def test_a_name_mindspore_cpu_cannot_run_instantiates_and_raises_when_called():
    prim = _name("gen_ops_prim", "MoeTokenPermuteGrad")()
    with pytest.raises(RuntimeError, match="MoeTokenPermuteGrad.*CPU build"):
        prim(ms.Tensor(X), ms.Tensor(Y))
