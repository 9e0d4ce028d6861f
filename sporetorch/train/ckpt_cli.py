"""``sporetorch ckpt``: show, convert and diff checkpoint files.

    sporetorch ckpt show FILE [--values]
    sporetorch ckpt convert IN OUT [--net MODULE:CALLABLE] [--crc]
    sporetorch ckpt diff A B [--atol X]

FILE/IN/OUT may be ``.ckpt`` (MindSpore), ``.safetensors`` or ``.pth``/``.pt`` (PyTorch,
read with ``torch.load(weights_only=True)``). Converting to or from ``.pth`` maps names and
layouts through the layers of ``--net`` (a callable returning a Cell, e.g.
``mypkg.models:LeNet5``) or, without it, by the BatchNorm/Embedding naming rules. A
``.safetensors`` output records the entries' order in its metadata (the format sorts them by
name), so that converting it back gives the original ``.ckpt`` byte for byte.
"""
import argparse
import importlib
import os
import sys

import torch

from . import serialization as ser
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .. import interop

_TORCH_SUFFIXES = (".pth", ".pt")


def _kind(path):
    if path.endswith(".ckpt"):
        return "ckpt"
    if path.endswith(".safetensors"):
        return "safetensors"
    if path.endswith(_TORCH_SUFFIXES):
        return "torch"
    raise ValueError(f"{path}: unknown file type; use .ckpt, .safetensors, .pth or .pt")


def _crc_status(path, kind):
    if kind == "ckpt":
        f, size = ser._open_regular(path, "checkpoint file")
        with f:
            stored = ser._stored_crc(f, size)
            if stored is None:
                return "none"
            return "ok" if ser._crc_of(f, size - ser._CRC_FOOTER_LEN) == stored else "MISMATCH"
    if kind == "safetensors":
        _, meta = ser._safetensors_load(path)
        if "crc_num" not in meta:
            return "none"
        try:
            ser._read_safetensors(path, None, crc_check=True)
        except ValueError:
            return "MISMATCH"
        return "ok"
    return "n/a"


def _read(path):
    """Return ``{name: torch.Tensor or str}`` in file order."""
    kind = _kind(path)
    if not os.path.isfile(path):
        raise ValueError(f"{path}: no such file")
    if kind == "ckpt":
        return ser._read_ckpt(os.path.realpath(path), None, crc_check=False)
    if kind == "safetensors":
        return ser._read_safetensors(path, None, crc_check=False, keep_order=True)
    sd = interop.load_torch_file(path)
    bad = [k for k, v in sd.items() if not isinstance(v, torch.Tensor)]
    if bad:
        raise ValueError(f"{path}: the entries {bad} are not tensors")
    return sd


def _describe(value):
    if isinstance(value, str):
        return "-", "str", len(value.encode("utf-32-le"))
    dtype = mstype.from_torch(value.dtype)
    return str(tuple(value.shape)), str(dtype), value.numel() * value.element_size()


def _show(args):
    crc = _crc_status(args.file, _kind(args.file)) if os.path.isfile(args.file) else "n/a"
    try:
        data = _read(args.file)
    except ValueError as e:
        raise ValueError(f"{e} (CRC: {crc})") from e
    rows = [(name, *_describe(v)) for name, v in data.items()]
    width = max([len(r[0]) for r in rows] + [4])
    print(f"{args.file}: {len(rows)} entries, CRC: {crc}")
    print(f"{'name':<{width}}  {'shape':<16} {'dtype':<10} {'bytes':>12}")
    total = 0
    for name, shape, dtype, size in rows:
        total += size
        print(f"{name:<{width}}  {shape:<16} {dtype:<10} {size:>12}")
        if args.values:
            v = data[name]
            text = repr(v) if isinstance(v, str) else str(Tensor.from_torch(v))
            print("    " + text.replace("\n", "\n    "))
    print(f"total {total} bytes")
    return 0


def _make_net(spec):
    module, sep, attr = spec.partition(":")
    if not sep:
        raise ValueError(f"--net must be MODULE:CALLABLE, got {spec!r}")
    sys.path.insert(0, os.getcwd())  # so that a model file in the current folder can be named
    try:
        factory = importlib.import_module(module)
    finally:
        sys.path.remove(os.getcwd())
    for part in attr.split("."):
        factory = getattr(factory, part)
    net = factory()
    from ..nn.cell import Cell
    if not isinstance(net, Cell):
        raise ValueError(f"--net {spec} returned {type(net).__name__}, not a Cell")
    return net


