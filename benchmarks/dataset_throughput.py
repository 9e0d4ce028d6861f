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
  worker processes;
- ``GeneratorDataset`` (a random-access Python source of ``--rows`` rows) -> ``map`` (a
  Python function) -> ``batch(128)``, and ``MindDataset`` reading a ``--rows``-row MindRecord
  file (written once by sporetorch's ``FileWriter``), in rows/s, under both implementations.

Each figure is the steady-state rate over ``--epochs`` epochs after one warm-up batch, the
best of ``--repeats`` runs, with the peak RSS of the process and its worker processes. The configurations are interleaved (round-robin) so that load
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
# The images pipeline, built from the script's arguments (root, workers, epochs); shared with
# dataset_rss_epochs.py, which runs the same pipeline for its memory over epochs.
IMAGES_PIPELINE = r'''
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
'''

PIPELINE = IMAGES_PIPELINE + r'''
it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs + 1)
start, images = None, 0
for epoch in range(epochs + 1):
    for image, label in it:
        assert image.shape[1:] == (3, 224, 224)
        if start is None:
            start = time.perf_counter()  # after the first (warm-up) batch
            continue
        images += image.shape[0]
print(json.dumps({"images": images, "seconds": time.perf_counter() - start, "rss_mb": peak_rss_mb()}))
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
print(json.dumps({"images": images, "seconds": time.perf_counter() - start, "rss_mb": peak_rss_mb()}))
'''

# Peak resident memory of the process and its (joined) worker processes, in MiB.
RSS = r'''
import resource


def peak_rss_mb():
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            + resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
'''

# GeneratorDataset -> map(Python function) -> batch: rows/s of a Python source.
GENERATOR = r'''
import json, sys, time
import numpy as np
import mindspore.dataset as ds

rows, workers, epochs = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])


class Source:
    def __init__(self, n):
        self.data = np.random.RandomState(0).rand(n, 32).astype(np.float32)

    def __getitem__(self, k):
        return self.data[k], np.int32(k % 10)

    def __len__(self):
        return len(self.data)


def scale(x):
    return x * 2.0 + 1.0


data = ds.GeneratorDataset(Source(rows), ["x", "label"], shuffle=True)
data = data.map(scale, input_columns="x", num_parallel_workers=workers)
data = data.batch(128, drop_remainder=True)
it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs + 1)
start, images = None, 0
for epoch in range(epochs + 1):
    for x, label in it:
        if start is None:
            start = time.perf_counter()
            continue
        images += x.shape[0]
print(json.dumps({"images": images, "seconds": time.perf_counter() - start, "rss_mb": peak_rss_mb()}))
'''

# MindDataset: rows/s read from a MindRecord file.
MINDRECORD = r'''
import json, sys, time
import mindspore.dataset as ds

path, workers, epochs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = ds.MindDataset(path, num_parallel_workers=workers, shuffle=True)
it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs + 1)
start, images = None, 0
for epoch in range(epochs + 1):
    for row in it:
        if start is None:
            start = time.perf_counter()
            continue
        images += 1
print(json.dumps({"images": images, "seconds": time.perf_counter() - start, "rss_mb": peak_rss_mb()}))
'''

WRITE_MINDRECORD = r'''
import sys
import numpy as np
from mindspore.mindrecord import FileWriter

path, rows = sys.argv[1], int(sys.argv[2])
rs = np.random.RandomState(0)
writer = FileWriter(path, 1)
writer.add_schema({"label": {"type": "int32"}, "data": {"type": "bytes"},
                   "vec": {"type": "float32", "shape": [16]}}, "bench")
batch = []
for k in range(rows):
    batch.append({"label": k % 10, "data": rs.bytes(1024), "vec": rs.rand(16).astype(np.float32)})
    if len(batch) == 1000:
        writer.write_raw_data(batch)
        batch = []
writer.commit()
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


def run_script(command, timeout):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, cwd=tempfile.gettempdir())
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{out.stderr[-3000:]}")


def run_one(command, timeout):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
               ONEDNN_MAX_CPU_ISA=os.environ.get("ONEDNN_MAX_CPU_ISA", "AVX2"))
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, cwd=tempfile.gettempdir())
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{out.stderr[-3000:]}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return result["images"] / result["seconds"], result["rss_mb"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--images", type=int, default=512)
    parser.add_argument("--rows", type=int, default=10000, help="rows of the Python source and the MindRecord file")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--pipelines", nargs="+", default=["images", "generator", "mindrecord"],
                        choices=["images", "generator", "mindrecord"])
    parser.add_argument("--mindspore-python", default=None,
                        help="a Python with MindSpore 2.10 installed (omit to skip MindSpore)")
    parser.add_argument("--timeout", type=int, default=900)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        scripts = {}
        for name, text in [("pipeline", PIPELINE), ("torch_loader", TORCH_LOADER), ("generator", GENERATOR),
                           ("mindrecord", MINDRECORD), ("write_mindrecord", WRITE_MINDRECORD)]:
            scripts[name] = os.path.join(tmp, name + ".py")
            with open(scripts[name], "w") as f:
                f.write(RSS + text)
        spore = [sys.executable, "-m", "sporetorch", "run"]
        root = os.path.join(tmp, "images")
        record = os.path.join(tmp, "bench.mindrecord")
        if "images" in args.pipelines:
            write_jpegs(root, args.images)
        if "mindrecord" in args.pipelines:
            run_script(spore + [scripts["write_mindrecord"], record, str(args.rows)], args.timeout)
        configs = []
        for w in args.workers:
            def add(table, impl, script, *params, w=w):
                configs.append((table, f"{impl}, {w} worker(s)", script, [*params, str(w), str(args.epochs)]))
            for table in args.pipelines:
                params = {"images": ("pipeline", root), "generator": ("generator", str(args.rows)),
                          "mindrecord": ("mindrecord", record)}[table]
                add(table, "sporetorch", spore + [scripts[params[0]]], params[1])
                if args.mindspore_python:
                    add(table, "MindSpore 2.10", [args.mindspore_python, scripts[params[0]]], params[1])
                if table == "images":
                    add(table, "torch DataLoader + Pillow", [sys.executable, scripts["torch_loader"]], root)
        results = {(table, name): [] for table, name, _, _ in configs}
        for _ in range(args.repeats):
            for table, name, command, params in configs:
                results[(table, name)].append(run_one(command + params, args.timeout))
    units = {"images": f"{args.images} JPEGs 375x500 -> RandomResizedCrop(224) ... batch 64, images/s",
             "generator": f"GeneratorDataset ({args.rows} rows) -> map(Python function) -> batch(128), rows/s",
             "mindrecord": f"MindDataset ({args.rows}-row MindRecord file), rows/s"}
    for table in args.pipelines:
        print(f"\n{units[table]}; {args.epochs} epoch(s) after a warm-up batch, best of {args.repeats} "
              "(all runs in brackets); peak RSS of the process and its workers")
        print("| pipeline | rate | peak RSS MiB |")
        print("|---|---|---|")
        for (t, name), values in results.items():
            if t == table:
                rates = [r for r, _ in values]
                print(f"| {name} | {max(rates):.0f} ({', '.join(f'{v:.0f}' for v in rates)}) | "
                      f"{max(m for _, m in values):.0f} |")
    return results


if __name__ == "__main__":
    main()
