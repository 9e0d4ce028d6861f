"""Differential sweep of ``mindspore.ops`` functions against results recorded from MindSpore 2.10
(``tools/op_sweep.py``: float, positive, int, bool, 0-d, broadcast and axis/keepdims calls,
generated from each function's signature). Every recorded case must agree (same exception type, or
same dtype, shape and values) unless it is listed in ``tests/data/op_sweep_open.json`` with our
result and MindSpore's; that list only shrinks (see docs/op_fidelity.md). Deliberate differences, each
with its reason, are listed in ``tests/data/op_sweep_deliberate/*.json`` and do not count as
disagreements."""
import glob
import json
import os
import warnings

import pytest

import sporetorch as ms

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")



@pytest.fixture(scope="module")
def sweep(repo_tool):
    tool = repo_tool('op_sweep')
    with open(tool.API, encoding="utf-8") as f:
        cases = tool.generate(json.load(f))
    with open(os.path.join(DATA, "op_sweep.json"), encoding="utf-8") as f:
        recorded = json.load(f)["results"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch warns about some deliberately odd inputs
        differences = tool.compare(ms, cases, tool._inputs(), recorded)
    return tool, cases, recorded, differences


def _deliberate():
    """``{case id: reason}`` over every file in tests/data/op_sweep_deliberate."""
    reasons = {}
    for path in sorted(glob.glob(os.path.join(DATA, "op_sweep_deliberate", "*.json"))):
        with open(path, encoding="utf-8") as f:
            reasons.update(json.load(f))
    return reasons


def test_every_recorded_case_agrees_unless_listed_open(sweep):
    tool, _, _, differences = sweep
    with open(os.path.join(DATA, "op_sweep_open.json"), encoding="utf-8") as f:
        open_cases = json.load(f)
    open_cases.update(_deliberate())
    new = {k: f"ours {tool.describe(o)}, MindSpore {tool.describe(r)}" for k, (o, r) in differences.items()
           if k not in open_cases}
    assert not new, "cases that disagree with MindSpore 2.10 and are not listed open:\n" + "\n".join(
        f"{k}: {v}" for k, v in sorted(new.items()))


def test_sweep_covers_int_bool_0d_and_broadcast_inputs(sweep):
    _, cases, recorded, _ = sweep
    variants = {case_id.split(":")[1] for case_id in recorded}
    assert {"int", "bool", "0d", "broadcast", "int_float", "float_axis1_keep"} <= variants
    assert len({name for _, name, _, _ in cases}) > 500


def test_deliberate_differences_name_recorded_cases_and_give_reasons(sweep):
    _, _, recorded, _ = sweep
    for case_id, reason in _deliberate().items():
        assert case_id in recorded, f"{case_id} is listed deliberate but is not a recorded case"
        assert isinstance(reason, str) and len(reason.split()) >= 4, f"{case_id}: give the reason in a sentence"
