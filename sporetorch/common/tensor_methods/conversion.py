"""Conversion, creation and device methods of ``Tensor``: to, type, new_zeros, storage, hooks ..."""
import builtins

import torch

from ...ops.function import array_func, creation_func, image_func, nn_func
from ..tensor import Tensor, _wrap
from ..tensor import from_dlpack as _from_dlpack
from ._common import _to_torch_dtype, _Type, _u


def bfloat16(self):
    return _wrap(self._t.to(torch.bfloat16))


def byte(self):
    return _wrap(self._t.to(torch.uint8))


def short(self):
    return _wrap(self._t.to(torch.int16))


def type(self, dtype=None):
    """The dtype name (``'Float32'``) without ``dtype``; otherwise a copy cast to ``dtype``."""
    if dtype is None:
        return str(self.dtype)
    return _wrap(self._t.to(_to_torch_dtype(dtype)))


def to(self, dtype=None, non_blocking=False, copy=False, *, device=None):
    """Cast and/or move: ``to(ms.float16)``, ``to("cpu")``/``to("GPU", ms.float16)`` or ``to(other)``
    (``other``'s dtype). ``copy=True`` always returns new memory."""
    t = self._t
    if isinstance(dtype, Tensor):
        dtype = dtype._t.dtype
    elif isinstance(dtype, str) and dtype.split(":")[0].upper() in ("CPU", "GPU", "CUDA", "ASCEND", "NPU"):
        device, dtype = dtype, (non_blocking if isinstance(non_blocking, (_Type, torch.dtype)) else None)
    if device is not None:
        name = str(device).upper()
        t = t.to("cpu" if name.startswith(("CPU", "ASCEND", "NPU")) else "cuda", non_blocking=bool(non_blocking))
    if dtype is not None:
        t = t.to(_to_torch_dtype(dtype))
    if copy and t is self._t:
        t = t.clone()
    return _wrap(t)


def type_as(self, other):
    return _wrap(self._t.to(other._t.dtype))


def ndimension(self):
    return self._t.dim()


def is_complex(self):
    return self._t.is_complex()


def is_signed(self):
    return self._t.is_signed()


def stride(self, dim=None):
    return self._t.stride() if dim is None else self._t.stride(dim)


def storage_offset(self):
    return self._t.storage_offset()


def data_ptr(self):
    return self._t.data_ptr()


def value(self):
    return self


def new_zeros(self, size, dtype=None):
    return _wrap(self._t.new_zeros(size, dtype=None if dtype is None else _to_torch_dtype(dtype)))


def new_ones(self, size, dtype=None):
    return _wrap(self._t.new_ones(size, dtype=None if dtype is None else _to_torch_dtype(dtype)))


def new_full(self, size, fill_value, *, dtype=None):
    return _wrap(self._t.new_full(size, _u(fill_value), dtype=None if dtype is None else _to_torch_dtype(dtype)))


def new_empty(self, size, *, dtype=None, device=None):
    return _wrap(self._t.new_empty(size, dtype=None if dtype is None else _to_torch_dtype(dtype)))


def fill(self, value):
    """A new tensor of this shape and dtype filled with ``value`` (MindSpore's deprecated ``Tensor.fill``)."""
    return creation_func.fills(self, value)




def fill_diagonal(self, fill_value, wrap=False):
    return _wrap(self._t.clone().fill_diagonal_(fill_value, wrap))


def itemset(self, *args):
    """``itemset(value)`` on a one-element tensor, or ``itemset(index, value)`` with a flat index or
    a tuple of indices: a copy with that element set. As in MindSpore, the tensor itself is left
    unchanged (NumPy's ``itemset`` writes in place)."""
    if len(args) == 1:
        if self._t.numel() != 1:
            raise IndexError("Only tensor which shape is (1,) support 1 arg that means omit index, but the tensor "
                             f"shape is {tuple(self._t.shape)} and got 1 input.")
        index, v = 0, args[0]
    else:
        index, v = args
    out = self._t.detach().clone(memory_format=torch.contiguous_format)
    if isinstance(index, tuple):
        out[index] = v
    else:
        size = out.numel()
        if not -size <= index < size:
            raise IndexError(f"index {index} is out of bounds for axis 0 with size {size}")
        out.view(-1)[index] = v
    return _wrap(out)


def to_coo(self):
    return _wrap(self._t.to_sparse_coo())


def to_csr(self):
    return _wrap(self._t.to_sparse_csr())


def get_bytes(self):
    return self.asnumpy().tobytes()


def register_hook(self, hook):
    """Call ``hook(grad)`` with this tensor's gradient during backward; returns a handle id."""
    def torch_hook(g):
        out = hook(_wrap(g))
        return None if out is None else out._t
    return self._t.register_hook(torch_hook)


