"""``sporetorch.Tensor``: MindSpore's Tensor as a thin wrapper around a ``torch.Tensor``.

The wrapper holds one torch tensor in ``_t`` and nothing else on the hot path.
It does not subclass ``torch.Tensor`` because MindSpore and PyTorch disagree on
the meaning of ``size``, ``transpose``, ``repeat``, ``view`` and ``sum(axis)``.
This module holds construction, conversion and indexing; the operators and methods are
the functional ops of ``ops``, bound by ``common/tensor_methods`` when the package loads.
"""
import numbers

import numpy as np
import torch

from . import dtype as mstype
from . import _placeholder
from .._device import default_device


def _new_for_dynamo(cls):
    return object.__new__(cls)


# ``object.__new__`` bound to a name saves an attribute lookup on every op's result. Dynamo before
# torch 2.13 traces the call only as written out, and broke every graph at every wrapped result.
# (``torch.__version__`` is a TorchVersion, which compares with a tuple.)
_new = object.__new__ if torch.__version__ >= (2, 13) else _new_for_dynamo
_from_torch_dtype = mstype._TORCH_TO_TYPE.__getitem__

_INPUT_TYPES = "['Tensor', 'ndarray', 'list', 'tuple', 'float', 'int', 'bool', 'complex']"
# Queries an uninitialised tensor answers; everything else raises MindSpore's RuntimeError.
_UNINIT_QUERIES = frozenset({
    "shape", "dtype", "dim", "ndim", "numel", "size", "device", "is_cuda", "is_floating_point", "is_complex",
    "element_size", "requires_grad", "layout", "stride", "is_contiguous", "__repr__",
})


class _Uninitialized(torch.Tensor):
    """The ``_t`` of a Tensor made by ``initializer``/``Tensor(init=...)`` before ``init_data()``.

    A storage-less (meta device) tensor that knows its shape and dtype and holds the
    initialiser in ``_lazy_init``. Any computation with it raises the RuntimeError MindSpore
    raises for an uninitialised tensor; ordinary tensors never pay for this check.
    """

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name == "__get__":
            name = getattr(func.__self__, "__name__", "")
        if name in _UNINIT_QUERIES:
            with torch._C.DisableTorchFunctionSubclass():
                return func(*args, **(kwargs or {}))
        error = RuntimeError(_uninitialized_message(_first_uninitialized(args)))
        error._mindspore_error = True  # already MindSpore's error: ops._errors.fail passes it unchanged
        raise error


def _first_uninitialized(args):
    for a in args:
        if isinstance(a, _Uninitialized):
            return a
        if isinstance(a, (list, tuple)):
            found = _first_uninitialized(a)
            if found is not None:
                return found
    return None


def _lazy_spec(t):
    """``(shape, dtype)`` of an ``_Uninitialized`` placeholder, read past its guard."""
    with torch._C.DisableTorchFunctionSubclass():
        return tuple(t.shape), _from_torch_dtype(t.dtype)


def _materialized(t):
    """The torch data the initialiser of an ``_Uninitialized`` placeholder creates."""
    from .initializer import _fill
    return _fill(t._lazy_init, *_lazy_spec(t))


def _uninitialized_message(u):
    from ._tensor_format import uninitialized_text
    text = uninitialized_text(*_lazy_spec(u)) if u is not None else "Tensor"
    return (f"The {text} is uninitialized. Maybe the Tensor is create by initializer. "
            "You need to call Tensor.init_data before using this Tensor.")


def _uninitialized(init, shape, dtype):
    """Return the placeholder ``_t`` of a lazily initialised tensor."""
    # torch: the storage-less placeholder is the Tensor's own construction, below ops.
    t = torch.empty(shape, dtype=mstype.to_torch(dtype), device="meta").as_subclass(_Uninitialized)
    t._lazy_init = init
    return t


def _wrap(t):
    """Wrap a torch tensor without copying (the hot path of every op)."""
    o = _new(Tensor)
    o._t = t
    return o


