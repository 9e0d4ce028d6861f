"""Recurrent layers RNN, GRU and LSTM, run by torch's fused kernels.

Parameters are named and ordered as in MindSpore (``weight_ih_l{k}[_reverse]``, ``weight_hh_l{k}``,
``bias_ih_l{k}``, ``bias_hh_l{k}``, held in ParameterTuples) with PyTorch's gate order
(LSTM: input, forget, cell, output; GRU: reset, update, new), which MindSpore shares.
"""
import math

import numpy as np
import torch
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor, _wrap
from ..cell import Cell
from ._checks import check_bool, positive_int

__all__ = ["RNN", "GRU", "LSTM"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
# The multi-layer kernels that torch.nn.LSTM/GRU/RNN call. ``torch.lstm`` and its siblings are in
# ``torch.__all__`` (public by torch's own definition) and are the very objects ``torch._VF`` hands
# out. Dynamo captures a call of them, while it graph-breaks on an ``nn.LSTM`` module on purpose
# (``allow_rnn``), and ``torch.func.functional_call`` on such a module cost ~300 us more per call.
_KERNELS = {"LSTM": torch.lstm, "GRU": torch.gru, "RNN_TANH": torch.rnn_tanh, "RNN_RELU": torch.rnn_relu}


class _RNNBase(Cell):
    """Shared construction and forward of the multi-layer recurrent layers."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False, dropout=0.,
                 bidirectional=False, dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        positive_int(hidden_size, "hidden_size", cls)
        positive_int(input_size, "input_size", cls)
        positive_int(num_layers, "num_layers", cls)
        if not isinstance(dropout, float):
            raise TypeError(f"For '{cls}', the 'dropout' must be a float, but got {type(dropout).__name__}")
        if not 0 <= dropout < 1:
            raise ValueError(f"For '{cls}', the 'dropout' must be a number in range [0, 1), but got {dropout}")
        check_bool(has_bias, "has_bias", cls)
        check_bool(batch_first, "batch_first", cls)
        check_bool(bidirectional, "bidirectional", cls)
        self.mode = mode
        self.input_size, self.hidden_size, self.num_layers = input_size, hidden_size, num_layers
        self.has_bias, self.batch_first = has_bias, batch_first
        self.dropout, self.bidirectional = dropout, bidirectional
        self.is_lstm = mode == "LSTM"
        num_directions = 2 if bidirectional else 1
        self._num_directions = num_directions
        gate_size = _GATES[mode] * hidden_size
        stdv = 1 / math.sqrt(hidden_size)

        def uniform(*shape, name):
            # Drawn from NumPy's global generator in MindSpore's order, so a seeded NumPy gives
            # MindSpore's very values.
            data = np.random.uniform(-stdv, stdv, shape).astype(np.float32)
            return Parameter(Tensor(data, dtype), name=name)

        w_ih, w_hh, b_ih, b_hh = [], [], [], []
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input = input_size if layer == 0 else hidden_size * num_directions
                suffix = f"l{layer}" + ("_reverse" if direction == 1 else "")
                w_ih.append(uniform(gate_size, layer_input, name="weight_ih_" + suffix))
                w_hh.append(uniform(gate_size, hidden_size, name="weight_hh_" + suffix))
                if has_bias:
                    b_ih.append(uniform(gate_size, name="bias_ih_" + suffix))
                    b_hh.append(uniform(gate_size, name="bias_hh_" + suffix))
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih)
        self.b_hh_list = ParameterTuple(b_hh)
        self._kernel = _KERNELS[mode]

    def _flat_weights(self):
        """torch's order: per layer and direction, w_ih, w_hh[, b_ih, b_hh]."""
        out = []
        for i in range(len(self.w_ih_list)):
            out.append(self.w_ih_list[i]._t)
            out.append(self.w_hh_list[i]._t)
            if self.has_bias:
                out.append(self.b_ih_list[i]._t)
                out.append(self.b_hh_list[i]._t)
        return out

    def construct(self, x, hx=None, seq_length=None):
        cls = type(self).__name__
        t = x._t
        if t.dim() != 3 or t.shape[-1] != self.input_size:
            raise ValueError(f"For '{cls}', the input must be 3-D with last dimension input_size "
                             f"{self.input_size}, but got shape {tuple(t.shape)}")
        batch = t.shape[0] if self.batch_first else t.shape[1]
        state_shape = (self.num_layers * self._num_directions, batch, self.hidden_size)
        if hx is None:
            zeros = torch.zeros(state_shape, dtype=t.dtype, device=t.device)  # torch: the torch kernel's initial state
            h = (zeros, zeros) if self.is_lstm else zeros
        elif self.is_lstm:
            if not isinstance(hx, (tuple, list)) or len(hx) != 2:
                raise TypeError(f"For '{cls}', the 'hx' must be a tuple (h0, c0), but got {type(hx).__name__}")
            h = (hx[0]._t, hx[1]._t)
        else:
            h = hx._t
        for s in (h if self.is_lstm else (h,)):
            if tuple(s.shape) != state_shape:
                raise ValueError(f"For '{cls}', the initial state must have shape {state_shape}, "
                                 f"but got {tuple(s.shape)}")
        weights = self._flat_weights()
        train = self.training
        if seq_length is None:
            res = self._kernel(t, h, weights, self.has_bias, self.num_layers, self.dropout, train,
                               self.bidirectional, self.batch_first)
            out = res[0]
        else:
            # torch: a Python sequence of lengths becomes the tensor torch's pack_padded_sequence takes
            lengths = seq_length._t if isinstance(seq_length, Tensor) else torch.as_tensor(seq_length)
            packed = pack_padded_sequence(t, lengths.cpu().long(), self.batch_first, enforce_sorted=False)
            order = packed.unsorted_indices
            h = tuple(s.index_select(1, packed.sorted_indices) for s in h) if self.is_lstm \
                else h.index_select(1, packed.sorted_indices)
            res = self._kernel(packed.data, packed.batch_sizes, h, weights, self.has_bias, self.num_layers,
                               self.dropout, train, self.bidirectional)
            out, _ = pad_packed_sequence(type(packed)(res[0], packed.batch_sizes, packed.sorted_indices, order),
                                         self.batch_first, total_length=t.shape[1 if self.batch_first else 0])
            res = (out,) + tuple(s.index_select(1, order) for s in res[1:])
        if self.is_lstm:
            return _wrap(out), (_wrap(res[1]), _wrap(res[2]))
        return _wrap(out), _wrap(res[1])


_RNN_DOC = r"""

    Args:
        input_size (int): features of the input.
        hidden_size (int): features of the hidden state.
        num_layers (int): stacked layers. Default: 1.
        has_bias (bool): whether the biases exist. Default: True.
        batch_first (bool): input and output are :math:`(batch, seq, feature)`. Default: False.
        dropout (float): dropout after every layer but the last, in training. Default: 0.0.
        bidirectional (bool): Default: False.
        dtype: the Parameters' dtype. Default: Float32.

    Inputs:
        - **x** (Tensor) - :math:`(seq, batch, input\_size)` (or batch first).
        - **hx** - initial state :math:`(num\_layers \cdot num\_directions, batch, hidden\_size)`. Default: zeros.
        - **seq_length** (Tensor) - per-sample valid lengths; steps past them give zeros. Default: None.

    Parameters are initialised from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)) drawn with NumPy's
    global generator, as MindSpore does.

    Differences from PyTorch: ``has_bias`` instead of ``bias``; ``seq_length`` replaces packed
    sequences; the Parameters live in the ParameterTuples ``w_ih_list``, ``w_hh_list``,
    ``b_ih_list`` and ``b_hh_list`` under PyTorch's names.
    """


class RNN(_RNNBase):
    __doc__ = r"""Elman RNN: :math:`h_t = \tanh(W_{ih} x_t + b_{ih} + W_{hh} h_{t-1} + b_{hh})`.

    ``nonlinearity`` (keyword, ``"tanh"`` or ``"relu"``) selects the activation.""" + _RNN_DOC + r"""
    Outputs:
        Tuple ``(output, h_n)``.
    """

    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"For 'RNN', the 'nonlinearity' must be 'tanh' or 'relu', but got {nonlinearity!r}")
        self.nonlinearity = nonlinearity
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", *args, **kwargs)


