"""Array, creation, linalg, fft, sparse, Ascend-only and communication functions raise and return what
MindSpore 2.10 does for the inputs of the op sweep (tests/data/op_sweep.json). Expected values and
exception types come from MindSpore 2.10 on CPU unless a comment gives a closed form."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, ops

F = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
I = Tensor(np.arange(12, dtype=np.int32).reshape(3, 4))
B = Tensor(np.arange(12).reshape(3, 4) % 2 == 0)
S = Tensor(np.float32(0.7))


@pytest.mark.parametrize("call", [
    lambda: ops.sort(B), lambda: ops.argsort(B), lambda: ops.msort(B), lambda: ops.unique(B),
    lambda: ops.diag(B), lambda: ops.diagflat(B), lambda: ops.diag_embed(B), lambda: ops.matrix_diag(B),
    lambda: ops.fft(B), lambda: ops.rfft2(B), lambda: ops.ihfftn(B), lambda: ops.norm(B),
    lambda: ops.vector_norm(B), lambda: ops.sequence_mask(F), lambda: ops.view_as_real(F),
    lambda: ops.polar(I, I), lambda: ops.polar(F, Tensor(np.ones((3, 4)))), lambda: ops.dot(I, I),
    lambda: ops.ger(I, F), lambda: ops.inverse(I), lambda: ops.matrix_solve(I, F), lambda: ops.pinv(B),
    lambda: ops.qr(I), lambda: ops.cholesky_solve(I, I), lambda: ops.orgqr(I, F), lambda: ops.cond(B),
    lambda: ops.lu_unpack(F, F), lambda: ops.topk(F, Tensor(np.float32(2))), lambda: ops.unique_with_pad(B, 0),
    lambda: ops.expand(F, Tensor(np.array([3.0, 4.0]))), lambda: ops.bucketize(B, [1.0]),
    lambda: ops.dense_to_sparse_csr(I),
])
def test_dtypes_mindspore_refuses_raise_type_error(call):
    with pytest.raises(TypeError, match=r"^For '"):
        call()


def test_dtype_error_names_the_op_argument_and_dtype():
    with pytest.raises(TypeError, match=r"For 'sort', the 'input_x' does not support Bool, but got Tensor\(shape=\(3, 4\)"):
        ops.sort(B)
    with pytest.raises(TypeError, match=r"For 'fft', the 'input' must be a Tensor of one of \[Complex128, .*Bool"):
        ops.fft(B)
    with pytest.raises(TypeError, match=r"For 'dot', the 'input' must be a Tensor of one of \[Float16, Float32, "
                                        r"Float64\], but got .*Int32"):
        ops.dot(I, I)
    with pytest.raises(TypeError, match="must have the same dtype"):
        ops.ger(Tensor(np.ones(3, np.float32)), Tensor(np.ones(3, np.float64)))


@pytest.mark.parametrize("call", [
    lambda: ops.reshape(I, 12), lambda: ops.permute(I, 0), lambda: ops.transpose(I, 0),
    lambda: ops.broadcast_to(I, 4), lambda: ops.tile(I, 2), lambda: ops.flip(I, 0), lambda: ops.reverse(I, 0),
    lambda: ops.expand(I, 2), lambda: ops.cat(F), lambda: ops.concat(F), lambda: ops.chunk(F, 2.5),
    lambda: ops.take(I, 2), lambda: ops.gather_nd(I, 2), lambda: ops.masked_select(F, 1),
    lambda: ops.searchsorted(F, 2.5), lambda: ops.pad(F, 2), lambda: ops.one_hot(I, I),
    lambda: ops.repeat_interleave(F, Tensor(np.array([0.5, 1.5]))), lambda: ops.scalar_to_tensor(S),
    lambda: ops.scalar_cast(S, ms.int32), lambda: ops.full(Tensor(np.array([2, 2])), 1),
    lambda: ops.eye(Tensor(np.float32(3))), lambda: ops.hann_window(Tensor(np.int32(5))),
    lambda: ops.hamming_window(Tensor(np.int32(5))), lambda: ops.kaiser_window(Tensor(np.int32(5))),
    lambda: ops.bartlett_window(Tensor(np.float32(5))), lambda: ops.fftfreq(Tensor(np.float32(4))),
    lambda: ops.pinv(S), lambda: ops.slice_scatter(I, F), lambda: ops.coo_concat(S),
])
def test_wrong_argument_types_raise_type_error(call):
    # MindSpore 2.10 takes shapes and axes as tuples (a bare int is a TypeError), and only Tensors or only
    # Python scalars where its primitives say so.
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("call", [
    lambda: ops.adjoint(S), lambda: ops.unstack(S), lambda: ops.sort(S), lambda: ops.argsort(S),
    lambda: ops.msort(S), lambda: ops.split(S, 1), lambda: ops.chunk(S, 2), lambda: ops.fftn(S),
    lambda: ops.ifftn(S), lambda: ops.batch_dot(S, F), lambda: ops.bmm(F, Tensor(np.ones(4, np.float32))),
    lambda: ops.polar(S, F), lambda: ops.cond(F), lambda: ops.cross(S, F), lambda: ops.dsplit(F, 2),
    lambda: ops.hsplit(Tensor(np.arange(4.0)), 2), lambda: ops.vsplit(S, 2), lambda: ops.gather_nd(I, F),
    lambda: ops.unique_with_pad(I, 0), lambda: ops.pad(S, (1, 1)), lambda: ops.pad(F, F),
    lambda: ops.expand(F, Tensor(np.ones((2, 2), np.int32))), lambda: ops.matrix_set_diag(F, 2.5),
    lambda: ops.fftfreq(Tensor(np.ones((2, 2), np.int32))),
    lambda: ops.bartlett_window(Tensor(np.array([5], np.int32))), lambda: ops.matmul(S, F),
    lambda: ops.reduce_scatter_tensor(F, Tensor(np.ones(4, np.float32))), lambda: ops.reduce_scatter_tensor(F, I),
    lambda: ops.reduce_scatter_tensor_uneven(F, I),
])
def test_bad_shapes_and_values_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("call", [
    lambda: ops.nonzero(S), lambda: ops.argwhere(S), lambda: ops.masked_select(F, I),
    lambda: ops.searchsorted(B, B), lambda: ops.searchsorted(I, F),
    lambda: ops.topk(I, Tensor(np.ones((2, 2), np.int32))),
    lambda: ops.matmul(I, Tensor(np.ones((3, 4), np.float32))),
])
def test_kernel_failures_raise_runtime_error(call):
    # MindSpore 2.10 reports these from its kernels (a 0-D NonZero, a non-Bool mask, mixed searchsorted dtypes,
    # a 2-D k, a shape mismatch found before the dtype mismatch) as RuntimeError.
    with pytest.raises(RuntimeError):
        call()


def test_slice_scatter_of_a_0d_input_is_an_index_error():
    with pytest.raises(IndexError):
        ops.slice_scatter(S, F)


def _check(out, dtype, values):
    assert str(out.dtype) == dtype
    np.testing.assert_allclose(out.asnumpy(), np.array(values), rtol=1e-6, atol=1e-6)


def test_values_as_mindspore_computes_them():
    # Literal values from MindSpore 2.10.
    _check(ops.bucketize(Tensor(np.array([0.5, 2.5, 1.0], np.float32)), [1.0, 2.0]), "Int32", [0, 2, 0])
    _check(ops.bucketize(Tensor(np.array([0, 2, 1], np.int32)), [1, 2], right=True), "Int32", [0, 2, 1])
    _check(ops.bucketize(Tensor(np.array([[0.5, 1.5], [2.5, 0.1]], np.float32)),
                         Tensor(np.array([[1., 2.], [0., 3.]], np.float32))), "Int32", [[0, 1], [1, 1]])
    _check(ops.cond(Tensor(np.array([[2., 1, 0], [1, 3, 1], [0, 1, 4]], np.float32))), "Float32", 3.7320504)
    _check(ops.fftshift(S), "Float32", 0.7)
    _check(ops.ifftshift(S), "Float32", 0.7)
    _check(ops.outer(Tensor(np.float32(2.0)), Tensor(np.array([[1., 2.], [3., 4.]], np.float32))),
           "Float32", [[2., 4.], [6., 8.]])
    _check(ops.outer(Tensor(np.array([[1., 2.], [3., 4.]], np.float32)), Tensor(np.array([1., 10.], np.float32))),
           "Float32", [[1., 10.], [2., 20.], [3., 30.], [4., 40.]])
    _check(ops.outer(Tensor(np.arange(3, dtype=np.int32)), Tensor(np.arange(2, dtype=np.int32))),
           "Int32", [[0, 0], [0, 1], [0, 2]])
    _check(ops.vecdot(Tensor(np.array([[1, 2]], np.int32)), Tensor(np.array([[3, 4]], np.int32))), "Int64", [11])
    _check(ops.vecdot(Tensor(np.array([[True, True]])), Tensor(np.array([[True, False]]))), "Int64", [1])
    _check(ops.vecdot(Tensor(np.array([[1, 2]], np.int32)), Tensor(np.array([[0.5, 0.25]], np.float32))),
           "Float32", [1.0])
    _check(ops.trapz(Tensor(np.array([[True, False, True]]))), "Float32", [1.0])
    _check(ops.eye(Tensor(2), Tensor(3)), "Float32", [[1, 0, 0], [0, 1, 0]])
    _check(ops.cross(Tensor(np.eye(3, dtype=np.float32)), Tensor(np.array([0., 1, 0], np.float32))),
           "Float32", [[0, 1, 0], [0, 0, 0], [0, -1, 0]])
    _check(ops.vsplit(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)), 2)[1], "Float32", [[4, 5]])
    _check(ops.dsplit(Tensor(np.arange(6, dtype=np.float32).reshape(1, 2, 3)), 2)[1], "Float32", [[[2], [5]]])
    _check(ops.hsplit(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), 2)[0], "Float32", [[0, 1], [3, 4]])
    _check(ops.unique_with_pad(Tensor(np.array([3, 1, 3, 2], np.int32)), Tensor(np.int32(9)))[0],
           "Int32", [3, 1, 2, 9])
    _check(ops.topk(Tensor(np.array([1., 3, 2], np.float32)), Tensor(np.int32(2)))[0], "Float32", [3, 2])
    _check(ops.fftfreq(Tensor(np.int32(4))), "Float32", [0.0, 0.25, -0.5, -0.25])
    _check(ops.expand(Tensor(np.array([[1.], [2.]], np.float32)), Tensor(np.array([2, 3], np.int32))),
           "Float32", [[1, 1, 1], [2, 2, 2]])
    _check(ops.bartlett_window(Tensor(np.int32(5))), "Float32", [0.0, 0.4, 0.8, 0.8, 0.4])
    _check(ops.blackman_window(Tensor(np.int64(4))), "Float32", [0.0, 0.34, 1.0, 0.34])


def test_matrix_set_diag_promotes_a_bool_diagonal_but_refuses_a_bool_matrix():
    # From MindSpore 2.10: MatrixSetDiagV3 refuses a Bool 'x'; a Bool diagonal promotes.
    x = Tensor(np.zeros((2, 2), np.float32))
    _check(ops.matrix_set_diag(x, Tensor(np.array([True, False]))), "Float32", [[1, 0], [0, 0]])
    with pytest.raises(TypeError):
        ops.matrix_set_diag(Tensor(np.zeros((2, 2), bool)), Tensor(np.array([True, False])))


def test_gradients_of_outer_and_broadcast_cross():
    def outer(a, b):
        return ops.outer(Tensor(a), Tensor(b))._t

    def cross(a, b):
        return ops.cross(Tensor(a), Tensor(b))._t

    g = torch.Generator().manual_seed(0)
    a = torch.randn(2, 3, dtype=torch.float64, generator=g, requires_grad=True)
    b = torch.randn(3, dtype=torch.float64, generator=g, requires_grad=True)
    assert torch.autograd.gradcheck(outer, (a, b))
    c = torch.randn(3, 4, dtype=torch.float64, generator=g, requires_grad=True)
    d = torch.randn(4, dtype=torch.float64, generator=g, requires_grad=True)
    assert torch.autograd.gradcheck(cross, (c, d))


def test_ascend_only_ops_check_arguments_first():
    tokens = Tensor(np.ones((4, 2), np.float32))
    with pytest.raises(TypeError):
        ops.moe_token_permute(tokens, 2)
    with pytest.raises(ValueError):
        ops.moe_token_permute(S, Tensor(np.zeros(4, np.int32)))
    with pytest.raises(TypeError):
        ops.moe_token_permute(tokens, F)
    with pytest.raises(RuntimeError, match="only for Ascend"):
        ops.moe_token_permute(tokens, Tensor(np.zeros(4, np.int32)))
    with pytest.raises(ValueError):
        ops.rotated_iou(I, F)
    with pytest.raises(ValueError):
        ops.rotated_iou(F, F)
    with pytest.raises(RuntimeError, match="only for Ascend"):
        ops.rotated_iou(Tensor(np.ones((1, 5, 2), np.float32)), Tensor(np.ones((1, 5, 2), np.float32)))


@pytest.mark.skipif(ops.is_initialized(), reason="needs a process without a process group")
def test_communication_without_a_process_group():
    # MindSpore 2.10: argument checks (TypeError) come first, then "not initialised" (RuntimeError).
    for call in (lambda: ops.reduce(F, 1.5), lambda: ops.reduce(F, 0, op="mean"), lambda: ops.reduce(2, 0),
                 lambda: ops.reduce_scatter(F, F), lambda: ops.reduce_scatter_tensor(F, 2),
                 lambda: ops.gather_into_tensor(F, 2), lambda: ops.scatter_tensor(F, F, 0.5),
                 lambda: ops.broadcast_object_list([]), lambda: ops.broadcast_object_list(F),
                 lambda: ops.scatter_object_list(F, None), lambda: ops.gather_object(1, dst=0.5)):
        with pytest.raises(TypeError):
            call()
    for call in (lambda: ops.reduce(F, 0), lambda: ops.gather_into_tensor(F, F), lambda: ops.scatter_tensor(F, F),
                 lambda: ops.reduce_scatter_tensor(F, F), lambda: ops.gather_object(1),
                 lambda: ops.broadcast_object_list([1]), lambda: ops.scatter_object_list([None], [1])):
        with pytest.raises(RuntimeError, match="not been initialised"):
            call()


def test_mint_outer_keeps_one_dimensional_operands():
    # From MindSpore 2.10: mint.outer needs 1-D operands (ValueError) where ops.outer broadcasts.
    from sporetorch import mint
    _check(mint.outer(Tensor(np.array([1., 2.], np.float32)), Tensor(np.array([1., 10.], np.float32))),
           "Float32", [[1, 10], [2, 20]])
    with pytest.raises(ValueError):
        mint.outer(Tensor(np.ones((2, 2), np.float32)), Tensor(np.ones(2, np.float32)))


def test_scalar_cast_takes_int64_float64_and_bool_only():
    # MindSpore 2.10: ScalarCast casts to int64, float64 or bool; other dtypes are a ValueError
    assert ops.scalar_cast(2.7, ms.int64) == 2 and type(ops.scalar_cast(2.7, ms.int64)) is int
    assert ops.scalar_cast(2, ms.float64) == 2.0 and type(ops.scalar_cast(2, ms.float64)) is float
    assert ops.scalar_cast(2.7, ms.bool_) is True
    with pytest.raises(ValueError, match="ScalarCast"):
        ops.scalar_cast(2.7, ms.int32)


def test_identity_returns_its_argument_and_ops_functional_is_an_attribute():
    # MindSpore 2.10: F.identity returns the object it was given (a Tensor, or the tuple of gradients
    # mindyolo's gradient reducer passes), and ops.functional is reachable from ops.
    grads = (Tensor(np.ones(2, np.float32)), Tensor(np.zeros(3, np.float32)))
    assert ops.functional.identity(grads) is grads
    assert ops.identity(grads[0]) is grads[0]
    assert ops.functional.identity(3) == 3
