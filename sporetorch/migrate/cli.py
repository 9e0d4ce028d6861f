"""``sporetorch migrate``: the migration toolkit on the command line.

    sporetorch migrate map --torch net.py:TorchNet --mindspore net_ms.py:Net [-o map.json]
    sporetorch migrate convert model.pth model.ckpt --map map.json      (.ckpt -> .pth the other way)
    sporetorch migrate compare --torch net.py:TorchNet --mindspore net_ms.py:Net --input-shape 2,3,32,32
    sporetorch migrate compare ... --input ids:2,16:int64:0:1000 --input mask:2,16:float32 [--quiet]
    sporetorch migrate compare ... --inputs batch.npz --pth model.pth --ckpt model.ckpt
    sporetorch migrate scan train.py [more.py ...] [--api-listing mindspore-api.json]
    sporetorch migrate dump net.py:Net --input-shape 2,3,32,32 -o dump_torch [--mindspore] [--pth/--ckpt F]
    sporetorch migrate compare-dump dump_torch dump_ms
    sporetorch migrate loss-curve torch.log ms.log
    sporetorch migrate explain "For 'CrossEntropyLoss', the 'labels' should be Int32"
    sporetorch migrate translate model.py -o model_ms.py [--check LeNet --input-shape 2,1,32,32]
    sporetorch migrate translate train.py -o train_ms.py --check [--steps 10] [--mindspore-python PY]

A network is given as ``FILE.py:NAME`` or ``package.module:NAME``; NAME is called with no
arguments. The MindSpore side is imported with ``mindspore`` aliased to sporetorch.
"""
import argparse
import importlib
import os
import sys

from . import translator as _translate


def _build(spec, mindspore_side):
    if ":" not in spec:
        raise SystemExit(f"sporetorch migrate: expected FILE.py:NAME or module:NAME, got {spec!r}")
    where, name = spec.rsplit(":", 1)
    # the alias stays on while the factory runs: a factory may import mindspore in its body
    with (_translate._mindspore_alias() if mindspore_side else _nullcontext()):
        if (where.endswith(".py") or os.path.sep in where) and not mindspore_side:
            module = _translate.load_torch_source(where)  # through its package: relative imports work
        elif where.endswith(".py") or os.path.sep in where:
            module = _translate._load(where, f"_sporetorch_migrate_{'ms' if mindspore_side else 'torch'}")
        else:
            module = importlib.import_module(where)
        return getattr(module, name)()


class _nullcontext:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _shape(text):
    return tuple(int(v) for v in text.split(","))


def _cmd_map(a):
    from .weights import weight_map
    wmap = weight_map(_build(a.torch, False), _build(a.mindspore, True))
    print(wmap.report())
    if a.verbose:
        print(wmap.table())
    if a.output:
        wmap.to_json(a.output)
        print(f"written: {a.output}")
    return 0 if wmap.complete else 1


def _cmd_convert(a):
    from .weights import convert, convert_back
    reverse = a.reverse or a.src.endswith(".ckpt")
    left = (convert_back if reverse else convert)(a.src, a.dst, a.map)
    count, nbytes, bad = _verify_convert(a.src, a.dst, a.map, reverse)
    print(f"written: {a.dst}: {count} tensors, {nbytes} bytes ({nbytes / 2**20:.2f} MiB)")
    if bad:
        print(f"verified reload: FAILED, {len(bad)} tensors differ from {a.src}: {bad[:10]}")
    else:
        print(f"verified reload: {count} of {count} tensors equal to {a.src}")
    if left:
        print(f"not in the map, not written: {left}")
    return 1 if bad else 0


