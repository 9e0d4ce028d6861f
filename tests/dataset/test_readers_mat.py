"""SVHNDataset, Flowers102Dataset and Caltech101Dataset (read from .mat files, as MindSpore 2.10 does with
scipy.io.loadmat) on tiny copies in tests/data/dataset/mat_sets written by scipy.io.savemat (plain and compressed),
against MindSpore 2.10 CPU; and the .mat reader itself."""
import os

import numpy as np
import pytest

import sporetorch.dataset as ds
from sporetorch.dataset.engine._matfile import loadmat

R = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "dataset", "mat_sets")


def rows(make):
    try:
        d = make()
        out = []
        for r in d.create_tuple_iterator(output_numpy=True):
            out.append(tuple((c.shape, str(c.dtype), int(c.astype(np.int64).sum()) if c.dtype == np.uint8
                              else c.tolist()) for c in r))
        return d.get_dataset_size(), d.get_col_names(), out
    except Exception as e:  # noqa: BLE001 - the error is part of the compared output
        return type(e).__name__, str(e).replace("\n", " ")[:200]


CASES = [  # (dataset, MindSpore 2.10 CPU output of rows(dataset))
    (lambda: ds.SVHNDataset(R + "/svhn", usage="train", shuffle=False),
     "(3, ['image', 'label'], [(((32, 32, 3), 'uint8', 381810), ((), 'uint32', 1)), (((32, 32, 3), 'uint8', 381870), ((), 'uint32', 0)), (((32, 32, 3), 'uint8', 381930), ((), 'uint32', 3))])"),
    (lambda: ds.SVHNDataset(R + "/svhn", usage="test", shuffle=False),
     "(2, ['image', 'label'], [(((32, 32, 3), 'uint8', 381810), ((), 'uint32', 0)), (((32, 32, 3), 'uint8', 381870), ((), 'uint32', 2))])"),
    (lambda: ds.SVHNDataset(R + "/svhn", usage="bad"),
     '(\'ValueError\', "Input usage is not within the valid set of [\'train\', \'test\', \'extra\', \'all\'].")'),
    (lambda: ds.Flowers102Dataset(R + "/flowers", usage="train", shuffle=False, decode=True),
     "(2, ['image', 'label'], [(((2, 3, 3), 'uint8', 1080), ((), 'uint32', 0)), (((2, 3, 3), 'uint8', 2160), ((), 'uint32', 4))])"),
    (lambda: ds.Flowers102Dataset(R + "/flowers", usage="all", shuffle=False, decode=True),
     "(4, ['image', 'label'], [(((2, 3, 3), 'uint8', 1080), ((), 'uint32', 0)), (((2, 3, 3), 'uint8', 2160), ((), 'uint32', 4)), (((2, 3, 3), 'uint8', 540), ((), 'uint32', 2)), (((2, 3, 3), 'uint8', 1620), ((), 'uint32', 101))])"),
    (lambda: ds.Flowers102Dataset(R + "/flowers", task="Segmentation", usage="valid", shuffle=False, decode=True),
     "(1, ['image', 'segmentation', 'label'], [(((2, 3, 3), 'uint8', 1620), ((2, 3, 3), 'uint8', 1980), ((), 'uint32', 101))])"),
    (lambda: ds.Flowers102Dataset(R + "/flowers", usage="test", shuffle=False),
     "(1, ['image', 'label'], [(((631,), 'uint8', 48982), ((), 'uint32', 2))])"),
    (lambda: ds.Caltech101Dataset(R + "/caltech", shuffle=False, decode=True),
     "(3, ['image', 'category'], [(((2, 3, 3), 'uint8', 180), ((), 'int64', 0)), (((2, 3, 3), 'uint8', 360), ((), 'int64', 0)), (((2, 3, 3), 'uint8', 540), ((), 'int64', 1))])"),
    (lambda: ds.Caltech101Dataset(R + "/caltech", target_type="annotation", shuffle=False, decode=True),
     "(3, ['image', 'annotation'], [(((2, 3, 3), 'uint8', 180), ((2, 3), 'float64', [[1.5, 2.5, 3.0], [4.0, 5.0, 6.5]])), (((2, 3, 3), 'uint8', 360), ((2, 1), 'float64', [[7.0], [8.0]])), (((2, 3, 3), 'uint8', 540), ((2, 2), 'float64', [[9.0, 10.0], [11.0, 12.0]]))])"),
    (lambda: ds.Caltech101Dataset(R + "/caltech", target_type="all", shuffle=False, decode=True),
     "(3, ['image', 'category', 'annotation'], [(((2, 3, 3), 'uint8', 180), ((), 'int64', 0), ((2, 3), 'float64', [[1.5, 2.5, 3.0], [4.0, 5.0, 6.5]])), (((2, 3, 3), 'uint8', 360), ((), 'int64', 0), ((2, 1), 'float64', [[7.0], [8.0]])), (((2, 3, 3), 'uint8', 540), ((), 'int64', 1), ((2, 2), 'float64', [[9.0, 10.0], [11.0, 12.0]]))])"),
]


@pytest.mark.parametrize("k", range(len(CASES)))
def test_mat_datasets(k):
    make, expected = CASES[k]
    assert repr(rows(make)) == expected


def test_loadmat():
    svhn = loadmat(os.path.join(R, "svhn", "test_32x32.mat"))  # compressed
    assert svhn["X"].shape == (32, 32, 3, 2) and svhn["X"].dtype == np.uint8
    assert svhn["y"].dtype == np.uint8 and svhn["y"].tolist() == [[10], [2]]
    setid = loadmat(os.path.join(R, "flowers", "setid.mat"))
    assert setid["trnid"].dtype == np.uint16 and setid["trnid"].tolist() == [[2, 4]]
    ann = loadmat(os.path.join(R, "caltech", "Annotations", "Faces_2", "annotation_0001.mat"))
    assert ann["box_coord"].tolist() == [[1, 2, 3, 4]] and ann["obj_contour"].shape == (2, 3)
