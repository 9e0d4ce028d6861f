"""DIV2KDataset on a tiny folder in DIV2K's layout, against MindSpore 2.10 CPU."""
import numpy as np
import pytest
from PIL import Image

import sporetorch.dataset as ds


@pytest.fixture
def div2k(tmp_path):
    for p, v, hw in [("DIV2K_train_HR/0002.png", 10, 4), ("DIV2K_train_HR/0001.png", 20, 4),
                     ("DIV2K_valid_HR/0801.png", 30, 4), ("DIV2K_train_LR_bicubic/X2/0001x2.png", 40, 2),
                     ("DIV2K_train_LR_bicubic/X2/0002x2.png", 50, 2), ("DIV2K_valid_LR_bicubic/X2/0801x2.png", 60, 2),
                     ("DIV2K_train_LR_mild/0001x4m.png", 70, 1), ("DIV2K_train_LR_mild/0002x4m.png", 80, 1),
                     ("DIV2K_train_LR_x8/0001x8.png", 90, 1), ("DIV2K_train_LR_x8/0002x8.png", 100, 1)]:
        (tmp_path / p).parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(np.full((hw, hw, 3), v, np.uint8)).save(tmp_path / p)
    return str(tmp_path)


def _rows(d):
    return [tuple((int(c.mean()), c.shape[0]) for c in r) for r in d.create_tuple_iterator(output_numpy=True)]


def test_div2k(div2k):
    # MindSpore 2.10 CPU
    d = ds.DIV2KDataset(div2k, shuffle=False, decode=True)
    assert d.get_col_names() == ["hr_image", "lr_image"]
    assert _rows(d) == [((20, 4), (40, 2)), ((10, 4), (50, 2))]
    assert _rows(ds.DIV2KDataset(div2k, usage="all", shuffle=False, decode=True)) == \
        [((20, 4), (40, 2)), ((10, 4), (50, 2)), ((30, 4), (60, 2))]
    assert _rows(ds.DIV2KDataset(div2k, downgrade="mild", scale=4, shuffle=False, decode=True)) == \
        [((20, 4), (70, 1)), ((10, 4), (80, 1))]
    assert _rows(ds.DIV2KDataset(div2k, scale=8, shuffle=False, decode=True)) == \
        [((20, 4), (90, 1)), ((10, 4), (100, 1))]
    with pytest.raises(RuntimeError, match="div2k lr image dir: .*DIV2K_valid_LR_unknown/X3 is not a directory."):
        ds.DIV2KDataset(div2k, usage="valid", downgrade="unknown", scale=3).get_dataset_size()


@pytest.mark.parametrize("kwargs, msg", [  # MindSpore 2.10 CPU
    (dict(downgrade="mild", scale=2), "DIV2KNode: mild downgrade requires scale equal to 4."),
    (dict(downgrade="wild", scale=2), "DIV2KNode: wild downgrade requires scale equal to 4."),
    (dict(downgrade="unknown", scale=8), "DIV2KNode: scale equal to 8 is allowed only in bicubic downgrade."),
    (dict(usage="bad"), "Input usage is not within the valid set of ['train', 'valid', 'all']."),
    (dict(downgrade="bad"),
     "Input downgrade is not within the valid set of ['bicubic', 'unknown', 'mild', 'difficult', 'wild']."),
    (dict(scale=5), "Input scale is not within the valid set of [2, 3, 4, 8]."),
])
def test_div2k_errors(div2k, kwargs, msg):
    with pytest.raises(ValueError) as info:
        ds.DIV2KDataset(div2k, **kwargs)
    assert str(info.value) == msg
