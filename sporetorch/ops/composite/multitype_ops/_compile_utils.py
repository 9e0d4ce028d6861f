"""``mindspore.ops.composite.multitype_ops._compile_utils``: the helpers behind Tensor indexing and the
arithmetic dunders of tuples and lists.

The indexing helpers (``tensor_index_by_*``, ``tensor_setitem_by_*``, ``tensor_itemset_*``) keep MindSpore's
checks and return values, and index through ``Tensor.__getitem__``/``__setitem__`` (one implementation of
indexing). As in MindSpore's PyNative mode, a setitem helper returns a new Tensor and leaves ``data`` as it
was, except for a ``Parameter``, which it updates in place and returns. Helpers that MindSpore's CPU build
cannot run eagerly (those that go through its graph-only MetaFuncGraphs) are recorded in
``data/ms_cpu_cannot_run/ops_composite.json`` and not defined here.
"""
import enum

import numpy as np

from ....common import dtype as mstype
from ....common.parameter import Parameter
from ....common.sparse_tensor import COOTensor, CSRTensor
from ....common.tensor import Tensor
from ... import functional as F


def _dtype_of(value):
    return F.dtype(value)


class ValueTransferType(enum.IntEnum):
    """The steps MindSpore's index analysis asks ``data_update``/``value_update`` to take."""
    kUnknown = 0
    kTensorScatterUpdate = 1
    kExpandDims = 2
    kBroadCast = 3
    kCast = 4
    kSelect = 5
    kGather = 6
    kStrideSlice = 7
    kStrideSliceWithMask = 8
    kGatherND = 9
    kScatterNdUpdate = 10
    kReshape = 11
    kSelectView = 12
    kUnsqueeze = 13
    kCopyView = 14
    kScatterND = 15
    kNumberToTensor = 16
    kHandleSequenceValue = 17
    kByPass = 18
    kReSetItemByIndex = 19
    kCopySlice = 20
    kSetItemByBool = 21
    kEmptyTensor = 22
    kSetItemByEllipsis = 23
    kFormatIndexTensor = 24
    kGetitemByBoolTensor = 25
    kSetitemByBoolTensor = 26
    kJustReturn = 27
    kRaiseIndexError = 28


# ------------------------------------------------------------------------------------------- sequences
def sequence_to_tensor(value, dtype):
    """A tuple or list (of numbers, Tensors or both) as one Tensor of ``dtype`` (Tensors are stacked)."""
    items = list(value)
    if items and all(isinstance(v, Tensor) for v in items):
        return F.stack(items).astype(dtype)
    if not any(isinstance(v, Tensor) for v in items):
        if dtype == mstype.float16:
            return F.cast(Tensor(tuple(items), mstype.float32), dtype)
        return Tensor(tuple(items), dtype)
    return F.stack([v if isinstance(v, Tensor) else Tensor(v, dtype) for v in items]).astype(dtype)


def _as_tensor_operand(value, like):
    return sequence_to_tensor(value, F.dtype(like)) if isinstance(value, (tuple, list)) else value


def _tensor_add(self, other):
    other = _as_tensor_operand(other, self)
    if isinstance(other, COOTensor):
        return other + self
    return F.add(self, other)


def _tensor_sub(self, other):
    self_t = _as_tensor_operand(self, other)
    other = _as_tensor_operand(other, self_t)
    if isinstance(other, COOTensor):
        return F.tensor_scatter_sub(self_t, other.indices, other.values)
    return F.sub(self_t, other)


def _tensor_mul(self, other):
    if isinstance(other, (CSRTensor, COOTensor)):
        return other * self
    return F.mul(self, _as_tensor_operand(other, self))


def _tensor_matmul(self, other):
    return F.matmul(self, other)


def _tensor_div(self, other):
    self_t = _as_tensor_operand(self, other)
    return F.div(self_t, _as_tensor_operand(other, self_t))


def _tensor_mod(self, other):
    self_t = _as_tensor_operand(self, other)
    return F.floormod(self_t, _as_tensor_operand(other, self_t))


def _tensor_floordiv(self, other):
    self_t = _as_tensor_operand(self, other)
    return F.floordiv(self_t, _as_tensor_operand(other, self_t))


def _tensor_pow(self, other):
    return F.tensor_pow(self, _as_tensor_operand(other, self))


def _tensor_rpow(self, other):
    return F.tensor_pow(_as_tensor_operand(other, self), self)


def tensor_in_sequence(x, y):
    """Whether a Tensor of the same shape and dtype as ``x`` and equal to it is in ``y`` (a bool Tensor)."""
    result = Tensor(False)
    for item in y:
        if isinstance(item, Tensor) and x.shape == item.shape and x.dtype == item.dtype:
            result = F.logical_or(F.equal(x, item).all(), result)
    return result


