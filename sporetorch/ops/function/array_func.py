"""Array manipulation: shape, join/split, indexing, gather/scatter, sorting and selection.

MindSpore differences kept here: ``transpose`` takes a full permutation, ``flatten``
keeps the batch axis by default, ``gather`` is NumPy's ``take`` along ``axis`` (with
``batch_dims``), ``one_hot`` maps out-of-range indices to ``off_value``, ``unique``
keeps first-occurrence order, and sort/argsort/topk indices are Int32.
"""
import builtins
import numbers

import numpy as np
import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...common._inplace import _set
from ._dtype_table import (
    COMPLEXES,
    F32_F64,
    INT32_INT64,
    NO_BOOL,
    SAME,
    apply_dtype_table,
)
from ._math_dtypes import check as _kernel_dtype
from ._prim_checks import (
    FLOATS,
    I32_64,
    _check_dtypes,
    _rank,
    _same_dtype,
    _tensor_arg,
    float_input,
    tensor_of,
    tensor_sequence,
)
from ._utils import (
    _axes,
    _axis,
    _desc,
    _fail,
    _guard,
    _guard_module,
    _inline_checked,
    _no_tensor,
    _number,
    _shape,
    _torch_error_type,
    _u,
    _ut,
    _wrap_seq,
)
from ._utils import _pair

__all__ = [
    "reshape", "reshape_", "permute", "transpose", "swapaxes", "swapdims", "moveaxis", "movedim", "t", "adjoint",
    "expand_dims", "unsqueeze", "squeeze", "flatten", "ravel", "concat", "cat", "stack", "hstack", "vstack",
    "dstack", "column_stack", "row_stack", "unstack", "unbind", "split", "tensor_split", "chunk", "hsplit",
    "vsplit", "dsplit", "tile", "broadcast_to", "expand", "expand_as", "flip", "fliplr", "flipud", "roll", "rot90",
    "gather", "gather_d", "gather_elements", "gather_nd", "index_select", "take", "masked_fill", "masked_select",
    "where", "select", "scatter", "scatter_add", "scatter_update", "scatter_mul", "scatter_div", "scatter_max",
    "scatter_min", "scatter_nd", "scatter_nd_add", "scatter_nd_sub", "scatter_nd_mul", "scatter_nd_div",
    "scatter_nd_max", "scatter_nd_min", "scatter_nd_update", "tensor_scatter_add", "tensor_scatter_sub",
    "tensor_scatter_mul", "tensor_scatter_div", "tensor_scatter_max", "tensor_scatter_min",
    "tensor_scatter_update", "tensor_scatter_elements", "index_add", "index_fill", "narrow", "slice",
    "tensor_slice", "strided_slice", "select_scatter", "slice_scatter", "diagonal_scatter", "one_hot", "pad",
    "sort", "argsort", "msort", "topk", "top_k", "unique", "unique_consecutive", "unique_with_pad", "nonzero",
    "argwhere", "searchsorted", "bucketize", "repeat_elements", "repeat_interleave", "reverse",
    "reverse_sequence", "meshgrid", "cartesian_prod", "combinations", "diag", "diagflat", "diag_embed",
    "diagonal", "tril", "triu", "block_diag", "atleast_1d", "atleast_2d", "atleast_3d", "shape", "shape_",
    "dyn_shape", "rank", "size", "numel", "dtype", "cast", "type_as", "view_as", "identity", "deepcopy", "depend",
    "assign", "assign_add", "assign_sub", "sequence_mask", "matrix_band_part", "view_as_real", "polar",
    "move_to", "vander", "scalar_to_tensor", "tuple_to_array", "scalar_cast", "inplace_update", "inplace_add",
    "inplace_sub", "inplace_index_add", "put_", "intopk", "channel_shuffle", "mirror_pad",
    "padding", "matrix_diag", "matrix_diag_part", "matrix_set_diag",
]

_builtin_slice = builtins.slice


def _tensors(op, name, tensors):
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"For '{op}', the '{name}' must be a tuple or list of Tensors, "
                        f"but got {type(tensors).__name__}")
    try:
        return [x._t for x in tensors]
    except AttributeError:
        raise TypeError(f"For '{op}', every element of '{name}' must be a Tensor, "
                        f"but got {[type(x).__name__ for x in tensors]}") from None


def _indices(op, name, index):
    """Torch index tensor from a Tensor/list/int, rejecting float indices with a TypeError."""
    t = _ut(index)
    if t.is_floating_point() or t.is_complex():
        raise TypeError(f"For '{op}', the '{name}' must be an integer tensor, but got {_desc(index)}")
    return t if t.dtype == torch.int64 or t.dtype == torch.int32 else t.long()


def _no_int(op, name, value):
    """MindSpore's TypeError for a bare int where its primitive takes a tuple of ints (shape, axes)."""
    if isinstance(value, (int, np.integer)):
        raise TypeError(f"For '{op}', the '{name}' must be a tuple or list of ints, but got int {value}")


# ---------------------------------------------------------------------------- shape
@_inline_checked
def reshape(input, shape):
    """Reshape ``input`` to ``shape`` (one entry may be -1)."""
    try:
        try:
            if type(shape) is tuple:
                try:
                    return _wrap(input._t.reshape(shape))
                except TypeError:
                    pass
            _no_int("reshape", "shape", shape)
            return _wrap(input._t.reshape(_shape("reshape", shape)))
        except RuntimeError as e:
            _fail("reshape", e, ValueError, input=input, shape=shape)
    except AttributeError as e:
        _no_tensor("reshape", e, input=input, shape=shape)


def reshape_(input, shape):
    """Alias of :func:`reshape`."""
    return reshape(input, shape)


@_inline_checked
def permute(input, axis):
    """Reorder the axes of ``input`` by the permutation ``axis``."""
    try:
        try:
            _no_int("permute", "axis", axis)
            return _wrap(input._t.permute(_shape("permute", axis, "axis")))
        except (RuntimeError, IndexError) as e:
            _fail("permute", e, ValueError, input=input, axis=axis)
    except AttributeError as e:
        _no_tensor("permute", e, input=input, axis=axis)


@_inline_checked
def transpose(input, dims):
    """Permute the axes of ``input`` by the full permutation ``dims`` (not a pair swap as in torch)."""
    try:
        try:
            if type(dims) is not tuple:
                _no_int("transpose", "dims", dims)
            return _wrap(input._t.permute(dims if type(dims) is tuple else _shape("transpose", dims, "dims")))
        except (RuntimeError, IndexError) as e:
            _fail("transpose", e, ValueError, input=input, dims=dims)
    except AttributeError as e:
        _no_tensor("transpose", e, input=input, dims=dims)


@_inline_checked
def swapaxes(input, axis0, axis1):
    """Swap two axes."""
    try:
        t = input._t
        return _wrap(t.transpose(_axis("swapaxes", axis0, t.dim(), "axis0"),
                                 _axis("swapaxes", axis1, t.dim(), "axis1")))
    except AttributeError as e:
        _no_tensor("swapaxes", e, input=input, axis0=axis0, axis1=axis1)


def swapdims(input, dim0, dim1):
    """Swap two axes."""
    t = input._t
    return _wrap(t.transpose(_axis("swapdims", dim0, t.dim(), "dim0"), _axis("swapdims", dim1, t.dim(), "dim1")))


def moveaxis(x, source, destination):
    """Move axes ``source`` to positions ``destination``."""
    return _wrap(torch.movedim(x._t, source, destination))


def movedim(x, source, destination):
    """Move axes ``source`` to positions ``destination``."""
    return _wrap(torch.movedim(x._t, source, destination))


def t(input):
    """Transpose a 1-D or 2-D tensor."""
    ti = input._t
    if ti.dim() > 2:
        raise ValueError(f"For 't', the 'input' must be 1-D or 2-D, but got shape {tuple(ti.shape)}")
    return _wrap(ti.t())


def adjoint(x):
    """Conjugate transpose of the last two axes (a 0-D input raises ValueError, as in MindSpore)."""
    if x._t.dim() == 0:
        raise ValueError("For 'adjoint', the 'x' must have at least 1 dimension, but got a 0-D Tensor")
    return _wrap(x._t.mH)


@_inline_checked
def expand_dims(input_x, axis):
    """Insert a size-1 axis at ``axis`` (in ``[-ndim-1, ndim]``)."""
    try:
        t = input_x._t
        n = t.dim() + 1
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError(f"For 'expand_dims', the 'axis' must be an int, but got {type(axis).__name__}")
        if not -n <= axis < n:
            raise ValueError(f"For 'expand_dims', the 'axis' must be in range [{-n}, {n}), but got {axis} "
                             f"for input shape {tuple(t.shape)}")
        return _wrap(t.unsqueeze(axis))
    except AttributeError as e:
        _no_tensor("expand_dims", e, input_x=input_x, axis=axis)


@_inline_checked
def unsqueeze(input, dim):
    """Insert a size-1 axis at ``dim``."""
    try:
        return expand_dims(input, dim)
    except AttributeError as e:
        _no_tensor("unsqueeze", e, input=input, dim=dim)


@_inline_checked
def squeeze(input, axis=None):
    """Remove size-1 axes (all, or those in ``axis``); listed axes whose size is not 1 stay, as in MindSpore 2.10."""
    try:
        t = input._t
        if axis is None or axis == ():
            return _wrap(t.squeeze())
        axes = _axes("squeeze", axis, t.dim())
        return _wrap(t.squeeze((axes,) if isinstance(axes, int) else axes))
    except AttributeError as e:
        _no_tensor("squeeze", e, input=input, axis=axis)


@_inline_checked
def flatten(input, order='C', *, start_dim=1, end_dim=-1):
    """Flatten axes ``start_dim``..``end_dim`` (default: all but the first, as MindSpore does)."""
    try:
        if order not in ("C", "F"):
            raise ValueError(f"For 'flatten', the 'order' must be 'C' or 'F', but got {order!r}")
        t = input._t
        if order == "F":
            t = t.permute(*range(t.dim() - 1, -1, -1))
        if t.dim() == 0:
            return _wrap(t.reshape(1))
        if t.dim() == 1:
            return _wrap(t)
        try:
            return _wrap(torch.flatten(t, start_dim, end_dim))
        except (RuntimeError, IndexError) as e:
            _fail("flatten", e, ValueError, input=input, start_dim=start_dim, end_dim=end_dim)
    except AttributeError as e:
        _no_tensor("flatten", e, input=input)


def ravel(input):
    """Flatten to 1-D."""
    return _wrap(input._t.reshape(-1))


# ---------------------------------------------------------------------------- join / split
@_inline_checked
def concat(tensors, axis=0):
    """Join tensors along an existing ``axis``; mixed dtypes promote (e.g. Float16 + Float32 -> Float32)."""
    try:
        if isinstance(tensors, Tensor):
            raise TypeError(f"For 'concat', the 'tensors' must be a tuple or list of Tensors, but got {_desc(tensors)}")
        try:
            ts = [x._t for x in tensors]
        except (AttributeError, TypeError):
            ts = _tensors("concat", "tensors", tensors)
        try:
            return _wrap(torch.cat(ts, axis))
        except (RuntimeError, IndexError) as e:
            _fail("concat", e, ValueError, tensors=tensors, axis=axis)
    except AttributeError as e:
        _no_tensor("concat", e, tensors=tensors)


@_inline_checked
def cat(tensors, axis=0):
    """Alias of :func:`concat`."""
    try:
        return concat(tensors, axis)
    except AttributeError as e:
        _no_tensor("cat", e, tensors=tensors)


@_inline_checked
def stack(tensors, axis=0):
    """Join tensors of the same shape along a new ``axis``."""
    try:
        # MindSpore stacks a lone Tensor as a sequence of one.
        ts = _tensors("stack", "tensors", (tensors,) if isinstance(tensors, Tensor) else tensors)
        try:
            return _wrap(torch.stack(ts, axis))
        except (RuntimeError, IndexError) as e:
            _fail("stack", e, ValueError, tensors=tensors, axis=axis)
    except AttributeError as e:
        _no_tensor("stack", e, tensors=tensors)


def hstack(tensors):
    """Stack column-wise (along axis 1, axis 0 for 1-D tensors)."""
    return _wrap(torch.hstack(_tensors("hstack", "tensors", tensors)))


def vstack(inputs):
    """Stack row-wise (along axis 0 after making tensors at least 2-D)."""
    return _wrap(torch.vstack(_tensors("vstack", "inputs", inputs)))


