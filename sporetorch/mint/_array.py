"""``mint`` shape, joining, indexing and scatter/gather functions (torch-style ``dim`` arguments).

Each name calls the op's one implementation in :mod:`sporetorch.ops`.
"""
from .. import ops
from ..common.tensor import Tensor
from ..ops.function import array_func

broadcast_to = ops.broadcast_to
dstack = ops.dstack
hstack = ops.hstack
masked_select = ops.masked_select
ravel = ops.ravel
searchsorted = ops.searchsorted
take = ops.take
tril = ops.tril
triu = ops.triu
unique_consecutive = ops.unique_consecutive

__all__ = [
    "broadcast_to", "cat", "chunk", "clone", "concat", "diag", "dstack", "flatten", "flatten_ext", "flip", "gather",
    "hstack", "index_add", "index_select", "item", "masked_select", "meshgrid", "narrow", "nonzero", "permute",
    "ravel", "repeat_interleave", "reshape", "roll", "scatter", "scatter_add", "searchsorted", "select", "split",
    "squeeze", "squeeze_impl", "stack", "swapaxes", "t", "take", "tile", "transpose", "tril", "triu", "unbind",
    "unique", "unique_consecutive", "unsqueeze", "where",
]



def cat(tensors, dim=0):
    """Join ``tensors`` along ``dim`` (``mindspore.mint.cat``)."""
    return ops.cat(tensors, dim)


def concat(tensors, dim=0):
    """Alias of :func:`cat` (``mindspore.mint.concat``)."""
    return ops.cat(tensors, dim)


def stack(tensors, dim=0):
    """Join ``tensors`` along a new axis ``dim`` (``mindspore.mint.stack``)."""
    return ops.stack(tensors, dim)


def split(tensor, split_size_or_sections, dim=0):
    """Split into chunks of ``split_size_or_sections`` (an int or a list of sizes) along ``dim``
    (``mindspore.mint.split``)."""
    return ops.split(tensor, split_size_or_sections, dim)


def chunk(input, chunks, dim=0):
    """Split into at most ``chunks`` equal parts along ``dim`` (``mindspore.mint.chunk``)."""
    return ops.chunk(input, chunks, dim)


def unbind(input, dim=0):
    """The slices of ``input`` along ``dim`` (``mindspore.mint.unbind``)."""
    return ops.unbind(input, dim)


def narrow(input, dim, start, length):
    """``length`` elements of ``input`` along ``dim`` from ``start`` (``mindspore.mint.narrow``)."""
    return ops.narrow(input, dim, start, length)


def select(input, dim, index):
    """The slice ``index`` of ``input`` along ``dim``, with ``dim`` removed (``mindspore.mint.select``)."""
    size = input.shape[dim]
    if not -size <= index < size:
        raise IndexError(f"For 'select', the 'index' must be in range [{-size}, {size}), but got {index}")
    return ops.squeeze(ops.narrow(input, dim, index % size, 1), dim)


def permute(input, dims):
    """Reorder the axes of ``input`` as ``dims`` (``mindspore.mint.permute``)."""
    return ops.permute(input, tuple(dims))


def transpose(input, dim0, dim1):
    """Swap axes ``dim0`` and ``dim1`` (``mindspore.mint.transpose``)."""
    return ops.swapaxes(input, dim0, dim1)


def swapaxes(input, axis0, axis1):
    """Swap axes ``axis0`` and ``axis1`` (``mindspore.mint.swapaxes``)."""
    return ops.swapaxes(input, axis0, axis1)


def t(input):
    """Transpose of a tensor of at most 2 dimensions (``mindspore.mint.t``)."""
    return ops.t(input)


def reshape(input, shape):
    """``input`` with shape ``shape`` (one entry may be -1) (``mindspore.mint.reshape``)."""
    return ops.reshape(input, shape)


def flatten(input, start_dim=0, end_dim=-1):
    """Merge the axes ``start_dim..end_dim`` into one (``mindspore.mint.flatten``)."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


def flatten_ext(input, start_dim=0, end_dim=-1):
    """Alias of :func:`flatten` (``mindspore.mint.flatten_ext``)."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


