"""SUN397Dataset and Places365Dataset on tiny folders in their documented layouts, against MindSpore 2.10 CPU."""
import numpy as np
import pytest
from PIL import Image

import sporetorch.dataset as ds


def _img(path, value):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(np.full((4, 5, 3), value, np.uint8)).save(path)


def _rows(d):
    return [(r[0].shape, int(r[0].mean()), int(r[1]), str(r[1].dtype)) for r in d.create_tuple_iterator(output_numpy=True)]


def test_sun397(tmp_path):
    (tmp_path / "ClassName.txt").write_text("/a/abbey\n/b/balcony/exterior\n/b/balcony/interior\n")
    for i, p in enumerate(["a/abbey/sun_b.jpg", "a/abbey/sun_a.jpg", "b/balcony/exterior/sun_c.jpg",
                           "b/balcony/interior/sun_d.png"]):
        _img(tmp_path / p, 40 * i)
    d = ds.SUN397Dataset(str(tmp_path), shuffle=False, decode=True)
    # MindSpore 2.10 CPU: .jpg files only, by name, labels in ClassName.txt order
    assert d.get_dataset_size() == 3 and d.get_col_names() == ["image", "label"]
    assert _rows(d) == [((4, 5, 3), 40, 0, "uint32"), ((4, 5, 3), 0, 0, "uint32"), ((4, 5, 3), 80, 1, "uint32")]
    raw = next(ds.SUN397Dataset(str(tmp_path), shuffle=False).create_tuple_iterator(output_numpy=True))[0]
    assert raw.ndim == 1 and raw[:4].tolist() == [255, 216, 255, 224]


def test_places365(tmp_path):
    (tmp_path / "places365_train_standard.txt").write_text("/a/airfield/00000002.jpg 0\n/a/airfield/00000001.jpg 1\n")
    (tmp_path / "places365_val.txt").write_text("Places365_val_00000001.jpg 1\n")
    for i, p in enumerate(["data_256_standard/a/airfield/00000001.jpg", "data_256_standard/a/airfield/00000002.jpg",
                           "val_256/Places365_val_00000001.jpg"]):
        _img(tmp_path / p, 40 * i + 20)
    # MindSpore 2.10 CPU
    assert _rows(ds.Places365Dataset(str(tmp_path), shuffle=False, decode=True)) == \
        [((4, 5, 3), 60, 0, "uint32"), ((4, 5, 3), 20, 1, "uint32")]
    assert _rows(ds.Places365Dataset(str(tmp_path), usage="val", shuffle=False, decode=True)) == \
        [((4, 5, 3), 100, 1, "uint32")]
    with pytest.raises(ValueError, match=r"Input usage is not within the valid set of \['train-standard', "
                                         r"'train-challenge', 'val'\]."):
        ds.Places365Dataset(str(tmp_path), usage="x")
    with pytest.raises(RuntimeError, match="data_large_standard"):
        ds.Places365Dataset(str(tmp_path), small=False).get_dataset_size()
    with pytest.raises(RuntimeError, match="places365_train_challenge.txt: Places365 file is damaged"):
        ds.Places365Dataset(str(tmp_path), usage="train-challenge").get_dataset_size()
