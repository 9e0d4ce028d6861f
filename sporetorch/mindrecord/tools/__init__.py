"""Converters from common data set formats to MindRecord (``MnistToMR``, ``CsvToMR``, ...).

Each takes the source and a destination file name and writes with ``FileWriter`` on
``transform()`` (or ``run()``). Differences from MindSpore: ``MnistToMR`` encodes the digits
as PNG with Pillow (MindSpore: JPEG with OpenCV); ``CsvToMR`` reads with the ``csv`` module
(MindSpore: pandas), typing a column int64 when every value is an integer, float64 when every
value is a number, else string; ``Cifar10ToMR``/``Cifar100ToMR`` would have to unpickle the
Python version of CIFAR and ``TFRecordToMR`` needs TensorFlow, so they raise on ``transform``.
"""
import csv
import gzip
import io
import os

import numpy as np

from ..filewriter import FileWriter, check_filename

_BATCH = 1000


def _check_partitions(partition_number):
    if isinstance(partition_number, bool) or not isinstance(partition_number, int):
        raise ValueError("The parameter partition_number must be int")
    return partition_number


def _write(writer, schema, desc, index, rows):
    writer.add_schema(schema, desc)
    writer.add_index(index)
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == _BATCH:
            writer.write_raw_data(batch)
            batch = []
    if batch:
        writer.write_raw_data(batch)
    writer.commit()


class MnistToMR:
    """MNIST's four ``.gz`` IDX files in ``source`` -> ``{destination}_train.mindrecord`` and
    ``{destination}_test.mindrecord`` with fields ``label`` (int64) and ``data`` (PNG bytes)."""

    def __init__(self, source, destination, partition_number=1):
        if not isinstance(source, str) or not os.path.isdir(source):
            raise ValueError(f"The parameter source must be an existing folder, but got {source!r}")
        check_filename(destination, "destination")
        self.source = source
        self.destination = destination
        self.partition_number = _check_partitions(partition_number)

    def _pairs(self, prefix):
        def read(name, header):
            with gzip.open(os.path.join(self.source, name), "rb") as fh:
                return np.frombuffer(fh.read(), dtype=np.uint8, offset=header)
        images = read(f"{prefix}-images-idx3-ubyte.gz", 16).reshape(-1, 28, 28)
        labels = read(f"{prefix}-labels-idx1-ubyte.gz", 8)
        from PIL import Image
        for image, label in zip(images, labels):
            buf = io.BytesIO()
            Image.fromarray(image).save(buf, format="PNG")
            yield {"label": int(label), "data": buf.getvalue()}

    def transform(self):
        for part, prefix in (("train", "train"), ("test", "t10k")):
            writer = FileWriter(f"{self.destination}_{part}.mindrecord", self.partition_number)
            _write(writer, {"label": {"type": "int64"}, "data": {"type": "bytes"}}, "mnist_schema", ["label"],
                   self._pairs(prefix))
        return 0

    run = transform


def _column_type(values):
    def is_int(v):
        try:
            int(v)
            return True
        except ValueError:
            return False

    def is_float(v):
        try:
            float(v)
            return True
        except ValueError:
            return False
    if values and all(is_int(v) for v in values):
        return "int64"
    if values and all(is_float(v) for v in values):
        return "float64"
    return "string"


