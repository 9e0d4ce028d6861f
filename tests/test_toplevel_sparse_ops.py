"""ops.coo_*/csr_*/row_tensor_* and the sparse conversions.

Values marked MindSpore 2.10 come from the oracle; the ones MindSpore's CPU build cannot run
(csr_mul/div/mv/reduce_sum/gather, coo2csr, csr2coo, csr_mm) are checked against the dense closed form.
"""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import COOTensor, CSRTensor, RowTensor, Tensor, ops


def _coo():
    return COOTensor(Tensor([[0, 1], [1, 0]], ms.int64), Tensor([-1.5, 4.0], ms.float32), (2, 3))


def _csr():
    return CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([1, 0], ms.int32), Tensor([-1.5, 4.0], ms.float32), (2, 3))


def test_unary_ops_act_on_values():
    c, s = _coo(), _csr()
    # MindSpore 2.10
    assert ops.coo_relu(c).values.tolist() == [0.0, 4.0] and ops.csr_relu(s).values.tolist() == [0.0, 4.0]
    np.testing.assert_allclose(ops.coo_inv(c).values.asnumpy(), [-0.6666667, 0.25], rtol=1e-6)
    np.testing.assert_allclose(ops.coo_softsign(c).values.asnumpy(), [-0.6, 0.8], rtol=1e-6)
    assert ops.coo_square(c).values.tolist() == [2.25, 16.0] and ops.coo_round(c).values.tolist() == [-2.0, 4.0]
    finite = ops.coo_isfinite(c)
    assert finite.dtype == ms.bool_ and finite.values.tolist() == [True, True]
    assert ops.coo_exp(c).to_dense().asnumpy()[0, 0] == 0.0  # implicit zeros stay 0
    assert ops.coo_relu(c).indices.tolist() == [[0, 1], [1, 0]]
    for name in ("abs", "neg", "sin", "tanh", "sigmoid", "sqrt", "log1p", "floor", "ceil", "isnan", "isinf"):
        out = getattr(ops, f"csr_{name}")(s)
        np.testing.assert_array_equal(out.values.asnumpy(), getattr(ops, name)(s.values).asnumpy())
        assert out.indptr.tolist() == [0, 1, 2]
    with pytest.raises(TypeError, match="For 'coo_abs', the input must be a COOTensor"):
        ops.coo_abs(s)


def test_conversions():
    d = Tensor(np.array([[0, 1.5, 0], [-2, 0, 0]], np.float32))
    coo = ops.dense_to_sparse_coo(d)  # MindSpore 2.10: Int32 indices [[0 1] [1 0]], values [1.5 -2]
    assert coo.indices.dtype == ms.int32 and coo.indices.tolist() == [[0, 1], [1, 0]]
    assert coo.values.tolist() == [1.5, -2.0] and coo.shape == (2, 3)
    csr = ops.dense_to_sparse_csr(d)  # MindSpore 2.10: indptr [0 1 2], indices [1 0]
    assert csr.indptr.tolist() == [0, 1, 2] and csr.indices.tolist() == [1, 0] and csr.indptr.dtype == ms.int32
    s = _csr()
    assert ops.csr_to_coo(s).indices.tolist() == [[0, 1], [1, 0]]  # MindSpore 2.10
    assert ops.csr_to_dense(s).tolist() == [[0.0, -1.5, 0.0], [4.0, 0.0, 0.0]]
    assert ops.coo2csr(Tensor([0, 1, 1], ms.int32), 3).tolist() == [0, 1, 3, 3]
    assert ops.csr2coo(Tensor([0, 1, 3, 3], ms.int32), 3).tolist() == [0, 1, 1]


def test_coo_concat_and_add():
    c = _coo()
    rows = ops.coo_concat((c, c), 0)  # MindSpore 2.10
    assert rows.shape == (4, 3) and rows.indices.tolist() == [[0, 1], [1, 0], [2, 1], [3, 0]]
    cols = ops.coo_concat((c, c), 1)
    assert cols.shape == (2, 6) and cols.indices.tolist() == [[0, 1], [0, 4], [1, 0], [1, 3]]
    assert cols.values.tolist() == [-1.5, -1.5, 4.0, 4.0]
    assert ops.coo_add(c, c, Tensor(0.0)).values.tolist() == [-3.0, 8.0]  # MindSpore 2.10
    with pytest.raises(ValueError, match="shapes must agree"):
        ops.coo_concat((c, COOTensor(c.indices, c.values, (2, 4))), 0)


