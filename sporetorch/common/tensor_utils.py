"""``frombuffer``, ``swap_tensors`` and ``merge_sliced_parameter``: Tensors that share, trade or
join their storage."""
import warnings

import torch

from . import dtype as mstype
from .parameter import Parameter
from .tensor import Tensor, _wrap

__all__ = ["frombuffer", "swap_tensors", "merge_sliced_parameter"]


def frombuffer(buffer, dtype, count=-1, offset=0):
    """A 1-D Tensor over an object with the buffer interface, sharing its memory (``torch.frombuffer``).

    Args:
        buffer: bytes, bytearray, memoryview, array.array, ...
        dtype (mindspore.dtype): the element type.
        count (int): how many elements to read; -1 reads to the end. Default: -1.
        offset (int): bytes to skip at the start. Default: 0.

    Raises RuntimeError, as MindSpore does, for a negative count other than -1, an empty buffer, an
    offset outside the buffer or a length that does not fit the element size.
    """
    tdtype = mstype.to_torch(dtype)
    nbytes = memoryview(buffer).nbytes
    size = torch.empty((), dtype=tdtype).element_size()
    if count < -1:
        raise RuntimeError(f"count ({count}) must be -1 or positive, but got negative value other than -1")
    if nbytes == 0 or count == 0:
        raise RuntimeError(f"both buffer length ({nbytes}) and count ({count}) must not be 0")
    if not 0 <= offset < nbytes:
        raise RuntimeError(f"offset ({offset} bytes) must be non-negative and no greater than buffer length "
                           f"({nbytes} bytes) minus 1.")
    left = nbytes - offset
    if count == -1 and left % size:
        raise RuntimeError(f"buffer length ({left} bytes) after offset ({offset} bytes) must be a multiple of "
                           f"element size ({size}).")
    if count > 0 and left < count * size:
        raise RuntimeError(f"buffer length ({nbytes} bytes) after offset ({offset} bytes) is not enough for the "
                           f"requested count of elements ({count} elements of size {size} bytes each, total "
                           f"{count * size} bytes).")
    with warnings.catch_warnings():
        # A read-only buffer (bytes) is allowed; writing to the Tensor then is the caller's business.
        warnings.filterwarnings("ignore", message="The given buffer is not writable")
        return _wrap(torch.frombuffer(buffer, dtype=tdtype, count=count, offset=offset))


def swap_tensors(t1, t2):
    """Exchange the contents (data, shape, dtype) of two Tensors in place; every reference to ``t1``
    then sees what ``t2`` held and the other way round.

    Differences from MindSpore: both must be of one class (two Tensors or two Parameters);
    swapping a Parameter with a plain Tensor, which MindSpore does by exchanging their classes,
    is a TypeError because the two classes lay out their attributes differently here.
    """
    for name, t in (("t1", t1), ("t2", t2)):
        if not isinstance(t, Tensor):
            raise TypeError(f"For 'swap_tensors', '{name}' must be a Tensor, but got {type(t).__name__}.")
    if type(t1) is not type(t2):
        raise TypeError(f"For 'swap_tensors', both arguments must be of one class, but got {type(t1).__name__} and "
                        f"{type(t2).__name__}.")
    t1._t, t2._t = t2._t, t1._t
    if hasattr(t1, "__dict__"):
        t1.__dict__, t2.__dict__ = t2.__dict__, t1.__dict__


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """Join the slices of one Parameter (listed in rank order) along axis 0 into a new Parameter.

    Args:
        sliced_parameters (list[Parameter]): the slices, of one name and equal shapes beyond axis 0.
        strategy (dict): MindSpore's per-parameter slicing strategies from a multi-device run, which
            sporetorch does not produce; only None (join along axis 0) is supported.

    The result takes the name, dtype and ``requires_grad`` of the first slice.
    """
    fn = "merge_sliced_parameter"
    if not isinstance(sliced_parameters, list):
        raise TypeError(f"For '{fn}', the argument 'sliced_parameters' should be list, but got "
                        f"{type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError(f"For '{fn}', the argument 'sliced_parameters' should not be empty.")
    if strategy is not None:
        raise NotImplementedError(f"For '{fn}', 'strategy' describes slices of a multi-device run, which sporetorch "
                                  "(one process) does not produce; pass strategy=None to join along axis 0.")
    first = sliced_parameters[0]
    for i, p in enumerate(sliced_parameters):
        if not isinstance(p, Parameter):
            raise TypeError(f"For '{fn}', each element of 'sliced_parameters' should be Parameter, but got "
                            f"{type(p)} at index {i}.")
        if p.name != first.name or p._t.dim() != first._t.dim() or p._t.shape[1:] != first._t.shape[1:]:
            raise ValueError(f"For '{fn}', please make sure that the elements in 'slice_parameters' have the same "
                             "name, dimension length and shape except 0 axis. The name, dimension length, shape "
                             f"except 0 axis should be {first.name}, {first._t.dim()}, {tuple(first._t.shape[1:])}, "
                             f"but got name: {p.name}, dimension length: {p._t.dim()}, shape except 0 axis: "
                             f"{tuple(p._t.shape[1:])} at index {i}.")
    merged = torch.cat([p._t.detach().to(first._t.dtype) for p in sliced_parameters], 0)
    return Parameter(_wrap(merged), first.name, requires_grad=first.requires_grad)
