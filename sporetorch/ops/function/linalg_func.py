"""Linear algebra: products, norms, decompositions, solvers (``mindspore.ops`` linalg functions)."""
import torch

from ...common.tensor import _wrap
from ._dtype_table import (
    ALL,
    F32_F64,
    F32_F64_COMPLEX,
    FLOATS,
    FLOATS_COMPLEX,
    INTS,
    NO_BOOL,
    SAME,
    apply_dtype_table,
)
from ._math_dtypes import check as _kernel_dtype
from ._prim_checks import _check_dtypes, _check_ndim
from ._utils import (
    _axes,
    _desc,
    _fail,
    _float_of,
    _guard,
    _guard_module,
    _inline_checked,
    _no_tensor,
    _tdtype,
    _u,
    _ut,
)

__all__ = [
    "matmul", "mm", "bmm", "dot", "inner", "outer", "ger", "mv", "addmm", "addbmm", "addmv", "addr", "baddbmm",
    "baddbmm_ext", "batch_dot", "tensor_dot", "kron", "cross", "vecdot", "einsum", "einsum_ext", "norm",
    "vector_norm", "matrix_norm", "renorm", "inverse", "det", "matrix_determinant",
    "log_matrix_determinant", "logdet", "slogdet", "pinv", "svd", "qr", "cholesky", "cholesky_inverse",
    "cholesky_solve", "lstsq", "lu_solve", "lu_unpack", "matrix_exp", "matrix_power", "matrix_solve", "eig",
    "eigvals", "cond", "geqrf", "orgqr", "ormqr", "cov", "trapz",
]


@_inline_checked
def matmul(input, other):
    """Matrix product with NumPy's 1-D and batch-broadcast rules.

    A shape mismatch raises RuntimeError (ValueError with a 1-D operand), as MindSpore 2.10 does.
    """
    try:
        try:
            return _wrap(torch.matmul(input._t, other._t))
        except RuntimeError as e:
            # MindSpore checks the shapes before the dtypes
            a, b = input._t, other._t
            shapes_fit = min(a.dim(), b.dim()) == 0 or a.shape[-1] == b.shape[-2 if b.dim() > 1 else -1]
            if shapes_fit and a.dtype != b.dtype:
                raise TypeError(f"For 'matmul', the dtypes of 'input' and 'other' must be the same, but got "
                                f"{input.dtype} and {other.dtype}") from None
            # MindSpore 2.10: a 0-D or vector operand's mismatch is a ValueError, a matrix product's a RuntimeError
            kind = ValueError if min(input._t.dim(), other._t.dim()) <= 1 else RuntimeError
            raise kind(f"For 'matmul', the shapes {tuple(input._t.shape)} and {tuple(other._t.shape)} "
                               f"(dtypes {input.dtype} and {other.dtype}) cannot be multiplied: "
                               f"{str(e).splitlines()[0]}") from None
    except AttributeError as e:
        _no_tensor("matmul", e, input=input, other=other)


@_inline_checked
def mm(input, mat2):
    """2-D matrix product."""
    try:
        try:
            return _wrap(torch.mm(input._t, mat2._t))
        except RuntimeError as e:
            _fail("mm", e, ValueError, input=input, mat2=mat2)
    except AttributeError as e:
        _no_tensor("mm", e, input=input, mat2=mat2)


@_inline_checked
def bmm(input_x, mat2):
    """Batched matrix product ``(..., n, m) @ (..., m, p)`` (batch axes broadcast)."""
    try:
        if input_x._t.dim() < 2 or mat2._t.dim() < 2:
            raise ValueError(f"For 'bmm', 'input_x' and 'mat2' must be 2-D or higher, but got {_desc(input_x)} "
                             f"and {_desc(mat2)}")
        try:
            return _wrap(torch.matmul(input_x._t, mat2._t))
        except RuntimeError as e:
            _fail("bmm", e, ValueError, input_x=input_x, mat2=mat2)
    except AttributeError as e:
        _no_tensor("bmm", e, input_x=input_x, mat2=mat2)


