"""sporetorch on an NVIDIA GPU against PyTorch, in one process: training step times, host
synchronisations per step, and the input pipeline feeding the GPU. Run by ``gpu_check.sh``:

    python -m sporetorch run benchmarks/gpu_bench.py --out DIR [--budget 330] [--parts ...]

Parts (in this order; each is skipped once ``--budget`` seconds are spent, and every result is
written to ``DIR/gpu_results.json`` as soon as it exists):

- ``resnet50``: mindcv's ``resnet50`` (sporetorch, MindSpore API) against ``gpu_models_torch.ResNet50``
  at batch 64: PYNATIVE against torch eager, GRAPH (``ms.jit`` on the step) against ``torch.compile``,
  in fp32 and in amp (sporetorch ``auto_mixed_precision(O2, bfloat16)``, torch ``autocast(bfloat16)``;
  float16 where the GPU has no bfloat16).
- ``syncs``: host synchronisations per training step (``cudaStreamSynchronize``/``cudaDeviceSynchronize``/
  ``cudaEventSynchronize`` calls and device-to-host copies), counted with the torch profiler. The loss
  read-out the step asks for is one copy; anything more is a hidden sync.
- ``vit``: mindcv's ``vit_b_32_224`` against ``gpu_models_torch.ViTB32``, batch 64, fp32.
- ``decoder``: ``gpu_models_ms.Decoder`` (``ops.flash_attention_score``) against ``gpu_models_torch.Decoder``
  (``scaled_dot_product_attention``): 6 layers, width 512, sequence 512, batch 16, amp.
- ``pipeline``: ``ImageFolderDataset`` -> Decode -> RandomResizedCrop(224) -> RandomHorizontalFlip ->
  Normalize -> HWC2CHW -> batch(64) feeding the PYNATIVE ResNet-50 step: images/s end to end, and the
  GPU's idle fraction (1 - steps x compute-only step time / wall time).

Contenders of a part run interleaved: rounds of ``--steps`` steps each, in an order reversed every
round, so that all see the same machine; the figure is the median over rounds of the per-round
ratio to the torch contender. Every step reads its loss back (as a training loop that logs does).
GRAPH compiles at its first call (``SPORETORCH_JIT_BACKGROUND=0``), as ``torch.compile`` does, so
that warm-up covers both compilations.

``--device cpu --smoke`` runs every part with tiny shapes on the CPU (the test suite does, so the
script does not rot between GPU runs).
"""
import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import time
import traceback

os.environ.setdefault("SPORETORCH_JIT_BACKGROUND", "0")

import numpy as np  # noqa: E402
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mindspore as ms  # noqa: E402  (sporetorch through ``python -m sporetorch run``)
from mindspore import nn as msnn  # noqa: E402

import gpu_models_torch as tm  # noqa: E402

RESULTS = {}


class Budget:
    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def left(self):
        return self.end - time.monotonic()


def _save(out):
    with open(os.path.join(out, "gpu_results.json"), "w") as f:
        json.dump(RESULTS, f, indent=1, sort_keys=True)


# ---------------------------------------------------------------- contenders

def torch_step(model, x, y, amp_dtype, compiled, device):
    """A torch training step as users write it: SGD(0.01, momentum 0.9), cross-entropy, ``loss.item()``."""
    model = model.to(device).train()
    loss_fn = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def forward(data, label):
        with torch.autocast(device.type, dtype=amp_dtype, enabled=amp_dtype is not None):
            logits = model(data)
        return loss_fn(logits.float().reshape(-1, logits.shape[-1]), label.reshape(-1))

    fwd = torch.compile(forward) if compiled else forward

    def step():
        optimizer.zero_grad(set_to_none=True)
        loss = fwd(x, y)
        loss.backward()
        optimizer.step()
        return loss.item()
    return step


def ms_train(net, amp_dtype, graph):
    """The same step in MindSpore's API: ``value_and_grad`` + ``optimizer(grads)``, as a function of one
    batch ``(data, label)`` that returns the loss read with ``asnumpy``."""
    if amp_dtype is not None:
        net = ms.amp.auto_mixed_precision(net, "O2", dtype=amp_dtype)
    net.set_train(True)
    loss_fn = msnn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = msnn.SGD(net.trainable_params(), learning_rate=0.01, momentum=0.9)

    def forward_fn(data, label):
        logits = net(data)
        return loss_fn(logits.reshape(-1, logits.shape[-1]).astype(ms.float32), label.reshape(-1))

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)

    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    train_step = ms.jit(train_step) if graph else train_step
    return lambda data, label: float(train_step(data, label).asnumpy())


