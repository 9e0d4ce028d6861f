"""Turning OpInfo samples (``opinfo.py``) into call arguments and comparing the results, for the
twins of the functional ops: Primitive classes (``test_primitives.py``) and Tensor methods
(``tests/common/test_tensor_methods.py``)."""
import numpy as np
import torch

from sporetorch import Tensor
from sporetorch.common.tensor import _wrap

from opinfo import Seq


def make(arg, dtype, gen):
    """Placeholders -> torch tensors (anything else unchanged)."""
    if hasattr(arg, "make"):
        return arg.make(dtype, gen)
    if isinstance(arg, Seq):
        items = [make(a, dtype, gen) for a in arg.items]
        return tuple(items) if arg.as_tuple else items
    if isinstance(arg, tuple):
        return tuple(make(a, dtype, gen) for a in arg)
    return arg


def ours(arg):
    """torch tensors -> fresh sporetorch Tensors (the reference keeps its own copies)."""
    if isinstance(arg, torch.Tensor):
        return _wrap(arg.clone())
    if isinstance(arg, (list, tuple)):
        return type(arg)(ours(a) for a in arg)
    return arg


def ref_arg(arg, kind):
    """torch tensors -> copies for a ``"torch"`` or ``"numpy"`` reference."""
    if isinstance(arg, torch.Tensor):
        return arg.clone() if kind == "torch" else arg.numpy().copy()
    if isinstance(arg, (list, tuple)) and not all(isinstance(a, (int, float)) for a in arg):
        return type(arg)(ref_arg(a, kind) for a in arg)
    return arg


def leaves(out):
    """Flatten an op result (Tensor, tuple, scalar) to a list of numpy arrays."""
    if isinstance(out, (tuple, list)) and not (out and all(isinstance(v, (int, float)) for v in out)):
        return [leaf for v in out for leaf in leaves(v)]
    if isinstance(out, Tensor):
        return [out.asnumpy()]
    if isinstance(out, torch.Tensor):
        return [out.detach().numpy()]
    return [np.asarray(out)]


def assert_leaves_close(got, want, info, name):
    """Compare flattened results with an OpInfo entry's tolerances (float32 gets 1e-3 more)."""
    assert len(got) == len(want)
    for g, w in zip(got, want):
        w = np.asarray(w)
        assert g.shape == w.shape
        tol = 1e-3 if np.float32 in (g.dtype, w.dtype) else 0
        np.testing.assert_allclose(g.astype(w.dtype) if w.dtype != bool else g, w,
                                   rtol=info.rtol + tol, atol=info.atol + tol, err_msg=name)