class GRU(_RNNBase):
    __doc__ = r"""Gated recurrent unit (gates ordered reset, update, new).""" + _RNN_DOC + r"""
    Outputs:
        Tuple ``(output, h_n)``.
    """

    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)


class LSTM(_RNNBase):
    __doc__ = r"""Long short-term memory (gates ordered input, forget, cell, output); ``hx`` is ``(h0, c0)``.""" \
        + _RNN_DOC + r"""
    Outputs:
        Tuple ``(output, (h_n, c_n))``.
    """

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


# ------------------------------------------ MindSpore 2.10's sequence helpers (adapters over ops)
def _init_state(shape, dtype, is_lstm):
    """Zero initial state(s) of ``shape``: ``(h, c)`` for an LSTM, else ``h``."""
    from ... import ops
    hx = ops.zeros(shape, dtype)
    return (hx, ops.zeros(shape, dtype)) if is_lstm else hx


def sequence_mask(lengths, maxlen):
    """Int32 mask ``(batch, maxlen)``: 1 where the position is below the sequence's length."""
    from ... import ops
    range_vector = ops.arange(start=0, end=maxlen, step=1, dtype=lengths.dtype)
    return (range_vector < lengths.view(lengths.shape + (1,))).astype(mstype.int32)


def select_by_mask(inputs, mask):
    """``inputs`` (time, batch, hidden) with the steps past each sequence's end zeroed (``mask`` from
    ``sequence_mask``)."""
    return mask.view(mask.shape + (1,)).swapaxes(0, 1).expand_as(inputs).astype(mstype.bool_) * inputs


