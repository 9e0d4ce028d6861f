"""dtypes: names as MindSpore 2.10 prints them and the mappings to torch, NumPy and Python."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch.common import dtype as mstype

PAIRS = [(ms.bool_, torch.bool, np.bool_, "Bool"), (ms.int8, torch.int8, np.int8, "Int8"),
         (ms.int16, torch.int16, np.int16, "Int16"), (ms.int32, torch.int32, np.int32, "Int32"),
         (ms.int64, torch.int64, np.int64, "Int64"), (ms.uint8, torch.uint8, np.uint8, "UInt8"),
         (ms.float16, torch.float16, np.float16, "Float16"), (ms.float32, torch.float32, np.float32, "Float32"),
         (ms.float64, torch.float64, np.float64, "Float64"), (ms.complex64, torch.complex64, np.complex64, "Complex64")]


@pytest.mark.parametrize("ms_type,torch_type,np_type,name", PAIRS)
def test_mappings(ms_type, torch_type, np_type, name):
    assert str(ms_type) == name
    assert mstype.to_torch(ms_type) is torch_type and mstype.from_torch(torch_type) is ms_type
    assert mstype.from_numpy(np_type) is ms_type and ms.dtype_to_nptype(ms_type) is np_type
    assert ms.Tensor(np.zeros(1, np_type)).dtype is ms_type


def test_aliases_and_namespaces():
    assert ms.dtype.float32 is ms.float32 and ms.mstype.int32 is ms.int32
    assert ms.float is ms.float32 and ms.int is ms.int32 and ms.half is ms.float16
    assert str(ms.bfloat16) == "BFloat16" and mstype.to_torch(ms.bfloat16) is torch.bfloat16
    assert ms.float32 != np.float32  # MindSpore 2.10: a dtype never equals a NumPy type


def test_python_type_helpers():
    # Values printed by MindSpore 2.10.
    assert ms.dtype_to_pytype(ms.int32) is int
    assert ms.pytype_to_dtype(int) is ms.int64 and ms.pytype_to_dtype(float) is ms.float64
    assert ms.pytype_to_dtype(bool) is ms.bool_
    assert ms.get_py_obj_dtype(1) is ms.int64 and ms.get_py_obj_dtype(1.0) is ms.float64
    assert str(ms.get_py_obj_dtype(ms.Tensor([1.0]))) == "Tensor[Float32]"
    assert str(ms.tensor_type) == "Tensor" and repr(ms.tensor_type) == "mindspore.tensor"
