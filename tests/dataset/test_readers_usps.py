"""USPSDataset on small files in USPS's libsvm format, against MindSpore 2.10 CPU."""
import random

import numpy as np
import pytest

import sporetorch.dataset as ds


def _line(label, vals):
    return str(label) + " " + " ".join(f"{i + 1}:{v:.6f}" for i, v in enumerate(vals)) + " \n"


@pytest.fixture
def usps_dir(tmp_path):
    rnd = random.Random(0)
    with open(tmp_path / "usps", "w") as f:
        for k in range(3):
            vals = [rnd.uniform(-1, 1) for _ in range(256)]
            vals[0], vals[1], vals[2] = -1.0, 1.0, 0.0
            f.write(_line(k + 1, vals))
    with open(tmp_path / "usps.t", "w") as f:
        f.write(_line(10, [0.5] * 256))
    return str(tmp_path)


def _summary(d):
    return [(int(r[0].astype(np.int64).sum()), int(r[0][5, 7, 0]), int(r[1]))
            for r in d.create_tuple_iterator(output_numpy=True)]


def test_usps(usps_dir):
    d = ds.USPSDataset(usps_dir, shuffle=False)
    # MindSpore 2.10 CPU: the two files are read side by side
    assert d.get_dataset_size() == 4 and d.get_col_names() == ["image", "label"]
    assert _summary(d) == [(33638, 216, 0), (48896, 191, 9), (32662, 37, 1), (30760, 250, 2)]
    row = next(ds.USPSDataset(usps_dir, usage="train", shuffle=False).create_tuple_iterator(output_numpy=True))
    assert row[0].shape == (16, 16, 1) and row[0].dtype == np.uint8 and row[1].dtype == np.uint32
    assert row[0].ravel()[:6].tolist() == [0, 255, 127, 66, 130, 103]
    assert [r[2] for r in _summary(ds.USPSDataset(usps_dir, usage="test", shuffle=False))] == [9]
    assert [r[2] for r in _summary(ds.USPSDataset(usps_dir, num_shards=2, shard_id=1, shuffle=False))] == [2, 9]
    with pytest.raises(ValueError, match=r"Input usage is not within the valid set of \['train', 'test', 'all'\]."):
        ds.USPSDataset(usps_dir, usage="bad")
    with pytest.raises(ValueError, match="does not exist or is not a directory"):
        ds.USPSDataset(usps_dir + "/none")


def test_usps_bad_line(tmp_path):
    (tmp_path / "usps").write_text("1 " + " ".join(f"{i + 1}:0.5" for i in range(256)) + "\n")
    d = ds.USPSDataset(str(tmp_path), usage="train", shuffle=False)
    # MindSpore 2.10 CPU: a line without the trailing space
    with pytest.raises(RuntimeError, match="should be 257, but got 256."):
        list(d.create_tuple_iterator())