def dot(input, other):
    """Contract the last axis of ``input`` with the second-to-last of ``other`` (both at least 2-D)."""
    a, b = input._t, other._t
    if a.dim() < 2 or b.dim() < 2:
        raise ValueError(f"For 'dot', the inputs should have dimension >= 2, but got shapes "
                         f"{tuple(a.shape)} and {tuple(b.shape)}")
    try:
        return _wrap(torch.tensordot(a, b, ([-1], [-2])))
    except RuntimeError as e:
        _fail("dot", e, ValueError, input=input, other=other)


def inner(input, other):
    """Inner product over the last axes."""
    return _wrap(torch.inner(input._t, _ut(other, input._t)))


def outer(input, vec2):
    """Outer product: ``input`` flattened into a column times ``vec2`` (MindSpore 2.10 broadcasts the
    column against a ``vec2`` of any rank; for two 1-D tensors it is the usual outer product)."""
    return _wrap(input._t.reshape(-1, 1) * vec2._t)


def ger(input, vec2):
    """Alias of :func:`outer`."""
    return _wrap(torch.outer(input._t, vec2._t))


def mv(mat, vec):
    """Matrix-vector product."""
    return _wrap(torch.mv(mat._t, vec._t))


def _matmul_shapes(op, a_name, a, b_name, b, min_rank=2, max_rank=None):
    """ValueError, as MindSpore 2.10's MatMul/BatchMatMul shape inference raises it (before any dtype check of
    the kernel), unless ``a @ b`` is defined: both of rank ``min_rank``..``max_rank`` and ``a``'s columns
    matching ``b``'s rows."""
    ta, tb = a._t, b._t
    for name, value, t in ((a_name, a, ta), (b_name, b, tb)):
        if t.dim() < min_rank or (max_rank is not None and t.dim() > max_rank):
            rank = f"{min_rank}-D" if max_rank == min_rank else f"{min_rank}-D or higher"
            raise ValueError(f"For '{op}', the '{name}' must be {rank}, but got {_desc(value)}")
    if ta.shape[-1] != tb.shape[-2]:
        raise ValueError(f"For '{op}', the columns of '{a_name}' must equal the rows of '{b_name}', but got "
                         f"{_desc(a)} and {_desc(b)}")


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """``beta * input + alpha * mat1 @ mat2``."""
    _matmul_shapes("addmm", "mat1", mat1, "mat2", mat2, max_rank=2)
    return _wrap(torch.addmm(input._t, mat1._t, mat2._t, beta=beta, alpha=alpha))


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """``beta * input + alpha * sum_b batch1[b] @ batch2[b]``."""
    _matmul_shapes("addbmm", "batch1", batch1, "batch2", batch2)
    return _wrap(torch.addbmm(input._t, batch1._t, batch2._t, beta=beta, alpha=alpha))


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """``beta * input + alpha * mat @ vec``."""
    m, v = mat._t, vec._t
    if m.dim() != 2 or v.dim() != 1 or m.shape[1] != v.shape[0]:
        raise ValueError(f"For 'addmv', the 'mat' must be 2-D and the 'vec' 1-D with as many entries as 'mat' has "
                         f"columns, but got {_desc(mat)} and {_desc(vec)}")
    return _wrap(torch.addmv(input._t, m, v, beta=beta, alpha=alpha))


def addr(x, vec1, vec2, *, beta=1, alpha=1):
    """``beta * x + alpha * outer(vec1, vec2)``; MindSpore 2.10 flattens vectors of any rank (a 0-D ``x``
    broadcasts)."""
    return _wrap(torch.addr(x._t, vec1._t.reshape(-1), vec2._t.reshape(-1), beta=beta, alpha=alpha))


def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    """``beta * input + alpha * batch1 @ batch2`` per batch."""
    _matmul_shapes("baddbmm", "batch1", batch1, "batch2", batch2)
    return _wrap(torch.baddbmm(input._t, batch1._t, batch2._t, beta=beta, alpha=alpha))


def baddbmm_ext(input, batch1, batch2, *, beta=1, alpha=1):
    """Alias of :func:`baddbmm`."""
    return baddbmm(input, batch1, batch2, beta, alpha)