def _verify_convert(src, dst, map_file, reverse):
    """Reload ``dst`` and compare every mapped tensor with ``src``: (count, bytes, names that differ)."""
    import torch
    from ..interop import load_torch_file
    from ..train.serialization import load_checkpoint
    from .weights import _as_map, _to_ms_layout

    def ckpt(path):
        path = os.fspath(path)
        params = load_checkpoint(path, format="safetensors" if path.endswith(".safetensors") else "ckpt")
        return {k: v._t for k, v in params.items() if not isinstance(v, str)}

    wmap = _as_map(map_file)
    t_sd = load_torch_file(dst if reverse else src)
    if t_sd and all(k.startswith("module.") for k in t_sd):
        t_sd = {k[len("module."):]: v for k, v in t_sd.items()}
    m_sd = ckpt(src if reverse else dst)
    written = t_sd if reverse else m_sd
    count = len(written)
    nbytes = sum(v.numel() * v.element_size() for v in written.values())
    bad = [e["mindspore"] for e in wmap.entries
           if e["torch"] not in t_sd or e["mindspore"] not in m_sd
           or not torch.equal(_to_ms_layout(e, t_sd[e["torch"]]).cpu(), m_sd[e["mindspore"]].cpu())]
    return count, nbytes, bad


_DTYPES = ("float16", "bfloat16", "float32", "float64", "int8", "uint8", "int16", "int32", "int64", "bool")


def _input_spec(text):
    """``NAME:SHAPE:DTYPE[:LOW:HIGH]`` -> (name, shape, dtype, low, high)."""
    parts = text.split(":")
    if len(parts) not in (3, 5):
        raise SystemExit(f"sporetorch migrate compare: --input takes NAME:SHAPE:DTYPE[:LOW:HIGH], got {text!r}")
    name, shape, dtype = parts[:3]
    if dtype not in _DTYPES:
        raise SystemExit(f"sporetorch migrate compare: --input {text!r}: dtype must be one of {', '.join(_DTYPES)}")
    low, high = (float(parts[3]), float(parts[4])) if len(parts) == 5 else (None, None)
    return name, _shape(shape) if shape else (), dtype, low, high


def _random_input(shape, dtype, low, high, gen):
    """Random values of ``dtype``: normal floats (uniform in [low, high) when given), integers in
    [low, high) (default [0, 10)), random booleans."""
    import torch
    tdtype = getattr(torch, dtype)
    if dtype == "bool":
        return torch.randint(0, 2, shape, generator=gen).bool()
    if tdtype.is_floating_point:
        if low is None:
            return torch.randn(shape, generator=gen).to(tdtype)
        return (torch.rand(shape, generator=gen) * (high - low) + low).to(tdtype)
    lo, hi = (0, 10) if low is None else (int(low), int(high))
    return torch.randint(lo, hi, shape, generator=gen).to(tdtype)


def _compare_inputs(a):
    """The inputs of ``compare`` from --inputs (a .npz file, arrays in file order), --input (repeated)
    or --input-shape (one float32 tensor), in that order of preference. Passed positionally."""
    import numpy as np
    import torch
    if a.inputs:
        with np.load(a.inputs) as z:
            return tuple(torch.from_numpy(np.array(z[k])) for k in z.files)
    gen = torch.Generator().manual_seed(a.seed)
    if a.input:
        return tuple(_random_input(shape, dtype, low, high, gen) for _, shape, dtype, low, high in map(_input_spec, a.input))
    if a.input_shape:
        return (torch.randn(_shape(a.input_shape), generator=gen),)
    raise SystemExit("sporetorch migrate compare: give the inputs with --input-shape, --input or --inputs")