def test_csr_ops_against_dense():
    s = _csr()
    dense = s.to_dense()._t
    y = torch.tensor([[2.0, 4.0, 8.0], [1.0, 2.0, 4.0]])
    torch.testing.assert_close(ops.csr_mul(s, Tensor(y.numpy())).to_dense()._t, dense * y)
    torch.testing.assert_close(ops.csr_div(s, Tensor(y.numpy())).to_dense()._t, dense / y)
    v = torch.tensor([[1.0], [2.0], [3.0]])
    torch.testing.assert_close(ops.csr_mv(s, Tensor(v.numpy()))._t, dense @ v)
    torch.testing.assert_close(ops.csr_reduce_sum(s, 1)._t, dense.sum(1, keepdim=True))
    b = CSRTensor(Tensor([0, 1, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([1.0, 2.0]), (3, 2))
    torch.testing.assert_close(ops.csr_mm(s, b).to_dense()._t, dense @ b.to_dense()._t)
    torch.testing.assert_close(ops.csr_mm(s, s, trans_b=True).to_dense()._t, dense @ dense.T)
    values = ops.csr_gather(s.indptr, s.indices, Tensor(np.arange(6).reshape(2, 3).astype(np.float32)), (2, 3))
    assert values.tolist() == [1.0, 3.0]
    assert ops.csr_add(s, s, Tensor(1.0), Tensor(1.0)).values.tolist() == [-3.0, 8.0]  # 1*s + 1*s


def test_csr_softmax_is_per_row_over_stored_values():
    s = CSRTensor(Tensor([0, 2, 3], ms.int32), Tensor([0, 2, 1], ms.int32), Tensor([1.0, 2.0, 5.0]), (2, 3))
    out = ops.csr_softmax(s, ms.float32)
    e = np.exp([1.0, 2.0])
    np.testing.assert_allclose(out.values.asnumpy(), [e[0] / e.sum(), e[1] / e.sum(), 1.0], rtol=1e-6)
    assert ops.csr_softmax(_csr(), ms.float32).values.tolist() == [1.0, 1.0]  # MindSpore 2.10


def test_accessors_constructors_and_row_tensor_add():
    c, s = _coo(), _csr()
    assert ops.coo_tensor_get_dense_shape(c) == (2, 3) and ops.coo_tensor_get_values(c).tolist() == [-1.5, 4.0]
    assert ops.csr_tensor_get_indptr(s).tolist() == [0, 1, 2] and ops.csr_tensor_get_dense_shape(s) == (2, 3)
    r = RowTensor(Tensor([0, 2], ms.int32), Tensor([[1.0, 2.0], [3.0, 4.0]]), (3, 2))
    added = ops.row_tensor_add(r, Tensor([1.0, 1.0]))
    assert added.values.tolist() == [[2.0, 3.0], [4.0, 5.0]] and ops.row_tensor_get_indices(added).tolist() == [0, 2]
    assert ops.row_tensor_get_dense_shape(r) == (3, 2)
    assert isinstance(ops.make_coo_tensor(Tensor([[0, 1]], ms.int64), Tensor([1.0]), (2, 2)), COOTensor)
    assert isinstance(ops.make_csr_tensor(Tensor([0, 1, 1], ms.int32), Tensor([1], ms.int32), Tensor([1.0]), (2, 2)),
                      CSRTensor)
    assert ops.make_row_tensor(Tensor([0], ms.int32), Tensor([[1.0, 2.0]]), (2, 2)).dense_shape == (2, 2)
    assert isinstance(ops.make_sparse_tensor(Tensor([[0, 1]], ms.int64), Tensor([1.0]), (2, 2)), ms.SparseTensor)


def test_primitive_style_ops_check_their_input_count():
    with pytest.raises(TypeError, match=r"For 'coo2csr', 2 inputs are required \(coo_row_indices, height\), "
                                        "but got 1."):
        ops.coo2csr(Tensor([0, 1], ms.int32))
