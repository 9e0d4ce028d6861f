#!/usr/bin/env bash
# The GPU check, in one call of under 8 minutes on one NVIDIA GPU: the CUDA test tier, the tests of
# the ops, layers and optimizers the benchmarks use with the GPU as default device, then
# benchmarks/gpu_bench.py (ResNet-50 fp32/amp PYNATIVE vs torch eager and GRAPH vs torch.compile,
# mindcv vit_b_32_224, a decoder-only transformer, host syncs per step, the input pipeline).
#
#     bash benchmarks/gpu_check.sh [OUT_DIR]        # figures: OUT_DIR/gpu_results.json, logs beside it
#
# The machine needs torch with CUDA, numpy, Pillow, protobuf, safetensors, tqdm, pytest and PyYAML
# (what the device image holds). mindcv is not there: wheels placed in .whl/ (mindcv==0.3.0) are
# installed into /tmp/site first (make them here with `pip download --no-deps -d .whl mindcv==0.3.0`,
# put /.whl/ in .git/info/exclude, and name .whl in the device call's carry).
# Exits 0 only when every test passed and the benchmark ran.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT_DIR=${1:-${OUT:-/tmp/sporetorch-gpu}}
mkdir -p "$OUT_DIR"
PY=${PYTHON:-python3}
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
if compgen -G ".whl/*.whl" >/dev/null; then
    $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
        && export PYTHONPATH="$PYTHONPATH:/tmp/site"
fi
$PY - <<'PY' | tee "$OUT_DIR/device.txt"
import torch
print("torch", torch.__version__, "cuda", torch.version.cuda, "device",
      torch.cuda.get_device_name() if torch.cuda.is_available() else "none")
PY
# xdist spreads the tests over the machine's cores where it is installed
XDIST=$($PY -c "import xdist" 2>/dev/null && echo "-n 8" || echo "")
status=0
start=$(date +%s)

# 1. The CUDA tier (tests marked cuda; they skip without a GPU, so here they must pass).
timeout 120 $PY -m pytest -q -p no:cacheprovider $XDIST -m cuda tests >"$OUT_DIR/tests_cuda.log" 2>&1 || status=1
tail -n 3 "$OUT_DIR/tests_cuda.log"

# 2. The tests of what the benchmarks use, with the GPU as every test's default device.
SPORETORCH_TEST_DEVICE=GPU timeout 150 $PY -m pytest -q -p no:cacheprovider $XDIST \
    tests/nn/test_layers_mindspore.py tests/nn/test_layers_grad.py tests/nn/test_loss.py tests/nn/test_optim.py \
    tests/nn/test_optim_mindspore_values.py tests/amp/test_amp.py tests/ops/test_nn_func_fidelity.py \
    tests/ops/test_op_harness_semantics.py tests/graph/test_jit.py >"$OUT_DIR/tests_gpu_default.log" 2>&1 || status=1
tail -n 3 "$OUT_DIR/tests_gpu_default.log"

# 3. The benchmarks, with what is left of 7.5 minutes.
left=$(( 450 - ($(date +%s) - start) ))
(( left > 60 )) || left=60
timeout $(( left + 30 )) $PY -m sporetorch run benchmarks/gpu_bench.py --out "$OUT_DIR" --budget "$left" \
    >"$OUT_DIR/bench.log" 2>&1 || status=1
grep '^\[' "$OUT_DIR/bench.log"
echo "gpu_check: status $status after $(( $(date +%s) - start )) s; figures in $OUT_DIR/gpu_results.json"
exit $status
