"""OmniglotDataset, FlickrDataset and SBUDataset on tiny folders in their documented layouts, against MindSpore
2.10 CPU."""
import numpy as np
import pytest
from PIL import Image

import sporetorch.dataset as ds


def _img(path, value):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(np.full((3, 4, 3), value, np.uint8)).save(path)


def _rows(d):
    out = []
    for r in d.create_tuple_iterator(output_numpy=True):
        out.append(tuple(int(c.mean()) if c.dtype == np.uint8 else (c.tolist(), str(c.dtype)) for c in r))
    return d.get_dataset_size(), d.get_col_names(), out


def test_omniglot(tmp_path):
    for p, v in [("cb/02.png", 10), ("cb/01.png", 20), ("ca/01.png", 30), ("ca/sub/09.png", 35), ("cb/k2/05.png", 90),
                 ("cb/k1/03.png", 100), ("cb/k1/01.png", 110)]:
        _img(tmp_path / "images_background" / p, v)
    _img(tmp_path / "images_evaluation" / "cz" / "01.png", 40)
    # MindSpore 2.10 CPU: classes are the alphabet/character folders; the label is int32
    expected = (4, ["image", "label"], [(35, (0, "int32")), (110, (1, "int32")), (100, (1, "int32")),
                                        (90, (2, "int32"))])
    assert _rows(ds.OmniglotDataset(str(tmp_path), shuffle=False, decode=True)) == expected
    assert _rows(ds.OmniglotDataset(str(tmp_path), background=True, shuffle=False, decode=True)) == expected
    with pytest.raises(RuntimeError, match="OmniglotDataset API can't read the data file"):
        ds.OmniglotDataset(str(tmp_path), background=False).get_dataset_size()
    _img(tmp_path / "images_evaluation" / "cz" / "q" / "01.png", 120)
    assert _rows(ds.OmniglotDataset(str(tmp_path), background=False, shuffle=False, decode=True)) == \
        (1, ["image", "label"], [(120, (0, "int32"))])


def test_flickr(tmp_path):
    _img(tmp_path / "imgs" / "b.jpg", 50)
    _img(tmp_path / "imgs" / "a.jpg", 60)
    ann = tmp_path / "ann.token"
    ann.write_text("b.jpg#0\tcap b0\nb.jpg#1\tcap b1\na.jpg#0\tcap a0\n")
    # MindSpore 2.10 CPU
    assert _rows(ds.FlickrDataset(str(tmp_path / "imgs"), str(ann), shuffle=False, decode=True)) == \
        (2, ["image", "annotation"], [(60, (["cap a0"], "<U6")), (50, (["cap b0", "cap b1"], "<U6"))])
    ann.write_text("b.jpg#0\tcap b0\nc.jpg#0\tmissing\n")
    with pytest.raises(RuntimeError, match="Invalid file path, flickr dataset file: .*c.jpg does not exist."):
        ds.FlickrDataset(str(tmp_path / "imgs"), str(ann)).get_dataset_size()


def test_sbu(tmp_path):
    _img(tmp_path / "sbu_images" / "m_3326_3596303505_3ce4c20529.jpg", 70)
    _img(tmp_path / "sbu_images" / "m_11_222_x.jpg", 80)
    (tmp_path / "SBU_captioned_photo_dataset_captions.txt").write_text("first cap\nsecond cap\nthird cap\n")
    urls = tmp_path / "SBU_captioned_photo_dataset_urls.txt"
    urls.write_text("http://static.flickr.com/3326/3596303505_3ce4c20529.jpg\nhttp://static.flickr.com/5/6_7.jpg\n"
                    "http://static.flickr.com/11/222_x.jpg\n")
    # MindSpore 2.10 CPU: photos that are not there are skipped
    assert _rows(ds.SBUDataset(str(tmp_path), shuffle=False, decode=True)) == \
        (2, ["image", "caption"], [(70, ("first cap", "<U9")), (80, ("third cap", "<U9"))])
    urls.write_text("http://x/p1.jpg\n")
    with pytest.raises(RuntimeError, match="Invalid url in .*SBU_captioned_photo_dataset_urls.txt: http://x/p1.jpg"):
        ds.SBUDataset(str(tmp_path)).get_dataset_size()
