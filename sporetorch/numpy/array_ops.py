"""Shape and indexing functions of ``mindspore.numpy``."""
import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from ..nn.cell import Cell
from ..ops.function.array_func import _isin
from .utils import _cast, _check_axis, _one, _to_common

__all__ = ["transpose", "expand_dims", "squeeze", "rollaxis", "swapaxes", "reshape", "ravel", "concatenate", "where",
           "atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "hstack", "dstack", "vstack", "stack", "unique",
           "moveaxis", "tile", "broadcast_to", "broadcast_arrays", "append", "roll", "split", "vsplit", "flip",
           "flipud", "fliplr", "hsplit", "dsplit", "take_along_axis", "take", "repeat", "rot90", "select",
           "array_split", "choose", "size", "array_str", "apply_along_axis", "piecewise", "unravel_index",
           "apply_over_axes", "argwhere", "intersect1d"]


def transpose(a, axes=None):
    """Permute the axes (reverse them when ``axes`` is None)."""
    a = _one(a)
    axes = tuple(range(a.ndim))[::-1] if axes is None else tuple(axes)
    return ops.transpose(a, axes)


def expand_dims(a, axis):
    """Insert unit axes at ``axis`` (an int or a tuple)."""
    a = _one(a)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    ndim = a.ndim + len(axes)
    for ax in sorted(_check_axis(x, ndim) for x in axes):
        a = ops.expand_dims(a, ax)
    return a


def squeeze(a, axis=None):
    """Remove unit axes (all of them, or those of ``axis`` that have size 1)."""
    a = _one(a)
    if axis is None:
        return ops.squeeze(a)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    # As in MindSpore 2.10, an axis whose size is not 1 is left in place (numpy raises).
    axes = tuple(ax for ax in (_check_axis(x, a.ndim) for x in axes) if a.shape[ax] == 1)
    return ops.squeeze(a, axes) if axes else a


def rollaxis(x, axis, start=0):
    """Move ``axis`` to before ``start``."""
    x = _one(x)
    n = x.ndim
    axis = _check_axis(axis, n)
    if not -n <= start <= n:
        raise ValueError(f"start should be in [{-n}, {n}], but got {start}")
    start = start % (n + 1) if start < 0 else start
    if axis < start:
        start -= 1
    return moveaxis(x, axis, start)


def swapaxes(x, axis1, axis2):
    """Interchange two axes."""
    return ops.swapaxes(_one(x), axis1, axis2)


def moveaxis(a, source, destination):
    """Move axes to new positions."""
    return ops.moveaxis(_one(a), source, destination)


def reshape(x, new_shape):
    """Give a new shape (one entry may be -1)."""
    x = _one(x)
    if isinstance(new_shape, int):
        new_shape = (new_shape,)
    return ops.reshape(x, tuple(new_shape))


def ravel(x):
    """The flattened array."""
    return _one(x).reshape(-1)


def concatenate(arrays, axis=0):
    """Join arrays along ``axis`` (``axis=None`` flattens them first); dtypes are promoted."""
    if isinstance(arrays, Tensor):
        if axis is None:
            return arrays.reshape(-1)
        return ops.concat(tuple(arrays[i] for i in range(arrays.shape[0])), axis) if arrays.ndim > 1 else arrays
    arrays = _to_common(*arrays) if len(arrays) > 1 else (_one(arrays[0]),)
    if axis is None:
        arrays = tuple(a.reshape(-1) for a in arrays)
        axis = 0
    return ops.concat(arrays, axis)


def append(arr, values, axis=None):
    """``values`` appended to ``arr`` (flattened unless ``axis`` is given)."""
    arr, values = _to_common(arr, values)
    if axis is None:
        return ops.concat((arr.reshape(-1), values.reshape(-1)), 0)
    return ops.concat((arr, values), axis)


