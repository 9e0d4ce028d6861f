"""Runs every entry of the OpInfo table (tests/ops/opinfo.py) through ``sporetorch.ops``:
values against the entry's reference, output dtype and shape, and numerical gradients
(``torch.autograd.gradcheck`` on float64 through the wrapper) for differentiable ops."""
import zlib

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import ops
from sporetorch.common.tensor import Tensor, _wrap
import sporetorch.ops.function as function

from opinfo import OPS
from opinfo_samples import make, ref_arg

_MS_DTYPE = {"INT32": ms.int32, "INT64": ms.int64, "FLOAT16": ms.float16}


def _to_ours(arg):
    if isinstance(arg, torch.Tensor):
        return _wrap(arg)
    if isinstance(arg, list):
        return [_to_ours(a) for a in arg]
    if isinstance(arg, tuple):
        return tuple(_to_ours(a) for a in arg)
    if isinstance(arg, dict):
        return {k: _to_ours(v) for k, v in arg.items()}
    if isinstance(arg, str) and arg in _MS_DTYPE:
        return _MS_DTYPE[arg]
    return arg


def _leaves(out):
    """Flatten an op result (Tensor, tuple, scalar) to a list of numpy arrays."""
    if isinstance(out, tuple) or isinstance(out, list) and not all(isinstance(v, (int, float)) for v in out):
        return [leaf for v in out for leaf in _leaves(v)]
    if isinstance(out, Tensor):
        return [out.asnumpy()]
    if isinstance(out, torch.Tensor):
        return [out.detach().resolve_conj().numpy()]
    return [np.asarray(out)]


def _samples(op, dtype_name):
    gen = torch.Generator().manual_seed(zlib.crc32(f"{op.name}/{dtype_name}".encode()))
    dtype = getattr(torch, dtype_name)
    for s in op.samples:
        yield make(s.args, dtype, gen), {k: make(v, dtype, gen) for k, v in s.kwargs.items()}


def _cases():
    for op in OPS:
        if not op.functional:
            continue
        for dtype in op.dtypes:
            yield pytest.param(op, dtype, id=f"{op.name}-{dtype}")


@pytest.mark.parametrize("op,dtype", list(_cases()))
def test_op_values_dtype_shape(op, dtype):
    fn = getattr(ops, op.name)
    torch.manual_seed(zlib.crc32(op.name.encode()))  # ops without a seed draw from the global generator
    for args, kwargs in _samples(op, dtype):
        if op.ref_kind in ("numpy", "torch"):
            # the reference runs first: ops such as assign update their inputs in place
            ref_args = ref_arg(args, op.ref_kind)
            ref_kwargs = {k: ref_arg(v, op.ref_kind) for k, v in kwargs.items()}
            want = _leaves(op.ref(*ref_args, **ref_kwargs))
        ours = fn(*_to_ours(args), **_to_ours(kwargs))
        got = _leaves(ours) if not isinstance(ours, ms.dtype.Type) else []
        if op.out_dtype is not None:
            want_dtypes = op.out_dtype if isinstance(op.out_dtype, tuple) else (op.out_dtype,)
            outs = ours if isinstance(ours, tuple) else (ours,)
            assert tuple(str(o.dtype) for o in outs[:len(want_dtypes)]) == want_dtypes, op.name
        if op.ref_kind == "property":
            for g in got:
                if g.dtype == object:
                    continue
                assert g.size == 0 or np.all(np.isfinite(g.astype(np.float64).real)) or g.dtype == bool, op.name
            continue
        if op.ref_kind == "mindspore":
            want = op.ref
        if op.name == "interpolate":
            got = [got[0][0, 0, 0]]
        assert len(got) == len(want), f"{op.name}: {len(got)} outputs, reference has {len(want)}"
        for g, w in zip(got, want):
            w = np.asarray(w)
            assert g.shape == w.shape, f"{op.name}: shape {g.shape} != reference {w.shape}"
            if op.check_dtype and op.out_dtype is None and w.dtype != object:
                assert g.dtype == w.dtype, f"{op.name}: dtype {g.dtype} != reference {w.dtype}"
            tol = 1e-3 if g.dtype == np.float32 or w.dtype == np.float32 else 0
            np.testing.assert_allclose(g.astype(w.dtype) if w.dtype != bool else g, w,
                                       rtol=op.rtol + tol, atol=op.atol + tol, err_msg=op.name)


def _grad_cases():
    for op in OPS:
        if op.differentiable and op.functional:
            yield pytest.param(op, id=op.name)


@pytest.mark.parametrize("op", list(_grad_cases()))
def test_op_gradients(op):
    fn = getattr(ops, op.name)
    gen = torch.Generator().manual_seed(zlib.crc32(op.name.encode()))
    sample = op.samples[op.grad_sample]
    args = make(sample.args, torch.float64, gen)
    kwargs = {k: make(v, torch.float64, gen) for k, v in sample.kwargs.items()}
    leaves = []

    def collect(a):
        if isinstance(a, torch.Tensor) and a.is_floating_point():
            leaves.append(a.requires_grad_(True))
        elif isinstance(a, (list, tuple)):
            for v in a:
                collect(v)
    collect(args if op.grad_args is None else tuple(args[i] for i in op.grad_args))
    assert leaves, f"{op.name}: no float64 input to differentiate"

    def run(*_):
        out = fn(*_to_ours(args), **_to_ours(kwargs))
        outs = out if isinstance(out, tuple) else (out,)
        return tuple(o._t for o in outs if o._t.is_floating_point())

    assert torch.autograd.gradcheck(run, tuple(leaves), eps=1e-6, atol=1e-4, rtol=1e-3)


def test_every_functional_op_has_an_entry():
    names = {op.name for op in OPS}
    missing = [n for n in function.__all__ if n not in names]
    assert not missing, f"functional ops without an OpInfo entry: {missing}"
