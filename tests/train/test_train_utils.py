"""mindspore.train._utils helpers, against literals from MindSpore 2.10."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch.train import _utils as u


def test_small_helpers():
    assert u._convert_type([np.float32, np.int64]) == [ms.float32, ms.int64]  # MindSpore 2.10
    assert u._restructure({("a", "b"): [1, 2, 3, 4], "c": [5]}) == {"a": [1, 3], "b": [2, 4], "c": [5]}
    assert u._rotate_list_elements(1, [1, 2, 3]) == [2, 3, 1]
    t = u._construct_tensor_list([ms.float32, ms.int32], [(2, 3), (2,)], 2)
    assert [(x.shape, x.dtype) for x in t] == [((4, 3), ms.float32), ((4,), ms.int32)]
    out = u._to_tensor([np.ones(2), np.zeros(1)], 2.0)
    assert len(out) == 3 and out[2].dtype == ms.float32 and out[0].dtype == ms.float64


def test_checks(tmp_path):
    with pytest.raises(TypeError, match=r"For `x` the type should be a valid type of \['int'\], but got bool."):
        u.check_value_type("x", True, int)
    with pytest.raises(ValueError, match='For "SummaryRecord", the v rank must be less than or equal to 1, but got 3.'):
        u._check_to_numpy("scalar", ms.Tensor(np.ones(3)))
    d = u._make_directory(str(tmp_path / "a" / "b"))
    assert d.endswith("b") and (tmp_path / "a" / "b").is_dir()


def test_read_proto_ckpt(tmp_path):
    net = ms.nn.Dense(2, 1)
    path = str(tmp_path / "n.ckpt")
    ms.save_checkpoint(net, path)
    model = u.read_proto(path, "CKPT")
    assert sorted(v.tag for v in model.value) == ["bias", "weight"]
    assert all(v.tensor.tensor_content == b"\0" for v in model.value)


def test_process_export_options():
    from sporetorch.train.summary import process_export_options
    assert process_export_options(None) is None
    assert process_export_options({"tensor_format": "npy"}) == {"tensor_format": "npy"}
    with pytest.raises(ValueError, match=r"the keys \{'x'\} of \"export_options\" are unsupported"):
        process_export_options({"x": "npy"})
