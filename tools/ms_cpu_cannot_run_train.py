"""Record the ``mindspore.train`` names that MindSpore 2.10's CPU build cannot run: each probe below calls one
name on real MindSpore as its callers do, and the names whose probe fails are written, with what failed, to
``sporetorch/data/ms_cpu_cannot_run/train.json`` (read by ``sporetorch._module_tree``). A probe that runs is
reported and left out, so the file holds only names checked to fail.

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/ms_cpu_cannot_run_train.py [--write]

Every probe runs in its own child process (a probe may end the process, as ``_tft_exit_cb`` does).
"""
import json
import os
import subprocess
import sys
import tempfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sporetorch", "data", "ms_cpu_cannot_run",
                   "train.json")

# Shared set-up of the probes: a small batched dataset and fault-tolerance contexts as MindIO passes them.
SETUP = r'''
import enum, importlib, os, types
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds

def mod(path):
    return importlib.import_module("mindspore." + path)

def dataset():
    return ds.NumpySlicesDataset({"a": np.ones((4, 2), np.float32)}, shuffle=False).batch(2)

class RepairType(enum.Enum):
    RT_UCE_HIGHLEVEL = 1
    RT_UCE_LOWLEVEL = 2
    RT_SEND = 3
    RT_RECV_REPAIR = 4

def tft_ctx():
    tft = types.SimpleNamespace(tft_get_repair_type=lambda: "retry", tft_reset_limit_step=lambda: None,
                                RepairType=RepairType)
    return types.SimpleNamespace(device_id=0, _is_params_consistent=lambda: True, is_uce_rank=False, tft=tft)

net = nn.Dense(2, 2)
net(Tensor(np.ones((1, 2), np.float32)))  # the CPU device context exists from here on
'''

