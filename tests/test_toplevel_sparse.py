"""COOTensor, CSRTensor, RowTensor: constructors, properties, conversions and arithmetic.

Reprs, values and error messages are MindSpore 2.10's (the oracle); CSR products, sums and
conversions that MindSpore's CPU build cannot run are checked against the dense closed form.
"""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import COOTensor, CSRTensor, RowTensor, Tensor


def _coo():
    return COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1, 2], ms.float32), (3, 4))


def _csr():
    return CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([1., 2.], ms.float32), (2, 4))


def test_coo_properties_and_repr():
    c = _coo()
    assert repr(c) == ("COOTensor(shape=[3, 4], dtype=Float32, indices=Tensor(shape=[2, 2], dtype=Int32, value=\n"
                       "[[0 1]\n [1 2]]), values=Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  "
                       "2.00000000e+00]))")
    assert c.shape == (3, 4) and c.dtype == ms.float32 and c.size == 2 and c.itemsize == 4 and c.ndim == 2
    assert c.indices.dtype == ms.int32 and c.values.tolist() == [1.0, 2.0]
    np.testing.assert_array_equal(c.to_dense().asnumpy(), [[0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]])
    indices, values, shape = c.to_tuple()
    assert indices.shape == (2, 2) and values.shape == (2,) and shape == (3, 4)
    assert COOTensor(coo_tensor=c).shape == (3, 4)
    assert c.astype(ms.float64).dtype == ms.float64 and c.astype(ms.float64).indices.dtype == ms.int32


def test_coo_arithmetic():
    c = _coo()
    other = COOTensor(Tensor([[0, 1], [2, 0]], ms.int64), Tensor([5, 7], ms.float32), (3, 4))
    total = c + other  # MindSpore 2.10: indices [[0 1] [1 2] [2 0]], values [6 2 7]
    assert total.indices.tolist() == [[0, 1], [1, 2], [2, 0]] and total.values.tolist() == [6.0, 2.0, 7.0]
    assert (c - other).values.tolist() == [-4.0, 2.0, -7.0]
    assert c.add(other, Tensor(3.0)).values.tolist() == [6.0, 7.0]  # |2| < thresh 3 is dropped
    assert (-c).values.tolist() == [-1.0, -2.0]
    assert COOTensor(c.indices, Tensor([-1., 2.]), (3, 4)).abs().values.tolist() == [1.0, 2.0]
    twos = Tensor(np.full((3, 4), 2, np.float32))
    assert (c * twos).values.tolist() == [2.0, 4.0]
    assert (c / twos).values.tolist() == [0.5, 1.0]
    np.testing.assert_array_equal((c + Tensor(np.ones((3, 4), np.float32))).asnumpy(),
                                  [[1, 2, 1, 1], [1, 1, 3, 1], [1, 1, 1, 1]])
    with pytest.raises(ValueError, match="Input tensors should have the same shape."):
        c * Tensor(np.array([1., 2., 3., 4.], np.float32))


def test_coo_coalesce_and_to_csr():
    dup = COOTensor(Tensor([[0, 1], [0, 1]], ms.int64).T, Tensor([1., 2.]), (3, 4))
    co = dup.coalesce()  # MindSpore 2.10: indices [[0 0] [1 1]], values [1 2]
    assert co.indices.tolist() == [[0, 0], [1, 1]] and co.values.tolist() == [1.0, 2.0]
    repeated = COOTensor(Tensor([[1, 2], [1, 2]], ms.int32), Tensor([1., 2.]), (3, 4))
    assert repeated.to_dense().asnumpy()[1, 2] == 3.0
    csr = _coo().to_csr()
    assert csr.indptr.tolist() == [0, 1, 2, 2] and csr.indices.tolist() == [1, 2] and csr.values.tolist() == [1, 2]


def test_coo_errors():
    val = Tensor([1, 2], ms.float32)
    with pytest.raises(TypeError, match=r"the type of 'indices' must be one of \[int16, int32, int64\], but got "
                                        "Float32"):
        COOTensor(Tensor([[0, 1], [1, 2]], ms.float32), val, (3, 4))
    with pytest.raises(ValueError, match=r"the length of 'shape' must be 2, but got \(3,\)"):
        COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), val, (3,))
    with pytest.raises(ValueError, match="'indices' must be a 2-dimensional tensor, but got a 1-dimensional"):
        COOTensor(Tensor([0, 1], ms.int32), val, (3, 4))
    with pytest.raises(ValueError, match=r"'indices.shape\[0\]' = 2 and 'values.shape\[0\]' = 3"):
        COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1., 2., 3.]), (3, 4))
    with pytest.raises(ValueError, match="out of range"):
        COOTensor(Tensor([[5, 1], [1, 2]], ms.int32), val, (3, 4)).to_dense()


