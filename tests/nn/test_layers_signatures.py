"""Every nn layer and loss has MindSpore 2.10's constructor signature: parameter names, order
and defaults as recorded in tests/data/api/mindspore-2.10-api.json."""
import inspect
import json
import os
import re

import pytest

import sporetorch.nn as nn
from sporetorch.nn import layer, loss

API = os.path.join(os.path.dirname(__file__), "..", "data", "api", "mindspore-2.10-api.json")
OURS = sorted(set(layer.__all__) | set(loss.__all__))


def _split(signature):
    body = signature.strip()[1:-1]
    parts, depth, cur = [], 0, ""
    for ch in body:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    out = []
    for part in parts:
        name = re.split(r"[:=]", part)[0].strip()
        default = part.split("=", 1)[1].strip() if "=" in part else None
        out.append((name, default))
    return out


def _same_default(theirs, ours):
    if theirs == ours:
        return True
    try:
        return eval(theirs.replace("mindspore.float32", "'F32'")) == eval(ours.replace("Float32", "'F32'"))
    except Exception:  # noqa: BLE001 - a default that is not a literal: compare the text only
        return False


@pytest.fixture(scope="module")
def api():
    if not os.path.exists(API):
        pytest.skip("the MindSpore API listing is not available")
    with open(API) as f:
        return json.load(f)["namespaces"]["mindspore.nn"]


# The layers and losses among the mindspore.nn names of ../shared/api/core-api.txt.
CORE_LAYERS = """AdaptiveAvgPool2d AdaptiveMaxPool2d AvgPool1d AvgPool2d BCELoss BCEWithLogitsLoss BatchNorm1d BatchNorm2d
BatchNorm3d Conv1d Conv2d Conv2dTranspose CrossEntropyLoss Dense Dropout ELU Embedding Flatten GELU GroupNorm HSigmoid
HSwish HuberLoss Identity KLDivLoss L1Loss LSTM LayerNorm LeakyReLU Linear LogSoftmax LossBase MSELoss MaxPool1d
MaxPool2d NLLLoss OneHot PReLU ReLU ReLU6 SiLU Sigmoid SmoothL1Loss Softmax SoftmaxCrossEntropyWithLogits Tanh
get_activation""".split()


def test_every_core_layer_and_loss_exists():
    assert [n for n in CORE_LAYERS if n not in OURS] == []
    assert len(OURS) >= 160


@pytest.mark.parametrize("name", OURS)
def test_signature_matches_mindspore(api, name):
    if name not in api or "signature" not in api[name]:
        pytest.skip(f"{name} has no recorded signature")
    obj = getattr(nn, name)
    ours = _split(str(inspect.signature(obj.__init__ if inspect.isclass(obj) else obj)))
    theirs = _split(api[name]["signature"])
    assert [n for n, _ in ours] == [n for n, _ in theirs]
    for (n, d_theirs), (_, d_ours) in zip(theirs, ours):
        assert (d_theirs is None) == (d_ours is None) and (d_theirs is None or _same_default(d_theirs, d_ours)), n