def _unwrap(x):
    """Return the torch object behind ``x`` (Tensors unwrap, arrays and lists convert, scalars pass)."""
    if isinstance(x, Tensor):
        return x._t
    if isinstance(x, np.ndarray):
        return torch.from_numpy(x)  # torch: the NumPy boundary (shares the array's memory), construction
    if isinstance(x, (list, tuple)):
        return _to_torch_data(x, None)
    return x


def _u(x):
    """Unwrap a Tensor operand; Python scalars, arrays and torch tensors pass through unchanged."""
    return x._t if isinstance(x, Tensor) else x


def _unwrap_index(index):
    if isinstance(index, Tensor):
        return index._t
    if isinstance(index, tuple):
        return tuple(_unwrap_index(i) for i in index)
    if isinstance(index, list) and any(isinstance(i, Tensor) for i in index):
        return [_unwrap_index(i) for i in index]
    if isinstance(index, np.ndarray):
        return _unwrap(index)  # an index array becomes a torch index
    return index


def _has_negative_step(index):
    if type(index) is slice:
        return index.step is not None and index.step < 0
    return type(index) is tuple and any(type(i) is slice and i.step is not None and i.step < 0 for i in index)


def _flip_negative_steps(t, index):
    """``(t flipped on the dims sliced with a negative step, the index with those slices made positive)``.

    MindSpore (as NumPy) takes ``x[::-1]``; torch's slices take positive steps only. A slice
    ``start:stop:-k`` of a dim of size n picks the same elements as ``n-1-start : n-1-stop : k`` of
    the flipped dim. ``index`` is already unwrapped."""
    items = index if type(index) is tuple else (index,)

    def width(item):  # how many of t's dims the item indexes
        if item is None or item is Ellipsis or type(item) is bool:
            return 0
        return item.dim() if isinstance(item, torch.Tensor) and item.dtype == torch.bool else 1

    consumed = sum(width(i) for i in items)
    dim, flips, out = 0, [], []
    for item in items:
        if item is Ellipsis:
            dim += t.dim() - consumed
        elif type(item) is slice and item.step is not None and item.step < 0:
            n = t.shape[dim]
            start, stop, step = item.indices(n)
            item = slice(n - 1 - start, n - 1 - stop, -step)
            flips.append(dim)
        out.append(item)
        dim += width(item)
    return t.flip(flips), tuple(out)


def _infer_python_dtype(data):
    """MindSpore's default dtype for Python data: bool → Bool, int → Int64, float → Float32."""
    kinds = set()

    def walk(x):
        if isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
        elif isinstance(x, Tensor):
            kinds.add("f" if x._t.is_floating_point() else "i")
        elif isinstance(x, (bool, np.bool_)):
            kinds.add("b")
        elif isinstance(x, numbers.Integral):
            kinds.add("i")
        elif isinstance(x, numbers.Real):
            kinds.add("f")
        elif isinstance(x, numbers.Complex):
            kinds.add("c")
        else:
            raise TypeError(f"For Tensor, the input_data is {data!r} that contain unsupported element.")

    walk(data)
    if "c" in kinds:
        return torch.complex128
    if "f" in kinds:
        return torch.float32
    if "i" in kinds:
        return torch.int64
    return torch.bool if kinds else torch.float32


def _check_rectangular(data, whole=None):
    """Reject ragged nested lists with MindSpore's TypeError."""
    whole = data if whole is None else whole
    if not isinstance(data, (list, tuple)) or not data:
        return
    first = data[0]
    if isinstance(first, (list, tuple)):
        n = len(first)
        for row in data:
            if not isinstance(row, (list, tuple)) or len(row) != n:
                raise TypeError(f"For Tensor, the input_data is {whole!r} that contain unsupported element.")
            _check_rectangular(row, whole)
    elif any(isinstance(row, (list, tuple)) for row in data):
        raise TypeError(f"For Tensor, the input_data is {whole!r} that contain unsupported element.")


