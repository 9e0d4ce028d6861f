"""Single-step recurrent cells RNNCell, GRUCell and LSTMCell."""
import math

import numpy as np
import torch

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.initializer import Uniform, initializer
from ...common.tensor import Tensor, _wrap
from ..cell import Cell
from ._checks import check_bool, positive_int

__all__ = ["RNNCell", "GRUCell", "LSTMCell"]


class _RNNCellBase(Cell):
    _gates = 1

    def __init__(self, input_size, hidden_size, has_bias=True, dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        self.input_size = positive_int(input_size, "input_size", cls)
        self.hidden_size = positive_int(hidden_size, "hidden_size", cls)
        self.has_bias = check_bool(has_bias, "has_bias", cls)
        stdv = 1 / math.sqrt(hidden_size)
        g = self._gates * hidden_size
        shapes = [(g, input_size), (g, hidden_size)] + ([(g,), (g,)] if has_bias else [])
        # MindSpore first fills the Parameters with np.random.randn and then redraws them with
        # Uniform(stdv); the NumPy draws are kept so that a seeded NumPy stream advances alike.
        for shape in shapes:
            np.random.randn(*shape)
        params = [Parameter(initializer(Uniform(stdv), shape, dtype)) for shape in shapes]
        self.weight_ih, self.weight_hh = params[0], params[1]
        self.bias_ih = params[2] if has_bias else None
        self.bias_hh = params[3] if has_bias else None

    def _input(self, x):
        t = x._t
        # Unbatched (1-D) input is a ValueError too, as in MindSpore 2.10.
        if t.dim() != 2 or t.shape[-1] != self.input_size:
            raise ValueError(f"For '{type(self).__name__}', the input must be 2-D with last dimension "
                             f"input_size {self.input_size}, but got shape {tuple(t.shape)}")
        return t

    def _biases(self):
        if self.bias_ih is None:
            return None, None
        return self.bias_ih._t, self.bias_hh._t

    def construct(self, x, hx):
        b_ih, b_hh = self._biases()
        return _wrap(self._fn(self._input(x), hx._t, self.weight_ih._t, self.weight_hh._t, b_ih, b_hh))


_CELL_DOC = r"""

    Args:
        input_size (int): features of the input.
        hidden_size (int): features of the hidden state.
        has_bias (bool): Default: True.
        dtype: the Parameters' dtype. Default: Float32.

    Parameters ``weight_ih``, ``weight_hh``, ``bias_ih``, ``bias_hh`` are initialised from
    U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)).
    """


class RNNCell(_RNNCellBase):
    __doc__ = r"""One Elman RNN step: :math:`h' = act(W_{ih} x + b_{ih} + W_{hh} h + b_{hh})`.""" + _CELL_DOC + r"""
    ``nonlinearity`` (str): ``"tanh"`` or ``"relu"``. Default: ``"tanh"``.

    Inputs:
        - **x** (Tensor) - :math:`(batch, input\_size)`.
        - **hx** (Tensor) - :math:`(batch, hidden\_size)`.

    Outputs:
        Tensor :math:`h'` of shape :math:`(batch, hidden\_size)`.
    """

    def __init__(self, input_size, hidden_size, has_bias=True, nonlinearity="tanh", dtype=mstype.float32):
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"For 'RNNCell', the 'nonlinearity' must be 'tanh' or 'relu', but got {nonlinearity!r}")
        super().__init__(input_size, hidden_size, has_bias, dtype)
        self.nonlinearity = nonlinearity
        self._fn = torch.rnn_tanh_cell if nonlinearity == "tanh" else torch.rnn_relu_cell


class GRUCell(_RNNCellBase):
    __doc__ = r"""One GRU step (gates ordered reset, update, new).""" + _CELL_DOC + r"""
    Inputs:
        - **x** (Tensor) - :math:`(batch, input\_size)`.
        - **hx** (Tensor) - :math:`(batch, hidden\_size)`.

    Outputs:
        Tensor :math:`h'` of shape :math:`(batch, hidden\_size)`.
    """
    _gates = 3
    _fn = staticmethod(torch.gru_cell)


class LSTMCell(_RNNCellBase):
    __doc__ = r"""One LSTM step (gates ordered input, forget, cell, output).""" + _CELL_DOC + r"""
    Inputs:
        - **x** (Tensor) - :math:`(batch, input\_size)`.
        - **hx** (tuple) - ``(h, c)``, each :math:`(batch, hidden\_size)`.

    Outputs:
        Tuple ``(h', c')``.
    """
    _gates = 4

    def construct(self, x, hx):
        t = self._input(x)
        if not isinstance(hx, (tuple, list)) or len(hx) != 2:
            raise TypeError(f"For 'LSTMCell', the 'hx' must be a tuple (h, c), but got {type(hx).__name__}")
        b_ih, b_hh = self._biases()
        # torch: no functional LSTM cell in mindspore.ops; torch's fused cell kernel is the layer's one body
        h, c = torch.lstm_cell(t, (hx[0]._t, hx[1]._t), self.weight_ih._t, self.weight_hh._t, b_ih, b_hh)
        return _wrap(h), _wrap(c)