def ms_step(net, x, y, amp_dtype, graph):
    """``ms_train``'s step on the fixed batch ``(x, y)``."""
    return functools.partial(ms_train(net, amp_dtype, graph), x, y)


def warm(step, budget, max_s, min_steps=3):
    """Run ``step`` until its times settle: 3 steps in a row within 10 % of each other, after ``min_steps``
    (and at most ``max_s`` seconds: 0 runs just ``min_steps``)."""
    start, times = time.monotonic(), []
    while len(times) < min_steps or time.monotonic() - start < min(max_s, budget.left() - 5):
        t0 = time.perf_counter()
        step()
        times.append(time.perf_counter() - t0)
        last = times[-3:]
        if len(times) >= min_steps and len(last) == 3 and max(last) <= 1.1 * min(last):
            break
    return {"warm_steps": len(times), "warm_s": round(time.monotonic() - start, 2), "first_step_s": round(times[0], 3)}


def interleave(contenders, steps, rounds):
    """Median step time (ms) of each contender per round, in an order reversed every round."""
    order, medians = list(contenders), {label: [] for label in contenders}
    for r in range(rounds):
        for label in (order if r % 2 == 0 else order[::-1]):
            times = []
            for _ in range(steps):
                t0 = time.perf_counter()
                contenders[label]()
                times.append(time.perf_counter() - t0)
            medians[label].append(1000 * statistics.median(times))
    return medians


def compare(name, pairs, builders, args, budget):
    """Build, warm and interleave ``builders`` (label -> factory of a step); record each ``pairs`` ratio
    (candidate label, reference label) as the median of per-round ratios."""
    steps = {}
    entry = RESULTS.setdefault(name, {"ms_per_step": {}, "ratios": {}, "warm": {}, "errors": {}})
    for label, build in builders.items():
        if budget.left() < 20:
            entry["errors"][label] = "skipped: budget spent"
            continue
        try:
            steps[label] = build()
            entry["warm"][label] = warm(steps[label], budget, args.warm_s)
        except Exception as exc:  # a contender that fails is a finding, not the end of the run
            entry["errors"][label] = f"{type(exc).__name__}: {exc}"[:500]
            traceback.print_exc()
            steps.pop(label, None)
    if len(steps) >= 2:
        medians = interleave(steps, args.steps, args.rounds)
        entry["ms_per_step"] = {k: round(statistics.median(v), 3) for k, v in medians.items()}
        for cand, ref in pairs:
            if cand in medians and ref in medians:
                ratios = [c / r for c, r in zip(medians[cand], medians[ref])]
                entry["ratios"][f"{cand}/{ref}"] = round(statistics.median(ratios), 3)
    _save(args.out)
    print(f"[{name}]", json.dumps({k: entry[k] for k in ("ms_per_step", "ratios", "errors")}), flush=True)
    return steps


# ---------------------------------------------------------------- parts

def _data(args, shape, classes, seed=0):
    g = np.random.default_rng(seed)
    x = g.standard_normal((args.batch,) + shape).astype(np.float32)
    y = g.integers(0, classes, (args.batch,)).astype(np.int32)
    return x, y


def _pair_inputs(args, x, y):
    return (torch.from_numpy(x).to(args.device), torch.from_numpy(y).long().to(args.device),
            ms.Tensor(x), ms.Tensor(y))


def _image_models(args):
    import mindcv
    classes = 10 if args.smoke else 1000
    if args.smoke:  # the same blocks, one of each, small enough for a CPU test
        def ms_model(name):
            from mindcv.models.resnet import Bottleneck, ResNet
            from mindcv.models.vit import VisionTransformer
            if name == "resnet50":
                return ResNet(Bottleneck, [1, 1, 1, 1], num_classes=classes)
            return VisionTransformer(image_size=32, patch_size=32, embed_dim=768, depth=1, num_heads=12,
                                     num_classes=classes)
    else:
        def ms_model(name):
            return mindcv.create_model(name, num_classes=classes)
    return ms_model, classes


