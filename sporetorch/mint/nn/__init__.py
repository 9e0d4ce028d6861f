"""``mindspore.mint.nn``: torch.nn-style layers and losses (``weight``/``bias``/``running_mean`` Parameters).

The layers compute through :mod:`sporetorch.mint.nn.functional`, itself a façade over :mod:`sporetorch.ops`;
where MindSpore 2.10 reuses a ``mindspore.nn`` class (Linear, LayerNormExt, EmbeddingExt, ...) so do we.
"""
from ...nn.cell import Cell  # noqa: F401 - mindspore.mint.nn.Cell
from . import functional
from .layer.activation import *  # noqa: F401,F403
from .layer.basic import *  # noqa: F401,F403
from .layer.conv import *  # noqa: F401,F403
from .layer.loss import *  # noqa: F401,F403
from .layer.normalization import *  # noqa: F401,F403
from .layer.padding import *  # noqa: F401,F403
from .layer.pooling import *  # noqa: F401,F403
from .functional import cross_entropy  # noqa: F401
from ...ops.function.nn_func import kl_div_ext  # noqa: F401
from .layer.loss import mse_loss_ext  # noqa: F401

F = functional


def nllloss(input, target, weight=None, ignore_index=-100, reduction='mean'):
    """Negative log-likelihood loss (``mindspore.mint.nn.nllloss``)."""
    return functional.nll_loss(input, target, weight, ignore_index, reduction)


def upsample_bilinear2d_op(x, output_size=None, scales=None, align_corners=False):
    """Bilinear 2-D resize of ``x`` to ``output_size`` or by ``scales``
    (``mindspore.mint.nn.upsample_bilinear2d_op``)."""
    return functional.interpolate(x, output_size, scales, 'bilinear', align_corners)


def upsample_nearest2d_op(x, output_size=None, scales=None):
    """Nearest-neighbour 2-D resize of ``x`` to ``output_size`` or by ``scales``
    (``mindspore.mint.nn.upsample_nearest2d_op``)."""
    return functional.interpolate(x, output_size, scales, 'nearest')