def check_coo_tensor_input_length(coo_tuple):
    """``coo_tuple`` must be ``(indices, values, shape)``."""
    if len(coo_tuple) != 3:
        raise ValueError(f"Expect coo_tuple have 3 inputs (indices, values, shape), but got {len(coo_tuple)}.")
    return coo_tuple


def check_csr_tensor_input_length(csr_tuple):
    """``csr_tuple`` must be ``(indptr, indices, values, shape)``."""
    if len(csr_tuple) != 4:
        raise ValueError(f"Expect csr_tuple have 4 inputs (indptr, indices, values, shape), but got "
                         f"{len(csr_tuple)}.")
    return csr_tuple


# ------------------------------------------------------------------------------------------- small helpers
def strided_slice(data, begin_strides, end_strides, step_strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0):
    """``ops.StridedSlice`` with these masks, applied to ``data``."""
    from ...operations.array_ops import StridedSlice
    return StridedSlice(begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)(
        data, begin_strides, end_strides, step_strides)


def _broadcast(broadcast_shape, x):
    """``x`` broadcast to ``broadcast_shape`` (itself when it already has that shape)."""
    if tuple(x.shape) == tuple(broadcast_shape):
        return x
    return F.broadcast_to(x, broadcast_shape)


def _transform_indexing_tensor(broadcast_shape, final_shape, new_shape, item):
    return _broadcast(final_shape, F.reshape(_broadcast(broadcast_shape, item), new_shape))


def _tensor_index_transfer(index, broadcast_shape, final_shape, new_shape):
    if 0 in final_shape:
        return F.fill(index.dtype, final_shape, 0)
    item = index if broadcast_shape == () else F.broadcast_to(index, broadcast_shape)
    return F.broadcast_to(F.reshape(item, new_shape), final_shape)


def reshape_with_check(x, new_shape):
    if isinstance(new_shape, Tensor):
        new_shape = tuple(int(v) for v in new_shape.asnumpy().reshape(-1))
    return F.reshape(x, new_shape)


def _count_indexed_dims(indexes):
    """How many data dimensions the indices consume (a bool Tensor consumes its rank; None, ... and bools none)."""
    count = 0
    for index in indexes:
        if isinstance(index, Tensor):
            count += F.rank(index) if index.dtype == mstype.bool_ else 1
        elif not (index is None or index is Ellipsis or isinstance(index, bool)):
            count += 1
    return count


def _check_type_of_list_index(index_list):
    """Whether a list index holds a Tensor, sequence, slice, None or Ellipsis (it is then a tuple index)."""
    return any(isinstance(i, (Tensor, list, tuple, slice, type(None), type(Ellipsis))) for i in index_list)


def _wrap_index_to_tuple(index):
    """The index as a tuple: a list of indices (not of plain numbers) counts as a tuple index."""
    if isinstance(index, tuple):
        return index
    if isinstance(index, list) and _check_type_of_list_index(index):
        return tuple(index)
    return (index,)


def _get_need_index_prim(index, need_index_prim):
    """Whether ``index`` needs the general Index primitive rather than a view (a bool, or a Tensor that is not a
    0-d integer)."""
    if isinstance(index, bool):
        return True
    if isinstance(index, Tensor):
        integer = mstype.dtype_to_nptype(index.dtype).__name__.startswith(("int", "uint"))
        if not (index.ndim == 0 and integer):
            return True
    return need_index_prim


def get_stride_info_from_integer(int_index):
    return (int_index,), (int_index + 1,), (1,)


def get_slice_stride(slice_index, dim_size):
    """``(start, stop, step)`` of a slice, its missing parts filled for a dimension of ``dim_size``."""
    start, stop, step = slice_index.start, slice_index.stop, slice_index.step
    start = 0 if start is None else int(start)
    stop = dim_size if stop is None else int(stop)
    step = 1 if step is None else int(step)
    return start, stop, step


def cal_tuple_slice_mask(data_shape, tuple_index):
    """StridedSlice's begin and end masks for a tuple of slices (a dimension past the tuple is fully taken)."""
    begin_mask = end_mask = 0
    for i, index in enumerate(tuple_index):
        if isinstance(index, slice):
            begin_mask += 2 ** i if index.start is None else 0
            end_mask += 2 ** i if index.stop is None else 0
    for i in range(len(tuple_index), len(data_shape)):
        begin_mask += 2 ** i
        end_mask += 2 ** i
    return begin_mask, end_mask


