"""Shape methods of ``Tensor``: reshape, transpose, squeeze, split, flip, diagonal ..."""
import builtins

import torch

from ...ops.function import array_func, creation_func
from .. import dtype as mstype
from ..tensor import Tensor, _wrap
from ._common import _fail, _op, _pick, _shape_args, _to_torch_dtype, _Type


def reshape(self, *shape):
    """Return a tensor with the same data and a new shape (``-1`` infers one dimension)."""
    shape = _shape_args(shape)
    try:
        return _wrap(self._t.reshape(shape))
    except RuntimeError as e:
        raise ValueError(f"For 'Tensor.reshape', cannot reshape a tensor of shape {tuple(self._t.shape)} "
                         f"into shape {tuple(shape)}: {e}") from None


def view(self, *shape):
    """Reshape (``view(2, -1)``/``view((2, 3))``) or reinterpret the bytes as a dtype (``view(ms.int32)``)."""
    if not shape:
        raise TypeError("For 'Tensor.view', a shape or a dtype is required, but got no argument")
    if len(shape) == 1 and isinstance(shape[0], _Type):
        return _wrap(self._t.view(shape[0]._torch))
    shape = _shape_args(shape)
    try:
        return _wrap(self._t.reshape(shape))
    except RuntimeError as e:
        raise ValueError(f"For 'Tensor.view', cannot view a tensor of shape {tuple(self._t.shape)} "
                         f"as shape {tuple(shape)}: {e}") from None


def reshape_as(self, other):
    try:
        return _wrap(self._t.reshape(other._t.shape))
    except (RuntimeError, IndexError) as e:
        _fail("reshape_as", e, self)


def expand_dims(self, axis):
    """Insert a dimension of size 1 at ``axis``."""
    n = self._t.dim() + 1
    if not -n <= axis < n:
        raise ValueError(f"For 'Tensor.expand_dims', the 'axis' must be in range of [{-n}, {n}), but got {axis}")
    return _wrap(self._t.unsqueeze(axis))


def unsqueeze(self, dim):
    try:
        return _wrap(self._t.unsqueeze(dim))
    except (RuntimeError, IndexError) as e:
        _fail("unsqueeze", e, self)


def squeeze(self, *axis, **kwargs):
    """Remove size-1 dimensions: all of them, or those in ``axis`` (int or tuple, also given as the
    keyword ``axis`` or ``dim``); others are kept."""
    if kwargs:
        unknown = set(kwargs) - {"axis", "dim"}
        if unknown or axis or len(kwargs) > 1:
            raise TypeError(f"For 'Tensor.squeeze', the arguments must be 'axis' (or 'dim') once, but got "
                            f"{len(axis)} positional and the keywords {sorted(kwargs)}")
        axis = tuple(kwargs.values())
    try:
        if not axis or axis == (None,):
            return _wrap(self._t.squeeze())
        if len(axis) == 1:
            axis = axis[0]
        if isinstance(axis, list):
            axis = tuple(axis)
        return _wrap(self._t.squeeze(axis))
    except (RuntimeError, IndexError) as e:
        _fail("squeeze", e, self)


def transpose(self, *axes):
    """NumPy-style: ``transpose()`` reverses the axes, ``transpose(2, 0, 1)`` or ``transpose((2, 0, 1))``
    permutes them; with two axes on a tensor of higher rank the two axes are swapped (``dim0, dim1``)."""
    try:
        t = self._t
        if not axes or axes == (None,):
            return _wrap(t.permute(*range(t.dim() - 1, -1, -1)))
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        if len(axes) == 2 and t.dim() != 2:
            return _wrap(t.transpose(axes[0], axes[1]))
        if len(axes) != t.dim():
            raise ValueError(f"For 'Tensor.transpose', the permutation {axes} must have one entry per dimension "
                             f"of the tensor of shape {tuple(t.shape)}")
        return _wrap(t.permute(axes))
    except (RuntimeError, IndexError) as e:
        _fail("transpose", e, self)