def _to_torch_data(input_data, dtype):
    """Build a fresh torch tensor for ``Tensor(input_data, dtype)``.

    Its torch calls (tensor, stack, as_tensor) are construction, which every op sits on, not ops."""
    tdtype = None if dtype is None else mstype.to_torch(dtype)
    device = default_device()
    if isinstance(input_data, Tensor):
        t = input_data._t
        if type(t) is _Uninitialized:
            # A copy of a lazily initialised tensor is lazy too (its own data when initialised).
            shape, lazy_dtype = _lazy_spec(t)
            return _uninitialized(t._lazy_init, shape, dtype or lazy_dtype)
        return t if tdtype is None or t.dtype == tdtype else t.to(tdtype)
    if isinstance(input_data, torch.Tensor):
        return input_data if tdtype is None else input_data.to(tdtype)
    if isinstance(input_data, (np.ndarray, np.generic)):
        arr = np.asarray(input_data)
        if arr.dtype == object:
            raise TypeError("For 'Tensor', the input_data must not be an object array")
        if tdtype is None:
            if arr.dtype.kind == "U" or arr.dtype.kind == "S":
                raise TypeError(f"For 'Tensor', string arrays are not supported in sporetorch (torch has no "
                                f"string tensors), but got an array of dtype {arr.dtype}")
            mstype.from_numpy(arr.dtype)
        elif not (tdtype.is_floating_point or arr.dtype.kind not in "f" or tdtype == torch.bool):
            arr = np.trunc(arr)  # float → int truncates towards zero, as MindSpore's cast does
        t = torch.tensor(arr, device=device)  # torch: the Tensor's own data (a copy of the array), construction
        return t if tdtype is None else t.to(tdtype)
    if isinstance(input_data, (list, tuple, bool, numbers.Number)):
        data = input_data
        if isinstance(input_data, (list, tuple)):
            _check_rectangular(input_data)
            data = [_unwrap(v) if isinstance(v, Tensor) else v for v in input_data]
        inferred = _infer_python_dtype(input_data)
        if isinstance(data, list) and any(isinstance(v, torch.Tensor) for v in data):
            # torch: a list holding Tensors stacks them, numbers as tensors, keeping their graph (construction)
            t = torch.stack([torch.as_tensor(v) for v in data]).to(inferred)
        else:
            t = torch.tensor(data, dtype=inferred, device=device)  # torch: the Tensor's own data, construction
        return t if tdtype is None else t.to(tdtype)
    raise TypeError(f"For 'Tensor', the type of 'input_data' should be one of '{_INPUT_TYPES}', "
                    f"but got type '{type(input_data).__name__}'.")