def squeeze(input, dim):
    """Remove the size-1 axes among ``dim`` (an int or a tuple) (``mindspore.mint.squeeze``).

    Differences from PyTorch: ``dim`` is required, as in MindSpore 2.10.
    """
    return ops.squeeze(input, dim)


def squeeze_impl(input, axis):
    """Alias of :func:`squeeze` (``mindspore.mint.squeeze_impl``)."""
    return ops.squeeze(input, axis)


def unsqueeze(input, dim):
    """Insert a size-1 axis at ``dim`` (``mindspore.mint.unsqueeze``)."""
    return ops.unsqueeze(input, dim)


def flip(input, dims):
    """Reverse ``input`` along ``dims`` (``mindspore.mint.flip``)."""
    return ops.flip(input, dims)


def roll(input, shifts, dims=None):
    """Roll ``input`` by ``shifts`` along ``dims`` (flattened when None) (``mindspore.mint.roll``)."""
    return ops.roll(input, shifts, dims)


def tile(input, dims):
    """Repeat ``input`` ``dims`` times per axis (``mindspore.mint.tile``)."""
    return ops.tile(input, tuple(dims))


def repeat_interleave(input, repeats, dim=None, *, output_size=None):
    """Repeat each element ``repeats`` times along ``dim`` (of the flattened input when None)
    (``mindspore.mint.repeat_interleave``)."""
    return ops.repeat_interleave(input, repeats, dim)


def diag(input, diagonal=0):
    """Diagonal matrix from a 1-D ``input``, or the ``diagonal``-th diagonal of a 2-D one
    (``mindspore.mint.diag``)."""
    return array_func.diag_ext(input, diagonal)


def gather(input, dim, index):
    """``out[i][j] = input[i][index[i][j]]`` along ``dim`` (``mindspore.mint.gather``, torch.gather)."""
    return ops.gather_elements(input, dim, index)


def index_select(input, dim, index):
    """The entries of ``input`` at the 1-D ``index`` along ``dim`` (``mindspore.mint.index_select``)."""
    return ops.index_select(input, dim, index)


def scatter(input, dim, index, src):
    """Copy of ``input`` with ``src`` (a Tensor or a number) written at ``index`` along ``dim``
    (``mindspore.mint.scatter``)."""
    return ops.scatter(input, dim, index, src)


def scatter_add(input, dim, index, src):
    """Copy of ``input`` with ``src`` added at ``index`` along ``dim`` (``mindspore.mint.scatter_add``)."""
    return ops.tensor_scatter_elements(input, index, src, dim, "add")


def index_add(input, dim, index, source, *, alpha=1):
    """Copy of ``input`` with ``alpha * source`` added at ``index`` along ``dim`` (``mindspore.mint.index_add``)."""
    source = source if alpha == 1 else ops.mul(source, alpha)
    return array_func.index_add_ext(input, dim, index, source)


def nonzero(input, *, as_tuple=False):
    """Int64 indices of the nonzero elements, as a (N, ndim) tensor or a tuple of 1-D tensors
    (``mindspore.mint.nonzero``)."""
    return ops.nonzero(input, as_tuple=as_tuple)


def where(condition, input=None, other=None):
    """``input`` where ``condition`` holds, else ``other``; ``where(condition)`` is
    ``nonzero(condition, as_tuple=True)`` (``mindspore.mint.where``)."""
    if input is None and other is None:
        return ops.nonzero(condition, as_tuple=True)
    return ops.where(condition, input, other)


def meshgrid(*tensors, indexing=None):
    """Coordinate grids from 1-D tensors; ``indexing`` defaults to ``'ij'`` (``mindspore.mint.meshgrid``)."""
    return ops.meshgrid(*tensors, indexing='ij' if indexing is None else indexing)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """Unique elements (sorted), with the inverse indices and counts on request (``mindspore.mint.unique``)."""
    return array_func.unique_ext(input, sorted, return_inverse, return_counts, dim)


def clone(input):
    """A copy of ``input`` that shares no memory with it (``mindspore.mint.clone``)."""
    return ops.deepcopy(input)


def item(input):
    """The Python number held by a one-element tensor (``mindspore.mint.item``)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'item', the 'input' must be a Tensor, but got {type(input).__name__}")
    return input.item()