def permute(self, *dims):
    try:
        return _wrap(self._t.permute(_shape_args(dims)))
    except (RuntimeError, IndexError) as e:
        _fail("permute", e, self)


def swapaxes(self, axis0, axis1):
    try:
        return _wrap(self._t.transpose(axis0, axis1))
    except (RuntimeError, IndexError) as e:
        _fail("swapaxes", e, self)


def swapdims(self, dim0, dim1):
    return _wrap(self._t.transpose(dim0, dim1))


def moveaxis(self, source, destination):
    """``ops.moveaxis``."""
    return array_func.moveaxis(self, source, destination)


movedim = moveaxis


def t(self):
    return _wrap(self._t.t())


def flatten(self, start_dim=0, end_dim=-1, *, order="C"):
    """Flatten dimensions ``start_dim``..``end_dim`` (all by default); ``order='F'`` flattens column-major."""
    try:
        t = self._t
        if order == "F":
            t = t.permute(*range(t.dim() - 1, -1, -1))
        if t.dim() == 0:
            return _wrap(t.reshape(1))
        return _wrap(t.flatten(start_dim, end_dim))
    except (RuntimeError, IndexError) as e:
        _fail("flatten", e, self)


def ravel(self):
    return _wrap(self._t.reshape(-1))


def broadcast_to(self, *shape):
    try:
        return _wrap(self._t.expand(_shape_args(shape)))
    except (RuntimeError, IndexError) as e:
        _fail("broadcast_to", e, self)


def expand(self, *size):
    try:
        return _wrap(self._t.expand(_shape_args(size)))
    except (RuntimeError, IndexError) as e:
        _fail("expand", e, self)


def tile(self, dims):
    try:
        return _wrap(self._t.tile(dims))
    except (RuntimeError, IndexError) as e:
        _fail("tile", e, self)


def repeat(self, *repeats, axis=None):
    """Repeat the tensor ``repeats[i]`` times along dimension ``i`` (``repeat(3, 2)`` or ``repeat((3, 2))``).

    With ``axis``, or fewer repeats than dimensions, it is NumPy's ``repeat``: each element
    is repeated ``repeats`` times along ``axis`` (the flattened tensor when ``axis`` is None).
    """
    if not repeats:
        raise TypeError("For 'Tensor.repeat', the 'repeats' is required, but got no argument")
    try:
        t = self._t
        if len(repeats) == 1 and isinstance(repeats[0], (tuple, list)):
            repeats = tuple(repeats[0])
        if axis is None and len(repeats) >= builtins.max(t.dim(), 1):
            return _wrap(t.repeat(repeats))
        r = repeats[0] if len(repeats) == 1 else Tensor(list(repeats), mstype.int64)._t.to(t.device)
        r = r._t if isinstance(r, Tensor) else r
        if axis is None:
            return _wrap(t.reshape(-1).repeat_interleave(r))
        return _wrap(t.repeat_interleave(r, axis))
    except (RuntimeError, IndexError) as e:
        _fail("repeat", e, self)


def repeat_interleave(self, repeats, dim=None, *, output_size=None):
    """``ops.repeat_interleave(self, repeats, dim)`` (``output_size`` is only a hint of the result's length)."""
    return _op("repeat_interleave")(self, repeats, dim)


def narrow(self, dim, start, length):
    try:
        return _wrap(self._t.narrow(dim, start, length))
    except (RuntimeError, IndexError) as e:
        _fail("narrow", e, self)


def select(self, dim, index):
    """Two MindSpore overloads: ``select(dim, index)`` picks one slice along ``dim``; ``select(condition, y)``
    is ``ops.select(condition, self, y)`` (a Bool ``condition``; MindSpore 2.10 refuses others with TypeError)."""
    if isinstance(dim, Tensor):
        if dim._t.dtype != torch.bool:
            raise TypeError(f"For 'Tensor.select', the 'condition' must be a Bool Tensor, but got {dim.dtype}")
        return _op("select")(dim, self, index)
    try:
        return _wrap(self._t.select(dim, index))
    except (RuntimeError, IndexError) as e:
        _fail("select", e, self)


