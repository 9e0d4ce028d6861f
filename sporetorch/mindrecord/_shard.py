"""Reading MindRecord shard files: the header, the row locations, and one row at a time.

Rows are located from the header's page list alone (blob pages in row order, raw pages in
page order, records walked by their length prefixes), so a file is checked completely
when it is opened: a truncated or damaged file fails then, naming the file, the page and
the row, instead of in the middle of an epoch.
"""
import json
import os
import struct

from ._format import BLOB, RAW, Schema, msgpack_loads


def _fail(path, what):
    return ValueError(f"Invalid MindRecord file {path}: {what}")


def read_header(path):
    """The header document of one shard file."""
    if not os.path.isfile(path):
        raise FileNotFoundError(f"Invalid file, the MindRecord file {path} does not exist")
    with open(path, "rb") as fh:
        head = fh.read(8)
        if len(head) < 8:
            raise _fail(path, "it is shorter than the 8-byte header length")
        n = struct.unpack("<Q", head)[0]
        if n <= 0 or n > (1 << 27):
            raise _fail(path, f"the header length {n} is out of range (not a MindRecord file?)")
        raw = fh.read(n)
    if len(raw) < n:
        raise _fail(path, f"the file ends inside its {n}-byte header")
    try:
        header = json.loads(raw.decode("utf-8"))
        header["header_size"], header["page_size"], header["schema"][0]["schema"]
    except (UnicodeDecodeError, ValueError, KeyError, IndexError, TypeError) as err:
        raise _fail(path, f"its header is not MindRecord's JSON header ({err})") from None
    return header


def shard_paths(file_name, load_all=True):
    """The shard files to read: with ``load_all``, every shard the header of ``file_name`` lists."""
    if isinstance(file_name, (list, tuple)):
        return [os.fspath(f) for f in file_name]
    path = os.fspath(file_name)
    if not load_all:
        return [path]
    folder = os.path.dirname(os.path.abspath(path))
    return [os.path.join(folder, a) for a in read_header(path)["shard_addresses"]]


class ShardFile:
    """One shard file: its schema and the location of every row; reads rows on demand."""

    def __init__(self, path):
        self.path = path
        self.header = read_header(path)
        self.schema = Schema(self.header["schema"][0]["schema"], self.header["schema"][0].get("desc", ""))
        self.header_size = self.header["header_size"]
        self.page_size = self.header["page_size"]
        if not os.path.isfile(path + ".db"):
            raise FileNotFoundError(f"Invalid file, the MindRecord index file {path}.db does not exist; "
                                    "keep the .db file beside the data file")
        self._fh = None
        self.rows = self._locate()

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_fh"] = None
        return state

    def _page_start(self, page):
        return self.header_size + page["page_id"] * self.page_size

    def _records(self, fh, page, size):
        start = self._page_start(page)
        used = page["page_size"]
        if start + used > size:
            raise _fail(self.path, f"it is truncated: page {page['page_id']} ({page['page_type']}) needs bytes up to "
                        f"{start + used} but the file has {size}")
        fh.seek(start)
        data = fh.read(used)
        out, pos = [], 0
        while pos < used:
            if pos + 8 > used:
                raise _fail(self.path, f"page {page['page_id']} ends inside a record length at offset {pos}")
            n = struct.unpack_from("<Q", data, pos)[0]
            if pos + 8 + n > used:
                raise _fail(self.path, f"a record of page {page['page_id']} at offset {pos} announces {n} bytes, "
                            f"past the page's {used} bytes")
            out.append((start + pos + 8, n))
            pos += 8 + n
        return out

    def _locate(self):
        pages = self.header.get("page") or []
        blob_pages = sorted((p for p in pages if p["page_type"] == BLOB), key=lambda p: p["start_row_id"])
        raw_pages = sorted((p for p in pages if p["page_type"] == RAW), key=lambda p: p["page_id"])
        size = os.path.getsize(self.path)
        with open(self.path, "rb") as fh:
            blobs = [r for p in blob_pages for r in self._records(fh, p, size)]
            raws = [r for p in raw_pages for r in self._records(fh, p, size)]
        if len(blobs) != len(raws):
            raise _fail(self.path, f"its blob pages hold {len(blobs)} rows but its raw pages {len(raws)}")
        return list(zip(raws, blobs))

    def __len__(self):
        return len(self.rows)

    def read(self, index):
        """Row ``index`` as ``(raw fields dict, blob fields dict)``."""
        if self._fh is None:
            self._fh = open(self.path, "rb")
        (raw_at, raw_n), (blob_at, blob_n) = self.rows[index]
        self._fh.seek(raw_at)
        raw = self._fh.read(raw_n)
        self._fh.seek(blob_at)
        blob = self._fh.read(blob_n)
        try:
            fields = msgpack_loads(raw)
            if not isinstance(fields, dict):
                raise ValueError("the raw record is not a map")
            return fields, self.schema.decode_blob(blob)
        except (ValueError, IndexError, UnicodeDecodeError, struct.error) as err:
            raise _fail(self.path, f"row {index} cannot be decoded: {err}") from None

    def close(self):
        if self._fh is not None:
            self._fh.close()
            self._fh = None
