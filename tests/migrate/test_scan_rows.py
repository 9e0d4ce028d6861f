"""Every row of the shipped API table marked `same` is run through torch and through sporetorch's
MindSpore API, and must agree; none is left unrun.

Rows whose torch API takes one of the generic samples run on them. The others run on the samples
of ``scan_samples.py`` (functions of index tensors, shapes, dims and masks; layers with constructor
arguments, their weights copied from the torch module by ``migrate``'s weight map), or on a check of
their own in ``_CHECKS`` (random creation, containers, schedulers, distributed calls, devices)."""
import inspect
import os
import tempfile
import warnings

import numpy as np
import pytest
import torch
from scan_samples import FUNCS, LAYERS, D, Make, i64, r

import sporetorch as ms
from sporetorch.migrate import api_table
from sporetorch.migrate.weights import copy_weights, weight_map

_X = np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32)
_P = np.abs(_X) + 0.5
# generic argument patterns, tried in order until torch accepts one
_SAMPLES = [lambda T: (T(_X),), lambda T: (T(_P),), lambda T: (T(_X), T(_X)), lambda T: (T(_X), 1),
            lambda T: (T(_X), T(_P))]
# rows whose generic samples do not suit the function's domain
_OVERRIDES = {"torch.nn.functional.kl_div": lambda T: (T(np.log(_P / _P.sum())), T(_P / _P.sum()))}


def _resolve(root, dotted):
    obj = root
    for part in dotted.split(".")[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def _np(v):
    if isinstance(v, torch.Tensor):
        return v.detach().resolve_conj().resolve_neg().numpy()
    if isinstance(v, ms.Tensor):
        return v.asnumpy()
    if isinstance(v, (tuple, list)):
        return [_np(x) for x in v]
    return v


def _same(a, b, dtype=False):
    """Values agree (and, with ``dtype``, array dtypes and Python scalar types too)."""
    a, b = _np(a), _np(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y, dtype) for x, y in zip(a, b))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        if dtype and a.dtype != b.dtype:
            return False
        return a.shape == b.shape and np.allclose(a.astype(np.float64), b.astype(np.float64), rtol=1e-5, atol=1e-5,
                                                  equal_nan=True)
    if dtype and type(a) is not type(b):
        return False
    return a == b


