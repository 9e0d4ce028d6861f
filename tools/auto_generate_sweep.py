"""Differential sweep of ``mindspore.ops.auto_generate``: the generated Primitive classes (``gen_ops_prim``,
``pyboost_inner_prim``) and functions (``gen_ops_def``, ``gen_extend_func``), called with the same generated
inputs on real MindSpore 2.10 (recorded once) and on sporetorch (every test run).

The recording asks MindSpore for each name's signatures (a class's ``__init__`` and ``__call__``, a
function's parameters) and builds calls from the parameter names: Tensors for the operands (a 3x4
matrix, then an NCHW image, a vector and a 3-D batch, tried in turn), small values for the known
attribute names (``dim``, ``kernel_size``, ``dtype``, ...). The first call that MindSpore's CPU build
answers with a value is stored with its result, and the test replays that call here.

A name whose every call fails on MindSpore's CPU build because it has no CPU kernel or implementation
there (``The kernel X unregistered``, ``Unsupported op [X] on CPU``, ...) is written to
``sporetorch/data/ms_cpu_cannot_run/ops_auto_generate.json``: its name imports here and raises a clear
RuntimeError when called (``sporetorch/_module_tree.py``).

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/auto_generate_sweep.py record tests/data/auto_generate_sweep.json
    python -m sporetorch run tools/auto_generate_sweep.py compare tests/data/auto_generate_sweep.json [NAME ...]
    python -m sporetorch run tools/auto_generate_sweep.py open tests/data/auto_generate_sweep.json  # rewrites the open list

Recording runs in child processes: a name that kills MindSpore (segmentation fault) or hangs is recorded
as crashed, and the next child goes on after it.
"""
import importlib
import importlib.util
import inspect
import json
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CANNOT_RUN = os.path.join(ROOT, "sporetorch", "data", "ms_cpu_cannot_run", "ops_auto_generate.json")
MODULES = ("gen_ops_prim", "pyboost_inner_prim", "gen_ops_def", "gen_extend_func")
PREFIX = "mindspore.ops.auto_generate."


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


op_sweep = _tool("op_sweep")
same, describe = op_sweep.same, op_sweep.describe

# What MindSpore's CPU build says when it has no CPU kernel or implementation for an op.
NO_CPU = re.compile(r"unregistered|Unsupported op|not supported on CPU|not support(ed)? (in|on) CPU|"
                    r"Not found op|CPU device is not supported|can not find (the )?kernel|"
                    r"KernelObjectTypeNotSupported|only supported on Ascend|only support(ed)? Ascend|"
                    r"Ascend only|not supported in CPU|Not implement exception|only support \[ascend|"
                    r"Create kernelmod for op", re.I)
COMM = re.compile(r"DistComm|InnerComm|dist_comm|inner_comm")
# Random, in-place on freshly made memory, distributed and device-transfer families: MindSpore's CPU
# build runs some of them, but not value for value comparably; they are recorded (to tell whether the CPU
# build runs them) and not compared.
NOT_COMPARED = re.compile(r"Random|Rand|Normal|Uniform|Bernoulli|Multinomial|Dropout|Exponential|Empty|"
                          r"random|rand|normal|uniform|bernoulli|multinomial|dropout|exponential|empty|"
                          r"DistComm|InnerComm|dist_comm|inner_comm|Generator|generator|Seed|seed")


