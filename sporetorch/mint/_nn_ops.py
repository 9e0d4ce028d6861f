"""The neural-network functions that ``mindspore.mint`` exports at top level (softmax, conv2d, the
batch-norm statistics used by SyncBatchNorm, ...), over :mod:`sporetorch.ops`."""
from .. import ops
from ..ops.function import nn_func
from .nn import functional as mF

__all__ = ["batch_norm_elemt", "batch_norm_gather_stats_with_counts", "batch_norm_stats", "conv2d", "conv_tbc",
           "jit_forbidden_register", "jit_view_unsupported", "npu_gelu", "softmax", "softmax_ext"]

conv2d = mF.conv2d
batch_norm_stats = nn_func.batch_norm_stats
batch_norm_elemt = nn_func.batch_norm_elemt
batch_norm_gather_stats_with_counts = nn_func.batch_norm_gather_stats_with_counts
conv_tbc = nn_func.conv_tbc


def softmax(input, dim, *, dtype=None):
    """Softmax along ``dim``, computed in ``dtype`` when given (``mindspore.mint.softmax``)."""
    return ops.softmax(input, dim, dtype=dtype)


def softmax_ext(input, dim=None, dtype=None):
    """Softmax along ``dim`` (torch's implicit axis when None) (``mindspore.mint.softmax_ext``)."""
    return mF.softmax(input, dim, dtype)


def npu_gelu(input, approximate='none'):
    """Gaussian error linear unit (``mindspore.mint.npu_gelu``; the same function on every device)."""
    return ops.gelu(input, approximate)


def jit_forbidden_register(fn):
    """Mark ``fn`` as not to be compiled by ``jit``; returns ``fn`` (eager execution needs no mark)."""
    return fn


def jit_view_unsupported(fn):
    """Mark ``fn`` as a view op that ``jit`` does not support; returns ``fn``."""
    return fn