def batch_dot(x1, x2, axes=None):
    """Per-batch dot product of ``x1`` and ``x2`` over ``axes`` (default: last of x1, second-to-last of x2)."""
    a, b = x1._t, x2._t
    if a.dim() < 2 or b.dim() < 2:
        raise ValueError(f"For 'batch_dot', 'x1' and 'x2' must be 2-D or higher, but got {_desc(x1)} and {_desc(x2)}")
    if axes is None:
        axes = (a.dim() - 1, b.dim() - 2) if b.dim() > 2 else (a.dim() - 1, b.dim() - 1)
    if isinstance(axes, int):
        axes = (axes, axes)
    ax_a, ax_b = axes[0] % a.dim(), axes[1] % b.dim()
    a2 = a.movedim(ax_a, -1).reshape(a.shape[0], -1, a.shape[ax_a])
    b2 = b.movedim(ax_b, 1).reshape(b.shape[0], b.shape[ax_b], -1)
    out = torch.bmm(a2, b2)
    rest_a = [s for i, s in enumerate(a.shape) if i not in (0, ax_a)]
    rest_b = [s for i, s in enumerate(b.shape) if i not in (0, ax_b)]
    out = out.reshape([a.shape[0]] + rest_a + rest_b)
    return _wrap(out.unsqueeze(-1) if out.dim() == 1 else out)


def tensor_dot(x1, x2, axes):
    """``torch.tensordot`` over ``axes`` (an int or a pair of axis lists)."""
    return _wrap(torch.tensordot(x1._t, x2._t, axes))


def kron(input, other):
    """Kronecker product."""
    return _wrap(torch.kron(input._t, other._t))


def cross(input, other, dim=None):
    """Cross product along ``dim`` (default: the first axis of size 3)."""
    a, b = input._t, other._t
    if a.dim() == 0 or b.dim() == 0:
        raise ValueError(f"For 'cross', each input must have at least 1 dimension, but got {_desc(input)} and "
                         f"{_desc(other)}")
    if a.shape != b.shape:
        a, b = torch.broadcast_tensors(a, b)
    if dim is None:
        dim = next((i for i, s in enumerate(a.shape) if s == 3), None)
        if dim is None:
            raise ValueError(f"For 'cross', no axis of size 3 in input shape {tuple(a.shape)}")
    return _wrap(torch.linalg.cross(a, b, dim=dim))


def vecdot(x, y, *, axis=-1):
    """Dot product of vectors along ``axis`` (conjugating ``x``); integer and Bool inputs sum to Int64 and
    mixed dtypes promote, as in MindSpore 2.10."""
    a, b = x._t, y._t
    if a.dtype == b.dtype and (a.is_floating_point() or a.is_complex()):
        return _wrap(torch.linalg.vecdot(a, b, dim=axis))
    return _wrap(torch.sum(a.conj() * b, dim=axis))


@_inline_checked
def einsum(equation, *operands):
    """Einstein summation (operands may also be given as one list)."""
    try:
        if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
            operands = operands[0]
        try:
            return _wrap(torch.einsum(equation, *[o._t for o in operands]))
        except RuntimeError as e:
            _fail("einsum", e, ValueError, equation=equation)
    except AttributeError as e:
        _no_tensor("einsum", e, equation=equation, operands=operands)


def einsum_ext(equation, *operands):
    """Alias of :func:`einsum`."""
    return einsum(equation, *operands)


# ---------------------------------------------------------------------------- norms
@_inline_checked
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """Vector or matrix norm (``torch.linalg.norm`` semantics); integer inputs are promoted to float."""
    try:
        t = _float_of(A._t)
        if dim is not None:
            dim = _axes("norm", dim, t.dim(), "dim")
        try:
            return _wrap(torch.linalg.norm(t, ord, dim, keepdim, dtype=_tdtype(dtype)))
        except RuntimeError as e:
            _fail("norm", e, ValueError, A=A, ord=ord, dim=dim)
    except AttributeError as e:
        _no_tensor("norm", e, A=A, ord=ord, dim=dim)


def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):
    """Vector p-norm over ``axis`` (None: all elements)."""
    t = _float_of(x._t)
    return _wrap(torch.linalg.vector_norm(t, ord, _axes("vector_norm", axis, t.dim()), keepdims,
                                          dtype=_tdtype(dtype)))


def matrix_norm(A, ord='fro', axis=(-2, -1), keepdims=False, *, dtype=None):
    """Matrix norm over the two axes ``axis``."""
    return _wrap(torch.linalg.matrix_norm(_float_of(A._t), ord, axis, keepdims, dtype=_tdtype(dtype)))