def inputs():
    """The operands, by key: op_sweep's and a few more shapes."""
    data = op_sweep._inputs()
    rs = np.random.RandomState(2025)
    data.update({
        "X4": rs.randn(1, 2, 4, 4).astype(np.float32),
        "X3": rs.randn(2, 3, 4).astype(np.float32),
        "X5": rs.randn(1, 2, 2, 4, 4).astype(np.float32),
        "L": rs.randint(0, 3, (3, 4)).astype(np.int64),
        "L1": rs.randint(0, 3, (4,)).astype(np.int64),
        "L3": rs.randint(0, 3, (3,)).astype(np.int64),
        "L4": rs.randint(0, 2, (1, 2, 4, 4)).astype(np.int64),
        "I64": rs.randint(-3, 5, (3, 4)).astype(np.int64),
        "B4": rs.rand(1, 2, 4, 4) > 0.5,
        "B1": rs.rand(4) > 0.5,
        "Q": (rs.rand(4, 4) + np.eye(4) * 4).astype(np.float32),
        # second operands of the same shapes
        "X4b": rs.randn(1, 2, 4, 4).astype(np.float32),
        "X3b": rs.randn(2, 3, 4).astype(np.float32),
        "X5b": rs.randn(1, 2, 2, 4, 4).astype(np.float32),
        "Vb": rs.randn(4).astype(np.float32),
        "Q2": (rs.rand(4, 4) + np.eye(4) * 3).astype(np.float32),
        # operands of the explicit calls (CALLS)
        "D3": rs.randn(2, 3, 2).astype(np.float32),
        "D4": rs.randn(1, 2, 2, 2).astype(np.float32),
        "D5": rs.randn(1, 2, 1, 2, 2).astype(np.float32),
        "C4": rs.randn(1, 4, 2, 2).astype(np.float32),
        "A4": np.zeros((1, 2, 2, 2), np.int64),
        "W2": rs.randn(2).astype(np.float32),
        "N2": np.array([[0, 1], [2, 3]], np.int64),
        "R4": np.array([1, 2, 1, 2], np.int64),
        "R3": (rs.rand(3, 1) + 0.5).astype(np.float32),
        "G1": rs.randn(1, 4).astype(np.float32),
        "U": (rs.rand(3, 4) * 0.8 + 0.1).astype(np.float32),
        "U2": rs.rand(3, 4).astype(np.float32),
        "W4": (rs.rand(4) + 0.5).astype(np.float32),
        "D33": rs.randn(3, 3).astype(np.float32),
    })
    f, g = data["F"], data["G"]
    # operands that must agree with others: statistics of F, a cdist of F and G, a gradient per masked element
    data["FM"] = f.mean(1, keepdims=True)
    data["FV"] = f.var(1, keepdims=True)
    data["FR"] = (1 / np.sqrt(data["FV"] + 1e-5)).astype(np.float32)
    data["CD"] = np.sqrt(((f[:, None, :] - g[None, :, :]) ** 2).sum(-1)).astype(np.float32)
    data["MB"] = rs.randn(int(data["B"].sum())).astype(np.float32)
    data["TW"] = np.array(data["W4"][data["L3"]].sum(), np.float32)
    q = data["Q"].astype(np.float64)
    data["LQ"] = np.linalg.cholesky(q @ q.T).astype(np.float32)  # a Cholesky factor
    data["T4"] = np.triu(data["Q"])  # real eigenvalues, its diagonal
    data["SH"] = np.array([3, 4], np.int64)
    data["W2211"] = rs.randn(2, 2, 1, 1).astype(np.float32)
    data["B244"] = rs.randn(2, 4, 4).astype(np.float32)
    data["W2p"] = (rs.rand(2) + 0.5).astype(np.float32)
    data["V6"] = rs.randn(6).astype(np.float32)
    data["R123"] = np.array([1, 2, 3], np.int64)
    data["Z0"] = np.array(1, np.int64)
    data["I32v"] = np.arange(4, dtype=np.int32)
    data["H"] = rs.randn(3, 4).astype(np.float16)
    data["H2"] = rs.randn(3, 4).astype(np.float16)
    data["HQ"] = rs.randn(4, 4).astype(np.float16)
    data["X32"] = rs.randn(3, 2).astype(np.float32)
    data["CX"] = (rs.randn(3, 4) + 1j * rs.randn(3, 4)).astype(np.complex64)
    data["GR"] = (rs.rand(1, 2, 2, 2) * 2 - 1).astype(np.float32)
    data["GR3"] = (rs.rand(1, 1, 2, 2, 3) * 2 - 1).astype(np.float32)
    data["D5b"] = rs.randn(1, 2, 1, 2, 2).astype(np.float32)
    data["BX"] = (rs.rand(1, 5, 2) * 4).astype(np.float32)
    data["I3"] = rs.randint(0, 4, (2, 3, 4)).astype(np.int32)
    data["IS"] = np.sort(rs.randint(0, 4, (4,))).astype(np.int32)
    data["I3v"] = np.array([2, 0, 1], np.int32)
    data["V2"] = rs.randn(1, 4).astype(np.float32)
    return data


# Operand shapes tried in turn: (float operand, int index operand, bool mask operand, dim, perm)
PROFILES = {
    "2d": ("F", "L", "B", 1, (1, 0)),
    "4d": ("X4", "L4", "B4", 1, (0, 1, 3, 2)),
    "1d": ("V", "L1", "B1", 0, (0,)),
    "3d": ("X3", None, None, 1, (0, 2, 1)),
    "square": ("Q", "L", "B", 1, (1, 0)),
    "5d": ("X5", "L", "B", 1, (0, 1, 2, 4, 3)),
    "int": ("I", "L", "B", 1, (1, 0)),
    "bool": ("B", "L", "C", 1, (1, 0)),
    "float_target": ("F", "P", "B", 1, (1, 0)),
    "index1d": ("F", "L3", "B", 1, (1, 0)),
}
# Optional parameters of which some ops need one (Clamp's min or max, Upsample's output_size): a second call
# per profile fills them too.
OPTIONAL_FILL = ("min", "output_size")
PADS = {"4d": (1, 1, 1, 1), "5d": (1, 1, 1, 1, 1, 1), "3d": (1, 1), "2d": (1, 1), "1d": (1, 1)}
LABEL_NAMES = ("labels",)  # class indices of an (N, C) input: one per row
INDEX_NAMES = re.compile(r"^(index|indices|target|targets|label|labels|argmax|mask_index|idx|position_ids|ids)$")
MASK_NAMES = re.compile(r"^(mask|condition|cond)$")
INT_VALUES = {"dim": None, "axis": None, "k": 2, "n": 2, "diagonal": 0, "num": 2, "output_num": 2,
              "chunks": 2, "sections": 2, "split_size": 2, "repeats": 2, "groups": 1, "start": 0, "end": 5,
              "step": 1, "steps": 5, "length": 2, "offset": 0, "dim0": 0, "dim1": 1, "dim2": 1,
              "num_classes": 4, "minlength": 0, "upscale_factor": 2, "downscale_factor": 2, "bins": 4,
              "seed": 1, "generator": None, "shifts": 1, "ord": 2, "correction": 1, "p_int": 2, "q": 2,
              "batch_dims": 0, "blocksize": 2, "num_samples": 2, "high": 5, "low": 0, "split_dim": 0,
              "upper": False, "lower": True, "unbiased": True, "largest": True, "sorted": True, "stable": False,
              "descending": False, "return_inverse": False, "return_counts": False, "training": False,
              "ceil_mode": False, "count_include_pad": True, "align_corners": False, "half_pixel_centers": False,
              "transpose_a": False, "transpose_b": False, "adjoint": False, "unitriangular": False,
              "left": True, "exclusive": False, "reverse": False, "inplace": False, "approximate": "none",
              "reduction": "mean", "padding_mode": "zeros", "interpolation_mode": "bilinear", "mode": "constant",
              "norm": None, "kernel_size": 2, "ksize": 2, "strides": 1, "stride": 1, "padding": 0,
              "pads": 0, "dilation": 1, "output_size": None, "size": None, "shape": None, "dims": None,
              "perm": None, "dtype": ("dtype", "float32"), "dst_type": ("dtype", "int32"),
              "alpha": 0.5, "beta": 0.5, "value": 0.5, "scalar": 0.5, "min": -0.5, "max": 0.5,
              "threshold": 0.5, "lambd": 0.5, "negative_slope": 0.1, "eps": 1e-5, "epsilon": 1e-5,
              "exponent": 2.0, "p": 2.0, "momentum": 0.1, "weight_decay": 0.0, "lr": 0.1, "fill_value": 1.5,
              "rounding_mode": None, "keepdim": False, "keep_dims": False, "keepdims": False, "equation": "ij->ji",
              "pad": (1, 1), "paddings": (1, 1), "padding_value": 0.0, "ignore_index": -100,
              "label_smoothing": 0.0, "delta": 1.0, "margin": 0.5, "log_target": False, "scale": 1.0,
              "min_val": -0.5, "max_val": 0.5, "approx": False, "reduce": "none", "side": "left",
              "right": False, "out_int32": False, "accumulate": False, "weights": None, "decimals": 0,
              "nan": 0.0, "posinf": None, "neginf": None, "rtol": 1e-5, "atol": 1e-8, "equal_nan": False,
              "input_size": None, "scales": None, "split_size_or_sections": 2, "dtype_id": None, "other_scalar": 2.0}


