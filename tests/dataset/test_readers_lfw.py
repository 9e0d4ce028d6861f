"""LFWDataset on a tiny folder in LFW's layout (people and pairs listings), against MindSpore 2.10 CPU."""
import numpy as np
import pytest
from PIL import Image

import sporetorch.dataset as ds

FILES = {
    "lfw-names.txt": "Al_B\t2\nCy_D\t1\nEd_F\t3\n",
    "peopleDevTrain.txt": "2\nEd_F\t3\nAl_B\t2\n",
    "peopleDevTest.txt": "1\nCy_D\t1\n",
    "people.txt": "2\n1\nCy_D\t1\n2\nAl_B\t2\nEd_F\t3\n",
    "pairsDevTrain.txt": "1\nEd_F\t1\t3\nAl_B\t2\tCy_D\t1\n",
    "pairsDevTest.txt": "1\nAl_B\t1\t2\nEd_F\t2\tAl_B\t1\n",
    "pairs.txt": "1\t1\nAl_B\t1\t2\nCy_D\t1\tEd_F\t3\n",
}


@pytest.fixture(scope="module")
def lfw(tmp_path_factory):
    root = tmp_path_factory.mktemp("lfw")
    v = 10
    for d in ["lfw", "lfw_funneled", "lfw-deepfunneled"]:
        for name, n in [("Al_B", 2), ("Cy_D", 1), ("Ed_F", 3)]:
            (root / d / name).mkdir(parents=True)
            for k in range(1, n + 1):
                Image.fromarray(np.full((4, 4, 3), v, np.uint8)).save(root / d / name / f"{name}_{k:04d}.jpg")
                v += 5
    for name, text in FILES.items():
        (root / name).write_text(text)
    return str(root)


def rows(root, **kw):
    try:
        d = ds.LFWDataset(root, shuffle=False, decode=True, **kw)
        return d.get_dataset_size(), d.get_col_names(), [
            tuple(int(c.mean()) if c.ndim == 3 else (c.tolist(), str(c.dtype)) for c in r)
            for r in d.create_tuple_iterator(output_numpy=True)]
    except Exception as e:  # noqa: BLE001 - the error is part of the compared output
        return type(e).__name__, str(e).replace("\n", " ")[:100], str(e).replace("\n", " ")[240:400]


# MindSpore 2.10 CPU: repr of rows() for (task, usage)
EXPECTED = [
    (None, None, "(6, ['image', 'label'], [(55, (2, 'uint32')), (60, (2, 'uint32')), (65, (2, 'uint32')), (40, (0, 'uint32')), (45, (0, 'uint32')), (50, (1, 'uint32'))])"),
    (None, 'train', "(5, ['image', 'label'], [(55, (2, 'uint32')), (60, (2, 'uint32')), (65, (2, 'uint32')), (40, (0, 'uint32')), (45, (0, 'uint32'))])"),
    (None, 'test', "(1, ['image', 'label'], [(50, (1, 'uint32'))])"),
    (None, '10fold', "(6, ['image', 'label'], [(50, (1, 'uint32')), (40, (0, 'uint32')), (45, (0, 'uint32')), (55, (2, 'uint32')), (60, (2, 'uint32')), (65, (2, 'uint32'))])"),
    (None, 'all', "(6, ['image', 'label'], [(55, (2, 'uint32')), (60, (2, 'uint32')), (65, (2, 'uint32')), (40, (0, 'uint32')), (45, (0, 'uint32')), (50, (1, 'uint32'))])"),
    ('pairs', None, "(4, ['image1', 'image2', 'label'], [(55, 65, (1, 'uint32')), (45, 50, (0, 'uint32')), (40, 45, (1, 'uint32')), (60, 40, (0, 'uint32'))])"),
    ('pairs', 'train', "(2, ['image1', 'image2', 'label'], [(55, 65, (1, 'uint32')), (45, 50, (0, 'uint32'))])"),
    ('pairs', 'test', "(2, ['image1', 'image2', 'label'], [(40, 45, (1, 'uint32')), (60, 40, (0, 'uint32'))])"),
    ('pairs', '10fold', "(2, ['image1', 'image2', 'label'], [(40, 45, (1, 'uint32')), (50, 65, (0, 'uint32'))])"),
    ('pairs', 'all', "(4, ['image1', 'image2', 'label'], [(55, 65, (1, 'uint32')), (45, 50, (0, 'uint32')), (40, 45, (1, 'uint32')), (60, 40, (0, 'uint32'))])"),
]


@pytest.mark.parametrize("task, usage, expected", EXPECTED)
def test_lfw(lfw, task, usage, expected):
    assert repr(rows(lfw, task=task, usage=usage)) == expected


def test_lfw_sets_and_errors(lfw):
    # MindSpore 2.10 CPU
    # (printed side by side)
    assert f"{rows(lfw, image_set='original')} {rows(lfw, image_set='deepfunneled', usage='test')}" == "(6, ['image', 'label'], [(25, (2, 'uint32')), (30, (2, 'uint32')), (35, (2, 'uint32')), (10, (0, 'uint32')), (15, (0, 'uint32')), (20, (1, 'uint32'))]) (1, ['image', 'label'], [(80, (1, 'uint32'))])"
    assert f"{rows(lfw, task='x')} {rows(lfw, usage='x')} {rows(lfw, image_set='x')}" == '(\'ValueError\', "Input task is not within the valid set of [\'people\', \'pairs\'].", \'\') (\'ValueError\', "Input usage is not within the valid set of [\'10fold\', \'train\', \'test\', \'all\'].", \'\') (\'ValueError\', "Input image_set is not within the valid set of [\'original\', \'funneled\', \'deepfunneled\'].", \'\')'