def test_csr_properties_and_repr():
    s = _csr()
    assert repr(s) == ("CSRTensor(shape=[2, 4], dtype=Float32, indptr=Tensor(shape=[3], dtype=Int32, value=[0 1 2]), "
                       "indices=Tensor(shape=[2], dtype=Int32, value=[0 1]), values=Tensor(shape=[2], dtype=Float32, "
                       "value=[ 1.00000000e+00  2.00000000e+00]))")
    assert s.shape == (2, 4) and s.size == 2 and s.ndim == 2 and s.itemsize == 4
    np.testing.assert_array_equal(s.to_dense().asnumpy(), [[1, 0, 0, 0], [0, 2, 0, 0]])
    assert s.astype(ms.float16).dtype == ms.float16
    coo = s.to_coo()
    assert coo.indices.tolist() == [[0, 0], [1, 1]] and coo.values.tolist() == [1.0, 2.0]
    assert len(s.to_tuple()) == 4 and CSRTensor(csr_tensor=s).shape == (2, 4)


def test_csr_products_and_arithmetic():
    s = _csr()
    dense = s.to_dense()._t
    v = torch.tensor([[1.], [2.], [3.], [4.]])
    torch.testing.assert_close(s.mv(Tensor(v.numpy()))._t, dense @ v)
    m = torch.arange(8.).reshape(4, 2)
    torch.testing.assert_close(s.mm(Tensor(m.numpy()))._t, dense @ m)
    torch.testing.assert_close(s.sum(1)._t, dense.sum(1, keepdim=True))  # MindSpore's docstring: [[2.], [1.]]-like
    torch.testing.assert_close(s.sum(0)._t, dense.sum(0, keepdim=True))
    assert (s * Tensor(np.full((2, 4), 3, np.float32))).values.tolist() == [3.0, 6.0]
    assert (s * Tensor(np.array([1., 2., 3., 4.], np.float32))).values.tolist() == [1.0, 4.0]  # broadcast
    assert (s + s).values.tolist() == [2.0, 4.0]  # MindSpore 2.10
    assert s.abs().values.tolist() == [1.0, 2.0]
    other = CSRTensor(Tensor([0, 1, 1], ms.int32), Tensor([3], ms.int32), Tensor([5.]), (2, 4))
    total = s.add(other, Tensor(2.0), Tensor(1.0))
    np.testing.assert_array_equal(total.to_dense().asnumpy(), [[2, 0, 0, 5], [0, 4, 0, 0]])
    assert (s - s).to_dense().asnumpy().sum() == 0


def test_csr_errors():
    ind, v = Tensor([0, 1], ms.int32), Tensor([1., 2.])
    with pytest.raises(ValueError, match=r"indptr must have length \(1 \+ shape\[0\]\), but got: 2"):
        CSRTensor(Tensor([0, 1], ms.int32), ind, v, (2, 4))
    with pytest.raises(ValueError, match="Values' dimension should equal to CSRTensor's dimension - 1"):
        CSRTensor(Tensor([0, 1, 2], ms.int32), ind, v, (2,))
    with pytest.raises(ValueError, match=r"dense_vector must have shape \(4, 1\)"):
        _csr().mv(Tensor(np.ones((3, 1), np.float32)))
    with pytest.raises(ValueError, match="do not describe"):
        CSRTensor(Tensor([0, 2, 1], ms.int32), ind, v, (2, 4)).to_dense()


def test_row_tensor():
    r = RowTensor(Tensor([0, 2], ms.int32), Tensor([[1., 2.], [3., 4.]]), (3, 2))
    assert repr(r) == ("RowTensor(shape=[3, 2], dtype=Float32, indices=Tensor(shape=[2], dtype=Int32, value=[0 2]), "
                       "values=Tensor(shape=[2, 2], dtype=Float32, value=\n[[ 1.00000000e+00  2.00000000e+00]\n"
                       " [ 3.00000000e+00  4.00000000e+00]]))")
    assert r.dense_shape == (3, 2) and r.indices.tolist() == [0, 2] and r.values.shape == (2, 2)
    assert RowTensor(row_tensor=r).dense_shape == (3, 2)
    with pytest.raises(ValueError, match="RowTensor"):
        RowTensor(Tensor([0, 2], ms.int32), Tensor([[1., 2.]]), (3, 2))
