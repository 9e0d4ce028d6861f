"""``TFRecordDataset``: ``tf.train.Example`` records read without TensorFlow.

A TFRecord file is a sequence of ``uint64 length | uint32 crc | data | uint32 crc``
records; each ``data`` is an ``Example`` protobuf (``features: map<string, Feature>``, a
``Feature`` holding a ``bytes_list``, ``float_list`` or ``int64_list``), decoded here with
a small wire-format reader. As in MindSpore 2.10 the columns are the feature names in
sorted order; a single bytes value is a uint8 array, several are a ``bytes_`` array,
floats are float32 and integers int64, all 1-D.
"""
import gzip
import struct
import zlib

import numpy as np

from .datasets_standard_format import Shuffle, _FileRowsDataset


def _varint(buf, i):
    shift = value = 0
    while True:
        if i >= len(buf):
            raise ValueError("truncated varint")
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, i
        shift += 7


def _fields(buf):
    """``(field number, wire type, value)`` of a protobuf message."""
    i = 0
    while i < len(buf):
        key, i = _varint(buf, i)
        num, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(buf, i)
        elif wire == 2:
            n, i = _varint(buf, i)
            if i + n > len(buf):
                raise ValueError("truncated length-delimited field")
            value, i = buf[i:i + n], i + n
        elif wire == 5:
            value, i = buf[i:i + 4], i + 4
        elif wire == 1:
            value, i = buf[i:i + 8], i + 8
        else:
            raise ValueError(f"unsupported wire type {wire}")
        yield num, wire, value


def _feature(buf):
    for kind, _, payload in _fields(buf):
        if kind == 1:
            values = [bytes(v) for n, _, v in _fields(payload) if n == 1]
            if len(values) == 1:
                return np.frombuffer(values[0], dtype=np.uint8).copy()
            return np.array(values, dtype=np.bytes_)
        if kind == 2:
            out = []
            for n, wire, v in _fields(payload):
                if n == 1:
                    out += struct.unpack(f"<{len(v) // 4}f", v) if wire == 2 else struct.unpack("<f", v)
            return np.array(out, dtype=np.float32)
        if kind == 3:
            out = []
            for n, wire, v in _fields(payload):
                if n != 1:
                    continue
                if wire == 2:
                    j = 0
                    while j < len(v):
                        x, j = _varint(v, j)
                        out.append(x)
                else:
                    out.append(v)
            return np.array([x - (1 << 64) if x >= 1 << 63 else x for x in out], dtype=np.int64)
    return np.zeros(0, dtype=np.float32)


def parse_example(data):
    """``{feature name: array}`` of one serialized ``tf.train.Example``."""
    out = {}
    for n, _, features in _fields(data):
        if n != 1:
            continue
        for m, _, entry in _fields(features):
            if m != 1:
                continue
            key, value = None, b""
            for k, _, v in _fields(entry):
                if k == 1:
                    key = bytes(v).decode("utf-8")
                elif k == 2:
                    value = v
            out[key] = _feature(value)
    return out


def read_records(path, compression_type=None):
    """The raw records of a TFRecord file."""
    with open(path, "rb") as fh:
        data = fh.read()
    if compression_type == "GZIP":
        data = gzip.decompress(data)
    elif compression_type == "ZLIB":
        data = zlib.decompress(data)
    pos, k = 0, 0
    while pos < len(data):
        if pos + 12 > len(data):
            raise ValueError(f"For 'TFRecordDataset', {path} is truncated inside the header of record {k}")
        n = struct.unpack_from("<Q", data, pos)[0]
        if pos + 12 + n + 4 > len(data):
            raise ValueError(f"For 'TFRecordDataset', {path} is truncated inside record {k} ({n} bytes announced)")
        yield data[pos + 12:pos + 12 + n]
        pos += 16 + n
        k += 1


class TFRecordDataset(_FileRowsDataset):
    """Rows of TFRecord files of ``tf.train.Example`` records.

    Args:
        dataset_files (str or list[str]): the files.
        schema (Schema or str, optional): the columns to read (and their types).
        columns_list (list[str], optional): the columns to read. Default: every feature of the
            first record, sorted by name.
        num_samples, num_parallel_workers, shuffle (default True), num_shards, shard_id: as for the
            file sources. ``shard_equal_rows`` is accepted.
        compression_type (str, optional): ``"GZIP"``, ``"ZLIB"`` or None.
    """

    def __init__(self, dataset_files, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, shard_equal_rows=False, cache=None,
                 compression_type=None):
        super().__init__("TFRecordDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id)
        if compression_type not in (None, "", "GZIP", "ZLIB"):
            raise ValueError(f"For 'TFRecordDataset', 'compression_type' must be 'GZIP', 'ZLIB' or None, "
                             f"but got {compression_type!r}")
        self.compression_type = compression_type or None
        self._types = {}
        if schema is not None:
            from .datasets_user_defined import Schema
            schema = Schema(schema) if isinstance(schema, str) else schema
            self._types = {c["name"]: c["type"] for c in schema.columns}
            columns_list = columns_list or [c["name"] for c in schema.columns]
        if columns_list is None:
            first = next(read_records(self.dataset_files[0], self.compression_type), None)
            if first is None:
                raise ValueError(f"For 'TFRecordDataset', {self.dataset_files[0]} holds no record")
            columns_list = sorted(parse_example(first))
        self.columns_list = list(columns_list)

    def _column_names(self):
        return list(self.columns_list)

    def _file_rows(self, path):
        for k, record in enumerate(read_records(path, self.compression_type)):
            try:
                example = parse_example(record)
            except (ValueError, IndexError, UnicodeDecodeError) as err:
                raise ValueError(f"For 'TFRecordDataset', record {k} of {path} is not a tf.train.Example: "
                                 f"{err}") from None
            row = []
            for c in self.columns_list:
                if c not in example:
                    raise ValueError(f"For 'TFRecordDataset', record {k} of {path} has no feature '{c}'")
                value = example[c]
                if c in self._types and self._types[c] not in ("string", "bytes", "uint8"):
                    value = value.astype(self._types[c])
                row.append(value)
            yield tuple(row)