def judge_tuple_index_dim_check_error(index_dim, data_dim):
    if index_dim > data_dim:
        raise IndexError(f"The dim of index cannot be greater than indexed data, but got dim of index:{index_dim}, "
                         f"dim of data:{data_dim}")


def judge_tuple_index_dim(data, tuple_index):
    """Raise IndexError when a tuple index consumes more dimensions than ``data`` has."""
    index_dim = 0
    for index in tuple_index:
        if isinstance(index, Tensor) and index.dtype == mstype.bool_:
            index_dim += index.ndim
        elif not (index is None or index is Ellipsis or isinstance(index, bool)):
            index_dim += 1
    judge_tuple_index_dim_check_error(index_dim, data.ndim)


def _check_dim_shape_valid(data, tensor_index):
    if data.ndim < tensor_index.ndim:
        raise IndexError(f"The dim of index cannot be greater than indexed data, but got dim of index:"
                         f"{tensor_index.ndim}, dim of data:{data.ndim}")
    if tuple(data.shape[:tensor_index.ndim]) != tuple(tensor_index.shape):
        raise IndexError(f"The shape of index {tuple(tensor_index.shape)} does not match the shape of the indexed "
                         f"data {tuple(data.shape)}")


def format_index(idx, data_shape, cur_dim):
    """An index in the form the setitem analysis wants: a sequence or an int becomes an int64 Tensor (in range),
    a negative entry of an int Tensor is made positive."""
    dim = data_shape[cur_dim]
    if isinstance(idx, (tuple, list)):
        idx = Tensor(np.array([(i + dim) if i < 0 else i for i in idx], np.int64))
    elif isinstance(idx, int) and not isinstance(idx, bool):
        if idx < -dim or idx >= dim:
            raise IndexError(f"index {idx} is out of bounds for dimension with size {dim}")
        idx = Tensor(idx + dim if idx < 0 else idx, mstype.int64)
    elif isinstance(idx, Tensor) and idx.dtype != mstype.bool_:
        idx = F.select(idx < 0, idx + dim, idx)
    return idx


def format_index_tensor(index, arg):
    """Negative entries of index Tensors made positive: ``arg`` is ``(positions, dimension sizes)``."""
    format_indices, format_dims = arg
    if isinstance(index, list):
        for position, dim in zip(format_indices, format_dims):
            index[position] = F.select(index[position] < 0, index[position] + dim, index[position])
        return index
    index = Tensor(index) if not isinstance(index, Tensor) else index
    dims = Tensor(format_dims, index.dtype)
    return F.select(index < 0, index + dims, index)


def handle_empty_tensor(arg, data):
    """An empty Tensor of shape ``arg`` and ``data``'s dtype."""
    return F.zeros(tuple(arg), data.dtype)


def _expand_data_dims(data, tuple_index):
    """``data`` with a new axis for every None or True in the index, and the index with those replaced by a full
    slice (None) or ``Tensor([0])`` (True); False is an IndexError."""
    new_index, positions = (), ()
    for i, index in enumerate(tuple_index):
        if index is None:
            new_index += (slice(None, None, None),)
            positions += (i,)
        elif isinstance(index, bool):
            if not index:
                raise IndexError("Bool element of tuple index must be 'True', but got 'False'.")
            new_index += (Tensor([0], mstype.int64),)
            positions += (i,)
        else:
            new_index += (index,)
    for dim in positions:
        data = F.expand_dims(data, dim)
    return data, new_index


def _transform_ellipsis_to_slice(data, tuple_index, op_name):
    """The tuple index with its ``...`` replaced by the full slices it stands for."""
    consumed = sum(1 for i in tuple_index if isinstance(i, (slice, int, Tensor, list, tuple))
                   and not isinstance(i, bool))
    fill = data.ndim - consumed
    if fill < 0:
        raise IndexError(f"Tuple index {tuple_index} out rang of tensor shape {tuple(data.shape)}.")
    out = ()
    for index in tuple_index:
        out += (slice(None, None, None),) * fill if index is Ellipsis else (index,)
    return out


def _generate_indices_from_tuple_of_tensor(tuple_index, op_name):
    """The integer index Tensors broadcast together (at least 2-d) and stacked on a last axis (int64)."""
    for index in tuple_index:
        if not mstype.dtype_to_nptype(index.dtype).__name__.startswith(("int", "uint")):
            raise TypeError(f"For '{op_name}', the tensor index must be int, but got {index.dtype}.")
    shape = tuple(np.broadcast_shapes(*[tuple(t.shape) for t in tuple_index]))
    if len(shape) < 2:
        shape = (1,) + shape
    return F.stack([F.cast(_broadcast(shape, t), mstype.int64) for t in tuple_index], -1)


