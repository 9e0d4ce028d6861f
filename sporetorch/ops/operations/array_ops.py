"""Primitive classes of array operators: casting, shape, concatenation, gather/scatter, sorting."""

import numpy as np
import torch

from ... import _checkparam as validator
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ...common._inplace import _set
from ...common.tensor import _u
from ..function import array_func, creation_func, image_func
from ..function._prim_checks import (
    I32_64,
    INTS,
    NUMBERS,
    _check_block_size,
    _check_dtypes,
    _check_ndim,
    _check_paddings,
    _int_arg,
    _int_values,
    _rank,
)
from ..function._utils import (
    FLOATS,
    _desc,
    _same_dtype,
    _tensor_arg,
)
from ..function.array_func import _bound, _nd_combine
from ..function.sparse_func import _segment_sorted
from ..primitive import Primitive, prim_attr_register
from ._errors import functional, tensor_of, tensor_sequence

_to_torch_dtype = mstype.to_torch


__all__ = [
    "BroadcastTo",
    "Cast",
    "Concat",
    "DType",
    "DynamicShape",
    "ExpandDims",
    "Eye",
    "Fill",
    "Fills",
    "Flatten",
    "Gather",
    "GatherD",
    "GatherNd",
    "GatherV2",
    "Identity",
    "IndexAdd",
    "InvertPermutation",
    "MaskedFill",
    "MaskedSelect",
    "Meshgrid",
    "NonZero",
    "OneHot",
    "Ones",
    "OnesLike",
    "Pad",
    "Range",
    "Rank",
    "Reshape",
    "ReverseV2",
    "Roll",
    "ScatterAdd",
    "ScatterNd",
    "ScatterUpdate",
    "SearchSorted",
    "Select",
    "Shape",
    "Size",
    "Slice",
    "Sort",
    "Split",
    "Squeeze",
    "Stack",
    "StridedSlice",
    "TensorScatterAdd",
    "TensorScatterUpdate",
    "TensorShape",
    "Tile",
    "TopK",
    "Transpose",
    "Tril",
    "Triu",
    "Unique",
    "UnsortedSegmentMax",
    "UnsortedSegmentMin",
    "UnsortedSegmentProd",
    "UnsortedSegmentSum",
    "Unstack",
    "Zeros",
    "ZerosLike",
]


def _shape_tuple(shape):
    if isinstance(shape, Tensor):
        return tuple(shape._t.tolist())
    if isinstance(shape, int):
        return (shape,)
    return tuple(int(s) if not isinstance(s, Tensor) else int(s._t.item()) for s in shape)


def _int_sequence(op, name, value):
    """A tuple of ints from a tuple/list or an integer Tensor of rank 0 or 1; any other Tensor is a TypeError,
    as MindSpore 2.10 converts such an input before running the Primitive."""
    if isinstance(value, Tensor):
        t = value._t
        if t.dim() > 1 or t.is_floating_point() or t.is_complex() or t.dtype == torch.bool:
            raise TypeError(f"For '{op}', the '{name}' must be a tuple of ints or an integer Tensor of rank 0 or 1, "
                            f"which can be converted to a tuple of ints, but got {_desc(value)}")
    return _shape_tuple(value)




def _index(x, op, name):
    t = _u(x)
    if not isinstance(t, torch.Tensor):
        t = _u(Tensor(np.asarray(t)))
    if t.is_floating_point() or t.dtype == torch.bool:
        raise TypeError(f"For '{op}', the '{name}' must be an integer tensor, but got {mstype.from_torch(t.dtype)}")
    return t


class Cast(Primitive):
    """Cast ``input_x`` to ``dtype`` (floats cast to integers truncate towards zero)."""

    def __init__(self):
        super().__init__("Cast")
        self.init_prim_io_names(["x", "dst_type"], ["output"])

    def __call__(self, input_x, dtype):
        if isinstance(input_x, Tensor):
            return _wrap(input_x._t.to(_to_torch_dtype(dtype)))
        return array_func.cast(input_x, dtype)


class DType(Primitive):
    """The MindSpore dtype of a tensor."""

    def __init__(self):
        super().__init__("DType")

    def __call__(self, input_x):
        return input_x.dtype


class Shape(Primitive):
    """The shape of a tensor as a tuple of ints."""

    def __init__(self):
        super().__init__("Shape")

    def __call__(self, input_x):
        return tuple(input_x._t.shape)


class TensorShape(Primitive):
    """The shape of a tensor as an Int64 Tensor."""

    def __init__(self):
        super().__init__("TensorShape")

    def __call__(self, input_x):
        return array_func.dyn_shape(input_x)


class DynamicShape(Primitive):
    """The shape of a tensor as an Int64 Tensor (``dtype`` is accepted for compatibility)."""

    @prim_attr_register
    def __init__(self, dtype=9):
        pass

    def __call__(self, input_x):
        return array_func.dyn_shape(input_x)


class Rank(Primitive):
    """The number of dimensions of a tensor."""

    def __init__(self):
        super().__init__("Rank")

    def __call__(self, input_x):
        return input_x._t.dim()


class Size(Primitive):
    """The number of elements of a tensor."""

    def __init__(self):
        super().__init__("Size")

    def __call__(self, input_x):
        return input_x._t.numel()


class Reshape(Primitive):
    """Reshape ``input_x`` to ``input_shape`` (one entry may be -1)."""

    def __init__(self):
        super().__init__("Reshape")
        self.init_prim_io_names(["tensor", "shape"], ["output"])

    def __call__(self, input_x, input_shape):
        try:
            return _wrap(input_x._t.reshape(_shape_tuple(input_shape)))
        except RuntimeError as e:
            raise ValueError(f"For 'Reshape', cannot reshape a tensor of shape {tuple(input_x._t.shape)} "
                             f"into {tuple(input_shape)}: {e}") from None


class Transpose(Primitive):
    """Permute the axes of ``input_x`` by ``input_perm`` (a tuple with one entry per axis)."""

    def __init__(self):
        super().__init__("Transpose")
        self.init_prim_io_names(["x", "perm"], ["output"])

    def __call__(self, input_x, input_perm):
        t = input_x._t
        if len(input_perm) != t.dim():
            raise ValueError(f"For 'Transpose', the size of 'input_perm' {tuple(input_perm)} must equal the rank "
                             f"of the input of shape {tuple(t.shape)}")
        return _wrap(t.permute(tuple(input_perm)))


class ExpandDims(Primitive):
    """Insert a dimension of size 1 at ``axis``."""

    def __init__(self):
        super().__init__("ExpandDims")

    def __call__(self, input_x, axis):
        return _wrap(input_x._t.unsqueeze(axis))


class Squeeze(Primitive):
    """Remove the size-1 dimensions in ``axis`` (all of them when ``axis`` is ``()``)."""

    @prim_attr_register
    def __init__(self, axis=()):
        self.add_prim_attr("axis", (axis,) if isinstance(axis, int) else tuple(axis))

    def __call__(self, input_x):
        t = input_x._t
        # Axes whose size is not 1 are left as they are (MindSpore 2.10 does not raise).
        return _wrap(t.squeeze(self.axis) if self.axis else t.squeeze())


class Flatten(Primitive):
    """Flatten all but the first dimension: ``(N, ...) -> (N, -1)``."""

    def __init__(self):
        super().__init__("Flatten")

    def __call__(self, input_x):
        t = input_x._t
        if t.dim() == 0:
            # MindSpore 2.10's kernel refuses the empty shape with a RuntimeError.
            raise RuntimeError(f"For 'Flatten', the input shape must not be empty, but got {_desc(input_x)}")
        return _wrap(t.reshape(t.shape[0], -1))


class Concat(Primitive):
    """Concatenate a tuple or list of tensors along ``axis``."""

    @prim_attr_register
    def __init__(self, axis=0):
        pass

    def __call__(self, input_x):
        return functional("Concat", "concat", input_x, self.axis)


