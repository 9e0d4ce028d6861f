"""mindspore.mindrecord: files round-trip with MindSpore 2.10 byte for byte.

tests/data/mindrecord/ms_sample.mindrecord(.db) were written by MindSpore 2.10 from the rows
of _mindrecord_rows.py; the expected layouts and values below come from MindSpore 2.10 too.
"""
import os
import sqlite3

import numpy as np
import pytest

import sporetorch.dataset as ds
from sporetorch.mindrecord import (FileReader, FileWriter, MindPage, MRMInvalidSchemaError, ParamTypeError,
                                   MRMInvalidPageSizeError, CsvToMR)
from sporetorch.mindrecord._format import compress_ints, decompress_ints, msgpack_dumps, msgpack_loads

from _mindrecord_rows import SCHEMA, rows

FIXTURE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "mindrecord", "ms_sample.mindrecord")


def _dump(path):
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def test_writer_reproduces_mindspores_file_and_index_byte_for_byte(tmp_path):
    out = str(tmp_path / "ms_sample.mindrecord")
    w = FileWriter(out)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema(SCHEMA, "sample")
    w.add_index(["file_name", "label", "score"])
    w.write_raw_data(rows())
    w.commit()
    with open(out, "rb") as a, open(FIXTURE, "rb") as b:
        assert a.read() == b.read()
    assert _dump(out + ".db") == _dump(FIXTURE + ".db")
    assert oct(os.stat(out).st_mode & 0o777) == "0o600"


def test_reader_reads_mindspores_file():
    reader = FileReader(FIXTURE)
    got = list(reader.get_next())
    assert reader.len() == 12 and reader.schema() == {k: dict(v) for k, v in sorted(SCHEMA.items())}
    for row, want in zip(got, rows()):
        # MindSpore 2.10 orders raw fields by name, then the blob fields by name.
        assert list(row) == ["big", "file_name", "label", "ratio", "score", "arr", "data", "ids", "mat"]
        for k, v in want.items():
            if isinstance(v, np.ndarray):
                assert row[k].dtype == v.dtype and np.array_equal(row[k], v)
            else:
                assert row[k] == v, k
    # Whole-valued floats come back as ints (MindSpore 2.10: {'score': 0, 'ratio': 0, ...}).
    assert type(got[0]["score"]) is int and type(got[1]["score"]) is float
    reader.close()
    cols = list(FileReader(FIXTURE, columns=["label", "ids"]).get_next())[2]
    assert list(cols) == ["label", "ids"] and cols["label"] == 1


def test_minddataset_columns_dtypes_and_sharding():
    data = ds.MindDataset(FIXTURE, shuffle=False)
    assert data.get_col_names() == ["arr", "big", "data", "file_name", "ids", "label", "mat", "ratio", "score"]
    assert data.get_dataset_size() == 12
    row = next(data.create_dict_iterator(output_numpy=True, num_epochs=1))
    # MindSpore 2.10's dtypes and shapes.
    assert {k: (str(v.dtype), v.shape) for k, v in row.items()} == {
        "arr": ("float32", (1,)), "big": ("int64", ()), "data": ("|S4000", (1,)), "file_name": ("<U9", ()),
        "ids": ("int32", (4,)), "label": ("int32", ()), "mat": ("int64", (2, 2)), "ratio": ("float32", ()),
        "score": ("float64", ())}
    assert row["data"][0] == rows()[0]["data"]
    shard = ds.MindDataset(FIXTURE, columns_list=["label", "file_name"], shuffle=False, num_shards=5, shard_id=4)
    got = [(int(r["label"]), str(r["file_name"])) for r in shard.create_dict_iterator(output_numpy=True)]
    assert got == [(-1, "img_4.jpg"), (0, "img_9.jpg"), (1, "img_2.jpg")]  # MindSpore 2.10


def test_multi_shard_files_and_padding(tmp_path):
    base = str(tmp_path / "m.mindrecord")
    w = FileWriter(base, shard_num=3)
    w.add_schema({"x": {"type": "int32"}, "v": {"type": "float32", "shape": [2]}})
    w.write_raw_data([{"x": i, "v": np.array([i, -i], np.float32)} for i in range(7)])
    w.commit()
    assert sorted(os.listdir(tmp_path)) == [f"m.mindrecord{k}{e}" for k in range(3) for e in ("", ".db")]
    assert [r["x"] for r in FileReader(base + "1").get_next()] == list(range(7))
    assert [r["x"] for r in FileReader([base + "2"]).get_next()] == [5, 6]
    data = ds.MindDataset([base + "0", base + "2"], shuffle=False, padded_sample={"x": 99, "v": np.zeros(2)},
                          num_padded=1)
    assert [int(r["x"]) for r in data.create_dict_iterator(output_numpy=True)] == [0, 1, 2, 5, 6, 99]


def test_save_writes_what_mindspore_writes(tmp_path):
    def gen():
        for i in range(3):
            yield (np.array(i, np.int32), np.arange(i + 1, dtype=np.float32), np.array("s%d" % i),
                   np.ones((2, 3), np.uint8), np.array(1.5), np.array([b"ab"]), np.int64(7))
    path = str(tmp_path / "s.mindrecord")
    ds.GeneratorDataset(gen, ["a", "b", "c", "d", "e", "f", "g"], shuffle=False).save(path)
    reader = FileReader(path)
    # MindSpore 2.10 widens uint8 to int32 and makes arrays [-1, ...].
    assert reader.schema() == {"a": {"type": "int32"}, "b": {"shape": [-1], "type": "float32"},
                               "c": {"type": "string"}, "d": {"shape": [-1, 3], "type": "int32"},
                               "e": {"type": "float64"}, "f": {"type": "bytes"}, "g": {"type": "int64"}}
    last = list(reader.get_next())[-1]
    assert last["c"] == "s2" and last["f"] == b"ab" and last["d"].dtype == np.int32
    with open(path, "rb") as fh:
        head = fh.read(700)
    assert b'"compression_size":36' in head and b'"desc":"mindrecord"' in head  # as MindSpore's file


