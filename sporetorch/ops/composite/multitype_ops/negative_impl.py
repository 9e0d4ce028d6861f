"""Unary ``-`` (``negative``) by argument type."""
from ....common.sparse_tensor import COOTensor, CSRTensor
from ... import functional as F
from ..base import MultitypeFuncGraph

negative = MultitypeFuncGraph("negative", True)


@negative.register("Number")
def _neg_scalar(x):
    return F.scalar_usub(x)


@negative.register("Tensor")
def _negative_tensor(x):
    return F.neg(x)


@negative.register("CSRTensor")
def _negative_csrtensor(x):
    return CSRTensor(x.indptr, x.indices, F.neg(x.values), x.shape)


@negative.register("COOTensor")
def _negative_cootensor(x):
    return COOTensor(x.indices, F.neg(x.values), x.shape)


@negative._register_default()
def default_negative(x):
    """Any other value: Python's ``-x``."""
    return -x