class RNNCellBase(Cell):
    """MindSpore's base class of the recurrent cells (mindocr subclasses it for its own cells).

    Args:
        input_size (int): features of the input.
        hidden_size (int): features of the hidden state.
        has_bias (bool): whether ``bias_ih`` and ``bias_hh`` exist (else they are None).
        num_chunks (int): gates; the weights are ``(num_chunks * hidden_size, input_size)`` and
            ``(num_chunks * hidden_size, hidden_size)``.
        dtype: the Parameters' dtype. Default: Float32.

    Every Parameter is drawn from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)) by ``reset_parameters``.
    Subclasses define ``construct``.
    """

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool, num_chunks: int, dtype=mstype.float32):
        super().__init__()
        from ... import _checkparam as validator
        validator.check_value_type("has_bias", has_bias, [bool], self.cls_name)
        validator.check_positive_int(hidden_size, "hidden_size", self.cls_name)
        validator.check_positive_int(input_size, "input_size", self.cls_name)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.has_bias = has_bias
        rows = num_chunks * hidden_size
        # As in MindSpore: filled with np.random.randn (a seeded NumPy stream advances alike), then
        # redrawn by reset_parameters.
        self.weight_ih = Parameter(Tensor(np.random.randn(rows, input_size), dtype=dtype))
        self.weight_hh = Parameter(Tensor(np.random.randn(rows, hidden_size), dtype=dtype))
        if has_bias:
            self.bias_ih = Parameter(Tensor(np.random.randn(rows), dtype=dtype))
            self.bias_hh = Parameter(Tensor(np.random.randn(rows), dtype=dtype))
        else:
            self.bias_ih = None
            self.bias_hh = None
        self.reset_parameters(dtype=dtype)

    def reset_parameters(self, dtype=mstype.float32):
        stdv = 1 / math.sqrt(self.hidden_size)
        for weight in self.get_parameters():
            weight.set_data(initializer(Uniform(stdv), weight.shape, dtype))


# ------------------------------------------- MindSpore 2.10's functional cell steps (adapters over ops)
def _gates(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    from ... import ops
    gi = ops.matmul(inputs, w_ih.swapaxes(0, 1))
    gh = ops.matmul(hidden, w_hh.swapaxes(0, 1))
    if b_ih is not None:
        gi, gh = gi + b_ih, gh + b_hh
    return gi, gh


def _rnn_tanh_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """One Elman step: ``tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)`` (biases optional: ``b_ih=None``)."""
    from ... import ops
    igates, hgates = _gates(inputs, hidden, w_ih, w_hh, b_ih, b_hh)
    return ops.tanh(igates + hgates)


def _rnn_relu_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """One Elman step with ReLU: ``relu(x W_ih^T + b_ih + h W_hh^T + b_hh)``."""
    from ... import ops
    igates, hgates = _gates(inputs, hidden, w_ih, w_hh, b_ih, b_hh)
    return ops.relu(igates + hgates)


def _gru_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """One GRU step (gates ordered reset, input, new, as in MindSpore and PyTorch); returns the new hidden."""
    from ... import ops
    gi, gh = _gates(inputs, hidden, w_ih, w_hh, b_ih, b_hh)
    i_r, i_i, i_n = ops.chunk(gi, 3, 1)
    h_r, h_i, h_n = ops.chunk(gh, 3, 1)
    resetgate = ops.sigmoid(i_r + h_r)
    inputgate = ops.sigmoid(i_i + h_i)
    newgate = ops.tanh(i_n + resetgate * h_n)
    return newgate + inputgate * (hidden - newgate)


def _lstm_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """One LSTM step on ``hidden = (h, c)`` (gates ordered input, forget, cell, output); returns ``(h, c)``."""
    from ... import ops
    hx, cx = hidden
    gi, gh = _gates(inputs, hx, w_ih, w_hh, b_ih, b_hh)
    ingate, forgetgate, cellgate, outgate = ops.chunk(gi + gh, 4, 1)
    cy = ops.sigmoid(forgetgate) * cx + ops.sigmoid(ingate) * ops.tanh(cellgate)
    return ops.sigmoid(outgate) * ops.tanh(cy), cy


def _check_lstmcell_init(func):
    """Decorate ``LSTMCell.__init__``: warn that it is a single cell now, and reject the arguments of the
    old single-layer LSTMCell (more than 4 positional, ``batch_size``, ``dropout``, ``bidirectional``)."""
    import functools

    from ... import log as logger

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        logger.warning("LSTMCell has been changed from 'single LSTM layer' to 'single LSTM cell', "
                       "if you still need use single LSTM layer, please use `nn.LSTM` instead.")
        if len(args) > 4 or 'batch_size' in kwargs or 'dropout' in kwargs or 'bidirectional' in kwargs:
            raise ValueError("The arguments of `nn.LSTMCell` from old MindSpore version(<1.6) are detected, "
                             "if you still need use single LSTM layer, please use `nn.LSTM` instead.")
        return func(*args, **kwargs)
    return wrapper
