"""Type predicates of ``ops.operations._inner_ops`` (IsInstance, IsSubClass, issubclass_, _is_subclass_,
TopTypeof) against MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

from sporetorch import Tensor as T
from sporetorch.common import dtype as mstype
from sporetorch.ops.operations import _inner_ops as I

x = T(np.array([1.0, 2.0], np.float32))
CASES = {
    "isinst_int": lambda: I.IsInstance()(1, mstype.int64),
    "isinst_int_generic": lambda: I.IsInstance()(1, mstype.int_),
    "isinst_float_int": lambda: I.IsInstance()(1.5, mstype.int_),
    "isinst_float": lambda: I.IsInstance()(1.5, mstype.float64),
    "isinst_number": lambda: I.IsInstance()(1.5, mstype.number),
    "isinst_tensor": lambda: I.IsInstance()(x, mstype.tensor_type),
    "isinst_bool": lambda: I.IsInstance()(True, mstype.bool_),
    "isinst_bool_int": lambda: I.IsInstance()(True, mstype.int_),
    "issub_same": lambda: I.IsSubClass()(mstype.int32, mstype.int32),
    "issub_generic": lambda: I.IsSubClass()(mstype.int32, mstype.int_),
    "issub_intc": lambda: I.IsSubClass()(mstype.int32, mstype.intc),
    "issub_float": lambda: I.issubclass_(mstype.int32, mstype.float_),
    "issub_number": lambda: I.issubclass_(mstype.float16, mstype.number),
    "issub_uint": lambda: I.issubclass_(mstype.uint8, mstype.int_),
    "_is_sub_notype": lambda: I._is_subclass_(3, mstype.int_),
    "_is_sub": lambda: I._is_subclass_(mstype.float32, mstype.float_),
    "top_tensor": lambda: I.TopTypeof()(x),
    "top_int": lambda: I.TopTypeof()(3),
    "top_tuple": lambda: I.TopTypeof()((1, 2)),
    "top_list": lambda: I.TopTypeof()([1]),
    "top_float": lambda: I.TopTypeof()(1.5),
}

# MindSpore 2.10 CPU (str of the result)
EXPECTED = {
    'isinst_int': 'True',
    'isinst_int_generic': 'True',
    'isinst_float_int': 'False',
    'isinst_float': 'False',
    'isinst_number': 'True',
    'isinst_tensor': 'True',
    'isinst_bool': 'True',
    'isinst_bool_int': 'False',
    'issub_same': 'True',
    'issub_generic': 'True',
    'issub_intc': 'True',
    'issub_float': 'False',
    'issub_number': 'True',
    'issub_uint': 'False',
    '_is_sub_notype': 'False',
    '_is_sub': 'True',
    'top_tensor': 'Tensor',
    'top_int': 'Int',
    'top_tuple': 'Tuple',
    'top_list': 'List',
    'top_float': 'Float32',
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_type_predicates_match_mindspore(key):
    assert str(CASES[key]()) == EXPECTED[key]
