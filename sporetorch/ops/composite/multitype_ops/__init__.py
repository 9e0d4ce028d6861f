"""``mindspore.ops.composite.multitype_ops``: the functions MindSpore registers on its operator
``MultitypeFuncGraph`` objects (``add``, ``getitem``, ``zeros_like``, ...), one module per operator.

Each module holds sporetorch ``MultitypeFuncGraph`` objects of MindSpore's names with the implementations
registered under MindSpore's type signatures. An implementation adapts its arguments (a tuple or list
operand becomes a Tensor of the other operand's dtype) and calls the single op in ``sporetorch.ops``.
Those that MindSpore 2.10's CPU build cannot run eagerly are recorded in
``data/ms_cpu_cannot_run/ops_composite.json`` (``tools/probe_ms_composite.py``) and not defined here.
"""
from .add_impl import add
from .sub_impl import sub
from .mul_impl import mul
from .div_impl import div
from .pow_impl import pow_
from .floordiv_impl import floordiv
from .mod_impl import mod
from .getitem_impl import getitem
from .setitem_impl import setitem
from .zeros_like_impl import zeros_like
from .ones_like_impl import ones_like, _ones_like_for_grad
from .equal_impl import equal
from .not_equal_impl import not_equal
from .less_impl import less
from .less_equal_impl import less_equal
from .greater_impl import greater
from .greater_equal_impl import greater_equal
from .negative_impl import negative
from .logical_and_impl import logical_and
from .logical_or_impl import logical_or
from .logical_not_impl import logical_not
from .bitwise_and_impl import bitwise_and
from .bitwise_or_impl import bitwise_or
from .bitwise_xor_impl import bitwise_xor
from .left_shift_impl import left_shift
from .right_shift_impl import right_shift
from .uadd_impl import uadd
from .in_impl import in_
from .not_in_impl import not_in_
from .invert_impl import invert
from .add_impl import augassign_add
from .sub_impl import augassign_sub
from .mul_impl import augassign_mul
from .div_impl import augassign_div
from .floordiv_impl import augassign_floordiv
from .mod_impl import augassign_mod

__all__ = [
    "add", "sub", "mul", "div", "pow_", "floordiv", "mod", "uadd", "zeros_like", "ones_like", "equal",
    "not_equal", "less", "less_equal", "greater", "greater_equal", "negative", "getitem", "setitem",
    "logical_and", "logical_or", "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
    "right_shift", "in_", "not_in_", "invert", "_ones_like_for_grad", "augassign_add", "augassign_sub",
    "augassign_mul", "augassign_div", "augassign_floordiv", "augassign_mod"]