def _generate_indices_from_tuple(data, tuple_index, op_name, fancy_position):
    """The coordinates (int64, last axis = one per indexed dimension) of the elements a tuple of ints, sequences,
    int Tensors and slices selects from ``data``; False when a slice selects nothing."""
    shape = tuple(data.shape)
    key = []
    for index, dim in zip(tuple_index, shape):
        if isinstance(index, slice):
            if parse_check_slice_index(index, dim):
                return False
            key.append(index)
        elif isinstance(index, Tensor):
            if not mstype.dtype_to_nptype(index.dtype).__name__.startswith(("int", "uint")):
                raise IndexError(f"The tensor element in tuple index must be int or bool type, but got "
                                 f"{index.dtype}.")
            key.append(index.asnumpy().astype(np.int64))
        elif isinstance(index, (list, tuple)):
            key.append(np.asarray(index, np.int64))
        else:
            if index < -dim or index >= dim:
                raise IndexError(f"index {index} is out of bounds for dimension with size {dim}")
            key.append(np.int64(index))
    coords = np.stack(np.indices(shape[:len(key)]), -1)
    return Tensor(np.ascontiguousarray(coords[tuple(key)]), mstype.int64)


def handle_multi_dim_index_tensor(new_index, arg):
    """Index Tensors broadcast to ``arg[0]`` and stacked on a last axis (the one-argument form of ``arg``)."""
    if len(arg) != 1:
        raise NotImplementedError("handle_multi_dim_index_tensor: only the broadcast-shape form of 'arg' is "
                                  "supported here")
    shape = arg[0]
    return F.stack([F.cast(_broadcast(shape, t if isinstance(t, Tensor) else Tensor(t)), mstype.int64)
                    for t in new_index], -1)


def remove_expanded_dims_parse_tensor_index(index_out, indices_out, shapes, cur_dim):
    """Append an integer index Tensor (or the coordinates of a bool one) to ``indices_out``."""
    if index_out.dtype == mstype.bool_:
        coords = index_out.nonzero()
        if coords.shape[0] == 0:
            return None, shapes, cur_dim
        for i in range(coords.shape[1]):
            indices_out += (coords[:, i],)
            shapes.append(tuple(coords[:, i].shape))
            cur_dim += 1
        return indices_out, shapes, cur_dim
    indices_out += (index_out,)
    shapes.append(tuple(index_out.shape))
    return indices_out, shapes, cur_dim + 1


def check_indices(dims, indices, mode, allow_negative_index=True):
    """Indices brought into ``[-dims, dims)`` (or ``[0, dims)``): ``'wrap'`` takes them modulo ``dims``, ``'clip'``
    sets an index below the range to 0 and one above it to ``dims - 1``."""
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if mode == "wrap":
        return F.tensor_sub(indices, F.tensor_mul(F.fill(indices.dtype, tuple(indices.shape), dims),
                                                 F.tensor_floordiv(indices, F.fill(indices.dtype,
                                                                                   tuple(indices.shape), dims))))
    low = -dims if allow_negative_index else 0
    clipped = F.select(indices < low, F.zeros_like(indices), indices)
    return F.select(indices > dims - 1, F.fill(indices.dtype, tuple(indices.shape), dims - 1), clipped)


def reduce_(a, reduce_fn, cmp_fn=None, axis=None, keepdims=False, initial=None, where=True, dtype=None):
    """``reduce_fn(a, axes)`` in ``dtype``, after ``cmp_fn(a, initial)`` when an initial value is given and with
    ``where`` choosing between ``a`` and ``initial``."""
    dtype = a.dtype if dtype is None else dtype
    ndim = a.ndim
    axes = tuple(range(ndim)) if axis is None else (axis,) if isinstance(axis, int) else tuple(axis)
    axes = tuple(ax + ndim if ax < 0 else ax for ax in axes)
    if 0 in tuple(a.shape):
        raise ValueError("zero-size tensors are not supported.")
    if initial is not None:
        initial = F.tile(initial, tuple(a.shape)).astype(dtype) if isinstance(initial, Tensor) else \
            F.fill(dtype, tuple(a.shape), initial)
        a = cmp_fn(a, initial)
    if where is not None and not isinstance(where, Tensor):
        where = Tensor(where, mstype.bool_)
    if where is not None and (where.shape or not bool(where.asnumpy())):
        if initial is None:
            raise ValueError("initial value must be provided for where masks")
        shape = tuple(np.broadcast_shapes(tuple(where.shape), tuple(a.shape), tuple(initial.shape)))
        a = F.select(F.broadcast_to(where, shape), F.broadcast_to(a, shape), F.broadcast_to(initial, shape))
    return reduce_fn(a, axes).astype(dtype)