def _shape_values(profile):
    return {"2d": {"output_size": (2, 2), "size": (3, 4), "shape": (3, 4), "dims": (0,), "input_size": (3, 4)},
            "4d": {"output_size": (2, 2), "size": (1, 2, 4, 4), "shape": (1, 2, 4, 4), "dims": (2,),
                   "input_size": (1, 2, 4, 4), "pad": (1, 1, 1, 1)},
            "1d": {"output_size": (2,), "size": (4,), "shape": (4,), "dims": (0,), "input_size": (4,)},
            "3d": {"output_size": (2,), "size": (2, 3, 4), "shape": (2, 3, 4), "dims": (1,),
                   "input_size": (2, 3, 4)},
            "square": {"output_size": (2, 2), "size": (4, 4), "shape": (4, 4), "dims": (0,),
                       "input_size": (4, 4)},
            "5d": {"output_size": (2, 2, 2), "size": (1, 2, 2, 4, 4), "shape": (1, 2, 2, 4, 4), "dims": (2,),
                   "input_size": (1, 2, 2, 4, 4), "pad": (1, 1, 1, 1, 1, 1)}}.get(profile, {
                "output_size": (2, 2), "size": (3, 4), "shape": (3, 4), "dims": (0,), "input_size": (3, 4)})


def _scalar_op(owner):
    return bool(re.search(r"Scalar|Scalars?$|scalar|^Muls$|^Divs$|^DivMods$|muls$|divs$", owner))


def value_for(name, index, profile, owner, types=None):
    """The generated value of the required parameter ``name`` (position ``index``) of ``owner``; ``types``
    are the argument types MindSpore reports for it (``"Tensor"``, ``"int"``, ``"list of int, tuple of int"``)."""
    floats, ints, bools, dim, perm = PROFILES[profile]
    low = name.lower()
    allowed = [t.strip() for t in types.split(",")] if types else None
    if low in LABEL_NAMES and profile in ("2d", "float_target"):
        ints = "L3" if profile == "2d" else ints
    tensor = {"t": ints if INDEX_NAMES.match(low) and ints else ("L" if INDEX_NAMES.match(low) else (
        (bools or "B") if MASK_NAMES.match(low) else floats))}
    if allowed is not None and any(t in ("list of tensor", "tuple of Tensor") for t in allowed):
        return [tensor, {"t": floats}]
    named = _named(low, profile, dim, perm, owner, index)
    if allowed is None:
        return named if named is not _NONE else tensor
    if named is not _NONE and _fits(named, allowed):
        return named
    if isinstance(named, int) and not isinstance(named, bool) and any("of int" in t for t in allowed):
        return list(PADS.get(profile, (1, 1))) if low in ("padding", "pad", "paddings") else [named, named]
    if "Tensor" in allowed:
        return tensor
    for value in ((1, 1), 1, 0.5, 2.0, False, "none", {"dtype": "float32"}):
        if _fits(value, allowed):
            return list(value) if isinstance(value, tuple) else value
    return tensor


_NONE = object()


def _named(low, profile, dim, perm, owner, index):
    if _scalar_op(owner) and low in ("other", "scalar", "value", "exponent") and index > 0:
        return 2.0
    if _scalar_op(owner) and index == 0 and re.search(r"ScalarTensor|scalar_tensor|ScalarSelf|scalar_self", owner):
        return 2.0
    if low in ("dim", "axis"):
        return dim
    if low == "perm":
        return list(perm)
    shapes = _shape_values(profile)
    if low in shapes:
        return list(shapes[low])
    if low in INT_VALUES and INT_VALUES[low] is not None:
        value = INT_VALUES[low]
        if isinstance(value, tuple):
            return {"dtype": value[1]} if value[0] == "dtype" else list(value)
        return value
    return _NONE


