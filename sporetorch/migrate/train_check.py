"""``translate --check`` for training scripts: the torch script and its translation run for N steps
from the same initial weights, and their losses are compared step by step.

- The torch script runs in this process; its model is the first module called at top level, and
  its initial ``state_dict`` is kept; ``Tensor.backward`` records each loss.
- The translation runs in this process with ``mindspore`` aliased to sporetorch. When the grad
  function built by ``value_and_grad(fn, None, weights)`` is first called, the Cell owning
  ``weights`` gets the torch initial weights through the weight map, and they are saved as a
  checkpoint; each call records its loss.
- With ``mindspore_python``, the translation also runs under real MindSpore, where the first grad
  call loads that checkpoint into ``weights`` by name.

The scripts must draw their data deterministically (NumPy with a seed, no shuffling), as the
standard script of the tests does; the weights are carried over, not the data.
"""
import gc
import json
import os
import runpy
import sys
import tempfile
import warnings

import torch

__all__ = ["check_training", "TrainingCheck"]


class _Stop(Exception):
    pass


class TrainingCheck:
    """Per-step losses of both runs: ``torch``, ``sporetorch``, ``mindspore`` (None when not run),
    with ``max_diff(name)`` and ``ok``."""

    def __init__(self, torch_losses, sp_losses, ms_losses, tol_sp, tol_ms, ms_version=None):
        self.torch, self.sporetorch, self.mindspore = torch_losses, sp_losses, ms_losses
        self.tol_sp, self.tol_ms, self.ms_version = tol_sp, tol_ms, ms_version

    def diffs(self, name):
        other = getattr(self, name)
        if other is None:
            return None
        return [abs(a - b) for a, b in zip(self.torch, other)] + [float("inf")] * abs(len(self.torch) - len(other))

    def max_diff(self, name):
        d = self.diffs(name)
        return None if d is None else max(d, default=0.0)

    @property
    def ok(self):
        ok = bool(self.torch) and self.max_diff("sporetorch") <= self.tol_sp
        if self.mindspore is not None:
            ok = ok and self.max_diff("mindspore") <= self.tol_ms
        return ok

    def __str__(self):
        head = ["step", "torch", "sporetorch", "|diff|"] + (["MindSpore", "|diff|"] if self.mindspore is not None else [])
        rows = []
        for i, t in enumerate(self.torch):
            row = [str(i), f"{t:.7f}"]
            for name in ("sporetorch", "mindspore"):
                other = getattr(self, name)
                if other is None:
                    continue
                row += [f"{other[i]:.7f}", f"{abs(other[i] - t):.2e}"] if i < len(other) else ["-", "-"]
            rows.append(row)
        widths = [max(len(r[k]) for r in [head] + rows) for k in range(len(head))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [head] + rows]
        lines.append(f"sporetorch: {len(self.sporetorch)} steps, max |loss diff| {self.max_diff('sporetorch'):.3g} "
                     f"(tolerance {self.tol_sp})")
        if self.mindspore is not None:
            lines.append(f"MindSpore {self.ms_version}: {len(self.mindspore)} steps, max |loss diff| "
                         f"{self.max_diff('mindspore'):.3g} (tolerance {self.tol_ms})")
        lines.append("losses agree" if self.ok else "losses DIFFER")
        return "\n".join(lines)


def _run(path):
    saved_argv, saved_cwd = sys.argv, os.getcwd()
    sys.argv = [path]
    os.chdir(os.path.dirname(os.path.abspath(path)) or ".")
    try:
        runpy.run_path(path, run_name="__main__")
    except _Stop:
        pass
    finally:
        sys.argv = saved_argv
        os.chdir(saved_cwd)


def _torch_run(path, steps):
    """Run the torch script; returns (the top-level model, its initial state_dict, losses)."""
    losses, seen = [], {}
    depth = [0]
    call, backward = torch.nn.Module.__call__, torch.Tensor.backward

    def module_call(self, *args, **kwargs):
        if depth[0] == 0 and "model" not in seen:
            seen["model"] = self
            seen["state"] = {k: v.detach().clone() for k, v in self.state_dict().items()}
        depth[0] += 1
        try:
            return call(self, *args, **kwargs)
        finally:
            depth[0] -= 1

    def record_backward(self, *args, **kwargs):
        if len(losses) == steps:
            raise _Stop
        losses.append(float(self.detach()))
        return backward(self, *args, **kwargs)

    torch.nn.Module.__call__, torch.Tensor.backward = module_call, record_backward
    try:
        _run(path)
    finally:
        torch.nn.Module.__call__, torch.Tensor.backward = call, backward
    if "model" not in seen:
        raise RuntimeError(f"{path}: no torch module was called")
    return seen["model"], seen["state"], losses