class Tensor:
    """A MindSpore tensor backed by a ``torch.Tensor``.

    Args:
        input_data: a NumPy array, a (nested) list or tuple, a Python number or bool,
            another Tensor, or a ``torch.Tensor`` (shared, not copied).
        dtype: a MindSpore dtype such as ``sporetorch.float32``. Default: inferred
            (Python int → Int64, float → Float32, bool → Bool; NumPy keeps its dtype).
        shape: with ``init``, the shape of a lazily initialised tensor.
        init: an ``Initializer`` (or its name); the data is created by ``init_data()``.

    Differences from PyTorch: ``size`` is the element count (a property), ``shape`` is
    a tuple, reductions take ``axis``/``keep_dims``, and ``transpose`` takes a full
    permutation. Use ``to_torch()`` to get the underlying ``torch.Tensor``.
    """

    __slots__ = ("_t", "__weakref__")

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, internal=False,
                 const_arg=False, device=None):
        if init is None and input_data is None and shape is not None \
                and any(s is None or s == -1 for s in shape):
            self._t = _placeholder.dynamic_placeholder(self, shape, dtype)
            return
        if dtype is not None and not (isinstance(dtype, mstype.Type) and dtype._torch is not None):
            raise TypeError(f"For 'Tensor', the 'dtype' should be one of {list(mstype._ALL)}, but got {dtype!r}.")
        if input_data is not None and shape is not None:
            raise ValueError("When initializing a tensor with 'input_data', 'shape' should be set to None."
                             f"But got shape: {shape}.")
        if input_data is None and (init is not None or shape is not None):
            from .initializer import _tensor_init_data
            self._t = _tensor_init_data(init, shape, dtype)
            return
        t = _to_torch_data(input_data, dtype)
        if device is not None:
            t = t.to(_device_from_name(device))
        self._t = t

    # ------------------------------------------------------------------ interop
    @staticmethod
    def from_torch(t):
        """Wrap a ``torch.Tensor`` without copying."""
        if not isinstance(t, torch.Tensor):
            raise TypeError(f"Tensor.from_torch expects a torch.Tensor, but got {type(t).__name__}")
        return _wrap(t)

    def to_torch(self):
        """Return the underlying ``torch.Tensor`` (no copy)."""
        return self._t

    @staticmethod
    def from_numpy(array):
        """Create a Tensor sharing memory with a NumPy array (``mindspore.Tensor.from_numpy``)."""
        # shares the array's memory (the NumPy boundary); a 0-d array keeps its shape ``[]``
        # (``ascontiguousarray`` returns at least 1-d)
        contiguous = np.ascontiguousarray(array)
        if isinstance(array, np.ndarray) and array.ndim == 0:
            contiguous = contiguous.reshape(())
        return _wrap(_unwrap(contiguous))

    def __dlpack__(self, stream=None):
        return self._t.__dlpack__(stream) if stream is not None else self._t.__dlpack__()

    def __dlpack_device__(self):
        return self._t.__dlpack_device__()

    def asnumpy(self):
        """Return the data as a NumPy array; on CPU it shares memory with the tensor."""
        t = self._t
        if type(t) is _Uninitialized:
            t = self.init_data()._t
        if t.requires_grad:
            t = t.detach()
        if t.dtype == torch.bfloat16:
            raise TypeError("For 'asnumpy', BFloat16 has no NumPy type; cast with astype(mindspore.float32) first")
        return t.cpu().numpy() if t.device.type != "cpu" else t.numpy()

    def numpy(self):
        return self.asnumpy()

    def __array__(self, dtype=None, copy=None):
        a = self.asnumpy()
        return a if dtype is None else a.astype(dtype)

    # ------------------------------------------------------------------ properties
    @property
    def shape(self):
        return tuple(self._t.shape)

    @property
    def dtype(self):
        return _from_torch_dtype(self._t.dtype)

    @property
    def ndim(self):
        return self._t.dim()

    @property
    def size(self):
        return self._t.numel()

    @property
    def itemsize(self):
        return self._t.element_size()

    @property
    def nbytes(self):
        return self._t.numel() * self._t.element_size()

    @property
    def strides(self):
        es = self._t.element_size()
        return tuple(s * es for s in self._t.stride())

    @property
    def T(self):
        return _wrap(self._t.permute(tuple(range(self._t.dim() - 1, -1, -1))))

    @property
    def device(self):
        return "GPU" if self._t.is_cuda else "CPU"

    def dim(self):
        return self._t.dim()

    def numel(self):
        return self._t.numel()

    def nelement(self):
        return self._t.numel()

    def is_contiguous(self):
        return self._t.is_contiguous()

    def contiguous(self):
        return _wrap(self._t.contiguous())

    def is_floating_point(self):
        return self._t.is_floating_point()

    @property
    def has_init(self):
        """Whether the data still waits for ``init_data()`` (a tensor made by ``initializer``)."""
        return type(self._t) is _Uninitialized

    @property
    def init(self):
        """The initialiser that ``init_data()`` will run, or None."""
        return self._t._lazy_init if type(self._t) is _Uninitialized else None

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None):
        """Create the data of a lazily initialised tensor (``initializer``/``Tensor(init=...)``)
        and return ``self``. As in MindSpore it can be called once; a tensor that has data
        raises TypeError."""
        t = self._t
        if type(t) is not _Uninitialized:
            raise TypeError("init_data must be set Tensor.init, init can't be None")
        self._t = _materialized(t)
        return self

    # ------------------------------------------------------------------ conversion
    def astype(self, dtype, copy=True):
        """Cast to ``dtype`` (a MindSpore dtype, a NumPy dtype or a type name)."""
        return _wrap(self._t.to(mstype.to_torch(dtype)))

    def float(self):
        return _wrap(self._t.float())

    def half(self):
        return _wrap(self._t.half())

    def int(self):
        return _wrap(self._t.int())

    def long(self):
        return _wrap(self._t.long())

    def bool(self):
        return _wrap(self._t.bool())

    def double(self):
        return _wrap(self._t.double())

    def item(self, index=None):
        """Return the value of a one-element tensor as a Python number."""
        t = _readable(self._t)
        if index is not None:
            return t.reshape(-1)[index].item() if isinstance(index, int) else t[index].item()
        if t.numel() != 1:
            raise ValueError(f"For 'Tensor.item', the tensor must have exactly one element, "
                             f"but got shape {self.shape}")
        return t.item()

    def tolist(self):
        return _readable(self._t).tolist()

    def copy(self):
        return _wrap(self._t.clone())

    def clone(self):
        return _wrap(self._t.clone())

    def cpu(self):
        return _wrap(self._t.cpu())

    def __len__(self):
        if self._t.dim() == 0:
            raise TypeError("len() of unsized object: a 0-d Tensor has no length")
        return self._t.shape[0]

    def __bool__(self):
        if self._t.numel() != 1:
            raise ValueError(f"The truth value of a Tensor with {self._t.numel()} elements is ambiguous; "
                             "use .any() or .all()")
        return bool(self._t)

    def __int__(self):
        return int(self._t.item())

    def __float__(self):
        return float(self._t.item())

    def __index__(self):
        if self._t.is_floating_point() or self._t.numel() != 1:
            raise TypeError(f"only an integer Tensor with one element can be used as an index, "
                            f"got dtype {self.dtype} and shape {self.shape}")
        return int(self._t.item())

    def __complex__(self):
        return complex(self._t.item())

    __hash__ = object.__hash__

    # ------------------------------------------------------------------ indexing
    def __getitem__(self, index):
        if type(index) is int or type(index) is slice and not _has_negative_step(index):
            return _wrap(self._t[index])
        index = _unwrap_index(index)
        if _has_negative_step(index):
            return _wrap(torch.Tensor.__getitem__(*_flip_negative_steps(self._t, index)))
        return _wrap(self._t[index])

    def __iter__(self):
        if self._t.dim() == 0:
            raise TypeError("iteration over a 0-d Tensor")
        for i in range(self._t.shape[0]):
            yield _wrap(self._t[i])

    def __contains__(self, item):
        return bool((self._t == _unwrap(item)).any())

    # ------------------------------------------------------------------ printing
    def __repr__(self):
        from ._tensor_format import tensor_repr
        return tensor_repr(self)

    def __str__(self):
        from ._tensor_format import tensor_str
        return tensor_str(self)

    def __format__(self, spec):
        if self._t.dim() == 0 and spec:
            return format(self._t.item(), spec)
        return str(self)

    # ------------------------------------------------------------------ operators
    # ``+``, ``-``, ``<``, ``==`` ... are bound by ``tensor_methods.operators``: each is its functional op in
    # ``ops`` (``Tensor.__add__`` is ``ops.function.math_func._add_ext``), which ``common`` may not import.

    # ------------------------------------------------------------------ pickling
    def __reduce__(self):
        return (_rebuild, (self.asnumpy() if self._t.dtype != torch.bfloat16 else self._t.float().numpy(),
                           str(self.dtype)))