def unbind(self, dim=0):
    try:
        return tuple(_wrap(o) for o in self._t.unbind(dim))
    except (RuntimeError, IndexError) as e:
        _fail("unbind", e, self)


def split(self, split_size_or_sections, axis=0, *, dim=None):
    """Split into chunks of ``split_size_or_sections`` rows (int) or of the listed sizes."""
    try:
        out = self._t.split(split_size_or_sections, _pick(dim, default=axis))
        return tuple(_wrap(o) for o in out)
    except (RuntimeError, IndexError) as e:
        _fail("split", e, self)


def chunk(self, chunks, dim=0, *, axis=None):
    try:
        return tuple(_wrap(o) for o in self._t.chunk(chunks, _pick(axis, default=dim)))
    except (RuntimeError, IndexError) as e:
        _fail("chunk", e, self)


def hsplit(self, indices_or_sections):
    """``ops.hsplit``: an int splits axis 1 into nearly equal parts."""
    return _op("hsplit")(self, indices_or_sections)


def vsplit(self, indices_or_sections):
    """``ops.vsplit``: an int splits axis 0 into nearly equal parts."""
    return _op("vsplit")(self, indices_or_sections)


def flip(self, dims):
    try:
        return _wrap(self._t.flip(dims if isinstance(dims, (tuple, list)) else (dims,)))
    except (RuntimeError, IndexError) as e:
        _fail("flip", e, self)


def roll(self, shifts, dims=None):
    try:
        return _wrap(self._t.roll(shifts, dims))
    except (RuntimeError, IndexError) as e:
        _fail("roll", e, self)


def rot90(self, k, dims):
    return _wrap(self._t.rot90(k, dims))


def diagonal(self, offset=0, axis1=0, axis2=1):
    try:
        return _wrap(self._t.diagonal(offset, axis1, axis2))
    except (RuntimeError, IndexError) as e:
        _fail("diagonal", e, self)


def diag(self):
    return array_func.diag(self)


def tril(self, diagonal=0):
    try:
        return _wrap(self._t.tril(diagonal))
    except (RuntimeError, IndexError) as e:
        _fail("tril", e, self)


def triu(self, diagonal=0):
    try:
        return _wrap(self._t.triu(diagonal))
    except (RuntimeError, IndexError) as e:
        _fail("triu", e, self)


def trace(self, offset=0, axis1=0, axis2=1, dtype=None):
    """Sum along a diagonal (over ``axis1`` and ``axis2``); integers sum to Int64, a Bool tensor gives Bool
    (whether the diagonal holds a True), as MindSpore 2.10's ``Tensor.trace``."""
    t = self._t
    if t.dim() < 2:
        raise RuntimeError(f"For 'Tensor.trace', the tensor must have at least 2 dimensions, but got shape "
                           f"{tuple(t.shape)}")
    try:
        out = t.diagonal(offset, axis1, axis2).sum(-1)
    except (RuntimeError, IndexError) as e:
        _fail("trace", e, self)
    if dtype is not None:
        return _wrap(out.to(_to_torch_dtype(dtype)))
    return _wrap(out.bool() if t.dtype == torch.bool else out)


def resize(self, *new_shape):
    """A new tensor of ``new_shape`` holding the data in order, cut or padded with zeros (MindSpore 2.10; NumPy's
    ``resize`` repeats the data instead); without a shape, a copy."""
    if not new_shape:
        return _wrap(self._t.clone())
    shape = _shape_args(new_shape)
    flat = self._t.reshape(-1)
    n = 1
    for s in shape:
        n *= s
    if n > flat.numel():
        return array_func.cat([_wrap(flat), creation_func.zeros(n - flat.numel(), self.dtype)]).reshape(shape)
    return _wrap(flat[:n].reshape(shape))


def sum_to_size(self, *size):
    return _wrap(self._t.sum_to_size(_shape_args(size)))