def _fits(value, allowed):
    if isinstance(value, dict):
        return "mindspore.dtype" in allowed
    if isinstance(value, bool):
        return "bool" in allowed
    if isinstance(value, int):
        return "int" in allowed or "Number" in allowed
    if isinstance(value, float):
        return "float" in allowed or "Number" in allowed
    if isinstance(value, str):
        return "string" in allowed
    if isinstance(value, (list, tuple)):
        kinds = {"int": "of int", "float": "of float"}
        kind = "float" if any(isinstance(v, float) for v in value) else "int"
        return any(kinds[kind] in t for t in allowed) or ("tuple of Number" in allowed)
    return False


def attempts(params, owner, types=None):
    """``[(profile, args)]``: calls that fill the required parameters (the rest keep their defaults)."""
    if params is None or any(p[0].startswith("*") for p in params):
        return []
    required = [p[0] for p in params if not p[1]]
    types = types or {}
    out = []
    names = [p[0] for p in params]
    last_fill = max((names.index(n) for n in OPTIONAL_FILL if n in names and names.index(n) >= len(required)),
                    default=None)
    for profile in PROFILES:
        args = _distinct([value_for(n, i, profile, owner, types.get(n)) for i, n in enumerate(required)])
        if args not in [a for _, a in out]:
            out.append((profile, args))
        if last_fill is not None:
            filled = list(args)
            for i in range(len(required), last_fill + 1):
                name, _, default = params[i]
                filled.append(value_for(name, i, profile, owner, types.get(name)) if name in OPTIONAL_FILL
                              else default)
            out.append((profile, filled))
    return out


# Operands after the first of the same key get these, so that swapped inputs show.
SECOND = {"F": "G", "G": "P", "X4": "X4b", "X3": "X3b", "X5": "X5b", "V": "Vb", "Q": "Q2", "I": "J", "B": "C"}


def _distinct(args):
    seen = set()
    out = []
    for arg in args:
        if isinstance(arg, dict) and "t" in arg:
            key = arg["t"]
            while key in seen and key in SECOND:
                key = SECOND[key]
            seen.add(key)
            arg = {"t": key}
        out.append(arg)
    return out


class _Probe:
    """An argument of no type MindSpore accepts: its type check then lists the types it wants."""


def probe_types(ms, full, kind, ctor, params):
    """``{parameter: types}`` from MindSpore's "The valid calling should be" message, or {}."""
    if params is None or any(p[0].startswith("*") for p in params):
        return {}
    required = [p[0] for p in params if not p[1]]
    if ms.__name__ == "mindspore":
        _drain(ms)
    try:
        obj = target(ms, full)
        if kind == "class":
            obj = obj(**{k: materialize(ms, v, {}) for k, v in (ctor or {}).items()})
        obj(*[_Probe() for _ in required])
    except Exception as e:  # noqa: BLE001 - the message is what is read
        found = re.search(r'The valid calling should be:\s*"(.*?)"', str(e), re.S)
        if found:
            return dict(re.findall(r"(\w+)=<([^>]*)>", found.group(1)))
    return {}