def where(condition, x=None, y=None):
    """Elements of ``x`` where ``condition`` holds, else of ``y`` (dtypes promoted); with only a
    condition, the indices of its non-zero elements."""
    condition = _one(condition)
    if x is None and y is None:
        return tuple(ops.nonzero(condition, as_tuple=True))
    if x is None or y is None:
        raise TypeError("For 'where', either both or neither of x and y should be given")
    x, y = _to_common(x, y)
    return ops.where(_cast(condition, mstype.bool_), x, y)


def _atleast(arys, n):
    out = []
    for a in arys:
        a = _one(a)
        if a.ndim < n:
            if n == 3 and a.ndim == 2:
                a = a.reshape(a.shape + (1,))
            elif n == 3 and a.ndim == 1:
                a = a.reshape((1,) + a.shape + (1,))
            else:
                a = a.reshape((1,) * (n - a.ndim) + a.shape)
        out.append(a)
    return out[0] if len(out) == 1 else out


def atleast_1d(*arys):
    """Inputs viewed with at least one axis."""
    return _atleast(arys, 1)


def atleast_2d(*arys):
    """Inputs viewed with at least two axes."""
    return _atleast(arys, 2)


def atleast_3d(*arys):
    """Inputs viewed with at least three axes (1-D ``(N,)`` -> ``(1, N, 1)``)."""
    return _atleast(arys, 3)


def _seq(tup, name):
    if isinstance(tup, Tensor):
        return [tup[i] for i in range(tup.shape[0])]
    if not isinstance(tup, (list, tuple)):
        raise TypeError(f"For '{name}', the input must be a list, tuple or Tensor, but got {type(tup)}")
    return list(_to_common(*tup)) if len(tup) > 1 else [_one(tup[0])]


def column_stack(tup):
    """Stack 1-D arrays as columns of a 2-D array (2-D arrays as they are)."""
    arrays = [a.reshape(-1, 1) if a.ndim < 2 else a for a in _seq(tup, "column_stack")]
    return ops.concat(arrays, 1)


def hstack(tup):
    """Stack horizontally (along axis 1, or 0 for 1-D arrays)."""
    arrays = [a.reshape(1) if a.ndim == 0 else a for a in _seq(tup, "hstack")]
    return ops.concat(arrays, 0 if arrays[0].ndim == 1 else 1)


def vstack(tup):
    """Stack vertically (1-D arrays become rows)."""
    return ops.concat(atleast_2d(*_seq(tup, "vstack")) if len(_seq(tup, "vstack")) > 1
                      else [atleast_2d(_seq(tup, "vstack")[0])], 0)


def dstack(tup):
    """Stack along the third axis."""
    arrays = atleast_3d(*_seq(tup, "dstack"))
    return ops.concat(arrays if isinstance(arrays, list) else [arrays], 2)


def stack(arrays, axis=0):
    """Join arrays along a new axis."""
    arrays = _seq(arrays, "stack")
    ndim = arrays[0].ndim + 1
    return ops.stack(arrays, _check_axis(axis, ndim))


def unique(x, return_inverse=False):
    """The unique elements of the flattened array in order of first appearance, as MindSpore
    returns them (numpy sorts them), and optionally the indices that rebuild ``x``."""
    values, inverse = ops.unique(_one(x).reshape(-1))
    if return_inverse:
        return values, inverse
    return values


def tile(a, reps):
    """Repeat ``a`` ``reps`` times along each axis."""
    a = _one(a)
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    if len(reps) < a.ndim:
        reps = (1,) * (a.ndim - len(reps)) + reps
    return ops.tile(a, reps)


def broadcast_to(array, shape):
    """``array`` broadcast to ``shape``."""
    return ops.broadcast_to(_one(array), (shape,) if isinstance(shape, int) else tuple(shape))


def broadcast_arrays(*args):
    """The inputs broadcast against each other."""
    tensors = [_one(a) for a in args]
    shape = tuple(onp.broadcast_shapes(*[tuple(t.shape) for t in tensors]))
    return [ops.broadcast_to(t, shape) for t in tensors]


def roll(a, shift, axis=None):
    """Roll elements along ``axis`` (over the flattened array when None)."""
    a = _one(a)
    if axis is None:
        return ops.roll(a.reshape(-1), shift, 0).reshape(a.shape)
    return ops.roll(a, shift, axis)


