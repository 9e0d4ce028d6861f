"""MindRecord's shard-level helpers (core.shardutils), the TFRecordToMR name helpers and the error-code enums,
against MindSpore 2.10 CPU."""
import numpy as np
import pytest

from sporetorch.mindrecord import ParamValueError, MRMUnsupportedSchemaError
from sporetorch.mindrecord.common import enums
from sporetorch.mindrecord.core import shardutils as su
from sporetorch.mindrecord.tools import tfrecord_to_mr as tf

PREFIX = "[ParamValueError]: Invalid parameter value. "
BAD_CHARS = r"File name should not contains \/:*?\"<>|`&;\'"


@pytest.mark.parametrize("path, arg, msg", [  # MindSpore 2.10 CPU
    ("", "", "File path is not allowed None or empty!"),
    (None, "", "File path is not allowed None or empty!"),
    (3, "", "File path: 3 is not string."),
    ("a/", "", "File path can not end with '/'"),
    ("a/b:c", "", BAD_CHARS),
    ("a/ b", "", "File name should not start/end with space."),
    ("a/b ", "", "File name should not start/end with space."),
    ("x\\y", "", BAD_CHARS),
    ("", "file_name", "'file_name' is not allowed None or empty!"),
    ("a/", "file_name", "File path can not end with '/'"),
])
def test_check_filename_errors(path, arg, msg):
    with pytest.raises(ParamValueError) as info:
        su.check_filename(path, arg)
    assert str(info.value) == PREFIX + msg


def test_check_parameter_and_thread():
    # MindSpore 2.10 CPU
    assert su.check_filename("a/b.mr") is True and su.check_filename("ok_name-1.mindrecord") is True

    @su.check_parameter
    def f(file_name, num_consumer=1):
        return "ran"
    assert f("x.mr") == "ran" and f("x.mr", 1) == "ran"
    for args, msg in [((["a.mr", "b?.mr"],), BAD_CHARS), (("x.mr", None), "Parameter num_consumer is None."),
                      (("x.mr", "2"), "Parameter num_consumer is not int."),
                      (("x.mr", 0), f"Parameter num_consumer: 0 should between 1 and {su.MAX_CONSUMER_COUNT()}.")]:
        with pytest.raises(ParamValueError) as info:
            f(*args)
        assert str(info.value) == PREFIX + msg
    t = su.ExceptionThread(target=lambda: 1 / 0)
    t.start()
    t.join()
    assert (t.exitcode, type(t.exception).__name__, "ZeroDivisionError" in t.exc_traceback, repr(t.res)) == \
        (1, "ZeroDivisionError", True, "<MSRStatus.SUCCESS: 0>")
    t = su.ExceptionThread(target=lambda: 5)
    t.start()
    t.join()
    assert (t.exitcode, t.exception, t.res) == (0, None, 5)
    assert (su.MIN_CONSUMER_COUNT, su.MIN_HEADER_SIZE, su.MAX_SHARD_COUNT) == (1, 16384, 1000)


def test_populate_data():
    schema = {"label": {"type": "int32"}, "img": {"type": "bytes"}, "arr": {"type": "float32", "shape": [2, 2]},
              "v": {"type": "int64", "shape": [-1]}}
    raw = {"label": 3, "dummy": 1}
    blob = {"img": b"abc", "arr": np.arange(4, dtype=np.float32).tobytes(),
            "v": np.array([5, 6, 7], np.int64).tobytes()}
    # MindSpore 2.10 CPU
    row = su.populate_data(raw, blob, None, ["img", "arr", "v"], schema)
    assert row["label"] == 3 and row["img"] == b"abc" and "dummy" not in row
    assert row["arr"].dtype == np.float32 and row["arr"].tolist() == [[0.0, 1.0], [2.0, 3.0]]
    assert row["v"].tolist() == [5, 6, 7]
    assert su.populate_data(raw, blob, ["img", "label"], ["img", "arr"], schema) == {"label": 3, "img": b"abc"}
    assert su.populate_data(None, blob, None, [], schema) == {}
    with pytest.raises(MRMUnsupportedSchemaError, match="Shape in schema is illegal."):
        su.populate_data(raw, {"arr": b"abc"}, None, ["arr"], schema)


def test_tfrecord_names_and_enums():
    # MindSpore 2.10 CPU
    assert [tf._cast_name(k) for k in ["a b", "x.y-z", "ok_1", "c!@#$%^&*()"]] == \
        ["a_b", "x_y_z", "ok_1", "c__________"]
    assert [tf._cast_string_type_to_np_type(k) for k in ["int32", "int64", "float32", "float64"]] == \
        [np.int32, np.int64, np.float32, np.float64]
    with pytest.raises(ValueError, match="Type string is not supported cast to numpy type in MindRecord."):
        tf._cast_string_type_to_np_type("string")
    assert issubclass(enums.LogRuntime, enums.BaseEnum) and enums.ErrorLevel.CRITICAL_LEVEL == 4
