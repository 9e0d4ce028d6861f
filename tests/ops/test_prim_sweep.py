"""Differential sweep of the ``mindspore.ops`` Primitives and of the Tensor methods and properties
against results recorded from MindSpore 2.10 (``tools/prim_sweep.py``). A Primitive is built from its
constructor signature and called with float, positive, int, bool, 0-d, broadcast, scalar and axis
inputs generated from its call signature; a Tensor method is called on a Tensor of each of those
values, with the other operands, axis or simple values its ``mindspore.ops`` namesake's signature asks
for. Every recorded case must agree (same exception type, or same dtype, shape and values) unless it
is listed in the kind's open list (``tests/data/prim_sweep_open.json``,
``tests/data/tensor_method_sweep_open.json``) with our result and MindSpore's; those lists only
shrink (see docs/op_fidelity.md). Deliberate differences, each with its reason, are listed in
``tests/data/prim_sweep_deliberate/*.json`` and ``tests/data/tensor_method_sweep_deliberate/*.json``
and do not count as disagreements."""
import json
import os
import warnings

import pytest

import sporetorch as ms

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")

# kind -> (its open list, the variants its recording must hold, the fewest names it must cover)
KINDS = {
    "primitive": ("prim_sweep_open.json", {"float_axis1", "float_axis1_keep"}, 300),
    "method": ("tensor_method_sweep_open.json", {"float_axis1"}, 300),
}


@pytest.fixture(scope="module")
def recording(repo_tool):
    tool = repo_tool("prim_sweep")
    return tool, tool._load(os.path.join(DATA, "prim_sweep.json"))


@pytest.fixture(scope="module", params=sorted(KINDS))
def sweep(request, recording):
    tool, recorded = recording
    kind = request.param
    cases = tool.generate(tool._load(tool.API), recorded)[kind]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch warns about some deliberately odd inputs
        differences = tool.compare(ms, kind, cases, tool.op_sweep._inputs(), recorded)
    return tool, kind, cases, recorded[kind], differences


def test_every_recorded_case_agrees_unless_listed_open(sweep):
    tool, kind, _, _, differences = sweep
    with open(os.path.join(DATA, KINDS[kind][0]), encoding="utf-8") as f:
        open_cases = json.load(f)
    open_cases.update(tool.deliberate_cases(DATA, kind))
    new = {k: f"ours {tool.describe(o)}, MindSpore {tool.describe(r)}" for k, (o, r) in differences.items()
           if k not in open_cases}
    assert not new, f"{kind} cases that disagree with MindSpore 2.10 and are not listed open:\n" + "\n".join(
        f"{k}: {v}" for k, v in sorted(new.items()))


def test_sweep_covers_int_bool_0d_and_broadcast_inputs(sweep):
    _, kind, cases, recorded, _ = sweep
    _, variants_needed, fewest_names = KINDS[kind]
    variants = {case_id.split(":")[1] for case_id in recorded}
    assert {"int", "bool", "0d", "broadcast", "int_float"} | variants_needed <= variants
    assert len({case[1] for case in cases}) > fewest_names
    assert len(recorded) == len(cases)


def test_deliberate_differences_name_recorded_cases_and_give_reasons(sweep):
    tool, kind, _, recorded, _ = sweep
    for case_id, reason in tool.deliberate_cases(DATA, kind).items():
        assert case_id in recorded, f"{case_id} is listed deliberate but is not a recorded case"
        assert isinstance(reason, str) and len(reason.split()) >= 4, f"{case_id}: give the reason in a sentence"
