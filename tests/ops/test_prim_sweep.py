"""Differential sweep of the ``mindspore.ops`` Primitives against results recorded from MindSpore 2.10
(``tools/prim_sweep.py``: each Primitive built from its constructor signature and called with float,
positive, int, bool, 0-d, broadcast, scalar and axis inputs generated from its call signature). Every
recorded case must agree (same exception type, or same dtype, shape and values) unless it is listed in
``tests/data/prim_sweep_open.json`` with our result and MindSpore's; that list only shrinks (see
docs/op_fidelity.md). Deliberate differences, each with its reason, are listed in
``tests/data/prim_sweep_deliberate.json`` and do not count as disagreements."""
import json
import os
import warnings

import pytest

import sporetorch as ms

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")


@pytest.fixture(scope="module")
def sweep(repo_tool):
    tool = repo_tool("prim_sweep")
    recorded = tool._load(os.path.join(DATA, "prim_sweep.json"))
    cases = tool.generate(tool._load(tool.API), recorded)["primitive"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch warns about some deliberately odd inputs
        differences = tool.compare(ms, "primitive", cases, tool.op_sweep._inputs(), recorded)
    return tool, cases, recorded, differences


def test_every_recorded_case_agrees_unless_listed_open(sweep):
    tool, _, _, differences = sweep
    with open(os.path.join(DATA, "prim_sweep_open.json"), encoding="utf-8") as f:
        open_cases = json.load(f)
    open_cases.update(tool.deliberate_cases(DATA, "primitive"))
    new = {k: f"ours {tool.describe(o)}, MindSpore {tool.describe(r)}" for k, (o, r) in differences.items()
           if k not in open_cases}
    assert not new, "cases that disagree with MindSpore 2.10 and are not listed open:\n" + "\n".join(
        f"{k}: {v}" for k, v in sorted(new.items()))


def test_sweep_covers_int_bool_0d_and_broadcast_inputs(sweep):
    _, cases, recorded, _ = sweep
    variants = {case_id.split(":")[1] for case_id in recorded["primitive"]}
    assert {"int", "bool", "0d", "broadcast", "int_float", "float_axis1", "float_axis1_keep"} <= variants
    assert len({case[1] for case in cases}) > 300
    assert len(recorded["primitive"]) == len(cases)


def test_deliberate_differences_name_recorded_cases_and_give_reasons(sweep):
    tool, _, recorded, _ = sweep
    for case_id, reason in tool.deliberate_cases(DATA, "primitive").items():
        assert case_id in recorded["primitive"], f"{case_id} is listed deliberate but is not a recorded case"
        assert isinstance(reason, str) and len(reason.split()) >= 4, f"{case_id}: give the reason in a sentence"
