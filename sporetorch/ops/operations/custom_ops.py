"""Registration helpers of MindSpore's custom operators (``ops.kernel``, ``CustomRegOp``, ...).

``ops.Custom`` runs Python functions here, so kernel registration information has nothing
to configure: the helpers accept MindSpore's calls and return what user code expects.
"""

import torch

from ...common.tensor import Tensor, _wrap
from ..primitive import Primitive, prim_attr_register

__all__ = ["kernel", "ms_kernel", "custom_info_register", "CustomRegOp", "DataType"]


def kernel(fn=None, reg_info=None, compile_attrs=None):
    """Mark a Python function as a custom-op kernel (``@ops.kernel``); it runs as written."""
    if fn is None:
        return lambda f: f
    return fn


ms_kernel = kernel


def custom_info_register(*reg_info):
    """Attach registration information to a kernel function; the function is returned unchanged."""
    def deco(fn):
        fn.reg_info = list(reg_info)
        return fn
    return deco


class CustomRegOp:
    """Builder of a custom operator's registration information (inputs, outputs, formats, attributes).

    Every method records its arguments and returns the builder; ``get_op_info()`` gives the record.
    """

    def __init__(self, op_name="Custom"):
        self.op_name = op_name
        self.info = {"op_name": op_name, "inputs": [], "outputs": [], "dtype_format": [], "attrs": [],
                     "target": None}

    def input(self, index=None, name=None, param_type="required", **kwargs):
        self.info["inputs"].append({"index": index, "name": name, "param_type": param_type, **kwargs})
        return self

    def output(self, index=None, name=None, param_type="required", **kwargs):
        self.info["outputs"].append({"index": index, "name": name, "param_type": param_type, **kwargs})
        return self

    def dtype_format(self, *args):
        self.info["dtype_format"].append(args)
        return self

    def attr(self, name=None, param_type=None, value_type=None, default_value=None, **kwargs):
        self.info["attrs"].append({"name": name, "param_type": param_type, "value_type": value_type,
                                   "default_value": default_value, **kwargs})
        return self

    def target(self, target=None):
        self.info["target"] = target
        return self

    def get_op_info(self):
        return self.info


class DataType:
    """Names of (dtype, format) pairs used in ``CustomRegOp.dtype_format``."""

    def __init__(self, *args, **kwargs):
        raise TypeError("DataType is a namespace of (dtype, format) pairs; use DataType.F32_Default, ...")

    None_None = ("", "")
    BOOL_Default = ("bool", "DefaultFormat")
    I8_Default = ("int8", "DefaultFormat")
    I16_Default = ("int16", "DefaultFormat")
    I32_Default = ("int32", "DefaultFormat")
    I64_Default = ("int64", "DefaultFormat")
    U8_Default = ("uint8", "DefaultFormat")
    F16_Default = ("float16", "DefaultFormat")
    F32_Default = ("float32", "DefaultFormat")
    F64_Default = ("float64", "DefaultFormat")
    BF16_Default = ("bfloat16", "DefaultFormat")


class _CustomFunction(torch.autograd.Function):
    """Runs a Custom op's ``func`` forward and its ``bprop(*inputs, out, dout)`` backward."""

    @staticmethod
    def forward(ctx, prim, *inputs):
        ctx.prim = prim
        ctx.save_for_backward(*inputs)
        with torch.no_grad():
            out = prim._forward([_wrap(t) for t in inputs])
        ctx.out = out
        return out._t if isinstance(out, Tensor) else tuple(o._t for o in out)

    @staticmethod
    def backward(ctx, *douts):
        inputs = [_wrap(t) for t in ctx.saved_tensors]
        dout = _wrap(douts[0]) if len(douts) == 1 else tuple(_wrap(d) for d in douts)
        grads = ctx.prim.bprop(*inputs, ctx.out, dout)
        return (None,) + tuple(None if g is None else g._t for g in grads)


class Custom(Primitive):
    """A user operator from a Python function.

    ``func_type='pyfunc'`` calls ``func`` on NumPy arrays and wraps the result with ``out_dtype``;
    any other type calls ``func`` on Tensors (the function is then traced by torch like any
    composition of ops). With ``bprop(*inputs, out, dout)`` the gradient comes from ``bprop``.
    AOT/AKG/TBE kernel sources are not supported: ``func`` must be a Python callable.
    """

    @prim_attr_register
    def __init__(self, func, out_shape=None, out_dtype=None, func_type="pyfunc", bprop=None, reg_info=None):
        if not callable(func):
            raise TypeError(f"For 'Custom', the 'func' must be a Python callable on this backend, but got {func!r}")

    def _forward(self, inputs):
        if self.func_type == "pyfunc":
            out = self.func(*[x.asnumpy() for x in inputs])
            dtype = self.out_dtype
            if isinstance(out, tuple):
                dtypes = dtype if isinstance(dtype, (tuple, list)) else (dtype,) * len(out)
                return tuple(Tensor(o, d) for o, d in zip(out, dtypes))
            return Tensor(out, dtype)
        return self.func(*inputs)

    def __call__(self, *inputs):
        if self.bprop is None:
            return self._forward(list(inputs))
        out = _CustomFunction.apply(self, *[x._t for x in inputs])
        return _wrap(out) if isinstance(out, torch.Tensor) else tuple(_wrap(o) for o in out)

__all__ += ["Custom"]