def _cmd_compare(a):
    from .finder import compare
    from .weights import copy_weights, weight_map
    inputs = _compare_inputs(a)
    with _translate._mindspore_alias():  # a Cell may import mindspore when it is built or run
        t_net, m_net = _build(a.torch, False), _build(a.mindspore, True)
        copy = True
        if a.pth or a.ckpt:
            from ..interop import load_torch_file
            from ..train.serialization import load_checkpoint, load_param_into_net
            if a.pth:
                t_net.load_state_dict(load_torch_file(a.pth))
            if a.ckpt:
                ckpt = os.fspath(a.ckpt)
                params = load_checkpoint(ckpt, format="safetensors" if ckpt.endswith(".safetensors") else "ckpt")
                not_loaded, _ = load_param_into_net(m_net, params)
                if not_loaded:
                    print(f"not in {a.ckpt}: {not_loaded}")
            if a.ckpt and not a.pth:  # the checkpoint's weights on both sides
                copy_weights(t_net, m_net, a.map or weight_map(t_net, m_net), direction="to_torch")
            # the files are what is compared: each side keeps the weights it was given
            copy = bool(a.pth and not a.ckpt)
        report = compare(t_net, m_net, inputs, a.rtol, a.atol, weight_map=a.map,
                         grad_tol=a.grad_tol, train=not a.eval_only, grads=not a.eval_only, step=not a.eval_only,
                         seed=a.seed, lr=a.lr, momentum=a.momentum, weight_decay=a.weight_decay, copy=copy)
    print(report.summary() if a.quiet else report)
    if a.json:
        report.to_json(a.json)
    if a.html:
        report.to_html(a.html)
    return 0 if report.ok else 1


def _cmd_scan(a):
    from .scan import format_scan, scan
    status = 0
    for path in a.files:
        torch_uses, missing = scan(path, a.api_listing)
        print(f"== {path}")
        print(format_scan(torch_uses, missing))
        status |= bool(missing)
    return status


def _cmd_translate(a):
    result = _translate.translate_file(a.file, a.output, report=True)
    if a.output is None:
        print(result.text, end="")
    else:
        print(f"written: {a.output}: {len(result.todos)} constructs left as NotImplementedError, "
              f"{len(result.notes)} notes")
    for line, msg in result.todos:
        print(f"  NotImplementedError line {line}: {msg}")
    for line, msg in result.notes:
        print(f"  note line {line}: {msg}")
    if a.check == "":  # a training script: run both for --steps steps and compare the losses
        if a.output is None:
            raise SystemExit("sporetorch migrate translate: --check needs -o")
        from .train_check import check_training
        check = check_training(a.file, a.output, a.steps, a.mindspore_python, a.loss_tol, a.ms_loss_tol)
        print(check)
        return 0 if check.ok else 1
    if a.check:
        if a.output is None or a.input_shape is None:
            raise SystemExit("sporetorch migrate translate: --check CLASS needs -o and --input-shape")
        report = _translate.verify(a.file, a.output, a.check, _shape(a.input_shape), rtol=a.rtol, atol=a.atol,
                                   grad_tol=a.grad_tol, mindspore_python=a.mindspore_python, ms_rtol=a.ms_rtol)
        print(report.summary())
        out = report.phases["eval forward"][-1]
        print(f"sporetorch: outputs differ by at most {out['max_abs']:.3g} (abs), {out['max_rel']:.3g} (rel)"
              + (" -- exactly equal" if out["max_abs"] == 0 else ""))
        mc = report.mindspore_check
        if mc is not None:
            print(f"MindSpore {mc['version']} ({mc['python']}): outputs differ by at most {mc['max_abs']:.3g} (abs), "
                  f"{mc['max_rel']:.3g} (rel, tolerance {a.ms_rtol}); "
                  f"{'ok' if mc['ok'] else 'DIFF'}; parameters not loaded: {mc['not_loaded']}")
        return 0 if report.ok else 1
    return 0


def _cmd_dump(a):
    from .dump import dump
    inputs = _compare_inputs(a)
    with _translate._mindspore_alias():
        net = _build(a.net, a.mindspore)
        if a.pth:
            from ..interop import load_torch_file
            net.load_state_dict(load_torch_file(a.pth))
        if a.ckpt:
            from ..train.serialization import load_checkpoint, load_param_into_net
            load_param_into_net(net, load_checkpoint(a.ckpt))
        records = dump(net, inputs, a.output, backward=not a.forward_only)
    n_fwd = sum(r["direction"] == "forward" for r in records)
    print(f"written: {a.output}: {n_fwd} forward and {len(records) - n_fwd} backward records")
    return 0