def renorm(input, p, axis, maxnorm):
    """Rescale the sub-tensors along ``axis`` whose p-norm exceeds ``maxnorm``. A Tensor ``p`` is refused as
    MindSpore 2.10 refuses it: ValueError unless it has one element (its conversion to a number fails), else
    TypeError."""
    if hasattr(p, "_t"):
        kind = TypeError if p._t.numel() == 1 else ValueError
        raise kind(f"For 'renorm', the 'p' must be an int, but got {_desc(p)}")
    return _wrap(torch.renorm(input._t, p, axis, maxnorm))


# ---------------------------------------------------------------------------- decompositions / solvers
def _linalg(op, fn, *tensors, **kw):
    try:
        return fn(*[t._t if hasattr(t, "_t") else t for t in tensors], **kw)
    except RuntimeError as e:
        _fail(op, e, ValueError, **{f"input{i}": t for i, t in enumerate(tensors)})


def inverse(input):
    """Inverse of square matrices."""
    return _wrap(_linalg("inverse", torch.linalg.inv, input))


def det(input):
    """Determinant of square matrices."""
    return _wrap(_linalg("det", torch.linalg.det, input))


def matrix_determinant(input):
    """Alias of :func:`det`."""
    return det(input)


def slogdet(input):
    """``(sign, log|det|)`` of square matrices."""
    sign, logabs = _linalg("slogdet", torch.linalg.slogdet, input)
    return _wrap(sign), _wrap(logabs)


def log_matrix_determinant(input):
    """Alias of :func:`slogdet`."""
    return slogdet(input)


def logdet(input):
    """``log(det(input))`` (NaN for negative determinants)."""
    return _wrap(torch.logdet(input._t))


def pinv(x, *, atol=None, rtol=None, hermitian=False):
    """Moore-Penrose pseudo-inverse."""
    if x._t.dim() == 0:
        raise TypeError(f"For 'pinv', the 'x' must have at least 2 dimensions, but got {_desc(x)}")
    return _wrap(torch.linalg.pinv(x._t, atol=atol, rtol=rtol, hermitian=hermitian))


def svd(input, full_matrices=False, compute_uv=True):
    """Singular value decomposition: ``(s, u, v)`` as MindSpore orders them, or ``s`` alone."""
    if not compute_uv:
        return _wrap(torch.linalg.svdvals(input._t))
    u, s, vh = torch.linalg.svd(input._t, full_matrices=full_matrices)
    return _wrap(s), _wrap(u), _wrap(vh.mH)


def qr(input, mode='reduced'):
    """QR decomposition ``(Q, R)``."""
    q, r = torch.linalg.qr(input._t, mode)
    return _wrap(q), _wrap(r)


def cholesky(input_x, upper=False):
    """Cholesky factor of symmetric positive-definite matrices."""
    return _wrap(_linalg("cholesky", torch.linalg.cholesky, input_x, upper=upper))


def cholesky_inverse(input_x, upper=False):
    """Inverse of a matrix from its Cholesky factor."""
    return _wrap(torch.cholesky_inverse(input_x._t, upper))


def cholesky_solve(input, input2, upper=False):
    """Solve ``A X = B`` given ``B = input`` and the Cholesky factor ``input2`` of ``A``."""
    return _wrap(torch.cholesky_solve(input._t, input2._t, upper))


def lstsq(input, A):
    """Least-squares (minimum-norm when underdetermined) solution ``X`` of ``input @ X = A``, as MindSpore 2.10
    documents and computes it: ``input`` 2-D, ``A`` 1-D (one column) or 2-D with as many rows; Float16 is
    solved in Float32 (torch has no Float16 solver)."""
    x, a = input._t, A._t
    if x.dim() != 2 or a.dim() not in (1, 2) or a.shape[0] != x.shape[0]:
        raise ValueError(f"For 'lstsq', the 'input' must be 2-D and the 'A' 1-D or 2-D with as many rows, but got "
                         f"{_desc(input)} and {_desc(A)}")
    solve = torch.float32 if x.dtype == torch.float16 else x.dtype
    return _wrap(torch.linalg.lstsq(x.to(solve), a.reshape(a.shape[0], -1).to(solve)).solution.to(x.dtype))