class Stack(Primitive):
    """Stack a tuple or list of same-shaped tensors along a new ``axis``."""

    @prim_attr_register
    def __init__(self, axis=0):
        self.init_prim_io_names(["x"], ["y"])

    def __call__(self, input_x):
        return functional("Stack", "stack", input_x, self.axis)


class Unstack(Primitive):
    """Split a tensor into a tuple of tensors along ``axis``, removing that axis."""

    @prim_attr_register
    def __init__(self, axis=0, num=None):
        self.init_prim_io_names(["x"], ["y"])

    def __call__(self, input_x):
        return functional("Unstack", "unstack", input_x, self.axis)


class Split(Primitive):
    """Split a tensor into ``output_num`` equal parts along ``axis``."""

    @prim_attr_register
    def __init__(self, axis=0, output_num=1):
        pass

    def __call__(self, input_x):
        t = input_x._t
        n = t.shape[self.axis]
        if n % self.output_num:
            raise ValueError(f"For 'Split', the dimension {self.axis} of the input of shape {tuple(t.shape)} "
                             f"must be divisible by output_num {self.output_num}")
        return tuple(_wrap(o) for o in t.split(n // self.output_num, self.axis))


class Tile(Primitive):
    """Repeat a tensor ``dims`` times along each axis."""

    def __init__(self):
        super().__init__("Tile")

    def __call__(self, input, dims):
        return functional("Tile", "tile", input, _shape_tuple(dims))


class BroadcastTo(Primitive):
    """Broadcast a tensor to ``shape`` (-1 keeps a dimension)."""

    @prim_attr_register
    def __init__(self, shape):
        pass

    def __call__(self, input_x):
        return _wrap(input_x._t.expand(self.shape))


class Slice(Primitive):
    """The slice of ``input_x`` starting at ``begin`` with sizes ``size`` (-1 = to the end)."""

    def __init__(self):
        super().__init__("Slice")

    def __call__(self, input_x, begin, size):
        begin, size = _int_sequence("Slice", "begin", begin), _int_sequence("Slice", "size", size)
        t = input_x._t
        for b, n, dim in zip(begin, size, t.shape):
            if b < 0 or b > dim or (n != -1 and (n < 0 or b + n > dim)):
                raise ValueError(f"For 'Slice', the slice begin={begin}, size={size} must lie inside the input "
                                 f"shape {tuple(t.shape)} (begin >= 0, size -1 or begin + size <= shape)")
        idx = tuple(slice(b, None if s == -1 else b + s) for b, s in zip(begin, size))
        return _wrap(t[idx])


class StridedSlice(Primitive):
    """``input_x[begin:end:strides]`` per axis, with MindSpore's bit masks (see ``ops.strided_slice``)."""

    @prim_attr_register
    def __init__(self, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0):
        pass

    def __call__(self, input_x, begin, end, strides):
        return array_func.strided_slice(input_x, begin, end, strides, self.begin_mask, self.end_mask,
                                        self.ellipsis_mask, self.new_axis_mask, self.shrink_axis_mask)


class Gather(Primitive):
    """Take slices of ``input_params`` along ``axis`` at ``input_indices`` (an integer tensor of any shape).

    The output shape is ``params.shape[:axis] + indices.shape + params.shape[axis + 1:]``.
    """

    @prim_attr_register
    def __init__(self, batch_dims=0):
        pass

    def __call__(self, input_params, input_indices, axis):
        _index(input_indices, "Gather", "input_indices")
        if isinstance(axis, Tensor) and axis._t.numel() != 1:
            raise TypeError(f"For 'Gather', the 'axis' must be an int or a one-element Tensor, but got {_desc(axis)}")
        return functional("Gather", "gather", input_params, input_indices, axis % input_params._t.dim(),
                          self.batch_dims)


GatherV2 = Gather


class GatherD(Primitive):
    """Pick elements of ``x`` along ``dim`` at ``index`` (``torch.gather``)."""

    def __init__(self):
        super().__init__("GatherD")

    def __call__(self, x, dim, index):
        _index(index, "GatherD", "index")
        return functional("GatherD", "gather_d", x, dim, index)


class GatherNd(Primitive):
    """Gather slices addressed by the last axis of ``indices``."""

    def __init__(self):
        super().__init__("GatherNd")

    def __call__(self, input_x, indices):
        return functional("GatherNd", "gather_nd", input_x, indices)


class OneHot(Primitive):
    """One-hot encoding: ``on_value`` where the class matches, ``off_value`` elsewhere, a new axis at ``axis``."""

    @prim_attr_register
    def __init__(self, axis=-1):
        pass

    def __call__(self, indices, depth, on_value, off_value):
        _index(indices, "OneHot", "indices")
        return functional("OneHot", "one_hot", indices, depth, on_value, off_value, self.axis)


class Sort(Primitive):
    """``(values, indices)`` sorted along ``axis``; indices are Int32."""

    @prim_attr_register
    def __init__(self, axis=-1, descending=False):
        self.init_prim_io_names(["x"], ["y1", "y2"])

    def __call__(self, x):
        return functional("Sort", "sort", x, self.axis, self.descending)


class TopK(Primitive):
    """The ``k`` largest entries along the last axis: ``(values, Int32 indices)``."""

    @prim_attr_register
    def __init__(self, sorted=True):
        self.init_prim_io_names(["input", "k"], ["values", "indices"])

    def __call__(self, input_x, k):
        if isinstance(input_x, Tensor) and input_x._t.dim() == 0:
            # MindSpore 2.10's kernel refuses a 0-d input with a RuntimeError.
            raise RuntimeError(f"For 'TopK', the dimension of input must be greater than 0, but got {_desc(input_x)}")
        if isinstance(k, int) and k <= 0:
            raise ValueError(f"For 'TopK', the 'k' must be positive, but got {k}")
        v, i = functional("TopK", "topk", input_x, int(k), -1, True, self.sorted)
        return v, _wrap(i._t.to(torch.int32))


class Unique(Primitive):
    """``(unique values in first-appearance order, index of each input element)``."""

    def __init__(self):
        super().__init__("Unique")

    def __call__(self, input_x):
        if isinstance(input_x, Tensor) and input_x._t.dim() != 1:
            # MindSpore 2.10's Unique kernel takes 1-D input only (ops.unique flattens first).
            raise RuntimeError(f"For 'Unique', the input must be 1-D, but got shape {tuple(input_x._t.shape)}")
        return array_func.unique(input_x)


def _unsorted_segment(prim, fn, x, segment_ids, num_segments):
    """``fn`` (an ``unsorted_segment_*`` op) after MindSpore 2.10's Primitive checks of ``num_segments``: an int,
    or an Int32/Int64 Tensor of one element."""
    tensor_of(prim, "segment_ids", segment_ids, I32_64)
    if isinstance(num_segments, Tensor) and (num_segments._t.dtype not in I32_64 or num_segments._t.numel() != 1):
        raise TypeError(f"For '{prim}', the 'num_segments' must be an int or an Int32/Int64 Tensor of one element, "
                        f"but got {_desc(num_segments)}")
    return functional(prim, fn, x, segment_ids, num_segments)


class UnsortedSegmentSum(Primitive):
    """Sum the rows of ``input_x`` that share a segment id into ``num_segments`` rows (ids out of range are dropped)."""

    def __init__(self):
        super().__init__("UnsortedSegmentSum")

    def __call__(self, input_x, segment_ids, num_segments):
        return _unsorted_segment("UnsortedSegmentSum", "unsorted_segment_sum", input_x, segment_ids, num_segments)


class UnsortedSegmentMax(Primitive):
    """Maximum per segment (empty segments hold the dtype's lowest value)."""

    def __init__(self):
        super().__init__("UnsortedSegmentMax")

    def __call__(self, x, segment_ids, num_segments):
        return _unsorted_segment("UnsortedSegmentMax", "unsorted_segment_max", x, segment_ids, num_segments)


class UnsortedSegmentMin(Primitive):
    """Minimum per segment (empty segments hold the dtype's highest value)."""

    def __init__(self):
        super().__init__("UnsortedSegmentMin")

    def __call__(self, x, segment_ids, num_segments):
        return _unsorted_segment("UnsortedSegmentMin", "unsorted_segment_min", x, segment_ids, num_segments)


class UnsortedSegmentProd(Primitive):
    """Product per segment (empty segments hold 1)."""

    def __init__(self):
        super().__init__("UnsortedSegmentProd")

    def __call__(self, x, segment_ids, num_segments):
        return _unsorted_segment("UnsortedSegmentProd", "unsorted_segment_prod", x, segment_ids, num_segments)


class Select(Primitive):
    """``x`` where ``condition`` is True, else ``y``."""

    def __init__(self):
        super().__init__("Select")

    def __call__(self, condition, x, y):
        return functional("Select", "select", condition, x, y)


class Fill(Primitive):
    """A tensor of ``shape`` and ``dtype`` filled with ``value``."""

    def __init__(self):
        super().__init__("Fill")

    def __call__(self, type, shape, value):
        if not isinstance(type, mstype.Type):
            raise TypeError(f"For 'Fill', the 'type' must be a mindspore dtype, but got {_desc(type)}")
        return functional("Fill", "fill", type, _shape_tuple(shape), value)


class Fills(Primitive):
    """A tensor like ``x`` filled with ``value``."""

    def __init__(self):
        super().__init__("Fills")

    def __call__(self, x, value):
        # MindSpore 2.10 takes a float or a 0-d Float32 Tensor value (an int is refused, as a Tensor of another dtype).
        if isinstance(value, Tensor):
            tensor_of("Fills", "value", value, (torch.float32,))
            _rank("Fills", "value", value, (0,))
        elif not isinstance(value, float):
            raise TypeError(f"For 'Fills', the 'value' must be a float or a Float32 Tensor, but got {_desc(value)}")
        return functional("Fills", "fills", x, value)


class Zeros(Primitive):
    """A tensor of zeros of ``size`` and ``type``."""

    def __init__(self):
        super().__init__("Zeros")

    def __call__(self, size, type=None):
        return functional("Zeros", "zeros", _shape_tuple(size), mstype.float32 if type is None else type)


class Ones(Primitive):
    """A tensor of ones of ``shape`` and ``type``."""

    def __init__(self):
        super().__init__("Ones")

    def __call__(self, shape, type=None):
        return functional("Ones", "ones", _shape_tuple(shape), mstype.float32 if type is None else type)


class ZerosLike(Primitive):
    """Zeros with the shape and dtype of ``input_x``."""

    def __init__(self):
        super().__init__("ZerosLike")

    def __call__(self, input_x):
        return functional("ZerosLike", "zeros_like", input_x)


class OnesLike(Primitive):
    """Ones with the shape and dtype of ``input_x``."""

    def __init__(self):
        super().__init__("OnesLike")

    def __call__(self, input_x):
        return functional("OnesLike", "ones_like", input_x)


class Eye(Primitive):
    """An ``n`` x ``m`` identity matrix of dtype ``t``."""

    def __init__(self):
        super().__init__("Eye")

    def __call__(self, n, m, t):
        return functional("Eye", "eye", n, m, t)


class Range(Primitive):
    """``[start, limit)`` with step ``delta``: Int64 for integer inputs, Float32 when one is a float (the dtypes
    MindSpore 2.10 gives, whatever the inputs' width)."""

    @prim_attr_register
    def __init__(self, maxlen=1000000):
        pass

    def __call__(self, start, limit, delta):
        s, l, d = (v.item() if isinstance(v, torch.Tensor) else v for v in (_u(start), _u(limit), _u(delta)))
        dtype = mstype.float32 if any(isinstance(v, float) for v in (s, l, d)) else mstype.int64
        return creation_func.range(s, l, d, self.maxlen, dtype=dtype)


class ScatterNd(Primitive):
    """A zero tensor of ``shape`` with ``updates`` added at ``indices`` (last axis addresses)."""

    def __init__(self):
        super().__init__("ScatterNd")

    def __call__(self, indices, updates, shape):
        _index(indices, "ScatterNd", "indices")
        return functional("ScatterNd", "scatter_nd", indices, updates, _shape_tuple(shape))


class TensorScatterUpdate(Primitive):
    """A copy of ``input_x`` with the slices at ``indices`` replaced by ``updates``."""

    def __init__(self):
        super().__init__("TensorScatterUpdate")

    def __call__(self, input_x, indices, updates):
        idx = _index(indices, "TensorScatterUpdate", "indices").long()
        return _wrap(input_x._t.index_put(tuple(idx.movedim(-1, 0)), updates._t))


class TensorScatterAdd(Primitive):
    """A copy of ``input_x`` with ``updates`` added at ``indices``."""

    def __init__(self):
        super().__init__("TensorScatterAdd")

    def __call__(self, input_x, indices, updates):
        # MindSpore 2.10 checks the shapes (ValueError) before the dtypes (TypeError).
        for name, value in (("input_x", input_x), ("indices", indices), ("updates", updates)):
            _tensor_arg("TensorScatterAdd", name, value)
        x, idx, u = input_x._t, indices._t, updates._t
        if idx.dim() < 2 or idx.shape[-1] > x.dim() or u.shape != idx.shape[:-1] + x.shape[idx.shape[-1]:]:
            raise ValueError(f"For 'TensorScatterAdd', the 'indices' must have rank at least 2 and a last dimension "
                             f"at most the rank of 'input_x', and 'updates' the shape indices.shape[:-1] + "
                             f"input_x.shape[indices.shape[-1]:], but got 'input_x' {_desc(input_x)}, 'indices' "
                             f"{_desc(indices)} and 'updates' {_desc(updates)}")
        tensor_of("TensorScatterAdd", "input_x", input_x, NUMBERS)
        tensor_of("TensorScatterAdd", "indices", indices, I32_64)
        _same_dtype("TensorScatterAdd", ("input_x", "updates"), input_x, updates)
        return functional("TensorScatterAdd", "tensor_scatter_add", input_x, indices, updates)


class ScatterUpdate(Primitive):
    """Update the rows ``indices`` of the Parameter ``input_x`` to ``updates``; returns ``input_x``."""

    @prim_attr_register
    def __init__(self, use_locking=True):
        pass

    def __call__(self, input_x, indices, updates):
        _index(indices, "ScatterUpdate", "indices")
        return functional("ScatterUpdate", "scatter_update", input_x, indices, updates)


class ScatterAdd(Primitive):
    """Add ``updates`` to the rows ``indices`` of the Parameter ``input_x``; returns ``input_x``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, input_x, indices, updates):
        _index(indices, "ScatterAdd", "indices")
        return functional("ScatterAdd", "scatter_add", input_x, indices, updates)


class MaskedFill(Primitive):
    """``input`` with ``value`` where ``mask`` is True."""

    def __init__(self):
        super().__init__("MaskedFill")

    def __call__(self, input, mask, value):
        return _wrap(input._t.masked_fill(mask._t, _u(value)))


class MaskedSelect(Primitive):
    """The 1-D tensor of the elements of ``x`` where ``mask`` is True."""

    def __init__(self):
        super().__init__("MaskedSelect")

    def __call__(self, x, mask):
        return functional("MaskedSelect", "masked_select", x, mask)


class ReverseV2(Primitive):
    """Reverse the order of elements along ``axis``."""

    @prim_attr_register
    def __init__(self, axis):
        pass

    def __call__(self, input_x):
        return functional("ReverseV2", "flip", input_x, tuple(self.axis))


class Identity(Primitive):
    """Return the input (a new Tensor sharing its data)."""

    def __init__(self):
        super().__init__("Identity")

    def __call__(self, x):
        return _wrap(x._t)


class Meshgrid(Primitive):
    """Coordinate matrices from coordinate vectors; ``indexing`` 'xy' or 'ij'."""

    @prim_attr_register
    def __init__(self, indexing="xy"):
        pass

    def __call__(self, inputs):
        tensor_sequence("Meshgrid", inputs)
        return tuple(functional("Meshgrid", "meshgrid", *inputs, indexing=self.indexing))


class InvertPermutation(Primitive):
    """The inverse of a permutation given as a tuple of ints."""

    def __init__(self):
        super().__init__("InvertPermutation")

    def __call__(self, input_x):
        if isinstance(input_x, Tensor):  # MindSpore 2.10 raises ValueError: the input must be a constant
            raise ValueError(f"For 'InvertPermutation', the 'input_x' must be a tuple of ints (a constant), not a "
                             f"Tensor, but got {_desc(input_x)}")
        if sorted(input_x) != list(range(len(input_x))):
            raise ValueError(f"For 'InvertPermutation', the 'input_x' must be a permutation of 0..{len(input_x) - 1}, "
                             f"but got {input_x}")
        out = [0] * len(input_x)
        for i, p in enumerate(input_x):
            out[p] = i
        return tuple(out)


class Tril(Primitive):
    """The lower triangle of a matrix (``diagonal`` shifts it)."""

    @prim_attr_register
    def __init__(self, diagonal=0):
        pass

    def __call__(self, x):
        return functional("Tril", "tril", x, self.diagonal)


class Triu(Primitive):
    """The upper triangle of a matrix (``diagonal`` shifts it)."""

    @prim_attr_register
    def __init__(self, diagonal=0):
        pass

    def __call__(self, x):
        return functional("Triu", "triu", x, self.diagonal)


class Pad(Primitive):
    """Zero-pad with ``paddings``: one ``(before, after)`` pair per dimension, first dimension first."""

    @prim_attr_register
    def __init__(self, paddings):
        pass

    def __call__(self, input_x):
        flat = []
        for before, after in reversed(self.paddings):
            flat += [before, after]
        return functional("Pad", "pad", input_x, flat)


class NonZero(Primitive):
    """Indices of the non-zero elements, one row per element (Int64)."""

    def __init__(self):
        super().__init__("NonZero")

    def __call__(self, x):
        if isinstance(x, Tensor) and x._t.dim() == 0:
            # MindSpore 2.10's kernel refuses a 0-d input with a RuntimeError.
            raise RuntimeError(f"For 'NonZero', the dimension of 'x' must be at least 1, but got {_desc(x)}")
        return functional("NonZero", "nonzero", x)


class SearchSorted(Primitive):
    """Insertion indices of ``values`` into the sorted ``sorted_sequence``."""

    @prim_attr_register
    def __init__(self, dtype=mstype.int64, right=False):
        pass

    def __call__(self, sorted_sequence, values):
        if isinstance(sorted_sequence, Tensor) and isinstance(values, Tensor) and (
                sorted_sequence._t.dtype != values._t.dtype or values._t.dtype == torch.bool):
            # MindSpore 2.10's CPU kernel has none for Bool or for two dtypes: a RuntimeError.
            raise RuntimeError(f"For 'SearchSorted', there is no kernel for 'sorted_sequence' "
                               f"{_desc(sorted_sequence)} and 'values' {_desc(values)}: they must share a non-Bool dtype")
        return array_func.searchsorted(sorted_sequence, values, out_int32=self.dtype == mstype.int32, right=self.right)


class IndexAdd(Primitive):
    """Add ``y`` into the rows ``indices`` of ``input_x`` along ``axis``; returns ``input_x`` updated."""

    @prim_attr_register
    def __init__(self, axis, use_lock=True, check_index_bound=True):
        pass

    def __call__(self, input_x, indices, y):
        tensor_of("IndexAdd", "indices", indices, (torch.int32,))
        _rank("IndexAdd", "indices", indices, (1,))
        t = input_x._t  # y is cast to x's dtype, as MindSpore 2.10 does for the updated Parameter
        return _set(input_x, t.index_add(self.axis, indices._t, _u(y).to(t.dtype)))


class Roll(Primitive):
    """Roll the elements by ``shifts`` along ``dims`` (the flattened tensor when ``dims`` is None)."""

    @prim_attr_register
    def __init__(self, shifts, dims=None):
        pass

    def __call__(self, input_x):
        return functional("Roll", "roll", input_x, self.shifts, self.dims)


Pack = Stack
Unpack = Unstack
__all__ += ["Pack", "Unpack"]


class Diag(Primitive):
    """A tensor with ``input_x`` on its diagonal: shape ``s`` becomes ``s + s``."""

    def __init__(self):
        super().__init__("Diag")

    def __call__(self, input_x):
        return functional("Diag", "diag", input_x)


class DiagPart(Primitive):
    """The diagonal of a ``s + s`` shaped tensor (the inverse of ``Diag``)."""

    def __init__(self):
        super().__init__("DiagPart")

    def __call__(self, input_x):
        return array_func.diag_part(input_x)


class FillV2(Primitive):
    """A tensor of ``shape`` filled with the 0-d tensor ``value`` (its dtype)."""

    def __init__(self):
        super().__init__("FillV2")

    def __call__(self, shape, value):
        if isinstance(shape, Tensor):
            tensor_of("FillV2", "shape", shape, I32_64)
        _tensor_arg("FillV2", "value", value)
        if value._t.numel() != 1:  # MindSpore 2.10: a ValueError
            raise ValueError(f"For 'FillV2', the 'value' must hold one element, but got {_desc(value)}")
        return creation_func.fill(value.dtype, _shape_tuple(shape), value)


class FillDiagonal(Primitive):
    """A copy of ``input_x`` with ``fill_value`` on the main diagonal (``wrap`` for tall matrices)."""

    @prim_attr_register
    def __init__(self, fill_value, wrap=False):
        pass

    def __call__(self, input_x):
        tensor_of("FillDiagonal", "input_x", input_x, FLOATS + (torch.int8, torch.int16, torch.int32, torch.int64,
                                                                torch.uint8))
        return _wrap(input_x._t.clone().fill_diagonal_(self.fill_value, self.wrap))


class IndexFill(Primitive):
    """A copy of ``x`` with ``value`` at ``index`` along ``dim``."""

    def __init__(self):
        super().__init__("IndexFill")

    def __call__(self, x, dim, index, value):
        if isinstance(dim, Tensor):
            tensor_of("IndexFill", "dim", dim, I32_64)
            _rank("IndexFill", "dim", dim, (0,))
        tensor_of("IndexFill", "index", index, I32_64)  # MindSpore 2.10 takes Int32 only; Int64 is accepted here
        if isinstance(value, Tensor):  # of x's dtype (MindSpore 2.10 takes no Python number; accepted here)
            _same_dtype("IndexFill", ("x", "value"), x, value)
        return functional("IndexFill", "index_fill", x, int(_u(dim)), index, value)


class IndexPut(Primitive):
    """A copy of ``x1`` with ``x2`` put at the positions given by the tuple of index tensors."""

    @prim_attr_register
    def __init__(self, accumulate=0):
        pass

    def __call__(self, x1, x2, indices):
        tensor_sequence("IndexPut", indices)
        idx = tuple(_index(i, "IndexPut", "indices").long() for i in indices)
        return _wrap(x1._t.index_put(idx, x2._t, bool(self.accumulate)))


class _Inplace(Primitive):
    """Base of InplaceAdd/Sub/Update: rows ``indices`` of ``x`` combined with ``v``."""

    def _rows(self, indices, device):
        idx = indices if indices is not None else self.indices
        if isinstance(idx, Tensor):
            return idx._t.long().reshape(-1)
        return _u(Tensor([idx] if isinstance(idx, int) else list(idx), mstype.int64)).to(device)


class InplaceAdd(_Inplace):
    """Add ``input_v`` to the rows ``indices`` of ``x``."""

    @prim_attr_register
    def __init__(self, indices):
        pass

    def __call__(self, x, input_v):
        t = x._t
        return _wrap(t.index_add(0, self._rows(None, t.device), input_v._t.reshape((-1,) + tuple(t.shape[1:]))))


class InplaceSub(_Inplace):
    """Subtract ``input_v`` from the rows ``indices`` of ``x``."""

    @prim_attr_register
    def __init__(self, indices):
        pass

    def __call__(self, x, input_v):
        t = x._t
        return _wrap(t.index_add(0, self._rows(None, t.device), input_v._t.reshape((-1,) + tuple(t.shape[1:])),
                                 alpha=-1))


class InplaceUpdate(_Inplace):
    """Replace the rows ``indices`` of ``x`` by ``v``."""

    @prim_attr_register
    def __init__(self, indices):
        pass

    def __call__(self, x, v):
        t = x._t
        return _wrap(t.index_copy(0, self._rows(None, t.device), v._t.reshape((-1,) + tuple(t.shape[1:]))))


class InplaceUpdateV2(_Inplace):
    """Replace the rows ``indices`` (an input) of ``x`` by ``v``."""

    def __init__(self):
        super().__init__("InplaceUpdateV2")

    def __call__(self, x, indices, v):
        t = x._t
        return _wrap(t.index_copy(0, self._rows(indices, t.device), v._t.reshape((-1,) + tuple(t.shape[1:]))))


class InplaceIndexAdd(Primitive):
    """Add ``updates`` into the Parameter ``var`` at ``indices`` along ``axis``; returns ``var``."""

    @prim_attr_register
    def __init__(self, axis):
        pass

    def __call__(self, var, indices, updates):
        return functional("InplaceIndexAdd", "index_add", var, indices, updates, self.axis)


class MaskedScatter(Primitive):
    """Copy ``updates`` in order into the positions of ``x`` where ``mask`` is True."""

    def __init__(self):
        super().__init__("MaskedScatter")

    def __call__(self, x, mask, updates):
        return _wrap(x._t.masked_scatter(mask._t, updates._t))


def _nd_index(indices, op):
    return tuple(_index(indices, op, "indices").long().movedim(-1, 0))


def _tensor_scatter_class(name, op):
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, input_x, indices, updates):
        return _wrap(_nd_combine(op, input_x._t, _nd_index(indices, name), updates._t))

    doc = f"A copy of ``input_x`` with ``updates`` combined ({op}) into the slices addressed by ``indices``."
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc,
                                     "__module__": __name__})


def _scatter_nd_param_class(name, op):
    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, input_x, indices, updates):
        return _set(input_x, _nd_combine(op, input_x._t, _nd_index(indices, name), updates._t))

    doc = (f"Combine ({op}) ``updates`` into the slices of the Parameter ``input_x`` addressed by ``indices`` "
           "(last axis); returns ``input_x``.")
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc,
                                     "__module__": __name__})


def _scatter_param_class(name, op):
    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, input_x, indices, updates):
        idx = _index(indices, name, "indices").long().unsqueeze(-1)
        return _set(input_x, _nd_combine(op, input_x._t, tuple(idx.movedim(-1, 0)), updates._t))

    doc = f"Combine ({op}) ``updates`` into the rows ``indices`` of the Parameter ``input_x``; returns ``input_x``."
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc,
                                     "__module__": __name__})


for _name, _op in (("TensorScatterSub", "sub"), ("TensorScatterMul", "mul"), ("TensorScatterDiv", "div"),
                   ("TensorScatterMax", "max"), ("TensorScatterMin", "min")):
    globals()[_name] = _tensor_scatter_class(_name, _op)
    __all__.append(_name)
for _name, _op in (("ScatterNdUpdate", "update"), ("ScatterNdAdd", "add"), ("ScatterNdSub", "sub"),
                   ("ScatterNdMul", "mul"), ("ScatterNdDiv", "div"), ("ScatterNdMax", "max"),
                   ("ScatterNdMin", "min")):
    globals()[_name] = _scatter_nd_param_class(_name, _op)
    __all__.append(_name)
for _name, _op in (("ScatterSub", "sub"), ("ScatterMul", "mul"), ("ScatterDiv", "div"), ("ScatterMax", "max"),
                   ("ScatterMin", "min")):
    globals()[_name] = _scatter_param_class(_name, _op)
    __all__.append(_name)


class ScatterNonAliasingAdd(Primitive):
    """Add ``updates`` into ``input_x`` at ``indices`` (last axis addresses); returns ``input_x``."""

    def __init__(self):
        super().__init__("ScatterNonAliasingAdd")

    def __call__(self, input_x, indices, updates):
        return _set(input_x, _nd_combine("add", input_x._t, _nd_index(indices, "ScatterNonAliasingAdd"),
                                         updates._t))


class TensorScatterElements(Primitive):
    """Scatter ``updates`` along ``axis`` at ``indices`` (``reduction`` 'none' or 'add')."""

    @prim_attr_register
    def __init__(self, axis=0, reduction="none"):
        pass

    def __call__(self, data, indices, updates):
        op = type(self).__name__
        for name, value in (("data", data), ("indices", indices), ("updates", updates)):
            _tensor_arg(op, name, value)
        t, u = data._t, updates._t
        if t.dim() == 0 or not t.dim() == indices._t.dim() == u.dim():
            raise ValueError(f"For '{op}', the 'data', 'indices' and 'updates' must have the same rank, at least 1, "
                             f"but got {_desc(data)}, {_desc(indices)} and {_desc(updates)}")
        tensor_of(op, "indices", indices, I32_64)
        _same_dtype(op, ("data", "updates"), data, updates)
        if u.shape != indices._t.shape:  # MindSpore 2.10's kernel fails with a RuntimeError
            raise RuntimeError(f"For '{op}', the 'updates' must have the shape of 'indices', but got {_desc(updates)} "
                               f"and {_desc(indices)}")
        # MindSpore 2.10's CPU kernel stops at the first index out of range (it logs an error).
        return array_func._scatter_elements_to_first_outside(data, indices, updates, axis=self.axis,
                                                             reduction=self.reduction)


class ScatterAddWithAxis(TensorScatterElements):
    """Add ``updates`` into ``input_x`` along ``axis`` at ``indices``."""

    @prim_attr_register
    def __init__(self, axis=0):
        self.reduction = "add"


class SegmentSum(Primitive):
    """Sum over the runs of equal ids in the sorted ``segment_ids``."""

    def __init__(self):
        super().__init__("SegmentSum")

    def __call__(self, input_x, segment_ids):
        return _segment_sorted(input_x, segment_ids, "sum", "SegmentSum")


class SegmentMean(Primitive):
    """Mean over the runs of equal ids in the sorted ``segment_ids``."""

    def __init__(self):
        super().__init__("SegmentMean")

    def __call__(self, input_x, segment_ids):
        return _segment_sorted(input_x, segment_ids, "mean", "SegmentMean")


class SegmentMax(Primitive):
    """Maximum over the runs of equal ids in the sorted ``segment_ids`` (0 for empty segments)."""

    def __init__(self):
        super().__init__("SegmentMax")

    def __call__(self, input_x, segment_ids):
        return _segment_sorted(input_x, segment_ids, "amax", "SegmentMax")


class SegmentMin(Primitive):
    """Minimum over the runs of equal ids in the sorted ``segment_ids`` (0 for empty segments)."""

    def __init__(self):
        super().__init__("SegmentMin")

    def __call__(self, input_x, segment_ids):
        return _segment_sorted(input_x, segment_ids, "amin", "SegmentMin")


class SegmentProd(Primitive):
    """Product over the runs of equal ids in the sorted ``segment_ids``."""

    def __init__(self):
        super().__init__("SegmentProd")

    def __call__(self, input_x, segment_ids):
        return _segment_sorted(input_x, segment_ids, "prod", "SegmentProd")


class UniqueConsecutive(Primitive):
    """Collapse runs of equal values: ``(values, inverse indices, counts)``."""

    @prim_attr_register
    def __init__(self, return_inverse=False, return_counts=False, dim=None):
        pass

    def __call__(self, x):
        return tuple(functional("UniqueConsecutive", "unique_consecutive", x, True, True, self.dim))


class ReverseSequence(Primitive):
    """Reverse the first ``seq_lengths[b]`` elements along ``seq_dim`` of each batch entry ``b``."""

    @prim_attr_register
    def __init__(self, seq_dim, batch_dim=0):
        pass

    def __call__(self, x, seq_lengths):
        return array_func.reverse_sequence(x, seq_lengths, self.seq_dim, self.batch_dim)


class SplitV(Primitive):
    """Split along ``split_dim`` into pieces of ``size_splits`` (one entry may be -1)."""

    @prim_attr_register
    def __init__(self, size_splits, split_dim, num_split):
        pass

    def __call__(self, input_x):
        t = input_x._t
        sizes = list(self.size_splits)
        if -1 in sizes:
            sizes[sizes.index(-1)] = t.shape[self.split_dim] - (sum(sizes) + 1)
        return tuple(_wrap(o) for o in t.split(sizes, self.split_dim))


class SpaceToDepth(Primitive):
    """Move ``block_size`` x ``block_size`` spatial blocks into channels (NCHW)."""

    @prim_attr_register
    def __init__(self, block_size):
        pass

    def __call__(self, x):
        return array_func.space_to_depth(x, block_size=self.block_size)


class DepthToSpace(Primitive):
    """Move channels into ``block_size`` x ``block_size`` spatial blocks (NCHW)."""

    @prim_attr_register
    def __init__(self, block_size):
        pass

    def __call__(self, x):
        return array_func.depth_to_space(x, block_size=self.block_size)


class ScalarCast(Primitive):
    """Cast a Python scalar to the Python type of ``input_y`` (a MindSpore dtype)."""

    def __init__(self):
        super().__init__("ScalarCast")

    def __call__(self, input_x, input_y):
        return functional("ScalarCast", "scalar_cast", input_x, input_y)


class ScalarToTensor(Primitive):
    """A 0-d Tensor holding a Python scalar (Float32 by default)."""

    def __init__(self):
        super().__init__("ScalarToTensor")

    def __call__(self, input_x, dtype=mstype.float32):
        return functional("ScalarToTensor", "scalar_to_tensor", input_x, dtype)


class TupleToArray(Primitive):
    """A 1-D Tensor from a tuple of numbers."""

    def __init__(self):
        super().__init__("TupleToArray")

    def __call__(self, input_x):
        # MindSpore 2.10: a tuple of ints (Int32, wrapping as its int32 does) or of floats (Float32), no mix.
        if not isinstance(input_x, tuple):
            raise TypeError(f"For 'TupleToArray', the input must be a tuple of numbers, but got {_desc(input_x)}")
        kinds = {float if isinstance(v, float) else int for v in input_x}
        if len(kinds) > 1 or not all(isinstance(v, (int, float)) for v in input_x):
            raise TypeError(f"For 'TupleToArray', all elements of the input must have the same type (int or float), "
                            f"but got {input_x}")
        out = array_func.tuple_to_array(input_x)
        return out if kinds == {float} else array_func.cast(out, mstype.int32)


class TensorToTuple(Primitive):
    """A tuple of Python numbers from a 1-D Tensor.

    Differences from the documentation: as in MindSpore 2.10, a Tensor of rank 2 or more gives None (the
    documentation announces a ValueError) and a 0-d Tensor a TypeError.
    """

    def __init__(self):
        super().__init__("TensorToTuple")

    def __call__(self, input_x):
        t = input_x._t
        if t.dim() > 1:  # MindSpore 2.10 returns None for a Tensor of rank 2 or more (its value is not inferred)
            return None
        return tuple(t.tolist())


class UnravelIndex(Primitive):
    """Coordinates of flat ``indices`` in an array of shape ``dims``."""

    def __init__(self):
        super().__init__("UnravelIndex")

    def __call__(self, indices, dims):
        return array_func.unravel_index(indices, dims)


class TrilIndices(Primitive):
    """Coordinates (2 x N) of the lower triangle of a ``row`` x ``col`` matrix."""

    @prim_attr_register
    def __init__(self, row, col, offset=0, dtype=mstype.int32):
        pass

    def __call__(self):
        return functional("TrilIndices", "tril_indices", self.row, self.col, self.offset, dtype=self.dtype)


class TriuIndices(Primitive):
    """Coordinates (2 x N) of the upper triangle of a ``row`` x ``col`` matrix."""

    @prim_attr_register
    def __init__(self, row, col, offset=0, dtype=mstype.int32):
        pass

    def __call__(self):
        return functional("TriuIndices", "triu_indices", self.row, self.col, self.offset, dtype=self.dtype)


class _Window(Primitive):
    @prim_attr_register
    def __init__(self, periodic=True, dtype=mstype.float32):
        pass

    def __call__(self, window_length):
        op = type(self).__name__
        if not isinstance(window_length, int):  # MindSpore 2.10 takes a Tensor only; an int is accepted here too
            tensor_of(op, "window_length", window_length, I32_64)
        return functional(op, self._fn, window_length, self.periodic, dtype=self.dtype)


class HammingWindow(Primitive):
    """Generalised Hamming window ``alpha - beta * cos(2 pi n / N)`` of ``window_length``."""

    @prim_attr_register
    def __init__(self, periodic=True, alpha=0.54, beta=0.46, dtype=mstype.float32):
        pass

    def __call__(self, length):
        # MindSpore 2.10's HammingWindow takes the length as a 1-D integer Tensor (its first element); an int is
        # accepted here too.
        if not isinstance(length, int):
            tensor_of("HammingWindow", "length", length, INTS)
            _rank("HammingWindow", "length", length, (1,))
            length = int(length._t[0]) if length._t.numel() else length
        return functional("HammingWindow", "hamming_window", length, self.periodic, self.alpha, self.beta,
                          dtype=self.dtype)


class BartlettWindow(_Window):
    """Bartlett (triangular) window of ``window_length``."""

    _fn = "bartlett_window"


class BlackmanWindow(_Window):
    """Blackman window of ``window_length``."""

    _fn = "blackman_window"


class UpperBound(Primitive):
    """For each row, the insertion index after equal values of ``values`` in ``sorted_x``."""

    @prim_attr_register
    def __init__(self, out_type=mstype.int32):
        pass

    def __call__(self, sorted_x, values):
        return _bound("UpperBound", sorted_x, values, True, self.out_type)


class LowerBound(Primitive):
    """For each row, the insertion index before equal values of ``values`` in ``sorted_x``."""

    @prim_attr_register
    def __init__(self, out_type=mstype.int32):
        pass

    def __call__(self, sorted_x, values):
        return _bound("LowerBound", sorted_x, values, False, self.out_type)


class ConjugateTranspose(Primitive):
    """Permute the axes by ``input_perm`` and conjugate."""

    def __init__(self):
        super().__init__("ConjugateTranspose")

    def __call__(self, x, input_perm):
        return _wrap(x._t.permute(tuple(input_perm)).conj_physical())


class IdentityN(Primitive):
    """Return the list or tuple of tensors unchanged."""

    def __init__(self):
        super().__init__("IdentityN")

    def __call__(self, x):
        return type(x)(_wrap(v._t) for v in x)


class ParallelConcat(Primitive):
    """Concatenate tensors along the first axis."""

    def __init__(self):
        super().__init__("ParallelConcat")

    def __call__(self, values):
        return array_func.parallel_concat(values)


class EmbeddingLookup(Primitive):
    """Rows ``input_indices - offset`` of ``input_params`` (zeros outside the table)."""

    def __init__(self):
        super().__init__("EmbeddingLookup")

    def __call__(self, input_params, input_indices, offset):
        table = input_params._t
        if isinstance(offset, Tensor):  # MindSpore 2.10 reads the first element of a Tensor offset
            offset = offset._t.reshape(-1)[0]
        idx = _index(input_indices, "EmbeddingLookup", "input_indices").long() - int(offset)
        valid = (idx >= 0) & (idx < table.shape[0])
        out = table[idx.clamp(0, table.shape[0] - 1)]
        return _wrap(out * valid.unsqueeze(-1).to(out.dtype))


class SparseGatherV2(Gather):
    """``Gather`` for sparse gradients; computes the same values."""

    def __init__(self):
        Gather.__init__(self)
        self.name = "SparseGatherV2"


class Expand(Primitive):
    """Broadcast ``x`` to ``shape`` (a Tensor)."""

    def __init__(self):
        super().__init__("Expand")

    def __call__(self, x, shape):
        tensor_of("Expand", "x", x, (torch.float16, torch.float32, torch.int32, torch.int8, torch.uint8))
        _tensor_arg("Expand", "shape", shape)
        return functional("Expand", "expand", x, shape)


__all__ += [
    "BartlettWindow",
    "BlackmanWindow",
    "ConjugateTranspose",
    "DepthToSpace",
    "Diag",
    "DiagPart",
    "EmbeddingLookup",
    "Expand",
    "FillDiagonal",
    "FillV2",
    "HammingWindow",
    "IdentityN",
    "IndexFill",
    "IndexPut",
    "InplaceAdd",
    "InplaceIndexAdd",
    "InplaceSub",
    "InplaceUpdate",
    "InplaceUpdateV2",
    "LowerBound",
    "MaskedScatter",
    "ParallelConcat",
    "ReverseSequence",
    "ScalarCast",
    "ScalarToTensor",
    "ScatterAddWithAxis",
    "ScatterNonAliasingAdd",
    "SegmentMax",
    "SegmentMean",
    "SegmentMin",
    "SegmentProd",
    "SegmentSum",
    "SpaceToDepth",
    "SparseGatherV2",
    "SplitV",
    "TensorScatterElements",
    "TensorToTuple",
    "TrilIndices",
    "TriuIndices",
    "TupleToArray",
    "UniqueConsecutive",
    "UnravelIndex",
    "UpperBound",
]


class SpaceToBatchND(Primitive):
    """Move ``block_shape`` blocks of the padded spatial dimensions into the batch dimension."""

    @prim_attr_register
    def __init__(self, block_shape, paddings):
        blocks = [block_shape] * 2 if isinstance(block_shape, int) else block_shape
        validator.check_value_type("block_shape", blocks, [list, tuple], self.name)
        for block in blocks:
            validator.check_value_type("block_shape element", block, [int], self.name)
            validator.check("block_shape element", block, "min value", 1, validator.GE, self.name)
        _check_paddings(self.name, "paddings", paddings, len(blocks))

    def __call__(self, input_x):
        _check_dtypes("SpaceToBatchND", input_x=input_x)
        _check_ndim("SpaceToBatchND", "input_x", input_x, 2, at_least=True)
        shape = tuple(input_x._t.shape)
        blocks = list(self.block_shape) if isinstance(self.block_shape, (tuple, list)) else [self.block_shape] * 2
        # MindSpore 2.10's shape inference raises these two as RuntimeError.
        if len(shape) <= len(blocks):
            raise RuntimeError(f"For 'SpaceToBatchND', the rank of 'input_x' must be greater than the length of "
                               f"'block_shape' ({len(blocks)}), but got shape {shape}")
        for size, block, (lo, hi) in zip(shape[len(shape) - len(blocks):], blocks, self.paddings):
            if (size + lo + hi) % block:
                raise RuntimeError(f"For 'SpaceToBatchND', the padded spatial sizes of 'input_x' must be divisible by "
                                   f"'block_shape' {tuple(blocks)}, but got shape {shape} and paddings {self.paddings}")
        return image_func.space_to_batch_nd(input_x, self.block_shape, self.paddings)


class BatchToSpaceND(Primitive):
    """The inverse of ``SpaceToBatchND``: move batch blocks back into space, then crop."""

    @prim_attr_register
    def __init__(self, block_shape, crops):
        pass

    def __call__(self, input_x):
        _check_dtypes("BatchToSpaceND", input_x=input_x)
        return image_func.batch_to_space_nd(input_x, self.block_shape, self.crops)


class SpaceToBatch(Primitive):
    """``SpaceToBatchND`` with a square ``block_size``."""

    @prim_attr_register
    def __init__(self, block_size, paddings):
        _check_block_size(self.name, block_size)
        _check_paddings(self.name, "paddings", paddings, 2)

    def __call__(self, input_x):
        _check_dtypes("SpaceToBatch", input_x=input_x)
        _check_ndim("SpaceToBatch", "input_x", input_x, 4)
        return image_func.space_to_batch_nd(input_x, self.block_size, self.paddings)


class BatchToSpace(Primitive):
    """``BatchToSpaceND`` with a square ``block_size``."""

    @prim_attr_register
    def __init__(self, block_size, crops):
        _check_block_size(self.name, block_size)
        _check_paddings(self.name, "crops", crops, 2)

    def __call__(self, input_x):
        _check_dtypes("BatchToSpace", input_x=input_x)
        _check_ndim("BatchToSpace", "input_x", input_x, 4)
        return image_func.batch_to_space_nd(input_x, self.block_size, self.crops)


class LogSpace(Primitive):
    """``steps`` values ``base ** linspace(start, end)``."""

    @prim_attr_register
    def __init__(self, steps=10, base=10, dtype=mstype.float32):
        for name, value in (("steps", steps), ("base", base)):
            validator.check_value_type(name, value, [int], self.name)
            validator.check_non_negative_int(value, name, self.name)
        if dtype not in (mstype.float16, mstype.float32, mstype.float64):
            raise TypeError(f"For 'LogSpace', the 'dtype' should be one of [Float16, Float32, Float64], but got "
                            f"{dtype}")

    def __call__(self, start, end):
        _check_dtypes("LogSpace", start=start, end=end)
        _check_ndim("LogSpace", "start", start, 0)
        _check_ndim("LogSpace", "end", end, 0)
        return creation_func.logspace(float(_u(start)), float(_u(end)), self.steps, self.base, dtype=self.dtype)


class Lstsq(Primitive):
    """Least-squares (or, for a wide ``x``, minimum-norm) solution ``X`` of ``x @ X = a``, for a 2-D ``x`` and a
    1-D or 2-D ``a`` (a 1-D ``a`` is one column).

    Differences from PyTorch: MindSpore 2.10 accepts only ``fast=True`` and ``l2_regularizer=0.0`` (TypeError
    otherwise, when the Primitive is built); Float16 inputs are solved in Float32 and returned as Float16.
    """

    @prim_attr_register
    def __init__(self, fast=True, l2_regularizer=0.0):
        for name, value, only in (("fast", fast, True), ("l2_regularizer", l2_regularizer, 0.0)):
            if value != only:
                raise TypeError(f"For 'Lstsq', the '{name}' should be {only}, but got '{value}'")

    def __call__(self, x, a):
        return functional("Lstsq", "lstsq", x, a)


class ScalarToArray(Primitive):
    """A 0-d Tensor from a Python number."""

    def __init__(self):
        super().__init__("ScalarToArray")

    def __call__(self, input_x):
        return Tensor(input_x)


class ListDiff(Primitive):
    """Values of ``x`` not in ``y`` (in order) and their positions in ``x``."""

    @prim_attr_register
    def __init__(self, out_idx=mstype.int32):
        if out_idx not in (mstype.int32, mstype.int64):
            raise TypeError(f"For 'ListDiff', the 'out_idx' must be Int32 or Int64, but got {out_idx}")

    def __call__(self, x, y):
        return array_func.list_diff(x, y, out_idx=self.out_idx)


class CheckNumerics(Primitive):
    """Return ``x`` unchanged, raising ``ValueError`` when it holds a NaN or an infinity."""

    def __init__(self):
        super().__init__("CheckNumerics")

    def __call__(self, x):
        return array_func.check_numerics(x)


class UniqueWithPad(Primitive):
    """``(unique values in first-appearance order padded with pad_num, index of each element)``."""

    def __init__(self):
        super().__init__("UniqueWithPad")

    def __call__(self, x, pad_num):
        return functional("UniqueWithPad", "unique_with_pad", x, pad_num)


class MatrixDiagV3(Primitive):
    """Build (batched) matrices with diagonals ``k`` taken from ``x``, ``padding_value`` elsewhere."""

    @prim_attr_register
    def __init__(self, align="RIGHT_LEFT"):
        # MindSpore rejects a bad align when the Primitive is built, before any call.
        array_func._check_diag_align("MatrixDiagV3", align)

    def __call__(self, x, k, num_rows, num_cols, padding_value):
        return array_func.matrix_diag(x, k, num_rows, num_cols, padding_value, self.align)


class MatrixDiagPartV3(Primitive):
    """Diagonals ``k`` (one, or a band) of (batched) matrices; see :func:`ops.matrix_diag_part`."""

    @prim_attr_register
    def __init__(self, align="RIGHT_LEFT"):
        # MindSpore rejects a bad align when the Primitive is built, before any call.
        array_func._check_diag_align("MatrixDiagPartV3", align)

    def __call__(self, x, k, padding_value):
        _check_dtypes("MatrixDiagPartV3", x=x, k=k, padding_value=padding_value)
        return array_func.matrix_diag_part(x, k, padding_value, self.align)


class MatrixSetDiagV3(Primitive):
    """Replace diagonals ``k`` (one, or a band) of (batched) matrices; see :func:`ops.matrix_set_diag`."""

    @prim_attr_register
    def __init__(self, align="RIGHT_LEFT"):
        # MindSpore rejects a bad align when the Primitive is built, before any call.
        array_func._check_diag_align("MatrixSetDiagV3", align)

    def __call__(self, x, diagonal, k):
        _check_dtypes("MatrixSetDiagV3", x=x, diagonal=diagonal, k=k)
        return array_func.matrix_set_diag(x, diagonal, k, self.align)


class BatchToSpaceNDV2(Primitive):
    """``BatchToSpaceND`` with ``block_shape`` and ``crops`` given as inputs."""

    def __init__(self):
        super().__init__("BatchToSpaceNDV2")

    def __call__(self, input_x, block_shape, crops):
        _check_dtypes("BatchToSpaceNDV2", input_x=input_x)
        blocks = _int_values("BatchToSpaceNDV2", "block_shape", block_shape, 1)
        return image_func.batch_to_space_nd(input_x, blocks, _int_values("BatchToSpaceNDV2", "crops", crops, 2))


class ExtractVolumePatches(Primitive):
    """3-D patches of ``kernel_size`` with ``strides`` laid out in the channel axis (NCDHW)."""

    @prim_attr_register
    def __init__(self, kernel_size, strides, padding):
        pass

    def __call__(self, input_x):
        return array_func.extract_volume_patches(input_x, kernel_size=self.kernel_size, strides=self.strides,
                                                padding=self.padding)


class TransposeView(Primitive):
    """``Transpose`` returning a view: ``TransposeView()(x, perm)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input, input_perm):
        return array_func.transpose(input, input_perm)


class TransposeExtView(Primitive):
    """Swap two axes, returning a view: ``TransposeExtView()(x, dim0, dim1)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input, dim0, dim1):
        _int_arg("TransposeExtView", "dim0", dim0)
        _int_arg("TransposeExtView", "dim1", dim1)
        return array_func.swapaxes(input, dim0, dim1)

__all__ += ["SpaceToBatchND", "BatchToSpaceND", "SpaceToBatch", "BatchToSpace", "LogSpace", "Lstsq", "ScalarToArray", "ListDiff", "CheckNumerics", "UniqueWithPad", "MatrixDiagV3", "MatrixDiagPartV3", "MatrixSetDiagV3", "BatchToSpaceNDV2", "ExtractVolumePatches", "TransposeView", "TransposeExtView"]


def _check_infer_attr_reduce(axis, keep_dims, prim_name):
    """MindSpore's attribute check of a reduce Primitive: ``keep_dims`` a bool, ``axis`` an int or a tuple of
    ints."""
    validator.check_value_type("keep_dims", keep_dims, [bool], prim_name)
    validator.check_value_type("axis", axis, [int, tuple], prim_name)
    if isinstance(axis, tuple):
        for index, value in enumerate(axis):
            validator.check_value_type(f"axis[{index}]", value, [int], prim_name)


def _get_stack_shape(value, x_shape, x_type, axis, prim_name):
    """The shape of Stack's output for inputs of shapes ``x_shape`` and types ``x_type`` stacked at ``axis``
    (a list; ``{"shape": ...}`` where an input's rank or a size is unknown (-1 / -2)). ``x_type`` holds the
    inputs' dtypes (MindSpore's graph compiler passes Tensor types there; sporetorch has only the dtypes)."""
    from ...common._utils import is_dim_unknown, is_shape_unknown
    validator.check_value_type("shape", x_shape, [tuple, list], prim_name)
    validator.check_int(len(x_shape), 1, validator.GE, "len of input_x", prim_name)
    for i in range(1, len(x_shape)):
        if x_type[i] != x_type[i - 1]:
            raise TypeError(f"For {prim_name}, all types should be same, but got {x_type}")
    known = [(i, shp) for i, shp in enumerate(x_shape) if not is_dim_unknown(shp)]
    if not known:
        return {"shape": x_shape[0]}
    out_shape = known[0][1]
    rank = len(out_shape)
    for i, shp in known[1:]:
        validator.check(f"len of x_shape[{i}]", len(shp), "len of x_shape[0]", rank, validator.EQ, prim_name,
                        ValueError)
        for j in range(rank):
            if shp[j] != out_shape[j] and -1 not in (shp[j], out_shape[j]):
                raise ValueError(f"For {prim_name} element {i} shapein input can not pack with first element")
    validator.check_int_range(axis, -rank - 1, rank, validator.INC_BOTH, "axis", prim_name)
    if axis < 0:
        axis += rank + 1
    out_shape.insert(axis, len(x_shape))
    return {"shape": out_shape} if is_shape_unknown(out_shape) else out_shape


class RangeV2(Primitive):
    """``[start, limit)`` with step ``delta`` (0-d Tensors), in ``start``'s dtype; at most ``maxlen`` values."""

    @prim_attr_register
    def __init__(self, maxlen=1000000):
        pass

    def __call__(self, start, limit, delta):
        s, lim, d = (_u(v).item() if isinstance(v, Tensor) else v for v in (start, limit, delta))
        dtype = start.dtype if isinstance(start, Tensor) else None
        return creation_func.range(s, lim, d, self.maxlen, dtype=dtype)


__all__ += ["RangeV2"]


class EditDistance(Primitive):
    """Levenshtein distance between COO sequences: ``EditDistance(normalize)(hypothesis_indices,
    hypothesis_values, hypothesis_shape, truth_indices, truth_values, truth_shape)`` -> Float32."""

    @prim_attr_register
    def __init__(self, normalize=True):
        pass

    def __call__(self, hypothesis_indices, hypothesis_values, hypothesis_shape, truth_indices, truth_values,
                 truth_shape):
        from ..function import sparse_coo_func
        return sparse_coo_func.edit_distance(hypothesis_indices, hypothesis_values, hypothesis_shape, truth_indices,
                                             truth_values, truth_shape, self.normalize)


__all__ += ["EditDistance"]