def dstack(tensors):
    """Stack depth-wise (along axis 2 after making tensors at least 3-D)."""
    return _wrap(torch.dstack(_tensors("dstack", "tensors", tensors)))


def column_stack(tensors):
    """Stack 1-D tensors as columns of a 2-D tensor."""
    return _wrap(torch.column_stack(_tensors("column_stack", "tensors", tensors)))


def row_stack(tensors):
    """Alias of :func:`vstack`."""
    return _wrap(torch.vstack(_tensors("row_stack", "tensors", tensors)))


@_inline_checked
def unstack(input_x, axis=0):
    """Split along ``axis`` into a tuple of tensors with that axis removed."""
    try:
        t = input_x._t
        if t.dim() == 0:
            raise ValueError("For 'unstack', the 'input_x' must have at least 1 dimension, but got a 0-D Tensor")
        return _wrap_seq(torch.unbind(t, _axis("unstack", axis, t.dim())))
    except AttributeError as e:
        _no_tensor("unstack", e, input_x=input_x)


def unbind(input, dim=0):
    """Alias of :func:`unstack`."""
    t = input._t
    return _wrap_seq(torch.unbind(t, _axis("unbind", dim, t.dim(), "dim")))


@_inline_checked
def split(tensor, split_size_or_sections, axis=0):
    """Split into chunks of ``split_size_or_sections`` (an int: equal chunks, the last smaller) or listed sizes."""
    try:
        t = tensor._t
        if t.dim() == 0:
            raise ValueError(f"For 'split', the 'axis' {axis} is out of range for a 0-D Tensor")
        axis = _axis("split", axis, t.dim())
        if isinstance(split_size_or_sections, (list, tuple)):
            if builtins.sum(split_size_or_sections) != t.shape[axis]:
                raise ValueError(f"For 'split', the sum of 'split_size_or_sections' {list(split_size_or_sections)} "
                                 f"must equal the size {t.shape[axis]} of axis {axis} of input shape {tuple(t.shape)}")
        elif not isinstance(split_size_or_sections, int):
            raise TypeError(f"For 'split', the 'split_size_or_sections' must be an int or a list of ints, "
                            f"but got {split_size_or_sections!r}")
        elif split_size_or_sections <= 0:
            raise ValueError(f"For 'split', the 'split_size_or_sections' must be positive, "
                             f"but got {split_size_or_sections}")
        return _wrap_seq(torch.split(t, split_size_or_sections, axis))
    except AttributeError as e:
        _no_tensor("split", e, tensor=tensor, split_size_or_sections=split_size_or_sections)


def tensor_split(input, indices_or_sections, axis=0):
    """Split into ``indices_or_sections`` nearly equal parts, or at the given indices."""
    t = input._t
    return _wrap_seq(torch.tensor_split(t, indices_or_sections, _axis("tensor_split", axis, t.dim())))


@_inline_checked
def chunk(input, chunks, axis=0):
    """Split into ``chunks`` parts of size ``ceil(n / chunks)`` (the last may be smaller)."""
    try:
        t = input._t
        if t.dim() == 0:
            raise ValueError(f"For 'chunk', the 'axis' {axis} is out of range for a 0-D Tensor")
        if not isinstance(chunks, int) or isinstance(chunks, bool):
            raise TypeError(f"For 'chunk', the 'chunks' must be an int, but got {_desc(chunks)}")
        if chunks <= 0:
            raise ValueError(f"For 'chunk', the 'chunks' must be a positive int, but got {chunks!r}")
        return _wrap_seq(torch.chunk(t, chunks, _axis("chunk", axis, t.dim())))
    except AttributeError as e:
        _no_tensor("chunk", e, input=input, chunks=chunks)


def _split_along(op, input, indices_or_sections, axis, min_rank):
    """:func:`tensor_split` along ``axis`` of an input of rank >= ``min_rank`` (ValueError otherwise)."""
    t = input._t
    if t.dim() < min_rank:
        raise ValueError(f"For '{op}', the 'input' must have at least {min_rank} dimensions, "
                         f"but got shape {tuple(t.shape)}")
    return tensor_split(input, indices_or_sections, axis)


def hsplit(input, indices_or_sections):
    """Split along axis 1 into nearly equal parts (an int) or at the given indices (MindSpore 2.10 needs a 2-D
    or higher input)."""
    return _split_along("hsplit", input, indices_or_sections, 1, 2)


def vsplit(input, indices_or_sections):
    """Split along axis 0 into nearly equal parts (an int) or at the given indices."""
    return _split_along("vsplit", input, indices_or_sections, 0, 1)


def dsplit(input, indices_or_sections):
    """Split along axis 2 into nearly equal parts (an int) or at the given indices."""
    return _split_along("dsplit", input, indices_or_sections, 2, 3)


@_inline_checked
def tile(input, dims):
    """Repeat ``input`` ``dims[i]`` times along each axis."""
    try:
        try:
            _no_int("tile", "dims", dims)
            return _wrap(torch.tile(input._t, _shape("tile", dims, "dims")))
        except RuntimeError as e:
            _fail("tile", e, ValueError, input=input, dims=dims)
    except AttributeError as e:
        _no_tensor("tile", e, input=input, dims=dims)


@_inline_checked
def broadcast_to(input, shape):
    """Broadcast to ``shape`` (-1 keeps the input's size on that axis)."""
    try:
        try:
            _no_int("broadcast_to", "shape", shape)
            return _wrap(torch.broadcast_to(input._t, _shape("broadcast_to", shape)))
        except RuntimeError as e:
            _fail("broadcast_to", e, ValueError, input=input, shape=shape)
    except AttributeError as e:
        _no_tensor("broadcast_to", e, input=input, shape=shape)


def expand(input_x, size):
    """Broadcast to ``size`` (MindSpore's Expand takes it as a 1-D Tensor; a tuple is accepted too)."""
    _no_int("expand", "size", size)
    if isinstance(size, Tensor) and size._t.dim() != 1:
        raise ValueError(f"For 'expand', the 'size' must be a 1-D Tensor, but got {_desc(size)}")
    return broadcast_to(input_x, size)


def expand_as(input, other):
    """Broadcast to ``other``'s shape."""
    return broadcast_to(input, other._t.shape)


def flip(input, dims):
    """Reverse the order of elements along ``dims``."""
    t = input._t
    _no_int("flip", "dims", dims)
    d = _axes("flip", dims, t.dim(), "dims")
    return _wrap(torch.flip(t, (d,) if isinstance(d, int) else (d or ())))


def fliplr(input):
    """Flip along axis 1."""
    return _wrap(torch.fliplr(input._t))


def flipud(input):
    """Flip along axis 0."""
    return _wrap(torch.flipud(input._t))


def roll(input, shifts, dims=None):
    """Roll elements along ``dims`` by ``shifts`` (None: of the flattened tensor)."""
    return _wrap(torch.roll(input._t, shifts, dims))


def rot90(input, k, dims):
    """Rotate by 90 degrees ``k`` times in the plane ``dims``."""
    return _wrap(torch.rot90(input._t, k, list(dims)))


# ---------------------------------------------------------------------------- gather
def _take(op, t, idx, axis):
    try:
        idx = torch.where(idx < 0, idx + t.shape[axis], idx)  # MindSpore 2.10 takes negative indices from the end
        return torch.index_select(t, axis, idx.reshape(-1)).reshape(t.shape[:axis] + idx.shape + t.shape[axis + 1:])
    except (RuntimeError, IndexError) as e:
        _fail(op, e, _torch_error_type(e), input_params=t, input_indices=idx, axis=axis)


@_inline_checked
def gather(input_params, input_indices, axis, batch_dims=0):
    """Take slices along ``axis`` at ``input_indices`` (NumPy ``take``); shape ``p[:axis] + i.shape + p[axis+1:]``.

    Differences from PyTorch: this is not ``torch.gather`` (that is :func:`gather_elements`).
    """
    try:
        t = input_params._t
        idx = _indices("gather", "input_indices", input_indices)
        axis = _axis("gather", axis, t.dim())
        if batch_dims == 0:
            return _wrap(_take("gather", t, idx, axis))
        if batch_dims < 0:
            batch_dims += idx.dim()
        outs = [_take("gather", tp, ip, axis - batch_dims)
                for tp, ip in zip(t.reshape((-1,) + t.shape[batch_dims:]), idx.reshape((-1,) + idx.shape[batch_dims:]))]
        out = torch.stack(outs)
        return _wrap(out.reshape(t.shape[:batch_dims] + out.shape[1:]))
    except AttributeError as e:
        _no_tensor("gather", e, input_params=input_params, input_indices=input_indices, axis=axis)


@_inline_checked
def gather_elements(input, dim, index):
    """Pick ``input[..., index[i, j], ...]`` along ``dim`` (``torch.gather``)."""
    try:
        try:
            return _wrap(torch.gather(input._t, dim, _indices("gather_elements", "index", index).long()))
        except (RuntimeError, IndexError) as e:
            _fail("gather_elements", e, _torch_error_type(e), input=input, dim=dim, index=index)
    except AttributeError as e:
        _no_tensor("gather_elements", e, input=input, dim=dim, index=index)


def gather_d(x, dim, index):
    """Alias of :func:`gather_elements`."""
    return gather_elements(x, dim, index)


def gather_nd(input_x, indices):
    """Gather slices addressed by the last axis of ``indices``."""
    if not isinstance(indices, Tensor):
        raise TypeError(f"For 'gather_nd', the 'indices' must be a Tensor, but got {type(indices).__name__}")
    rank = input_x._t.dim()
    if indices._t.dim() == 0 or indices._t.shape[-1] > rank:
        raise ValueError(f"For 'gather_nd', the last dimension of 'indices' must be at most the rank of 'input_x' "
                         f"({rank}), but got {_desc(indices)}")
    idx = _indices("gather_nd", "indices", indices).long()
    try:
        return _wrap(input_x._t[tuple(idx.unbind(-1))])
    except IndexError as e:
        _fail("gather_nd", e, _torch_error_type(e), input_x=input_x, indices=indices)


@_inline_checked
def index_select(input, axis, index):
    """Select entries along ``axis`` at the 1-D integer ``index``."""
    try:
        t = input._t
        idx = _indices("index_select", "index", index)
        try:
            return _wrap(torch.index_select(t, _axis("index_select", axis, t.dim()), idx))
        except (RuntimeError, IndexError) as e:
            _fail("index_select", e, _torch_error_type(e), input=input, axis=axis, index=index)
    except AttributeError as e:
        _no_tensor("index_select", e, input=input, axis=axis, index=index)


def take(input, index):
    """Take elements of the flattened ``input`` at ``index``."""
    if not isinstance(index, Tensor):
        raise TypeError(f"For 'take', the 'index' must be a Tensor, but got {type(index).__name__}")
    return _wrap(torch.take(input._t, _indices("take", "index", index).long()))


@_inline_checked
def masked_fill(input_x, mask, value):
    """Replace elements where ``mask`` is True by ``value`` (mask and input broadcast together)."""
    try:
        t = input_x._t
        m = _ut(mask, t)
        if m.dtype != torch.bool:
            raise TypeError(f"For 'masked_fill', the 'mask' must be a Bool tensor, but got {_desc(mask)}")
        try:
            return _wrap(torch.where(m, _ut(value, t).to(t.dtype), t))
        except RuntimeError as e:
            _fail("masked_fill", e, ValueError, input_x=input_x, mask=mask)
    except AttributeError as e:
        _no_tensor("masked_fill", e, input_x=input_x, mask=mask, value=value)


def masked_select(input, mask):
    """1-D tensor of the elements of ``input`` where the broadcast ``mask`` is True."""
    if not isinstance(mask, Tensor):
        raise TypeError(f"For 'masked_select', the 'mask' must be a Tensor, but got {type(mask).__name__}")
    m = mask._t
    if m.dtype != torch.bool:
        raise RuntimeError(f"For 'masked_select', the 'mask' must be a Bool tensor, but got {_desc(mask)}")
    try:
        return _wrap(torch.masked_select(input._t, m))
    except RuntimeError as e:
        _fail("masked_select", e, ValueError, input=input, mask=mask)