def do_copy(dst, src):
    """``src`` copied into ``dst`` (leading 1s of ``src``'s shape dropped first); returns ``dst``."""
    shape = tuple(src.shape)
    if shape != tuple(dst.shape) and shape:
        lead = 0
        while lead < len(shape) and shape[lead] == 1:
            lead += 1
        src = F.reshape(src, shape[lead:])
    dst[...] = F.cast(src, dst.dtype)
    return dst


# ------------------------------------------------------------------------------------------- getitem
def _tensor_getitem(self, index):
    return self[index]


def _tensor_getitem_origin(self, index):
    return self[index]


def _do_select(self, dim, index, dim_index, dim_size):
    """The slice of ``self`` at ``index`` along ``dim``."""
    if index >= dim_size or index < -dim_size:
        raise IndexError("Index is out of bounds.")
    return self[(slice(None),) * dim + ((index + dim_size) % dim_size,)]


def _do_slice(self, dim, index, dim_size):
    """``self`` sliced by ``index`` (a slice) along ``dim``."""
    def _value(v):
        return int(v.asnumpy()) if isinstance(v, Tensor) else v
    index = slice(_value(index.start), _value(index.stop), _value(index.step))
    return self[(slice(None),) * dim + (index,)]


def _tensor_index_by_bool(data, bool_value):
    """``data[True]`` adds a leading dimension; ``data[False]`` is an IndexError."""
    if not bool_value:
        raise IndexError("When tensor is indexed by a bool object, the value only support 'True'.")
    return F.expand_dims(data, 0)


def _tensor_index_by_integer(data, int_index):
    return data[int_index]


def tensor_index_by_number(data, number_index):
    if isinstance(number_index, bool):
        return _tensor_index_by_bool(data, number_index)
    if isinstance(number_index, int):
        return _tensor_index_by_integer(data, number_index)
    raise IndexError(f"Number index of tensor must be int or bool, but got {number_index}.")


def tensor_index_by_bool_tensor(data, tensor_index):
    _check_dim_shape_valid(data, tensor_index)
    return data[tensor_index]


def tensor_index_by_tensor(data, tensor_index):
    """``data[index]`` for an int Tensor (rows, negative entries counted from the end) or a bool Tensor."""
    if tensor_index.dtype == mstype.bool_:
        return tensor_index_by_bool_tensor(data, tensor_index)
    if not mstype.dtype_to_nptype(tensor_index.dtype).__name__.startswith(("int", "uint")):
        raise IndexError(f"The tensor index must be int or bool type, but got {tensor_index.dtype}.")
    return data[tensor_index]


def _convert_list_index_to_tensor(list_index):
    """A list of ints and bools as an int64 (or, all bools, a bool) Tensor; None for any other list."""
    if not all(isinstance(i, int) for i in list_index):
        return None
    if all(isinstance(i, bool) for i in list_index):
        return Tensor(tuple(list_index), mstype.bool_)
    return Tensor(tuple(int(i) for i in list_index), mstype.int64)


def tensor_index_by_list(data, list_index):
    if not list_index:
        raise IndexError("When tensor is indexed by list, the list can't be empty.")
    if all(isinstance(i, bool) for i in list_index):
        if data.shape[0] != len(list_index):
            raise IndexError(f"dimension is {data.shape[0]} but corresponding boolean dimension is "
                             f"{len(list_index)}")
        return data[Tensor(list_index)]
    index = _convert_list_index_to_tensor(list_index)
    return data[index] if index is not None else data[tuple(list_index)]


def tensor_item(data):
    """The one element of a 0-d or shape-(1,) Tensor as a Python number."""
    if data.ndim == 0 or tuple(data.shape) == (1,):
        return data.asnumpy().reshape(-1)[0].item()
    raise ValueError(f"The tensor should have only one element. But the shape of input tensor is "
                     f"{tuple(data.shape)}.")


# ------------------------------------------------------------------------------------------- setitem
def _updated(data, index, value):
    """``data`` with ``data[index] = value``: a new Tensor, or ``data`` itself when it is a Parameter."""
    out = data if isinstance(data, Parameter) else data.copy()
    out[index] = value
    return out


def _tensor_setitem(self, index, value):
    """``self[index] = value`` in place (MindSpore's view-based setitem); returns ``self``. A number becomes a
    Tensor of ``self``'s dtype; ``self[False] = v`` changes nothing.

    Differences from MindSpore: its CPU build loses the write when the selected view does not start at the
    tensor's first element (``x[1] = v`` leaves ``x`` as it was there); here every write lands."""
    if not isinstance(value, Tensor):
        if not isinstance(value, (bool, int, float)):
            raise TypeError("For __setitem__, the type of value can only be bool, int, float or Tensor.")
        value = Tensor(value, self.dtype)
    if index is False:
        return self
    if isinstance(index, int) and not isinstance(index, bool) and self.ndim == 0 or \
            isinstance(index, slice) and self.ndim == 0:
        raise TypeError("Invalid index of a 0-dim tensor.")
    self[index] = value
    return self


