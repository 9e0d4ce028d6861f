"""benchmarks/gpu_bench.py runs only where a GPU is lent; its smoke mode runs every part on the CPU
with tiny shapes here, so that the script is known to work before a GPU call spends device time."""
import importlib.util
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow
def test_gpu_bench_smoke_runs_every_part(tmp_path):
    if importlib.util.find_spec("mindcv") is None:
        pytest.skip("mindcv (the test extra) is not installed")
    cmd = [sys.executable, "-m", "sporetorch", "run", os.path.join(ROOT, "benchmarks", "gpu_bench.py"),
           "--out", str(tmp_path), "--device", "cpu", "--smoke", "--batch", "2", "--steps", "1", "--rounds", "1",
           "--workers", "2"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((tmp_path / "gpu_results.json").read_text())
    assert not results.get("part_errors"), results.get("part_errors")
    for part in ("resnet50_fp32", "resnet50_amp", "vit_b_32_fp32", "decoder_amp"):
        assert not results[part]["errors"], (part, results[part]["errors"])
        assert set(results[part]["ms_per_step"]) == {"torch_eager", "sporetorch_pynative"}
        assert results[part]["ratios"]["sporetorch_pynative/torch_eager"] > 0
    assert results["pipeline"]["images_per_s"] > 0
    assert "note" in results["syncs"]


def test_torch_copies_have_mindcv_parameter_counts(tmp_path):
    """The torch side is the same network as mindcv's: the same parameter count."""
    if importlib.util.find_spec("mindcv") is None:
        pytest.skip("mindcv (the test extra) is not installed")
    script = tmp_path / "count.py"
    script.write_text(
        "import sys; sys.path.insert(0, 'benchmarks'); import mindcv, gpu_models_torch as tm\n"
        "from mindcv.models.vit import VisionTransformer\n"
        "def n(m): return sum(int(p.size) for p in m.trainable_params())\n"
        "def t(m): return sum(p.numel() for p in m.parameters())\n"
        "print(n(mindcv.create_model('resnet50', num_classes=10)), t(tm.ResNet50(10)))\n"
        "print(n(VisionTransformer(image_size=64, patch_size=32, embed_dim=768, depth=2, num_heads=12,"
        " num_classes=10)), t(tm.ViTB32(10, image_size=64, depth=2)))\n")
    done = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script)], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().split("\n")[-2:]
    for line in lines:
        ms_count, torch_count = line.split()
        assert ms_count == torch_count, line
