"""``FileWriter``: write rows into MindRecord files that MindSpore 2.10 reads (and back)."""
import logging
import os
import re
import stat

import numpy as np

from ._format import Schema, header_json, layout_shard, msgpack_dumps, write_index_db
from .config import _refuse_encryption
from .exceptions import (MRMDefineIndexError, MRMInvalidHeaderSizeError, MRMInvalidPageSizeError,
                         MRMInvalidSchemaError, ParamTypeError, ParamValueError)

logger = logging.getLogger("sporetorch.mindrecord")

MIN_SHARD_COUNT, MAX_SHARD_COUNT = 1, 1000
MIN_HEADER_SIZE, MAX_HEADER_SIZE = 1 << 14, 1 << 27
MIN_PAGE_SIZE, MAX_PAGE_SIZE = 1 << 15, 1 << 28
DEFAULT_HEADER_SIZE, DEFAULT_PAGE_SIZE = 1 << 24, 1 << 25
VALID_ATTRIBUTES = ("int32", "int64", "float32", "float64", "string", "bytes")
VALID_ARRAY_ATTRIBUTES = ("int32", "int64", "float32", "float64")
# Python/NumPy type name of a value -> the schema types it may be written as (MindSpore's table).
VALUE_TYPE_MAP = {"int": ("int32", "int64"), "float": ("float32", "float64"), "str": ("string",),
                  "bytes": ("bytes",), "int32": ("int32",), "int64": ("int64",), "float32": ("float32",),
                  "float64": ("float64",), "ndarray": VALID_ARRAY_ATTRIBUTES}


def check_filename(path, arg_name="file_name"):
    """MindSpore's checks of a MindRecord file name: a str naming a file in an existing folder."""
    if not isinstance(path, str):
        raise ParamValueError(f"Parameter {arg_name}'s type is not str.")
    if not path:
        raise ParamValueError(f"Parameter {arg_name} is empty.")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ParamValueError(f"The folder of {arg_name} {path} does not exist.")
    if os.path.isdir(path):
        raise ParamValueError(f"Parameter {arg_name} {path} is a directory, not a file.")
    return True


def _validate_schema(content):
    if not content:
        return "Schema content is empty."
    if not isinstance(content, dict):
        return "Schema content should be dict."
    for k, v in content.items():
        if not isinstance(k, str) or not re.match(r"^[0-9a-zA-Z_]+$", k):
            return f"Field '{k}' should be composed of '0-9' or 'a-z' or 'A-Z' or '_'."
        if not v or not isinstance(v, dict):
            return f"Field '{k}' should be dict."
        if len(v) == 1 and "type" in v:
            if v["type"] not in VALID_ATTRIBUTES:
                return f"Field '{k}' contain illegal attribute '{v['type']}'."
        elif len(v) == 2 and "type" in v and "shape" in v:
            if v["type"] not in VALID_ARRAY_ATTRIBUTES:
                return f"Field '{k}' contain illegal attribute '{v['type']}'."
            if not isinstance(v["shape"], list):
                return f"Field '{k}' contain illegal attribute '{v['shape']}'."
        else:
            return f"Field '{v}' contains illegal attributes."
    return None


