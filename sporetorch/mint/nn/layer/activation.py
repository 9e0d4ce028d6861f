"""``mint.nn`` activation layers (torch.nn's names and arguments) over ``mint.nn.functional``.

MindSpore 2.10 reuses some ``mindspore.nn`` classes here (ReLU, PReLU as PReLUExt, Hardshrink as HShrink, ...);
so do we. A layer with ``inplace=True`` writes its result into its input.
"""
from ....nn.cell import Cell
from ....nn.layer.activation import HShrink, HSigmoid, HSwish, LogSoftmaxExt, PReLUExt, ReLU, SoftShrink
from .. import functional as mF

__all__ = ["ELU", "GELU", "GLU", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh", "LogSigmoid", "LogSoftmax",
           "Mish", "PReLU", "ReLU", "ReLU6", "SELU", "SiLU", "Sigmoid", "Softmax", "Softshrink", "Tanh", "Threshold"]

Hardshrink = HShrink
Hardsigmoid = HSigmoid
Hardswish = HSwish
Softshrink = SoftShrink
LogSoftmax = LogSoftmaxExt
PReLU = PReLUExt


class ELU(Cell):
    r"""Exponential linear unit: ``x`` for ``x > 0``, ``alpha * (exp(x) - 1)`` elsewhere.

    Args:
        alpha (float): Default: 1.0.
        inplace (bool): write the result into the input. Default: False.

    Inputs:
        - **input** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def construct(self, input):
        return mF.elu(input, self.alpha, self.inplace)


class GELU(Cell):
    r"""Gaussian error linear unit, exact or ``'tanh'``-approximated.

    Args:
        approximate (str): ``'none'`` or ``'tanh'``. Default: ``'none'``.

    Differences from ``mindspore.nn.GELU``: ``approximate`` is torch's string, not a bool.
    """

    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def construct(self, input):
        return mF.gelu(input, approximate=self.approximate)


class GLU(Cell):
    r"""Gated linear unit: the first half of ``input`` along ``dim`` times the sigmoid of the second half.

    Args:
        dim (int): the axis split in two. Default: -1.
    """

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def construct(self, input):
        return mF.glu(input, self.dim)


class Hardtanh(Cell):
    r"""Clamp to ``[min_val, max_val]``.

    Args:
        min_val (float): Default: -1.0.
        max_val (float): Default: 1.0.
        inplace (bool): Default: False.
    """

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace

    def construct(self, input):
        return mF.hardtanh(input, self.min_val, self.max_val, self.inplace)


class ReLU6(Cell):
    r"""``min(max(input, 0), 6)``.

    Args:
        inplace (bool): Default: False.
    """

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def construct(self, input):
        return mF.relu6(input, self.inplace)


class SiLU(Cell):
    r"""``input * sigmoid(input)``.

    Args:
        inplace (bool): Default: False.
    """

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def construct(self, input):
        return mF.silu(input, self.inplace)


class Threshold(Cell):
    r"""``input`` where it is greater than ``threshold``, else ``value``.

    Args:
        threshold (float): the threshold.
        value (float): the replacement value.
        inplace (bool): Default: False.
    """

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def construct(self, input):
        return mF.threshold(input, self.threshold, self.value, self.inplace)


class SoftmaxExt(Cell):
    r"""Softmax along ``dim`` (torch's implicit axis when None).

    Args:
        dim (int): Default: None.
    """

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def construct(self, input):
        return mF.softmax(input, self.dim)


class _Elementwise(Cell):
    """A parameter-free activation layer that applies one ``mint.nn.functional`` function."""

    _fn = None

    def construct(self, input):
        return type(self)._fn(input)


class LogSigmoid(_Elementwise):
    r"""``log(sigmoid(input))``."""

    _fn = staticmethod(mF.logsigmoid)

    def __init__(self):
        super().__init__()


class Sigmoid(_Elementwise):
    r"""``1 / (1 + exp(-input))``."""

    _fn = staticmethod(mF.sigmoid)

    def __init__(self):
        super().__init__()


class Tanh(_Elementwise):
    r"""Hyperbolic tangent."""

    _fn = staticmethod(mF.tanh)

    def __init__(self):
        super().__init__()


class Mish(_Elementwise):
    r"""``input * tanh(softplus(input))``. MindSpore's signature is ``Cell``'s own (``auto_prefix``, ``flags``)."""

    _fn = staticmethod(mF.mish)


class SELU(_Elementwise):
    r"""Scaled exponential linear unit. MindSpore's signature is ``Cell``'s own (``auto_prefix``, ``flags``)."""

    _fn = staticmethod(mF.selu)


Softmax = SoftmaxExt  # MindSpore 2.10's class name