def _tensor_setitem_origin(self, index, value):
    """MindSpore's setitem by index analysis: an int or slice index writes into ``self`` (a view) and gives
    ``(self,)``; any other index gives a new Tensor and leaves ``self`` as it was."""
    if isinstance(index, (int, slice)) and not isinstance(index, bool):
        self[index] = value
        return (self,)
    return _updated(self, index, value)


def tensor_setitem_by_number_with_number(data, index, value):
    dim_size = data.shape[0]
    if index < -dim_size or index >= dim_size:
        raise IndexError(f"index {index} is out of bounds for axis 0 with size {dim_size}")
    return _updated(data, index, F.cast(value, data.dtype) if isinstance(value, Tensor) else value)


def tensor_setitem_by_number_with_tensor(data, index, value):
    return tensor_setitem_by_number_with_number(data, index, value)


def tensor_setitem_by_number_with_sequence(data, index, value):
    return tensor_setitem_by_number_with_tensor(data, index, sequence_to_tensor(value, data.dtype))


def _tensor_setitem_by_int_tensor_with_tensor(data, index, value):
    return _updated(data, index, F.cast(value, data.dtype))


def _tensor_setitem_by_bool_tensor_with_tensor(data, index, value):
    return _updated(data, index, F.cast(value, data.dtype))


def tensor_setitem_by_tensor_with_tensor(data, index, value_tensor):
    if index.dtype == mstype.bool_:
        return _tensor_setitem_by_bool_tensor_with_tensor(data, index, value_tensor)
    return _tensor_setitem_by_int_tensor_with_tensor(data, index, value_tensor)


def tensor_setitem_by_tensor_with_number(data, index, value):
    return tensor_setitem_by_tensor_with_tensor(data, index, F.scalar_to_tensor(value, data.dtype))


def tensor_setitem_by_tensor_with_sequence(data, index, value):
    return tensor_setitem_by_tensor_with_tensor(data, index, sequence_to_tensor(value, data.dtype))


def tensor_setitem_by_list(data, index, value):
    tensor_index = _convert_list_index_to_tensor(index)
    if tensor_index is not None:
        return tensor_setitem_by_tensor_with_tensor(data, tensor_index, value)
    return _updated(data, tuple(index), value)


def tensor_setitem_by_ellipsis_with_number(data, value):
    return F.fill(data.dtype, tuple(data.shape), value)


def tensor_setitem_by_ellipsis_with_tensor(data, value):
    value = value.astype(data.dtype)
    source = tuple(data.shape) if value.ndim > data.ndim else tuple(value.shape)
    return F.broadcast_to(F.reshape(value, source), tuple(data.shape))


def tensor_setitem_by_ellipsis_with_sequence(data, value):
    return tensor_setitem_by_ellipsis_with_tensor(data, sequence_to_tensor(value, data.dtype))


def tensor_setitem_by_ellipsis(self, index, value):
    if isinstance(value, (int, float, bool)):
        return tensor_setitem_by_ellipsis_with_number(self, value)
    if isinstance(value, Tensor):
        return tensor_setitem_by_ellipsis_with_tensor(self, value)
    return tensor_setitem_by_ellipsis_with_sequence(self, value)


def tensor_setitem_by_bool(data, index, value):
    """``data[True] = value`` gives ``value`` broadcast to ``data``'s shape; ``data[False] = value`` leaves it."""
    value = sequence_to_tensor(value, data.dtype) if isinstance(value, (list, tuple)) else \
        F.cast(value, data.dtype) if isinstance(value, Tensor) else Tensor(value, data.dtype)
    if not index:
        return data
    shape = tuple(data.shape)
    source = shape if value.ndim > len(shape) else tuple(value.shape)
    return F.broadcast_to(F.reshape(value, source), shape)


def handle_setitem_by_bool_tensor(data, index, value):
    return _updated(data, index, F.cast(value, data.dtype))


def tensor_itemset_with_number(data, number_value):
    """``data.itemset(v)`` of a shape-(1,) Tensor: a new Tensor holding ``v``."""
    if not isinstance(number_value, (int, float, bool)):
        raise IndexError(f"'Tensor.itemset()' only support number input, but got {number_value}")
    if tuple(data.shape) != (1,):
        raise IndexError(f"Only tensor which shape is (1,) support 1 arg that means omit index, but the tensor shape "
                         f"is {tuple(data.shape)} and got 1 input.")
    return Tensor((number_value,), data.dtype)


