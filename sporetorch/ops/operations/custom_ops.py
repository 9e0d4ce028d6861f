"""Registration helpers of MindSpore's custom operators (``ops.kernel``, ``CustomRegOp``, ...).

``ops.Custom`` runs Python functions here, so kernel registration information has nothing
to configure: the helpers accept MindSpore's calls and return what user code expects.
"""

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
