"""Argument and input validation: errors name the cell, the argument and the shapes, with
the exception types MindSpore 2.10 raises."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn


def t(*shape, dtype=np.float32):
    return ms.Tensor(np.ones(shape, dtype))


def test_dense_input_errors():
    d = nn.Dense(4, 3)
    with pytest.raises(ValueError, match=r"Dense.*in_channels 4.*\(5, 3\)"):
        d(t(5, 3))
    for dtype in (np.int32, np.float64, np.float16):
        with pytest.raises(TypeError, match="Dense"):
            d(t(5, 4, dtype=dtype))
    with pytest.raises(ValueError, match="weight_init"):
        nn.Dense(2, 3, weight_init=ms.Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(ValueError, match="in_channels"):
        nn.Dense(0, 3)


def test_conv_errors():
    with pytest.raises(ValueError, match="pad_mode"):
        nn.Conv2d(3, 4, 3, pad_mode="full")
    with pytest.raises(ValueError, match="padding"):
        nn.Conv2d(3, 4, 3, pad_mode="same", padding=1)
    with pytest.raises(ValueError, match="group"):
        nn.Conv2d(3, 4, 3, group=2)
    # MindSpore reports the channel mismatch from the kernel as a RuntimeError.
    with pytest.raises(RuntimeError, match=r"Conv2d.*in_channels 3.*\(1, 2, 5, 5\)"):
        nn.Conv2d(3, 4, 3)(t(1, 2, 5, 5))
    with pytest.raises(ValueError, match="4-D"):
        nn.Conv2d(3, 4, 3)(t(3, 5, 5))
    with pytest.raises(TypeError, match="Conv1d"):
        nn.Conv1d(3, 4, (3,))
    with pytest.raises(ValueError, match="output_padding"):
        nn.Conv2dTranspose(3, 4, 3, output_padding=1)


def test_normalisation_errors():
    with pytest.raises(ValueError, match="momentum"):
        nn.BatchNorm2d(3, momentum=1.5)
    with pytest.raises(ValueError, match=r"BatchNorm2d.*num_features 3.*\(2, 4, 5, 5\)"):
        nn.BatchNorm2d(3)(t(2, 4, 5, 5))
    with pytest.raises(ValueError, match="BatchNorm1d"):
        nn.BatchNorm1d(3)(t(2, 3, 4, 5))
    with pytest.raises(ValueError, match="use_batch_statistics"):
        nn.BatchNorm2d(3, use_batch_statistics=1)
    with pytest.raises(ValueError, match="num_groups"):
        nn.GroupNorm(3, 4)
    with pytest.raises(TypeError, match="normalized_shape"):
        nn.LayerNorm(4)
    with pytest.raises(ValueError, match=r"LayerNorm.*\(2, 5\)"):
        nn.LayerNorm((3,), begin_norm_axis=0, begin_params_axis=0)(t(2, 5))


def test_dropout_errors():
    with pytest.raises(ValueError, match="keep_prob"):
        nn.Dropout(keep_prob=0.0)
    with pytest.raises(TypeError, match="keep_prob"):
        nn.Dropout(keep_prob=1)
    with pytest.raises(ValueError, match="'p'"):
        nn.Dropout(p=1.0)
    with pytest.raises(TypeError, match="Dropout2d"):
        nn.Dropout2d(p=1)


def test_misc_errors():
    with pytest.raises(ValueError, match="channel"):
        nn.PReLU(0)
    with pytest.raises(ValueError, match="padding_idx"):
        nn.Embedding(4, 2, padding_idx=4)
    with pytest.raises(TypeError, match="Embedding"):  # TypeError in MindSpore 2.10 (float ids)
        nn.Embedding(4, 2)(t(3))
    with pytest.raises(ValueError, match="embed_dim"):
        nn.MultiheadAttention(10, 3)
    with pytest.raises(ValueError, match="dropout"):
        nn.LSTM(3, 4, dropout=1.0)
    with pytest.raises(ValueError, match=r"LSTM.*input_size 3.*\(2, 5, 4\)"):
        nn.LSTM(3, 4)(t(2, 5, 4))
    with pytest.raises(ValueError, match=r"GRU.*initial state.*\(1, 5, 4\)"):
        nn.GRU(3, 4)(t(2, 5, 3), t(2, 5, 4))
    with pytest.raises(ValueError, match="Roll"):
        nn.Roll((1, 2), 0)
    with pytest.raises(ValueError, match="activation"):
        nn.TransformerEncoderLayer(4, 2, activation="tanh")
    with pytest.raises(TypeError, match="OneHot"):
        nn.OneHot(depth=3)(t(2))
    with pytest.raises(ValueError, match="Upsample"):
        nn.Upsample()


def test_failed_construction_leaves_no_half_built_parent():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(2, 2)
            self.conv = nn.Conv2d(3, 4, 3, pad_mode="bad")

    with pytest.raises(ValueError):
        Net()


def test_rnn_cell_input_errors():
    # MindSpore 2.10 raises ValueError for unbatched (1-D) input and a wrong input_size.
    for cell_type in (nn.RNNCell, nn.GRUCell):
        cell = cell_type(3, 4)
        for x in (t(3), t(2, 5)):
            with pytest.raises(ValueError, match=rf"{cell_type.__name__}.*input_size 3"):
                cell(x, t(2, 4))
    with pytest.raises(ValueError, match=r"LSTMCell.*input_size 3.*\(3,\)"):
        nn.LSTMCell(3, 4)(t(3), (t(4), t(4)))