def _cmd_compare_dump(a):
    from .dump import compare_dumps
    result = compare_dumps(a.torch_dump, a.mindspore_dump, a.rtol, a.atol)
    print(result.summary() if a.quiet else result)
    return 0 if result.ok else 1


def _cmd_loss_curve(a):
    from .explain import compare_losses, read_losses
    la, lb = read_losses(a.log_a, a.pattern), read_losses(a.log_b, a.pattern)
    res = compare_losses(la, lb, a.rtol, a.atol)
    print(f"{a.log_a}: {len(la)} losses; {a.log_b}: {len(lb)} losses; max |diff| {res['max_abs']:.3g}")
    if res["first"] is None:
        print(f"the curves agree on {min(len(la), len(lb))} steps (rtol={a.rtol}, atol={a.atol})")
    else:
        i, x, y, d = res["rows"][res["first"]]
        print(f"first step outside the tolerance: {i} ({x!r} vs {y!r}, |diff| {d:.3g})")
    if not a.quiet:
        for i, x, y, d in res["rows"]:
            print(f"  {i:>5}  {x:>14.7g}  {y:>14.7g}  {d:.3g}")
    return 0 if res["first"] is None and len(la) == len(lb) else 1


def _cmd_explain(a):
    from .explain import explain, format_explanations
    text = " ".join(a.message)
    if a.file:
        with open(a.file, encoding="utf-8", errors="replace") as f:
            text += "\n" + f.read()
    found = explain(text)
    print(format_explanations(found))
    return 0 if found else 1


_NET_HELP = "the network: FILE.py:NAME or package.module:NAME; NAME (a class or factory) is called with no arguments"


