"""Error-type sweep of the ``mindspore.nn`` layers and losses against results recorded from MindSpore
2.10 (``tools/nn_error_sweep.py``: each cell called with a good input and with a wrong dtype, wrong
rank, wrong channel/feature size, mismatched loss operands and a numpy array). Every recorded case
must agree (same exception type, or outputs of the same dtypes and shapes) unless it is listed in
``tests/data/nn_error_sweep_open.json`` with our result and MindSpore's; that list only shrinks (see
docs/op_fidelity.md, "nn layers and losses")."""
import json
import os
import warnings

import pytest

import sporetorch as ms

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")



@pytest.fixture(scope="module")
def sweep(repo_tool):
    tool = repo_tool('nn_error_sweep')
    with open(os.path.join(DATA, "nn_error_sweep.json"), encoding="utf-8") as f:
        recorded = json.load(f)["results"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch warns about some deliberately odd inputs
        differences = tool.compare(ms, recorded)
    return tool, recorded, differences


def test_every_recorded_case_agrees_unless_listed_open(sweep):
    tool, _, differences = sweep
    with open(os.path.join(DATA, "nn_error_sweep_open.json"), encoding="utf-8") as f:
        open_cases = json.load(f)
    new = {k: f"ours {tool.describe(o)}, MindSpore {tool.describe(r)}" for k, (o, r) in differences.items()
           if k not in open_cases}
    assert not new, "cases that disagree with MindSpore 2.10 and are not listed open:\n" + "\n".join(
        f"{k}: {v}" for k, v in sorted(new.items()))


def test_every_good_input_runs_on_both_sides(sweep):
    _, recorded, differences = sweep
    assert all("ok" in r for k, r in recorded.items() if k.endswith(":good"))
    assert not [k for k in differences if k.endswith(":good")]


def test_sweep_covers_the_nn_layers_and_losses(sweep):
    tool, recorded, _ = sweep
    swept = {k.split(":")[0] for k in recorded}
    assert swept | set(tool.NOT_COMPARABLE) == set(tool.RECIPES)
    assert len(swept) > 100
    assert {"Dense", "Conv2d", "BatchNorm2d", "LSTM", "Embedding", "CrossEntropyLoss"} <= swept


def test_int32_hsigmoid_hswish_keep_the_dtype_and_truncate():
    import numpy as np
    x = ms.Tensor(np.array([-7, -3, -1, 0, 1, 2, 3, 7], np.int32))
    # values from MindSpore 2.10 (CPU)
    assert ms.nn.HSigmoid()(x).asnumpy().tolist() == [0, 0, 0, 0, 0, 0, 1, 1]
    assert ms.nn.HSwish()(x).asnumpy().tolist() == [0, 0, 0, 0, 0, 1, 3, 7]
    assert ms.nn.HSwish()(x).dtype == ms.int32