def get_hidden(output, seq_length):
    """The output at each sequence's last valid step: ``output[seq_length[b] - 1, b]`` for every batch b."""
    from ... import ops
    batch_index = ops.arange(start=0, end=seq_length.shape[0], step=1, dtype=seq_length.dtype)
    indices = ops.concat((seq_length.view(-1, 1) - 1, batch_index.view(-1, 1)), 1)
    return ops.gather_nd(output, indices)


# ------------------------------------------------------------------ MindSpore's time-step RNN cells
class _DynamicRNNBase(Cell):
    """An RNN layer of one direction computed step by step with the cell of ``mode`` ('RNN_RELU',
    'RNN_TANH', 'LSTM', 'GRU'); with ``seq_length`` a sequence's outputs past its length are zeros and its
    state stops there.

    Inputs: ``x`` (T, N, I), ``h`` ((N, H) or ``(h, c)`` for LSTM), ``seq_length`` (N,) or None, the weights
    ``w_ih``, ``w_hh`` and biases ``b_ih``, ``b_hh`` (or None). Outputs: ``(outputs (T, N, H), last state)``.
    """

    def __init__(self, mode):
        super().__init__()
        from . import rnn_cells
        cells = {"RNN_RELU": rnn_cells._rnn_relu_cell, "RNN_TANH": rnn_cells._rnn_tanh_cell,
                 "LSTM": rnn_cells._lstm_cell, "GRU": rnn_cells._gru_cell}
        if mode not in cells:
            raise ValueError("Unrecognized RNN mode: " + mode)
        self.cell = cells[mode]
        self.is_lstm = mode == "LSTM"

    def recurrent(self, x, h_0, w_ih, w_hh, b_ih, b_hh):
        """The steps without sequence lengths."""
        from ... import ops
        outputs, h = [], h_0
        for t in range(x.shape[0]):
            h = self.cell(x[t], h, w_ih, w_hh, b_ih, b_hh)
            outputs.append(h[0] if self.is_lstm else h)
        return ops.stack(outputs), h

    def variable_recurrent(self, x, h, seq_length, w_ih, w_hh, b_ih, b_hh):
        """The steps with sequence lengths."""
        from ... import ops
        first = h[0] if self.is_lstm else h
        zero_output = ops.zeros_like(first)
        lengths = ops.cast(seq_length, mstype.int32).reshape(-1, 1)
        outputs, state = [], h
        for t in range(x.shape[0]):
            new = self.cell(x[t], state, w_ih, w_hh, b_ih, b_hh)
            alive = ops.broadcast_to(lengths > t, first.shape)
            if self.is_lstm:
                state = (ops.select(alive, new[0], state[0]), ops.select(alive, new[1], state[1]))
                outputs.append(ops.select(alive, new[0], zero_output))
            else:
                state = ops.select(alive, new, state)
                outputs.append(ops.select(alive, new, zero_output))
        return ops.stack(outputs), state

    def construct(self, x, h, seq_length, w_ih, w_hh, b_ih, b_hh):
        dtype = x.dtype
        w_ih, w_hh = w_ih.astype(dtype), w_hh.astype(dtype)
        if b_ih is not None:
            b_ih, b_hh = b_ih.astype(dtype), b_hh.astype(dtype)
        if seq_length is None:
            return self.recurrent(x, h, w_ih, w_hh, b_ih, b_hh)
        return self.variable_recurrent(x, h, seq_length, w_ih, w_hh, b_ih, b_hh)


class _DynamicRNNRelu(_DynamicRNNBase):
    """:class:`_DynamicRNNBase` with the ReLU Elman cell."""

    def __init__(self):
        super().__init__("RNN_RELU")


class _DynamicRNNTanh(_DynamicRNNBase):
    """:class:`_DynamicRNNBase` with the tanh Elman cell."""

    def __init__(self):
        super().__init__("RNN_TANH")


class _DynamicGRUCPUGPU(Cell):
    """A GRU layer of one direction (MindSpore's CPU/GPU form): :class:`_DynamicRNNBase` with the GRU cell."""

    def construct(self, x, h_0, seq_length, w_ih, w_hh, b_ih, b_hh):
        return _DynamicRNNBase("GRU")(x, h_0, seq_length, w_ih, w_hh, b_ih, b_hh)


class _DynamicLSTMCPUGPU(Cell):
    """An LSTM layer of one direction (MindSpore's CPU/GPU form). Outputs ``(outputs, (h_n, c_n))``; without
    ``seq_length`` ``h_n`` and ``c_n`` have a leading layer axis of 1, as MindSpore's fused LSTM returns them."""

    def construct(self, x, h_0, seq_length, w_ih, w_hh, b_ih, b_hh):
        output, (h_n, c_n) = _DynamicRNNBase("LSTM")(x, h_0, seq_length, w_ih, w_hh, b_ih, b_hh)
        if seq_length is None:
            h_n, c_n = h_n.expand_dims(0), c_n.expand_dims(0)
        return output, (h_n, c_n)
