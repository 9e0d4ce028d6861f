"""Image sources reading the standard on-disk formats from a user's folder:
MNIST (IDX files), CIFAR-10/100 (binary version) and an image folder tree.

Files are read with NumPy (no pickle); MNIST files may also be gzip-compressed.
"""
import gzip
import os

import numpy as np

from .datasets import MappableDataset, _ArrayColumnsDataset


def _check_dir(op, dataset_dir):
    if not isinstance(dataset_dir, (str, os.PathLike)):
        raise TypeError(f"For '{op}', 'dataset_dir' must be a str or path, but got {type(dataset_dir).__name__}")
    path = os.fspath(dataset_dir)
    if not os.path.isdir(path):
        raise ValueError(f"For '{op}', the folder {path} does not exist or is not a directory")
    return path


def _check_usage(op, usage, allowed):
    usage = "all" if usage is None else usage
    if usage not in allowed:
        raise ValueError(f"For '{op}', 'usage' must be one of {allowed}, but got {usage!r}")
    return usage


def _read_maybe_gz(path):
    if os.path.exists(path):
        with open(path, "rb") as fh:
            return fh.read()
    with gzip.open(path + ".gz", "rb") as fh:
        return fh.read()


def _read_idx(op, path, magic, item_shape):
    data = _read_maybe_gz(path)
    header = 8 if len(item_shape) == 0 else 16
    if len(data) < header or int.from_bytes(data[:4], "big") != magic:
        raise ValueError(f"For '{op}', {path} is not an IDX file with magic number {magic}")
    count = int.from_bytes(data[4:8], "big")
    arr = np.frombuffer(data, dtype=np.uint8, offset=header)
    expected = count * int(np.prod(item_shape, dtype=np.int64))
    if arr.size != expected:
        raise ValueError(f"For '{op}', {path} holds {arr.size} bytes of data but its header announces {count} items")
    return arr.reshape((count, *item_shape))


class MnistDataset(_ArrayColumnsDataset):
    """The MNIST data set from its four IDX files (``train-images-idx3-ubyte``,
    ``train-labels-idx1-ubyte``, ``t10k-images-idx3-ubyte``, ``t10k-labels-idx1-ubyte``,
    optionally ``.gz``) in ``dataset_dir``.

    Args:
        dataset_dir (str): the folder with the files.
        usage (str): ``"train"`` (60,000 rows), ``"test"`` (10,000) or ``"all"``. Default: all.
        num_samples, num_parallel_workers, shuffle (default True), sampler, num_shards, shard_id:
            as for every source.

    Outputs: ``image`` uint8 (28, 28, 1), ``label`` uint32.
    """

    _FILES = {"train": ("train-images-idx3-ubyte", "train-labels-idx1-ubyte"),
              "test": ("t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte")}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("MnistDataset", dataset_dir)
        usage = _check_usage("MnistDataset", usage, ("train", "test", "all"))
        images, labels = [], []
        for part in (("train", "test") if usage == "all" else (usage,)):
            img_name, lbl_name = self._FILES[part]
            img_path, lbl_path = os.path.join(path, img_name), os.path.join(path, lbl_name)
            if not any(os.path.exists(p) for p in (img_path, img_path + ".gz")):
                raise ValueError(f"For 'MnistDataset', {img_path} (or .gz) was not found in {path}")
            if not any(os.path.exists(p) for p in (lbl_path, lbl_path + ".gz")):
                raise ValueError(f"For 'MnistDataset', {lbl_path} (or .gz) was not found in {path}")
            img = _read_idx("MnistDataset", img_path, 2051, (28, 28))
            lbl = _read_idx("MnistDataset", lbl_path, 2049, ())
            if len(img) != len(lbl):
                raise ValueError(f"For 'MnistDataset', {img_path} has {len(img)} images but {lbl_path} "
                                 f"has {len(lbl)} labels")
            images.append(img)
            labels.append(lbl)
        self._names = ("image", "label")
        self._arrays = (np.concatenate(images)[..., None], np.concatenate(labels).astype(np.uint32))
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