@_inline_checked
def where(condition, input, other):
    """Element-wise ``input if condition else other`` with broadcasting; scalars are accepted."""
    try:
        c = _ut(condition)
        try:
            return _wrap(torch.where(c, _u(input), _u(other)))
        except (RuntimeError, TypeError) as e:
            _fail("where", e, condition=condition, input=input, other=other)
    except AttributeError as e:
        _no_tensor("where", e, condition=condition, input=input, other=other)


@_inline_checked
def select(condition, input, other):
    """Alias of :func:`where` (``mindspore.ops.select``)."""
    try:
        return where(condition, input, other)
    except AttributeError as e:
        _no_tensor("select", e, condition=condition, input=input, other=other)


# ---------------------------------------------------------------------------- scatter
def _update(var, new):
    """Write ``new`` into ``var`` the way MindSpore's ref ops do: Parameters change in place."""
    if isinstance(var, Parameter):
        return assign(var, _wrap(new))
    return _wrap(new)


def scatter(input, axis, index, src):
    """``out[index[i][j]][j] = src[i][j]`` along ``axis`` (``torch.scatter``)."""
    try:
        return _wrap(torch.scatter(input._t, axis, _indices("scatter", "index", index).long(), _u(src)))
    except (RuntimeError, IndexError) as e:
        _fail("scatter", e, ValueError, input=input, axis=axis, index=index, src=src)


def _scatter_rows(op, input_x, indices, updates, reduce):
    """Scatter ``updates`` into the rows of ``input_x`` addressed by ``indices`` (MindSpore's Scatter* ops)."""
    t = input_x._t
    idx = _indices(op, "indices", indices).long()
    u = _ut(updates, t).to(t.dtype)
    expected = tuple(idx.shape) + tuple(t.shape[1:])
    if tuple(u.shape) != expected:
        raise ValueError(f"For '{op}', the 'updates' must have shape indices.shape + input_x.shape[1:] = {expected}, "
                         f"but got {tuple(u.shape)}")
    if reduce == "update":
        return t.index_put((idx,), u)
    if reduce == "add":
        return t.index_put((idx,), u, accumulate=True)
    flat_u = u.reshape((-1,) + tuple(t.shape[1:]))
    flat_i = idx.reshape((-1,) + (1,) * (t.dim() - 1)).expand_as(flat_u)
    return _scatter_reduce(t, flat_i, flat_u, reduce)


def _scatter_reduce(t, index, src, reduce):
    """``t.scatter_reduce`` along axis 0; 'div' divides by the product of the updates landing on each element."""
    if reduce == "div":
        return t / torch.ones_like(t).scatter_reduce(0, index, src, "prod")
    return t.scatter_reduce(0, index, src, reduce)


def scatter_add(input_x, indices, updates):
    """Add ``updates`` into the rows of ``input_x`` at ``indices``; a Parameter is updated in place."""
    return _update(input_x, _scatter_rows("scatter_add", input_x, indices, updates, "add"))


def scatter_update(input_x, indices, updates):
    """Overwrite the rows of ``input_x`` at ``indices`` with ``updates``."""
    return _update(input_x, _scatter_rows("scatter_update", input_x, indices, updates, "update"))


def scatter_mul(input_x, indices, updates):
    """Multiply the rows of ``input_x`` at ``indices`` by ``updates``."""
    return _update(input_x, _scatter_rows("scatter_mul", input_x, indices, updates, "prod"))


def scatter_div(input_x, indices, updates):
    """Divide the rows of ``input_x`` at ``indices`` by ``updates``."""
    return _update(input_x, _scatter_rows("scatter_div", input_x, indices, updates, "div"))


def scatter_max(input_x, indices, updates):
    """Element-wise maximum of the rows of ``input_x`` at ``indices`` and ``updates``."""
    return _update(input_x, _scatter_rows("scatter_max", input_x, indices, updates, "amax"))


def scatter_min(input_x, indices, updates):
    """Element-wise minimum of the rows of ``input_x`` at ``indices`` and ``updates``."""
    return _update(input_x, _scatter_rows("scatter_min", input_x, indices, updates, "amin"))


def _scatter_nd(op, t, indices, updates, reduce, tensor_scatter=False, rank_first=False):
    """Scatter into ``t`` at N-d ``indices`` (the last axis addresses the leading dims of ``t``).

    ``tensor_scatter``: MindSpore's TensorScatter* checks, Int32/Int64 indices (TypeError) of rank 2 or more
    (ValueError); ``rank_first``: their shape is checked before their dtype (TensorScatterAdd)."""
    raw = _ut(indices)
    if rank_first:
        _scatter_nd_rank(op, t, raw, tensor_scatter)
    if tensor_scatter and raw.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{op}', the 'indices' must be a Tensor of Int32 or Int64, but got {_desc(indices)}")
    idx = _indices(op, "indices", indices).long()
    u = _ut(updates, t).to(t.dtype)
    _scatter_nd_rank(op, t, idx, tensor_scatter)
    k = idx.shape[-1]
    expected = tuple(idx.shape[:-1]) + tuple(t.shape[k:])
    if tuple(u.shape) != expected:
        raise ValueError(f"For '{op}', the 'updates' must have shape {expected} for indices shape {tuple(idx.shape)} "
                         f"and input shape {tuple(t.shape)}, but got {tuple(u.shape)}")
    try:
        if reduce in ("update", "add", "sub"):
            return t.index_put(tuple(idx.unbind(-1)), -u if reduce == "sub" else u, accumulate=reduce != "update")
        strides = torch.tensor([int(np.prod(t.shape[i + 1:k])) for i in range(k)], dtype=torch.long, device=t.device)
        lin = (idx * strides).sum(-1).reshape(-1)
        flat_t = t.reshape((-1,) + tuple(t.shape[k:]))
        flat_u = u.reshape((-1,) + tuple(t.shape[k:]))
        flat_i = lin.reshape((-1,) + (1,) * (flat_t.dim() - 1)).expand_as(flat_u)
        return _scatter_reduce(flat_t, flat_i, flat_u, reduce).reshape(t.shape)
    except (RuntimeError, IndexError) as e:
        _fail(op, e, _torch_error_type(e), input_x=t, indices=indices, updates=updates)


def _scatter_nd_rank(op, t, idx, tensor_scatter):
    if idx.dim() < (2 if tensor_scatter else 1) or idx.shape[-1] > t.dim():
        raise ValueError(f"For '{op}', the 'indices' must have rank {2 if tensor_scatter else 1} or more and "
                         f"indices.shape[-1] must not exceed the rank of input shape {tuple(t.shape)}, but got "
                         f"indices of shape {tuple(idx.shape)}")


def scatter_nd(indices, updates, shape):
    """A zero tensor of ``shape`` with ``updates`` added at N-d ``indices`` (duplicates accumulate)."""
    u = _ut(updates)
    zeros = torch.zeros(_shape("scatter_nd", shape), dtype=u.dtype, device=u.device)
    return _wrap(_scatter_nd("scatter_nd", zeros, indices, u, "add"))


def scatter_nd_add(input_x, indices, updates, use_locking=False):
    """Add ``updates`` at N-d ``indices``; a Parameter is updated in place."""
    return _update(input_x, _scatter_nd("scatter_nd_add", input_x._t, indices, updates, "add"))


def scatter_nd_sub(input_x, indices, updates, use_locking=False):
    """Subtract ``updates`` at N-d ``indices``."""
    return _update(input_x, _scatter_nd("scatter_nd_sub", input_x._t, indices, updates, "sub"))


def scatter_nd_mul(input_x, indices, updates, use_locking=False):
    """Multiply by ``updates`` at N-d ``indices``."""
    return _update(input_x, _scatter_nd("scatter_nd_mul", input_x._t, indices, updates, "prod"))


def scatter_nd_div(input_x, indices, updates, use_locking=False):
    """Divide by ``updates`` at N-d ``indices``."""
    return _update(input_x, _scatter_nd("scatter_nd_div", input_x._t, indices, updates, "div"))


def scatter_nd_max(input_x, indices, updates, use_locking=False):
    """Element-wise maximum with ``updates`` at N-d ``indices``."""
    return _update(input_x, _scatter_nd("scatter_nd_max", input_x._t, indices, updates, "amax"))


def scatter_nd_min(input_x, indices, updates, use_locking=False):
    """Element-wise minimum with ``updates`` at N-d ``indices``."""
    return _update(input_x, _scatter_nd("scatter_nd_min", input_x._t, indices, updates, "amin"))


def _scatter_nd_update(input_x, indices, updates, use_locking=True):
    return _update(input_x, _scatter_nd("scatter_nd_update", input_x._t, indices, updates, "update"))


def scatter_nd_update(*args):
    """Overwrite values at N-d ``indices`` with ``updates``; arguments ``(input_x, indices, updates, use_locking)``."""
    return _scatter_nd_update(*args)


def tensor_scatter_add(input_x, indices, updates):
    """Out-of-place :func:`scatter_nd_add`."""
    return _wrap(_scatter_nd("tensor_scatter_add", input_x._t, indices, updates, "add", True, True))


def tensor_scatter_sub(input_x, indices, updates):
    """Out-of-place :func:`scatter_nd_sub`."""
    return _wrap(_scatter_nd("tensor_scatter_sub", input_x._t, indices, updates, "sub", True))


def tensor_scatter_mul(input_x, indices, updates):
    """Out-of-place :func:`scatter_nd_mul`."""
    return _wrap(_scatter_nd("tensor_scatter_mul", input_x._t, indices, updates, "prod", True))


def tensor_scatter_div(input_x, indices, updates):
    """Out-of-place :func:`scatter_nd_div`."""
    return _wrap(_scatter_nd("tensor_scatter_div", input_x._t, indices, updates, "div", True))


def tensor_scatter_max(input_x, indices, updates):
    """Out-of-place :func:`scatter_nd_max`."""
    return _wrap(_scatter_nd("tensor_scatter_max", input_x._t, indices, updates, "amax", True))


def tensor_scatter_min(input_x, indices, updates):
    """Out-of-place :func:`scatter_nd_min`."""
    return _wrap(_scatter_nd("tensor_scatter_min", input_x._t, indices, updates, "amin", True))


def _tensor_scatter_update(input_x, indices, updates):
    return _wrap(_scatter_nd("tensor_scatter_update", input_x._t, indices, updates, "update"))


def tensor_scatter_update(*args):
    """Out-of-place :func:`scatter_nd_update`; arguments ``(input_x, indices, updates)``."""
    return _tensor_scatter_update(*args)


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction='none'):
    """Scatter ``updates`` along ``axis`` (``reduction``: 'none' overwrites, 'add' accumulates)."""
    t = input_x._t
    idx = _indices("tensor_scatter_elements", "indices", indices).long()
    if reduction == "none":
        return _wrap(torch.scatter(t, axis, idx, _ut(updates, t).to(t.dtype)))
    if reduction == "add":
        return _wrap(torch.scatter_add(t, axis, idx, _ut(updates, t).to(t.dtype)))
    raise ValueError(f"For 'tensor_scatter_elements', the 'reduction' must be 'none' or 'add', but got {reduction!r}")


def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """Add the slices of ``y`` into ``x`` along ``axis`` at ``indices``; a Parameter is updated in place."""
    t = x._t
    try:
        out = torch.index_add(t, _axis("index_add", axis, t.dim()), _indices("index_add", "indices", indices), y._t)
    except (RuntimeError, IndexError) as e:
        _fail("index_add", e, ValueError, x=x, indices=indices, y=y)
    return _update(x, out)


def inplace_index_add(var, indices, updates, axis):
    """Alias of :func:`index_add` for a Parameter ``var``."""
    return index_add(var, indices, updates, axis)


def index_fill(x, axis, index, value):
    """Fill the slices of ``x`` along ``axis`` at ``index`` with ``value``."""
    t = x._t
    if isinstance(axis, Tensor):
        if axis._t.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"For 'index_fill', the 'axis' must be an int or an Int32/Int64 Tensor, but got "
                            f"{_desc(axis)}")
        if axis._t.dim() != 0:
            raise ValueError(f"For 'index_fill', a Tensor 'axis' must be 0-D, but got {_desc(axis)}")
    return _wrap(torch.index_fill(t, _axis("index_fill", axis, t.dim()), _indices("index_fill", "index", index).long(),
                                  _u(value) if not isinstance(value, Tensor) else value._t.to(t.dtype)))


def _rows(x, indices):
    t = x._t
    idx = torch.as_tensor(indices if not isinstance(indices, Tensor) else indices._t, device=t.device).long()
    return t, idx.reshape(-1)


