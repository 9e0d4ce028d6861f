"""``ones_like`` leaf by leaf (``ones_like_leaf``; ``ones_like`` maps it over nested sequences)."""
from ... import functional as F
from ..base import HyperMap, MultitypeFuncGraph

ones_like_leaf = MultitypeFuncGraph("ones_like", True)
_ones_like_leaf_for_grad = MultitypeFuncGraph("_ones_like_for_grad", True)


@_ones_like_leaf_for_grad.register("TypeType")
@ones_like_leaf.register("TypeType")
def _ones_like_type_type(x):
    return x


@_ones_like_leaf_for_grad.register("Number")
@ones_like_leaf.register("Number")
def _ones_like_scalar(x):
    return type(x)(1)


@_ones_like_leaf_for_grad.register("Tensor")
@ones_like_leaf.register("Tensor")
def _ones_like_tensor(x):
    return F.ones_like(x)


@_ones_like_leaf_for_grad.register("None")
@ones_like_leaf.register("None")
def _ones_like_none(x):
    return None


@_ones_like_leaf_for_grad.register("Function")
@ones_like_leaf.register("Function")
def _ones_like_func(x):
    return F.environ_create()


@_ones_like_leaf_for_grad._register_default(False)
def default_ones_like_leaf_for_grad(x):
    """Any other value: itself."""
    return x


ones_like = HyperMap(ones_like_leaf)
_ones_like_for_grad = HyperMap(_ones_like_leaf_for_grad)