def _show(v):
    v = _np(v)
    if isinstance(v, list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    if isinstance(v, np.ndarray):
        return f"{v.dtype}{list(v.shape)} {np.array2string(v, precision=4, threshold=12)}"
    return repr(v)


def _call(fn, samples, T, method=None):
    for make in samples:
        try:
            args = make(T)
        except Exception:  # noqa: BLE001 - a sample the framework cannot build
            continue
        yield make, (lambda args=args: getattr(args[0], method)(*args[1:]) if method else fn(*args))


def _generic(api, t, m, method):
    """'ok', 'not run' (torch takes none of the generic samples) or the difference."""
    samples = [_OVERRIDES[api]] if api in _OVERRIDES else _SAMPLES
    if inspect.isclass(t):
        try:
            t, m = t(), m()
        except Exception:  # noqa: BLE001 - constructors with required arguments: scan_samples.LAYERS
            return "not run"
        samples = samples[:2]
    elif not callable(t):
        return "not run"
    t_method = api.rpartition(".")[2] if api.startswith("torch.Tensor.") else None
    for make, run in _call(t, samples, torch.tensor, t_method):
        try:
            expected = run()
        except Exception:  # noqa: BLE001 - torch does not take this sample: try the next
            continue
        try:
            got = next(r for mk, r in _call(m, [make], ms.Tensor, method))()
        except Exception as e:  # noqa: BLE001
            return f"torch accepts the sample, MindSpore API raises {type(e).__name__}: {e}"
        return "ok" if _same(expected, got, dtype=True) else f"values differ: torch {_np(expected)} vs {_np(got)}"
    return "not run"


def _to(v, fw):
    """A framework-neutral sample value as ``fw``'s ("torch" or "ms") object."""
    if isinstance(v, np.ndarray):
        return torch.tensor(v) if fw == "torch" else ms.Tensor(v)
    if isinstance(v, D):
        return getattr(torch if fw == "torch" else ms, v.name if v.name != "bool" or fw == "torch" else "bool_")
    if isinstance(v, Make):
        cls = _resolve(torch if fw == "torch" else ms, "x." + v.path)
        return cls(*_to(v.args, fw), **_to(v.kwargs, fw))
    if isinstance(v, list):
        return [_to(x, fw) for x in v]
    if isinstance(v, tuple):
        return tuple(_to(x, fw) for x in v)
    if isinstance(v, dict):
        return {k: _to(x, fw) for k, x in v.items()}
    return v


def _sample_call(t, m, method, samples):
    for args, kwargs in samples:
        if method:
            expected = getattr(_to(args[0], "torch"), method)(*_to(args[1:], "torch"), **_to(kwargs, "torch"))
            got = getattr(_to(args[0], "ms"), method)(*_to(args[1:], "ms"), **_to(kwargs, "ms"))
        else:
            expected = t(*_to(args, "torch"), **_to(kwargs, "torch"))
            got = m(*_to(args, "ms"), **_to(kwargs, "ms"))
        if not _same(expected, got, dtype=True):
            return f"{args!r:.60} {kwargs}: torch {_show(expected)} vs MindSpore API {_show(got)}"
    return "ok"


def _pair_layers(tm, cell):
    """Put ``tm`` and ``cell`` in inference mode with ``tm``'s weights copied into ``cell``."""
    tm.eval()
    cell.set_train(False)
    if next(iter(tm.parameters()), None) is None and not list(tm.buffers()):
        return
    wmap = weight_map(tm, cell)
    assert wmap.complete, wmap.report()
    copy_weights(tm, cell, wmap)


def _sample_layer(t, m, samples):
    for init, init_kw, inputs in samples:
        torch.manual_seed(0)
        tm = t(*_to(init, "torch"), **_to(init_kw, "torch"))
        cell = m(*_to(init, "ms"), **_to(init_kw, "ms"))
        _pair_layers(tm, cell)
        with torch.no_grad():
            expected = tm(*_to(inputs, "torch"))
        got = cell(*_to(inputs, "ms"))
        if not _same(expected, got, dtype=True):
            return f"{init} {init_kw}: torch {_show(expected)} vs MindSpore API {_show(got)}"
    return "ok"


def _shape_dtype(t_out, m_out):
    """For values drawn at random or left uninitialised, only what does not depend on them."""
    a, b = _np(t_out), _np(m_out)
    if a.shape != b.shape or a.dtype != b.dtype:
        return f"torch {a.dtype}{list(a.shape)} vs MindSpore API {b.dtype}{list(b.shape)}"
    return "ok"


def _check_empty(t, m):
    for args, kwargs in [(((2, 3),), {}), ((4,), {"dtype": D("int32")})]:
        verdict = _shape_dtype(t(*args, **_to(kwargs, "torch")), m(*args, **_to(kwargs, "ms")))
        if verdict != "ok":
            return verdict
    return "ok"


def _check_randn(t, m):
    for args in [(2, 3), ((2, 3),)]:
        a, b = t(*args), m(*args)
        verdict = _shape_dtype(a, b)
        if verdict != "ok" or not np.isfinite(_np(b)).all():
            return f"{args}: {verdict}"
    return "ok"


def _check_randperm(t, m):
    a, b = t(7), m(7)
    verdict = _shape_dtype(a, b)
    if verdict == "ok" and sorted(_np(b).tolist()) != list(range(7)):  # a permutation, whatever the order
        return f"not a permutation of range(7): {_np(b)}"
    return verdict


def _check_from_numpy(t, m):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    tt, mt = t(a), m(a)
    if not _same(tt, mt, dtype=True):
        return f"torch {_show(tt)} vs MindSpore API {_show(mt)}"
    a[0, 0] = 100.0  # torch shares the array's memory
    if _np(tt)[0, 0] != _np(mt)[0, 0]:
        return f"memory sharing: torch sees {_np(tt)[0, 0]}, MindSpore API sees {_np(mt)[0, 0]}"
    return "ok"


def _check_compile(t, m):
    # backend="eager": torch's graph capture without the C++ compiler of the default backend
    compiled = t(lambda x: torch.relu(x) * 2 + x.sum(), backend="eager")
    jitted = m(lambda x: ms.ops.relu(x) * 2 + x.sum())
    return _sample_call(compiled, jitted, None, [((_X,), {}), ((_P,), {})])


def _check_no_op(t, m):
    """Device housekeeping (empty_cache, synchronize): callable with no argument, returning None."""
    got = m()
    return "ok" if got is None else f"MindSpore API returns {got!r}"


_DIST = {}


def _distributed():
    """Run torch.distributed and the MindSpore API in one single-process gloo group (rank 0 of 1):
    {torch API: (torch result, MindSpore API result)}."""
    if _DIST:
        return _DIST
    import torch.distributed as dist

    from sporetorch import communication
    from sporetorch.communication.management import GlobalComm
    saved = {k: getattr(GlobalComm, k) for k in ("BACKEND", "WORLD_COMM_GROUP", "INITED")}
    with tempfile.TemporaryDirectory() as tmp:
        dist.init_process_group("gloo", init_method="file://" + os.path.join(tmp, "store"), rank=0, world_size=1)
        try:
            communication.init()  # joins the running group, as under a launcher
            tt, mt = torch.tensor(_X), ms.Tensor(_X)
            _DIST.update({
                "torch.distributed.get_rank": (dist.get_rank(), communication.get_rank()),
                "torch.distributed.get_world_size": (dist.get_world_size(), communication.get_group_size()),
                "torch.distributed.barrier": (dist.barrier(), ms.ops.barrier()),
                # both reduce in place and return None (the handle of an async_op call)
                "torch.distributed.all_reduce": ((dist.all_reduce(tt), tt), (ms.ops.all_reduce(mt), mt)),
            })
        finally:
            communication.release()  # leaves the process as it found it: no group, init() not run
            if dist.is_initialized():
                dist.destroy_process_group()
            for k, v in saved.items():
                setattr(GlobalComm, k, v)
    return _DIST


def _check_distributed(api):
    def check(t, m):
        expected, got = _distributed()[api]
        return "ok" if _same(expected, got, dtype=True) else f"torch {_show(expected)} vs MindSpore API {_show(got)}"
    return check


def _check_module_list(t, m):
    tl, ml = t([torch.nn.ReLU(), torch.nn.Tanh()]), m([ms.nn.ReLU(), ms.nn.Tanh()])
    tl.append(torch.nn.Linear(3, 2))
    ml.append(ms.nn.Dense(3, 2))
    _pair_layers(torch.nn.Sequential(*tl), ms.nn.SequentialCell(list(ml)))
    if len(tl) != len(ml) or [type(x).__name__ for x in ml] != ["ReLU", "Tanh", "Dense"]:
        return f"length/order: torch {list(tl)} vs MindSpore API {list(ml)}"
    if len(list(ml.get_parameters())) != len(list(tl.parameters())):
        return "the appended layer's parameters are not registered"
    with torch.no_grad():
        expected = [layer(torch.tensor(_X)) for layer in tl]
    return "ok" if _same(expected, [layer(ms.Tensor(_X)) for layer in ml], dtype=True) else "outputs differ"


def _check_module_dict(t, m):
    td = t({"b": torch.nn.ReLU(), "a": torch.nn.Linear(3, 2)})
    md = m({"b": ms.nn.ReLU(), "a": ms.nn.Dense(3, 2)})
    if list(td.keys()) != list(md.keys()):  # insertion order, not sorted
        return f"keys: torch {list(td.keys())} vs MindSpore API {list(md.keys())}"
    _pair_layers(td["a"], md["a"])
    if len(list(md.get_parameters())) != 2:
        return "the parameters of the held layers are not registered"
    with torch.no_grad():
        expected = [td[k](torch.tensor(_X)) for k in td]
    return "ok" if _same(expected, [md[k](ms.Tensor(_X)) for k in md], dtype=True) else "outputs differ"


def _check_max_unpool(t, m):
    x = torch.tensor(r(1, 2, 4, 4))
    pooled, idx = torch.nn.functional.max_pool2d(x, 2, return_indices=True)
    expected = t(2)(pooled, idx)
    got = m(2)(ms.Tensor(pooled.numpy()), ms.Tensor(idx.numpy()))
    return "ok" if _same(expected, got, dtype=True) else f"torch {_show(expected)} vs MindSpore API {_show(got)}"


_SCHEDULES = {
    "CosineAnnealingWarmRestarts": ((3,), {"T_mult": 2, "eta_min": 0.01}),
    "ExponentialLR": ((0.5,), {}),
    "LambdaLR": ((lambda epoch: 0.9 ** epoch,), {}),
    "LinearLR": ((), {"start_factor": 0.25, "total_iters": 4}),
    "MultiStepLR": (([2, 5],), {"gamma": 0.1}),
    "ReduceLROnPlateau": ((), {"factor": 0.5, "patience": 1}),
}


def _check_scheduler(t, m):
    args, kwargs = _SCHEDULES[t.__name__]
    t_opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(2))], lr=0.1)
    m_opt = ms.experimental.optim.SGD([ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="w")], lr=0.1)
    ts, mss = t(t_opt, *args, **kwargs), m(m_opt, *args, **kwargs)
    rates = []
    for _ in range(10):
        rates.append((float(t_opt.param_groups[0]["lr"]), float(m_opt.param_groups[0]["lr"])))
        if t.__name__ == "ReduceLROnPlateau":
            ts.step(1.0)
            mss.step(1.0)
        else:
            t_opt.step()
            ts.step()
            mss.step()
    return "ok" if np.allclose(*zip(*rates), rtol=1e-6) else f"rates (torch, MindSpore API): {rates}"


