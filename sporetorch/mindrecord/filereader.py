"""``FileReader``: read the rows of MindRecord files written by MindSpore 2.10 or ``FileWriter``."""
from ._shard import ShardFile, shard_paths
from .config import _refuse_encryption
from .exceptions import ParamTypeError, ParamValueError


def _raw_value(v):
    # MindSpore hands whole-valued floats of raw fields back as Python ints.
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


class FileReader:
    """Iterate over the rows of MindRecord files as dicts.

    Args:
        file_name (str or list[str]): one file (every shard its header lists is read) or a
            list of shard files (only those).
        num_consumer (int): reader threads in MindSpore; accepted. Default: 4.
        columns (list[str], optional): fields to return. Default: all.
        operator: accepted for compatibility (deprecated in MindSpore).

    Each row is a dict of the raw fields (int, float, str) followed by the blob fields
    (``bytes`` or NumPy arrays of the schema's dtype and shape).
    """

    def __init__(self, file_name, num_consumer=4, columns=None, operator=None):
        if not isinstance(file_name, (str, list)):
            raise ParamTypeError("file_name", "str or list")
        if isinstance(num_consumer, bool) or not isinstance(num_consumer, int) or num_consumer < 1:
            raise ParamValueError(f"Parameter num_consumer {num_consumer!r} should be a positive int.")
        if columns is not None and not isinstance(columns, list):
            raise ParamTypeError("columns", "list")
        _refuse_encryption("FileReader")
        self._shards = [ShardFile(p) for p in shard_paths(file_name)]
        self._header = self._shards[0].header
        fields = self._shards[0].schema.fields
        if columns:
            unknown = [c for c in columns if c not in fields]
            if unknown:
                raise ParamValueError(f"The columns {unknown} are not fields of the schema {list(fields)}.")
        self._columns = columns or None
        self._closed = False

    def get_next(self):
        """Yield the rows, one dict at a time."""
        for shard in self._shards:
            for k in range(len(shard)):
                raw, blob = shard.read(k)
                row = {f: _raw_value(v) for f, v in raw.items() if f in shard.schema.fields}
                row.update(blob)
                if self._columns:
                    row = {c: row[c] for c in self._columns}
                yield row

    def schema(self):
        """The schema: ``{field: {"type": ..., ["shape": ...]}}``."""
        return {k: dict(v) for k, v in self._shards[0].schema.fields.items()}

    def len(self):
        """The number of rows in all the shards."""
        return sum(len(s) for s in self._shards)

    def close(self):
        """Release the files."""
        for s in self._shards:
            s.close()
        self._closed = True