def _lstsq_v2(A, B, driver=None):
    """Least-squares solution of ``A X = B`` with torch's ``linalg.lstsq`` outputs (MindSpore's ``LstsqV2``):
    ``(solution, residuals, rank, singular_values)``; ``driver`` is LAPACK's (``gelsy`` by default on CPU)."""
    out = torch.linalg.lstsq(A._t, B._t, driver=driver)
    return tuple(_wrap(t) for t in (out.solution, out.residuals, out.rank, out.singular_values))


def _solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False):
    """Solve ``op(a) x = b`` for a triangular ``a`` (MindSpore's ``SolveTriangular``, SciPy's argument names):
    ``trans`` 0/'N' solves with ``a``, 1/'T' with its transpose, 2/'C' with its conjugate transpose."""
    mode = {"N": 0, "T": 1, "C": 2}.get(trans, trans)
    if mode not in (0, 1, 2):
        raise ValueError(f"For 'solve_triangular', 'trans' must be 0, 1, 2, 'N', 'T' or 'C', but got {trans!r}")
    matrix = a._t
    if mode:
        matrix = matrix.mT.conj() if mode == 2 else matrix.mT
        lower = not lower
    rhs = b._t
    vector = rhs.dim() == matrix.dim() - 1
    out = torch.linalg.solve_triangular(matrix, rhs.unsqueeze(-1) if vector else rhs, upper=not lower,
                                        unitriangular=unit_diagonal)
    return _wrap(out.squeeze(-1) if vector else out)


def lu_solve(b, LU_data, LU_pivots):
    """Solve ``A X = b`` from an LU factorisation."""
    return _wrap(torch.linalg.lu_solve(LU_data._t, LU_pivots._t.int(), b._t))


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """``(P, L, U)`` from an LU factorisation."""
    p, l, u = torch.lu_unpack(LU_data._t, LU_pivots._t.int(), unpack_data, unpack_pivots)
    return _wrap(p), _wrap(l), _wrap(u)


def matrix_exp(input):
    """Matrix exponential."""
    return _wrap(torch.linalg.matrix_exp(input._t))


def matrix_power(input, n):
    """Integer matrix power."""
    return _wrap(torch.linalg.matrix_power(input._t, n))


def matrix_solve(matrix, rhs, adjoint=False):
    """Solve ``matrix X = rhs`` (with the conjugate transpose under ``adjoint``)."""
    m = matrix._t.mH if adjoint else matrix._t
    return _wrap(_linalg("matrix_solve", torch.linalg.solve, m, rhs))


def eig(A):
    """Eigenvalues and eigenvectors (complex)."""
    w, v = torch.linalg.eig(A._t)
    return _wrap(w), _wrap(v)


def tridiagonal_solve(diagonals, rhs):
    """Solve ``A X = rhs`` for the tridiagonal ``A`` given by ``diagonals`` (..., 3, M): the superdiagonal
    (its last item unused), the diagonal and the subdiagonal (its first item unused)."""
    d = diagonals._t
    m = d.shape[-1]
    a = torch.diag_embed(d[..., 1, :])
    if m > 1:
        a = a + torch.diag_embed(d[..., 0, :-1], 1) + torch.diag_embed(d[..., 2, 1:], -1)
    return _wrap(torch.linalg.solve(a, rhs._t))


def _eigh(A, compute_v=True, lower=True):
    """Eigen-decomposition of a Hermitian (symmetric) matrix from its ``lower`` (else upper) triangle:
    ``(eigenvalues ascending, eigenvectors as columns)``, or the eigenvalues alone without ``compute_v``."""
    t = A._t
    if compute_v:
        w, v = torch.linalg.eigh(t, UPLO="L" if lower else "U")
        return _wrap(w), _wrap(v)
    return _wrap(torch.linalg.eigvalsh(t, UPLO="L" if lower else "U"))


def eigvals(A):
    """Eigenvalues (complex)."""
    return _wrap(torch.linalg.eigvals(A._t))


def cond(A, p=None):
    """Condition number in the ``p`` norm (``norm(A) * norm(inverse(A))``: square matrices only)."""
    t = A._t
    if t.dim() < 2 or t.shape[-1] != t.shape[-2]:
        raise ValueError(f"For 'cond', the 'A' must be (batches of) square matrices, but got {_desc(A)}")
    return _wrap(torch.linalg.cond(A._t, p))


