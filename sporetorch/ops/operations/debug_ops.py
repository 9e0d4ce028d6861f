"""Debugging Primitive classes (``mindspore.ops.operations.debug_ops``): assertions, gradient hooks, dumps."""

import numpy as np
import torch

from ...common import jit as _jit
from ...common.tensor import Tensor, _wrap
from ...common.tensor import _u
from ..function import debug_func
from ..primitive import Primitive, prim_attr_register

__all__ = []


class Assert(Primitive):
    """Raise ``ValueError`` with the first ``summarize`` values of ``input_data`` when ``condition`` is False."""

    @prim_attr_register
    def __init__(self, summarize=3):
        pass

    def __call__(self, condition, input_data):
        if not bool(_u(condition)):
            shown = [(_u(d).reshape(-1)[:self.summarize].tolist() if isinstance(d, Tensor) else d)
                     for d in input_data]
            raise ValueError(f"For 'Assert', the condition is False; data: {shown}")


class _GradientOf(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, f):
        ctx.f = f
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return ctx.f(_wrap(grad))._t, None


class InsertGradientOf(Primitive):
    """Identity in the forward pass; the gradient flowing back through it becomes ``f(gradient)``."""

    @prim_attr_register
    def __init__(self, f):
        pass

    def __call__(self, input_x):
        return _wrap(_GradientOf.apply(input_x._t, self.f))


class TensorDump(Primitive):
    """Save ``input_x`` as ``<file>_<dtype>_<id>.npy``, numbered with ``ops.tensordump``'s dumps.

    Args:
        input_output (str): ``"out"`` or ``"in"``; they name the same data on one device.

    Inputs:
        - **file** (str) - the path and name of the file (a ``.npy`` ending is dropped).
        - **input_x** (Tensor) - the tensor to save.

    Outputs:
        None.
    """

    @prim_attr_register
    def __init__(self, input_output="out"):
        if input_output not in ("in", "out"):
            raise ValueError(f"The 'input_output' argument should be one of ['in', 'out'], but got: {input_output}")

    def __call__(self, file, input_x):
        if not isinstance(file, str):
            raise TypeError(f"For 'TensorDump', the type of 'file' should be 'str', but got type "
                            f"'{type(file).__name__}'.")
        return debug_func.tensordump(file, input_x, self.input_output)


class _DumpGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, path):
        ctx.path = path
        return x.view_as(x)

    @staticmethod
    def backward(ctx, dout):
        if not _jit.in_compiling_child():
            np.save(ctx.path, dout.detach().cpu().numpy())
        return dout, None


class DumpGradient(Primitive):
    """Identity on ``x`` whose backward saves the gradient that reaches ``x`` to the ``.npy`` file ``path``.

    Inputs:
        - **path** (str) - the file.
        - **x** (Tensor) - the input, returned unchanged.
        - **input_output** (str) - ``"in"`` or ``"out"``.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, path, x, input_output):
        if input_output not in ("in", "out"):
            raise ValueError(f"For 'DumpGradient', the 'input_output' must be 'in' or 'out', but got "
                             f"{input_output!r}")
        t = x._t
        return _wrap(_DumpGrad.apply(t, path) if t.requires_grad else t)

__all__ += ["Assert", "DumpGradient", "InsertGradientOf", "TensorDump"]


# The summary tensors recorded by _cache_summary_data ([op_name, define_name, tensor] each).
SUMMARY_TENSOR_CACHE = []


def _cache_summary_data(op_name, define_name, tensor):
    """Record a summary tensor in ``SUMMARY_TENSOR_CACHE``."""
    SUMMARY_TENSOR_CACHE.append([op_name, define_name, tensor])


def _check_summary_param(name, value, class_name):
    """A summary operator's inputs as abstract values (``{'dtype', 'value'}``): ``name`` a non-empty string,
    ``value`` a Tensor."""
    from ... import _checkparam as validator
    from ...common import dtype as mstype
    validator.check_value_type("name", name["dtype"], [type(mstype.string)], class_name)
    if not name["value"]:
        raise ValueError(f"For '{class_name}', the name must be valid string, but got '{name['value']}'.")
    # a Tensor's type: MindSpore's compiler passes a TensorType, sporetorch the element dtype
    validator.check_value_type("value", value["dtype"], [type(mstype.tensor_type), mstype.Number], class_name)