def inplace_update(x, v, indices):
    """Copy of ``x`` with rows ``indices`` (an int, a tuple of ints or a 1-D Int32/Int64 Tensor) replaced by
    ``v``; MindSpore 2.10 checks the indices' dtype, then their rank, then ``x`` and ``v``."""
    if isinstance(indices, Tensor):
        if indices._t.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"For 'inplace_update', the 'indices' must be an int, a tuple of ints or an Int32/Int64 "
                            f"Tensor, but got {_desc(indices)}")
        if indices._t.dim() != 1:
            raise RuntimeError(f"For 'inplace_update', the 'indices' must be 1-D, but got {_desc(indices)}")
    elif not all(isinstance(i, int) and not isinstance(i, bool)
                 for i in (indices if isinstance(indices, (tuple, list)) else (indices,))):
        raise TypeError(f"For 'inplace_update', the 'indices' must be an int, a tuple of ints or an Int32/Int64 "
                        f"Tensor, but got {indices!r}")
    t, idx = _rows(x, indices)
    if t.dtype != v._t.dtype:
        raise TypeError(f"For 'inplace_update', 'x' and 'v' must have the same dtype, but got {_desc(x)} and "
                        f"{_desc(v)}")
    if v._t.dim() == 0 or v._t.shape[0] != idx.numel() or v._t.shape[1:] != t.shape[1:]:
        raise ValueError(f"For 'inplace_update', the 'v' must have shape (len(indices),) + x.shape[1:], but got "
                         f"{_desc(v)} for {idx.numel()} indices and {_desc(x)}")
    return _wrap(t.index_copy(0, idx, v._t))


def inplace_add(x, v, indices):
    """Copy of ``x`` with ``v`` added to rows ``indices``."""
    t, idx = _rows(x, indices)
    return _wrap(t.index_add(0, idx, v._t.reshape((idx.numel(),) + tuple(t.shape[1:]))))


def inplace_sub(x, v, indices):
    """Copy of ``x`` with ``v`` subtracted from rows ``indices``."""
    t, idx = _rows(x, indices)
    return _wrap(t.index_add(0, idx, -v._t.reshape((idx.numel(),) + tuple(t.shape[1:]))))


def put_(input, index, source, accumulate=False):
    """Write ``source`` into the flattened ``input`` at ``index`` (in place)."""
    input._t.put_(_indices("put_", "index", index).long(), source._t, accumulate)
    return input


# ---------------------------------------------------------------------------- slicing
def narrow(input, axis, start, length):
    """``length`` entries of ``input`` along ``axis`` from ``start``."""
    t = input._t
    try:
        return _wrap(torch.narrow(t, _axis("narrow", axis, t.dim()), start, length))
    except (RuntimeError, IndexError) as e:
        _fail("narrow", e, ValueError, input=input, axis=axis, start=start, length=length)


def slice(input_x, begin, size):
    """A slice starting at ``begin`` with extent ``size`` per axis (-1: to the end)."""
    t = input_x._t
    begin, size = _shape("slice", begin, "begin"), _shape("slice", size, "size")
    if len(begin) != t.dim() or len(size) != t.dim():
        raise ValueError(f"For 'slice', 'begin' {begin} and 'size' {size} must have one entry per axis "
                         f"of input shape {tuple(t.shape)}")
    index = []
    for b, s, n in zip(begin, size, t.shape):
        end = n if s == -1 else b + s
        if b < 0 or end > n or b > end:
            raise ValueError(f"For 'slice', begin {begin} + size {size} is out of range for input shape "
                             f"{tuple(t.shape)}")
        index.append(_builtin_slice(b, end))
    return _wrap(t[tuple(index)])


def tensor_slice(input, begin, size):
    """Alias of :func:`slice`."""
    return slice(input, begin, size)


_STRIDED_SLICE_MASKS = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


def _strided_slice_arg(value, name):
    """``begin``/``end``/``strides`` as ints: MindSpore takes a tuple, list or Tensor, but not a bare int."""
    if not isinstance(value, (tuple, list, Tensor)):
        raise TypeError(f"For 'StridedSlice', the '{name}' must be a tuple, list or Tensor of ints, "
                        f"but got {type(value).__name__}")
    return _shape("StridedSlice", value, name)


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0):
    """TensorFlow-style strided slice with bit masks; negative strides are supported.

    Bit ``j`` of a mask refers to entry ``j`` of ``begin``/``end``/``strides``. An entry is, in this order of
    precedence, the ellipsis, a new axis, an index (shrink) or a slice; axes left unspecified are taken whole.
    Checks and exception types follow MindSpore's shape inference, in its order.
    """
    t = input_x._t
    shape = tuple(t.shape)
    begin, end, strides = (_strided_slice_arg(v, n) for v, n in ((begin, "begin"), (end, "end"),
                                                                  (strides, "strides")))
    masks = [_number(m) for m in (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)]
    for name, m in zip(_STRIDED_SLICE_MASKS, masks):
        if isinstance(m, bool) or not isinstance(m, (int, np.integer)):
            raise TypeError(f"For 'StridedSlice', the '{name}' must be an int, but got {type(m).__name__}")
    if 0 in strides:
        raise ValueError(f"For 'StridedSlice', input 'strides' can not contain 0, but got {strides} "
                         f"for input shape {shape}")
    if not len(begin) == len(end) == len(strides):
        raise ValueError(f"For 'StridedSlice', 'begin', 'end' and 'strides' must have the same length, but got "
                         f"'begin': {begin}, 'end': {end}, 'strides': {strides} for input shape {shape}")
    for name, m in zip(_STRIDED_SLICE_MASKS, masks):
        if m < 0:
            raise ValueError(f"For 'StridedSlice', the '{name}' must be greater than or equal to 0, but got {m}")
    begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask = masks
    if bin(ellipsis_mask).count("1") > 1:
        raise ValueError(f"For 'StridedSlice', only one ellipsis is supported, but 'ellipsis_mask' is "
                         f"{ellipsis_mask} ({bin(ellipsis_mask)}) for input shape {shape}")
    index, flips = [], []
    axis = shrunk = 0  # the input axis the next entry slices; output axes dropped by shrinks so far
    past_ellipsis = False
    for j, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << j
        if ellipsis_mask & bit:
            # It spans the axes that the later entries, new axes aside, leave over.
            later = builtins.sum(1 for k in range(j + 1, len(begin)) if not new_axis_mask >> k & 1)
            span = len(shape) - axis - later
            if span < 0:
                break  # more entries than axes: reported below
            index += [_builtin_slice(None)] * span
            axis += span
            past_ellipsis = True
        elif new_axis_mask & bit:
            index.append(None)
        elif axis == len(shape):
            break  # more entries than axes: reported below
        elif shrink_axis_mask & bit:
            n = shape[axis]
            start = 0 if begin_mask & bit else b
            if s < 0 or not -n <= start < n:
                # MindSpore raises IndexError here, but ValueError once past an ellipsis.
                raise (ValueError if past_ellipsis else IndexError)(
                    f"For 'StridedSlice', the 'strides[{j}]' cannot be negative number and 'begin[{j}]' must be in "
                    f"[{-n}, {n}) when 'shrink_axis_mask' is greater than 0, but got 'strides[{j}]': {s}, "
                    f"'begin[{j}]': {start} for input shape {shape}")
            index.append(start)
            axis += 1
            shrunk += 1
        else:
            item = _builtin_slice(None if begin_mask & bit else b, None if end_mask & bit else e, s)
            if s < 0:
                # torch has no negative-step slices: take the same elements forwards, then flip that output axis.
                picked = range(*item.indices(shape[axis]))
                item = _builtin_slice(picked[-1], picked[0] + 1, -s) if picked else _builtin_slice(0, 0)
                flips.append(len(index) - shrunk)
            index.append(item)
            axis += 1
    if len(begin) > len(shape):
        raise RuntimeError(f"For 'StridedSlice', the length of 'begin', 'end' and 'strides' must be at most the "
                           f"rank of 'input_x', but got length {len(begin)} for input shape {shape}")
    out = t[tuple(index)]
    return _wrap(out.flip(flips) if flips else out)


def select_scatter(input, src, axis, index):
    """Embed ``src`` into ``input`` at ``index`` along ``axis``."""
    return _wrap(torch.select_scatter(input._t, src._t, axis, index))


def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """Embed ``src`` into the slice ``start:end:step`` of ``input`` along ``axis``."""
    if input._t.dim() == 0:
        raise IndexError("For 'slice_scatter', the 'input' must have at least 1 dimension, but got a 0-D Tensor")
    if input._t.dtype != src._t.dtype:
        raise TypeError(f"For 'slice_scatter', 'input' and 'src' must have the same dtype, but got "
                        f"{input.dtype} and {src.dtype}")
    return _wrap(torch.slice_scatter(input._t, src._t, axis, start, end, step))


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """Embed ``src`` into a diagonal of ``input``."""
    return _wrap(torch.diagonal_scatter(input._t, src._t, offset, dim1, dim2))


# ---------------------------------------------------------------------------- one_hot / pad
@_inline_checked
def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """One-hot encoding with ``depth`` classes; out-of-range indices give all ``off_value``.

    The output dtype is ``on_value``'s (a Python int gives Int64).
    """
    try:
        idx = _indices("one_hot", "indices", indices)
        if isinstance(depth, Tensor):
            if depth._t.numel() != 1:
                raise TypeError(f"For 'one_hot', the 'depth' must be an int, but got {_desc(depth)}")
            depth = int(depth._t.item())
        if not isinstance(depth, int) or depth < 0:
            raise ValueError(f"For 'one_hot', the 'depth' must be a non-negative int, but got {depth!r}")
        on = _ut(on_value)
        off = _ut(off_value, on)
        valid = (idx >= 0) & (idx < depth)
        # (depth 0: torch's one_hot wants a class, sliced off again)
        hot = F.one_hot(torch.where(valid, idx, 0).long(), max(depth, 1))[..., :depth].bool() & valid.unsqueeze(-1)
        out = torch.where(hot, on, off.to(on.dtype))
        if axis != -1:
            out = out.movedim(-1, _axis("one_hot", axis, out.dim()))
        return _wrap(out)
    except AttributeError as e:
        _no_tensor("one_hot", e, indices=indices, depth=depth)


_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "replicate", "circular": "circular"}


@_inline_checked
def pad(input_x, padding, mode='constant', value=None):
    """Pad the last axes by ``padding`` = (left, right, top, bottom, ...); negative entries crop."""
    try:
        if mode not in _PAD_MODES:
            raise ValueError(f"For 'pad', the 'mode' must be one of {list(_PAD_MODES)}, but got {mode!r}")
        t = input_x._t
        if isinstance(padding, (int, np.integer)):
            raise TypeError(f"For 'pad', the 'padding' must be a tuple, list or 1-D Tensor, but got int {padding}")
        if isinstance(padding, Tensor) and padding._t.dim() != 1:
            raise ValueError(f"For 'pad', the 'padding' must be a 1-D Tensor, but got {_desc(padding)}")
        if t.dim() == 0:
            raise ValueError("For 'pad', the 'input_x' must have at least 1 dimension, but got a 0-D Tensor")
        pads = _shape("pad", padding, "padding")
        if len(pads) % 2 or len(pads) // 2 > t.dim():
            raise ValueError(f"For 'pad', the 'padding' length must be even and at most 2 * ndim, but got {list(pads)} "
                             f"for input shape {tuple(t.shape)}")
        try:
            if mode == "constant":
                return _wrap(F.pad(t, pads, "constant", 0 if value is None else _u(value)))
            return _wrap(F.pad(t, pads, mode))
        except (RuntimeError, NotImplementedError) as e:
            _fail("pad", e, ValueError, input_x=input_x, padding=padding, mode=mode)
    except AttributeError as e:
        _no_tensor("pad", e, input_x=input_x, padding=padding, value=value)