_POOL = [[2, 2], [2, 2], [0, 0], [1, 1], False, {"dtype": "int64"}]
# Calls for names whose operands must fit together in ways the signature does not tell (a gradient's shape
# follows the forward's output): tried before the generated ones.
CALLS = {
    "gen_ops_prim.UpsampleNearest1DGrad": [[{"t": "D3"}, [2, 3, 4], [2], None]],
    "gen_ops_prim.UpsampleLinear1DGrad": [[{"t": "D3"}, [2, 3, 4], [2], None, False]],
    "gen_ops_prim.UpsampleNearest2DGrad": [[{"t": "D4"}, [1, 2, 4, 4], [2, 2], None]],
    "gen_ops_prim.UpsampleBilinear2DGrad": [[{"t": "D4"}, [1, 2, 4, 4], [2, 2], None, False]],
    "gen_ops_prim.UpsampleBicubic2DGrad": [[{"t": "D4"}, [1, 2, 4, 4], [2, 2], None, False]],
    "gen_ops_prim.UpsampleNearest3DGrad": [[{"t": "D5"}, [1, 2, 2, 4, 4], [1, 2, 2], None]],
    "gen_ops_prim.UpsampleTrilinear3DGrad": [[{"t": "D5"}, [1, 2, 2, 4, 4], [1, 2, 2], None]],
    "pyboost_inner_prim._PyboostUpsampleTrilinear3DGradPrim": [[{"t": "D5"}, [1, 2, 2, 4, 4], [1, 2, 2], None, False]],
    "pyboost_inner_prim._PyboostMaxPoolWithIndicesPrim": [[{"t": "X4"}] + _POOL],
    "pyboost_inner_prim._PyboostMaxPoolWithMaskPrim": [[{"t": "X4"}] + _POOL],
    "pyboost_inner_prim._PyboostMaxPoolGradWithIndicesPrim": [[{"t": "X4"}, {"t": "D4"}, {"t": "A4"}] + _POOL],
    "pyboost_inner_prim._PyboostMaxPoolGradWithMaskPrim": [[{"t": "X4"}, {"t": "D4"}, {"t": "A4"}] + _POOL],
    "gen_ops_prim.ResizeNearestNeighborGrad": [[{"t": "X4"}, [2, 2]]],
    "gen_ops_prim.ResizeNearestNeighborV2Grad": [[{"t": "X4"}, [2, 2]]],
    "gen_ops_prim.PixelShuffle": [[{"t": "C4"}, 2]],
    "gen_ops_prim.IndexFillTensor": [[{"t": "F"}, 1, {"t": "L3"}, {"t": "S"}]],
    "gen_ops_def.index_fill_tensor": [[{"t": "F"}, 1, {"t": "L3"}, {"t": "S"}]],
    "gen_ops_prim.GatherNdExt": [[{"t": "F"}, {"t": "N2"}]],
    "gen_ops_def.gather_nd_ext": [[{"t": "F"}, {"t": "N2"}]],
    "gen_ops_prim.GroupNorm": [[{"t": "X4"}, 1, {"t": "W2"}, {"t": "W2"}, 1e-5]],
    "gen_ops_prim.RepeatInterleaveTensor": [[{"t": "V"}, {"t": "R4"}, 0, None]],
    "gen_ops_prim.TensorCopySlices": [[{"t": "F"}, {"t": "G1"}, [0, 0], [1, 4], [1, 1]]],
    "gen_ops_prim.RmsNormGrad": [[{"t": "F"}, {"t": "G"}, {"t": "R3"}, {"t": "Vb"}]],
    "gen_ops_prim.ReplicationPad3D": [[{"t": "X5"}, [1, 1, 1, 1, 1, 1]]],
    "gen_ops_prim.ReplicationPad3DGrad": [[{"t": "X5"}, {"t": "X5"}, [0, 0, 0, 0, 0, 0]]],
    "gen_ops_prim.DropoutExt": [[{"t": "F"}, 0.5, 0, 0]],
    "gen_ops_prim.FuncDropoutExt": [[{"t": "F"}, 0.5, True, False, 0, 0]],
    "gen_ops_prim.DropoutDoMaskExt": [[{"t": "F"}, {"t": "B"}, 0.5]],
    "gen_ops_prim.AdaptiveAvgPool2DGradExt": [[{"t": "D4"}, {"t": "X4"}]],
    "gen_ops_prim.Addmv": [[{"t": "F"}, {"t": "Q"}, {"t": "V"}, 1, 1]],
    "gen_ops_prim.CdistGrad": [[{"t": "D33"}, {"t": "F"}, {"t": "G"}, {"t": "CD"}]],
    "gen_ops_prim.MaskedSelectGrad": [[{"t": "F"}, {"t": "B"}, {"t": "MB"}]],
    "gen_ops_prim.NLLLossGrad": [[{"t": "F"}, {"t": "S"}, {"t": "L3"}, {"t": "W4"}, {"t": "TW"}]],
    "pyboost_inner_prim._PyboostNLLLossGradPrim": [[{"t": "F"}, {"t": "S"}, {"t": "L3"}, {"t": "W4"}, {"t": "TW"},
                                                    "mean", -100]],
    "gen_ops_prim.BinaryCrossEntropyGrad": [[{"t": "U"}, {"t": "U2"}, {"t": "S"}]],
    "pyboost_inner_prim._PyboostBinaryCrossEntropyGradPrim": [[{"t": "U"}, {"t": "U2"}, {"t": "S"}, None, "mean"]],
    "pyboost_inner_prim._PyboostSmoothL1LossGradPrim": [[{"t": "F"}, {"t": "G"}, {"t": "S"}, 0.5, "mean"]],
    "gen_ops_prim.LayerNormGrad": [[{"t": "F"}, {"t": "G"}, {"t": "FV"}, {"t": "FM"}, {"t": "Vb"}]],
    "gen_ops_prim.ResizeBilinearGrad": [[{"t": "D4"}, {"t": "X4"}]],
    "gen_ops_prim.ResizeBicubicGrad": [[{"t": "D4"}, {"t": "X4"}]],
    "gen_ops_prim.FFTOrtho": [[{"t": "F"}, [1], True], [{"t": "F"}, [0, 1], False]],
    "gen_ops_prim.ResizeLinear1DGrad": [[{"t": "D3"}, {"t": "X3"}]],
    "gen_ops_prim.LstsqV2Grad": [[{"t": "Q2"}, {"t": "Q"}, {"t": "Q2"}]],
    "gen_ops_prim.LayerNormGradGrad": [[{"t": "F"}, {"t": "G"}, {"t": "FV"}, {"t": "FM"}, {"t": "Vb"}, {"t": "P"},
                                         {"t": "V"}, {"t": "W4"}]],
    "gen_ops_prim.BatchNormGradGrad": [[{"t": "F"}, {"t": "G"}, {"t": "W4"}, {"t": "V"}, {"t": "W4"}, {"t": "P"},
                                         {"t": "V"}, {"t": "Vb"}]],
    "gen_ops_prim.CholeskyInverse": [[{"t": "LQ"}]],
    "gen_ops_prim.Eig": [[{"t": "T4"}]],
    "gen_ops_prim.GluGrad": [[{"t": "X32"}, {"t": "F"}]],
    "pyboost_inner_prim._PyboostGluGradPrim": [[{"t": "X32"}, {"t": "F"}, -1]],
    "gen_ops_prim.KLDiv": [[{"t": "F"}, {"t": "U"}]],
    "gen_ops_prim.KLDivGrad": [[{"t": "S"}, {"t": "F"}, {"t": "U"}]],
    "gen_ops_def.kl_div_grad": [[{"t": "S"}, {"t": "F"}, {"t": "U"}]],
    "gen_ops_prim.IndexFillScalar": [[{"t": "F"}, 1, {"t": "L3"}, 0.5]],
    "gen_ops_prim.ScatterValue": [[{"t": "F"}, 1, {"t": "L"}, 0.5]],
    "gen_ops_prim.BoolNot": [[True]],
    "gen_ops_prim.ImagView": [[{"t": "CX"}]],
    "gen_ops_prim.PReLUGrad": [[{"t": "F"}, {"t": "G"}, {"t": "W4"}]],
    "gen_ops_prim.TraceV2Grad": [[{"t": "S"}, {"t": "SH"}]],
    "gen_ops_prim.TopKRouter": [[{"t": "I3"}, 2, 4]],
    "gen_ops_prim.TopPRouter": [[{"t": "I3"}, 2, 4]],
    "gen_ops_prim.MoeComputeExpertTokens": [[{"t": "IS"}, 4]],
    "gen_ops_prim.MoeTokenPermuteGrad": [[{"t": "F"}, {"t": "L3"}]],
    "gen_ops_prim.InnerMoeTokenUnpermute": [[{"t": "F"}, {"t": "I3v"}]],
    "gen_ops_prim.GridSampler2DGrad": [[{"t": "D4"}, {"t": "X4"}, {"t": "GR"}]],
    "gen_ops_prim.GridSampler3DGrad": [[{"t": "D5b"}, {"t": "X5"}, {"t": "GR3"}]],
    "gen_ops_prim.LayerNormExt": [[{"t": "F"}, [4], {"t": "Vb"}, {"t": "V"}, 1e-5]],
    "gen_ops_prim.RotatedIou": [[{"t": "BX"}, {"t": "BX"}]],
    "gen_ops_prim.CreateSymmetricMemory": [[[3, 4], {"dtype": "float32"}, "hccl_world_group"]],
    "gen_ops_def.create_symmetric_memory": [[[3, 4], {"dtype": "float32"}, "hccl_world_group"]],
    "gen_ops_def.topkrouter": [[{"t": "I3"}, 2, 4]],
    "gen_ops_def.topprouter": [[{"t": "I3"}, 2, 4]],
    "gen_ops_prim.Addbmm": [[{"t": "F"}, {"t": "X3"}, {"t": "B244"}]],
    "gen_ops_prim.BatchNormGrad": [[{"t": "X4b"}, {"t": "X4"}, {"t": "W2"}, {"t": "W2"}, {"t": "W2p"}, {"t": "W2"}]],
    "gen_ops_prim.ConvolutionGrad": [[{"t": "X4b"}, {"t": "X4"}, {"t": "W2211"}, None, [1, 1], [0, 0], [1, 1],
                                      False, [0, 0], 1, [1, 1, 0]]],
    "gen_ops_prim.ConvolutionStrGrad": [[{"t": "X4b"}, {"t": "X4"}, {"t": "W2211"}, None, [1, 1], "valid",
                                         [1, 1], False, [0, 0], 1, [1, 1, 0]]],
    "gen_ops_prim.GenerateEodMaskV2": [[{"t": "F"}, {"t": "L1"}, {"t": "Z0"}, 0, 0]],
    "gen_ops_prim.InsertGemV2InBackward": [[{"t": "F"}, {"t": "L1"}, {"t": "Z0"}, 0, 0]],
    "gen_ops_prim.RepeatInterleaveGrad": [[{"t": "V6"}, {"t": "R123"}, 0]],
    "gen_ops_prim.DynamicNTK": [[{"t": "I32v"}, {"t": "V2"}, {"t": "I32v"}]],
    "gen_ops_prim.InplaceMatmulAdd": [[{"t": "H"}, {"t": "H2"}, {"t": "Q"}]],
    "gen_ops_def.matmul_add_": [[{"t": "H"}, {"t": "H2"}, {"t": "Q"}]],
    "pyboost_inner_prim._PyboostGridSampler2DGradPrim": [[{"t": "D4"}, {"t": "X4"}, {"t": "GR"}, "bilinear", "zeros",
                                                           False, [1, 1]]],
    "pyboost_inner_prim._PyboostGridSampler3DGradPrim": [[{"t": "D5b"}, {"t": "X5"}, {"t": "GR3"}, "bilinear", "zeros",
                                                           False, [1, 1]]],
    "gen_ops_prim.GroupNormGrad": [[{"t": "G"}, {"t": "F"}, {"t": "FM"}, {"t": "FR"}, {"t": "Vb"}, 1]],
}


