"""The MindRecord file format, read and written byte for byte as MindSpore 2.10 does.

A shard file is ``header_size`` bytes of header (an 8-byte little-endian length and a
compact JSON document), then pages of ``page_size`` bytes at ``header_size + page_id *
page_size`` (the last one cut short). ``BLOB_DATA`` pages hold one record per row: an
8-byte little-endian length and the row's blob (the single blob field's bytes, or per blob
field in ``blob_fields`` order an 8-byte *big*-endian length and the bytes). ``RAW_DATA``
pages hold the other fields of each row as an 8-byte length and a MessagePack map (keys
sorted, numbers in their shortest encoding: nlohmann::json's ``to_msgpack``). When the
schema has int32/int64 array fields, those fields are stored compressed: a 4-byte
big-endian element count, a 2-bit-per-element width map (int8/16/32/64, most significant
bits first) and each element little-endian in its width. Rows are cut into groups that
fit one page each way; a group is one blob page and a run of records in a raw page. The
``.db`` file beside each shard is an SQLite index of every row's page and offsets.
"""
import json
import math
import struct

import numpy as np

BLOB, RAW = "BLOB_DATA", "RAW_DATA"
_INT_WIDTHS = (np.dtype("<i1"), np.dtype("<i2"), np.dtype("<i4"), np.dtype("<i8"))
_ARRAY_TYPES = {"int32": np.dtype("<i4"), "int64": np.dtype("<i8"), "float32": np.dtype("<f4"),
                "float64": np.dtype("<f8")}


# ---------------------------------------------------------------------------- MessagePack
def msgpack_dumps(value):
    """Encode str-keyed maps, str, int, float, bool and None as nlohmann::json's to_msgpack."""
    out = bytearray()
    _pack(value, out)
    return bytes(out)


def _pack(v, out):
    if v is None:
        out.append(0xC0)
    elif v is True or v is False:
        out.append(0xC3 if v else 0xC2)
    elif isinstance(v, (int, np.integer)):
        _pack_int(int(v), out)
    elif isinstance(v, (float, np.floating)):
        v = float(v)
        if not math.isnan(v) and abs(v) <= 3.4028234663852886e38 and float(np.float32(v)) == v:
            out += b"\xca" + struct.pack(">f", v)
        else:
            out += b"\xcb" + struct.pack(">d", v)
    elif isinstance(v, str):
        raw = v.encode("utf-8")
        n = len(raw)
        if n <= 31:
            out.append(0xA0 | n)
        elif n <= 0xFF:
            out += bytes((0xD9, n))
        elif n <= 0xFFFF:
            out += b"\xda" + struct.pack(">H", n)
        else:
            out += b"\xdb" + struct.pack(">I", n)
        out += raw
    elif isinstance(v, dict):
        n = len(v)
        if n <= 15:
            out.append(0x80 | n)
        elif n <= 0xFFFF:
            out += b"\xde" + struct.pack(">H", n)
        else:
            out += b"\xdf" + struct.pack(">I", n)
        for key in sorted(v):
            _pack(key, out)
            _pack(v[key], out)
    else:
        raise TypeError(f"MindRecord cannot store a raw field value of type {type(v).__name__}")


def _pack_int(v, out):
    if v >= 0:
        for limit, code, fmt in ((0x7F, None, None), (0xFF, 0xCC, ">B"), (0xFFFF, 0xCD, ">H"),
                                 (0xFFFFFFFF, 0xCE, ">I"), (2 ** 64 - 1, 0xCF, ">Q")):
            if v <= limit:
                if code is None:
                    out.append(v)
                else:
                    out += bytes((code,)) + struct.pack(fmt, v)
                return
        raise OverflowError(f"MindRecord cannot store the integer {v}")
    if v >= -32:
        out += struct.pack(">b", v)
        return
    for low, code, fmt in ((-2 ** 7, 0xD0, ">b"), (-2 ** 15, 0xD1, ">h"), (-2 ** 31, 0xD2, ">i"),
                           (-2 ** 63, 0xD3, ">q")):
        if v >= low:
            out += bytes((code,)) + struct.pack(fmt, v)
            return
    raise OverflowError(f"MindRecord cannot store the integer {v}")


def msgpack_loads(data):
    value, end = _unpack(data, 0)
    if end != len(data):
        raise ValueError(f"{len(data) - end} bytes follow the MessagePack value")
    return value