class CsvToMR:
    """A CSV file with a header line -> MindRecord, one field per column."""

    def __init__(self, source, destination, columns_list=None, partition_number=1):
        if not isinstance(source, str):
            raise ValueError("The parameter source must be str.")
        if columns_list is not None and (not isinstance(columns_list, list)
                                         or not all(isinstance(c, str) for c in columns_list)):
            raise ValueError("The parameter columns_list must be list of str.")
        if not isinstance(destination, str):
            raise ValueError("The parameter destination must be str.")
        check_filename(destination, "destination")
        self.source = source
        self.destination = destination
        self.columns_list = columns_list
        self.partition_number = _check_partitions(partition_number)

    def transform(self):
        if not os.path.exists(self.source):
            raise IOError(f"Csv file {self.source} do not exist.")
        with open(self.source, newline="", encoding="utf-8") as fh:
            table = list(csv.DictReader(fh))
            names = list(table[0].keys()) if table else []
        columns = self.columns_list or names
        for c in columns:
            if c not in names:
                raise RuntimeError(f"The parameter columns_list is illegal, column {c} does not exist.")
        types = {c: _column_type([r[c] for r in table]) for c in columns}
        cast = {"int64": int, "float64": float, "string": str}
        rows = ({c: cast[types[c]](r[c]) for c in columns} for r in table)
        writer = FileWriter(self.destination, self.partition_number)
        _write(writer, {c: {"type": t} for c, t in types.items()}, "csv_schema", list(columns), rows)
        return 0

    run = transform


class ImageNetToMR:
    """ImageNet-style folders -> MindRecord with ``label`` (int32), ``image`` (bytes) and ``file_name``.

    ``map_file`` has one ``<folder name> <label>`` line per class; the JPEG files of each
    class folder under ``image_dir`` become rows.
    """

    def __init__(self, map_file, image_dir, destination, partition_number=1):
        for name, value in (("map_file", map_file), ("image_dir", image_dir)):
            if not isinstance(value, str) or not os.path.exists(value):
                raise ValueError(f"The parameter {name} must be an existing path, but got {value!r}")
        check_filename(destination, "destination")
        self.map_file = map_file
        self.image_dir = image_dir
        self.destination = destination
        self.partition_number = _check_partitions(partition_number)

    def _rows(self):
        with open(self.map_file, encoding="utf-8") as fh:
            pairs = [line.split() for line in fh if line.strip()]
        for folder, label in pairs:
            path = os.path.join(self.image_dir, folder)
            for item in sorted(os.listdir(path)):
                if not item.lower().endswith((".jpeg", ".jpg")):
                    continue
                with open(os.path.join(path, item), "rb") as fh:
                    yield {"label": int(label), "image": fh.read(), "file_name": os.path.join(path, item)}

    def transform(self):
        writer = FileWriter(self.destination, self.partition_number)
        _write(writer, {"label": {"type": "int32"}, "image": {"type": "bytes"}, "file_name": {"type": "string"}},
               "imagenet_schema", ["label", "file_name"], self._rows())
        return 0

    run = transform


class _Refused:
    _why = ""

    def transform(self):
        raise NotImplementedError(f"{type(self).__name__}: {self._why}")

    run = transform


class Cifar10ToMR(_Refused):
    """CIFAR-10 (Python version) -> MindRecord: not supported (the files are pickles, which
    sporetorch never loads); read the binary version with ``dataset.Cifar10Dataset`` and
    ``save`` it instead."""
    _why = ("the Python version of CIFAR-10 is pickled and sporetorch does not unpickle data; read the binary "
            "version with mindspore.dataset.Cifar10Dataset and write it with Dataset.save")

    def __init__(self, source, destination):
        check_filename(destination, "destination")
        self.source, self.destination = source, destination


class Cifar100ToMR(Cifar10ToMR):
    """CIFAR-100 (Python version) -> MindRecord: not supported, as ``Cifar10ToMR``."""
    _why = Cifar10ToMR._why.replace("CIFAR-10", "CIFAR-100").replace("Cifar10Dataset", "Cifar100Dataset")


class TFRecordToMR(_Refused):
    """TFRecord -> MindRecord: needs TensorFlow, which sporetorch does not use."""
    _why = "reading TFRecord files needs TensorFlow, which sporetorch does not depend on"

    def __init__(self, source, destination, feature_dict, bytes_fields=None):
        check_filename(destination, "destination")
        self.source, self.destination, self.feature_dict, self.bytes_fields = (source, destination, feature_dict,
                                                                               bytes_fields)
