"""Private helpers of ``ops.operations.nn_ops`` and ``_pyfunc_registry``; expected values and messages from
MindSpore 2.10 (CPU)."""
import pytest

from sporetorch.ops.operations import _pyfunc_registry as r
from sporetorch.ops.operations import nn_ops as n


def test_nn_ops_attr_helpers():
    # MindSpore 2.10: (3, 3) (2, 3) (1, 1, 2, 3) 11 10 (2, 3, 4, 1) [1, 2]
    assert n._check_positive_int_or_tuple("k", 3, "P") == (3, 3)
    assert n._check_positive_int_or_tuple("k", (1, 1, 2, 3), "P", True) == (2, 3)
    assert n._check_positive_int_or_tuple("k", (2, 3), "P", ret_four=True) == (1, 1, 2, 3)
    assert n._deconv_output_length(5, 3, 2, 1) == 11 and n._deconv_output_length(5, 1, 2, 1) == 10
    assert n._update_attr_by_format((1, 2, 3, 4), "NHWC") == (2, 3, 4, 1)
    assert n._check_shape("s", [1, 2], "P") == [1, 2]


@pytest.mark.parametrize("value", [(1, 2, 3), (0, 1), (1, 1, 2, 3)])
def test_check_positive_int_or_tuple_errors(value):
    # MindSpore 2.10's message
    with pytest.raises(ValueError, match=r"For 'P' attr 'k' must be an positive int number or a tuple of two "
                                         r"positive int numbers, but got"):
        n._check_positive_int_or_tuple("k", value, "P")


def test_check_shape_and_pyfunc_registry():
    with pytest.raises(ValueError, match=r"For 'P' attr 's' dims elements must be positive int numbers, but got \[0\]"):
        n._check_shape("s", [0], "P")
    r.add_pyfunc(7, len)
    assert r.get_pyfunc(7) is len
    # MindSpore 2.10: ValueError Python function with key8 not registered.
    with pytest.raises(ValueError, match="Python function with key8 not registered."):
        r.get_pyfunc(8)
