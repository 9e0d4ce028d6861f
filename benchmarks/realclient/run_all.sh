#!/usr/bin/env bash
# Two-sided check of zoo models (mindocr, mindaudio, mindformers, mindone): real MindSpore 2.10 builds
# each model, saves its weights, runs an eval forward and one optimizer step; sporetorch builds the same
# model unchanged, loads MindSpore's checkpoint and does the same; compare.py prints one line per model.
# usage: ORACLE_PY=/path/ms-venv/bin/python CAND_PY="env PYTHONPATH=/path/to/sporetorch python" \
#          run_all.sh OUTROOT MODEL ...
# (each side runs in OUTROOT/MODEL, so CAND_PY must find sporetorch from there; either may carry a prefix
# such as `nice -n 10`). MODEL: dbnet_resnet18 crnn_vgg7 svtr_tiny ecapa_tdnn deepspeech2 conformer llama
# unet2d_condition autoencoder_kl (side.py's m_* builders).
# Zoo roots: MINDOCR_ROOT MINDAUDIO_ROOT MINDFORMERS_ROOT MINDONE_ROOT, ZOO_DEPS (colon list), defaults
# below are where `pip install --no-deps --target` put them.
here=$(cd "$(dirname "$0")" && pwd); root=$1; shift
: "${ORACLE_PY:?set ORACLE_PY}"; : "${CAND_PY:?set CAND_PY}"
export MINDOCR_ROOT=${MINDOCR_ROOT-/tmp/zoo-mindocr} MINDAUDIO_ROOT=${MINDAUDIO_ROOT-/tmp/zoo-mindaudio}
export MINDFORMERS_ROOT=${MINDFORMERS_ROOT-/tmp/zoo-mindformers} MINDONE_ROOT=${MINDONE_ROOT-/tmp/zoo-mindone-0.3.0}
export ZOO_DEPS=${ZOO_DEPS-/tmp/zoo-deps:/tmp/zoo-deps-st:/tmp/zoo-deps-tk}
# mindone 0.3.0: the newest mindone whose diffusers models run on MindSpore 2.10's CPU build (0.4/0.5 build
# them on mint ops with no CPU kernel: Arange, Conv2DExt); it pins transformers 4.46.3 (tokenizers 0.20.3)
export MINDONE_DEPS=${MINDONE_DEPS-/tmp/zoo-deps-mo3}
for m in "$@"; do
  d=$(mkdir -p "$root/$m" && cd "$root/$m" && pwd); rm -f "$d"/*.npz
  cd "$d" || exit 1  # mindformers writes output/log under the working directory
  s=$(date +%s.%N)
  OMP_NUM_THREADS=2 ONEDNN_MAX_CPU_ISA=AVX2 GLOG_v=3 timeout 600 $ORACLE_PY "$here/side.py" oracle "$m" "$d" > "$d/oracle.log" 2>&1
  e=$(date +%s.%N); echo "$e - $s" | bc > "$d/oracle.wall"
  OMP_NUM_THREADS=2 timeout 600 $CAND_PY -m sporetorch run "$here/side.py" candidate "$m" "$d" > "$d/cand.log" 2>&1
  echo "$(date +%s.%N) - $e" | bc > "$d/candidate.wall"
  $ORACLE_PY "$here/compare.py" "$d" "$m"
done
