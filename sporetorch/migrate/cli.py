"""``sporetorch migrate``: the migration toolkit on the command line.

    sporetorch migrate map --torch net.py:TorchNet --mindspore net_ms.py:Net [-o map.json]
    sporetorch migrate convert model.pth model.ckpt --map map.json      (.ckpt -> .pth the other way)
    sporetorch migrate compare --torch net.py:TorchNet --mindspore net_ms.py:Net --input-shape 2,3,32,32
    sporetorch migrate scan train.py [more.py ...] [--api-listing mindspore-api.json]
    sporetorch migrate translate model.py -o model_ms.py [--check LeNet --input-shape 2,1,32,32]

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
    with (_translate._mindspore_alias() if mindspore_side else _nullcontext()):
        if where.endswith(".py") or os.path.sep in where:
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
    print(wmap.table())
    print(wmap.report())
    if a.output:
        wmap.to_json(a.output)
        print(f"written: {a.output}")
    return 0 if wmap.complete else 1


def _cmd_convert(a):
    from .weights import convert, convert_back
    reverse = a.reverse or a.src.endswith(".ckpt")
    left = (convert_back if reverse else convert)(a.src, a.dst, a.map)
    print(f"written: {a.dst}")
    if left:
        print(f"not in the map, not written: {left}")
    return 0


def _cmd_compare(a):
    import torch
    from .finder import compare
    from .reproducibility import fix_random
    t_net, m_net = _build(a.torch, False), _build(a.mindspore, True)
    with fix_random(a.seed, deterministic=False):
        x = torch.randn(*_shape(a.input_shape))
    report = compare(t_net, m_net, x, a.rtol, a.atol, grad_tol=a.grad_tol, train=not a.eval_only,
                     grads=not a.eval_only, step=not a.eval_only, seed=a.seed, lr=a.lr, momentum=a.momentum,
                     weight_decay=a.weight_decay)
    print(report)
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
    text = _translate.translate_file(a.file, a.output)
    if a.output is None:
        print(text, end="")
    else:
        print(f"written: {a.output} ({text.count(_translate.TODO_MARK) - 1} TODO)")
    if a.check:
        if a.output is None or a.input_shape is None:
            raise SystemExit("sporetorch migrate translate: --check needs -o and --input-shape")
        report = _translate.verify(a.file, a.output, a.check, _shape(a.input_shape))
        print(report)
        return 0 if report.ok else 1
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="sporetorch migrate", description="PyTorch to MindSpore migration toolkit")
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("map", help="pair torch state_dict keys with MindSpore Parameter names")
    m.add_argument("--torch", required=True)
    m.add_argument("--mindspore", required=True)
    m.add_argument("-o", "--output", help="write the map as JSON")
    c = sub.add_parser("convert", help="convert weights with a JSON map (.pth/.safetensors <-> .ckpt)")
    c.add_argument("src")
    c.add_argument("dst")
    c.add_argument("--map", required=True)
    c.add_argument("--reverse", action="store_true", help="MindSpore checkpoint -> torch file")
    d = sub.add_parser("compare", help="layer-by-layer, gradient and optimizer-step comparison")
    d.add_argument("--torch", required=True)
    d.add_argument("--mindspore", required=True)
    d.add_argument("--input-shape", required=True)
    d.add_argument("--rtol", type=float, default=1e-5)
    d.add_argument("--atol", type=float, default=1e-5)
    d.add_argument("--grad-tol", type=float, default=1e-4)
    d.add_argument("--lr", type=float, default=0.01)
    d.add_argument("--momentum", type=float, default=0.9)
    d.add_argument("--weight-decay", type=float, default=0.0)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--eval-only", action="store_true")
    d.add_argument("--json")
    d.add_argument("--html")
    s = sub.add_parser("scan", help="list the torch APIs of a script with their MindSpore counterparts")
    s.add_argument("files", nargs="+")
    s.add_argument("--api-listing", help="MindSpore API listing JSON, to tell unknown names from missing ones")
    t = sub.add_parser("translate", help="rewrite a PyTorch nn.Module file as a MindSpore nn.Cell file")
    t.add_argument("file")
    t.add_argument("-o", "--output")
    t.add_argument("--check", metavar="CLASS", help="prove the translation of CLASS with the difference finder")
    t.add_argument("--input-shape")
    a = p.parse_args(argv)
    return {"map": _cmd_map, "convert": _cmd_convert, "compare": _cmd_compare, "scan": _cmd_scan,
            "translate": _cmd_translate}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
