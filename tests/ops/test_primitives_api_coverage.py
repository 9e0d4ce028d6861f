"""The ``mindspore.ops`` names of ``core-api.txt`` exist with MindSpore 2.10's leading parameter
names, and every Tensor method sporetorch has matches a MindSpore overload (checked with
``tools/api_coverage.py`` against ``tests/data/api``)."""
import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
API = os.path.join(ROOT, "tests", "data", "api")

pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(API, "mindspore-2.10-api.json")),
                                reason="the MindSpore API inventory (../shared/api) is not available")



@pytest.fixture(scope="module")
def results(repo_tool):
    tool = repo_tool('api_coverage')
    with open(os.path.join(API, "mindspore-2.10-api.json")) as f:
        api = json.load(f)
    with open(os.path.join(ROOT, "tools", "tensor_method_overloads.json")) as f:
        overloads = json.load(f)["overloads"]
    return tool.collect(api, tool.load_core(os.path.join(API, "core-api.txt")), overloads)


def test_core_ops_names_exist_with_mindspore_parameters(results):
    rows, core = results["mindspore.ops"]
    bad = [(name, theirs, ours) for name, present, matched, theirs, ours in rows if name in core and not matched]
    assert not bad


def test_tensor_methods_match_a_mindspore_overload(results):
    rows, _ = results["Tensor methods"]
    mismatched = [(name, theirs, ours) for name, present, matched, theirs, ours in rows if present and not matched]
    assert not mismatched
    assert sum(r[1] for r in rows) >= 250


def test_primitive_classes_match_mindspore_signatures(results):
    rows, _ = results["mindspore.ops"]
    classes = [r for r in rows if r[3] is not None and r[3].startswith("(self")]
    mismatched = [(name, theirs, ours) for name, present, matched, theirs, ours in classes if present and not matched]
    assert not mismatched


def test_leading_names_parser(repo_tool):
    tool = repo_tool('api_coverage')
    assert tool.leading_names("(self, axis=None, *, dtype=None)") == ["axis"]
    assert tool.leading_names("(self, *axes)") == ["*axes"]
    assert tool.matches(["axis", "dtype", "keepdims"], ["axis", "dtype"])
    assert not tool.matches(["dim"], ["axis"])