def mirror_pad(input_x, paddings, mode):
    """Pad by mirroring: ``mode='REFLECT'`` excludes the edge, ``'SYMMETRIC'`` repeats it.

    ``paddings`` is an (ndim, 2) tensor or nested sequence of (before, after) per axis.
    """
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"For 'mirror_pad', the 'mode' must be 'REFLECT' or 'SYMMETRIC', but got {mode!r}")
    t = input_x._t
    pads = paddings._t.tolist() if isinstance(paddings, Tensor) else [list(p) for p in paddings]
    if len(pads) != t.dim():
        raise ValueError(f"For 'mirror_pad', 'paddings' needs one (before, after) pair per axis of input shape "
                         f"{tuple(t.shape)}, but got {pads}")
    shift = 0 if mode == "SYMMETRIC" else 1
    for axis, (before, after) in enumerate(pads):
        n = t.shape[axis]
        if before > n - shift or after > n - shift:
            raise ValueError(f"For 'mirror_pad', padding {before, after} of axis {axis} is too large for size {n} "
                             f"in mode {mode}")
        idx = (list(range(before - 1 + shift, shift - 1, -1)) + list(range(n))
               + list(range(n - 1 - shift, n - 1 - shift - after, -1)))
        t = torch.index_select(t, axis, torch.tensor(idx, dtype=torch.long, device=t.device))
    return _wrap(t)


def padding(x, pad_dim_size=8):
    """Widen the last axis (of size 1) to ``pad_dim_size``, filling with zeros."""
    t = x._t
    if t.shape[-1] != 1:
        raise ValueError(f"For 'padding', the last axis of 'x' must have size 1, but got shape {tuple(t.shape)}")
    return _wrap(F.pad(t, (0, pad_dim_size - 1)))


_DIAG_ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")


def _diag_range(op, k):
    """``k`` (an int, or 1 or 2 ints: one diagonal or the band ``[low, high]``) as ``(low, high)``."""
    k = _u(k)
    if isinstance(k, torch.Tensor):
        if k.dim() > 1:
            raise ValueError(f"For '{op}', the rank of 'k' must be in [0,1], but got {k.dim()}.")
        k = k.tolist()
    if isinstance(k, (list, tuple)):
        if len(k) not in (1, 2):
            raise ValueError(f"For '{op}', the size of 'k' must be in [1,2], but got {len(k)}.")
        return int(k[0]), int(k[-1])
    return int(k), int(k)


def _diag_right_aligned(d, align):
    """Which diagonals ``d`` (a tensor of offsets) ``align`` places at the right end of their row:
    its first half names where superdiagonals (d >= 0) go, its second half subdiagonals (d <= 0)."""
    right = torch.zeros_like(d, dtype=torch.bool)
    if align in ("RIGHT_LEFT", "RIGHT_RIGHT"):
        right |= d >= 0
    if align in ("LEFT_RIGHT", "RIGHT_RIGHT"):
        right |= d <= 0
    return right


def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align='RIGHT_LEFT'):
    """Batched matrices with diagonals ``k`` (one, or the band ``[low, high]``) taken from ``x``, ``padding_value``
    elsewhere; TensorFlow's MatrixDiagV3."""
    op = "MatrixDiagV3"
    _check_diag_align(op, align)
    lo, hi = _diag_range(op, k)
    if lo > hi:
        raise ValueError(f"For '{op}', k[0] must not be greater than k[1], but got k[0] is {lo}, k[1] is {hi}.")
    t = x._t
    # One diagonal is x[..., L]; a band is x[..., high - low + 1, L], row 0 holding diagonal `high`.
    if lo == hi:
        if t.dim() < 1:
            raise ValueError(f"For '{op}', the rank of 'x' must be greater than or equal to 1, but got 0.")
        t = t.unsqueeze(-2)
    elif t.dim() < 2 or t.shape[-2] != hi - lo + 1:
        raise ValueError(f"For '{op}', the input x_shape[-2] doesn't match with k value: k {[lo, hi]} needs "
                         f"x of shape (..., {hi - lo + 1}, L), but got {tuple(t.shape)}.")
    n = t.shape[-1]
    # The smallest matrix holding every diagonal; -1 takes it (both -1: a square one).
    min_rows, min_cols = n - builtins.min(hi, 0), n + builtins.max(lo, 0)
    rows, cols = int(_u(num_rows)), int(_u(num_cols))
    if rows == -1 and cols == -1:
        rows = cols = builtins.max(min_rows, min_cols)
    rows = min_rows if rows == -1 else rows
    cols = min_cols if cols == -1 else cols
    if rows < min_rows or cols < min_cols:
        raise ValueError(f"For '{op}', the number of {'rows' if rows < min_rows else 'columns'} is too small.")
    # Some side must be tight, or the longest diagonal would be longer than L.
    if rows != min_rows and cols != min_cols:
        raise ValueError(f"For '{op}', the number of rows or columns is not consistent with the specified k and x.")
    if lo <= -rows or hi >= cols:
        raise ValueError(f"For '{op}', the value of k must be in ({-rows}, {cols}), "
                         f"but got {lo if lo <= -rows else hi}.")
    # For each output cell (i, j) on diagonal d = j - i: the row of x holding d and the position in it. A diagonal
    # shorter than L sits at the end of its row when `align` puts it right (first half: d >= 0, second: d <= 0).
    dev = t.device
    i = torch.arange(rows, device=dev).unsqueeze(-1)
    j = torch.arange(cols, device=dev)
    d = j - i
    length = torch.minimum(cols - d.clamp(min=0), rows + d.clamp(max=0))
    right = _diag_right_aligned(d, align)
    pos = torch.minimum(i, j) + torch.where(right, n - length, 0)
    inside = (d >= lo) & (d <= hi)
    flat = torch.where(inside, (hi - d) * n + pos, 0)
    vals = t.flatten(-2)[..., flat.reshape(-1)].reshape(t.shape[:-2] + (rows, cols))
    pad = torch.as_tensor(_u(padding_value), dtype=t.dtype, device=dev)
    return _wrap(torch.where(inside, vals, pad))


def _check_diag_align(op, align):
    """MindSpore's check of ``align``, which its Primitives make when they are built."""
    if not isinstance(align, str):
        raise TypeError(f"For '{op}', the type of 'align' should be 'str', but got type '{type(align).__name__}'.")
    if align not in _DIAG_ALIGNS:
        raise ValueError(f"For '{op}', the 'align' must be str and must be in '{list(_DIAG_ALIGNS)}', "
                         f"but got {align!r}.")


def _diag_band(op, t, k):
    """``(low, high, length)``: the band ``k`` of the matrices ``t``, checked, and its longest diagonal's length."""
    if t.dim() < 2:
        raise ValueError(f"For '{op}', the rank of 'x' must be greater than or equal to 2, but got {t.dim()}.")
    if isinstance(k, Tensor) and (k._t.is_floating_point() or k._t.is_complex() or k._t.dtype == torch.bool):
        raise TypeError(f"For '{op}', 'k' must be an integer Tensor, but got {k.dtype}.")
    lo, hi = _diag_range(op, k)
    if lo > hi:
        raise ValueError(f"For '{op}', k[0] can not be greater than k[1], but got k[0] is {lo}, k[1] is {hi}.")
    rows, cols = t.shape[-2:]
    if lo <= -rows or hi >= cols:
        raise ValueError(f"For '{op}', the value of k must be in ({-rows}, {cols}), "
                         f"but got {lo if not -rows < lo < cols else hi}.")
    return lo, hi, builtins.min(rows + builtins.min(hi, 0), cols - builtins.max(lo, 0))


def matrix_diag_part(x, k, padding_value, align='RIGHT_LEFT'):
    """Diagonals ``k`` (one, or the band ``[low, high]``) of the last two axes; TensorFlow's MatrixDiagPartV3.

    One diagonal gives ``(..., L)``, a band ``(..., high - low + 1, L)`` with row 0 holding diagonal
    ``high``; L is the longest diagonal's length, and ``align`` says on which side a shorter diagonal is
    padded with ``padding_value``.
    """
    op = "MatrixDiagPartV3"
    _check_diag_align(op, align)
    t = x._t
    lo, hi, length = _diag_band(op, t, k)
    if isinstance(padding_value, Tensor):
        if padding_value.ndim != 0:
            raise ValueError(f"For '{op}', the rank of 'padding_value' must be 0, but got {padding_value.ndim}.")
        if padding_value._t.dtype != t.dtype:
            raise TypeError(f"For '{op}', 'padding_value' must have the dtype of 'x' ({x.dtype}), "
                            f"but got {padding_value.dtype}.")
    rows, cols = t.shape[-2:]
    dev = t.device
    # For output row r (diagonal d = high - r) and slot n: the element's position p along d, which is
    # shifted right by the padding when `align` puts d right (first half: d >= 0, second: d <= 0).
    d = hi - torch.arange(hi - lo + 1, device=dev).unsqueeze(-1)
    size = torch.minimum(cols - d.clamp(min=0), rows + d.clamp(max=0))
    right = _diag_right_aligned(d, align)
    p = torch.arange(length, device=dev) - torch.where(right, length - size, 0)
    inside = (p >= 0) & (p < size)
    flat = torch.where(inside, (p - d.clamp(max=0)) * cols + p + d.clamp(min=0), 0)
    vals = t.flatten(-2)[..., flat.reshape(-1)].reshape(t.shape[:-2] + flat.shape)
    out = torch.where(inside, vals, torch.as_tensor(_u(padding_value), dtype=t.dtype, device=dev))
    return _wrap(out.squeeze(-2) if lo == hi else out)


def matrix_set_diag(x, diagonal, k=0, align='RIGHT_LEFT'):
    """Copy of ``x`` with diagonals ``k`` (one, or the band ``[low, high]``) of the last two axes replaced by
    ``diagonal``, laid out as :func:`matrix_diag_part` returns them; TensorFlow's MatrixSetDiagV3."""
    op = "MatrixSetDiagV3"
    _check_diag_align(op, align)
    if isinstance(diagonal, numbers.Number):  # MindSpore makes it a 0-D Tensor, of too low a rank
        raise ValueError(f"For '{op}', the 'diagonal' must be a Tensor of rank >= 1, but got {diagonal!r}")
    t = x._t
    lo, hi, length = _diag_band(op, t, k)
    expected = t.shape[:-2] + ((length,) if lo == hi else (hi - lo + 1, length))
    if diagonal._t.shape != expected:
        raise ValueError(f"For '{op}', 'diagonal' must have shape {tuple(expected)} for 'x' of shape "
                         f"{tuple(t.shape)} and k {[lo, hi]}, but got {tuple(diagonal._t.shape)}.")
    rows, cols = t.shape[-2:]
    # The band is the matrix matrix_diag builds from `diagonal` (in the result's dtype) at x's size.
    dtype = torch.promote_types(t.dtype, diagonal._t.dtype)
    band = matrix_diag(_wrap(diagonal._t.to(dtype)), [lo, hi], rows, cols, 0, align)._t
    d = torch.arange(cols, device=t.device) - torch.arange(rows, device=t.device).unsqueeze(-1)
    return _wrap(torch.where((d >= lo) & (d <= hi), band, t))


# ---------------------------------------------------------------------------- sort / select
def _sortable(op, name, t):
    """MindSpore's Sort needs an axis: a 0-D input raises ValueError."""
    if t.dim() == 0:
        raise ValueError(f"For '{op}', the '{name}' must have at least 1 dimension, but got a 0-D Tensor")


@_inline_checked
def sort(input_x, axis=-1, descending=False):
    """Sorted values and their Int32 indices along ``axis`` (a stable sort)."""
    try:
        t = input_x._t
        _sortable("sort", "input_x", t)
        values, idx = torch.sort(t, dim=_axis("sort", axis, t.dim()), descending=descending, stable=True)
        return _wrap(values), _wrap(idx.to(torch.int32))
    except AttributeError as e:
        _no_tensor("sort", e, input_x=input_x)


def argsort(input, axis=-1, descending=False):
    """Int32 indices that sort ``input`` along ``axis``."""
    t = input._t
    _sortable("argsort", "input", t)
    return _wrap(torch.sort(t, dim=_axis("argsort", axis, t.dim()), descending=descending, stable=True)[1]
                 .to(torch.int32))


def msort(input):
    """Sort along axis 0."""
    _sortable("msort", "input", input._t)
    return _wrap(torch.msort(input._t))


