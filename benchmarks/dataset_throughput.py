"""Images per second of an ImageFolder training pipeline: sporetorch, MindSpore 2.10 and a torch DataLoader.

The benchmark writes ``--images`` synthetic JPEGs (375x500, ImageNet-like sizes, four class
folders) and runs the same pipeline in fresh subprocesses:

- ``ImageFolderDataset`` → ``Decode`` → ``RandomResizedCrop(224)`` → ``RandomHorizontalFlip`` →
  ``Normalize`` (ImageNet mean/std) → ``HWC2CHW`` → ``batch(64)``, written against the ``mindspore``
  API and run with ``python -m sporetorch run`` (sporetorch) and with ``--mindspore-python``
  (real MindSpore's C++ pipeline), at 1 and 2 parallel workers (``num_parallel_workers`` on the
  reader and on ``map``);
- a plain ``torch.utils.data.DataLoader`` doing the same with Pillow (decode, random crop
  + bilinear resize, flip) and NumPy (normalize, transpose), ``batch_size=64``, at 1 and 2
  worker processes.

Each figure is the steady-state rate over ``--epochs`` epochs after one warm-up batch, the
best of ``--repeats`` runs. The configurations are interleaved (round-robin) so that load
from other processes falls on all of them alike.

    python benchmarks/dataset_throughput.py --mindspore-python /tmp/ms/bin/python
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The MindSpore-style pipeline, run as a script under either implementation.
PIPELINE = r'''
import json, sys, time
import mindspore.dataset as ds
import mindspore.dataset.vision as vision

root, workers, epochs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
mean = [0.485 * 255, 0.456 * 255, 0.406 * 255]
std = [0.229 * 255, 0.224 * 255, 0.225 * 255]
data = ds.ImageFolderDataset(root, num_parallel_workers=workers, shuffle=True)
data = data.map([vision.Decode(), vision.RandomResizedCrop(224), vision.RandomHorizontalFlip(),
                 vision.Normalize(mean, std), vision.HWC2CHW()], input_columns="image",
                num_parallel_workers=workers)
data = data.batch(64, drop_remainder=True)
it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs + 1)
start, images = None, 0
for epoch in range(epochs + 1):
    for image, label in it:
        assert image.shape[1:] == (3, 224, 224)
        if start is None:
            start = time.perf_counter()  # after the first (warm-up) batch
            continue
        images += image.shape[0]
print(json.dumps({"images": images, "seconds": time.perf_counter() - start}))
'''

TORCH_LOADER = r'''
import json, math, os, random, sys, time
import numpy as np
import torch
from PIL import Image

root, workers, epochs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
MEAN = np.array([0.485, 0.456, 0.406], np.float32) * 255
STD = np.array([0.229, 0.224, 0.225], np.float32) * 255


class Folder(torch.utils.data.Dataset):
    def __init__(self, root):
        classes = sorted(os.listdir(root))
        self.items = [(os.path.join(root, c, f), i) for i, c in enumerate(classes)
                      for f in sorted(os.listdir(os.path.join(root, c)))]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, k):
        path, label = self.items[k]
        img = Image.open(path).convert("RGB")
        w, h = img.size
        for _ in range(10):  # RandomResizedCrop's region, as torchvision draws it
            area = w * h * random.uniform(0.08, 1.0)
            ratio = math.exp(random.uniform(math.log(3 / 4), math.log(4 / 3)))
            cw, ch = int(round(math.sqrt(area * ratio))), int(round(math.sqrt(area / ratio)))
            if 0 < cw <= w and 0 < ch <= h:
                left, top = random.randint(0, w - cw), random.randint(0, h - ch)
                break
        else:
            cw = ch = min(w, h)
            left, top = (w - cw) // 2, (h - ch) // 2
        img = img.resize((224, 224), Image.BILINEAR, box=(left, top, left + cw, top + ch))
        if random.random() < 0.5:
            img = img.transpose(Image.FLIP_LEFT_RIGHT)
        x = (np.asarray(img, np.float32) - MEAN) / STD
        return np.ascontiguousarray(x.transpose(2, 0, 1)), label


loader = torch.utils.data.DataLoader(Folder(root), batch_size=64, shuffle=True, num_workers=workers,
                                     drop_last=True, persistent_workers=workers > 0)
start, images = None, 0
for epoch in range(epochs + 1):
    for image, label in loader:
        if start is None:
            start = time.perf_counter()
            continue
        images += image.shape[0]
print(json.dumps({"images": images, "seconds": time.perf_counter() - start}))
'''


def write_jpegs(root, count, classes=4, seed=0):
    """``count`` 375x500 JPEGs (smooth colour fields plus noise) in ``classes`` folders."""
    from PIL import Image
    rs = np.random.RandomState(seed)
    yy, xx = np.mgrid[0:375, 0:500].astype(np.float32)
    for k in range(count):
        folder = os.path.join(root, f"class{k % classes}")
        os.makedirs(folder, exist_ok=True)
        fx, fy, phase = rs.uniform(0.005, 0.05, 3)
        img = np.stack([128 + 100 * np.sin(xx * fx + phase), 128 + 100 * np.cos(yy * fy),
                        128 + 100 * np.sin((xx + yy) * fx * fy * 20)], -1) + rs.normal(0, 12, (375, 500, 3))
        Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(os.path.join(folder, f"{k:05d}.jpg"),
                                                                    quality=90)


def run_one(command, timeout):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
               ONEDNN_MAX_CPU_ISA=os.environ.get("ONEDNN_MAX_CPU_ISA", "AVX2"))
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, cwd=tempfile.gettempdir())
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{out.stderr[-3000:]}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return result["images"] / result["seconds"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--images", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--mindspore-python", default=None,
                        help="a Python with MindSpore 2.10 installed (omit to skip MindSpore)")
    parser.add_argument("--timeout", type=int, default=900)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "images")
        write_jpegs(root, args.images)
        script = os.path.join(tmp, "pipeline.py")
        with open(script, "w") as f:
            f.write(PIPELINE)
        loader = os.path.join(tmp, "torch_loader.py")
        with open(loader, "w") as f:
            f.write(TORCH_LOADER)
        configs = []
        for w in args.workers:
            configs.append((f"sporetorch, {w} worker(s)",
                            [sys.executable, "-m", "sporetorch", "run", script, root, str(w), str(args.epochs)]))
            if args.mindspore_python:
                configs.append((f"MindSpore 2.10, {w} worker(s)",
                                [args.mindspore_python, script, root, str(w), str(args.epochs)]))
            configs.append((f"torch DataLoader + Pillow, {w} worker(s)",
                            [sys.executable, loader, root, str(w), str(args.epochs)]))
        rates = {name: [] for name, _ in configs}
        for _ in range(args.repeats):
            for name, command in configs:
                rates[name].append(run_one(command, args.timeout))
    print(f"{args.images} JPEGs 375x500, batch 64, {args.epochs} epoch(s) after a warm-up batch, "
          f"best of {args.repeats} (all runs in brackets)")
    print("| pipeline | images/s |")
    print("|---|---|")
    for name, values in rates.items():
        print(f"| {name} | {max(values):.0f} ({', '.join(f'{v:.0f}' for v in values)}) |")
    return rates


if __name__ == "__main__":
    main()