def _readable(t):
    """``t``, or zeros for an uninitialised tensor (MindSpore reads its empty buffer as zeros)."""
    if type(t) is _Uninitialized:
        with torch._C.DisableTorchFunctionSubclass():
            # torch: the zeros MindSpore reads from an uninitialised buffer (construction)
            return torch.zeros(tuple(t.shape), dtype=t.dtype)
    return t


def _rebuild(array, dtype_name):
    return Tensor(array, dtype=mstype._NAME_TO_TYPE[dtype_name])


def _device_from_name(name):
    name = str(name)
    if name.upper().startswith("CPU"):
        return torch.device("cpu")
    if name.upper().startswith(("GPU", "CUDA")):
        return torch.device("cuda")
    return torch.device(name)


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """Create a Tensor (``mindspore.tensor``)."""
    return Tensor(input_data, dtype, shape, init, const_arg=const_arg, device=device)


def is_tensor(obj):
    """Return whether ``obj`` is a sporetorch Tensor (``mindspore.is_tensor``)."""
    return isinstance(obj, Tensor)


def from_numpy(array):
    """Create a Tensor sharing memory with ``array`` (``mindspore.from_numpy``)."""
    return Tensor.from_numpy(array)


def from_dlpack(dlpack):
    """Create a Tensor from a DLPack capsule or an object with ``__dlpack__``."""
    return _wrap(torch.from_dlpack(dlpack))  # torch: DLPack interop (shares memory), construction