@_inline_checked
def topk(input, k, dim=None, largest=True, sorted=True):
    """The ``k`` largest (or smallest) values along ``dim`` (default: the last) and their Int32 indices."""
    try:
        t = input._t
        dim = -1 if dim is None else dim
        if isinstance(k, Tensor):
            if k._t.dim() > 1 or k._t.numel() != 1:
                raise RuntimeError(f"For 'topk', a Tensor 'k' must be 0-D or 1-D with one element, but got {_desc(k)}")
            k = int(k._t.item())
        try:
            values, idx = torch.topk(t, k, _axis("topk", dim, t.dim(), "dim"), largest, sorted)
        except RuntimeError as e:
            _fail("topk", e, ValueError, input=input, k=k, dim=dim)
        return _wrap(values), _wrap(idx.to(torch.int32))
    except AttributeError as e:
        _no_tensor("topk", e, input=input, k=k, dim=dim)


def top_k(input_x, k, sorted=True):
    """The ``k`` largest values along the last axis and their Int32 indices."""
    return topk(input_x, k, None, True, sorted)


def unique(input):
    """Unique elements in first-occurrence order, and the index of each input element in them."""
    t = input._t
    flat = t.reshape(-1)
    u, inv = torch.unique(flat, sorted=True, return_inverse=True)
    first = torch.full((u.numel(),), flat.numel(), dtype=torch.long, device=t.device)
    first.scatter_reduce_(0, inv, torch.arange(flat.numel(), device=t.device), "amin")
    order = torch.argsort(first)
    rank_of = torch.empty_like(order)
    rank_of[order] = torch.arange(order.numel(), device=t.device)
    idx_dtype = torch.int64 if t.dtype == torch.int64 else torch.int32
    return _wrap(u[order]), _wrap(rank_of[inv].reshape(t.shape).to(idx_dtype))


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """Collapse runs of equal consecutive elements."""
    out = torch.unique_consecutive(input._t, return_inverse=return_inverse, return_counts=return_counts, dim=dim)
    if isinstance(out, tuple):
        return tuple(_wrap(o) for o in out)
    return _wrap(out)


def unique_with_pad(x, pad_num):
    """:func:`unique` of a 1-D tensor, padded with ``pad_num`` back to the input length."""
    if x._t.dim() != 1:
        raise ValueError(f"For 'unique_with_pad', the 'x' must be 1-D, but got {_desc(x)}")
    pad_num = _number(pad_num)
    u, idx = unique(x)
    n = x._t.numel()
    padded = torch.full((n,), pad_num, dtype=x._t.dtype, device=x._t.device)
    padded[:u._t.numel()] = u._t
    return _wrap(padded), idx


def _nonzero_rank(op, input):
    if input._t.dim() == 0:
        raise RuntimeError(f"For '{op}', the 'input' must have at least 1 dimension on CPU/GPU, but got a 0-D Tensor")


def nonzero(input, *, as_tuple=False):
    """Int64 coordinates of the non-zero elements (a tuple of 1-D tensors with ``as_tuple``).

    Differences from PyTorch: a 0-D input raises RuntimeError, as MindSpore 2.10 documents for CPU/GPU.
    """
    _nonzero_rank("nonzero", input)
    if as_tuple:
        return _wrap_seq(torch.nonzero(input._t, as_tuple=True))
    return _wrap(torch.nonzero(input._t))


def argwhere(input):
    """Int64 coordinates of the non-zero elements (a 0-D input raises RuntimeError, as in MindSpore)."""
    _nonzero_rank("argwhere", input)
    return _wrap(torch.argwhere(input._t))


def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    """Insertion indices of ``values`` into ``sorted_sequence`` (Int64, or Int32 with ``out_int32``).

    ``values`` must be a Tensor of ``sorted_sequence``'s dtype, not Bool (MindSpore's kernel raises
    RuntimeError otherwise).
    """
    if not isinstance(values, Tensor):
        raise TypeError(f"For 'searchsorted', the 'values' must be a Tensor, but got {type(values).__name__}")
    if sorted_sequence._t.dtype != values._t.dtype or values._t.dtype == torch.bool:
        raise RuntimeError(f"For 'searchsorted', 'sorted_sequence' and 'values' must have the same non-Bool dtype, "
                           f"but got {_desc(sorted_sequence)} and {_desc(values)}")
    return _wrap(torch.searchsorted(sorted_sequence._t, _ut(values, sorted_sequence._t), out_int32=out_int32,
                                    right=right, side=side, sorter=None if sorter is None else _ut(sorter)))


def bucketize(input, boundaries, *, right=False):
    """Index of the bucket of each element given sorted ``boundaries`` (Int32 as in MindSpore).

    As MindSpore 2.10: the boundaries and the input are compared as Float32 (Float64 for a Float64
    input), and a multi-dimensional ``boundaries`` searches row by row (its ``searchsorted``).
    """
    t = input._t
    if t.dtype not in _BUCKETIZE_DTYPES:
        raise TypeError(f"For 'bucketize', the 'input' must be a Tensor of int16, int32, int64, float16, float32 "
                        f"or float64, but got {_desc(input)}")
    dtype = torch.float64 if t.dtype == torch.float64 else torch.float32
    b = _ut(boundaries).to(device=t.device, dtype=dtype)
    try:
        return _wrap(torch.searchsorted(b, t.to(dtype), out_int32=True, right=right))
    except RuntimeError as e:
        _fail("bucketize", e, ValueError, input=input, boundaries=boundaries)


_BUCKETIZE_DTYPES = (torch.int16, torch.int32, torch.int64, torch.float16, torch.float32, torch.float64)


def repeat_elements(x, rep, axis=0):
    """Repeat each element ``rep`` times along ``axis``."""
    t = x._t
    return _wrap(torch.repeat_interleave(t, rep, _axis("repeat_elements", axis, t.dim())))


def repeat_interleave(input, repeats, axis=None):
    """Repeat each element ``repeats`` times along ``axis`` (None: of the flattened tensor)."""
    if input._t.dtype == torch.bool:
        raise TypeError(f"For 'repeat_interleave', the 'input' does not support Bool, but got {_desc(input)}")
    if isinstance(repeats, Tensor) and (repeats._t.dim() > 1 or repeats._t.is_floating_point()):
        raise TypeError(f"For 'repeat_interleave', the 'repeats' must be an int, a list of ints or a 0-D/1-D "
                        f"Tensor, but got {_desc(repeats)}")
    return _wrap(torch.repeat_interleave(input._t, _u(repeats), axis))


def reverse(x, axis):
    """Reverse along the axes in ``axis``."""
    _no_int("reverse", "axis", axis)
    return flip(x, axis)


def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """Reverse the first ``seq_lengths[b]`` entries along ``seq_dim`` of each batch entry ``b``."""
    t = x._t
    lengths = _ut(seq_lengths, t).long()
    n = t.shape[seq_dim]
    pos = torch.arange(n, device=t.device)
    shape = [1] * t.dim()
    shape[batch_dim], shape[seq_dim] = -1, n
    lens = lengths.reshape([-1 if i == batch_dim else 1 for i in range(t.dim())])
    src = torch.where(pos.reshape(shape) < lens, lens - 1 - pos.reshape(shape), pos.reshape(shape))
    return _wrap(torch.gather(t, seq_dim, src.expand(t.shape)))


def meshgrid(*inputs, indexing='xy'):
    """Coordinate grids from 1-D tensors (``indexing``: 'xy' Cartesian or 'ij' matrix)."""
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)):
        inputs = inputs[0]
    return _wrap_seq(torch.meshgrid(*[i._t for i in inputs], indexing=indexing))


def cartesian_prod(*inputs):
    """Cartesian product of 1-D tensors."""
    return _wrap(torch.cartesian_prod(*[i._t for i in inputs]))


def combinations(input, r=2, with_replacement=False):
    """Length-``r`` combinations of a 1-D tensor."""
    return _wrap(torch.combinations(input._t, r, with_replacement))


# ---------------------------------------------------------------------------- diagonals / triangles
def diag(input):
    """A tensor of shape ``input.shape + input.shape`` holding ``input`` on its diagonal and zeros
    elsewhere (MindSpore's Diag: a 1-D input gives a diagonal matrix; unlike ``torch.diag``, a 2-D
    input gives a 4-D tensor, not its diagonal)."""
    t = input._t
    if t.dim() == 0:
        raise ValueError("For 'diag', the 'input' must have at least 1 dimension, but got a 0-D Tensor")
    return _wrap(torch.diag(t.reshape(-1)).reshape(t.shape + t.shape))


def diagflat(input, offset=0):
    """A 2-D tensor with the flattened input on diagonal ``offset``."""
    return _wrap(torch.diagflat(input._t, offset))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Embed the last axis of ``input`` as diagonals of new 2-D planes."""
    return _wrap(torch.diag_embed(input._t, offset, dim1, dim2))


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal ``offset`` of the planes ``(dim1, dim2)``."""
    return _wrap(torch.diagonal(input._t, offset, dim1, dim2))


def tril(input, diagonal=0):
    """Zero the elements above diagonal ``diagonal``."""
    return _wrap(torch.tril(input._t, diagonal))


def triu(input, diagonal=0):
    """Zero the elements below diagonal ``diagonal``."""
    return _wrap(torch.triu(input._t, diagonal))


def block_diag(*inputs):
    """A block-diagonal matrix from 2-D tensors."""
    return _wrap(torch.block_diag(*[i._t for i in inputs]))


def matrix_band_part(x, lower, upper):
    """Keep ``lower`` sub-diagonals and ``upper`` super-diagonals (negative: all) of the last two axes."""
    t = x._t
    m, n = t.shape[-2], t.shape[-1]
    i = torch.arange(m, device=t.device).unsqueeze(1)
    j = torch.arange(n, device=t.device).unsqueeze(0)
    lower, upper = int(_u(lower)), int(_u(upper))
    keep = torch.ones((m, n), dtype=torch.bool, device=t.device)
    if lower >= 0:
        keep &= (i - j) <= lower
    if upper >= 0:
        keep &= (j - i) <= upper
    return _wrap(torch.where(keep, t, torch.zeros((), dtype=t.dtype, device=t.device)))


def _atleast(fn, inputs):
    if isinstance(inputs, Tensor):
        return _wrap(fn(inputs._t))
    return tuple(_wrap(fn(i._t)) for i in inputs)


def atleast_1d(inputs):
    """View a tensor (or each of a sequence) with at least one axis."""
    return _atleast(torch.atleast_1d, inputs)


def atleast_2d(inputs):
    """View a tensor (or each of a sequence) with at least two axes."""
    return _atleast(torch.atleast_2d, inputs)


def atleast_3d(inputs):
    """View a tensor (or each of a sequence) with at least three axes."""
    return _atleast(torch.atleast_3d, inputs)


# ---------------------------------------------------------------------------- metadata / casting
def shape(input_x):
    """The shape of ``input_x`` as a tuple of ints."""
    return tuple(input_x._t.shape)


def shape_(x):
    """Alias of :func:`shape`."""
    return tuple(x._t.shape)


def dyn_shape(input_x):
    """The shape of ``input_x`` as an Int64 tensor."""
    return _wrap(torch.tensor(tuple(input_x._t.shape), dtype=torch.int64))


def rank(input_x):
    """The number of axes of ``input_x``."""
    return input_x._t.dim()


def size(input_x):
    """The number of elements of ``input_x``."""
    return input_x._t.numel()


def numel(input):
    """The number of elements of ``input``."""
    return input._t.numel()


def dtype(x):
    """The MindSpore dtype of ``x``."""
    return x.dtype


@_inline_checked
def cast(input, dtype):
    """Convert ``input`` to ``dtype``; float to int truncates toward zero."""
    try:
        if not isinstance(dtype, mstype.Type):
            raise TypeError(f"For 'cast', the 'dtype' must be a mindspore dtype, but got {dtype!r}")
        if isinstance(input, Tensor):
            return _wrap(input._t.to(dtype._torch))
        if isinstance(input, (bool, numbers.Number, list, tuple, np.ndarray)):
            return Tensor(input, dtype)
        raise TypeError(f"For 'cast', the 'input' must be a Tensor or a number, but got {type(input).__name__}")
    except AttributeError as e:
        _no_tensor("cast", e, input=input, dtype=dtype)


def type_as(input, other):
    """Cast ``input`` to ``other``'s dtype."""
    return _wrap(input._t.to(other._t.dtype))


def view_as(input, other):
    """Reshape ``input`` to ``other``'s shape."""
    return _wrap(input._t.view_as(other._t))


def identity(x):
    """``x`` itself, whatever it is: MindSpore 2.10 returns its argument (a Tensor, or a tuple of
    gradients as mindyolo passes it), not a copy."""
    return x


def deepcopy(input_x):
    """A copy of ``input_x``."""
    return _wrap(input_x._t.clone())