def _split(x, indices_or_sections, axis, strict):
    x = _one(x)
    axis = _check_axis(axis, x.ndim)
    if isinstance(indices_or_sections, int):
        n = x.shape[axis]
        if strict and n % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
        chunks = ops.tensor_split(x, indices_or_sections, axis)
    else:
        idx = [int(i) for i in (indices_or_sections.asnumpy() if isinstance(indices_or_sections, Tensor)
                                else indices_or_sections)]
        chunks = ops.tensor_split(x, idx, axis)
    chunks = list(chunks)
    # MindSpore returns a tuple for a number of sections and a list for split indices.
    return tuple(chunks) if isinstance(indices_or_sections, int) else chunks


def split(x, indices_or_sections, axis=0):
    """Split into equal parts (an int) or at indices (a list)."""
    return _split(x, indices_or_sections, axis, True)


def array_split(x, indices_or_sections, axis=0):
    """As :func:`split`, allowing unequal parts."""
    return _split(x, indices_or_sections, axis, False)


def vsplit(x, indices_or_sections):
    """Split along axis 0."""
    return split(x, indices_or_sections, 0)


def hsplit(x, indices_or_sections):
    """Split along axis 1 (axis 0 for 1-D arrays)."""
    x = _one(x)
    return split(x, indices_or_sections, 1 if x.ndim > 1 else 0)


def dsplit(x, indices_or_sections):
    """Split along axis 2."""
    return split(x, indices_or_sections, 2)


def flip(m, axis=None):
    """Reverse the order of elements along ``axis`` (all axes when None)."""
    m = _one(m)
    axes = tuple(range(m.ndim)) if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
    return ops.flip(m, axes)


def flipud(m):
    """Reverse along axis 0."""
    return flip(m, 0)


def fliplr(m):
    """Reverse along axis 1."""
    return flip(m, 1)


def take_along_axis(arr, indices, axis):
    """Values of ``arr`` at ``indices`` along ``axis`` (over the flattened array when None)."""
    arr, indices = _one(arr), _one(indices)
    if axis is None:
        arr, axis = arr.reshape(-1), 0
    shape = onp.broadcast_shapes(tuple(s if i != axis % arr.ndim else 1 for i, s in enumerate(arr.shape)),
                                 tuple(s if i != axis % arr.ndim else 1 for i, s in enumerate(indices.shape)))
    idx_shape = list(shape)
    idx_shape[axis % arr.ndim] = indices.shape[axis % arr.ndim]
    arr_shape = list(shape)
    arr_shape[axis % arr.ndim] = arr.shape[axis % arr.ndim]
    idx = ops.broadcast_to(_cast(indices, mstype.int64), tuple(idx_shape))
    return ops.gather_elements(ops.broadcast_to(arr, tuple(arr_shape)), axis, idx)


def _index(indices, n, mode, negative_from_end=True):
    """Int64 index Tensor of ``indices`` into a size-``n`` axis under numpy's ``mode``."""
    idx = _cast(indices, mstype.int64)
    if mode == "clip":
        # take counts negative indices from the end before clipping; choose clips them to 0 (MindSpore).
        if negative_from_end:
            idx = ops.where(idx < 0, idx + n, idx)
        return ops.clamp(idx, 0, n - 1)
    if mode == "wrap":
        return ops.remainder(idx, n)
    if mode == "raise":
        if bool(ops.logical_or(idx < -n, idx >= n).any()):
            raise IndexError("index out of range")
        return ops.remainder(idx, n)
    raise ValueError("invalid mode, expecting 'raise', 'wrap' or 'clip'")


def take(a, indices, axis=None, mode="clip"):
    """Elements of ``a`` at ``indices`` along ``axis`` (the flattened array when None); out-of-range
    indices are clipped by default, as in MindSpore."""
    a, indices = _one(a), _one(indices)
    if axis is None:
        a, axis = a.reshape(-1), 0
    axis = _check_axis(axis, a.ndim)
    idx = _index(indices, a.shape[axis], mode)
    res = ops.index_select(a, axis, idx.reshape(-1))
    return res.reshape(a.shape[:axis] + indices.shape + a.shape[axis + 1:])


