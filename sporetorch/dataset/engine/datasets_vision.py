"""Image sources reading the standard on-disk formats from a user's folder:
MNIST (IDX files), CIFAR-10/100 (binary version) and an image folder tree.

Files are read with NumPy (no pickle); MNIST files may also be gzip-compressed.
"""
import gzip
import os

import numpy as np

from .datasets import MappableDataset, _ArrayColumnsDataset
from .datasets_standard_format import Shuffle, _FileRowsDataset


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
    # MindSpore reads the batch files that are there (a folder may hold only some of them).
    files = [os.path.join(path, n) for n in names if os.path.isfile(os.path.join(path, n))]
    if not files:
        raise ValueError(f"For '{op}', none of the binary CIFAR files {names} was found in {path} "
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


def _decode(data, path):
    """Decode one image file's bytes; a failure names the file."""
    from ..vision.transforms import Decode
    try:
        return Decode()(data)
    except Exception as err:
        raise RuntimeError(f"Failed to decode the image file {path}: {type(err).__name__}: {err}") from err




class ImageFolderDataset(MappableDataset):
    """Images in ``dataset_dir/<class name>/<file>``; classes are the sorted sub-folder names.

    Args:
        dataset_dir (str): the root folder.
        extensions (list[str], optional): file extensions to read (case-sensitive). Default: every file.
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
        # MindSpore 2.10 reads every file without ``extensions`` and matches them case-sensitively.
        exts = tuple(extensions) if extensions else ("",)
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
                if name.endswith(exts) and os.path.isfile(os.path.join(folder, name)):
                    files.append((os.path.join(folder, name), class_indexing[c]))
        if not files:
            raise ValueError(f"For 'ImageFolderDataset', no files with extensions {list(exts)} were found "
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

    def _parallel_reads(self):
        # A file read is cheaper than a hand-off to a worker; Pillow's decode releases the GIL.
        return "threads" if self.decode else None

    def num_classes(self):
        return len(self._class_indexing)

    def _read_row(self, index):
        path, label = self._files[index]
        with open(path, "rb") as fh:
            image = np.frombuffer(fh.read(), dtype=np.uint8)
        if self.decode:
            image = _decode(image, path)
        return image, np.asarray(label, dtype=np.int32)


class FashionMnistDataset(MnistDataset):
    """Fashion-MNIST: the same four IDX files and columns as ``MnistDataset``."""


class KMnistDataset(MnistDataset):
    """Kuzushiji-MNIST: the same four IDX files and columns as ``MnistDataset``."""




def _file_bytes(path):
    with open(path, "rb") as fh:
        return np.frombuffer(fh.read(), dtype=np.uint8)


class CelebADataset(MappableDataset):
    """CelebA: image files and ``list_attr_celeba.txt`` in ``dataset_dir``
    (``list_eval_partition.txt`` selects the split).

    Args:
        dataset_dir (str): the folder.
        usage (str): ``"train"``, ``"valid"``, ``"test"`` or ``"all"``. Default: all.
        decode (bool): decode the images to HWC uint8 RGB. Default: False (file bytes).
        extensions (list[str], optional): keep only files with these extensions.
        num_samples, num_parallel_workers, shuffle (default True), sampler, num_shards, shard_id:
            as for every source.

    Outputs: ``image``, ``attr`` uint32 (one 0/1 value per attribute; the file's -1 is 0).
    """

    _PARTS = {"train": "0", "valid": "1", "test": "2"}

    def __init__(self, dataset_dir, num_parallel_workers=None, shuffle=None, usage="all", sampler=None,
                 decode=False, extensions=None, num_samples=None, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        path = _check_dir("CelebADataset", dataset_dir)
        usage = _check_usage("CelebADataset", usage, ("train", "valid", "test", "all"))
        attr_file = os.path.join(path, "list_attr_celeba.txt")
        if not os.path.isfile(attr_file):
            raise ValueError(f"For 'CelebADataset', the attribute file {attr_file} was not found")
        with open(attr_file, encoding="utf-8") as fh:
            lines = [ln.split() for ln in fh.read().splitlines()]
        if len(lines) < 2:
            raise ValueError(f"For 'CelebADataset', {attr_file} lacks its count and attribute-name lines")
        self.attr_names = lines[1]
        keep = None
        if usage != "all":
            part_file = os.path.join(path, "list_eval_partition.txt")
            if not os.path.isfile(part_file):
                raise ValueError(f"For 'CelebADataset', usage={usage!r} needs {part_file}")
            with open(part_file, encoding="utf-8") as fh:
                keep = {p[0] for p in (ln.split() for ln in fh) if len(p) == 2 and p[1] == self._PARTS[usage]}
        exts = tuple(e.lower() for e in extensions) if extensions else None
        rows = []
        for line_no, parts in enumerate(lines[2:], start=3):
            if not parts:
                continue
            if len(parts) != len(self.attr_names) + 1:
                raise ValueError(f"For 'CelebADataset', {attr_file} line {line_no} has {len(parts) - 1} attributes, "
                                 f"expected {len(self.attr_names)}")
            name = parts[0]
            if (keep is not None and name not in keep) or (exts and not name.lower().endswith(exts)):
                continue
            attr = np.array([1 if v == "1" else 0 for v in parts[1:]], dtype=np.uint32)
            rows.append((os.path.join(path, name), attr))
        self._items = rows
        self.decode = bool(decode)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "attr"]

    def _num_rows(self):
        return len(self._items)

    def _read_row(self, index):
        path, attr = self._items[index]
        image = _file_bytes(path)
        return (_decode(image, path) if self.decode else image), attr


def _xml_number(node, tag, where):
    text = node.findtext(tag)
    try:
        return float(text)
    except (TypeError, ValueError):
        raise ValueError(f"For 'VOCDataset', {where}: <{tag}> is missing or not a number ({text!r})") from None


class VOCDataset(MappableDataset):
    """PASCAL VOC: ``JPEGImages``, ``Annotations`` and ``ImageSets`` under ``dataset_dir``.

    Args:
        dataset_dir (str): the VOC folder (e.g. ``VOC2012``).
        task (str): ``"Detection"`` or ``"Segmentation"``. Default: Segmentation.
        usage (str): the image set file name in ``ImageSets/<Main|Segmentation>`` without
            ``.txt``. Default: ``"train"``.
        class_indexing (dict, optional): ``{class name: label}`` (Detection); default: the
            sorted class names found in the annotations numbered from 0.
        decode (bool): decode the images. Default: False.
        num_samples, num_parallel_workers, shuffle (default True), sampler, num_shards, shard_id:
            as for every source.

    Outputs: Detection: ``image``, ``bbox`` float32 (n, 4) as ``[xmin, ymin, width,
    height]``, ``label``, ``difficult``, ``truncate`` uint32 (n, 1). Segmentation:
    ``image``, ``target``.
    """

    def __init__(self, dataset_dir, task="Segmentation", usage="train", class_indexing=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
                 cache=None, extra_metadata=False, decrypt=None):
        import xml.etree.ElementTree as ET
        path = _check_dir("VOCDataset", dataset_dir)
        if task not in ("Detection", "Segmentation"):
            raise ValueError(f"For 'VOCDataset', 'task' must be 'Detection' or 'Segmentation', but got {task!r}")
        if class_indexing is not None and task != "Detection":
            raise ValueError("For 'VOCDataset', 'class_indexing' is only valid with task='Detection'")
        set_file = os.path.join(path, "ImageSets", "Main" if task == "Detection" else "Segmentation", f"{usage}.txt")
        if not os.path.isfile(set_file):
            raise ValueError(f"For 'VOCDataset', the image set file {set_file} was not found")
        with open(set_file, encoding="utf-8") as fh:
            names = [ln.strip() for ln in fh if ln.strip()]
        self.task = task
        self.decode = bool(decode)
        self._items = []
        if task == "Segmentation":
            for n in names:
                self._items.append((os.path.join(path, "JPEGImages", n + ".jpg"),
                                    os.path.join(path, "SegmentationClass", n + ".png")))
        else:
            objects = []
            for n in names:
                ann = os.path.join(path, "Annotations", n + ".xml")
                try:
                    root = ET.parse(ann).getroot()
                except (OSError, ET.ParseError) as err:
                    raise ValueError(f"For 'VOCDataset', cannot read the annotation {ann}: {err}") from None
                objs = []
                for k, obj in enumerate(root.iter("object")):
                    box = obj.find("bndbox")
                    where = f"{ann} object {k}"
                    if box is None:
                        raise ValueError(f"For 'VOCDataset', {where} has no <bndbox>")
                    x0, y0 = _xml_number(box, "xmin", where), _xml_number(box, "ymin", where)
                    x1, y1 = _xml_number(box, "xmax", where), _xml_number(box, "ymax", where)
                    objs.append((obj.findtext("name", "").strip(), [x0, y0, x1 - x0, y1 - y0],
                                 int(float(obj.findtext("difficult", "0") or 0)),
                                 int(float(obj.findtext("truncated", "0") or 0))))
                objects.append((os.path.join(path, "JPEGImages", n + ".jpg"), objs))
            if class_indexing is None:
                class_indexing = {c: k for k, c in enumerate(sorted({o[0] for _, objs in objects for o in objs}))}
            elif not isinstance(class_indexing, dict):
                raise TypeError(f"For 'VOCDataset', 'class_indexing' must be a dict, but got {class_indexing!r}")
            for image, objs in objects:
                unknown = [o[0] for o in objs if o[0] not in class_indexing]
                if unknown:
                    raise ValueError(f"For 'VOCDataset', the classes {unknown} of {image} are not in class_indexing")
                self._items.append((image, (
                    np.array([o[1] for o in objs], dtype=np.float32).reshape(-1, 4),
                    np.array([[class_indexing[o[0]]] for o in objs], dtype=np.uint32).reshape(-1, 1),
                    np.array([[o[2]] for o in objs], dtype=np.uint32).reshape(-1, 1),
                    np.array([[o[3]] for o in objs], dtype=np.uint32).reshape(-1, 1))))
        self._class_indexing = dict(class_indexing or {})
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def get_class_indexing(self):
        if self.task != "Detection":
            raise RuntimeError("For 'VOCDataset', get_class_indexing is only valid with task='Detection'")
        return dict(self._class_indexing)

    def _column_names(self):
        if self.task == "Detection":
            return ["image", "bbox", "label", "difficult", "truncate"]
        return ["image", "target"]

    def _num_rows(self):
        return len(self._items)

    def _read_row(self, index):
        image_path, rest = self._items[index]
        image = _file_bytes(image_path)
        if self.decode:
            image = _decode(image, image_path)
        if self.task == "Detection":
            return (image, *rest)
        target = _file_bytes(rest)
        return image, (_decode(target, rest) if self.decode else target)


class CocoDataset(MappableDataset):
    """COCO: images in ``dataset_dir`` and a JSON annotation file.

    Args:
        dataset_dir (str): the image folder.
        annotation_file (str): the annotation JSON.
        task (str): ``"Detection"``, ``"Stuff"``, ``"Keypoint"``, ``"Panoptic"`` or
            ``"Captioning"``. Default: Detection.
        decode (bool): decode the images. Default: False.
        num_samples, num_parallel_workers, shuffle (default True), sampler, num_shards, shard_id:
            as for every source. ``extra_metadata`` is accepted.

    Outputs (besides ``image``), one row per annotation: Detection ``bbox`` float32 (n, 4),
    ``category_id``, ``iscrowd`` uint32 (n, 1); Stuff ``segmentation`` float32 (one row per
    polygon, padded with -1), ``iscrowd``; Keypoint ``keypoints`` float32 (n, 51),
    ``num_keypoints`` uint32 (n, 1); Panoptic ``bbox``, ``category_id``, ``iscrowd``,
    ``area`` (uint32); Captioning ``captions`` str (n, 1).
    """

    _COLUMNS = {"Detection": ["bbox", "category_id", "iscrowd"], "Stuff": ["segmentation", "iscrowd"],
                "Keypoint": ["keypoints", "num_keypoints"], "Panoptic": ["bbox", "category_id", "iscrowd", "area"],
                "Captioning": ["captions"]}

    def __init__(self, dataset_dir, annotation_file, task="Detection", num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None,
                 extra_metadata=False, decrypt=None):
        import json
        path = _check_dir("CocoDataset", dataset_dir)
        if task not in self._COLUMNS:
            raise ValueError(f"For 'CocoDataset', 'task' must be one of {list(self._COLUMNS)}, but got {task!r}")
        try:
            with open(annotation_file, encoding="utf-8") as fh:
                doc = json.load(fh)
            images = doc["images"]
            annotations = doc["annotations"]
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise ValueError(f"For 'CocoDataset', cannot read the annotation file {annotation_file}: "
                             f"{type(err).__name__}: {err}") from None
        self.task = task
        self.decode = bool(decode)
        by_image = {}
        for k, ann in enumerate(annotations):
            if "image_id" not in ann:
                raise ValueError(f"For 'CocoDataset', annotation {k} of {annotation_file} has no 'image_id'")
            by_image.setdefault(ann["image_id"], []).append(ann)
        self._items = []
        for img in images:
            anns = by_image.get(img["id"], [])
            if task == "Panoptic":
                anns = [s for a in anns for s in a.get("segments_info", [])]
            try:
                columns = self._columns_of(anns)
            except (KeyError, TypeError, ValueError) as err:
                raise ValueError(f"For 'CocoDataset', an annotation of image {img.get('file_name')} in "
                                 f"{annotation_file} is malformed: {type(err).__name__}: {err}") from None
            self._items.append((os.path.join(path, img["file_name"]), columns))
        self._categories = {c["name"]: c["id"] for c in doc.get("categories", [])}
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _columns_of(self, anns):
        def col(key, dtype, width=1):
            return np.array([a[key] if isinstance(a[key], list) else [a[key]] for a in anns],
                            dtype=dtype).reshape(-1, width)
        if self.task == "Detection":
            return col("bbox", np.float32, 4), col("category_id", np.uint32), col("iscrowd", np.uint32)
        if self.task == "Keypoint":
            return col("keypoints", np.float32, 51), col("num_keypoints", np.uint32)
        if self.task == "Panoptic":
            return (col("bbox", np.float32, 4), col("category_id", np.uint32), col("iscrowd", np.uint32),
                    col("area", np.uint32))
        if self.task == "Captioning":
            return (np.array([[a["caption"]] for a in anns]).reshape(-1, 1),)
        polygons = [p for a in anns for p in a["segmentation"]]
        width = max((len(p) for p in polygons), default=0)
        seg = np.full((len(polygons), width), -1.0, dtype=np.float32)
        for k, p in enumerate(polygons):
            seg[k, :len(p)] = p
        return seg, col("iscrowd", np.uint32)

    def get_class_indexing(self):
        return dict(self._categories)

    def _column_names(self):
        return ["image", *self._COLUMNS[self.task]]

    def _num_rows(self):
        return len(self._items)

    def _read_row(self, index):
        image_path, columns = self._items[index]
        image = _file_bytes(image_path)
        return ((_decode(image, image_path) if self.decode else image), *columns)


class FakeImageDataset(MappableDataset):
    """Random images and labels, for trying a pipeline without data.

    Args:
        num_images (int): rows. Default: 1000.
        image_size (tuple): HWC shape. Default: (224, 224, 3).
        num_classes (int): labels are in ``[0, num_classes)``. Default: 10.
        base_seed (int): row ``i`` is generated from ``(base_seed, i)``. Default: 0.
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8 HWC, ``label`` uint32.
    """

    def __init__(self, num_images=1000, image_size=(224, 224, 3), num_classes=10, base_seed=0, num_samples=None,
                 num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        for name, value in (("num_images", num_images), ("num_classes", num_classes)):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"For 'FakeImageDataset', '{name}' must be a positive int, but got {value!r}")
        if not isinstance(image_size, (list, tuple)) or len(image_size) != 3 or \
                not all(isinstance(d, int) and d > 0 for d in image_size):
            raise ValueError(f"For 'FakeImageDataset', 'image_size' must be 3 positive ints, but got {image_size!r}")
        self.num_images, self.image_size = num_images, tuple(image_size)
        self.num_classes, self.base_seed = num_classes, base_seed
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "label"]

    def _num_rows(self):
        return self.num_images

    def _read_row(self, index):
        rng = np.random.default_rng([self.base_seed, index])
        image = rng.integers(0, 256, size=self.image_size, dtype=np.uint8)
        return image, np.array(rng.integers(self.num_classes), dtype=np.uint32)


class EMnistDataset(_ArrayColumnsDataset):
    """EMNIST: ``emnist-<name>-{train,test}-{images-idx3,labels-idx1}-ubyte`` (optionally ``.gz``).

    Args:
        dataset_dir (str): the folder.
        name (str): the split: ``"byclass"``, ``"bymerge"``, ``"balanced"``, ``"letters"``,
            ``"digits"`` or ``"mnist"``.
        usage (str): ``"train"``, ``"test"`` or ``"all"``. Default: all.

    Outputs: ``image`` uint8 (28, 28, 1), ``label`` uint32.
    """

    _NAMES = ("byclass", "bymerge", "balanced", "letters", "digits", "mnist")

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("EMnistDataset", dataset_dir)
        if name not in self._NAMES:
            raise ValueError(f"For 'EMnistDataset', 'name' must be one of {self._NAMES}, but got {name!r}")
        usage = _check_usage("EMnistDataset", usage, ("train", "test", "all"))
        images, labels = [], []
        for part in (("train", "test") if usage == "all" else (usage,)):
            img = os.path.join(path, f"emnist-{name}-{part}-images-idx3-ubyte")
            lbl = os.path.join(path, f"emnist-{name}-{part}-labels-idx1-ubyte")
            images.append(_read_idx("EMnistDataset", img, 2051, (28, 28)))
            labels.append(_read_idx("EMnistDataset", lbl, 2049, ()))
        self._names = ("image", "label")
        self._arrays = (np.concatenate(images)[..., None], np.concatenate(labels).astype(np.uint32))
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


class Caltech256Dataset(ImageFolderDataset):
    """Caltech-256: ``NNN.name/NNN_MMMM.jpg`` folders; labels follow the sorted folder order.

    Outputs: ``image`` (bytes or decoded), ``label`` uint32.
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, [".jpg", ".jpeg"],
                         None, decode, num_shards, shard_id)

    def _read_row(self, index):
        image, label = super()._read_row(index)
        return image, label.astype(np.uint32)


class Food101Dataset(MappableDataset):
    """Food-101: ``images/<class>/<id>.jpg``; ``meta/train.txt``/``meta/test.txt`` list the
    ``<class>/<id>`` of each usage.

    Outputs: ``image`` (bytes or decoded), ``label`` (the class name, str).
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("Food101Dataset", dataset_dir)
        usage = _check_usage("Food101Dataset", usage, ("train", "test", "all"))
        self._items = []
        for part in (("train", "test") if usage == "all" else (usage,)):
            meta = os.path.join(path, "meta", f"{part}.txt")
            if not os.path.isfile(meta):
                raise ValueError(f"For 'Food101Dataset', {meta} was not found")
            with open(meta, encoding="utf-8") as fh:
                for line in fh:
                    key = line.strip()
                    if key:
                        self._items.append((os.path.join(path, "images", key + ".jpg"), key.split("/")[0]))
        self.decode = bool(decode)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "label"]

    def _num_rows(self):
        return len(self._items)

    def _read_row(self, index):
        path, label = self._items[index]
        image = _file_bytes(path)
        return (_decode(image, path) if self.decode else image), np.array(label)


class ManifestDataset(MappableDataset):
    """A MindSpore manifest file: one JSON object per line, ``{"source": image path,
    "usage": "train"|"eval"|"inference", "annotation": [{"name": class name}, ...]}``.

    Args:
        dataset_file (str): the manifest.
        usage (str): the rows to read. Default: ``"train"``.
        class_indexing (dict, optional): ``{class name: label}``; default: sorted names from 0.
        decode (bool): decode the images. Default: False.

    Outputs: ``image``, ``label`` uint32 (the labels of the row's annotations).
    """

    def __init__(self, dataset_file, usage="train", num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None):
        import json
        if usage not in ("train", "eval", "inference"):
            raise ValueError(f"For 'ManifestDataset', 'usage' must be 'train', 'eval' or 'inference', "
                             f"but got {usage!r}")
        if not os.path.isfile(dataset_file):
            raise ValueError(f"For 'ManifestDataset', the manifest {dataset_file} does not exist")
        rows = []
        with open(dataset_file, encoding="utf-8") as fh:
            for line_no, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    doc = json.loads(line)
                    source, names = doc["source"], [a["name"] for a in doc.get("annotation", [])]
                except (ValueError, KeyError, TypeError) as err:
                    raise ValueError(f"For 'ManifestDataset', {dataset_file} line {line_no} is not a manifest "
                                     f"entry: {type(err).__name__}: {err}") from None
                if doc.get("usage", "train").lower() == usage:
                    rows.append((source, names))
        if class_indexing is None:
            class_indexing = {n: k for k, n in enumerate(sorted({n for _, names in rows for n in names}))}
        self._class_indexing = dict(class_indexing)
        self._items = [(src, np.array([class_indexing[n] for n in names], dtype=np.uint32)) for src, names in rows]
        self.decode = bool(decode)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def get_class_indexing(self):
        return dict(self._class_indexing)

    def _column_names(self):
        return ["image", "label"]

    def _num_rows(self):
        return len(self._items)

    def _read_row(self, index):
        path, label = self._items[index]
        image = _file_bytes(path)
        return (_decode(image, path) if self.decode else image), label


class RenderedSST2Dataset(ImageFolderDataset):
    """Rendered SST-2: ``<usage>/<class>/*.png`` (usage ``train``, ``val``, ``test`` or ``all``).

    Outputs: ``image`` (bytes or decoded), ``label`` uint32.
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        usage = _check_usage("RenderedSST2Dataset", usage, ("train", "val", "test", "all"))
        root = _check_dir("RenderedSST2Dataset", dataset_dir)
        parts = ("train", "val", "test") if usage == "all" else (usage,)
        self._parts = [os.path.join(root, p) for p in parts if os.path.isdir(os.path.join(root, p))]
        if not self._parts:
            raise ValueError(f"For 'RenderedSST2Dataset', no {list(parts)} folder was found in {root}")
        super().__init__(self._parts[0], num_samples, num_parallel_workers, shuffle, sampler, [".png"], None, decode,
                         num_shards, shard_id)
        for extra in self._parts[1:]:
            more = ImageFolderDataset(extra, shuffle=False, extensions=[".png"], class_indexing=self._class_indexing)
            self._files += more._files

    def _read_row(self, index):
        image, label = super()._read_row(index)
        return image, label.astype(np.uint32)


class STL10Dataset(_ArrayColumnsDataset):
    """STL-10, binary version: ``train_X.bin``/``train_y.bin``, ``test_X.bin``/``test_y.bin`` and
    ``unlabeled_X.bin`` (96x96 RGB images stored column-major).

    Args:
        usage (str): ``"train"``, ``"test"``, ``"unlabeled"``, ``"train+unlabeled"`` or ``"all"``.
            Default: all.

    Outputs: ``image`` uint8 (96, 96, 3), ``label`` int32 (0-9; -1 for unlabeled rows).
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("STL10Dataset", dataset_dir)
        usage = _check_usage("STL10Dataset", usage, ("train", "test", "unlabeled", "train+unlabeled", "all"))
        parts = {"train": ["train"], "test": ["test"], "unlabeled": ["unlabeled"],
                 "train+unlabeled": ["train", "unlabeled"], "all": ["train", "test", "unlabeled"]}[usage]
        images, labels = [], []
        for part in parts:
            xf = os.path.join(path, f"{part}_X.bin")
            if not os.path.isfile(xf):
                raise ValueError(f"For 'STL10Dataset', {xf} was not found")
            raw = np.fromfile(xf, dtype=np.uint8)
            if raw.size % (3 * 96 * 96):
                raise ValueError(f"For 'STL10Dataset', {xf} is not a whole number of 96x96x3 images")
            x = raw.reshape(-1, 3, 96, 96).transpose(0, 3, 2, 1)
            if part == "unlabeled":
                y = np.full(len(x), -1, dtype=np.int32)
            else:
                y = np.fromfile(os.path.join(path, f"{part}_y.bin"), dtype=np.uint8).astype(np.int32) - 1
                if len(y) != len(x):
                    raise ValueError(f"For 'STL10Dataset', {part}_y.bin has {len(y)} labels for {len(x)} images")
            images.append(np.ascontiguousarray(x))
            labels.append(y)
        self._names = ("image", "label")
        self._arrays = (np.concatenate(images), np.concatenate(labels))
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


def _read_idx_int_labels(op, path):
    """QMNIST's ``labels-idx2-int`` file: big-endian int32 rows of 8 values."""
    data = _read_maybe_gz(path)
    if len(data) < 12 or int.from_bytes(data[:4], "big") != 3074:
        raise ValueError(f"For '{op}', {path} is not an IDX int32 matrix file (magic 3074)")
    rows, cols = int.from_bytes(data[4:8], "big"), int.from_bytes(data[8:12], "big")
    arr = np.frombuffer(data, dtype=">i4", offset=12)
    if arr.size != rows * cols:
        raise ValueError(f"For '{op}', {path} holds {arr.size} values but its header announces {rows}x{cols}")
    return arr.reshape(rows, cols)


class QMnistDataset(_ArrayColumnsDataset):
    """QMNIST: ``qmnist-{train,test}-images-idx3-ubyte`` and ``qmnist-{train,test}-labels-idx2-int``.

    Args:
        usage (str): ``"train"``, ``"test"``, ``"test10k"``, ``"test50k"``, ``"nist"`` or ``"all"``. Default: all.
        compat (bool): the label is the class only (True) or all 8 QMNIST label fields. Default: True.

    Outputs: ``image`` uint8 (28, 28, 1), ``label`` uint32 (scalar, or (8,) without ``compat``).
    """

    def __init__(self, dataset_dir, usage=None, compat=True, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("QMnistDataset", dataset_dir)
        usage = _check_usage("QMnistDataset", usage, ("train", "test", "test10k", "test50k", "nist", "all"))
        parts = {"train": ["train"], "test": ["test"], "test10k": ["test"], "test50k": ["test"], "nist": ["nist"],
                 "all": ["train", "test"]}[usage]
        images, labels = [], []
        for part in parts:
            images.append(_read_idx("QMnistDataset", os.path.join(path, f"qmnist-{part}-images-idx3-ubyte"), 2051,
                                    (28, 28)))
            labels.append(_read_idx_int_labels("QMnistDataset", os.path.join(path, f"qmnist-{part}-labels-idx2-int")))
        x, y = np.concatenate(images), np.concatenate(labels).astype(np.uint32)
        if usage == "test10k":
            x, y = x[:10000], y[:10000]
        elif usage == "test50k":
            x, y = x[10000:], y[10000:]
        self._names = ("image", "label")
        self._arrays = (x[..., None], y[:, 0] if compat else y)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


class SemeionDataset(_ArrayColumnsDataset):
    """Semeion handwritten digits: ``semeion.data`` (256 pixel values and a one-hot label per line).

    Outputs: ``image`` uint8 (16, 16) of 0/1, ``label`` uint32.
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        path = os.path.join(_check_dir("SemeionDataset", dataset_dir), "semeion.data")
        if not os.path.isfile(path):
            raise ValueError(f"For 'SemeionDataset', {path} was not found")
        images, labels = [], []
        with open(path, encoding="utf-8") as fh:
            for line_no, line in enumerate(fh, start=1):
                values = line.split()
                if not values:
                    continue
                if len(values) != 266:
                    raise ValueError(f"For 'SemeionDataset', {path} line {line_no} has {len(values)} values, "
                                     "expected 266")
                images.append(np.array([float(v) for v in values[:256]]).reshape(16, 16).astype(np.uint8))
                labels.append(int(np.argmax([int(v) for v in values[256:]])))
        self._names = ("image", "label")
        self._arrays = (np.stack(images), np.array(labels, dtype=np.uint32))
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


def _usps_files(dataset_dir, usage):
    if not isinstance(dataset_dir, (str, os.PathLike)) or not os.path.isdir(dataset_dir):
        raise ValueError(f"The folder {dataset_dir} does not exist or is not a directory or permission denied!")
    usage = "all" if usage is None else usage
    if usage not in ("train", "test", "all"):
        raise ValueError("Input usage is not within the valid set of ['train', 'test', 'all'].")
    names = {"train": ["usps"], "test": ["usps.t"], "all": ["usps", "usps.t"]}[usage]
    return [os.path.join(os.fspath(dataset_dir), n) for n in names]


class USPSDataset(_FileRowsDataset):
    """USPS handwritten digits: ``usps`` (train) and ``usps.t`` (test) in ``dataset_dir``, one sample per line
    as ``label 1:v1 2:v2 ... 256:v256`` (libsvm format, ``v`` in [-1, 1], lines ending in a space).

    Args:
        dataset_dir (str): the folder with the files.
        usage (str): ``"train"``, ``"test"`` or ``"all"``. Default: all.
        num_samples, num_parallel_workers, shuffle (default ``Shuffle.GLOBAL``), num_shards, shard_id: as for
            the file sources (read in MindSpore's order, see ``_FileRowsDataset``).

    Outputs: ``image`` uint8 (16, 16, 1) (``(v + 1) / 2 * 255`` truncated), ``label`` uint32 (file label - 1).
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        files = _usps_files(dataset_dir, usage)
        missing = [f for f in files if not os.path.isfile(f)]
        if missing:
            raise ValueError(f"For 'USPSDataset', the file {missing[0]} does not exist")
        super().__init__("USPSDataset", files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self.dataset_dir, self.usage = dataset_dir, "all" if usage is None else usage

    def _column_names(self):
        return ["image", "label"]

    def _file_rows(self, path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.rstrip("\r\n")
                if not line:
                    continue
                tokens = line.split(" ")
                # MindSpore counts the space-separated pieces after the label (the trailing space makes 257)
                if len(tokens) - 1 != 257:
                    raise RuntimeError("Invalid data, the number of split characters ':' in USPS data file is "
                                       f"corrupted, should be 257, but got {len(tokens) - 1}.")
                values = np.array([float(t.split(":", 1)[1]) for t in tokens[1:257]], dtype=np.float64)
                image = ((values + 1) / 2 * 255).astype(np.uint8).reshape(16, 16, 1)
                yield image, np.array(int(tokens[0]) - 1, dtype=np.uint32)


class _ImageListDataset(MappableDataset):
    """A random-access source over ``self._items`` = ``[(image path, label...)]``; the image is read as its
    file bytes, or decoded to HWC uint8 RGB with ``decode=True``."""

    def __init__(self, items, decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id):
        self._items = items
        self.decode = bool(decode)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _num_rows(self):
        return len(self._items)

    def _image(self, path):
        data = _file_bytes(path)
        return _decode(data, path) if self.decode else data


class SUN397Dataset(_ImageListDataset):
    """SUN397 scenes: ``ClassName.txt`` lists the class folders (``/a/abbey``, ``/b/balcony/exterior``, ...), in
    label order; each holds ``sun_*.jpg`` images (read in name order; other files are skipped).

    Args:
        dataset_dir (str): the root folder.
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8 (bytes, or HWC when decoded), ``label`` uint32.
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("SUN397Dataset", dataset_dir)
        names = os.path.join(path, "ClassName.txt")
        if not os.path.isfile(names):
            raise ValueError(f"For 'SUN397Dataset', {names} was not found")
        items = []
        with open(names, encoding="utf-8") as fh:
            classes = [line.strip() for line in fh if line.strip()]
        for label, cls in enumerate(classes):
            folder = os.path.join(path, cls.lstrip("/"))
            if not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                full = os.path.join(folder, name)
                if name.endswith(".jpg") and os.path.isfile(full):
                    items.append((full, label))
        super().__init__(items, decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "label"]

    def _read_row(self, index):
        path, label = self._items[index]
        return self._image(path), np.array(label, dtype=np.uint32)


class Places365Dataset(_ImageListDataset):
    """Places365 scenes: ``places365_train_standard.txt``, ``places365_train_challenge.txt`` or
    ``places365_val.txt`` list ``<image path> <label>`` lines; the images are under ``data_256_standard``,
    ``data_256_challenge``, ``val_256`` (``small=True``) or the ``*_large*`` folders.

    Args:
        dataset_dir (str): the root folder.
        usage (str): ``"train-standard"`` (default), ``"train-challenge"`` or ``"val"``.
        small (bool): the 256 x 256 images (True, default) or the high-resolution ones.
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8, ``label`` uint32 (in the listing's order).
    """

    _USAGES = ("train-standard", "train-challenge", "val")

    def __init__(self, dataset_dir, usage=None, small=True, decode=False, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("Places365Dataset", dataset_dir)
        usage = "train-standard" if usage is None else usage
        if usage not in self._USAGES:
            raise ValueError(f"Input usage is not within the valid set of {list(self._USAGES)}.")
        if not isinstance(small, bool):
            raise TypeError(f"Argument small with value {small} is not of type [<class 'bool'>], but got "
                            f"{type(small)}.")
        size = "256" if small else "large"
        if usage == "val":
            listing, root = "places365_val.txt", f"val_{size}"
        else:
            kind = usage.split("-")[1]
            listing, root = f"places365_train_{kind}.txt", f"data_{size}_{kind}"
        listing = os.path.join(path, listing)
        if not os.path.isfile(listing):
            raise RuntimeError(f"Invalid file, failed to open {listing}: Places365 file is damaged or permission "
                               "denied.")
        items = []
        with open(listing, encoding="utf-8") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) < 2:
                    continue
                image = os.path.join(path, root, parts[0].lstrip("/"))
                if not os.path.isfile(image):
                    raise RuntimeError(f"Invalid file path, {image} does not exist.")
                items.append((image, int(parts[1])))
        self.usage, self.small = usage, small
        super().__init__(items, decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "label"]

    def _read_row(self, index):
        path, label = self._items[index]
        return self._image(path), np.array(label, dtype=np.uint32)


class OmniglotDataset(_ImageListDataset):
    """Omniglot characters: ``images_background`` (``background`` True or None) or ``images_evaluation``, laid
    out ``<alphabet>/<character>/<image>``; each alphabet/character pair is a class (labels in name order).

    Args:
        dataset_dir (str): the root folder.
        background (bool, optional): the background set (True, default) or the evaluation set (False).
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8, ``label`` int32 (as MindSpore 2.10 returns it).
    """

    def __init__(self, dataset_dir, background=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("OmniglotDataset", dataset_dir)
        folder = os.path.join(path, "images_evaluation" if background is False else "images_background")
        items = []
        classes = []
        if os.path.isdir(folder):
            for alphabet in sorted(os.listdir(folder)):
                top = os.path.join(folder, alphabet)
                if os.path.isdir(top):
                    classes += [os.path.join(top, c) for c in sorted(os.listdir(top))
                                if os.path.isdir(os.path.join(top, c))]
        for label, cls in enumerate(classes):
            items += [(os.path.join(cls, f), label) for f in sorted(os.listdir(cls))
                      if os.path.isfile(os.path.join(cls, f))]
        if not items:
            raise RuntimeError("Invalid data, OmniglotDataset API can't read the data file (interface mismatch or no "
                               f"data found). Check omniglot file path: {folder}")
        self.background = background
        super().__init__(items, decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "label"]

    def _read_row(self, index):
        path, label = self._items[index]
        return self._image(path), np.array(label, dtype=np.int32)


class FlickrDataset(_ImageListDataset):
    """Flickr8k/Flickr30k captions: ``annotation_file`` lines ``<image>#<k>\\t<caption>``; the images are in
    ``dataset_dir``. One row per image (in name order) with all its captions.

    Args:
        dataset_dir (str): the image folder.
        annotation_file (str): the token file.
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8, ``annotation`` str array of the captions (in file order).
    """

    def __init__(self, dataset_dir, annotation_file, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("FlickrDataset", dataset_dir)
        if not isinstance(annotation_file, (str, os.PathLike)) or not os.path.isfile(annotation_file):
            raise ValueError(f"The file {annotation_file} does not exist or permission denied!")
        captions = {}
        with open(annotation_file, encoding="utf-8") as fh:
            for line in fh:
                line = line.rstrip("\r\n")
                if not line.strip():
                    continue
                key, _, caption = line.partition("\t")
                name = key.rsplit("#", 1)[0]
                image = os.path.join(path, name)
                if not os.path.isfile(image):
                    raise RuntimeError(f"Invalid file path, flickr dataset file: {image} does not exist.")
                captions.setdefault(image, []).append(caption)
        items = [(image, captions[image]) for image in sorted(captions)]
        super().__init__(items, bool(decode), num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id)

    def _column_names(self):
        return ["image", "annotation"]

    def _read_row(self, index):
        path, caps = self._items[index]
        return self._image(path), np.array(caps)


class SBUDataset(_ImageListDataset):
    """SBU captioned photos: ``SBU_captioned_photo_dataset_urls.txt`` and ``..._captions.txt`` (one line per
    photo); the photo of ``http://<host>/<a>/<b>.jpg`` is ``sbu_images/m_<a>_<b>.jpg``. Photos that are not there
    are skipped, as MindSpore does.

    Args:
        dataset_dir (str): the root folder.
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8, ``caption`` str.
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("SBUDataset", dataset_dir)
        urls_file = os.path.join(path, "SBU_captioned_photo_dataset_urls.txt")
        caps_file = os.path.join(path, "SBU_captioned_photo_dataset_captions.txt")
        for f in (urls_file, caps_file):
            if not os.path.isfile(f):
                raise RuntimeError(f"Invalid file, failed to find {f}.")
        with open(urls_file, encoding="utf-8") as fh:
            urls = [u.strip() for u in fh if u.strip()]
        with open(caps_file, encoding="utf-8") as fh:
            caps = [c.rstrip("\r\n") for c in fh if c.strip()]
        items = []
        for url, cap in zip(urls, caps):
            parts = url.split("/")
            if len(parts) < 5 or not parts[0].endswith(":"):
                raise RuntimeError(f"Invalid url in {urls_file}: {url}")
            image = os.path.join(path, "sbu_images", "m_" + "_".join(parts[3:]))
            if os.path.isfile(image):
                items.append((image, cap))
        super().__init__(items, decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image", "caption"]

    def _read_row(self, index):
        path, cap = self._items[index]
        return self._image(path), np.array(cap)


class DIV2KDataset(_ImageListDataset):
    """DIV2K super-resolution pairs: ``DIV2K_<usage>_HR/<id>.png`` with its low-resolution image,
    ``DIV2K_<usage>_LR_<downgrade>/X<scale>/<id>x<scale>.png`` (bicubic, unknown),
    ``DIV2K_<usage>_LR_x8/<id>x8.png`` (bicubic, scale 8) or ``DIV2K_<usage>_LR_<downgrade>/<id>x4<m|d|w>.png``
    (mild, difficult, wild).

    Args:
        dataset_dir (str): the root folder.
        usage (str): ``"train"`` (default), ``"valid"`` or ``"all"``.
        downgrade (str): ``"bicubic"`` (default), ``"unknown"``, ``"mild"``, ``"difficult"`` or ``"wild"``.
        scale (int): 2 (default), 3, 4 or 8 (8 with bicubic only; mild/difficult/wild need 4).
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``hr_image``, ``lr_image`` uint8.
    """

    def __init__(self, dataset_dir, usage="train", downgrade="bicubic", scale=2, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        path = _check_dir("DIV2KDataset", dataset_dir)
        if usage not in ("train", "valid", "all"):
            raise ValueError("Input usage is not within the valid set of ['train', 'valid', 'all'].")
        downgrades = ["bicubic", "unknown", "mild", "difficult", "wild"]
        if downgrade not in downgrades:
            raise ValueError(f"Input downgrade is not within the valid set of {downgrades}.")
        if scale not in (2, 3, 4, 8):
            raise ValueError("Input scale is not within the valid set of [2, 3, 4, 8].")
        if scale == 8 and downgrade != "bicubic":
            raise ValueError("DIV2KNode: scale equal to 8 is allowed only in bicubic downgrade.")
        if downgrade in ("mild", "difficult", "wild") and scale != 4:
            raise ValueError(f"DIV2KNode: {downgrade} downgrade requires scale equal to 4.")
        items = []
        for part in (("train", "valid") if usage == "all" else (usage,)):
            hr_dir = os.path.join(path, f"DIV2K_{part}_HR")
            if scale == 8:
                lr_dir, suffix = os.path.join(path, f"DIV2K_{part}_LR_x8"), "x8"
            elif downgrade in ("bicubic", "unknown"):
                lr_dir, suffix = os.path.join(path, f"DIV2K_{part}_LR_{downgrade}", f"X{scale}"), f"x{scale}"
            else:
                lr_dir, suffix = os.path.join(path, f"DIV2K_{part}_LR_{downgrade}"), "x4" + downgrade[0]
            for folder, what in ((hr_dir, "hr"), (lr_dir, "lr")):
                if not os.path.isdir(folder):
                    raise RuntimeError(f"Invalid path, div2k {what} image dir: {folder} is not a directory.")
            for name in sorted(os.listdir(hr_dir)):
                stem, ext = os.path.splitext(name)
                lr = os.path.join(lr_dir, stem + suffix + ext)
                if not os.path.isfile(lr):
                    raise RuntimeError(f"Invalid path, div2k lr image file: {lr} does not exist.")
                items.append((os.path.join(hr_dir, name), lr))
        self.usage, self.downgrade, self.scale = usage, downgrade, scale
        super().__init__(items, bool(decode), num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id)

    def _column_names(self):
        return ["hr_image", "lr_image"]

    def _read_row(self, index):
        hr, lr = self._items[index]
        return self._image(hr), self._image(lr)


# ------------------------------------------------------------------ data sets MindSpore reads from .mat files
# MindSpore 2.10 builds these as GeneratorDataset over a Python source (reading the .mat files with scipy); here
# the sources read them with ``_matfile.loadmat``.
def _image_file(path, decode):
    if decode:
        from PIL import Image
        with Image.open(path) as img:
            return np.asarray(img.convert("RGB"))
    return np.fromfile(path, dtype=np.uint8)


class _SVHNDataset:
    """Source of SVHNDataset: ``<usage>_32x32.mat`` (``X`` 32x32x3xN uint8, ``y`` labels with 10 meaning 0)."""

    def __init__(self, dataset_dir, usage):
        self.dataset_dir = os.path.realpath(dataset_dir)
        self.usage = usage
        self.column_names = ["image", "label"]
        self.usage_all = ["train", "test", "extra"]
        parts = [self._load_mat(u) for u in (self.usage_all if usage == "all" else [usage])]
        self.data = np.concatenate([p[0] for p in parts])
        self.labels = np.concatenate([p[1] for p in parts])

    def _load_mat(self, mode):
        from ._matfile import loadmat
        mat = loadmat(os.path.join(self.dataset_dir, mode + "_32x32.mat"))
        labels = mat["y"].astype(np.uint32).reshape(-1)
        labels[labels == 10] = 0
        return np.transpose(mat["X"], [3, 0, 1, 2]), labels

    def __getitem__(self, index):
        return self.data[index], self.labels[index]

    def __len__(self):
        return len(self.data)


class _Flowers102Dataset:
    """Source of Flowers102Dataset: ``imagelabels.mat`` (labels 1..102), ``setid.mat`` (``trnid``/``tstid``/
    ``valid`` image ids), ``jpg/image_<id:05d>.jpg`` and, for segmentation, ``segmim/segmim_<id:05d>.jpg``."""

    def __init__(self, dataset_dir, task, usage, decode):
        from ._matfile import loadmat
        self.dataset_dir = os.path.realpath(dataset_dir)
        self.task, self.usage, self.decode = task, usage, decode
        self.column_names = ["image", "label"] if task == "Classification" else ["image", "segmentation", "label"]
        self.labels = (loadmat(os.path.join(self.dataset_dir, "imagelabels.mat"))["labels"][0] - 1).astype(np.uint32)
        self.setid = loadmat(os.path.join(self.dataset_dir, "setid.mat"))
        keys = {"train": ["trnid"], "test": ["tstid"], "valid": ["valid"], "all": ["trnid", "tstid", "valid"]}
        if usage not in keys:
            raise ValueError("Input usage is not within the valid set of ['train', 'valid', 'test', 'all'].")
        self.indices = [i for k in keys[usage] for i in self.setid[k][0].tolist()]

    def __getitem__(self, index):
        ident = self.indices[index]
        image_path = os.path.join(self.dataset_dir, "jpg", f"image_{ident:05d}.jpg")
        if not os.path.exists(image_path):
            raise RuntimeError("Can not find image file: " + image_path)
        image, label = _image_file(image_path, self.decode is True), self.labels[ident - 1]
        if self.task == "Segmentation":
            seg_path = os.path.join(self.dataset_dir, "segmim", f"segmim_{ident:05d}.jpg")
            if not os.path.exists(seg_path):
                raise RuntimeError("Can not find segmentation file: " + seg_path)
            return image, _image_file(seg_path, self.decode is True), label
        return image, label

    def __len__(self):
        return len(self.indices)


class _Caltech101Dataset:
    """Source of Caltech101Dataset: ``101_ObjectCategories/<class>/image_<k:04d>.jpg`` (classes in name order,
    ``BACKGROUND_Google`` left out) and ``Annotations/<class>/annotation_<k:04d>.mat`` (``obj_contour``; four
    classes are named differently there)."""

    _ANNOTATION_NAMES = {"Faces": "Faces_2", "Faces_easy": "Faces_3", "Motorbikes": "Motorbikes_16",
                         "airplanes": "Airplanes_Side_2"}

    def __init__(self, dataset_dir, target_type="category", decode=False):
        self.dataset_dir = os.path.realpath(dataset_dir)
        self.image_dir = os.path.join(self.dataset_dir, "101_ObjectCategories")
        self.annotation_dir = os.path.join(self.dataset_dir, "Annotations")
        self.target_type = target_type
        self.column_names = {"category": ["image", "category"], "annotation": ["image", "annotation"]}.get(
            target_type, ["image", "category", "annotation"])
        self.decode = decode
        self.classes = sorted(c for c in os.listdir(self.image_dir) if c != "BACKGROUND_Google")
        self.annotation_classes = [self._ANNOTATION_NAMES.get(c, c) for c in self.classes]
        self.image_index, self.image_label = [], []
        for label, cls in enumerate(self.classes):
            sub = os.path.join(self.image_dir, cls)
            if not os.path.isdir(sub) or not os.access(sub, os.R_OK):
                continue
            count = len(os.listdir(sub))  # MindSpore numbers the images 1..count
            self.image_index.extend(range(1, count + 1))
            self.image_label.extend([label] * count)

    def __getitem__(self, index):
        from ._matfile import loadmat
        label, k = self.image_label[index], self.image_index[index]
        image_file = os.path.join(self.image_dir, self.classes[label], f"image_{k:04d}.jpg")
        if not os.path.exists(image_file):
            raise ValueError(f"The image file {image_file} does not exist or permission denied!")
        image = _image_file(image_file, self.decode)
        if self.target_type == "category":
            return image, label
        ann_file = os.path.join(self.annotation_dir, self.annotation_classes[label], f"annotation_{k:04d}.mat")
        if not os.path.exists(ann_file):
            raise ValueError(f"The annotation file {ann_file} does not exist or permission denied!")
        annotation = loadmat(ann_file)["obj_contour"]
        if self.target_type == "annotation":
            return image, annotation
        return image, label, annotation

    def __len__(self):
        return len(self.image_index)


def _generator_dataset():
    from .datasets_user_defined import GeneratorDataset
    return GeneratorDataset


def _source_dataset(name, make_source, doc):
    """A GeneratorDataset subclass over a .mat-reading source, as MindSpore 2.10 defines these data sets."""
    base = _generator_dataset()

    def __init__(self, *args, num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None,
                 shard_id=None, **kwargs):
        source = make_source(*args, **kwargs)
        base.__init__(self, source, column_names=source.column_names, num_samples=num_samples,
                      num_parallel_workers=num_parallel_workers, shuffle=shuffle, sampler=sampler,
                      num_shards=num_shards, shard_id=shard_id)
    return type(name, (base,), {"__init__": __init__, "__doc__": doc, "__module__": __name__})


def _svhn_source(dataset_dir, usage=None):
    _check_dir("SVHNDataset", dataset_dir)
    usage = "all" if usage is None else usage
    if usage not in ("train", "test", "extra", "all"):
        raise ValueError("Input usage is not within the valid set of ['train', 'test', 'extra', 'all'].")
    return _SVHNDataset(dataset_dir, usage)


def _flowers_source(dataset_dir, task="Classification", usage="all", decode=False):
    _check_dir("Flowers102Dataset", dataset_dir)
    if task not in ("Classification", "Segmentation"):
        raise ValueError("Input task is not within the valid set of ['Classification', 'Segmentation'].")
    return _Flowers102Dataset(dataset_dir, task, usage, decode)


def _caltech_source(dataset_dir, target_type=None, decode=False):
    _check_dir("Caltech101Dataset", dataset_dir)
    target_type = "category" if target_type is None else target_type
    if target_type not in ("category", "annotation", "all"):
        raise ValueError("Input target_type is not within the valid set of ['category', 'annotation', 'all'].")
    return _Caltech101Dataset(dataset_dir, target_type, decode)


SVHNDataset = _source_dataset("SVHNDataset", _svhn_source, """SVHN digits from ``train_32x32.mat``,
``test_32x32.mat`` and ``extra_32x32.mat`` (``usage`` "train", "test", "extra" or "all", the default).

Outputs: ``image`` uint8 (32, 32, 3), ``label`` uint32 (10 read as 0).""")
Flowers102Dataset = _source_dataset("Flowers102Dataset", _flowers_source, """Oxford 102 Flowers: ``task``
"Classification" (``image``, ``label``) or "Segmentation" (``image``, ``segmentation``, ``label``); ``usage``
"train", "valid", "test" or "all" (default); ``decode`` the images (default: the file bytes).

Outputs: uint8 images, ``label`` uint32 (0..101).""")
Caltech101Dataset = _source_dataset("Caltech101Dataset", _caltech_source, """Caltech 101: ``target_type``
"category" (default: ``image``, ``category``), "annotation" (``image``, ``annotation``: the contour points) or
"all"; ``decode`` the images (default: the file bytes).""")


class KITTIDataset(_ImageListDataset):
    """KITTI object detection: ``data_object_image_2/{training,testing}/image_2/<id>.png`` and, for training,
    ``data_object_label_2/training/label_2/<id>.txt`` (one object per line: type, truncated, occluded, alpha,
    bbox (4), dimensions (3), location (3), rotation_y). Images are read in name order.

    Args:
        dataset_dir (str): the root folder.
        usage (str): ``"train"`` (default) or ``"test"`` (images only).
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs (train): ``image``; ``label`` uint32 (the type's index among Car, Cyclist, DontCare, Misc, Pedestrian,
    Person_sitting, Tram, Truck, Van), ``truncated`` float32, ``occluded`` uint32 (-1 wraps as MindSpore's),
    ``alpha``, ``bbox``, ``dimensions``, ``location``, ``rotation_y`` float32, one row per object.
    """

    _TYPES = {"Car": 0, "Cyclist": 1, "DontCare": 2, "Misc": 3, "Pedestrian": 4, "Person_sitting": 5, "Tram": 6,
              "Truck": 7, "Van": 8}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("KITTIDataset", dataset_dir)
        usage = "train" if usage is None else usage
        if usage not in ("train", "test"):
            raise ValueError("Input usage is not within the valid set of ['train', 'test'].")
        part = "training" if usage == "train" else "testing"
        image_dir = os.path.join(path, "data_object_image_2", part, "image_2")
        if not os.path.isdir(image_dir):
            raise RuntimeError(f"Invalid path, failed to open KITTI image folder: {image_dir}")
        label_dir = os.path.join(path, "data_object_label_2", "training", "label_2")
        items = []
        for name in sorted(os.listdir(image_dir)):
            label = None
            if usage == "train":
                label = os.path.join(label_dir, os.path.splitext(name)[0] + ".txt")
                if not os.path.isfile(label):
                    raise RuntimeError(f"Invalid file path, KITTI label file: {label} does not exist.")
            items.append((os.path.join(image_dir, name), label))
        self.usage = usage
        super().__init__(items, decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        if self.usage == "test":
            return ["image"]
        return ["image", "label", "truncated", "occluded", "alpha", "bbox", "dimensions", "location", "rotation_y"]

    def _read_row(self, index):
        path, label_file = self._items[index]
        image = self._image(path)
        if label_file is None:
            return (image,)
        objs = []
        with open(label_file, encoding="utf-8") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) < 15:
                    continue
                if parts[0] not in self._TYPES:
                    raise RuntimeError(f"Invalid data, unknown KITTI object type '{parts[0]}' in {label_file}.")
                objs.append([self._TYPES[parts[0]]] + [float(v) for v in parts[1:15]])
        table = np.array(objs, dtype=np.float64).reshape(-1, 15)
        f32 = table.astype(np.float32)
        label = table[:, :1].astype(np.int64).astype(np.uint32)
        occluded = table[:, 2:3].astype(np.int64).astype(np.uint32)  # -1 wraps to 2**32 - 1 as in MindSpore
        return (image, label, f32[:, 1:2], occluded, f32[:, 3:4], f32[:, 4:8], f32[:, 8:11], f32[:, 11:14],
                f32[:, 14:15])


class LFWDataset(_ImageListDataset):
    """Labeled Faces in the Wild: images ``<set>/<name>/<name>_<k:04d>.jpg`` (``<set>`` ``lfw``, ``lfw_funneled``
    or ``lfw-deepfunneled``); labels are the line numbers of ``lfw-names.txt``.

    ``task="people"`` reads ``peopleDevTrain.txt``/``peopleDevTest.txt`` (``"train"``/``"test"``; both for
    ``"all"``, the default) or ``people.txt`` (``"10fold"``): ``<name> <count>`` lines, one row per image.
    ``task="pairs"`` reads ``pairsDevTrain.txt``/``pairsDevTest.txt``/``pairs.txt``: ``<name> <i> <j>`` (same person,
    label 1) and ``<name1> <i> <name2> <j>`` (label 0) lines. Count lines are skipped.

    Args:
        dataset_dir (str): the root folder.
        task (str): ``"people"`` (default) or ``"pairs"``.
        usage (str): ``"10fold"``, ``"train"``, ``"test"`` or ``"all"`` (default).
        image_set (str): ``"original"``, ``"funneled"`` (default) or ``"deepfunneled"``.
        decode (bool): decode the images. Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image``, ``label`` uint32 (people); ``image1``, ``image2``, ``label`` uint32 (pairs).
    """

    _SETS = {"original": "lfw", "funneled": "lfw_funneled", "deepfunneled": "lfw-deepfunneled"}

    def __init__(self, dataset_dir, task=None, usage=None, image_set=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        path = _check_dir("LFWDataset", dataset_dir)
        task = "people" if task is None else task
        usage = "all" if usage is None else usage
        image_set = "funneled" if image_set is None else image_set
        if task not in ("people", "pairs"):
            raise ValueError("Input task is not within the valid set of ['people', 'pairs'].")
        if usage not in ("10fold", "train", "test", "all"):
            raise ValueError("Input usage is not within the valid set of ['10fold', 'train', 'test', 'all'].")
        if image_set not in self._SETS:
            raise ValueError("Input image_set is not within the valid set of ['original', 'funneled', "
                             "'deepfunneled'].")
        root = os.path.join(path, self._SETS[image_set])
        labels = {}
        for fields in self._lines(os.path.join(path, "lfw-names.txt")):
            labels.setdefault(fields[0], len(labels))
        prefix = "people" if task == "people" else "pairs"
        files = {"10fold": [f"{prefix}.txt"], "train": [f"{prefix}DevTrain.txt"], "test": [f"{prefix}DevTest.txt"],
                 "all": [f"{prefix}DevTrain.txt", f"{prefix}DevTest.txt"]}[usage]

        def image(name, k):
            return os.path.join(root, name, f"{name}_{int(k):04d}.jpg")
        items = []
        for listing in files:
            for fields in self._lines(os.path.join(path, listing)):
                if task == "people" and len(fields) == 2:
                    items += [(image(fields[0], k), labels[fields[0]]) for k in range(1, int(fields[1]) + 1)]
                elif task == "pairs" and len(fields) == 3:
                    items.append((image(fields[0], fields[1]), image(fields[0], fields[2]), 1))
                elif task == "pairs" and len(fields) == 4:
                    items.append((image(fields[0], fields[1]), image(fields[2], fields[3]), 0))
        self.task, self.usage, self.image_set = task, usage, image_set
        super().__init__(items, decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    @staticmethod
    def _lines(path):
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open LFW file: {path}")
        with open(path, encoding="utf-8") as fh:
            return [line.split() for line in fh if line.strip()]

    def _column_names(self):
        return ["image", "label"] if self.task == "people" else ["image1", "image2", "label"]

    def _read_row(self, index):
        *paths, label = self._items[index]
        return (*(self._image(p) for p in paths), np.array(label, dtype=np.uint32))


class PhotoTourDataset(MappableDataset):
    """Photo Tourism patches: ``<name>/patches<NNNN>.bmp`` (1024 x 1024 grey images of 16 x 16 patches of 64 x 64,
    patch ``k`` in file ``k // 256``, row-major), ``<name>/info.txt`` (one line per patch) and
    ``<name>/m50_100000_100000_0.txt`` (test pairs: patch 1, point 1, -, patch 2, point 2, -, -).

    Args:
        dataset_dir (str): the root folder.
        name (str): ``"notredame"``, ``"yosemite"``, ``"liberty"`` or their ``"_harris"`` variants.
        usage (str): ``"train"`` (default: every patch of info.txt) or ``"test"`` (the pairs).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8 (64, 64, 1) (train); ``image1``, ``image2``, ``matches`` uint32 (1 when both patches
    show the same 3-D point) (test).
    """

    _NAMES = ("notredame", "yosemite", "liberty", "notredame_harris", "yosemite_harris", "liberty_harris")

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir("PhotoTourDataset", dataset_dir)
        if name not in self._NAMES:
            raise ValueError(f"Input name is not within the valid set of {list(self._NAMES)}.")
        usage = "train" if usage is None else usage
        if usage not in ("train", "test"):
            raise ValueError("Input usage is not within the valid set of ['train', 'test'].")
        self._root = os.path.join(path, name)
        listing = os.path.join(self._root, "info.txt" if usage == "train" else "m50_100000_100000_0.txt")
        if not os.path.isfile(listing):
            raise RuntimeError(f"Invalid file, failed to open PhotoTour file: {listing}")
        with open(listing, encoding="utf-8") as fh:
            lines = [line.split() for line in fh if line.strip()]
        if usage == "train":
            self._items = [(k,) for k in range(len(lines))]
        else:
            self._items = [(int(f[0]), int(f[3]), int(f[1] == f[4])) for f in lines]
        self.name, self.usage = name, usage
        self._pages = {}
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["image"] if self.usage == "train" else ["image1", "image2", "matches"]

    def _num_rows(self):
        return len(self._items)

    def _patch(self, k):
        page = k // 256
        if page not in self._pages:
            from PIL import Image
            with Image.open(os.path.join(self._root, f"patches{page:04d}.bmp")) as img:
                self._pages[page] = np.asarray(img.convert("L"))
        r, c = divmod(k % 256, 16)
        return np.ascontiguousarray(self._pages[page][r * 64:(r + 1) * 64, c * 64:(c + 1) * 64, None])

    def _read_row(self, index):
        item = self._items[index]
        if self.usage == "train":
            return (self._patch(item[0]),)
        return self._patch(item[0]), self._patch(item[1]), np.array(item[2], dtype=np.uint32)


class CityscapesDataset(_ImageListDataset):
    """Cityscapes: ``leftImg8bit/<split>/<city>/<name>_leftImg8bit.png`` with its annotation
    ``gtFine|gtCoarse/<split>/<city>/<name>_gtFine|gtCoarse_<instanceIds|labelIds|color>.png`` or
    ``..._polygons.json`` (cities and names in name order).

    Args:
        dataset_dir (str): the root folder.
        usage (str): ``"train"`` (default), ``"test"``, ``"val"`` or ``"all"`` (fine); ``"train"``,
            ``"train_extra"``, ``"val"`` or ``"all"`` (coarse).
        quality_mode (str): ``"fine"`` (default) or ``"coarse"``.
        task (str): ``"instance"`` (default), ``"semantic"`` (label ids), ``"polygon"`` or ``"color"``.
        decode (bool): decode the images (annotations images too, to RGB). Default: False (the file bytes).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as for every source.

    Outputs: ``image`` uint8, ``task`` (uint8 image, or the polygon file as compact JSON text).
    """

    _SUFFIX = {"instance": "instanceIds.png", "semantic": "labelIds.png", "color": "color.png",
               "polygon": "polygons.json"}

    def __init__(self, dataset_dir, usage="train", quality_mode="fine", task="instance", num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        path = _check_dir("CityscapesDataset", dataset_dir)
        if task not in self._SUFFIX:
            raise ValueError("Input task is not within the valid set of ['instance', 'semantic', 'polygon', "
                             "'color'].")
        if quality_mode not in ("fine", "coarse"):
            raise ValueError("Input quality_mode is not within the valid set of ['fine', 'coarse'].")
        splits = ["train", "test", "val"] if quality_mode == "fine" else ["train", "train_extra", "val"]
        if usage not in splits + ["all"]:
            raise ValueError(f"Input usage is not within the valid set of {splits + ['all']}.")
        gt = "gtFine" if quality_mode == "fine" else "gtCoarse"
        items = []
        for split in (splits if usage == "all" else [usage]):
            image_dir = os.path.join(path, "leftImg8bit", split)
            task_dir = os.path.join(path, gt, split)
            if not os.path.isdir(image_dir):
                raise RuntimeError(f"Invalid path, Cityscapes Dataset image dir: {image_dir} is not a directory path.")
            if not os.path.isdir(task_dir):
                raise RuntimeError(f"Invalid path, Cityscapes Dataset task dir: {task_dir} is not a directory path.")
            for city in sorted(os.listdir(image_dir)):
                for name in sorted(os.listdir(os.path.join(image_dir, city))):
                    if not name.endswith("_leftImg8bit.png"):
                        continue
                    stem = name[:-len("_leftImg8bit.png")]
                    target = os.path.join(task_dir, city, f"{stem}_{gt}_{self._SUFFIX[task]}")
                    items.append((os.path.join(image_dir, city, name), target))
        self.usage, self.quality_mode, self.task = usage, quality_mode, task
        super().__init__(items, bool(decode), num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id)

    def _column_names(self):
        return ["image", "task"]

    def _read_row(self, index):
        image, target = self._items[index]
        if self.task == "polygon":
            import json
            with open(target, encoding="utf-8") as fh:
                text = json.dumps(json.load(fh), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
            return self._image(image), np.array(text)
        return self._image(image), self._image(target)