def geqrf(input):
    """Householder QR representation ``(a, tau)``."""
    a, tau = torch.geqrf(input._t)
    return _wrap(a), _wrap(tau)


def orgqr(input, input2):
    """Q from a Householder representation."""
    return _wrap(torch.linalg.householder_product(input._t, input2._t))


def ormqr(input, tau, other, left=True, transpose=False):
    """Multiply ``other`` by Q from a Householder representation."""
    return _wrap(torch.ormqr(input._t, tau._t, other._t, left, transpose))


def cov(input, *, correction=1, fweights=None, aweights=None):
    """Covariance matrix of the rows (variables) of ``input``."""
    return _wrap(torch.cov(input._t, correction=correction, fweights=_u(fweights), aweights=_u(aweights)))


def trapz(y, x=None, *, dx=1.0, dim=-1):
    """Trapezoidal integral of ``y`` along ``dim`` (sample points ``x`` or spacing ``dx``)."""
    t = y._t if y._t.dtype != torch.bool else y._t.to(torch.float32)  # MindSpore casts Bool samples
    if x is not None:
        return _wrap(torch.trapezoid(t, x._t, dim=dim))
    return _wrap(torch.trapezoid(t, dx=dx, dim=dim))


# Operators that MindSpore exposes only through ``mint`` (not in ``mindspore.ops``), kept here as their one
# implementation.
@_guard
def outer_ext(input, vec2):
    """Outer product of two 1-D tensors (``mindspore.mint.outer``: other ranks raise ValueError, unlike
    ``ops.outer``)."""
    for name, value in (("input", input), ("vec2", vec2)):
        if value._t.dim() != 1:
            raise ValueError(f"For 'outer', the '{name}' must be 1-D, but got {_desc(value)}")
    return _wrap(torch.outer(input._t, vec2._t))


@_guard
def vdot(input, other):
    """Dot product of two 1-D tensors with ``input`` conjugated (``mindspore.mint.vdot``)."""
    return _wrap(torch.vdot(input._t, other._t))


@_guard
def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """Solve ``A X = b`` for triangular ``A`` (batched); returns ``(X, A)`` (``mindspore.mint.triangular_solve``)."""
    a = A._t.mT if transpose else A._t
    x = torch.linalg.solve_triangular(a, b._t, upper=upper != transpose, unitriangular=unitriangular)
    return _wrap(x), A


def _logm(a):
    """Principal logarithm of (batched) square matrices, defective ones too: inverse scaling and squaring.
    Square roots (Denman-Beavers) bring ``a`` within 0.25 of I, where the series of log(I + X) converges fast;
    each square root taken doubles the result."""
    eye = torch.eye(a.shape[-1], dtype=a.dtype, device=a.device).expand_as(a)
    roots = 0
    while roots < 64 and float(torch.linalg.matrix_norm(a - eye, 1).max()) > 0.25:
        y, z = a, eye
        for _ in range(100):
            y, z, previous = (y + torch.linalg.inv(z)) / 2, (z + torch.linalg.inv(y)) / 2, y
            if torch.allclose(y, previous, rtol=1e-14, atol=1e-14):
                break
        a, roots = y, roots + 1
    d = a - eye
    term, out = eye, torch.zeros_like(a)
    for j in range(1, 40):  # |d| <= 0.25: the terms fall below 1e-24
        term = term @ d
        out = out + term * ((-1) ** (j + 1) / j)
    return out * 2 ** roots


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def matrix_triangular_solve(matrix, rhs, *, adjoint, lower):
    """``MatrixTriangularSolve``: Solve triangular systems ``matrix @ x = rhs``."""
    _kernel_dtype("MatrixTriangularSolve", matrix, rhs)
    m = matrix._t.mH if adjoint else matrix._t
    upper = lower == adjoint
    return _wrap(torch.linalg.solve_triangular(m, rhs._t, upper=upper))