def _parser():
    p = argparse.ArgumentParser(prog="sporetorch migrate", description="PyTorch to MindSpore migration toolkit")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    m = sub.add_parser("map", help="pair torch state_dict keys with MindSpore Parameter names",
                       description="Pair every torch state_dict key with a MindSpore Parameter name; the summary "
                                   "comes first, the pairs with --verbose.")
    m.add_argument("--torch", required=True, metavar="SPEC", help="the PyTorch " + _NET_HELP)
    m.add_argument("--mindspore", required=True, metavar="SPEC",
                   help="the MindSpore " + _NET_HELP + " (imported with mindspore aliased to sporetorch)")
    m.add_argument("-o", "--output", metavar="JSON", help="write the map as JSON (the input of convert --map)")
    m.add_argument("-v", "--verbose", action="store_true", help="also print every pair, one line each")
    c = sub.add_parser("convert", help="convert weights with a JSON map (.pth/.safetensors <-> .ckpt)",
                       description="Convert a torch weights file into a MindSpore checkpoint (or back), then "
                                   "reload the result and check every tensor against the source.")
    c.add_argument("src", help="the source file: .pth/.pt/.safetensors (torch) or .ckpt (MindSpore)")
    c.add_argument("dst", help="the file to write: .ckpt/.safetensors (MindSpore) or .pth/.pt (torch)")
    c.add_argument("--map", required=True, metavar="JSON", help="the weight map written by 'migrate map -o'")
    c.add_argument("--reverse", action="store_true",
                   help="MindSpore checkpoint -> torch file (implied when SRC ends in .ckpt)")
    d = sub.add_parser("compare", help="layer-by-layer, gradient and optimizer-step comparison",
                       description="Run both networks on the same inputs and weights; report the first layer, "
                                   "gradient or step that differs, with its likely cause.")
    d.add_argument("--torch", required=True, metavar="SPEC", help="the PyTorch " + _NET_HELP)
    d.add_argument("--mindspore", required=True, metavar="SPEC",
                   help="the MindSpore " + _NET_HELP + " (mindspore aliased to sporetorch while it is built and run)")
    d.add_argument("--input-shape", metavar="N,C,H,W", help="one random float32 input of this shape")
    d.add_argument("--input", action="append", metavar="NAME:SHAPE:DTYPE[:LOW:HIGH]",
                   help="one random input (repeat for more, passed positionally in order), e.g. ids:2,16:int64:0:1000;"
                        " integers default to [0, 10)")
    d.add_argument("--inputs", metavar="NPZ", help="the inputs from a .npz file, passed positionally in file order")
    d.add_argument("--pth", metavar="FILE", help="load this torch weights file into the torch network")
    d.add_argument("--ckpt", metavar="FILE", help="load this MindSpore checkpoint into the Cell (with --pth: "
                                                  "compare the two files; alone: both sides get its weights)")
    d.add_argument("--map", metavar="JSON", help="the weight map (default: built from the two networks)")
    d.add_argument("--rtol", type=float, default=1e-5, help="relative tolerance of the forward (default 1e-5)")
    d.add_argument("--atol", type=float, default=1e-5, help="absolute tolerance of the forward (default 1e-5)")
    d.add_argument("--grad-tol", type=float, default=1e-4,
                   help="rtol and atol of the gradients and of the optimizer step (default 1e-4)")
    d.add_argument("--lr", type=float, default=0.01, help="learning rate of the compared SGD step (default 0.01)")
    d.add_argument("--momentum", type=float, default=0.9, help="momentum of the compared step (default 0.9)")
    d.add_argument("--weight-decay", type=float, default=0.0, help="weight decay of the compared step (default 0)")
    d.add_argument("--seed", type=int, default=0, help="seed of the random inputs and of both runs (default 0)")
    d.add_argument("--eval-only", action="store_true", help="compare the eval-mode forward only")
    d.add_argument("-q", "--quiet", action="store_true", help="print the summary only, not the per-layer tables")
    d.add_argument("--json", metavar="FILE", help="write the full report as JSON")
    d.add_argument("--html", metavar="FILE", help="write the full report as HTML")
    s = sub.add_parser("scan", help="list the torch APIs of a script with their MindSpore counterparts",
                       description="List the torch APIs a script uses with their MindSpore 2.10 counterparts, "
                                   "or the MindSpore APIs a script uses that sporetorch lacks.")
    s.add_argument("files", nargs="+", help="the Python files to scan")
    s.add_argument("--api-listing", metavar="JSON",
                   help="MindSpore API listing JSON, to tell unknown names from missing ones")
    t = sub.add_parser("translate", help="rewrite a PyTorch nn.Module file as a MindSpore nn.Cell file",
                       description="Rewrite a PyTorch model file as a MindSpore one; anything not translated "
                                   "raises NotImplementedError at its place and is listed.")
    t.add_argument("file", help="the PyTorch source file")
    t.add_argument("-o", "--output", metavar="FILE", help="where to write the MindSpore file (default: stdout)")
    t.add_argument("--check", metavar="CLASS", nargs="?", const="",
                   help="prove the translation: with CLASS (a class or factory), by the difference finder on both "
                        "models (needs --input-shape); without, by running the training script and its translation "
                        "for --steps steps from the same initial weights and comparing the losses")
    t.add_argument("--steps", type=int, default=10, help="training steps of --check on a script (default 10)")
    t.add_argument("--loss-tol", type=float, default=1e-5,
                   help="largest |loss difference| per step on sporetorch (default 1e-5)")
    t.add_argument("--ms-loss-tol", type=float, default=1e-4,
                   help="largest |loss difference| per step on real MindSpore (default 1e-4)")
    t.add_argument("--input-shape", metavar="N,C,H,W", help="the input shape of --check")
    t.add_argument("--rtol", type=float, default=0.0, help="forward rtol of --check on sporetorch (default 0: exact)")
    t.add_argument("--atol", type=float, default=0.0, help="forward atol of --check on sporetorch (default 0: exact)")
    t.add_argument("--grad-tol", type=float, default=1e-5, help="gradient and step tolerance of --check (default 1e-5)")
    t.add_argument("--mindspore-python", metavar="PYTHON",
                   help="also run the translation under this interpreter of a real MindSpore 2.10 environment, "
                        "from the converted weights")
    t.add_argument("--ms-rtol", type=float, default=1e-5,
                   help="relative tolerance of the MindSpore run (largest difference over largest output; default 1e-5)")
    u = sub.add_parser("dump", help="record every layer call's inputs/outputs (forward) and output gradients "
                                    "(backward) of one run",
                       description="Run a torch network or a Cell once forward and backward, recording every "
                                   "leaf-layer call; compare a torch dump and a MindSpore dump with compare-dump.")
    u.add_argument("net", metavar="SPEC", help="the network: FILE.py:NAME or package.module:NAME")
    u.add_argument("-o", "--output", required=True, metavar="DIR", help="the dump directory to write")
    u.add_argument("--mindspore", action="store_true", help="SPEC is a MindSpore Cell (mindspore aliased)")
    u.add_argument("--input-shape", metavar="N,C,H,W", help="one random float32 input of this shape")
    u.add_argument("--input", action="append", metavar="NAME:SHAPE:DTYPE[:LOW:HIGH]", help="one random input "
                   "(repeatable), as in compare")
    u.add_argument("--inputs", metavar="NPZ", help="the inputs from a .npz file, in file order")
    u.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    u.add_argument("--pth", metavar="FILE", help="load these torch weights first")
    u.add_argument("--ckpt", metavar="FILE", help="load this MindSpore checkpoint first")
    u.add_argument("--forward-only", action="store_true", help="record the forward only")
    v = sub.add_parser("compare-dump", help="compare a torch dump with a MindSpore dump; name the first "
                                            "divergent call",
                       description="Pair the calls of two dumps by layer kind and compare them; print the first "
                                   "divergent call of the forward and of the backward.")
    v.add_argument("torch_dump", metavar="TORCH_DIR", help="the dump of the torch run")
    v.add_argument("mindspore_dump", metavar="MINDSPORE_DIR", help="the dump of the MindSpore-API run")
    v.add_argument("--rtol", type=float, default=1e-4, help="relative tolerance (default 1e-4)")
    v.add_argument("--atol", type=float, default=1e-5, help="absolute tolerance (default 1e-5)")
    v.add_argument("-q", "--quiet", action="store_true", help="print the summary only")
    w = sub.add_parser("loss-curve", help="compare the losses of two training logs step by step",
                       description="Read a loss per matching line of each log and compare the two curves.")
    w.add_argument("log_a", metavar="LOG_A", help="the first training log (e.g. torch's)")
    w.add_argument("log_b", metavar="LOG_B", help="the second training log (e.g. MindSpore's)")
    w.add_argument("--pattern", metavar="REGEX", help="a regex with one group capturing the loss "
                                                      "(default: the number after the word 'loss')")
    w.add_argument("--rtol", type=float, default=1e-4, help="relative tolerance per step (default 1e-4)")
    w.add_argument("--atol", type=float, default=1e-5, help="absolute tolerance per step (default 1e-5)")
    w.add_argument("-q", "--quiet", action="store_true", help="print the summary only, not every step")
    e = sub.add_parser("explain", help="the cause and fix of a MindSpore error message",
                       description="Map an error message of migrated code to its likely cause and fix.")
    e.add_argument("message", nargs="*", help="the error message (or a part of it)")
    e.add_argument("--file", metavar="LOG", help="read the message from a file (a traceback, a log)")
    return p


def main(argv=None):
    a = _parser().parse_args(argv)
    return {"map": _cmd_map, "convert": _cmd_convert, "compare": _cmd_compare, "scan": _cmd_scan,
            "translate": _cmd_translate, "dump": _cmd_dump, "compare-dump": _cmd_compare_dump,
            "loss-curve": _cmd_loss_curve, "explain": _cmd_explain}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