def to_dlpack(tensor):
    """Return a DLPack capsule sharing ``tensor``'s memory."""
    return torch.utils.dlpack.to_dlpack(tensor._t)


# ------------------------------------------------------------ MindSpore 2.10's Tensor-construction checks
# The dtypes MindSpore 2.10's number_type holds (Ascend storage types included), for its messages.
_MS_NUMBER_TYPES = mstype.number_type + (mstype.qint4x2, mstype.float8_e4m3fn, mstype.float8_e5m2,
                                         mstype.hifloat8)
np_types = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float16,
            np.float32, np.float64, np.bool_, np.complex64, np.complex128)
_MS_DTYPE_NAMES = ['bool_', 'int8', 'byte', 'int16', 'short', 'int32', 'intc', 'int64', 'long', 'intp', 'uint8',
                   'ubyte', 'uint16', 'ushort', 'uint32', 'uintc', 'uint64', 'uintp', 'float16', 'half', 'float32',
                   'single', 'float64', 'double', 'complex64', 'cfloat', 'complex128', 'cdouble', 'qint4x2',
                   'bfloat16', 'float8_e4m3fn', 'float8_e5m2', 'hifloat8', 'int_', 'uint', 'float_', 'list_',
                   'tuple_', 'string', 'number', 'tensor_type', 'type_none', '_null', 'TensorType', 'Type', 'Int']


def _check_astype_and_convert(dtype):
    """The MindSpore dtype ``Tensor.astype`` converts to, from a dtype, a dtype-name string or a Python/NumPy
    type; TypeError for anything else."""
    all_types = _MS_DTYPE_NAMES + ["int", "float", "bool"]
    if isinstance(dtype, str):
        if dtype.lower() not in all_types:
            raise TypeError(f"For Tensor.astype, the string input type must be one of {all_types}, "
                            f"but got '{dtype}'.")
        return mstype._pytype_to_dtype(np.dtype(dtype.lower()))
    if isinstance(dtype, type):
        return mstype._pytype_to_dtype(dtype)
    if dtype not in _MS_NUMBER_TYPES + (mstype.bool_,):
        raise TypeError(f"For Tensor.astype, the input type must be one of "
                        f"{list(_MS_NUMBER_TYPES + (mstype.bool_,) + np_types)}, but got '{dtype}'.")
    return dtype


def _check_device(device):
    """``device`` must be None, 'CPU' or 'meta' (ValueError otherwise)."""
    if device is not None and device not in {"CPU", "meta"}:
        raise ValueError(f"Only {'CPU', 'meta'} is supported for device, but got {device}.")


def _check_slot_layout(t1_slots, t2_slots):
    """Two tensors swap only when their classes declare the same slots."""
    if t1_slots != t2_slots:
        raise RuntimeError(f"Cannot swap t1 and t2 if they have different slots. "
                           f"t1 slots: {t1_slots}, t2 slots: {t2_slots}")


def _ensure_no_weakrefs(tensor_obj, arg_name):
    """A tensor that weak references point at cannot be swapped."""
    import weakref
    if weakref.getweakrefs(tensor_obj):
        raise RuntimeError(f"Cannot swap {arg_name} because it has weakref associated with it")


def _exchange_optional_attr(left, right, attr_name):
    """Swap the attribute ``attr_name`` of two objects, also when only one of them has it."""
    missing = object()
    left_value, right_value = getattr(left, attr_name, missing), getattr(right, attr_name, missing)
    for obj, value in ((left, right_value), (right, left_value)):
        if value is missing:
            if hasattr(obj, attr_name):
                delattr(obj, attr_name)
        else:
            setattr(obj, attr_name, value)