_FIXED = {0xCC: ">B", 0xCD: ">H", 0xCE: ">I", 0xCF: ">Q", 0xD0: ">b", 0xD1: ">h", 0xD2: ">i", 0xD3: ">q",
          0xCA: ">f", 0xCB: ">d"}


def _unpack(b, i):
    c = b[i]
    i += 1
    if c <= 0x7F:
        return c, i
    if c >= 0xE0:
        return c - 0x100, i
    if 0x80 <= c <= 0x8F:
        return _unpack_map(b, i, c & 0x0F)
    if 0x90 <= c <= 0x9F:
        return _unpack_array(b, i, c & 0x0F)
    if 0xA0 <= c <= 0xBF:
        n = c & 0x1F
        return _text(b, i, n), i + n
    if c == 0xC0:
        return None, i
    if c in (0xC2, 0xC3):
        return c == 0xC3, i
    if c in _FIXED:
        fmt = _FIXED[c]
        size = struct.calcsize(fmt)
        if i + size > len(b):
            raise ValueError("truncated MessagePack number")
        return struct.unpack_from(fmt, b, i)[0], i + size
    if c in (0xD9, 0xDA, 0xDB, 0xC4, 0xC5, 0xC6):
        fmt = {0xD9: ">B", 0xDA: ">H", 0xDB: ">I", 0xC4: ">B", 0xC5: ">H", 0xC6: ">I"}[c]
        size = struct.calcsize(fmt)
        n = struct.unpack_from(fmt, b, i)[0]
        i += size
        if i + n > len(b):
            raise ValueError("truncated MessagePack string")
        return (_text(b, i, n) if c >= 0xD9 else bytes(b[i:i + n])), i + n
    if c in (0xDC, 0xDD):
        size = 2 if c == 0xDC else 4
        return _unpack_array(b, i + size, int.from_bytes(b[i:i + size], "big"))
    if c in (0xDE, 0xDF):
        size = 2 if c == 0xDE else 4
        return _unpack_map(b, i + size, int.from_bytes(b[i:i + size], "big"))
    raise ValueError(f"unsupported MessagePack type byte 0x{c:02x}")


def _text(b, i, n):
    if i + n > len(b):
        raise ValueError("truncated MessagePack string")
    return bytes(b[i:i + n]).decode("utf-8")


def _unpack_map(b, i, n):
    out = {}
    for _ in range(n):
        key, i = _unpack(b, i)
        out[key], i = _unpack(b, i)
    return out, i


def _unpack_array(b, i, n):
    out = []
    for _ in range(n):
        value, i = _unpack(b, i)
        out.append(value)
    return out, i