def _convert(args):
    src_kind, dst_kind = _kind(args.input), _kind(args.output)
    data = _read(args.input)
    net = _make_net(args.net) if args.net else None
    if dst_kind == "torch":
        tensors = {k: v for k, v in data.items() if not isinstance(v, str)}
        if src_kind == "torch":
            sd = tensors
        elif net is not None:
            params = {k: ser._as_parameter(k, v) for k, v in tensors.items()}
            ser.load_param_into_net(net, params)
            sd = interop.to_torch_state_dict(net)
        else:
            names = interop.torch_names_from_mindspore(tensors)
            sd = {names[k]: v for k, v in tensors.items()}
        ser._atomic_write(os.path.realpath(args.output), lambda f: torch.save(sd, f))
    else:
        if src_kind == "torch":
            if net is not None:
                report = interop.load_torch_state_dict(net, data, strict=False)
                for what, items in zip(report._fields, report):
                    if items:
                        print(f"warning: {what}: {items}", file=sys.stderr)
                params = net
            else:
                params = interop.parameters_from_torch(data)
        else:
            params = {k: ser._as_parameter(k, v) for k, v in data.items()}
        if dst_kind == "safetensors":  # with the entries' order, which the format itself sorts away
            ser._save_safetensors_keeping_order(params, args.output, args.crc)
        else:
            ser.save_checkpoint(params, args.output, crc_check=args.crc)
    print(f"wrote {args.output}")
    return 0


def _diff(args):
    a, b = _read(args.a), _read(args.b)
    differ = False
    width = max([len(n) for n in list(a) + list(b)] + [4])
    for name in list(a) + [n for n in b if n not in a]:
        if name not in b or name not in a:
            print(f"{name:<{width}}  only in {args.a if name in a else args.b}")
            differ = True
            continue
        x, y = a[name], b[name]
        if isinstance(x, str) or isinstance(y, str):
            same = x == y
            print(f"{name:<{width}}  {'same' if same else 'different text'}")
            differ |= not same
            continue
        if x.shape != y.shape:
            print(f"{name:<{width}}  shape {tuple(x.shape)} vs {tuple(y.shape)}")
            differ = True
            continue
        note = "" if x.dtype == y.dtype else f"  (dtype {_describe(x)[1]} vs {_describe(y)[1]})"
        if x.numel() == 0:
            err = 0.0
        elif x.is_complex() or y.is_complex():
            err = (x.to(torch.complex128) - y.to(torch.complex128)).abs().max().item()
        else:
            err = (x.double() - y.double()).abs().max().item()
        print(f"{name:<{width}}  max abs diff {err:.6g}{note}")
        differ |= not err <= args.atol or bool(note)
    return 1 if differ else 0


def _parser():
    parser = argparse.ArgumentParser(prog="sporetorch ckpt", description="show, convert and diff checkpoint files")
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("show", help="list names, shapes, dtypes, sizes and the CRC status")
    show.add_argument("file")
    show.add_argument("--values", action="store_true", help="also print the values")
    show.set_defaults(func=_show)
    conv = sub.add_parser("convert", help="convert between .ckpt, .safetensors and .pth")
    conv.add_argument("input")
    conv.add_argument("output")
    conv.add_argument("--net", help="MODULE:CALLABLE returning the Cell whose layers give the torch mapping")
    conv.add_argument("--crc", action="store_true", help="write a CRC (for .ckpt and .safetensors outputs)")
    conv.set_defaults(func=_convert)
    diff = sub.add_parser("diff", help="per-parameter max abs difference; exit status 1 when they differ")
    diff.add_argument("a")
    diff.add_argument("b")
    diff.add_argument("--atol", type=float, default=0.0, help="differences up to this count as equal")
    diff.set_defaults(func=_diff)
    return parser


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, TypeError, OSError, RuntimeError) as e:
        print(f"sporetorch ckpt {args.command}: error: {e}", file=sys.stderr)
        return 1