# name -> (what its callers do, probe statement). The clause recorded is "<what fails> (<error>)".
PROBES = {
    "mindspore.train._utils._exec_datagraph": (
        "fails when called: it creates the device data queue, which has no CPU kernel",
        "mod('train._utils')._exec_datagraph(dataset(), 2)"),
    "mindspore.train.data_sink._init_sink_dataset": (
        "fails when called: it creates the device data queue, which has no CPU kernel",
        "mod('train.data_sink')._init_sink_dataset(dataset(), 1, None, False)"),
    "mindspore.train.dataset_helper._DatasetIter": (
        "fails when constructed: it creates the device data queue of sink mode, which has no CPU kernel",
        "mod('train.dataset_helper')._DatasetIter(dataset(), 2, 1)"),
    "mindspore.train.dataset_helper._DatasetIterPyNative": (
        "fails when constructed: it creates the device data queue of sink mode, which has no CPU kernel",
        "mod('train.dataset_helper')._DatasetIterPyNative(dataset(), 2, 1)"),
    "mindspore.train.dataset_helper._DatasetIterMSLoopSink": (
        "fails when constructed: it creates the device data queue of sink mode, which has no CPU kernel",
        "mod('train.dataset_helper')._DatasetIterMSLoopSink(dataset(), 2, 1)"),
    "mindspore.train.dataset_helper._DatasetIterPSServer": (
        "fails when constructed: it creates the device data queue of sink mode, which has no CPU kernel",
        "mod('train.dataset_helper')._DatasetIterPSServer(dataset(), 2, 1)"),
    "mindspore.train.train_thor.dataset_helper._DatasetIter": (
        "fails when constructed: it creates THOR's device data queue, which has no CPU kernel",
        "mod('train.train_thor.dataset_helper')._DatasetIter(dataset(), 2, 1)"),
    "mindspore.train.train_thor.dataset_helper._DatasetIterMS": (
        "fails when constructed: it creates THOR's device data queue, which has no CPU kernel",
        "mod('train.train_thor.dataset_helper')._DatasetIterMS(dataset(), 2, 1)"),
    "mindspore.train.train_thor.dataset_helper._DatasetIterMSLoopSink": (
        "fails when constructed: it creates THOR's device data queue, which has no CPU kernel",
        "mod('train.train_thor.dataset_helper')._DatasetIterMSLoopSink(dataset(), 2, 1, 1)"),
    "mindspore.train.train_thor.model_thor.ModelThor": (
        "fails when training (on every backend in 2.10, its dataset set-up is called with missing arguments)",
        "from mindspore.nn.layer.thor_layer import DenseThor; "
        "thor_net = nn.SequentialCell([DenseThor(2, 2)]); "
        "opt = nn.thor(thor_net, Tensor(np.full(4, 0.1, np.float32)), Tensor(np.full(4, 0.1, np.float32)), 0.9); "
        "m = mod('train.train_thor.model_thor').ModelThor(thor_net, nn.MSELoss(), opt); "
        "data = ds.NumpySlicesDataset({'a': np.ones((4, 2), np.float32), 'b': np.ones((4, 2), np.float32)}, "
        "shuffle=False).batch(2); "
        "m.train(1, data, dataset_sink_mode=False)"),
    "mindspore.train.serialization._save_air": (
        "fails when called: AIR export is for Ascend",
        "mod('train.serialization')._save_air(net, '/tmp/_probe_air', Tensor(np.ones((1, 2), np.float32)))"),
    "mindspore.train.serialization._write_mapparameter": (
        "fails when called: a MapParameter's data lives in the device runtime",
        "from mindspore.experimental.map_parameter import MapParameter; import io; "
        "p = MapParameter(key_dtype=ms.int32, value_dtype=ms.float32, value_shape=(3,)); "
        "mod('train.serialization')._write_mapparameter('p', ['mapparameter', p], io.BytesIO())"),
    "mindspore.train.model._handle_training_result_error": (
        "fails when called: resuming after a training-result error cleans the device data channel first",
        "tft_obj = types.SimpleNamespace(ckpt_load_func=lambda: ({}, None), "
        "cb_params=types.SimpleNamespace(train_network=net)); "
        "mod('train.model')._handle_training_result_error(types.SimpleNamespace(), tft_obj)"),
    "mindspore.train.callback._flops_collector.AllReduceNet": (
        "fails when called: it sums the pipeline stages' flops with AllReduce over HCCL",
        "mod('train.callback._flops_collector').AllReduceNet('hccl_world_group')(Tensor(np.ones(2, np.float32)))"),
    "mindspore.train.callback._train_fault_tolerance._tft_stop_callback": (
        "fails when called: it stops the device through MindIO's UCE repair",
        "mod('train.callback._train_fault_tolerance')._tft_stop_callback(None, tft_ctx())"),
    "mindspore.train.callback._train_fault_tolerance._tft_clean_callback": (
        "fails when called: it cleans the device data channel for MindIO's repair",
        "mod('train.callback._train_fault_tolerance')._tft_clean_callback(False, None, tft_ctx())"),
    "mindspore.train.callback._train_fault_tolerance._tft_repair_callback": (
        "fails when called with a UCE repair: it repairs the device through MindIO",
        "mod('train.callback._train_fault_tolerance')._tft_repair_callback("
        "1, False, [], {'repair_type': 2, 'src': [0], 'dst': [0]}, None, tft_ctx())"),
}


def _clause(what, out):
    """``what`` and the error's most telling line (the unsupported op where there is one)."""
    lines = [line.strip() for line in out.splitlines()]
    error = next((line for line in reversed(lines) if line.startswith(("RuntimeError", "ValueError", "TypeError",
                                                                         "AttributeError"))), lines[-1])
    detail = next((line for line in lines if line.startswith("Unsupported op [")), None)
    if detail:
        error = f"RuntimeError: {detail.split(',')[0].rstrip('.')}"
    return f"{what} ({error})"


def probe(name):
    """``(failed, clause or output)`` of one probe, run in a child process."""
    what, code = PROBES[name]
    # In a scratch folder: MindSpore writes its compile-failure dumps (rank_0/om/...) into the working folder.
    with tempfile.TemporaryDirectory() as scratch:
        proc = subprocess.run([sys.executable, "-c", SETUP + "\n" + code], capture_output=True, text=True,
                              timeout=300, cwd=scratch)
    out = proc.stdout + proc.stderr
    if proc.returncode == 0:
        return False, "ran"
    if proc.returncode < 0:  # killed by a signal
        name = {-11: "a segmentation fault", -6: "an abort"}.get(proc.returncode, f"signal {-proc.returncode}")
        return True, f"{what} (the process dies of {name})"
    return True, _clause(what, out)


def main():
    write = "--write" in sys.argv
    recorded = {}
    for name in PROBES:
        failed, text = probe(name)
        print(("FAILS " if failed else "RUNS  ") + name + ": " + text)
        if failed:
            recorded[name] = text
    if write:
        with open(OUT, "w", encoding="utf-8") as f:
            json.dump(recorded, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"wrote {len(recorded)} names to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