def _size_arg(v):
    if isinstance(v, Tensor):
        v = v._t.tolist()
    return tuple(v) if isinstance(v, (list, tuple)) else v


def fold(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Combine sliding blocks ``(N, C * prod(kernel_size), L)`` into ``(N, C, *output_size)`` (sums overlaps)."""
    return nn_func.fold(self, _size_arg(output_size), _size_arg(kernel_size), _size_arg(dilation), _size_arg(padding),
                        _size_arg(stride))


def col2im(self, output_size, kernel_size, dilation, padding_value, stride):
    """``(N, C, prod(kernel_size), L)`` columns back to ``(N, C, *output_size)``."""
    return image_func.col2im(self, _size_arg(output_size), _size_arg(kernel_size), _size_arg(dilation),
                             _size_arg(padding_value), _size_arg(stride))


def reverse_sequence(self, seq_lengths, seq_dim=0, batch_dim=0):
    """Reverse the first ``seq_lengths[b]`` elements along ``seq_dim`` of each batch entry ``b``."""
    return array_func.reverse_sequence(self, seq_lengths, seq_dim, batch_dim)


def unique_with_pad(self, pad_num):
    """``(unique values in first-appearance order padded with pad_num to the input length, index of each element)``."""
    return array_func.unique_with_pad(self, pad_num)


def _device_of(name):
    name = str(name).upper()
    return torch.device("cuda" if name.startswith(("GPU", "CUDA")) else "cpu")


def to_(self, device=None, non_blocking=False):
    """Move this tensor to ``device`` ('CPU' or 'Ascend', as MindSpore 2.10 accepts: ValueError for others,
    None included) in place; returns ``self``."""
    if not isinstance(non_blocking, builtins.bool):
        raise ValueError(  # noqa: TRY004 - MindSpore 2.10 raises ValueError
            f"For 'Tensor.to_', the type of 'non_blocking' must be bool, but got {non_blocking}")
    if device not in ("Ascend", "CPU"):
        raise ValueError(f"For 'Tensor.to_', the value of 'device' must be one of ['Ascend', 'CPU'], but got {device}")
    if device is not None:
        self._t = self._t.to(_device_of(device), non_blocking=non_blocking)
    return self


def move_to(self, to, blocking=True):
    """A copy of this tensor on the device ``to`` ('CPU', 'GPU' or 'Ascend')."""
    return _wrap(self._t.to(_device_of(to), non_blocking=not blocking))


def set_dtype(self, dtype):
    """Change this tensor's dtype in place (the values are cast); returns ``self``."""
    self._t = self._t.to(_to_torch_dtype(dtype))
    return self


def set_(self, source=None, storage_offset=0, size=None, stride=None):
    """Make this tensor share ``source``'s data (a view of it with ``size``/``stride``); returns ``self``."""
    src = _u(source)
    if size is not None:
        src = src.as_strided(tuple(size), tuple(stride) if stride is not None else None, storage_offset)
    self._t = src
    return self


def to_dlpack(self):
    """A DLPack capsule sharing this tensor's memory."""
    return torch.utils.dlpack.to_dlpack(self._t)


def from_dlpack(dlpack):
    """A Tensor sharing the memory of a DLPack capsule (or an object with ``__dlpack__``)."""
    return _from_dlpack(dlpack)


def remove_hook(self, handle):
    """Remove a hook added by ``register_hook`` (pass the handle it returned)."""
    handle.remove()


def pin_memory(self):
    """A copy in page-locked host memory (for fast transfer to a GPU); the tensor itself without CUDA."""
    return _wrap(self._t.pin_memory()) if torch.cuda.is_available() else self


def is_pinned(self):
    return self._t.is_pinned() if torch.cuda.is_available() else False


def is_shared(self):
    return self._t.is_shared()


def is_meta(self):
    return self._t.is_meta


def untyped_storage(self):
    return self._t.untyped_storage()


storage = untyped_storage


def data_sync(self, wait=True):
    """Wait for pending device work on this tensor (a CUDA synchronise; nothing to do on CPU)."""
    if wait and self._t.is_cuda:
        torch.cuda.synchronize(self._t.device)


def wait_pipeline(self):
    """Wait for pending device work on this tensor."""
    data_sync(self)


def symbolic_shape(self):
    """The shape; sporetorch shapes are always concrete."""
    return tuple(self._t.shape)


def const_arg(self):
    """Whether the tensor is a constant argument of a compiled network; sporetorch traces every Tensor."""
    return False


def set_const_arg(self, const_arg=True):
    """Accepted for compatibility: sporetorch's compiler specialises on shapes, not on marked constants."""
    return self