def materialize(ms, spec, data):
    """A call argument from its JSON spec: ``{"t": key}`` a Tensor, ``{"dtype": name}`` a dtype, a list a
    tuple, else the literal."""
    if isinstance(spec, dict):
        if "t" in spec:
            return ms.Tensor(data[spec["t"]].copy())
        if "dtype" in spec:
            return getattr(ms, spec["dtype"])
    if isinstance(spec, list):
        return tuple(materialize(ms, s, data) for s in spec)
    return spec


def init_kwargs(init_params):
    """Constructor kwargs: the defaults, plus generated values for required attributes."""
    kwargs = {}
    for i, (name, has_default, _) in enumerate(init_params or []):
        if name.startswith("*"):
            continue
        if not has_default:
            value = value_for(name, i + 1, "2d", "")
            if isinstance(value, dict):
                return None
            kwargs[name] = value
    return kwargs


def target(ms, full):
    """The object at ``mindspore.ops.auto_generate.<module>.<name>`` of ``ms`` (MindSpore or sporetorch)."""
    module, _, name = full.partition(".")
    if "sporetorch" in (getattr(ms, "__file__", None) or ""):
        # sporetorch, with or without the alias: the name as its module tree resolves it
        tree = importlib.import_module("sporetorch._module_tree")
        return tree.resolve(PREFIX + module, name)
    mod = importlib.import_module(ms.__name__ + ".ops.auto_generate." + module)
    return getattr(mod, name)


def _drain(ms):
    """Waits for MindSpore's queued kernels, dropping an error a previous case left behind (its PyNative
    errors are asynchronous and would otherwise surface in the next call)."""
    try:
        ms.runtime.synchronize()
    except Exception:  # noqa: BLE001 - that error belongs to the previous case, which recorded its own
        pass