def part_image(args, budget, name, ms_name, torch_factory, precisions, graph_pairs=True):
    ms_model, classes = _image_models(args)
    size = 32 if args.smoke else 224
    x, y = _data(args, (3, size, size), classes)
    tx, ty, mx, my = _pair_inputs(args, x, y)
    for precision, (t_amp, m_amp) in precisions.items():
        builders = {
            "torch_eager": lambda t_amp=t_amp: torch_step(torch_factory(classes), tx, ty, t_amp, False, args.device),
            "sporetorch_pynative": lambda m_amp=m_amp: ms_step(ms_model(ms_name), mx, my, m_amp, False),
        }
        pairs = [("sporetorch_pynative", "torch_eager")]
        if graph_pairs:
            builders["torch_compile"] = lambda t_amp=t_amp: torch_step(torch_factory(classes), tx, ty, t_amp, True,
                                                                       args.device)
            builders["sporetorch_graph"] = lambda m_amp=m_amp: ms_step(ms_model(ms_name), mx, my, m_amp, True)
            pairs.append(("sporetorch_graph", "torch_compile"))
        compare(f"{name}_{precision}", pairs, builders, args, budget)


def _amp_dtypes(args):
    if args.device.type == "cuda" and not torch.cuda.is_bf16_supported():
        return torch.float16, ms.float16
    return torch.bfloat16, ms.bfloat16


def part_resnet50(args, budget):
    t_amp, m_amp = _amp_dtypes(args)
    factory = (lambda c: tm.ResNet50(c)) if not args.smoke else _small_torch_resnet
    part_image(args, budget, "resnet50", "resnet50", factory, {"fp32": (None, None), "amp": (t_amp, m_amp)},
               graph_pairs=not args.smoke)


def _small_torch_resnet(classes):
    net = tm.ResNet50(classes)
    for stage in (net.layer1, net.layer2, net.layer3, net.layer4):
        del stage[1:]
    return net


def part_vit(args, budget):
    if args.smoke:
        factory = lambda c: tm.ViTB32(c, image_size=32, depth=1)  # noqa: E731
    else:
        factory = tm.ViTB32
    part_image(args, budget, "vit_b_32", "vit_b_32_224", factory, {"fp32": (None, None)},
               graph_pairs=not args.smoke)


def part_decoder(args, budget):
    import gpu_models_ms
    vocab, seq, batch = (64, 16, 2) if args.smoke else (8192, 512, 16)
    g = np.random.default_rng(1)
    ids = g.integers(0, vocab, (batch, seq)).astype(np.int32)
    labels = g.integers(0, vocab, (batch, seq)).astype(np.int32)
    t_amp, m_amp = _amp_dtypes(args)
    tids, tlab = torch.from_numpy(ids).long().to(args.device), torch.from_numpy(labels).long().to(args.device)
    builders = {
        "torch_eager": lambda: torch_step(tm.Decoder(vocab, seq=seq), tids, tlab, t_amp, False, args.device),
        "sporetorch_pynative": lambda: ms_step(gpu_models_ms.Decoder(vocab, seq=seq), ms.Tensor(ids),
                                               ms.Tensor(labels), m_amp, False),
    }
    compare("decoder_amp", [("sporetorch_pynative", "torch_eager")], builders, args, budget)


def count_syncs(step, steps, device):
    """Host synchronisations and device-to-host copies per step, from the torch profiler."""
    from torch.profiler import ProfilerActivity, profile
    step()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(steps):
            step()
    syncs = dtoh = 0
    for event in prof.events():
        if event.name in ("cudaStreamSynchronize", "cudaDeviceSynchronize", "cudaEventSynchronize"):
            syncs += 1
        elif event.name.startswith("Memcpy DtoH"):
            dtoh += 1
    return {"syncs_per_step": syncs / steps, "dtoh_per_step": dtoh / steps,
            "beyond_loss_readout": max(dtoh / steps - 1, 0) + max(syncs / steps - 1, 0)}


def part_syncs(args, budget):
    if args.device.type != "cuda":
        RESULTS["syncs"] = {"note": "no CUDA device: nothing to count"}
        return
    ms_model, classes = _image_models(args)
    size = 32 if args.smoke else 224
    x, y = _data(args, (3, size, size), classes)
    tx, ty, mx, my = _pair_inputs(args, x, y)
    torch_factory = tm.ResNet50
    entry = RESULTS.setdefault("syncs", {})
    for label, build in (("torch_eager", lambda: torch_step(torch_factory(classes), tx, ty, None, False, args.device)),
                         ("sporetorch_pynative", lambda: ms_step(ms_model("resnet50"), mx, my, None, False)),
                         ("sporetorch_graph", lambda: ms_step(ms_model("resnet50"), mx, my, None, True))):
        if budget.left() < 20:
            entry[label] = "skipped: budget spent"
            continue
        try:
            step = build()
            warm(step, budget, args.warm_s)
            entry[label] = count_syncs(step, 3, args.device)
        except Exception as exc:
            entry[label] = f"{type(exc).__name__}: {exc}"[:500]
            traceback.print_exc()
    _save(args.out)
    print("[syncs]", json.dumps(entry), flush=True)