_CHECKS = {
    "torch.empty": _check_empty,
    "torch.randn": _check_randn,
    "torch.randperm": _check_randperm,
    "torch.from_numpy": _check_from_numpy,
    "torch.compile": _check_compile,
    "torch.cuda.empty_cache": _check_no_op,
    "torch.cuda.synchronize": _check_no_op,
    "torch.nn.ModuleList": _check_module_list,
    "torch.nn.ModuleDict": _check_module_dict,
    "torch.nn.MaxUnpool2d": _check_max_unpool,
    **{f"torch.distributed.{n}": _check_distributed(f"torch.distributed.{n}")
       for n in ("get_rank", "get_world_size", "barrier", "all_reduce")},
    **{f"torch.optim.lr_scheduler.{n}": _check_scheduler for n in _SCHEDULES},
}


def _check_row(api, entry):
    """'ok', 'not run', or a description of the difference."""
    t = _resolve(torch, api)
    target = entry["mindspore"]
    method = target.rpartition(".")[2] if target.startswith("mindspore.Tensor.") else None
    m = getattr(ms.Tensor, method, None) if method else _resolve(ms, target)
    if t is None or m is None:
        return f"does not resolve (torch {t is not None}, sporetorch {m is not None})"
    if isinstance(t, torch.dtype):
        return "ok" if str(t).replace("torch.", "") == str(m).lower().replace("mindspore.", "").rstrip("_") \
            else f"dtype {t} vs {m}"
    try:
        if api in _CHECKS:
            return _CHECKS[api](t, m)
        if api in FUNCS:
            return _sample_call(t, m, method, FUNCS[api])
        if api in LAYERS:
            return _sample_layer(t, m, LAYERS[api])
    except Exception as e:  # noqa: BLE001 - reported as the row's difference
        return f"raises {type(e).__name__}: {e}"
    return _generic(api, t, m, method)


