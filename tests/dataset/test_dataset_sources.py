"""Image sources reading the standard on-disk formats (files written here in those formats)."""
import gzip
import os

import numpy as np
import pytest

import sporetorch.dataset as ds


def rows(dataset):
    return [[a for a in row] for row in dataset.create_tuple_iterator(output_numpy=True)]


def _idx(path, magic, data, gz=False):
    header = magic.to_bytes(4, "big") + len(data).to_bytes(4, "big")
    if data.ndim == 3:
        header += data.shape[1].to_bytes(4, "big") + data.shape[2].to_bytes(4, "big")
    opener = gzip.open if gz else open
    with opener(path + (".gz" if gz else ""), "wb") as fh:
        fh.write(header + data.astype(np.uint8).tobytes())


def test_mnist_idx_files(tmp_path):
    train_x = np.arange(3 * 28 * 28).reshape(3, 28, 28) % 251
    _idx(str(tmp_path / "train-images-idx3-ubyte"), 2051, train_x)
    _idx(str(tmp_path / "train-labels-idx1-ubyte"), 2049, np.array([7, 2, 1]))
    _idx(str(tmp_path / "t10k-images-idx3-ubyte"), 2051, train_x[:2][::-1], gz=True)
    _idx(str(tmp_path / "t10k-labels-idx1-ubyte"), 2049, np.array([4, 9]), gz=True)
    train = ds.MnistDataset(str(tmp_path), usage="train", shuffle=False)
    assert train.get_col_names() == ["image", "label"] and train.get_dataset_size() == 3
    got = rows(train)
    assert got[0][0].shape == (28, 28, 1) and got[0][0].dtype == np.uint8 and got[0][1].dtype == np.uint32
    np.testing.assert_array_equal(got[1][0][..., 0], train_x[1])
    assert [int(r[1]) for r in got] == [7, 2, 1]
    assert [int(r[1]) for r in rows(ds.MnistDataset(str(tmp_path), usage="test", shuffle=False))] == [4, 9]
    assert ds.MnistDataset(str(tmp_path)).get_dataset_size() == 5


def test_cifar_binary_files(tmp_path):
    rng = np.random.default_rng(0)
    images = rng.integers(0, 256, size=(2, 3, 32, 32), dtype=np.uint8)
    for k in range(1, 6):
        (tmp_path / f"data_batch_{k}.bin").write_bytes(
            b"".join(bytes([k % 10]) + images[i].tobytes() for i in range(2)))
    (tmp_path / "test_batch.bin").write_bytes(bytes([3]) + images[0].tobytes())
    c10 = ds.Cifar10Dataset(str(tmp_path), usage="train", shuffle=False)
    got = rows(c10)
    assert len(got) == 10 and got[0][0].shape == (32, 32, 3) and got[0][1].dtype == np.uint32
    np.testing.assert_array_equal(got[1][0], images[1].transpose(1, 2, 0))  # CHW on disk, HWC out
    assert [int(r[1]) for r in got[:4]] == [1, 1, 2, 2]
    assert ds.Cifar10Dataset(str(tmp_path), usage="test").get_dataset_size() == 1
    (tmp_path / "train.bin").write_bytes(bytes([1, 42]) + images[0].tobytes())
    (tmp_path / "test.bin").write_bytes(bytes([2, 17]) + images[1].tobytes())
    c100 = ds.Cifar100Dataset(str(tmp_path), shuffle=False)
    assert c100.get_col_names() == ["image", "coarse_label", "fine_label"]
    assert [(int(r[1]), int(r[2])) for r in rows(c100)] == [(1, 42), (2, 17)]


def test_image_folder(tmp_path):
    for cls, names in (("cat", ["a.png", "b.jpg"]), ("dog", ["c.PNG", "notes.txt"])):
        os.makedirs(tmp_path / cls)
        for n in names:
            (tmp_path / cls / n).write_bytes(n.encode())
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False)
    got = rows(d)
    # MindSpore 2.10 reads every file of a class folder when no extensions are given.
    assert d.get_dataset_size() == 4 and d.get_class_indexing() == {"cat": 0, "dog": 1}
    assert [bytes(r[0]) for r in got] == [b"a.png", b"b.jpg", b"c.PNG", b"notes.txt"]
    assert [int(r[1]) for r in got] == [0, 0, 1, 1] and got[0][1].dtype == np.int32
    assert ds.ImageFolderDataset(str(tmp_path), class_indexing={"dog": 0}).get_dataset_size() == 2


@pytest.mark.parametrize("cls", [ds.MnistDataset, ds.Cifar10Dataset, ds.Cifar100Dataset, ds.ImageFolderDataset])
def test_missing_folder_names_the_path(cls):
    with pytest.raises(ValueError, match="/nonexistent/dir"):
        cls("/nonexistent/dir")


def test_missing_files_name_the_file(tmp_path):
    with pytest.raises(ValueError, match="train-images-idx3-ubyte"):
        ds.MnistDataset(str(tmp_path), usage="train")
    with pytest.raises(ValueError, match="data_batch_1.bin"):
        ds.Cifar10Dataset(str(tmp_path))