def _write_images(root, count, size, classes=4):
    from PIL import Image
    g = np.random.default_rng(2)
    for i in range(count):
        folder = os.path.join(root, f"class{i % classes}")
        os.makedirs(folder, exist_ok=True)
        # smooth noise compresses like a photograph, not like white noise
        base = g.integers(0, 255, (size[1] // 8, size[0] // 8, 3), dtype=np.uint8)
        Image.fromarray(base).resize(size, Image.BILINEAR).save(os.path.join(folder, f"{i}.jpg"), quality=90)


def part_pipeline(args, budget):
    import mindspore.dataset as ds
    import mindspore.dataset.vision as vision
    ms_model, classes = _image_models(args)
    count, size, crop = (16, (48, 40), 32) if args.smoke else (1024, (500, 375), 224)
    entry = RESULTS.setdefault("pipeline", {})
    with tempfile.TemporaryDirectory() as root:
        _write_images(root, count, size)
        data = ds.ImageFolderDataset(root, shuffle=True, num_parallel_workers=args.workers)
        data = data.map([vision.Decode(), vision.RandomResizedCrop(crop), vision.RandomHorizontalFlip(),
                         vision.Normalize([123.675, 116.28, 103.53], [58.395, 57.12, 57.375]), vision.HWC2CHW()],
                        input_columns="image", num_parallel_workers=args.workers)
        data = data.batch(args.batch, drop_remainder=True)
        x, y = _data(args, (3, crop, crop), classes)
        train = ms_train(ms_model("resnet50"), None, False)
        step = functools.partial(train, ms.Tensor(x), ms.Tensor(y))
        warm(step, budget, args.warm_s)
        compute = statistics.median([_timed(step) for _ in range(5)])
        batches, start = 0, time.perf_counter()
        for _ in range(2):  # the same step, now on the pipeline's batches
            for image, label in data.create_tuple_iterator(num_epochs=1):
                train(image, label.astype(ms.int32))
                batches += 1
            if budget.left() < 10:
                break
        wall = time.perf_counter() - start
    entry.update({"workers": args.workers, "images_per_s": round(batches * args.batch / wall, 1),
                  "compute_ms_per_step": round(1000 * compute, 2),
                  "gpu_idle_fraction": round(max(0.0, 1 - batches * compute / wall), 3)})
    _save(args.out)
    print("[pipeline]", json.dumps(entry), flush=True)


def _timed(step):
    t0 = time.perf_counter()
    step()
    return time.perf_counter() - t0


PARTS = {"resnet50": part_resnet50, "syncs": part_syncs, "vit": part_vit, "decoder": part_decoder,
         "pipeline": part_pipeline}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder for gpu_results.json")
    parser.add_argument("--device", default="cuda", choices=["cuda", "cpu"], help="where both sides train")
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated parts, run in this order")
    parser.add_argument("--budget", type=float, default=330.0, help="seconds; parts not started by then are skipped")
    parser.add_argument("--batch", type=int, default=64, help="images per step")
    parser.add_argument("--steps", type=int, default=10, help="timed steps per contender per round")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--workers", type=int, default=8, help="pipeline workers (parallel map and reading)")
    parser.add_argument("--warm-s", type=float, default=120.0, help="most seconds a contender warms up for")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny shapes, no compiled contenders and no settling, for a CPU check of the script")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    if args.smoke:
        args.warm_s = 0.0
    if args.device == "cuda" and not torch.cuda.is_available():
        print("gpu_bench: no CUDA device; nothing measured (use --device cpu --smoke to check the script)")
        return 0
    args.device = torch.device(args.device)
    ms.set_context(device_target="GPU" if args.device.type == "cuda" else "CPU")
    RESULTS["setup"] = {"torch": torch.__version__, "device": torch.cuda.get_device_name() if args.device.type == "cuda"
                        else "cpu", "batch": args.batch, "steps": args.steps, "rounds": args.rounds,
                        "smoke": args.smoke}
    budget = Budget(args.budget)
    for name in args.parts.split(","):
        if budget.left() < 20:
            RESULTS.setdefault("skipped", []).append(name)
            continue
        t0 = time.monotonic()
        try:
            PARTS[name](args, budget)
        except Exception as exc:
            RESULTS.setdefault("part_errors", {})[name] = f"{type(exc).__name__}: {exc}"[:500]
            traceback.print_exc()
        RESULTS.setdefault("part_seconds", {})[name] = round(time.monotonic() - t0, 1)
        _save(args.out)
    _save(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