def matrix_solve_ls(matrix, rhs, l2_regularizer):
    """``MatrixSolveLs``: Least-squares solution of ``matrix @ X = rhs`` (batched), regularised by ``l2_regularizer
    * |X|^2``."""
    _check_dtypes("MatrixSolveLs", matrix=matrix, rhs=rhs, l2_regularizer=l2_regularizer)
    m, b = matrix._t, rhs._t
    if m.dim() < 2 or b.dim() < 2 or m.shape[:-1] != b.shape[:-1]:
        raise ValueError(f"For 'MatrixSolveLs', the 'matrix' and 'rhs' must be at least 2-D with the same shape "
                         f"but the last axis, but got {tuple(m.shape)} and {tuple(b.shape)}")
    l2 = float(l2_regularizer._t)
    if l2 == 0.0:
        return _wrap(torch.linalg.lstsq(m, b).solution)
    gram = m.mH @ m + l2 * torch.eye(m.shape[-1], dtype=m.dtype, device=m.device)
    return _wrap(torch.linalg.solve(gram, m.mH @ b))


def matrix_logarithm(x):
    """``MatrixLogarithm``: Principal matrix logarithm of diagonalisable complex matrices (via
    eigendecomposition)."""
    _check_dtypes("MatrixLogarithm", x=x)
    _check_ndim("MatrixLogarithm", "x", x, 2, at_least=True)
    if x._t.shape[-1] != x._t.shape[-2]:
        raise ValueError(f"For 'MatrixLogarithm', the last two dimensions of 'x' must be equal, but got shape "
                         f"{tuple(x._t.shape)}")
    return _wrap(_logm(x._t.to(torch.complex128)).to(x._t.dtype))


_guard_module(globals(), __all__)

# The dtypes MindSpore 2.10's kernels accept where torch's accept more (integers and Bool, mostly).
_ADD_MV_R = FLOATS | frozenset({torch.int16, torch.int32, torch.int64})  # ops.addmv/addr's Python check
apply_dtype_table(globals(), {
    # MindSpore documents Float16/Float32 for dot and Float32 for batch_dot; Float64 is kept (gradcheck).
    "dot": {"input": FLOATS, "other": FLOATS}, "batch_dot": {"x1": FLOATS, "x2": FLOATS},
    "ger": {"input": FLOATS, "vec2": FLOATS, SAME: ("input", "vec2")},
    "inverse": {"input": F32_F64_COMPLEX}, "cond": {"A": F32_F64_COMPLEX},
    "matrix_solve": {"matrix": FLOATS_COMPLEX, "rhs": FLOATS_COMPLEX, SAME: ("matrix", "rhs")},
    "orgqr": {"input": F32_F64_COMPLEX, "input2": F32_F64_COMPLEX, SAME: ("input", "input2")},
    "cholesky_solve": {"input": F32_F64, "input2": F32_F64}, "pinv": {"x": F32_F64},
    "qr": {"input": FLOATS_COMPLEX}, "lu_unpack": {"LU_data": NO_BOOL, "LU_pivots": INTS},
    "norm": {"A": NO_BOOL}, "vector_norm": {"x": NO_BOOL}, "matrix_norm": {"A": NO_BOOL},
    # Checked before the shapes, as MindSpore 2.10's Python wrappers and primitive infer functions do.
    "addmv": {"input": _ADD_MV_R, "mat": ALL, SAME: ("mat", "vec")},
    "addr": {"x": _ADD_MV_R, "vec1": ALL, SAME: ("vec1", "vec2")},
    "baddbmm": {"input": ALL, SAME: ("input", "batch1", "batch2")},
    "svd": {"input": F32_F64_COMPLEX},
    "lstsq": {"input": FLOATS, "A": FLOATS, SAME: ("input", "A")},
    "lu_solve": {"b": FLOATS, "LU_data": FLOATS, "LU_pivots": frozenset({torch.int32})},
    "ormqr": {"input": F32_F64_COMPLEX, "tau": F32_F64_COMPLEX, "other": F32_F64_COMPLEX,
              SAME: ("input", "tau", "other")},
    "matrix_power": {"input": F32_F64 | INTS},
})


# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
def _narrow(x, axis, start, length):
    """``length`` elements of ``x`` along ``axis`` from ``start``."""
    from .array_func import narrow
    return narrow(x, axis, start, length)


def _nd_transpose(a):
    """``a`` with its last two axes swapped (TypeError below 2-D)."""
    if a.ndim < 2:
        raise TypeError("to do _nd_transpose for input a's ndim is not greater or equal to 2d, which is invalid.")
    from .array_func import swapaxes
    return swapaxes(a, -1, -2)
