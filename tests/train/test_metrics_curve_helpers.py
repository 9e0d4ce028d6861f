"""MindSpore 2.10's private metric helpers (curves, one-hot check, sample-count checks), against literals
from MindSpore 2.10."""
import numpy as np
import pytest

import importlib
from sporetorch.train.metrics import metric as m

a = importlib.import_module("sporetorch.train.metrics.auc")  # the package binds the name auc to the function


def test_binary_clf_curve():
    p, t = np.array([0.9, 0.4, 0.4, 0.7, 0.1]), np.array([1, 0, 1, 1, 0])
    # MindSpore 2.10: _binary_clf_curve
    assert [x.tolist() for x in m._binary_clf_curve(p, t)] == [[0.0, 0.0, 1.0, 2.0], [1.0, 2.0, 3.0, 3.0],
                                                               [0.9, 0.7, 0.4, 0.1]]
    assert [x.tolist() for x in m._binary_clf_curve(p, t, sample_weights=[1, 2, 0.5, 1, 3])] == \
        [[0.0, 0.0, 2.0, 5.0], [1.0, 2.0, 2.5, 2.5], [0.9, 0.7, 0.4, 0.1]]


def test_onehot_and_lengths():
    assert m._check_onehot_data(np.array([[0, 1], [1, 0]])) is True
    assert m._check_onehot_data(np.array([[1, 1], [1, 0]])) is False
    assert a._num_samples(np.ones((4, 2))) == 4
    assert a._column_or_1d(np.ones((3, 1))).tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match=r"inconsistent numbers of samples: \[2, 3\]"):
        a._check_consistent_length(np.ones(2), np.ones(3))
    with pytest.raises(ValueError, match=r"but got shape \(2, 2\)"):
        a._column_or_1d(np.ones((2, 2)))


def test_summary_enums():
    from sporetorch.train.summary.enums import ModeEnum, PluginEnum, WriterPluginEnum
    assert ModeEnum.to_list() == ["train", "eval"]  # MindSpore 2.10
    assert PluginEnum.to_list()[:5] == ["graph", "scalar", "image", "tensor", "histogram"]
    assert WriterPluginEnum("lineage") is WriterPluginEnum.LINEAGE