class FileWriter:
    """Write rows (dicts) into ``shard_num`` MindRecord files plus their ``.db`` index files.

    Args:
        file_name (str): the file (with ``shard_num > 1``: the prefix; files get the shard
            number appended, zero-padded).
        shard_num (int): number of files, 1 to 1000. Default: 1.
        overwrite (bool): replace existing files instead of failing. Default: False.

    Rows are collected by ``write_raw_data`` and laid out at ``commit``, so the files are
    complete or absent. Rows that do not match the schema are dropped with a warning, as
    in MindSpore. Differences from MindSpore: rows go to shards in order (MindSpore gives
    the remainder rows to randomly chosen shards); ``parallel_writer`` is accepted and
    writes in this process.
    """

    def __init__(self, file_name, shard_num=1, overwrite=False):
        check_filename(file_name)
        if shard_num is None:
            raise ParamValueError("Parameter shard_num is None.")
        if isinstance(shard_num, bool) or not isinstance(shard_num, int):
            raise ParamValueError("Parameter shard_num's type is not int.")
        if not MIN_SHARD_COUNT <= shard_num <= MAX_SHARD_COUNT:
            raise ParamValueError(f"Parameter shard_num's value: {shard_num} should between {MIN_SHARD_COUNT} "
                                  f"and {MAX_SHARD_COUNT}.")
        if not isinstance(overwrite, bool):
            raise ParamValueError("Parameter overwrite's type is not bool.")
        self._file_name = file_name
        self._shard_num = shard_num
        width = len(str(shard_num - 1))
        self._paths = [file_name] if shard_num == 1 else [f"{file_name}{str(k).rjust(width, '0')}"
                                                          for k in range(shard_num)]
        self._overwrite = overwrite
        self._schema = None
        self._index_fields = None
        self._rows = []
        self._header_size = DEFAULT_HEADER_SIZE
        self._page_size = DEFAULT_PAGE_SIZE
        self._checked_paths = False
        self._flush = False
        self._append = False

    @classmethod
    def open_for_append(cls, file_name):
        """A writer that adds rows to the existing MindRecord files of ``file_name``."""
        from ._shard import ShardFile, read_header, shard_paths
        check_filename(file_name)
        if not os.path.isfile(file_name):
            raise FileNotFoundError(f"Invalid file, the MindRecord file {file_name} does not exist")
        header = read_header(file_name)
        paths = shard_paths(file_name)
        writer = cls.__new__(cls)
        writer.__init__(file_name, 1, True)
        writer._paths = paths
        writer._shard_num = len(paths)
        writer._schema = Schema(header["schema"][0]["schema"], header["schema"][0].get("desc", ""))
        writer._index_fields = [f["index_field"] for f in (header.get("index_fields") or [])]
        writer._header_size, writer._page_size = header["header_size"], header["page_size"]
        for path in paths:
            shard = ShardFile(path)
            for k in range(len(shard)):
                raw, blob = shard.read(k)
                writer._rows.append({**raw, **blob})
            shard.close()
        writer._append = True
        return writer

    # ------------------------------------------------------------------ schema
    def add_schema(self, content, desc=None):
        """Describe the fields: ``{name: {"type": t}}`` or ``{name: {"type": t, "shape": [...]}}``."""
        error = _validate_schema(content)
        if error:
            raise MRMInvalidSchemaError(error)
        if desc is not None and not isinstance(desc, str):
            raise ParamTypeError("desc", "str")
        self._schema = Schema(content, desc)
        return 0

    def add_index(self, index_fields):
        """Index ``index_fields`` (scalar fields) in the ``.db`` file; default: every scalar field."""
        if not index_fields or not isinstance(index_fields, list):
            raise ParamTypeError("index_fields", "list")
        for field in index_fields:
            if self._schema is not None and field in self._schema.blob_fields:
                raise MRMDefineIndexError(f"Failed to set field {field} since it's not primitive type.")
            if not isinstance(field, str):
                raise ParamTypeError("index field", "str")
        self._index_fields = list(index_fields)
        return 0

    def set_header_size(self, header_size):
        """Bytes reserved for the header: 16 KB to 128 MB, a multiple of 4."""
        if isinstance(header_size, bool) or not isinstance(header_size, int) or \
                not MIN_HEADER_SIZE <= header_size <= MAX_HEADER_SIZE or header_size % 4:
            raise MRMInvalidHeaderSizeError()
        self._header_size = header_size
        return 0

    def set_page_size(self, page_size):
        """Bytes of one page: 32 KB to 256 MB, a multiple of 4."""
        if isinstance(page_size, bool) or not isinstance(page_size, int) or \
                not MIN_PAGE_SIZE <= page_size <= MAX_PAGE_SIZE or page_size % 4:
            raise MRMInvalidPageSizeError()
        self._page_size = page_size
        return 0

    # ------------------------------------------------------------------ data
    def _check_paths(self):
        if self._checked_paths or self._append:
            return
        existing = [p for path in self._paths for p in (path, path + ".db") if os.path.exists(p)]
        if existing and not self._overwrite:
            raise RuntimeError(f"Invalid file, mindrecord files already exist. Please check file path: "
                               f"{os.path.abspath(existing[0])}.\nIf you do not want to keep the files, set the "
                               "'overwrite' parameter to True and try again.")
        for p in existing:
            os.remove(p)
        self._checked_paths = True

    def write_raw_data(self, raw_data, parallel_writer=False):
        """Add ``raw_data`` (a list of dicts, one per row) after checking it against the schema."""
        if not isinstance(parallel_writer, bool):
            raise TypeError("The parameter `parallel_writer` must be bool.")
        _refuse_encryption("FileWriter")
        if self._schema is None:
            raise MRMInvalidSchemaError("Call add_schema before write_raw_data.")
        self._check_paths()
        if not isinstance(raw_data, list):
            raise ParamTypeError("raw_data", "list")
        if self._flush and not self._append:
            raise RuntimeError("Not allowed to call `write_raw_data` on flushed MindRecord files. When creating new "
                               "MindRecord files, please remove `commit` before `write_raw_data`. In other cases, "
                               "when appending to existing MindRecord files, please call `open_for_append` first "
                               "and then `write_raw_data`.")
        for row in raw_data:
            if not isinstance(row, dict):
                raise ParamTypeError("raw_data item", "dict")
        for k, row in enumerate(raw_data):
            problem = self._row_problem(row)
            if problem:
                logger.warning("for schema, %d th data is wrong, %s", k, problem)
                continue
            self._rows.append(row)
        return 0

    def _row_problem(self, row):
        for field, spec in self._schema.fields.items():
            if field not in row:
                return f"there is not field: '{field}' in the raw data."
            value = row[field]
            kind = type(value).__name__
            if kind not in VALUE_TYPE_MAP:
                return f"data type: '{kind}' for field: '{field}' is not matched."
            if spec["type"] not in VALUE_TYPE_MAP[kind]:
                return f"data type: '{spec['type']}' for field: '{field}' is not matched."
            if kind == "ndarray":
                if "shape" not in spec:
                    return f"data shape for field: '{field}' is not specified."
                if spec["type"] != str(value.dtype):
                    return f"data type: '{value.dtype}' for field: '{field}' is not matched."
                try:
                    np.reshape(value, spec["shape"])
                except ValueError:
                    return f"data shape: '{value.shape}' for field: '{field}' is not matched."
        return None

    def commit(self):
        """Write the files and their ``.db`` index files."""
        _refuse_encryption("FileWriter")
        if self._schema is None:
            raise MRMInvalidSchemaError("Call add_schema before commit.")
        self._check_paths()
        self._flush = True
        schema = self._schema
        if self._index_fields is None:
            self._index_fields = [f for f in schema.raw_fields]
        raws, blobs, compression = [], [], 0
        for row in self._rows:
            raw = {f: _plain(row[f]) for f in schema.raw_fields} if schema.raw_fields else {"id": 0}
            raws.append(raw)
            blob, saved = schema.encode_blob(row)
            blobs.append(blob)
            compression += saved
        counts = [len(self._rows) // self._shard_num + (k < len(self._rows) % self._shard_num)
                  for k in range(self._shard_num)]
        addresses = [os.path.basename(p) for p in self._paths]
        start = 0
        for shard_id, (path, count) in enumerate(zip(self._paths, counts)):
            part_raw = raws[start:start + count]
            packed = [msgpack_dumps(r) for r in part_raw]
            pages, data, index = layout_shard(blobs[start:start + count], packed, self._page_size)
            for p in pages:
                p["shard_id"] = shard_id
            head = header_json(self._header_size, self._page_size, schema, self._index_fields, pages, addresses,
                               shard_id, max(compression, 0))
            if len(head) + 8 > self._header_size:
                raise MRMInvalidHeaderSizeError()
            tmp = path + ".tmp"
            with open(tmp, "wb") as fh:
                fh.write(len(head).to_bytes(8, "little") + head)
                for page_id in sorted(data):
                    fh.seek(self._header_size + page_id * self._page_size)
                    fh.write(data[page_id])
            os.replace(tmp, path)
            write_index_db(path + ".db", os.path.basename(path), schema, self._index_fields, index, part_raw)
            for p in (path, path + ".db"):
                os.chmod(p, stat.S_IRUSR | stat.S_IWUSR)
            start += count
        return 0


def _plain(value):
    """A raw field value as the JSON number/str MindSpore stores."""
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return value
