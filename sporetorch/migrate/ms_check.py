"""Run translated code under a real MindSpore interpreter and compare it with the torch original.

sporetorch proves a translation in-process (``verify``); migrated code must also run on MindSpore
itself. ``check_model_on_mindspore`` converts the torch model's weights with the weight map
(``convert``), runs the translated model under the given Python (a MindSpore 2.10 environment) on
the same input, and compares the outputs. The MindSpore side runs in a child process that imports
only ``mindspore`` and ``numpy``.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import torch

__all__ = ["check_model_on_mindspore", "run_script"]

_MODEL_RUNNER = r'''
import importlib.util, json, sys
import numpy as np
import mindspore as ms
ms_file, name, ckpt, inputs, out = sys.argv[1:6]
spec = importlib.util.spec_from_file_location("_translated", ms_file)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
net = getattr(module, name)()
not_loaded, _ = ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
net.set_train(False)
with np.load(inputs) as z:
    args = [ms.Tensor(z[k]) for k in z.files]
y = net(*args)
np.save(out, (y[0] if isinstance(y, (tuple, list)) else y).asnumpy())
print(json.dumps({"not_loaded": list(not_loaded), "version": ms.__version__}))
'''


def _env():
    env = dict(os.environ)
    env.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")  # MindSpore's CPU kernels on hosts without AVX-512 support
    for k in ("PYTHONPATH", "SPORETORCH_ALIAS"):
        env.pop(k, None)  # the child must import the real mindspore
    return env


def run_script(python, script, args=(), cwd=None, timeout=900):
    """Run ``python script args`` with the real MindSpore environment; returns CompletedProcess."""
    return subprocess.run([python, script, *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          env=_env(), timeout=timeout, check=False)


def check_model_on_mindspore(t_net, m_net, ms_file, name, inputs, python, rtol=1e-5, timeout=900):
    """Compare ``t_net`` (eval mode) with ``name()`` of ``ms_file`` run under ``python`` on ``inputs``
    (a tuple of torch tensors), with the torch weights converted through the weight map of
    ``t_net`` and ``m_net`` (the sporetorch build of the same file).

    Returns ``{"max_abs", "max_rel", "ok", "not_loaded", "version"}``; ``max_rel`` is the largest
    absolute difference over the largest absolute torch output.
    """
    from .weights import convert, weight_map
    wmap = weight_map(t_net, m_net)
    with tempfile.TemporaryDirectory(prefix="sporetorch-mscheck-") as d:
        pth, ckpt = os.path.join(d, "w.pth"), os.path.join(d, "w.ckpt")
        torch.save(t_net.state_dict(), pth)
        convert(pth, ckpt, wmap)
        npz, out, runner = os.path.join(d, "inputs.npz"), os.path.join(d, "out.npy"), os.path.join(d, "run.py")
        np.savez(npz, *[x.detach().cpu().numpy() for x in inputs])
        with open(runner, "w", encoding="utf-8") as f:
            f.write(_MODEL_RUNNER)
        proc = run_script(python, runner, [os.path.abspath(ms_file), name, ckpt, npz, out], timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"the translated model failed under {python}:\n{proc.stderr[-3000:]}")
        info = json.loads(proc.stdout.strip().splitlines()[-1])
        got = np.load(out)
    was = t_net.training
    t_net.eval()
    with torch.no_grad():
        ref = t_net(*[x.clone() for x in inputs])
    t_net.train(was)
    ref = (ref[0] if isinstance(ref, (tuple, list)) else ref).numpy()
    max_abs = float(np.abs(got.astype(np.float64) - ref).max()) if ref.size else 0.0
    scale = float(np.abs(ref).max()) if ref.size else 0.0
    max_rel = max_abs / scale if scale else max_abs
    return {"max_abs": max_abs, "max_rel": max_rel, "ok": max_rel <= rtol and got.shape == ref.shape,
            "not_loaded": info["not_loaded"], "version": info["version"], "python": python or sys.executable}