def depend(value, expr):
    """Return ``value``; in MindSpore this orders ``expr`` before it. Eager execution already does."""
    return value


def _python_scalar(op, value):
    if isinstance(value, Tensor):
        raise TypeError(f"For '{op}', the 'input_x' must be a bool, int or float, but got {_desc(value)}")


def scalar_to_tensor(input_x, dtype=mstype.float32):
    """A 0-d tensor holding a Python scalar."""
    _python_scalar("scalar_to_tensor", input_x)
    return Tensor(input_x, dtype)


def tuple_to_array(input_x):
    """A 1-D tensor from a tuple of numbers."""
    return Tensor(list(input_x))


def scalar_cast(input_x, input_y):
    """Cast a Python scalar to the Python type of the MindSpore dtype ``input_y``: int64, float64
    or bool (MindSpore 2.10 refuses the other dtypes with a ValueError)."""
    _python_scalar("scalar_cast", input_x)
    if input_y not in (mstype.int64, mstype.float64, mstype.bool_):
        raise ValueError("For 'ScalarCast', the supported type is in the list: [mindspore.int64, mindspore.float64, "
                         f"mindspore.bool], but got {input_y}")
    return mstype.dtype_to_pytype(input_y)(input_x)


def move_to(input, to='CPU', blocking=True):
    """Copy ``input`` to the device ``to`` ('CPU' or 'Ascend'/'GPU': the accelerator when there is one)."""
    device = "cpu" if str(to).upper() == "CPU" else ("cuda" if torch.cuda.is_available() else "cpu")
    return _wrap(input._t.to(device, non_blocking=not blocking))


# ---------------------------------------------------------------------------- misc
def sequence_mask(lengths, maxlen=None):
    """Bool mask ``out[..., j] = j < lengths[...]`` with ``maxlen`` columns (default: max(lengths))."""
    ln = _ut(lengths)
    maxlen = int(ln.max()) if maxlen is None else int(_u(maxlen))
    return _wrap(torch.arange(maxlen, device=ln.device) < ln.unsqueeze(-1))


def view_as_real(input):
    """A real view of a complex tensor with a trailing axis of size 2."""
    return _wrap(torch.view_as_real(input._t))


def polar(abs, angle):
    """A complex tensor from magnitudes and angles (of one shape: MindSpore's Polar does not broadcast)."""
    if abs._t.shape != angle._t.shape:
        raise ValueError(f"For 'polar', 'abs' and 'angle' must have the same shape, but got {_desc(abs)} "
                         f"and {_desc(angle)}")
    return _wrap(torch.polar(abs._t, angle._t))


def vander(x, N=None):
    """Vandermonde matrix with decreasing powers."""
    return _wrap(torch.vander(x._t, N))


def intopk(x1, x2, k):
    """Whether each target ``x2[i]`` is among the top ``k`` predictions ``x1[i]``."""
    p = x1._t
    target = p.gather(1, x2._t.long().unsqueeze(1))
    return _wrap(((p > target).sum(1) < k))


def channel_shuffle(x, groups):
    """Shuffle channels of an (N, C, ...) tensor across ``groups`` groups."""
    return _wrap(torch.nn.functional.channel_shuffle(x._t, groups))


# Exposed by MindSpore only through ``mint`` (not in ``mindspore.ops``): their one implementation.
@_guard
def diag_ext(input, diagonal=0):
    """Diagonal matrix with a 1-D ``input`` on diagonal ``diagonal``, or that diagonal of a 2-D ``input``."""
    return _wrap(torch.diag(input._t, diagonal))


@_guard
def index_add_ext(input, dim, index, source):
    """Copy of ``input`` with the slices of ``source`` added at ``index`` along ``dim`` (never in place)."""
    t = input._t
    return _wrap(torch.index_add(t, _axis("index_add", dim, t.dim(), "dim"), _indices("index_add", "index", index),
                                 _ut(source, t)))