def test_every_same_row_agrees_on_samples():
    results = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for api, entry in api_table().items():
            if entry["status"] == "same" and entry["mindspore"]:
                results[api] = _check_row(api, entry)
    bad = {k: v for k, v in results.items() if v not in ("ok", "not run")}
    assert bad == {}
    not_run = [k for k, v in results.items() if v == "not run"]
    assert not_run == [], "rows no sample suits: add one to scan_samples.py or _CHECKS"


@pytest.mark.parametrize("api,fragment", [
    ("torch.nn.CrossEntropyLoss", "int32"), ("torch.nn.init.kaiming_normal_", "initializer"),
    ("torch.nn.init.constant_", "Constant"), ("torch.nn.Buffer", "requires_grad=False"),
    ("torch.LongTensor", "int64"), ("torch.median", "axis=-1"), ("torch.Tensor", "keeps the data's dtype"),
    ("torch.range", "excluded"), ("torch.full", "int64"), ("torch.bincount", "float32"),
    ("torch.nn.functional.avg_pool3d", "stride defaults to 1"), ("torch.nn.functional.fold", "int32 Tensor"),
    ("torch.nn.functional.ctc_loss", "log_alpha"), ("torch.nn.LocalResponseNorm", "alpha / size"),
    ("torch.nn.TripletMarginLoss", "by keyword"), ("torch.optim.Adagrad", "accum=0.1"),
    ("torch.utils.data.Subset", "random order"), ("torch.linalg.solve", "LU factorization"),
    ("torch.nn.functional.interpolate", "recompute_scale_factor=True"), ("torch.logspace", "int"),
    ("torch.nn.AdaptiveAvgPool1d", "multiple of output_size")])
def test_rows_that_differ_say_how(api, fragment):
    entry = api_table()[api]
    assert entry["status"] == "differs" and fragment in entry["note"]


def test_common_names_are_in_the_table():
    table = api_table()
    for api, target in [("torch.int", "mindspore.int32"), ("torch.long", "mindspore.int64"),
                        ("torch.float", "mindspore.float32"), ("torch.double", "mindspore.float64")]:
        assert table[api] == {"mindspore": target, "status": "same"}


