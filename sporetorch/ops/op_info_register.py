"""Kernel-registration helpers for custom operators: ``op_info_register``, the ``*RegOp`` builders,
``CustomOpBuilder``, ``prim_arg_register`` and ``DtypeToEnum``.

MindSpore uses the op information to pick a compiled kernel (CPU, AiCPU, TBE, AKG) for an operator.
sporetorch runs every operator through torch, so the builders produce the same op-information dict
(``get_op_info()``) and ``op_info_register`` records it and returns the function unchanged: code that
declares kernels at import time still loads. ``CustomOpBuilder`` compiles C++ sources against
MindSpore's own C++ API, which does not exist here, and says so when asked to build.
"""
import functools

from ..common import dtype as mstype
from .primitive import Primitive, prim_attr_register

__all__ = ["op_info_register", "CpuRegOp", "AiCPURegOp", "TBERegOp", "AkgGpuRegOp", "AkgAscendRegOp",
           "CustomOpBuilder", "prim_arg_register", "DtypeToEnum"]

registered_op_info = []


def op_info_register(op_info):
    """A decorator that records ``op_info`` (a dict or a JSON string) and returns the function unchanged."""
    def register_decorator(func):
        registered_op_info.append(op_info)

        @functools.wraps(func)
        def wrapped_function(*args, **kwargs):
            return func(*args, **kwargs)
        return wrapped_function
    return register_decorator


class _RegOp:
    """The op-information builder shared by the ``*RegOp`` classes; every setter returns the builder."""

    imply_type = ""
    _SETTERS = ()

    def __init__(self, op_name):
        if not isinstance(op_name, str):
            raise TypeError(f"op_name must be str, but got {type(op_name).__name__}")
        self.op_name = op_name
        self.inputs, self.outputs, self.attr_, self.dtype_format_ = [], [], [], []
        self.fusion_type_ = ""
        self.extra = {}

    def _io(self, seq, index, name, param_type, kwargs):
        entry = {"index": index, "name": name}
        if param_type is not None:
            entry["paramType"] = param_type
        entry.update(kwargs)
        seq.append(entry)
        return self

    def input(self, index=None, name=None, param_type=None, **kwargs):
        """Declare input ``index`` named ``name`` (``param_type``: ``'required'``, ``'optional'``, ``'dynamic'``)."""
        return self._io(self.inputs, index, name, param_type, kwargs)

    def output(self, index=None, name=None, param_type=None, **kwargs):
        """Declare output ``index`` named ``name``."""
        return self._io(self.outputs, index, name, param_type, kwargs)

    def attr(self, name=None, param_type=None, value_type=None, default_value=None, **kwargs):
        """Declare an attribute of the operator."""
        entry = {"name": name, "paramType": param_type, "type": value_type}
        if default_value is not None:
            entry["defaultValue"] = default_value
        entry.update(kwargs)
        self.attr_.append(entry)
        return self

    def dtype_format(self, *args):
        """Declare one supported combination of (dtype, format) pairs, one per input and output."""
        self.dtype_format_.append(tuple(args))
        return self

    def fusion_type(self, fusion_type):
        """Set the fusion type (``'OPAQUE'``, ``'ELEMWISE'``, ...)."""
        self.fusion_type_ = fusion_type
        return self

    def __getattr__(self, name):
        # the backend-specific setters (TBE's kernel_name, async_flag, ...) record their value
        if name in type(self)._SETTERS:
            def setter(value=True):
                self.extra[name] = value
                return self
            return setter
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def get_op_info(self):
        """The op information as a dict, in MindSpore's layout."""
        info = {"op_name": self.op_name, "inputs": self.inputs, "outputs": self.outputs, "attr": self.attr_,
                "fusion_type": self.fusion_type_, "dtype_format": self.dtype_format_, "imply_type": self.imply_type}
        info.update(self.extra)
        return info


class CpuRegOp(_RegOp):
    """Op information of a CPU kernel."""

    imply_type = "CPU"


class AiCPURegOp(_RegOp):
    """Op information of an AiCPU (Ascend) kernel."""

    imply_type = "AiCPU"


class TBERegOp(_RegOp):
    """Op information of a TBE (Ascend) kernel."""

    imply_type = "TBE"
    _SETTERS = ("async_flag", "binfile_name", "compute_cost", "kernel_name", "partial_flag", "reshape_type",
                "dynamic_shape", "dynamic_compile_static", "dynamic_rank_support", "need_check_supported",
                "is_dynamic_format", "op_pattern", "real_input_index", "input_to_attr_index",
                "unknown_shape_formats")


class AkgGpuRegOp(_RegOp):
    """Op information of an AKG kernel for GPU."""

    imply_type = "AKG"

    def get_op_info(self):
        return {**super().get_op_info(), "processor": "cuda"}


class AkgAscendRegOp(_RegOp):
    """Op information of an AKG kernel for Ascend."""

    imply_type = "AKG"

    def get_op_info(self):
        return {**super().get_op_info(), "processor": "aicore"}


class CustomOpBuilder:
    """Build a C++ custom operator written against MindSpore's C++ API (``ms::pynative``).

    Differences from MindSpore: that API is MindSpore's own; sporetorch keeps the arguments and raises
    NotImplementedError in ``build``/``load``. Write the operator with ``ops.Custom`` and a Python function, or
    as a torch C++ extension called through ``Tensor.from_torch``/``to_torch``.
    """

    def __init__(self, name, sources, backend=None, include_paths=None, cflags=None, ldflags=None, **kwargs):
        self.name, self.sources, self.backend = name, sources, backend
        self.include_paths, self.cflags, self.ldflags, self.kwargs = include_paths, cflags, ldflags, kwargs

    def build(self):
        raise NotImplementedError(f"CustomOpBuilder('{self.name}') compiles C++ against MindSpore's C++ API, which "
                                  "sporetorch (on PyTorch) does not have; write the operator with ops.Custom and a "
                                  "Python function, or as a torch C++ extension.")

    def load(self):
        return self.build()


def prim_arg_register(fn):
    """Decorator for a Primitive ``__init__`` that records its arguments (defaults included) as attributes."""
    return prim_attr_register(fn)


_TYPE_IDS = {"Bool": 30, "Int8": 32, "Int16": 33, "Int32": 34, "Int64": 35, "UInt8": 37, "UInt16": 38,
             "UInt32": 39, "UInt64": 40, "Float16": 42, "Float32": 43, "Float64": 44, "BFloat16": 45,
             "Complex64": 51, "Complex128": 52}


class DtypeToEnum(Primitive):
    """MindSpore's type id of a dtype: ``DtypeToEnum()(op_name, arg_name, dtype)`` (Float32 → 43, the ids of
    MindSpore 2.10)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, op_name, arg_name, dtype):
        if not isinstance(dtype, mstype.Type) or str(dtype) not in _TYPE_IDS:
            raise TypeError(f"For '{op_name}', the input '{arg_name}' should be mindspore dtype, but got {dtype}.")
        return _TYPE_IDS[str(dtype)]


def _ms_pyfunc(infer_func):
    """Decorator turning a Python function into a Primitive (``infer_func`` gives MindSpore's graph compiler the
    output shapes and dtypes; eager calls just run the function)."""
    def deco(fn):
        name = getattr(fn, "__name__", "PyFunc")
        prim = type(name, (Primitive,), {"__call__": staticmethod(fn)})()
        prim.infer_func = infer_func
        return prim
    return deco
