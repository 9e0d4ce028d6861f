"""CityscapesDataset on a tiny folder in Cityscapes' layout, against MindSpore 2.10 CPU."""
import json
import os

import numpy as np
import pytest
from PIL import Image

import sporetorch.dataset as ds


@pytest.fixture(scope="module")
def cityscapes(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("cs"))
    v = 10
    for split in ["train", "val"]:
        for city, names in [("aachen", ["aachen_000001_000019", "aachen_000000_000019"]), ("bonn", ["bonn_000000_000019"])]:
            for n in names:
                for sub, suffix, mode in [("leftImg8bit", "leftImg8bit", "RGB"), ("gtFine", "gtFine_labelIds", "L"),
                                          ("gtFine", "gtFine_instanceIds", "L"), ("gtFine", "gtFine_color", "RGBA")]:
                    d = f"{root}/{sub}/{split}/{city}"
                    os.makedirs(d, exist_ok=True)
                    shape = (4, 6, 3) if mode == "RGB" else (4, 6) if mode == "L" else (4, 6, 4)
                    Image.fromarray(np.full(shape, v, np.uint8), mode).save(f"{d}/{n}_{suffix}.png")
                    v += 3
                with open(f"{root}/gtFine/{split}/{city}/{n}_gtFine_polygons.json", "w") as f:
                    json.dump({"imgHeight": 4, "imgWidth": 6, "objects": [{"label": "road", "polygon": [[0, 0], [1, 1]]}]}, f)
    return root


def rows(root, **kw):
    d = ds.CityscapesDataset(root, shuffle=False, decode=True, **kw)
    return d.get_dataset_size(), d.get_col_names(), [
        tuple((c.shape, str(c.dtype), int(c.astype(np.int64).sum()) if c.dtype == np.uint8 else str(c)[:60])
              for c in r) for r in d.create_tuple_iterator(output_numpy=True)]


# MindSpore 2.10 CPU: (arguments, repr of rows())
CASES = [
    ({}, "(3, ['image', 'task'], [(((4, 6, 3), 'uint8', 1584), ((4, 6, 3), 'uint8', 2016)), (((4, 6, 3), 'uint8', 720), ((4, 6, 3), 'uint8', 1152)), (((4, 6, 3), 'uint8', 2448), ((4, 6, 3), 'uint8', 2880))])"),
    ({'task': 'semantic'}, "(3, ['image', 'task'], [(((4, 6, 3), 'uint8', 1584), ((4, 6, 3), 'uint8', 1800)), (((4, 6, 3), 'uint8', 720), ((4, 6, 3), 'uint8', 936)), (((4, 6, 3), 'uint8', 2448), ((4, 6, 3), 'uint8', 2664))])"),
    ({'task': 'color', 'usage': 'val'}, "(3, ['image', 'task'], [(((4, 6, 3), 'uint8', 4176), ((4, 6, 3), 'uint8', 4824)), (((4, 6, 3), 'uint8', 3312), ((4, 6, 3), 'uint8', 3960)), (((4, 6, 3), 'uint8', 5040), ((4, 6, 3), 'uint8', 5688))])"),
    ({'task': 'polygon'}, '(3, [\'image\', \'task\'], [(((4, 6, 3), \'uint8\', 1584), ((), \'<U81\', \'{"imgHeight":4,"imgWidth":6,"objects":[{"label":"road","poly\')), (((4, 6, 3), \'uint8\', 720), ((), \'<U81\', \'{"imgHeight":4,"imgWidth":6,"objects":[{"label":"road","poly\')), (((4, 6, 3), \'uint8\', 2448), ((), \'<U81\', \'{"imgHeight":4,"imgWidth":6,"objects":[{"label":"road","poly\'))])'),
]


@pytest.mark.parametrize("kwargs, expected", CASES)
def test_cityscapes(cityscapes, kwargs, expected):
    assert repr(rows(cityscapes, **kwargs)) == expected


def test_cityscapes_errors(cityscapes):
    # MindSpore 2.10 CPU
    with pytest.raises(RuntimeError, match="Cityscapes Dataset image dir: .*leftImg8bit/test is not a directory path."):
        rows(cityscapes, usage="all")
    with pytest.raises(RuntimeError, match="Cityscapes Dataset task dir: .*gtCoarse/train is not a directory path."):
        rows(cityscapes, quality_mode="coarse")
    with pytest.raises(ValueError, match=r"Input usage is not within the valid set of \['train', 'test', 'val', 'all'\]."):
        rows(cityscapes, usage="train_extra")
    with pytest.raises(ValueError, match="Input task is not within the valid set of"):
        rows(cityscapes, task="x")
    d = ds.CityscapesDataset(cityscapes, shuffle=False, task="instance")
    # without decode both columns are the PNG files' bytes (MindSpore 2.10 CPU: 1-D uint8)
    first = next(d.create_tuple_iterator(output_numpy=True))
    assert all(c.ndim == 1 and c[:4].tolist() == [137, 80, 78, 71] for c in first)