def repeat(a, repeats, axis=None):
    """Repeat each element ``repeats`` times along ``axis`` (the flattened array when None)."""
    a = _one(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    if isinstance(repeats, (list, tuple)):
        repeats = Tensor(onp.asarray(repeats))
    return ops.repeat_interleave(a, repeats, axis)


def rot90(a, k=1, axes=(0, 1)):
    """Rotate by 90 degrees ``k`` times in the plane of ``axes``."""
    return ops.rot90(_one(a), k, tuple(axes))


def select(condlist, choicelist, default=0):
    """Elements from ``choicelist`` by the first true condition of ``condlist``, else ``default``."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    choices = _to_common(*choicelist, default)
    res = choices[-1]
    for cond, choice in zip(reversed(list(condlist)), reversed(choices[:-1])):
        res = ops.where(_cast(_one(cond), mstype.bool_), choice, res)
    return res


def choose(a, choices, mode="clip"):
    """Elements of ``choices[a]`` (index arrays broadcast against the choices)."""
    a = _one(a)
    tensors = _to_common(*choices) if len(choices) > 1 else (_one(choices[0]),)
    shape = onp.broadcast_shapes(*[t.shape for t in tensors], a.shape)
    stacked = ops.stack([ops.broadcast_to(t, shape) for t in tensors])
    idx = ops.broadcast_to(_index(a, len(tensors), mode, negative_from_end=False), shape)
    return ops.gather_elements(stacked, 0, idx.expand_dims(0)).squeeze(0)


def size(a, axis=None):
    """The number of elements (along ``axis``)."""
    a = _one(a)
    if axis is None:
        return a.size
    return a.shape[axis]


def array_str(a):
    """The string form of the array."""
    return _one(a).__str__()


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """``func1d`` applied to the 1-D slices of ``arr`` along ``axis``."""
    arr = _one(arr)
    axis = _check_axis(axis, arr.ndim)
    moved = moveaxis(arr, axis, -1)
    lead = moved.shape[:-1]
    flat = moved.reshape(-1, moved.shape[-1])
    results = [_one(func1d(flat[i], *args, **kwargs)) for i in range(flat.shape[0])]
    res = ops.stack(results).reshape(lead + results[0].shape)
    if results[0].ndim == 0:
        return res
    return moveaxis(res, list(range(len(lead), res.ndim)), list(range(axis, axis + results[0].ndim)))


def apply_over_axes(func, a, axes):
    """``func(a, axis)`` applied repeatedly over ``axes``, keeping the dimensions."""
    res = _one(a)
    for axis in ([axes] if isinstance(axes, int) else axes):
        out = func(res, axis)
        res = out if out.ndim == res.ndim else expand_dims(out, axis)
    return res


def piecewise(x, condlist, funclist, *args, **kw):
    """A piecewise function: ``funclist[i]`` (a function or a value) where ``condlist[i]`` holds;
    one extra function is the default."""
    x = _one(x)
    if isinstance(condlist, Tensor) and condlist.ndim == x.ndim:
        condlist = [condlist]
    condlist = [_cast(_one(c), mstype.bool_) for c in condlist]
    if len(funclist) == len(condlist) + 1:
        # The extra function applies where no condition holds.
        condlist.append(ops.logical_not(ops.stack(condlist).any(0)))
    elif len(funclist) != len(condlist):
        raise ValueError("function list and condition list must be the same length")
    res = ops.zeros_like(x)
    for cond, func in zip(condlist, funclist):
        value = func(x, *args, **kw) if callable(func) else func
        res = ops.where(cond, _cast(_one(value), x.dtype), res)
    return res


def unravel_index(indices, shape, order="C"):
    """The coordinate arrays of flat ``indices`` into an array of ``shape`` (int32)."""
    idx = _cast(_one(indices), mstype.int64)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    dims = shape[::-1] if order == "C" else shape
    out = []
    for d in dims:
        out.append(_cast(ops.remainder(idx, d), mstype.int32))
        idx = ops.floor_divide(idx, d)
    if order == "C":
        out = out[::-1]
    return tuple(out)


def argwhere(a):
    """The indices of the non-zero elements, one row per element."""
    return ops.argwhere(_one(a))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted unique values in both arrays (and, with ``return_indices``, their first indices)."""
    a1, a2 = _to_common(ar1, ar2)
    v1, v2 = a1.reshape(-1), a2.reshape(-1)
    common = ops.sort(ops.unique(v1[_isin(v1, v2)])[0])[0]
    if not return_indices:
        return common

    def first(v):
        if not common.size:
            return ops.zeros((0,), mstype.int32)
        # The first position of each common value in ``v``: argmax returns the first of equal maxima.
        hits = ops.equal(ops.expand_dims(common, 1), ops.expand_dims(v, 0))
        return _cast(ops.argmax(_cast(hits, mstype.int32), 1), mstype.int32)

    return common, first(v1), first(v2)


# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
# of ``numpy.array_ops`` (model code imports them), as adapters of the functions above.
class UniqueNet(Cell):
    """A Cell returning ``ops.unique(x)``: the unique values and the index of each input element in them."""

    def construct(self, x):
        return ops.unique(x)


def _atleast_xd(ndim, arys):
    """Each Tensor of ``arys`` with leading unit axes up to ``ndim`` dims (the Tensor itself for one)."""
    from .utils import _expand
    for arr in arys:
        if not isinstance(arr, Tensor):
            raise TypeError(f"For 'Tensor', the input must be Tensor, but got {type(arr)}")
    res = [_expand(arr, ndim) for arr in arys]
    return res[0] if len(res) == 1 else res


def _mod(x, y):
    """``x - y * floor_divide(x, y)``."""
    return ops.sub(x, ops.mul(y, ops.floor_divide(x, y)))


def _promote_type_for_concatenate(tuple_of_tensors):
    """The Tensors cast to their common (promoted) dtype, or the tuple itself when they share one."""
    from .dtypes import _promote
    final = tuple_of_tensors[0].dtype
    for t in tuple_of_tensors:
        final = _promote(final, t.dtype)
    if all(t.dtype == final for t in tuple_of_tensors):
        return tuple_of_tensors
    return tuple(t.astype(final) for t in tuple_of_tensors)


def _stack_arrays(arrs):
    """A sequence of array-likes stacked on a new first axis; a single one at least 1-D."""
    if isinstance(arrs, (tuple, list)):
        return stack([_one(a) for a in arrs])
    return atleast_1d(_one(arrs))


def _split_sub_tensors(x, indices, axis):
    """The parts of ``x`` between the (increasing) ``indices`` along ``axis``, as a list."""
    n = x.shape[axis]
    bounds = [i + n if i < 0 else i for i in indices] + [n]
    out, begin = [], 0
    for end in bounds:
        if end <= begin:
            raise ValueError("empty sub-tensor encountered.")
        out.append(ops.narrow(x, axis, begin, end - begin))
        begin = end
    return out


def roll_along_axis(a, shift, axis):
    """``a`` rolled by ``shift`` along the one ``axis``."""
    if not -a.ndim <= axis < a.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {a.ndim}")
    return roll(a, shift, axis)


def _check_indices(dims, indices, mode, allow_negative_index=True):
    """``indices`` into an axis of ``dims`` elements, wrapped (``mode='wrap'``) or clipped (``'clip'``)."""
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if mode == "wrap":
        return _mod(indices, ops.fill(mstype.float32, indices.shape, dims)).astype(indices.dtype)
    if mode != "clip":
        raise ValueError('invalid mode. Expected "raise", "wrap", or "clip"')
    lower = 0 if not allow_negative_index else -dims
    zeros = ops.zeros_like(indices)
    clipped = ops.select(ops.less(indices, lower), zeros, indices)
    return ops.select(ops.greater(indices, dims - 1), ops.fill(indices.dtype, indices.shape, dims - 1), clipped)