def test_bad_input_names_the_file(tmp_path):
    data = open(FIXTURE, "rb").read()
    cut = tmp_path / "cut.mindrecord"
    cut.write_bytes(data[:len(data) - 100])
    (tmp_path / "cut.mindrecord.db").write_bytes(open(FIXTURE + ".db", "rb").read())
    with pytest.raises(ValueError, match="cut.mindrecord.*truncated"):
        FileReader([str(cut)])
    with pytest.raises(ValueError, match="cut.mindrecord.*truncated"):
        ds.MindDataset([str(cut)])
    nodb = tmp_path / "nodb.mindrecord"
    nodb.write_bytes(data)
    with pytest.raises(FileNotFoundError, match=r"nodb.mindrecord.db"):
        FileReader([str(nodb)])
    junk = tmp_path / "junk.mindrecord"
    junk.write_bytes(b"\x05\x00\x00\x00\x00\x00\x00\x00hello")
    with pytest.raises(ValueError, match="junk.mindrecord"):
        FileReader([str(junk)])


def test_writer_checks():
    with pytest.raises(MRMInvalidSchemaError, match="should be composed"):
        FileWriter("/tmp/x_bad.mindrecord").add_schema({"a-b": {"type": "int32"}})
    with pytest.raises(MRMInvalidSchemaError):
        FileWriter("/tmp/x_bad.mindrecord").add_schema({"a": {"type": "uint8"}})
    with pytest.raises(ParamTypeError):
        FileWriter("/tmp/x_bad.mindrecord").add_index("a")
    with pytest.raises(MRMInvalidPageSizeError):
        FileWriter("/tmp/x_bad.mindrecord").set_page_size(1000)
    assert MRMInvalidSchemaError("x").error_code == 1347694792  # MindSpore 2.10


def test_existing_file_needs_overwrite_and_bad_rows_are_dropped(tmp_path):
    path = str(tmp_path / "o.mindrecord")
    for overwrite in (False, True):
        w = FileWriter(path, overwrite=overwrite)
        w.add_schema({"x": {"type": "int32"}})
        if overwrite:
            w.write_raw_data([{"x": 1}, {"x": "no"}, {"y": 2}, {"x": 3}])
            w.commit()
        else:
            w.write_raw_data([{"x": 0}])
            w.commit()
    with pytest.raises(RuntimeError, match="already exist"):
        w = FileWriter(path)
        w.add_schema({"x": {"type": "int32"}})
        w.write_raw_data([{"x": 1}])
    assert [r["x"] for r in FileReader(path).get_next()] == [1, 3]


def test_append_and_mindpage(tmp_path):
    path = str(tmp_path / "p.mindrecord")
    w = FileWriter(path)
    w.add_schema({"label": {"type": "int32"}, "name": {"type": "string"}})
    w.write_raw_data([{"label": i % 2, "name": f"n{i}"} for i in range(4)])
    w.commit()
    w = FileWriter.open_for_append(path)
    w.write_raw_data([{"label": 1, "name": "n4"}])
    w.commit()
    page = MindPage(path)
    assert page.get_category_fields() == ["label", "name"]
    page.set_category_field("label")
    assert [r["name"] for r in page.read_at_page_by_name("1", 0, 5)] == ["n1", "n3", "n4"]
    assert [r["name"] for r in page.read_at_page_by_id(0, 1, 1)] == ["n2"]


def test_csv_to_mr(tmp_path):
    src = tmp_path / "t.csv"
    src.write_text("a,b,c\n1,2.5,x\n3,4,y\n")
    CsvToMR(str(src), str(tmp_path / "t.mindrecord")).transform()
    assert list(FileReader(str(tmp_path / "t.mindrecord")).get_next()) == [{"a": 1, "b": 2.5, "c": "x"},
                                                                         {"a": 3, "b": 4, "c": "y"}]


def test_msgpack_and_int_compression_encodings():
    # Encodings of nlohmann::json's to_msgpack, as found in MindSpore-written raw pages.
    assert msgpack_dumps({"label": -1, "score": 0.0}) == b"\x82\xa5label\xff\xa5score\xca\x00\x00\x00\x00"
    assert msgpack_dumps({"x": 1 / 3})[-9:] == b"\xcb?\xd5UUUUUU"
    assert msgpack_dumps({"n": 2 ** 40}) == b"\x81\xa1n\xcf\x00\x00\x01\x00\x00\x00\x00\x00"
    for v in [{"a": "é" * 40, "c": None, "d": True, "e": -2 ** 40}, {str(k): k for k in range(20)}]:
        assert msgpack_loads(msgpack_dumps(v)) == {k: v[k] for k in sorted(v)}
    raw = np.array([1, 300, -70000, 2], np.int32).tobytes()
    assert compress_ints(raw, np.dtype("<i4")).hex() == "00000004" "18" "01" "2c01" "90eefeff" "02"  # MindSpore 2.10
    arr, used = decompress_ints(compress_ints(raw, np.dtype("<i4")), np.int32)
    assert arr.tolist() == [1, 300, -70000, 2] and used == 13
