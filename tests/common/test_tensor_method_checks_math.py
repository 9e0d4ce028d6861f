"""Dtype checks and results of the maths Tensor methods (acos, exp, log, cumsum, ...) and the classes of
the dtype objects, as MindSpore 2.10 has them. Expected values and exception types come from MindSpore 2.10
(recorded by running it), unless a comment says otherwise."""
import pickle

import numpy as np
import pytest

import sporetorch as ms
from sporetorch.common import dtype as mstype


# ---------------------------------------------------------------------------- dtype classes
def test_dtype_classes_are_mindspores():
    # MindSpore 2.10: type(ms.float32).__name__ == "Float", Int32 is an Int, bool_ a Bool, all Number and Type.
    names = {ms.float32: "Float", ms.float16: "Float", ms.int32: "Int", ms.int8: "Int", ms.uint8: "UInt",
             ms.bool_: "Bool", ms.bfloat16: "BFloat", ms.complex64: "Complex"}
    for t, name in names.items():
        assert type(t).__name__ == name
        assert isinstance(t, mstype.Number) and isinstance(t, mstype.Type)
    assert type(ms.Tensor(np.ones(2, np.float32)).dtype).__name__ == "Float"
    assert type(ms.Tensor(np.ones(2, np.int32)).dtype).__name__ == "Int"
    assert type(ms.Tensor(np.ones(2, bool)).dtype).__name__ == "Bool"


def test_dtype_equality_hash_and_pickle_unchanged():
    x = ms.Tensor(np.ones(2, np.float32))
    assert x.dtype == ms.float32 and x.dtype is ms.float32
    assert {ms.float32: 1}[x.dtype] == 1
    assert pickle.loads(pickle.dumps(ms.int64)) is ms.int64
    assert repr(ms.int32) == "mindspore.int32" and str(ms.float32) == "Float32"


def test_dtype_family_calls():
    # MindSpore 2.10: Int(32) == int32, Float(16) == float16, Int() is mindspore.int, Bool() is mindspore.bool;
    # Int(12) and Float(8) raise RuntimeError.
    assert mstype.Int(32) == ms.int32 and mstype.Float(16) == ms.float16 and mstype.Float(64) == ms.float64
    assert repr(mstype.Int()) == "mindspore.int" and repr(mstype.Float()) == "mindspore.float"
    assert mstype.Bool() == ms.bool_
    with pytest.raises(RuntimeError):
        mstype.Int(12)
    with pytest.raises(RuntimeError):
        mstype.Float(8)
    with pytest.raises(TypeError):
        mstype.Int("a")