# ---------------------------------------------------------------------------- int compression
def compress_ints(raw, dtype):
    """``raw`` (little-endian int32/int64 bytes) in MindRecord's narrowed form."""
    values = np.frombuffer(raw, dtype=dtype).astype(np.int64)
    widths = np.full(values.shape, 3, dtype=np.uint8)
    for code, bits in ((2, 31), (1, 15), (0, 7)):
        fits = (values >= -(1 << bits)) & (values < (1 << bits))
        widths[fits] = code
    padded = np.zeros(-(-len(values) // 4) * 4, dtype=np.uint8)
    padded[:len(values)] = widths
    bitmap = (padded.reshape(-1, 4) << np.array([6, 4, 2, 0], dtype=np.uint8)).sum(axis=1).astype(np.uint8)
    out = bytearray(struct.pack(">I", len(values)))
    out += bitmap.tobytes()
    for v, w in zip(values.tolist(), widths.tolist()):
        out += np.array(v, dtype=_INT_WIDTHS[w]).tobytes()
    return bytes(out)


def decompress_ints(data, dtype):
    """The inverse of ``compress_ints``; returns ``(array, bytes consumed)``."""
    if len(data) < 4:
        raise ValueError("a compressed integer column is shorter than its 4-byte count")
    n = struct.unpack_from(">I", data, 0)[0]
    nmap = -(-n // 4)
    if len(data) < 4 + nmap:
        raise ValueError("a compressed integer column is shorter than its width map")
    bitmap = np.frombuffer(data, dtype=np.uint8, count=nmap, offset=4)
    widths = ((bitmap[:, None] >> np.array([6, 4, 2, 0], dtype=np.uint8)) & 3).reshape(-1)[:n]
    out = np.empty(n, dtype=dtype)
    pos = 4 + nmap
    for k, w in enumerate(widths.tolist()):
        size = 1 << w
        if pos + size > len(data):
            raise ValueError("a compressed integer column ends inside an element")
        out[k] = int.from_bytes(data[pos:pos + size], "little", signed=True)
        pos += size
    return out, pos


# ---------------------------------------------------------------------------- schema
class Schema:
    """A MindRecord schema: ``{field: {"type": t[, "shape": [...]]}}`` and its blob fields."""

    def __init__(self, fields, desc=""):
        self.fields = {k: dict(fields[k]) for k in sorted(fields)}
        self.desc = "" if desc is None else desc
        self.blob_fields = [k for k, v in self.fields.items() if "shape" in v or v["type"] == "bytes"]
        self.raw_fields = [k for k in self.fields if k not in self.blob_fields]
        self.compress = any(self.fields[k]["type"] in ("int32", "int64") for k in self.blob_fields)

    def to_json(self):
        return {"blob_fields": list(self.blob_fields), "desc": self.desc,
                "schema": {k: {kk: v[kk] for kk in sorted(v)} for k, v in self.fields.items()}}

    def encode_blob(self, row):
        """``(blob bytes, bytes saved by compression)`` for one row dict."""
        parts, saved = [], 0
        for k in self.blob_fields:
            data = _field_bytes(self.fields[k], row[k])
            if self.compress and self.fields[k]["type"] in ("int32", "int64"):
                packed = compress_ints(data, _ARRAY_TYPES[self.fields[k]["type"]])
                saved += len(data) - len(packed)
                data = packed
            parts.append(data)
        if not parts:
            return b"\x00\x00\x00\x00", 0
        if len(parts) == 1:
            return parts[0], saved
        return b"".join(struct.pack(">Q", len(p)) + p for p in parts), saved

    def decode_blob(self, blob):
        """``{field: value}`` of the blob fields of one row."""
        if not self.blob_fields:
            return {}
        if len(self.blob_fields) == 1:
            pieces = [blob]
        else:
            pieces, pos = [], 0
            for k in self.blob_fields:
                if pos + 8 > len(blob):
                    raise ValueError(f"the blob ends before field '{k}'")
                n = struct.unpack_from(">Q", blob, pos)[0]
                if pos + 8 + n > len(blob):
                    raise ValueError(f"the blob field '{k}' announces {n} bytes but only {len(blob) - pos - 8} remain")
                pieces.append(blob[pos + 8:pos + 8 + n])
                pos += 8 + n
        return {k: self._field_value(k, p) for k, p in zip(self.blob_fields, pieces)}

    def _field_value(self, k, data):
        spec = self.fields[k]
        if spec["type"] == "bytes":
            return bytes(data)
        dtype = _ARRAY_TYPES[spec["type"]]
        if self.compress and spec["type"] in ("int32", "int64"):
            arr, _ = decompress_ints(bytes(data), dtype)
        else:
            if len(data) % dtype.itemsize:
                raise ValueError(f"field '{k}' holds {len(data)} bytes, not a whole number of {spec['type']}")
            arr = np.frombuffer(bytes(data), dtype=dtype).copy()
        try:
            return arr.reshape(spec["shape"]).astype(dtype.newbyteorder("="))
        except ValueError as err:
            raise ValueError(f"field '{k}' holds {arr.size} elements, which do not fit the shape "
                             f"{spec['shape']}") from err


def _field_bytes(spec, value):
    if spec["type"] == "bytes":
        return bytes(value)
    return np.ascontiguousarray(value, dtype=_ARRAY_TYPES[spec["type"]]).tobytes()


# ---------------------------------------------------------------------------- header
def header_json(header_size, page_size, schema, index_fields, pages, addresses, shard_id, compression_size):
    """The header document, keys in MindSpore's order, compact, UTF-8."""
    index = [{"index_field": f, "schema_id": 0} for f in index_fields] or None
    doc = {"header_size": header_size, "index_fields": index, "page": pages, "page_size": page_size,
           "compression_size": compression_size, "schema": [schema.to_json()], "shard_addresses": addresses,
           "shard_id": shard_id, "statistics": None, "version": "3.0"}
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def page_json(page_id, shard_id, page_type, page_type_id, start_row, end_row, row_groups, size):
    return {"end_row_id": end_row, "page_id": page_id, "page_size": size, "page_type": page_type,
            "page_type_id": page_type_id, "row_group_ids": [{"id": g, "offset": o} for g, o in row_groups],
            "shard_id": shard_id, "start_row_id": start_row}


def layout_shard(blobs, raws, page_size):
    """Place one shard's rows into pages as MindSpore's writer does for one write call.

    Returns ``(pages, page_bytes, index)``: the header's page list, ``{page_id: bytes}``
    and per row ``(raw page, raw start, raw end, group, blob page, blob start, blob end)``.
    """
    blob_sizes = [8 + len(b) for b in blobs]
    raw_sizes = [8 + len(r) for r in raws]
    for k, size in enumerate(blob_sizes):
        if size > page_size or raw_sizes[k] > page_size:
            raise ValueError(f"row {k} needs {max(size, raw_sizes[k])} bytes, more than the page size {page_size}")
    groups, start, n_blob, n_raw = [], 0, 0, 0
    for i in range(len(blobs)):
        if n_blob == 0 or n_blob + blob_sizes[i] > page_size or n_raw + raw_sizes[i] > page_size:
            if i > start:
                groups.append((start, i))
            start, n_blob, n_raw = i, blob_sizes[i], raw_sizes[i]
        else:
            n_blob += blob_sizes[i]
            n_raw += raw_sizes[i]
    if len(blobs) > start:
        groups.append((start, len(blobs)))
    pages, data, index = [], {}, [None] * len(blobs)
    blob_loc = {}
    for g, (a, b) in enumerate(groups):
        buf = bytearray()
        for i in range(a, b):
            blob_loc[i] = (g, g, len(buf), len(buf) + blob_sizes[i])
            buf += struct.pack("<Q", len(blobs[i])) + blobs[i]
        data[g] = bytes(buf)
        pages.append(page_json(g, 0, BLOB, g, a, b, [(0, 0)], len(buf)))
    next_id, raw_page, raw_type_id = len(groups), None, 0
    for g, (a, b) in enumerate(groups):
        size = sum(raw_sizes[a:b])
        if raw_page is None or len(raw_page["buf"]) + size > page_size:
            if raw_page is not None:
                raw_type_id = raw_page["id"] + 1  # MindSpore numbers a new raw page after the last page's id
            raw_page = {"id": next_id, "type_id": raw_type_id, "buf": bytearray(), "groups": []}
            next_id += 1
            pages.append(raw_page)
        raw_page["groups"].append((g, len(raw_page["buf"])))
        for i in range(a, b):
            s = len(raw_page["buf"])
            raw_page["buf"] += struct.pack("<Q", len(raws[i])) + raws[i]
            bg, bpage, bs, be = blob_loc[i]
            index[i] = (raw_page["id"], s, len(raw_page["buf"]), bg, bpage, bs, be)
    out = []
    for p in pages:
        if isinstance(p, dict) and "buf" in p:
            data[p["id"]] = bytes(p["buf"])
            out.append(page_json(p["id"], 0, RAW, p["type_id"], 0, 0, p["groups"], len(p["buf"])))
        else:
            out.append(p)
    return out, data, index


_DB_COLUMNS = ("  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          INT  NOT NULL, PAGE_OFFSET_RAW      INT  "
               "NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT NULL, ROW_GROUP_ID         INT  NOT NULL, PAGE_ID_BLOB      "
               "   INT  NOT NULL, PAGE_OFFSET_BLOB     INT  NOT NULL, PAGE_OFFSET_BLOB_END INT  NOT NULL")
_SQL_TYPES = {"string": "TEXT", "int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL"}


def write_index_db(path, shard_name, schema, index_fields, index, raw_rows):
    """The SQLite index MindSpore's readers look rows up in."""
    import os
    import sqlite3
    if os.path.exists(path):
        os.remove(path)
    cols = "".join(f",INC_{k} INT, {f}_0 {_SQL_TYPES[schema.fields[f]['type']]}" for k, f in enumerate(index_fields))
    key = ",".join(["ROW_ID"] + [f"INC_{k}" for k in range(len(index_fields))])
    con = sqlite3.connect(path)
    try:
        con.execute(f"CREATE TABLE INDEXES({_DB_COLUMNS}{cols}, PRIMARY KEY({key}));")
        marks = ",".join("?" * (8 + 2 * len(index_fields)))
        rows = []
        for row_id, (loc, raw) in enumerate(zip(index, raw_rows)):
            values = [row_id, *loc]
            for f in index_fields:
                values += [0, raw[f]]
            rows.append(values)
        con.executemany(f"INSERT INTO INDEXES VALUES({marks})", rows)
        con.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL);")
        con.execute("INSERT INTO SHARD_NAME VALUES(?)", (shard_name,))
        con.commit()
    finally:
        con.close()