@_guard
def unique_ext(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """Sorted unique elements (along ``dim`` when given), with Int64 inverse indices and counts on request."""
    out = torch.unique(input._t, sorted=True, return_inverse=return_inverse, return_counts=return_counts, dim=dim)
    return _wrap_seq(out) if isinstance(out, tuple) else _wrap(out)


# Parameter updates (``Assign``/``AssignAdd``/``AssignSub`` call these). The update goes through the Tensor's
# in-place machinery (``_set``): while autograd records, the Parameter is rebound to the new value instead of
# overwriting memory that backward may still need.
def _value(variable, value, op):
    if not isinstance(variable, Tensor):
        raise TypeError(f"For '{op}', the 'variable' must be a Parameter or Tensor, but got {type(variable).__name__}")
    t = variable._t
    v = value._t if isinstance(value, Tensor) else torch.as_tensor(value, dtype=t.dtype, device=t.device)
    if v.shape != t.shape:
        try:
            v = v.expand(t.shape)
        except RuntimeError:
            raise ValueError(f"For '{op}', the shape of 'value' {tuple(v.shape)} must be broadcastable to the "
                             f"shape of 'variable' {tuple(t.shape)}") from None
    return t, v if v.dtype == t.dtype else v.to(t.dtype)


def assign(variable, value):
    """Set ``variable`` (a Parameter) to ``value``; returns ``variable``.

    Usable inside ``construct``: gradients of the rest of the graph are unaffected.
    """
    _, v = _value(variable, value, "assign")
    return _set(variable, v)


def assign_add(variable, value):
    """``variable += value`` for a Parameter; returns ``variable``."""
    t, v = _value(variable, value, "assign_add")
    return _set(variable, t + v)


def assign_sub(variable, value):
    """``variable -= value`` for a Parameter; returns ``variable``."""
    t, v = _value(variable, value, "assign_sub")
    return _set(variable, t - v)


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def nth_element(input, n, *, reverse):
    """``NthElement``: The ``n``-th smallest (or largest with ``reverse``) value along the last axis."""
    _kernel_dtype("NthElement", input)
    t = input._t
    k = int(_u(n))
    return _wrap(torch.sort(t, -1, descending=reverse).values[..., k])




def _bound(op, sorted_x, values, right, out_type):
    """Per row, the insertion index of ``values`` in ``sorted_x`` as MindSpore 2.10's kernel finds it: a bisection
    of ``[0, n - 1]`` and then one step past the last element, which differs from torch's search on unsorted rows."""
    _tensor_arg(op, "values", values)
    tensor_of(op, "sorted_x", sorted_x, FLOATS + (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8,
                                                  torch.uint16))
    _same_dtype(op, ("sorted_x", "values"), sorted_x, values)
    _rank(op, "sorted_x", sorted_x, (2,))
    _rank(op, "values", values, (2,))
    s, v = sorted_x._t, values._t
    if s.shape[0] != v.shape[0]:
        raise ValueError(f"For '{op}', the 'sorted_x' and 'values' must have the same number of rows, but got "
                         f"{_desc(sorted_x)} and {_desc(values)}")
    if s.shape[1] == 0:
        return _wrap(torch.zeros(v.shape, dtype=mstype.to_torch(out_type), device=v.device))

    def before(i):  # whether values go after sorted_x[row, i]
        probe = torch.gather(s, 1, i)
        return (probe <= v) if right else (probe < v)

    low = torch.zeros(v.shape, dtype=torch.long, device=v.device)
    high = torch.full(v.shape, s.shape[1] - 1, dtype=torch.long, device=v.device)
    while bool((low < high).any()):
        active, mid = low < high, (low + high) // 2
        go = before(mid)
        low = torch.where(active & go, mid + 1, low)
        high = torch.where(active & ~go, mid, high)
    return _wrap((low + before(low)).to(mstype.to_torch(out_type)))


def diag_part(input_x):
    """``DiagPart``: The diagonal of a ``s + s`` shaped tensor (the inverse of ``Diag``)."""
    tensor_of("DiagPart", "input_x", input_x, FLOATS + I32_64 + (torch.complex64, torch.complex128))
    t = input_x._t
    half = t.dim() // 2
    if t.dim() == 0 or t.dim() % 2 or t.shape[:half] != t.shape[half:]:
        raise ValueError(f"For 'DiagPart', the input rank must be non-zero and even, and its shape s + s, but "
                         f"got {_desc(input_x)}")
    n = 1
    for s in t.shape[:half]:
        n *= s
    return _wrap(torch.diagonal(t.reshape(n, n)).reshape(t.shape[:half]))


def space_to_depth(x, *, block_size):
    """``SpaceToDepth``: Move ``block_size`` x ``block_size`` spatial blocks into channels (NCHW)."""
    return _wrap(torch.nn.functional.pixel_unshuffle(x._t, block_size))


def depth_to_space(x, *, block_size):
    """``DepthToSpace``: Move channels into ``block_size`` x ``block_size`` spatial blocks (NCHW)."""
    return _wrap(torch.nn.functional.pixel_shuffle(x._t, block_size))


def unravel_index(indices, dims):
    """``UnravelIndex``: Coordinates of flat ``indices`` in an array of shape ``dims``."""
    return _wrap(torch.stack(torch.unravel_index(indices._t, tuple(dims._t.tolist()))).to(indices._t.dtype))


def parallel_concat(values):
    """``ParallelConcat``: Concatenate tensors along the first axis."""
    tensor_sequence("ParallelConcat", values)
    return _wrap(torch.cat([v._t for v in values], 0))


def list_diff(x, y, *, out_idx):
    """``ListDiff``: Values of ``x`` not in ``y`` (in order) and their positions in ``x``."""
    _check_dtypes("ListDiff", x=x, y=y)
    if x._t.dim() != 1 or y._t.dim() != 1:
        raise ValueError(f"For 'ListDiff', 'x' and 'y' must be 1-D, but got shapes {tuple(x._t.shape)} and "
                         f"{tuple(y._t.shape)}")
    keep = ~torch.isin(x._t, y._t)
    idx = torch.nonzero(keep).reshape(-1)
    return _wrap(x._t[keep]), _wrap(idx.to(mstype.to_torch(out_idx)))


def check_numerics(x):
    """``CheckNumerics``: Return ``x`` unchanged, raising ``ValueError`` when it holds a NaN or an infinity."""
    float_input("CheckNumerics", x)
    if not bool(torch.isfinite(x._t).all()):
        raise ValueError(f"For 'CheckNumerics', the input of shape {tuple(x._t.shape)} holds NaN or Inf")
    return x


def sub_and_filter(input_x, max_num, offset):
    """``SubAndFilter``: Subtract ``offset`` from ``input_x`` and keep the results in ``[0, max_num)``:
    ``(filter_res, filter_idx)``, the kept values and their flat positions in ``input_x``."""
    tensor_of("SubAndFilter", "input_x", input_x, I32_64)
    t = input_x._t.reshape(-1)
    max_num, offset = (int(v._t.reshape(-1)[0]) if isinstance(v, Tensor) else int(v) for v in (max_num, offset))
    shifted = t - offset
    keep = torch.nonzero((shifted >= 0) & (shifted < max_num)).reshape(-1)
    return _wrap(shifted[keep]), _wrap(keep.to(t.dtype))


def extract_volume_patches(input_x, *, kernel_size, strides, padding):
    """``ExtractVolumePatches``: 3-D patches of ``kernel_size`` with ``strides`` laid out in the channel axis
    (NCDHW)."""
    t = input_x._t
    k, s = _pair(kernel_size, 3), _pair(strides, 3)
    if str(padding).upper() == "SAME":
        pads = []
        for i in (2, 1, 0):
            n = t.shape[2 + i]
            total = max((-(-n // s[i]) - 1) * s[i] + k[i] - n, 0)
            pads += [total // 2, total - total // 2]
        t = F.pad(t, pads)
    p = t.unfold(2, k[0], s[0]).unfold(3, k[1], s[1]).unfold(4, k[2], s[2])
    n, c, od, oh, ow = p.shape[:5]
    # MindSpore orders the output channels as (kd, kh, kw, c), the input channel fastest.
    return _wrap(p.permute(0, 5, 6, 7, 1, 2, 3, 4).reshape(n, c * k[0] * k[1] * k[2], od, oh, ow))


def extract_image_patches(input_x, *, ksizes, strides, rates, padding):
    """``ExtractImagePatches``: Patches of ``ksizes`` with ``strides`` and ``rates`` (dilation), laid out in the
    channel axis."""
    t = input_x._t
    k, s, r = _pair(ksizes), _pair(strides), _pair(rates)
    if padding.upper() == "SAME":
        eff = tuple(r[i] * (k[i] - 1) + 1 for i in range(2))
        pads = []
        for i in (1, 0):
            n = t.shape[2 + i]
            total = max((-(-n // s[i]) - 1) * s[i] + eff[i] - n, 0)
            pads += [total // 2, total - total // 2]
        t = F.pad(t, pads)
    n, c, h, w = t.shape
    cols = F.unfold(t, k, r, 0, s)
    oh = (h - (r[0] * (k[0] - 1) + 1)) // s[0] + 1
    ow = (w - (r[1] * (k[1] - 1) + 1)) // s[1] + 1
    # MindSpore orders the output channels as (kh, kw, c).
    out = cols.reshape(n, c, k[0] * k[1], oh, ow).transpose(1, 2).reshape(n, k[0] * k[1] * c, oh, ow)
    return _wrap(out)


# ---------------------------------------------------------------------------- Tensor-method bodies
# The maths of Tensor methods that MindSpore 2.10 has as no functional op (the methods adapt and call these).
def _choose(input, choices, mode="clip"):
    """``Tensor.choose``: ``choices[input[i]][i]`` for each position (choices and indices broadcast together);
    ``mode`` 'clip' clamps out-of-range indices, 'wrap' takes them modulo the number of choices."""
    idx = input._t
    ch = torch.stack([_u(c) if isinstance(c, Tensor) else torch.as_tensor(c) for c in choices])
    n = ch.shape[0]
    idx = idx.clamp(0, n - 1) if mode == "clip" else idx.remainder(n) if mode == "wrap" else idx
    ch, idx = torch.broadcast_tensors(ch, idx.unsqueeze(0).expand((n,) + tuple(idx.shape)))
    return _wrap(torch.gather(ch, 0, idx[:1].long()).squeeze(0))


_guard_module(globals(), __all__)

# The dtypes MindSpore 2.10's kernels accept where torch's accept more (Bool, mostly).
apply_dtype_table(globals(), {
    "sort": {"input_x": NO_BOOL}, "argsort": {"input": NO_BOOL}, "msort": {"input": NO_BOOL},
    "unique": {"input": NO_BOOL}, "diag": {"input": NO_BOOL}, "diagflat": {"input": NO_BOOL},
    "diag_embed": {"input": NO_BOOL}, "matrix_diag": {"x": NO_BOOL}, "matrix_set_diag": {"x": NO_BOOL},
    "sequence_mask": {"lengths": INT32_INT64}, "view_as_real": {"input": COMPLEXES},
    "polar": {"abs": F32_F64, "angle": F32_F64, SAME: ("abs", "angle")},
    "topk": {"input": NO_BOOL, "k": INT32_INT64}, "top_k": {"input_x": NO_BOOL, "k": INT32_INT64},
    "unique_with_pad": {"x": frozenset({torch.float32, torch.int32, torch.int64})},
    "expand": {"size": frozenset({torch.int16, torch.int32, torch.int64})},
})


# ---------------------------------------------------------------------------- set membership (mindspore.numpy)
# MindSpore has no functional ``isin``; ``mindspore.numpy.in1d``/``isin``/``setdiff1d``/``intersect1d`` test
# membership through this one body.
def _isin(elements, test_elements, invert=False):
    """Whether each element of ``elements`` is in ``test_elements`` (Bool, ``elements``' shape)."""
    return _wrap(torch.isin(elements._t, test_elements._t.reshape(-1), invert=invert))


# ---------------------------------------------------------------------------- array Primitives
# The bodies of the array Primitives of ops/operations/array_ops.py that no functional op above computes (their
# classes check the inputs as MindSpore 2.10's do and pass their attributes here; not exported).
def _scatter_elements_to_first_outside(data, indices, updates, *, axis, reduction):
    """``TensorScatterElements``/``ScatterAddWithAxis``: ``updates`` scattered into ``data`` along ``axis``
    (overwritten, or added with ``reduction='add'``), negative indices counting from the end. As MindSpore 2.10's
    CPU kernel, an index out of range stops the scatter there (in row-major order) and the updates made before
    it are returned."""
    t, u = data._t, updates._t
    idx = indices._t.long()
    size = t.shape[axis]
    outside = ((idx < -size) | (idx >= size)).reshape(-1)
    idx = idx % size
    if not bool(outside.any()):
        fn = torch.scatter_add if reduction == "add" else torch.scatter
        return _wrap(fn(t, axis, idx, u))
    keep = torch.arange(idx.numel(), device=idx.device) < int(outside.nonzero()[0])
    coords = list(torch.meshgrid(*[torch.arange(n, device=idx.device) for n in idx.shape], indexing="ij"))
    coords[axis % t.dim()] = idx
    target = tuple(c.reshape(-1)[keep] for c in coords)
    return _wrap(t.index_put(target, u.reshape(-1)[keep], accumulate=reduction == "add"))


def _nd_combine(op, t, idx, upd):
    """The Scatter(Nd)/TensorScatter Primitives' kernel on torch values: ``t`` with the rows at the index tuple
    ``idx`` combined with ``upd`` by ``op`` ('update', 'add', 'sub' accumulate duplicates; 'mul', 'div', 'max',
    'min' combine each position once, the last duplicate winning)."""
    if op == "update":
        return t.index_put(idx, upd)
    if op == "add":
        return t.index_put(idx, upd, accumulate=True)
    if op == "sub":
        return t.index_put(idx, -upd, accumulate=True)
    out = t.clone()
    cur = out[idx]
    out[idx] = {"mul": torch.mul, "div": torch.true_divide, "max": torch.maximum, "min": torch.minimum}[op](cur, upd)
    return out



# ---------------------------------------------------------------------------- MindSpore 2.10's ``*_ext`` forms
# and private helpers of ``ops.function.array_func`` (model code imports them; each is an adapter of an op above).
def chunk_ext(input, chunks, dim=0):
    """Split into at most ``chunks`` equal parts along ``dim`` (``mint.chunk``'s convention)."""
    return chunk(input, chunks, dim)


def split_ext(tensor, split_size, dim=0):
    """Split into parts of ``split_size`` (an int) or of the sizes ``split_size`` lists, along ``dim``."""
    if not isinstance(split_size, (int, tuple, list)):
        raise TypeError("Type of Argument `split_size` should be integer, tuple(int) or list(int), "
                        f"but got {type(split_size)}")
    return split(tensor, split_size, dim)


def _max_min_ext(name, op, input, dim, keepdim):
    if dim is None:
        if keepdim is not False:
            raise ValueError(f"For '{name}', the `keepdim` must be False when the `dim` is None, but got {keepdim}")
        return op(input)[0]
    return op(input, dim, keepdim)


def max_ext(input, dim=None, keepdim=False):
    """The maximum of ``input`` (``dim`` None), or ``(values, Int64 indices)`` of the maximum along ``dim``."""
    from .reduce_func import max as _max
    return _max_min_ext("max", _max, input, dim, keepdim)


def min_ext(input, dim=None, keepdim=False):
    """The minimum of ``input`` (``dim`` None), or ``(values, Int64 indices)`` of the minimum along ``dim``."""
    from .reduce_func import min as _min
    return _max_min_ext("min", _min, input, dim, keepdim)


def new_ones(input, size, *, dtype=None):
    """Ones of shape ``size``, of ``input``'s dtype unless ``dtype`` is given."""
    from .creation_func import ones
    return ones(size, input.dtype if dtype is None else dtype)


def new_zeros(input, size, *, dtype=None):
    """Zeros of shape ``size``, of ``input``'s dtype unless ``dtype`` is given."""
    from .creation_func import zeros
    return zeros(size, input.dtype if dtype is None else dtype)


def _check_is_tensor(param_name, input, cls_name):
    if not isinstance(input, Tensor):
        raise TypeError(f"For {cls_name}, {param_name} must be a Tensor, but got {type(input)}.")


def _cast_type(x, to_type):
    """``x`` (a Tensor or a scalar) as a Tensor of ``to_type``."""
    return cast(x, to_type) if isinstance(x, Tensor) else scalar_to_tensor(x, to_type)


def _get_type(x):
    """A Tensor's dtype, else the MindSpore type of the value."""
    from ._utils import _typeof
    return x.dtype if isinstance(x, Tensor) else _typeof(x)


def _get_max_type(start, end, step):
    """The dtype ``arange(start, end, step)`` computes in: the widest of the arguments' (Python int -> Int64,
    float -> Float32)."""
    valid = [mstype.int32, mstype.float32, mstype.int64, mstype.float64]
    for value in (start, end, step):
        if not (isinstance(value, (float, int)) or (isinstance(value, Tensor) and value.dtype in valid)):
            raise TypeError(f"For arange, the input type must be int or float or a TensorScalar in {valid}, "
                            f"but got {_get_type(value)}")
    level = {"Float64": 3, "Float32": 2, "<class 'float'>": 2, "Int64": 1, "<class 'int'>": 1, "Int32": 0}
    top = builtins.max(level[str(value.dtype if isinstance(value, Tensor) else type(value))]
                       for value in (start, end, step))
    return {3: mstype.float64, 2: mstype.float32, 1: mstype.int64, 0: mstype.int32}[top]


def _get_slice_scatter_const(x_shape, axis, start, end, step):
    """``(rank, indices along axis, axis)`` of ``slice_scatter``'s slice, negative values wrapped."""
    x_rank = len(x_shape)
    axis = axis if axis >= 0 else axis + x_rank
    start = 0 if start is None else start
    start = start if start >= 0 else start + x_shape[axis]
    end = x_shape[axis] if end is None else end
    end = end if end >= 0 else end + x_shape[axis]
    end = builtins.min(end, x_shape[axis])
    return x_rank, list(builtins.range(start, end, step)), axis


def _split_int(x, split_size_or_sections, axis):
    """``split`` into parts of the int ``split_size_or_sections`` (the last one shorter)."""
    return split(x, split_size_or_sections, axis)


def _split_sub_tensors(x, split_size_or_sections, axis):
    """``split`` into parts of the listed sizes, as a list."""
    return list(split(x, list(split_size_or_sections), axis))


def _tensor_split_sub_int(x, indices_or_sections, axis):
    """``tensor_split`` into ``indices_or_sections`` near-equal parts."""
    return tensor_split(x, indices_or_sections, axis)


def _tensor_split_sub_tensors(x, indices_or_sections, axis):
    """``tensor_split`` at the listed indices."""
    return tensor_split(x, list(indices_or_sections), axis)


def _bound_and_mask(input, initial, where, cmp_fn):
    """``input`` bounded by ``initial`` with ``cmp_fn``, and ``initial`` where the Tensor ``where`` is False
    (``where`` None: no mask)."""
    from .creation_func import fill
    if initial is not None:
        initial = fill(input.dtype, input.shape, initial)
        input = cmp_fn(input, initial)
    if where is not None:
        if initial is None:
            raise ValueError("initial value must be provided for where masks")
        input = select(broadcast_to(where, input.shape), input, broadcast_to(initial, input.shape))
    return input


def _init_and_select_elem(input, initial, where, cmp_fn):
    """``input`` bounded by ``initial`` with ``cmp_fn``, and ``initial`` where ``where`` (any bool array-like) is
    False; a scalar True mask is no mask."""
    if where is not None and not isinstance(where, Tensor):
        where = Tensor(where, dtype=mstype.bool_)
    if where is not None and not where.shape and bool(where):
        where = None
    return _bound_and_mask(input, initial, where, cmp_fn)


def update_cache(input_x, indices, updates, max_num):
    """``UpdateCache``: the rows ``updates`` written into ``input_x`` (in place) at ``indices``, skipping indices
    outside ``[0, max_num)``; returns a (1,) Int64 Tensor (a value of no use, as MindSpore 2.10's kernel)."""
    from ...common._inplace import _set
    limit = int(max_num.asnumpy().reshape(-1)[0]) if isinstance(max_num, Tensor) else int(max_num)
    idx = indices._t.reshape(-1).long()
    rows = updates._t.reshape((idx.numel(),) + tuple(input_x.shape[1:]))
    keep = (idx >= 0) & (idx < limit)
    data = input_x._t.clone()
    data[idx[keep]] = rows[keep].to(data.dtype)
    _set(input_x, data)
    return _wrap(torch.ones((1,), dtype=torch.int64))