def tensor_itemset_by_number_with_number(data, int_index, number_value):
    """``data.itemset(i, v)``: element ``i`` of the flattened Tensor set to ``v``."""
    flat = tensor_setitem_by_number_with_number(F.reshape(data, (-1,)), int_index, number_value)
    return F.reshape(flat, tuple(data.shape))


def tensor_itemset_by_tuple_with_tensor(data, tuple_index, value):
    """``data`` with the element at ``tuple_index`` (one index per dimension) set to ``value``."""
    return _updated(data, tuple(tuple_index), F.cast(value, data.dtype))


def tensor_itemset_by_tuple_with_number(data, tuple_index, nubmer_value):
    if len(tuple_index) != data.ndim:
        raise IndexError(f"Tuple index len({len(tuple_index)}) is not same to tensor dimension({data.ndim})")
    return tensor_itemset_by_tuple_with_tensor(data, tuple_index, F.scalar_to_tensor(nubmer_value, data.dtype))


def tensor_itemset(data, *args):
    """``Tensor.itemset(*args)``: ``(value)`` for a shape-(1,) Tensor, ``(flat index, value)`` or
    ``(index tuple, value)``."""
    if not args:
        raise ValueError("'Tensor.itemset()' must have at least one argument, but got None.")
    if len(args) > 2:
        raise ValueError(f"'Tensor.itemset()' must have at most 2 argument, but got {len(args)}.")
    if len(args) == 2:
        if isinstance(args[0], int) and not isinstance(args[0], bool):
            return tensor_itemset_by_number_with_number(data, args[0], args[1])
        if isinstance(args[0], tuple):
            return tensor_itemset_by_tuple_with_number(data, args[0], args[1])
        raise TypeError("The index object cannot be interpreted as an integer")
    return tensor_itemset_with_number(data, args[0])


def _generate_updates_from_tensor(data, index, value, op_type):
    from ._constexpr_utils import generate_updates_shape
    return F.broadcast_to(value.astype(data.dtype), generate_updates_shape(tuple(data.shape), tuple(index.shape),
                                                                           op_type))


def _generate_updates_from_sequence(data, index, value, op_type):
    from ._constexpr_utils import SET_ITEM_BY_NON_TENSOR
    value = sequence_to_tensor(value, data.dtype)
    if op_type == SET_ITEM_BY_NON_TENSOR:
        return value
    return _generate_updates_from_tensor(data, index, value, op_type)


# ------------------------------------------------------------------------------------------- index analysis
def _normalize_bound(value, dim_size, default):
    if value is None:
        return default
    if value < 0:
        return 0 if value < -dim_size else value % dim_size
    return min(value, dim_size)


def parse_check_slice_index(index_out, dim_size):
    """Whether the slice selects nothing from a dimension of ``dim_size`` (MindSpore's normalization)."""
    step = 1 if index_out.step is None else index_out.step
    if step >= 0:
        start = _normalize_bound(index_out.start, dim_size, 0)
        stop = _normalize_bound(index_out.stop, dim_size, dim_size)
    else:
        start = _normalize_bound(index_out.start, dim_size, dim_size)
        stop = _normalize_bound(index_out.stop, dim_size, 0)
    return (start - stop) * step >= 0


