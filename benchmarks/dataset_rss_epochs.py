"""Resident memory of the ImageFolder training pipeline over many epochs: does it stay flat?

Runs the pipeline of ``dataset_throughput.py`` (``ImageFolderDataset`` → ``Decode`` →
``RandomResizedCrop(224)`` → ``RandomHorizontalFlip`` → ``Normalize`` → ``HWC2CHW`` →
``batch(64)``) over ``--images`` synthetic JPEGs for ``--epochs`` epochs in a fresh process per
run, with ``python -m sporetorch run`` (and ``--mindspore-python``, if given), and reads the
process's current ``VmRSS`` after each epoch. Per run it prints the epochs' values and their
mean, minimum, maximum and largest deviation from the mean (in %), the figure the input
pipeline's "RSS stays flat (±5 %)" line is about. ``--env K=V`` adds runs of sporetorch with a
setting changed (for example ``SPORETORCH_ACCEL=0``), interleaved with the plain ones.

    python benchmarks/dataset_rss_epochs.py --workers 1 2 --epochs 20
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from dataset_throughput import IMAGES_PIPELINE, write_jpegs  # noqa: E402

EPOCHS = IMAGES_PIPELINE + r'''


def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024


it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
out = []
for epoch in range(epochs):
    for image, label in it:
        pass
    out.append(round(rss_mb(), 1))
print(json.dumps(out))
'''


def summary(values):
    mean = sum(values) / len(values)
    dev = max(abs(v - mean) for v in values) / mean * 100
    return mean, min(values), max(values), dev


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--images", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--env", action="append", default=[], help="K=V: also run sporetorch with this setting")
    parser.add_argument("--mindspore-python", default=None)
    parser.add_argument("--timeout", type=int, default=1800)
    args = parser.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
               ONEDNN_MAX_CPU_ISA=os.environ.get("ONEDNN_MAX_CPU_ISA", "AVX2"))
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "images")
        write_jpegs(root, args.images)
        script = os.path.join(tmp, "epochs.py")
        with open(script, "w") as f:
            f.write(EPOCHS)
        impls = [("sporetorch", [sys.executable, "-m", "sporetorch", "run"], {})]
        impls += [(f"sporetorch {kv}", impls[0][1], dict([kv.split("=", 1)])) for kv in args.env]
        if args.mindspore_python:
            impls.append(("MindSpore 2.10", [args.mindspore_python], {}))
        print(f"VmRSS (MiB) after each of {args.epochs} epochs, {args.images} JPEGs, batch 64")
        print("| pipeline | workers | mean | min | max | max deviation | per epoch |")
        print("|---|---|---|---|---|---|---|")
        for _ in range(args.repeats):
            for w in args.workers:
                for name, command, extra in impls:
                    out = subprocess.run(command + [script, root, str(w), str(args.epochs)], capture_output=True,
                                         text=True, timeout=args.timeout, env=dict(env, **extra),
                                         cwd=tempfile.gettempdir())
                    if out.returncode != 0:
                        raise RuntimeError(f"{name} failed:\n{out.stderr[-3000:]}")
                    values = json.loads(out.stdout.strip().splitlines()[-1])
                    mean, low, high, dev = summary(values)
                    print(f"| {name} | {w} | {mean:.0f} | {low:.0f} | {high:.0f} | {dev:.1f} % | "
                          f"{' '.join(f'{v:.0f}' for v in values)} |", flush=True)


if __name__ == "__main__":
    main()