def call(ms, full, kind, ctor, args, data):
    """Runs one case: the encoded result, or ``{"error": type, "message": first line}``."""
    if ms.__name__ == "mindspore":
        _drain(ms)
    try:
        obj = target(ms, full)
        if kind == "class":
            obj = obj(**{k: materialize(ms, v, data) for k, v in (ctor or {}).items()})
        result = op_sweep._encode(obj(*[materialize(ms, a, data) for a in args]), ms)
        if ms.__name__ == "mindspore":
            ms.runtime.synchronize()
        return result
    except Exception as e:  # noqa: BLE001 - the exception is the result
        lines = [ln.strip() for ln in str(e).splitlines() if ln.strip() and not ln.startswith("-")]
        return {"error": type(e).__name__, "message": (lines[0] if lines else "")[:300]}


# --------------------------------------------------------------------------------------- recording
def inventory(ms):
    """``{module.name: {"kind", "init"/"call"/"params"}}`` of the names the four modules define."""
    out = {}
    for module in MODULES:
        mod = importlib.import_module(PREFIX + module)
        for name, value in sorted(vars(mod).items()):
            if isinstance(value, type) and value.__module__ == mod.__name__:
                out[f"{module}.{name}"] = {"kind": "class", "init": _params(value.__init__),
                                           "call": _params(value.__call__)}
            elif inspect.isfunction(value) and value.__module__ == mod.__name__:
                out[f"{module}.{name}"] = {"kind": "function", "params": _params(value), "op": _op_of(value, mod)}
            elif not isinstance(value, type) and type(value).__module__ == mod.__name__ and \
                    not inspect.ismodule(value):
                out[f"{module}.{name}"] = {"kind": "instance", "class": f"{module}.{type(value).__name__}"}
    return out


def _op_of(fn, mod):
    """The Primitive class a generated function calls (``add_ext`` calls ``add_ext_op``, an ``AddExt``;
    ``argmax_with_value`` calls ``_get_cache_prim(ArgMaxWithValue)``), as ``module.Class``, or None."""
    try:
        source = inspect.getsource(fn)
    except (OSError, TypeError):
        return None
    names = re.findall(r"_get_cache_prim\((\w+)\)", source) + re.findall(r"\b(\w+_(?:op|impl))\(", source)
    found = set()
    for name in names:
        value = getattr(mod, name, None)
        cls = value if isinstance(value, type) else type(value) if value is not None else None
        if cls is not None and cls.__module__.startswith(PREFIX):
            found.add(f"{cls.__module__[len(PREFIX):]}.{cls.__name__}")
    return found.pop() if len(found) == 1 else None


def _params(fn):
    """``[[name, has_default, default], ...]`` (``*args`` as ``"*name"``), None without a signature."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    out = []
    for p in sig.parameters.values():
        if p.name == "self":
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            out.append(["*" + p.name, True, None])
            continue
        default = None if p.default is p.empty else p.default
        try:
            json.dumps(default)
        except TypeError:
            default = repr(default)
        out.append([p.name, p.default is not p.empty, default])
    return out


def _record_name(ms, full, info, data):
    """``{"call": [profile, ctor, args], "result": ...}`` of the first call that gives a value, else
    ``{"errors": [...]}`` with each attempt's error."""
    kind = info["kind"]
    if kind == "instance":
        return None
    ctor = init_kwargs(info.get("init")) if kind == "class" else None
    params = info.get("call") if kind == "class" else info.get("params")
    owner = full.partition(".")[2]
    if kind == "class" and ctor is None:
        return {"errors": [{"error": "ctor", "message": "a required constructor argument has no generated value"}]}
    errors = []
    types = probe_types(ms, full, kind, ctor, params)
    for profile, args in [("explicit", a) for a in CALLS.get(full, [])] + attempts(params, owner, types):
        result = call(ms, full, kind, ctor, args, data)
        if "error" not in result:
            return {"call": [profile, ctor, args], "result": result, **({"errors": errors} if errors else {})}
        errors.append({"profile": profile, **result})
        if NO_CPU.search(result.get("message", "")) or result["error"] == "NameError":
            break
    if not errors:
        errors.append({"error": "signature", "message": "no call could be generated from the signature"})
    return {"errors": errors}