def _tensor_slot_names(tensor_obj):
    """The slot names declared by the classes of ``tensor_obj``."""
    import copyreg
    return set(copyreg._slotnames(tensor_obj.__class__) or ())


def _convert_numpy_array(input_data):
    """A NumPy scalar as a 0-d array; anything else unchanged."""
    if not isinstance(input_data, np_types):
        return input_data
    return np.array(input_data)


def _set_default_dtype(input_data, dtype):
    """The default dtype of a Tensor built from Python data: float32 for float data, int64 for int data,
    else ``dtype``."""
    if isinstance(input_data, (float, list, tuple)) and np.array(input_data).dtype == np.float64:
        return mstype.float32
    if isinstance(input_data, (int, list, tuple)) and np.array(input_data).dtype in (np.int32, np.int64):
        return mstype.int64
    return dtype


def _set_dtype(input_data, dtype):
    """Check a given ``dtype`` (a number type, bool or string), or pick the default for ``input_data``."""
    if dtype is not None:
        allowed = _MS_NUMBER_TYPES + (mstype.bool_, mstype.string)
        if dtype not in allowed:
            raise TypeError(f"For 'Tensor', the 'dtype' should be one of {list(allowed)}, but got '{dtype}'.")
        return dtype
    return _set_default_dtype(input_data, dtype)


def _set_symbolic_shape(shape):
    """``(shape, symbolic_shape)``: Symbol entries of ``shape`` become None, their dicts the symbolic shape."""
    from .symbol import Symbol
    if shape is None:
        return None, None
    if isinstance(shape, numbers.Number):
        return (shape,), None
    if isinstance(shape, Symbol):
        return (None,), [shape]
    if isinstance(shape, (list, tuple)) and any(isinstance(s, Symbol) for s in shape):
        symbolic_shape = [item.to_dict() if isinstance(item, Symbol) else item for item in shape]
        plain = [None if isinstance(item, Symbol) else item for item in shape]
        return (plain if isinstance(shape, list) else tuple(plain)), symbolic_shape
    return shape, None


def _check_tensor_dynamic_shape(dtype=None, shape=None, init=None):
    """``shape`` with None dimensions as -1; a dynamic shape needs a dtype and no ``init`` (ValueError)."""
    from ._utils import is_shape_unknown
    shape_list = [-1 if i is None else i for i in shape]
    if shape_list:
        shape = tuple(shape_list) if isinstance(shape, tuple) else shape_list if isinstance(shape, list) else shape
    if is_shape_unknown(shape) and (dtype is None or init is not None):
        raise ValueError("If setting dynamic shape, dtype must not be None, init must be None")
    return shape


def _vm_compare(*args):
    """Evaluate the Tensor operator named by the last argument on NumPy copies (MindSpore's test-stub path):
    ``(t, "shape")``, ``(t, index, value, "_tensor_setitem")``, ``(t, index, "_tensor_getitem")``, a unary
    method ``(t, "__neg__")``, or a binary dunder with the Tensor on either side."""
    if not args:
        raise ValueError("_vm_compare does not receive any input.")
    obj_str = args[-1]

    def np_of(v):
        return v.asnumpy() if isinstance(v, Tensor) else v
    if obj_str == "shape":
        return args[0].asnumpy().shape
    if obj_str in ("_tensor_setitem", "_tensor_setitem_origin"):
        args[0].asnumpy().__setitem__(np_of(args[1]), np_of(args[2]))
        return args[0]
    if obj_str in ("_tensor_getitem", "_tensor_getitem_origin"):
        return Tensor(np.array(args[0].asnumpy()[np_of(args[1])]))
    if len(args) == 2:
        return Tensor(getattr(args[0].asnumpy(), obj_str)())
    if isinstance(args[0], Tensor):
        return Tensor(np.array(getattr(args[0].asnumpy(), obj_str)(np_of(args[1]))))
    return Tensor(np.array(getattr(args[1].asnumpy(), "__r" + obj_str[2:])(args[0])))