def convert_slice_to_tensor(index, final_shape, slice_cnt, broadcast_shape, slice_shapes, fancy_position):
    """The positions a slice selects (``index``, a list) as an int64 Tensor tiled to ``final_shape``, on the axis
    the slice takes among the advanced-index axes."""
    shape = [1] * len(slice_shapes)
    shape[slice_cnt] = slice_shapes[slice_cnt]
    shape = shape[:fancy_position] + [1] * len(broadcast_shape) + shape[fancy_position:]
    array = F.reshape(Tensor(index, mstype.int64), tuple(shape))
    gap = len(final_shape) - len(shape)
    reps = tuple(final_shape[:gap]) + tuple(f // s for f, s in zip(final_shape[gap:], shape))
    return F.tile(array, reps)


_T = ValueTransferType


def data_update_by_ops(transfer_type, arg, data, new_index, origin_data, value=None):
    """One step of MindSpore's index plan on ``data`` (a strided slice, gather, scatter, reshape, ...)."""
    if transfer_type == _T.kStrideSliceWithMask:
        (begin, end, step), (begin_mask, end_mask, shrink_mask) = arg[0], arg[1]
        return strided_slice(data, begin, end, step, begin_mask, end_mask, 0, 0, shrink_mask)
    if transfer_type == _T.kGatherND:
        if isinstance(new_index, list):
            new_index = handle_multi_dim_index_tensor(new_index, arg)
        new_index = format_index_tensor(new_index, (None, tuple(data.shape)[:new_index.shape[-1]]))
        return F.gather_nd(data, new_index)
    if transfer_type == _T.kTensorScatterUpdate:
        if isinstance(new_index, list):
            new_index = handle_multi_dim_index_tensor(new_index, arg)
        return F.tensor_scatter_update(data, new_index, value)
    if transfer_type == _T.kScatterNdUpdate:
        F.scatter_nd_update(data, new_index, value)
        return data
    if transfer_type == _T.kSelect:
        return F.select(Tensor(new_index), value, data)
    if transfer_type == _T.kSelectView:
        return data[(slice(None),) * arg[0] + (arg[1],)]
    if transfer_type == _T.kReshape:
        return F.reshape(data, arg)
    if transfer_type == _T.kGather:
        return F.gather(data, new_index, 0)
    if transfer_type == _T.kExpandDims:
        return F.expand_dims(data, 0)
    if transfer_type == _T.kUnsqueeze:
        return F.expand_dims(data, arg)
    if transfer_type == _T.kStrideSlice:
        return strided_slice(data, arg[0], arg[1], arg[2])
    raise IndexError(f"Inlvaid transfer type {transfer_type}.")


def data_update(transfer_types, args, data, new_index, value=None):
    """Run MindSpore's index plan (``transfer_types`` with their ``args``) on ``data``: the result of a getitem, or
    of a setitem of ``value``."""
    for transfer_type, arg in zip(transfer_types, args):
        if transfer_type == _T.kUnknown:
            raise IndexError(f"Inlvaid transfer type {transfer_type}.")
        if transfer_type <= _T.kScatterND:
            if transfer_type == _T.kCopyView:
                raise NotImplementedError("data_update: a view copy (kCopyView) needs MindSpore's view tensors")
            data = data_update_by_ops(transfer_type, arg, data, new_index, data, value)
        if transfer_type == _T.kJustReturn:
            return arg
        if transfer_type == _T.kSetItemByBool:
            return tensor_setitem_by_bool(data, new_index, value)
        if transfer_type == _T.kCopySlice:
            index = tuple(slice(b, e, s) for b, e, s in zip(arg[0], arg[1], arg[2]))
            return _updated(data, index, value.astype(data.dtype))
        if transfer_type == _T.kSetItemByEllipsis:
            return tensor_setitem_by_ellipsis(data, new_index, value)
        if transfer_type == _T.kReSetItemByIndex:
            data[new_index] = value
            return data
        if transfer_type == _T.kEmptyTensor:
            return handle_empty_tensor(arg, data)
        if transfer_type == _T.kFormatIndexTensor:
            new_index = format_index_tensor(new_index, arg)
        if transfer_type == _T.kGetitemByBoolTensor:
            return F.gather_nd(data, new_index.nonzero())
        if transfer_type == _T.kSetitemByBoolTensor:
            return handle_setitem_by_bool_tensor(data, new_index, value)
        if transfer_type == _T.kRaiseIndexError:
            raise IndexError(f"index {arg[0]} is out of bounds for dimension with size {arg[1]}")
    return data


def value_update(transfer_types, args, data, value):
    """Bring a setitem ``value`` to the form MindSpore's index plan wants (cast, broadcast, reshape, ...)."""
    from ._constexpr_utils import SET_ITEM_BY_ONE_TENSOR
    for transfer_type, arg in zip(transfer_types, args):
        if transfer_type == _T.kByPass:
            continue
        if transfer_type in (_T.kNumberToTensor, _T.kCast):
            value = F.cast(value, data.dtype) if isinstance(value, Tensor) else F.scalar_to_tensor(value, data.dtype)
        elif transfer_type == _T.kHandleSequenceValue:
            op_type, index = arg
            if op_type == SET_ITEM_BY_ONE_TENSOR:
                index = Tensor(index)
            value = _generate_updates_from_sequence(data, index, value, op_type)
        elif transfer_type == _T.kExpandDims:
            value = F.expand_dims(value, arg)
        elif transfer_type == _T.kBroadCast:
            value = _broadcast(arg, value.astype(data.dtype))
        elif transfer_type == _T.kReshape:
            value = F.reshape(value, arg)
        elif transfer_type == _T.kScatterND:
            value = F.scatter_nd(arg[0], value, arg[1])
        else:
            raise IndexError(f"Inlvaid transfer type {transfer_type}.")
    return value