def test_cross_entropy_labels_need_int32_in_mindspore_api():
    """What the `differs` note says, shown: int64 labels are refused, int32 labels work (MindSpore 2.10
    raises the same TypeError)."""
    logits = ms.Tensor(_X)
    with pytest.raises(TypeError, match="Int32|int32"):
        ms.nn.CrossEntropyLoss()(logits, ms.Tensor(np.array([0, 2], np.int64)))
    loss = ms.nn.CrossEntropyLoss()(logits, ms.Tensor(np.array([0, 2], np.int32)))
    expected = torch.nn.CrossEntropyLoss()(torch.tensor(_X), torch.tensor([0, 2]))
    assert abs(float(loss.asnumpy()) - float(expected)) < 1e-6


def test_differences_the_notes_state():
    """What some `differs` notes say, shown; the MindSpore values are MindSpore 2.10's."""
    assert ms.ops.range(0, 4, 1).asnumpy().tolist() == [0, 1, 2, 3] and ms.ops.range(0, 4, 1).dtype == ms.int64
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch.range is deprecated in torch
        assert torch.range(0, 4, 1).tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    full = ms.ops.full((2,), 1.5)
    assert full.dtype == ms.int64 and full.asnumpy().tolist() == [1, 1]
    counts = ms.ops.bincount(ms.Tensor(i64(0, 1, 1, 3)))
    assert counts.dtype == ms.float32 and counts.asnumpy().tolist() == [1.0, 2.0, 0.0, 1.0]
    assert ms.ops.avg_pool2d(ms.ops.ones((1, 1, 6, 6), ms.float32), 2).shape == (1, 1, 5, 5)
    assert ms.Tensor([1, 2]).dtype == ms.int64 and torch.Tensor([1, 2]).dtype == torch.float32
    logp, targets, in_len, tgt_len = (ms.Tensor(a) for a in FUNCS["torch.nn.functional.ctc_loss"][0][0])
    assert len(ms.ops.ctc_loss(logp, targets, in_len, tgt_len)) == 2


def test_local_response_norm_mapping_in_the_note():
    x = r(1, 5, 2, 2)
    for size, alpha, beta, k in [(3, 1e-4, 0.75, 2.0), (5, 0.9, 0.5, 1.0)]:
        expected = torch.nn.LocalResponseNorm(size, alpha, beta, k)(torch.tensor(x))
        got = ms.nn.LRN(size // 2, k, alpha / size, beta)(ms.Tensor(x))
        assert _same(expected, got, dtype=True)


def test_triplet_margin_loss_by_keyword():
    a, p, n = r(3, 4), r(3, 4), r(3, 4)
    expected = torch.nn.TripletMarginLoss(margin=0.5, p=1)(*map(torch.tensor, (a, p, n)))
    assert _same(expected, ms.nn.TripletMarginLoss(margin=0.5, p=1)(*map(ms.Tensor, (a, p, n))), dtype=True)


@pytest.mark.parametrize("name,torch_kw,ms_kw", [
    ("Adadelta", {"lr": 0.5, "rho": 0.8, "eps": 1e-5}, {"learning_rate": 0.5, "rho": 0.8, "epsilon": 1e-5}),
    ("Adagrad", {"lr": 0.1, "initial_accumulator_value": 0.1, "eps": 0.0}, {"accum": 0.1, "learning_rate": 0.1}),
    ("Adamax", {"lr": 0.01, "betas": (0.8, 0.9)}, {"learning_rate": 0.01, "beta1": 0.8, "beta2": 0.9}),
    ("Rprop", {"lr": 0.05}, {"learning_rate": 0.05}),
    ("ASGD", {"lr": 0.05}, {"learning_rate": 0.05})])
def test_optimizers_that_differ_agree_with_the_arguments_the_note_names(name, torch_kw, ms_kw):
    """Three steps of the torch optimizer and of the MindSpore Cell called with the gradients (MindSpore
    2.10's Cells give torch's values with these arguments too)."""
    w0, grads = r(3), [r(3) for _ in range(3)]
    p = torch.nn.Parameter(torch.tensor(w0))
    t_opt = getattr(torch.optim, name)([p], **torch_kw)
    w = ms.Parameter(ms.Tensor(w0), name="w")
    m_opt = getattr(ms.nn, {"Adamax": "AdaMax"}.get(name, name))([w], **ms_kw)
    for g in grads:
        p.grad = torch.tensor(g)
        t_opt.step()
        m_opt((ms.Tensor(g),))
    assert _same(p, w.value(), dtype=True), (p, w)
