"""dataset.transforms.py_transforms_util, core.py_util_helpers and core.datatypes: values from MindSpore 2.10."""
import numpy as np
import pytest

from sporetorch.dataset.core import datatypes, py_util_helpers
from sporetorch.dataset.transforms import py_transforms_util as u


def test_one_hot_encoding_as_mindspore():
    # MindSpore 2.10's results.
    third, most = 0.03333333333333333, 0.9333333333333333
    assert u.one_hot_encoding(np.array([[1], [2]]), 3, 0.1).tolist() == [[[third, most, third]],
                                                                          [[third, third, most]]]
    assert u.one_hot_encoding(np.array(2), 3, 0.0).tolist() == [0.0, 0.0, 1.0]
    for args, msg in [((np.array([1.0]), 3, 0), "the input numpy type should be int, but the input is: float64"),
                      ((np.array(5), 3, 0), "the num_classes is smaller than the category number."),
                      ((np.array([5]), 3, 0), "the num_classes:3 is smaller than the category number:5"),
                      (([1], 3, 0), "the input is invalid, it should be numpy.ndarray.")]:
        with pytest.raises(ValueError) as info:
            u.one_hot_encoding(*args)
        assert str(info.value) == msg


def test_helpers_as_mindspore():
    # MindSpore 2.10: False True (2, 4)
    assert u.all_numpy((np.zeros(1), 1)) is False and u.all_numpy(np.zeros(1)) is True
    assert u.compose([lambda x: x + 1, lambda x: (x, x * 2)], 1) == (2, 4)
    assert repr(py_util_helpers.KeyErrorParse("a b")) == "a b" and py_util_helpers.is_numpy(1) is False
    assert datatypes.nptype_to_detype(np.int32) == np.dtype("int32")
    assert datatypes.nptype_to_detype("complex64") is None
    assert u.random_apply(3, [lambda x: x + 1], 1.0) == 4 and u.random_apply(3, [lambda x: x + 1], -1.0) == 3
    assert u.random_choice(3, [lambda x: x * 2]) == 6
    assert u.random_order(1, [lambda x: x + 1, lambda x: x + 2]) == 4