def _record_child(partial):
    import mindspore as ms
    done, inv = set(), None
    with open(partial, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if "inventory" in row:
                inv = row["inventory"]
            elif "name" in row:
                done.add(row["name"])
    out = open(partial, "a", encoding="utf-8")  # noqa: SIM115 - written line by line until the end
    if inv is None:
        inv = inventory(ms)
        out.write(json.dumps({"inventory": inv, "version": ms.__version__}) + "\n")
        out.flush()
    data = inputs()
    for full, info in inv.items():
        if full in done or info["kind"] == "instance":
            continue
        out.write(json.dumps({"start": full}) + "\n")
        out.flush()
        out.write(json.dumps({"name": full, "record": _record_name(ms, full, info, data)}) + "\n")
        out.flush()
    out.close()


def record(path):
    partial = path + ".partial"
    _tool("prim_sweep").record_with_children(__file__, partial, lambda name, reason: {"name": name, "record": {
        "errors": [{"error": "crash", "message": f"MindSpore {reason}"}]}})
    inv, version, records = {}, "", {}
    with open(partial, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if "inventory" in row:
                inv, version = row["inventory"], row["version"]
            elif "name" in row:
                records[row["name"]] = row["record"]
    with open(path, "w", encoding="utf-8") as f:  # one name a line, for reviewable diffs
        f.write(f'{{"mindspore_version": {json.dumps(version)},\n"inventory": {{\n')
        f.write(",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in inv.items()))
        f.write('\n},\n"records": {\n')
        f.write(",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in records.items()))
        f.write("\n}}\n")
    os.remove(partial)
    write_cannot_run(load(path))
    write_signatures(load(path))
    ran = sum("call" in r for r in records.values() if r)
    print(f"recorded {len(records)} names with MindSpore {version}: {ran} run on its CPU build")


# --------------------------------------------------------------------------------------- results
def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def cannot_run(recorded):
    """``{mindspore path: what fails}`` for the names MindSpore's CPU build has no kernel or implementation
    for (each class's instances included)."""
    out = {}
    for full, rec in recorded["records"].items():
        if rec and rec.get("result") == {"seq": []}:
            out[PREFIX + full] = "returns an empty tuple without computing anything (its kernel is not built for CPU)"
            continue
        if not rec or "call" in rec:
            continue
        hit = next((e for e in rec["errors"] if NO_CPU.search(e.get("message", ""))), None)
        if hit is not None:
            out[PREFIX + full] = f"has no CPU implementation ({hit['error']}: {_short(hit['message'])})"
        elif COMM.search(full) and any(e.get("error") == "crash" for e in rec["errors"]):
            out[PREFIX + full] = ("crashes (segmentation fault) when called eagerly without an initialised "
                                  "communication group")
        elif rec["errors"][0].get("error") == "NameError":
            out[PREFIX + full] = f"fails with a NameError in MindSpore 2.10 itself ({_short(rec['errors'][0]['message'])})"
    for full, info in recorded["inventory"].items():
        if info["kind"] == "instance" and PREFIX + info["class"] in out:
            out[PREFIX + full] = out[PREFIX + info["class"]]
    return dict(sorted(out.items()))


def _short(message):
    message = re.sub(r"\s+", " ", message).strip().rstrip(".")
    return message[:160]


def write_cannot_run(recorded):
    entries = cannot_run(recorded)
    os.makedirs(os.path.dirname(CANNOT_RUN), exist_ok=True)
    with open(CANNOT_RUN, "w", encoding="utf-8") as f:
        json.dump(entries, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"{len(entries)} names MindSpore's CPU build cannot run -> {os.path.relpath(CANNOT_RUN, ROOT)}")


SIGNATURES = os.path.join(ROOT, "sporetorch", "data", "ms_auto_generate.json")


def write_signatures(recorded):
    """``sporetorch/data/ms_auto_generate.json``: each generated class's ``__init__`` and ``__call__``
    parameters, each function's parameters and the class it calls, as MindSpore 2.10 defines them."""
    out = {}
    for full, info in recorded["inventory"].items():
        if info["kind"] == "class":
            out[full] = {"init": info["init"], "call": info["call"]}
        elif info["kind"] == "function":
            out[full] = {"params": info["params"], "op": info.get("op")}
    with open(SIGNATURES, "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(out.items())) + "\n}\n")
    print(f"signatures of {len(out)} names -> {os.path.relpath(SIGNATURES, ROOT)}")


def cases(recorded):
    """``[(name, kind, ctor, args, MindSpore's result)]``: the recorded calls that are compared."""
    out, cannot = [], cannot_run(recorded)
    for full, rec in recorded["records"].items():
        if not rec or "call" not in rec or NOT_COMPARED.search(full.partition(".")[2]) or \
                PREFIX + full in cannot:
            continue
        _, ctor, args = rec["call"]
        out.append((full, recorded["inventory"][full]["kind"], ctor, args, rec["result"]))
    return out


OPEN = os.path.join(ROOT, "tests", "data", "auto_generate_sweep_open.json")
DELIBERATE = os.path.join(ROOT, "tests", "data", "auto_generate_sweep_deliberate.json")


def compare(ms, recorded, names=()):
    """``{name: (ours, MindSpore's)}`` for the compared cases that disagree."""
    data, differences = inputs(), {}
    for full, kind, ctor, args, ref in cases(recorded):
        if names and full.partition(".")[2] not in names and full not in names:
            continue
        ours = call(ms, full, kind, ctor, args, data)
        ours.pop("message", None)
        ref = {k: v for k, v in ref.items() if k != "message"}
        if not same(ours, ref):
            differences[full] = (ours, ref)
    return differences


def main(argv):
    mode, path = argv[1], argv[2]
    if mode == "record-child":
        _record_child(path)
        return 0
    if mode == "record":
        record(path)
        return 0
    if mode == "cannot-run":
        write_cannot_run(load(path))
        write_signatures(load(path))
        return 0
    import warnings
    warnings.simplefilter("ignore")
    import mindspore as ms  # sporetorch under the alias (python -m sporetorch run)
    recorded = load(path)
    differences = compare(ms, recorded, set(argv[3:]))
    for full, (ours, ref) in sorted(differences.items()):
        print(f"{full}: ours {describe(ours)}, MindSpore {describe(ref)}")
    if mode == "open":  # rewrites the list of names that still disagree (less the deliberate ones)
        deliberate = load(DELIBERATE)
        listed = {k: f"ours {describe(o)}, MindSpore {describe(r)}" for k, (o, r) in differences.items()
                  if k not in deliberate}
        with open(OPEN, "w", encoding="utf-8") as f:
            json.dump(listed, f, indent=0, sort_keys=True)
            f.write("\n")
    total = len(cases(recorded)) if len(argv) <= 3 else None
    if total is not None:
        print(f"{total - len(differences)} of {total} cases agree")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
