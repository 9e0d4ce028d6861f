"""The API scan and its shipped torch -> MindSpore 2.10 table."""
import json
import os

import pytest

from sporetorch.migrate import api_table, format_scan, scan, scan_mindspore, scan_torch

HERE = os.path.dirname(__file__)
LISTING = os.path.join(HERE, "..", "data", "api", "mindspore-2.10-api.json")


def _listed(api, name):
    if name.startswith("mindspore.Tensor."):
        return name.rpartition(".")[2] in api["Tensor_methods"]
    if name.startswith("mindspore.nn.Cell."):
        return name.rpartition(".")[2] in api["Cell_members"]
    if name == "mindspore.Tensor":
        return True
    mod, _, leaf = name.rpartition(".")
    return leaf in api["namespaces"].get(mod, {})


def test_table_size_and_counterparts_exist_in_mindspore_2_10():
    table = api_table()
    assert len(table) >= 300
    with open(LISTING, encoding="utf-8") as f:
        api = json.load(f)
    bad = [(k, v["mindspore"]) for k, v in table.items() if v["mindspore"] and not _listed(api, v["mindspore"])]
    assert bad == []
    assert {v["status"] for v in table.values()} == {"same", "differs", "none"}
    assert all(v.get("note") for v in table.values() if v["status"] != "same")
    # pairs the migration guide discusses
    assert table["torch.nn.Linear"]["mindspore"] == "mindspore.nn.Dense"
    assert "0.9" in table["torch.nn.BatchNorm2d"]["note"]
    assert "keep_prob" in table["torch.nn.Dropout"]["note"]
    assert "pad_mode" in table["torch.nn.Conv2d"]["note"]
    assert "1e-7" in table["torch.nn.LayerNorm"]["note"]
    assert table["torch.optim.SGD"]["mindspore"] == "mindspore.nn.SGD"


@pytest.mark.parametrize("name", ["guide_lenet_train.py", "guide_resnet_train.py"])
def test_guide_examples_have_counterparts(name):
    uses, missing = scan(os.path.join(HERE, "data", name))
    assert missing == []
    assert uses and all(u.mindspore for u in uses), [u for u in uses if not u.mindspore]
    apis = {u.api for u in uses}
    assert {"torch.nn.Module", "torch.nn.Conv2d", "torch.nn.Linear", "torch.save"} <= apis
    text = format_scan(uses)
    assert "torch.nn.Conv2d" in text and "mindspore.nn.Conv2d" in text


def test_names_resolve_through_imports():
    src = ("import torch as T\nfrom torch import nn\nfrom torch.nn import functional as Fn\n"
           "from torch.optim import Adam\nclass N(nn.Module):\n    pass\n"
           "y = Fn.relu(T.zeros(2))\nopt = Adam([])\nz = T.not_an_api(1)\n")
    got = [(u.line, u.api, u.status) for u in scan_torch(src)]
    assert got == [(5, "torch.nn.Module", "differs"), (7, "torch.nn.functional.relu", "same"),
                   (7, "torch.zeros", "same"), (8, "torch.optim.Adam", "differs"),
                   (9, "torch.not_an_api", "unknown")]


def test_mindspore_script_lists_what_sporetorch_lacks(tmp_path):
    script = tmp_path / "train_ms.py"
    script.write_text("import mindspore as ms\nfrom mindspore import nn, ops\nfrom mindspore.nn import Dense\n"
                      "x = ops.relu(ms.Tensor([1.0]))\ny = ops.no_such_op(x)\nd = Dense(2, 3)\n"
                      "ms.set_context(mode=ms.GRAPH_MODE)\nz = nn.NotALayer()\n")
    missing = scan_mindspore(str(script), LISTING)
    assert [(u.line, u.api) for u in missing] == [(5, "mindspore.ops.no_such_op"), (8, "mindspore.nn.NotALayer")]
    assert all(u.file == str(script) and "not a MindSpore 2.10 API" in u.note for u in missing)
    assert f"{script}:5: mindspore.ops.no_such_op" in format_scan([], missing)
