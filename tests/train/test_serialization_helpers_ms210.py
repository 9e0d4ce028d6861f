"""mindspore.train.serialization's small private helpers, against MindSpore 2.10's results and messages."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch.train import serialization as s


def test_type_convert_and_tensor_types():
    a = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="a")
    b = ms.Parameter(ms.Tensor(np.ones(2, np.float16)), name="a")
    i = ms.Parameter(ms.Tensor(np.ones(2, np.int32)), name="a")
    # MindSpore 2.10: True False False
    assert (s._type_convert(a, b, False), s._type_convert(a, b, True), s._type_convert(a, i, False)) == \
        (True, False, False)
    assert s.tensor_to_np_type("Float32") is np.float32 and s.tensor_to_np_type("str") == "U"
    assert s.tensor_to_np_type("Nope") is None


def test_checks():
    with pytest.raises(ValueError, match="MindIR only support AES-GCM/AES-CBC/SM4-CBC encryption, but got XX"):
        s._check_key_mode_type("MINDIR", enc_key=b"0" * 16, enc_mode="XX")
    assert s._check_key_mode_type("MINDIR", enc_key=b"0" * 16) == (b"0" * 16, "AES-GCM")
    with pytest.raises(ValueError, match="The parameter k is requested, but not got."):
        s._check_param_type({}, "k", int, True)
    assert s._check_param_type({"k": 3}, "k", int, True) == 3
    assert s._reshape_tensor(ms.Tensor(np.arange(6, dtype=np.float32)), (2, 3)).shape == (2, 3)
    assert issubclass(s._CheckpointProtobufSizeError, ValueError)