def _is_cell(obj, cell_type):
    """``isinstance(obj, cell_type)``, False for a weak proxy whose object is gone (its ``__class__`` raises)."""
    try:
        return isinstance(obj, cell_type)
    except ReferenceError:
        return False


def _owner(weights):
    """The Cell that owns every Parameter of ``weights`` (the smallest such), found among live objects."""
    from ..nn.cell import Cell
    ids = {id(w) for w in weights}
    best = None
    with warnings.catch_warnings():  # isinstance on some torch module objects warns about deprecations
        warnings.simplefilter("ignore")
        cells = [obj for obj in gc.get_objects() if _is_cell(obj, Cell)]
    for obj in cells:
        own = {id(p) for p in obj.get_parameters()}
        if ids <= own and (best is None or len(own) < best[0]):
            best = (len(own), obj)
    return best[1] if best else None


def _sporetorch_run(path, steps, t_model, t_state, ckpt):
    from .. import autodiff
    from ..train.serialization import save_checkpoint
    from .translator import _mindspore_alias
    from .weights import copy_weights, weight_map
    losses = []
    original = autodiff.value_and_grad
    state = {"loaded": False}

    def value_and_grad(fn, grad_position=0, weights=None, *args, **kwargs):
        grad_fn = original(fn, grad_position, weights, *args, **kwargs)

        def wrapped(*a, **k):
            if len(losses) == steps:
                raise _Stop
            if not state["loaded"] and weights is not None:
                cell = _owner(list(weights))
                t_model.load_state_dict(t_state)
                copy_weights(t_model, cell, weight_map(t_model, cell))
                save_checkpoint(cell, ckpt)
                state["loaded"] = True
            out = grad_fn(*a, **k)
            value = out[0]
            losses.append(float((value[0] if isinstance(value, (tuple, list)) else value).asnumpy()))
            return out
        return wrapped

    with _mindspore_alias():
        import mindspore
        saved = mindspore.value_and_grad
        mindspore.value_and_grad = autodiff.value_and_grad = value_and_grad
        try:
            _run(path)
        finally:
            mindspore.value_and_grad = saved
            autodiff.value_and_grad = original
    return losses


_MS_RUNNER = r'''
import json, os, runpy, sys
import mindspore as ms
script, ckpt, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
losses = []
loaded = []  # the checkpoint goes in once: the translated loop builds its grad function at every step


class _Stop(Exception):
    pass


original = ms.value_and_grad


def value_and_grad(fn, grad_position=0, weights=None, *args, **kwargs):
    grad_fn = original(fn, grad_position, weights, *args, **kwargs)

    def wrapped(*a, **k):
        if len(losses) == steps:
            raise _Stop
        if not loaded and weights is not None:
            params = ms.load_checkpoint(ckpt)
            for w in weights:
                if w.name in params:
                    w.set_data(params[w.name])
            loaded.append(True)
        out = grad_fn(*a, **k)
        value = out[0]
        losses.append(float((value[0] if isinstance(value, (tuple, list)) else value).asnumpy()))
        return out
    return wrapped


ms.value_and_grad = value_and_grad
sys.argv = [script]
os.chdir(os.path.dirname(os.path.abspath(script)))
try:
    runpy.run_path(script, run_name="__main__")
except _Stop:
    pass
print(json.dumps({"losses": losses, "version": ms.__version__}))
'''


def check_training(torch_script, ms_script, steps=10, mindspore_python=None, tol_sporetorch=1e-5,
                   tol_mindspore=1e-4, timeout=900):
    """Run both scripts for ``steps`` training steps from the torch script's initial weights and
    compare the losses. Returns a ``TrainingCheck``."""
    from .ms_check import run_script
    t_model, t_state, t_losses = _torch_run(os.path.abspath(torch_script), steps)
    with tempfile.TemporaryDirectory(prefix="sporetorch-traincheck-") as d:
        ckpt = os.path.join(d, "initial.ckpt")
        sp_losses = _sporetorch_run(os.path.abspath(ms_script), steps, t_model, t_state, ckpt)
        ms_losses = version = None
        if mindspore_python:
            runner = os.path.join(d, "run.py")
            with open(runner, "w", encoding="utf-8") as f:
                f.write(_MS_RUNNER)
            proc = run_script(mindspore_python, runner, [os.path.abspath(ms_script), ckpt, steps], timeout=timeout)
            if proc.returncode != 0:
                raise RuntimeError(f"the translated script failed under {mindspore_python}:\n{proc.stderr[-3000:]}")
            info = json.loads(proc.stdout.strip().splitlines()[-1])
            ms_losses, version = info["losses"], info["version"]
    return TrainingCheck(t_losses, sp_losses, ms_losses, tol_sporetorch, tol_mindspore, version)
