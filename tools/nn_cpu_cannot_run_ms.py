"""Check, on MindSpore 2.10's CPU build, that each ``nn`` name recorded in
``sporetorch/data/ms_cpu_cannot_run/nn.json`` fails there, by calling it:

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/nn_cpu_cannot_run_ms.py

Each call runs in a child process (some crash MindSpore outright). Optional arguments keep the names containing one of them. Prints ``name: FAILS <error>`` or
``name: RUNS`` (then the name must not be recorded)."""
import json
import os
import subprocess
import sys

_SETUP = """
import importlib, numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ParameterTuple, nn, ops
def mod(rel):
    return importlib.import_module('mindspore.' + rel)
def net():
    return nn.Dense(3, 2)
def thor_net():
    return nn.SequentialCell([nn.Dense(3, 2), nn.LayerNorm((2,))])
x = Tensor(np.ones((2, 3), np.float32))
"""
_MAP = ("from mindspore.experimental.map_parameter import MapParameter\n"
        "mp = [MapParameter(key_dtype=ms.int32, value_dtype=ms.float32, value_shape=(2,)) for _ in range(4)]\n"
        "i = Tensor(np.array([1], np.int32))\n")
_ADAM = "one = Tensor(np.array([0.9], np.float32))\n"

# name -> the call that fails on MindSpore's CPU build
CALLS = {
    "mindspore.nn.optim.lamb._update_run_op":
        "g = Parameter(Tensor(np.ones(2, np.float32)), 'g')\n"
        "mod('nn.optim.lamb')._update_run_op(Tensor(0.9), Tensor(0.999), Tensor(1e-6), Tensor(1.), Tensor(0.1), "
        "Tensor(0.), g, Parameter(Tensor(np.zeros(2, np.float32)), 'm'), Parameter(Tensor(np.zeros(2, np.float32)), 'v'), "
        "Tensor(np.ones(2, np.float32)), True, True)",
    "mindspore.nn.optim.adam._run_map_tensor_lazy_opt_with_sparse": _MAP + _ADAM +
        "mod('nn.optim.adam')._run_map_tensor_lazy_opt_with_sparse(None, None, False, False, True, one, one, one, one, "
        "one, one, mp[0], mp[1], mp[2], mp[3])",
    "mindspore.nn.optim.adam._run_map_tensor_lazy_opt_with_sparse_dist": _MAP + _ADAM +
        "mod('nn.optim.adam')._run_map_tensor_lazy_opt_with_sparse_dist(None, None, False, False, True, one, one, one, "
        "one, one, one, mp[0], mp[1], mp[2], mp[3], None, False, None, False)",
    "mindspore.nn.optim.lazyadam._run_map_tensor_opt_with_sparse": _MAP + _ADAM +
        "mod('nn.optim.lazyadam')._run_map_tensor_opt_with_sparse(None, None, False, False, True, one, one, one, one, "
        "one, one, mp[0], mp[1], mp[2], mp[3])",
    "mindspore.nn.optim.ftrl._apply_map_tensor_ftrl": _MAP +
        "mod('nn.optim.ftrl')._apply_map_tensor_ftrl(0.0, 0.0, -0.5, Tensor(0.1), mp[0], mp[1], mp[2], i, "
        "Tensor(np.ones((1, 2), np.float32)))",
    "mindspore.nn.optim.ftrl._run_map_tensor_opt_with_sparse": _MAP +
        "mod('nn.optim.ftrl')._run_map_tensor_opt_with_sparse(None, None, 0.0, 0.0, -0.5, Tensor(0.1), mp[0], mp[1], "
        "mp[2], mp[3])",
    "mindspore.nn.wrap.loss_scale._tensor_grad_overflow":
        "mod('nn.wrap.loss_scale')._tensor_grad_overflow(Tensor(np.ones(2, np.float32)))",
    "mindspore.nn.wrap.loss_scale._tensor_grad_overflow_row_tensor":
        "mod('nn.wrap.loss_scale')._tensor_grad_overflow_row_tensor(ms.RowTensor(Tensor(np.array([0], np.int32)), "
        "Tensor(np.ones((1, 2), np.float32)), (2, 2)))",
    "mindspore.nn.wrap.loss_scale._TrainGradAccuWithLossScaleCell":
        "n = net()\n"
        "mod('nn.wrap.loss_scale')._TrainGradAccuWithLossScaleCell(nn.WithLossCell(n, nn.MSELoss()), "
        "nn.Momentum(n.trainable_params(), 0.1, 0.9), Tensor(1.0))",
    "mindspore.nn.wrap.cell_wrapper.AllreduceGraph":
        "mod('nn.wrap.cell_wrapper').AllreduceGraph([Parameter(Tensor(np.ones(2, np.float32)), 'a')], "
        "'hccl_world_group')()",
    "mindspore.nn.wrap.cell_wrapper.GetNextSingleOp":
        "mod('nn.wrap.cell_wrapper').GetNextSingleOp([ms.float32], [(2,)], 'q')()",
    "mindspore.nn.wrap.cell_wrapper._BroadCastCell": "mod('nn.wrap.cell_wrapper')._BroadCastCell(net().trainable_params())()",
    "mindspore.nn.wrap.cell_wrapper._VirtualDatasetCell": "mod('nn.wrap.cell_wrapper')._VirtualDatasetCell(net())(x)",
    "mindspore.nn.optim.adasum.AdaSumByGradWrapCell":
        "mod('nn.optim.adasum').AdaSumByGradWrapCell(nn.Momentum(net().trainable_params(), 0.1, 0.9))",
    "mindspore.nn.optim.adasum.AdaSumByDeltaWeightWrapCell":
        "mod('nn.optim.adasum').AdaSumByDeltaWeightWrapCell(nn.Momentum(net().trainable_params(), 0.1, 0.9))",
    "mindspore.nn.optim.adasum._AdaSum":
        "ps = ParameterTuple(net().trainable_params())\n"
        "mod('nn.optim.adasum')._AdaSum(0, 8, 2, ps)(tuple(p * 1 for p in ps), ps, ps)",
    "mindspore.nn.optim.adasum._AdaSumByGrad":
        "ps = ParameterTuple(net().trainable_params())\n"
        "mod('nn.optim.adasum')._AdaSumByGrad(0, 8, 2, ps)(tuple(p * 1 for p in ps))",
    "mindspore.nn.optim.thor.thor":
        "n = thor_net()\n"
        "opt = mod('nn.optim.thor').thor(n, Tensor(np.full(4, 0.1, np.float32)), Tensor(np.full(4, 0.1, np.float32)), 0.9, "
        "frequency=2)\n"
        "nn.TrainOneStepCell(nn.WithLossCell(n, nn.MSELoss()), opt)(x, Tensor(np.ones((2, 2), np.float32)))",
    "mindspore.nn.layer.thor_layer.Conv2dThor":
        "mod('nn.layer.thor_layer').Conv2dThor(3, 2, 3)(Tensor(np.ones((1, 3, 4, 4), np.float32)))",
    "mindspore.nn.optim.tft_wrapper.OptTFTWrapper":
        "mod('nn.optim.tft_wrapper').OptTFTWrapper(nn.Momentum(net().trainable_params(), 0.1, 0.9))",
}


def _first_line(text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith(("-", "[WARNING", "[ERROR"))]
    errors = [ln for ln in lines if "Error" in ln or "Unsupported" in ln or "only support" in ln]
    return (errors[-1] if errors else (lines[-1] if lines else ""))[:200]


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(here, "sporetorch", "data", "ms_cpu_cannot_run", "nn.json"), encoding="utf-8") as f:
        recorded = json.load(f)
    for name in sorted(recorded):
        if len(sys.argv) > 1 and not any(a in name for a in sys.argv[1:]):
            continue
        code = CALLS.get(name)
        if code is None:
            print(f"{name}: NO CHECK")
            continue
        proc = subprocess.run([sys.executable, "-c", _SETUP + code], capture_output=True, text=True, timeout=300,
                              check=False)
        if proc.returncode == 0:
            print(f"{name}: RUNS")
        else:
            crash = f"exit status {proc.returncode}" if proc.returncode < 0 else ""
            print(f"{name}: FAILS {crash} {_first_line(proc.stderr + proc.stdout)}")


if __name__ == "__main__":
    main()
