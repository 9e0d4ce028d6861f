"""Every row of the shipped API table marked `same` is run on sample inputs through torch and
through sporetorch's MindSpore API, and must agree. A row whose torch API takes none of the
generic samples (constructors with required arguments, functions of special inputs) is counted
as not run by this test; the counts are asserted so that the coverage does not shrink."""
import inspect
import warnings

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch.migrate import api_table

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


def _same(a, b):
    a, b = _np(a), _np(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        return a.shape == b.shape and np.allclose(a.astype(np.float64), b.astype(np.float64), rtol=1e-5, atol=1e-6,
                                                  equal_nan=True)
    return a == b


def _call(fn, samples, T, method=None):
    for make in samples:
        try:
            args = make(T)
        except Exception:  # noqa: BLE001 - a sample the framework cannot build
            continue
        yield make, (lambda args=args: getattr(args[0], method)(*args[1:]) if method else fn(*args))


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
            .replace("bool", "bool") else f"dtype {t} vs {m}"
    samples = [_OVERRIDES[api]] if api in _OVERRIDES else _SAMPLES
    if inspect.isclass(t):
        try:
            t, m = t(), m()
        except Exception:  # noqa: BLE001 - constructors with required arguments are not run here
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
        return "ok" if _same(expected, got) else f"values differ: torch {_np(expected)} vs {_np(got)}"
    return "not run"


def test_every_same_row_agrees_on_samples():
    results = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for api, entry in api_table().items():
            if entry["status"] == "same" and entry["mindspore"]:
                results[api] = _check_row(api, entry)
    bad = {k: v for k, v in results.items() if v not in ("ok", "not run")}
    assert bad == {}
    ran = sum(v == "ok" for v in results.values())
    assert ran >= 190, ran  # rows run and agreeing; the others need arguments the generic samples lack


@pytest.mark.parametrize("api,fragment", [
    ("torch.nn.CrossEntropyLoss", "int32"), ("torch.nn.init.kaiming_normal_", "initializer"),
    ("torch.nn.init.constant_", "Constant"), ("torch.nn.Buffer", "requires_grad=False"),
    ("torch.LongTensor", "int64"), ("torch.median", "axis=-1")])
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
