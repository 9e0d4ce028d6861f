"""mindspore.nn's private helpers (cell, layer.container, layer.pooling); messages and values from MindSpore 2.10."""
import pytest

import sporetorch as ms
from sporetorch import nn
from sporetorch.nn import cell as cell_mod
from sporetorch.nn.layer import container, pooling


def test_cell_helpers():
    assert cell_mod._addindent("a\nb", 2) == "a\n  b" and cell_mod._addindent("a", 2) == "a"
    assert cell_mod._is_complex(ms.complex64) and not cell_mod._is_complex(ms.float32)
    assert cell_mod._is_float_or_complex(ms.float16) and not cell_mod._is_float_or_complex(ms.int32)
    p = ms.Parameter(ms.Tensor([1.0]), "p")
    assert cell_mod._is_parameter_list_or_tuple([p]) and not cell_mod._is_parameter_list_or_tuple([])
    assert not cell_mod._is_traceable_tensor_subclass(ms.Tensor([1.0]))
    with pytest.raises(TypeError, match="Cell.to only accepts floating point or complex dtypes"):
        cell_mod._validate_to_dtype(ms.int32)


def test_container_helpers():
    assert container._valid_cell(nn.ReLU())
    with pytest.raises(TypeError, match="For 'x', each cell must be subclass of Cell, but got int."):
        container._valid_cell(1, "x")
    # MindSpore 2.10: 1, 3, 0
    assert container._valid_index_for_inserting(3, -2) == 1
    assert container._valid_index_for_inserting(3, 3) == 3
    assert container._valid_index_for_inserting(0, 0) == 0
    with pytest.raises(IndexError, match=r"must be a number in range \[-3, 3\], but got 4."):
        container._valid_index_for_inserting(3, 4)


def test_pooling_normalisers():
    # MindSpore 2.10: (0, 0, 1, 1, 1, 1), (0, 0, 0, 0, 1, 1), (0, 1, 2), (1, 2, 3), 2
    assert pooling._cal_padding(1, "P", 2) == (0, 0, 1, 1, 1, 1)
    assert pooling._cal_padding((1,), "P", 1) == (0, 0, 0, 0, 1, 1)
    assert pooling._check_maxpool_padding((1, 2), 2, "P") == (0, 1, 2)
    assert pooling._cal_dilation((2, 3), 2, "P") == (1, 2, 3)
    assert pooling._cal_dilation((2,), 2, "P") == 2
    with pytest.raises(ValueError, match="the length of padding must equal to 2, but got 3."):
        pooling._check_maxpool_padding((1, 2, 3), 2, "P")
    with pytest.raises(ValueError, match="the length of kernel_size must be equal to 2, but got 1."):
        pooling._check_tuple_length((1,), "kernel_size", 2, "P")


def test_rnn_functional_steps():
    """Expected values from MindSpore 2.10 (mindspore.nn.layer.rnn_cells / rnns on the same inputs)."""
    import importlib

    import numpy as np
    c = importlib.import_module("sporetorch.nn.layer.rnn_cells")
    r = importlib.import_module("sporetorch.nn.layer.rnns")
    T = ms.Tensor
    x, h = T(np.array([[0.1, -0.2]], np.float32)), T(np.array([[0.3, 0.4]], np.float32))
    w2 = T(np.arange(4, dtype=np.float32).reshape(2, 2) / 10)
    w6 = T(np.arange(12, dtype=np.float32).reshape(6, 2) / 10 - 0.5)
    w8 = T(np.arange(16, dtype=np.float32).reshape(8, 2) / 10 - 0.7)
    b2 = T(np.array([0.1, 0.2], np.float32))
    b6 = T(np.linspace(-0.3, 0.3, 6).astype(np.float32))
    b8 = T(np.linspace(-0.3, 0.3, 8).astype(np.float32))
    close = np.testing.assert_allclose
    close(c._rnn_tanh_cell(x, h, w2, w2, b2, b2).asnumpy(), [[0.2165180742740631, 0.4929879605770111]], rtol=1e-5)
    close(c._rnn_relu_cell(x, h, w2, w2, None, None).asnumpy(), [[0.020000001415610313, 0.14000001549720764]],
          rtol=1e-5)
    close(c._gru_cell(x, h, w6, w6, b6, b6).asnumpy(), [[0.2733350396156311, 0.42342907190322876]], rtol=1e-5)
    hy, cy = c._lstm_cell(x, (h, h), w8, w8, b8, b8)
    close(hy.asnumpy(), [[0.10989999026060104, 0.23438741266727448]], rtol=1e-5)
    close(cy.asnumpy(), [[0.16332417726516724, 0.3285669684410095]], rtol=1e-5)
    lengths = T(np.array([1, 3], np.int32))
    assert r.sequence_mask(lengths, 3).asnumpy().tolist() == [[1, 0, 0], [1, 1, 1]]
    out = T(np.arange(12, dtype=np.float32).reshape(3, 2, 2))
    assert r.select_by_mask(out, r.sequence_mask(lengths, 3)).asnumpy().tolist() == \
        [[[0.0, 1.0], [2.0, 3.0]], [[0.0, 0.0], [6.0, 7.0]], [[0.0, 0.0], [10.0, 11.0]]]
    assert r.get_hidden(out, lengths).asnumpy().tolist() == [[0.0, 1.0], [10.0, 11.0]]
    hx, cx = r._init_state((1, 2), ms.float32, True)
    assert hx.shape == (1, 2) and float(cx.sum()) == 0.0

    @c._check_lstmcell_init
    def init(*args, **kwargs):
        return "ok"
    assert init(1, 2) == "ok"
    with pytest.raises(ValueError, match="from old MindSpore version"):
        init(1, 2, batch_size=3)


def test_padding_class_tree_and_dim_checks():
    from sporetorch.nn.layer import normalization, padding
    # MindSpore 2.10's class tree: ConstantPad*/ZeroPad2d under _ConstantPadNd, and so on
    assert issubclass(nn.ConstantPad2d, padding._ConstantPadNd) and issubclass(nn.ZeroPad2d, padding._ConstantPadNd)
    assert issubclass(nn.ReflectionPad1d, padding._ReflectionPadNd)
    assert issubclass(nn.ReplicationPad3d, padding._ReplicationPadNd)
    with pytest.raises(ValueError, match="For 'P', the in_shape must have 3 or 4 dims, but got 2."):
        padding._check_dim(2, 3, 4, "P")
    with pytest.raises(ValueError, match="For 'B', the in_shape must have 4 dims, but got 3."):
        normalization._check_dim(3, 4, "B")


def test_matmul_op_select():
    from sporetorch import ops
    from sporetorch.nn.layer import math as nn_math
    # MindSpore 2.10: Prim[MatMul]<transpose_a=True, transpose_b=False> for ((2, 3), (3,), True, True)
    op = nn_math.matmul_op_select((2, 3), (3,), True, True)
    assert isinstance(op, ops.MatMul) and op.transpose_a and not op.transpose_b
    assert isinstance(nn_math.matmul_op_select((3,), (3,), False, False), ops.Mul)
    assert isinstance(nn_math.matmul_op_select((2, 2, 3), (3,), False, False), ops.BatchMatMul)
