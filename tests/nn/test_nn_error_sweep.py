"""Error-type sweep of the ``mindspore.nn`` layers, losses and optimizers against results recorded from
MindSpore 2.10 (``tools/nn_error_sweep.py``: each cell called with a good input and with a wrong dtype, wrong
rank, wrong channel/feature size, mismatched loss operands and a numpy array; each optimizer with good,
grouped, wrongly typed, wrongly shaped, too few and listed gradients). Every recorded case
must agree (same exception type, or outputs of the same dtypes and shapes) unless it is a deliberate
difference listed, with its reason, in ``tests/data/nn_error_sweep_deliberate.json`` (see
docs/op_fidelity.md, "nn layers and losses")."""
import inspect
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


def _deliberate():
    with open(os.path.join(DATA, "nn_error_sweep_deliberate.json"), encoding="utf-8") as f:
        return json.load(f)


def test_every_recorded_case_agrees_unless_deliberate(sweep):
    tool, _, differences = sweep
    deliberate = _deliberate()
    new = {k: f"ours {tool.describe(o)}, MindSpore {tool.describe(r)}" for k, (o, r) in differences.items()
           if k not in deliberate}
    assert not new, "cases that disagree with MindSpore 2.10 and are not deliberate:\n" + "\n".join(
        f"{k}: {v}" for k, v in sorted(new.items()))


def test_deliberate_differences_are_few_real_and_explained(sweep):
    _, recorded, differences = sweep
    deliberate = _deliberate()
    assert len(deliberate) <= 5
    for case, reason in deliberate.items():
        assert case in recorded and case in differences, f"{case} is listed deliberate but agrees (or is gone)"
        assert len(reason.split()) >= 8


def test_every_good_input_runs_on_both_sides(sweep):
    _, recorded, differences = sweep
    assert all("ok" in r for k, r in recorded.items() if k.endswith(":good"))
    assert not [k for k in differences if k.endswith(":good")]


def test_sweep_covers_the_nn_layers_and_losses(sweep):
    tool, recorded, _ = sweep
    swept = {k.split(":")[0] for k in recorded}
    assert swept | set(tool.NOT_COMPARABLE) == set(tool.RECIPES) | set(tool.OPTIMIZERS)
    assert len(swept) > 130
    assert {"Dense", "Conv2d", "BatchNorm2d", "LSTM", "LSTMCell", "Embedding", "CrossEntropyLoss"} <= swept


def test_every_nn_cell_of_mindspore_has_a_recipe(sweep):
    """Every ``mindspore.nn`` Cell class we implement (layers, losses, schedules, wrappers, optimizers) has a
    recipe, or a reason in ``NOT_SWEPT``."""
    tool = sweep[0]
    with open(os.path.join(DATA, "api", "mindspore-2.10-api.json"), encoding="utf-8") as f:
        names = json.load(f)["namespaces"]["mindspore.nn"]
    cells = {n for n in names if inspect.isclass(getattr(ms.nn, n, None)) and issubclass(getattr(ms.nn, n), ms.nn.Cell)}
    assert len(cells) > 195
    assert cells - set(tool.RECIPES) - set(tool.OPTIMIZERS) - set(tool.NOT_SWEPT) == set()
    assert not (set(tool.RECIPES) | set(tool.OPTIMIZERS)) & set(tool.NOT_SWEPT)


def test_int32_hsigmoid_hswish_keep_the_dtype_and_truncate():
    import numpy as np
    x = ms.Tensor(np.array([-7, -3, -1, 0, 1, 2, 3, 7], np.int32))
    # values from MindSpore 2.10 (CPU)
    assert ms.nn.HSigmoid()(x).asnumpy().tolist() == [0, 0, 0, 0, 0, 0, 1, 1]
    assert ms.nn.HSwish()(x).asnumpy().tolist() == [0, 0, 0, 0, 0, 1, 3, 7]
    assert ms.nn.HSwish()(x).dtype == ms.int32
