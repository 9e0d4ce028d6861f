"""PhotoTourDataset on one synthetic patch page in Photo Tourism's layout, against MindSpore 2.10 CPU."""
import numpy as np
import pytest
from PIL import Image

import sporetorch.dataset as ds


@pytest.fixture(scope="module")
def phototour(tmp_path_factory):
    root = tmp_path_factory.mktemp("pt")
    (root / "liberty").mkdir()
    i, j = np.mgrid[0:1024, 0:1024]
    page = ((i // 64 * 16 + j // 64) * 3 + (i % 64) + 2 * (j % 64)) % 256
    Image.fromarray(page.astype(np.uint8)).save(root / "liberty" / "patches0000.bmp")
    (root / "liberty" / "info.txt").write_text("0 0\n0 0\n1 0\n2 0\n")
    (root / "liberty" / "m50_100000_100000_0.txt").write_text("0 0 0 1 0 0 0\n2 1 0 3 2 0 0\n")
    return str(root)


def summary(d):
    return [[(c.shape, str(c.dtype), int(c.astype(np.int64).sum()), int(c.ravel()[70]) if c.size > 70 else -1)
             for c in r] for r in d.create_tuple_iterator(output_numpy=True)]


def test_phototour(phototour):
    # MindSpore 2.10 CPU (printed as: usage, size, columns, summary)
    d = ds.PhotoTourDataset(phototour, "liberty", usage="train", shuffle=False)
    assert f"train {d.get_dataset_size()} {d.get_col_names()} {summary(d)}" == (
        "train 4 ['image'] [[((64, 64, 1), 'uint8', 387072, 13)], [((64, 64, 1), 'uint8', 399360, 16)], [((64, 64, 1), 'uint8', 411648, 19)], [((64, 64, 1), 'uint8', 423936, 22)]]")
    d = ds.PhotoTourDataset(phototour, "liberty", usage="test", shuffle=False)
    assert f"test {d.get_dataset_size()} {d.get_col_names()} {summary(d)}" == (
        "test 2 ['image1', 'image2', 'matches'] [[((64, 64, 1), 'uint8', 387072, 13), ((64, 64, 1), 'uint8', 399360, 16), ((), 'uint32', 1, -1)], [((64, 64, 1), 'uint8', 411648, 19), ((64, 64, 1), 'uint8', 423936, 22), ((), 'uint32', 0, -1)]]")
    with pytest.raises(ValueError) as info:
        ds.PhotoTourDataset(phototour, "x")
    assert f"{type(info.value).__name__} {info.value}" == "ValueError Input name is not within the valid set of ['notredame', 'yosemite', 'liberty', 'notredame_harris', 'yosemite_harris', 'liberty_harris']."
    with pytest.raises(ValueError, match=r"Input usage is not within the valid set of \['train', 'test'\]."):
        ds.PhotoTourDataset(phototour, "liberty", usage="x")
