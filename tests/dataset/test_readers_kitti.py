"""KITTIDataset on a tiny folder in KITTI's layout, against MindSpore 2.10 CPU."""
import numpy as np
import pytest
from PIL import Image

import sporetorch.dataset as ds

LABELS = {
    "000000": "Car 0.00 0 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59\n"
              "Pedestrian 0.50 2 0.21 1 2 3 4 5 6 7 8 9 10 0.5\n"
              "DontCare -1 -1 -10 1 1 2 2 -1 -1 -1 -1000 -1000 -1000 -10\n",
    "000001": "Cyclist 0.1 1 0.3 5 6 7 8 1 2 3 4 5 6 0.7\nMisc 0 3 0 0 0 1 1 1 1 1 1 1 1 1\n"
              "Truck 0 0 0 0 0 1 1 1 1 1 1 1 1 1\nVan 0 0 0 0 0 1 1 1 1 1 1 1 1 1\n"
              "Tram 0 0 0 0 0 1 1 1 1 1 1 1 1 1\nPerson_sitting 0 0 0 0 0 1 1 1 1 1 1 1 1 1\n",
}


@pytest.fixture
def kitti(tmp_path):
    for p, v in [("data_object_image_2/training/image_2/000001.png", 10),
                 ("data_object_image_2/training/image_2/000000.png", 20),
                 ("data_object_image_2/testing/image_2/000000.png", 30)]:
        (tmp_path / p).parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(np.full((6, 8, 3), v, np.uint8)).save(tmp_path / p)
    label_dir = tmp_path / "data_object_label_2" / "training" / "label_2"
    label_dir.mkdir(parents=True)
    for k, text in LABELS.items():
        (label_dir / (k + ".txt")).write_text(text)
    return str(tmp_path)


def rows(root, **kw):
    try:
        d = ds.KITTIDataset(root, shuffle=False, decode=True, **kw)
        return d.get_dataset_size(), d.get_col_names(), [
            tuple((int(c.mean()), c.shape) if i == 0 else (np.round(c, 3).tolist(), str(c.dtype))
                  for i, c in enumerate(r)) for r in d.create_tuple_iterator(output_numpy=True)]
    except Exception as e:  # noqa: BLE001 - the error is part of the compared output
        return type(e).__name__, str(e).replace("\n", " ")[:100], str(e).replace("\n", " ")[240:400]


# MindSpore 2.10 CPU: repr of rows() for usage None (train), "test" and "bad"
EXPECTED = [
    (None, "(2, ['image', 'label', 'truncated', 'occluded', 'alpha', 'bbox', 'dimensions', 'location', 'rotation_y'], [((20, (6, 8, 3)), ([[0], [4], [2]], 'uint32'), ([[0.0], [0.5], [-1.0]], 'float32'), ([[0], [2], [4294967295]], 'uint32'), ([[-1.5800000429153442], [0.20999999344348907], [-10.0]], 'float32'), ([[587.010009765625, 173.3300018310547, 614.1199951171875, 200.1199951171875], [1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 2.0, 2.0]], 'float32'), ([[1.649999976158142, 1.6699999570846558, 3.640000104904175], [5.0, 6.0, 7.0], [-1.0, -1.0, -1.0]], 'float32'), ([[-0.6499999761581421, 1.7100000381469727, 46.70000076293945], [8.0, 9.0, 10.0], [-1000.0, -1000.0, -1000.0]], 'float32'), ([[-1.590000033378601], [0.5], [-10.0]], 'float32')), ((10, (6, 8, 3)), ([[1], [3], [7], [8], [6], [5]], 'uint32'), ([[0.10000000149011612], [0.0], [0.0], [0.0], [0.0], [0.0]], 'float32'), ([[1], [3], [0], [0], [0], [0]], 'uint32'), ([[0.30000001192092896], [0.0], [0.0], [0.0], [0.0], [0.0]], 'float32'), ([[5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]], 'float32'), ([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], 'float32'), ([[4.0, 5.0, 6.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], 'float32'), ([[0.699999988079071], [1.0], [1.0], [1.0], [1.0], [1.0]], 'float32'))])"),
    ('test', "(1, ['image'], [((30, (6, 8, 3)),)])"),
    ('bad', '(\'ValueError\', "Input usage is not within the valid set of [\'train\', \'test\'].", \'\')'),
]


@pytest.mark.parametrize("usage, expected", EXPECTED)
def test_kitti(kitti, usage, expected):
    assert repr(rows(kitti, usage=usage)) == expected