def _read_cifar(op, files, label_bytes):
    record = label_bytes + 3072
    chunks = []
    for f in files:
        with open(f, "rb") as fh:
            data = np.frombuffer(fh.read(), dtype=np.uint8)
        if data.size % record:
            raise ValueError(f"For '{op}', {f} is {data.size} bytes, not a multiple of the {record}-byte record")
        chunks.append(data.reshape(-1, record))
    data = np.concatenate(chunks)
    images = data[:, label_bytes:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
    labels = [data[:, k].astype(np.uint32) for k in range(label_bytes)]
    return np.ascontiguousarray(images), labels


def _cifar_files(op, path, names):
    files = [os.path.join(path, n) for n in names]
    missing = [f for f in files if not os.path.isfile(f)]
    if missing:
        raise ValueError(f"For '{op}', the binary CIFAR files {missing} were not found in {path} "
                         "(use the 'binary version' of the data set)")
    return files


class Cifar10Dataset(_ArrayColumnsDataset):
    """CIFAR-10, binary version: ``data_batch_1.bin`` .. ``data_batch_5.bin`` and ``test_batch.bin``.

    Args:
        dataset_dir (str): the folder with the ``.bin`` files.
        usage (str): ``"train"``, ``"test"`` or ``"all"``. Default: all.

    Outputs: ``image`` uint8 (32, 32, 3) (HWC), ``label`` uint32.
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("Cifar10Dataset", dataset_dir)
        usage = _check_usage("Cifar10Dataset", usage, ("train", "test", "all"))
        names = []
        if usage in ("train", "all"):
            names += [f"data_batch_{k}.bin" for k in range(1, 6)]
        if usage in ("test", "all"):
            names.append("test_batch.bin")
        images, (labels,) = _read_cifar("Cifar10Dataset", _cifar_files("Cifar10Dataset", path, names), 1)
        self._names = ("image", "label")
        self._arrays = (images, labels)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


class Cifar100Dataset(_ArrayColumnsDataset):
    """CIFAR-100, binary version: ``train.bin`` and ``test.bin``.

    Outputs: ``image`` uint8 (32, 32, 3), ``coarse_label`` uint32, ``fine_label`` uint32.
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("Cifar100Dataset", dataset_dir)
        usage = _check_usage("Cifar100Dataset", usage, ("train", "test", "all"))
        names = {"train": ["train.bin"], "test": ["test.bin"], "all": ["train.bin", "test.bin"]}[usage]
        images, labels = _read_cifar("Cifar100Dataset", _cifar_files("Cifar100Dataset", path, names), 2)
        self._names = ("image", "coarse_label", "fine_label")
        self._arrays = (images, *labels)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


_IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".gif", ".webp")


class ImageFolderDataset(MappableDataset):
    """Images in ``dataset_dir/<class name>/<file>``; classes are the sorted sub-folder names.

    Args:
        dataset_dir (str): the root folder.
        extensions (list[str], optional): file extensions to read. Default: common image types.
        class_indexing (dict, optional): ``{class name: label}``; default: sorted order.
        decode (bool): decode the images to HWC uint8 RGB arrays (needs Pillow). Default: False,
            which yields the encoded file bytes (decode with ``vision.Decode()``).
        num_samples, num_parallel_workers, shuffle (default True), sampler, num_shards, shard_id:
            as for every source.

    Outputs: ``image`` (uint8 bytes, or HWC uint8 when decoded), ``label`` int32.
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 extensions=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        path = _check_dir("ImageFolderDataset", dataset_dir)
        exts = tuple(e.lower() for e in (extensions or _IMAGE_EXTENSIONS))
        classes = sorted(d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d)))
        if class_indexing is None:
            class_indexing = {c: k for k, c in enumerate(classes)}
        elif not isinstance(class_indexing, dict):
            raise TypeError(f"For 'ImageFolderDataset', 'class_indexing' must be a dict, but got {class_indexing!r}")
        files = []
        for c in classes:
            if c not in class_indexing:
                continue
            folder = os.path.join(path, c)
            for name in sorted(os.listdir(folder)):
                if name.lower().endswith(exts) and os.path.isfile(os.path.join(folder, name)):
                    files.append((os.path.join(folder, name), class_indexing[c]))
        if not files:
            raise ValueError(f"For 'ImageFolderDataset', no image files with extensions {list(exts)} were found "
                             f"in the class sub-folders of {path}")
        self._files = files
        self._class_indexing = dict(class_indexing)
        self.decode = bool(decode)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "label"]

    def _num_rows(self):
        return len(self._files)

    def get_class_indexing(self):
        return dict(self._class_indexing)

    def num_classes(self):
        return len(self._class_indexing)

    def _read_row(self, index):
        path, label = self._files[index]
        with open(path, "rb") as fh:
            image = np.frombuffer(fh.read(), dtype=np.uint8)
        if self.decode:
            from ..vision.transforms import Decode
            image = Decode()(image)
        return image, np.asarray(label, dtype=np.int32)
