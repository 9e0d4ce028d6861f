"""MindSpore's THOR layers (``mindspore.nn.layer.thor_layer``): Dense and Embedding layers that record the
second-order statistics the THOR optimizer preconditions with: ``matrix_a`` from the layer's input in the
forward pass and ``matrix_g`` from the gradient of its output in the backward pass (while ``thor`` is True).

``Conv2dThor`` is not here: MindSpore 2.10's CPU build has no kernel for its image-to-column op
(``ThorIm2Col``), see ``data/ms_cpu_cannot_run/nn.json``. ``_ConvThor`` is its base (Parameters and checks)."""
import numpy as np

from ... import ops
from ..._checkparam import INC_BOTH, check_bool, check_int_range, check_non_negative_int, check_positive_int, \
    check_value_type
from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ..cell import Cell


def _second_moment(x, normalizer):
    """``x^T x / normalizer``."""
    return ops.matmul(x.swapaxes(0, 1), x) * (1.0 / normalizer)


class DenseThor(Cell):
    r"""A Dense layer for THOR: :math:`y = act(x W^T + b)` that, while ``thor`` is True, keeps
    ``matrix_a = x^T x / in_channels`` and, in the backward pass, ``matrix_g = g^T g / N`` with ``g`` the
    gradient of :math:`x W^T`.

    Args:
        in_channels (int), out_channels (int). weight_init: Default: 'normal'. bias_init: Default: 'zeros'.
        has_bias (bool): Default: True. activation (str | Cell): Default: None.

    Inputs:
        - **x** (Tensor) - :math:`(N, in\_channels)`.

    Outputs:
        Tensor of shape :math:`(N, out\_channels)`.

    Differences from PyTorch: ``torch.nn.Linear`` records no statistics. ``matrix_a`` is divided by
    ``in_channels``, as MindSpore's CPU/GPU path does (its Ascend path divides by N).
    """

    def __init__(self, in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
                 activation=None):
        super().__init__()
        from .activation import get_activation
        self.thor = True
        self.in_channels = check_positive_int(in_channels, "in_channels", self.cls_name)
        self.out_channels = check_positive_int(out_channels, "out_channels", self.cls_name)
        self.has_bias = check_bool(has_bias, "has_bias", self.cls_name)
        if isinstance(weight_init, Tensor) and (weight_init.ndim != 2 or weight_init.shape[0] != out_channels
                                                or weight_init.shape[1] != in_channels):
            raise ValueError(f"For '{self.cls_name}', weight init shape error. The dim of 'weight_init' should "
                             f"be equal to 2, and the first dim must be equal to 'out_channels', and the "
                             f"second dim must be equal to 'in_channels'. But got 'weight_init': {weight_init}, "
                             f"'out_channels': {out_channels}, 'in_channels': {in_channels}.")
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels]), name="weight")
        self.bias = None
        if self.has_bias:
            if isinstance(bias_init, Tensor) and (bias_init.ndim != 1 or bias_init.shape[0] != out_channels):
                raise ValueError(f"For '{self.cls_name}', bias init shape error. The dim of 'bias_init' should "
                                 f"be equal to 1, and the first dim must be equal to 'out_channels'. But got "
                                 f"'bias_init': {bias_init}, 'out_channels': {out_channels}.")
            self.bias = Parameter(initializer(bias_init, [out_channels]), name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        self.activation_flag = self.activation is not None
        self.matrix_a = Parameter(Tensor(np.eye(in_channels).astype(np.float32)), name='matrix_a',
                                  requires_grad=False)
        self.matrix_g = Parameter(Tensor(np.eye(out_channels).astype(np.float32)), name="matrix_g",
                                  requires_grad=False)
        self.getG = ops.InsertGradientOf(self.save_gradient)

    def save_gradient(self, dout):
        """Record ``matrix_g = dout^T dout / N`` (the gradient passes unchanged)."""
        self.matrix_g.set_data(_second_moment(dout, dout.shape[0]))
        return dout

    def construct(self, x):
        if self.thor:
            self.matrix_a.set_data(_second_moment(x, self.in_channels))
            x = self.getG(ops.matmul(x, self.weight.swapaxes(0, 1)))
        else:
            x = ops.matmul(x, self.weight.swapaxes(0, 1))
        if self.has_bias:
            x = ops.bias_add(x, self.bias)
        if self.activation_flag:
            x = self.activation(x)
        return x

    def extend_repr(self):
        s = 'input_channels={}, output_channels={}'.format(self.in_channels, self.out_channels)
        if self.has_bias:
            s += ', has_bias={}'.format(self.has_bias)
        return s


class _ConvThor(Cell):
    """The base of THOR's convolutions: the checks and Parameters (``weight`` of shape ``[out, in / group,
    *kernel_size]``, or ``[in, out / group, *kernel_size]`` when ``transposed``; ``bias``). It has no
    ``construct``."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                 weight_init, bias_init, transposed=False):
        super().__init__()
        from ... import log as logger
        self.in_channels = check_positive_int(in_channels, "in_channels", self.cls_name)
        self.out_channels = check_positive_int(out_channels, "out_channels", self.cls_name)
        self.kernel_size, self.stride, self.pad_mode, self.bias_init = kernel_size, stride, pad_mode, bias_init
        if isinstance(padding, tuple):
            for pad in padding:
                check_non_negative_int(pad, 'padding item', self.cls_name)
        elif isinstance(padding, int):
            check_non_negative_int(padding, 'padding', self.cls_name)
        else:
            raise TypeError(f"For '{self.cls_name}', the type of 'padding' must be int/tuple(int), but got "
                            f"{type(padding).__name__}.")
        self.padding = padding
        self.dilation = dilation
        self.group = check_positive_int(group, "group", self.cls_name)
        self.has_bias = has_bias
        for value, what in ((kernel_size, "kernel_size"), (stride, "stride"), (dilation, "dilation")):
            if any(not isinstance(v, int) or isinstance(v, bool) or v < 1 for v in value[:2]):
                raise ValueError(f"For '{self.cls_name}', all elements in '{what}' must be int or tuple and "
                                 f"equal to or greater than 1, but got '{what}': {value}.")
        if in_channels % group != 0:
            raise ValueError(f"For '{self.cls_name}', the 'in_channels' must be divisible by 'group', but got "
                             f"'in_channels': {in_channels} and 'group': {group}.")
        if out_channels % group != 0:
            raise ValueError(f"For '{self.cls_name}', the 'out_channels' must be divisible by 'group', but got "
                             f"'out_channels': {out_channels} and 'group': {group}.")
        if not transposed:
            shape = [out_channels, in_channels // group, *kernel_size]
        else:
            shape = [in_channels, out_channels // group, *kernel_size]
        self.weight = Parameter(initializer(weight_init, shape), name='weight')
        if check_bool(has_bias, "has_bias", self.cls_name):
            self.bias = Parameter(initializer(self.bias_init, [out_channels]), name='bias')
        else:
            if self.bias_init != 'zeros':
                logger.warning("Value of 'has_bias' is False, value of 'bias_init' will be ignored.")
            self.bias = None


class EmbeddingThor(Cell):
    r"""An Embedding layer for THOR: a lookup in ``embedding_table`` that, while ``thor`` is True (and not
    ``use_one_hot``), keeps ``matrix_a``, the count of each id in the batch, and, in the backward pass,
    ``matrix_g = g^T g / n`` with ``g`` the gradient of the ``n`` looked-up rows.

    Args:
        vocab_size (int), embedding_size (int). use_one_hot (bool): look up by a one-hot matmul. Default: False.
        embedding_table: Default: 'normal'. dtype: Default: float32. padding_idx (int): its row is zeroed.
            Default: None.

    Inputs:
        - **ids** (Tensor) - int ids of any shape.

    Outputs:
        Tensor of shape ``ids.shape + (embedding_size,)``.
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table='normal', dtype=mstype.float32,
                 padding_idx=None):
        super().__init__()
        from ..._checkparam import check_subclass
        self.vocab_size = check_value_type('vocab_size', vocab_size, [int], self.cls_name)
        self.embedding_size = check_value_type('embedding_size', embedding_size, [int], self.cls_name)
        check_value_type('use_one_hot', use_one_hot, [bool], self.cls_name)
        check_subclass("dtype", dtype, mstype.number_type, self.cls_name)
        self.use_one_hot = use_one_hot
        self.dtype = dtype
        self.init_tensor = initializer(embedding_table, [vocab_size, embedding_size])
        self.padding_idx = padding_idx
        if padding_idx is not None:
            self.padding_idx = check_int_range(padding_idx, 0, vocab_size, INC_BOTH, "padding_idx", self.cls_name)
            table = self.init_tensor.asnumpy().copy()
            table[self.padding_idx] = 0
            self.init_tensor = Tensor(table)
        self.embedding_table = Parameter(self.init_tensor, name='embedding_table')
        self.thor = True
        self.matrix_a = Parameter(Tensor(np.zeros([vocab_size]).astype(np.float32)), name='matrix_a',
                                  requires_grad=False)
        self.matrix_g = Parameter(Tensor(np.zeros([embedding_size, embedding_size]).astype(np.float32)),
                                  name="matrix_g", requires_grad=False)
        self.getG = ops.InsertGradientOf(self.save_gradient)

    def save_gradient(self, dout):
        """Record ``matrix_g = dout^T dout / n`` (the gradient passes unchanged)."""
        self.matrix_g.set_data(_second_moment(dout, dout.shape[0]))
        return dout

    def construct(self, ids):
        out_shape = ids.shape + (self.embedding_size,)
        flat_ids = ids.reshape(-1)
        if self.use_one_hot:
            one_hot = ops.one_hot(flat_ids, self.vocab_size, Tensor(1.0, self.dtype), Tensor(0.0, self.dtype))
            output = ops.matmul(one_hot, self.embedding_table)
        elif self.thor:
            one_hot = ops.one_hot(flat_ids, self.vocab_size, Tensor(1.0, self.dtype), Tensor(0.0, self.dtype))
            self.matrix_a.set_data(ops.reduce_sum(one_hot, 0))
            output = self.getG(ops.gather(self.embedding_table, flat_ids, 0))
        else:
            output = ops.gather(self.embedding_table, flat_ids, 0)
        return output.reshape(out_shape)

    def extend_repr(self):
        return 'vocab_size={}, embedding_size={}, use_one_hot={}, embedding_table={}, dtype={}, padding_idx={}'.format(
            self.vocab_size, self.embedding_size, self.use_one_hot, self.embedding_table, self.dtype, self.padding_idx)


__all__ = ["DenseThor", "EmbeddingThor"]
