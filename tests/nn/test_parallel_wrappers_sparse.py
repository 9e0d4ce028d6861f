"""MicroBatchInterleaved, PipelineCell, VirtualDatasetCellTriple, GraphCell, SparseToDense,
SparseTensorDenseMatmul and no_init_parameters; values recorded with MindSpore 2.10 on CPU."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import nn


class _Net(nn.Cell):
    def construct(self, x, y):
        return (x * y).sum() + x.shape[0]


_X = ms.Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))
_Y = ms.Tensor(np.ones((4, 2), np.float32) * 2)


def test_micro_batches_add_the_outputs():
    # MindSpore 2.10: 60.0 for both (56 from the products, plus the micro-batch sizes 2 + 2 and 1 + 1 + 1 + 1)
    assert float(nn.MicroBatchInterleaved(_Net(), 2)(_X, _Y).asnumpy()) == 60.0
    assert float(nn.PipelineCell(_Net(), 4)(_X, _Y).asnumpy()) == 60.0
    with pytest.raises(ValueError, match="divisible by 3"):
        nn.PipelineCell(_Net(), 3)(_X, _Y)
    with pytest.raises(ValueError, match="must be large than 0"):
        nn.MicroBatchInterleaved(_Net(), 0)
    with pytest.raises(TypeError, match="must cell type"):
        nn.PipelineCell(lambda x: x, 2)
    dense = nn.Dense(2, 2)
    seq = nn.SequentialCell([dense])
    nn.PipelineCell(seq, 2, stage_config={"0": 1})
    assert dense.pipeline_stage == 1


def test_virtual_dataset_cell_triple_and_graph_cell():
    class Three(nn.Cell):
        def construct(self, a, b, c):
            return a + b * c
    out = nn.VirtualDatasetCellTriple(Three())(_X, _Y, _Y)
    np.testing.assert_array_equal(out.asnumpy(), _X.asnumpy() + 4)
    with pytest.raises(TypeError, match="cannot load MindIR"):
        nn.GraphCell(None)


def test_sparse_layers():
    idx = ms.Tensor(np.array([[0, 1], [1, 2]], np.int64))
    val = ms.Tensor(np.array([1.0, 2.0], np.float32))
    dense = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
    out = nn.SparseTensorDenseMatmul()(idx, val, (3, 4), dense)
    np.testing.assert_array_equal(out.asnumpy(), [[3, 4, 5], [12, 14, 16], [0, 0, 0]])
    out = nn.SparseTensorDenseMatmul(True, False)(idx, val, (4, 3), ms.Tensor(np.arange(8, dtype=np.float32)
                                                                               .reshape(4, 2)))
    np.testing.assert_array_equal(out.asnumpy(), [[0, 0], [0, 1], [4, 6]])
    np.testing.assert_array_equal(nn.SparseToDense()(ms.COOTensor(idx, val, (3, 4))).asnumpy(),
                                  [[0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]])

    def fn(v, d):
        return nn.SparseTensorDenseMatmul()(idx, ms.Tensor.from_torch(v), (3, 4), ms.Tensor.from_torch(d))._t
    assert torch.autograd.gradcheck(fn, (torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True),
                                         torch.rand(4, 3, dtype=torch.float64, requires_grad=True)))


def test_no_init_parameters_scope():
    with nn.no_init_parameters():
        d = nn.Dense(2, 2)
    assert isinstance(d.weight, ms.Parameter) and d.weight.shape == (2, 2)


def test_sparse_tensor_dense_matmul_indices_outside_shape():
    # MindSpore 2.10 raises ValueError ("the indices including out of bounds index ..."); a repeated
    # index adds its products ([[3, 4, 5], [30, 35, 40], [0, 0, 0]] in MindSpore 2.10).
    dense = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
    with pytest.raises(ValueError, match="SparseTensorDenseMatmul"):
        nn.SparseTensorDenseMatmul()(ms.Tensor(np.array([[0, 1], [5, 2]], np.int64)),
                                     ms.Tensor(np.array([1.0, 2.0], np.float32)), (3, 4), dense)
    out = nn.SparseTensorDenseMatmul()(ms.Tensor(np.array([[0, 1], [1, 2], [1, 2]], np.int64)),
                                       ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), (3, 4), dense)
    np.testing.assert_array_equal(out.asnumpy(), [[3, 4, 5], [30, 35, 40], [0, 0, 0]])
