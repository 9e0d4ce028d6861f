"""mindspore.dataset.transforms: expected values recorded from MindSpore 2.10 (eager calls)."""
import numpy as np
import pytest

import sporetorch as ms
import sporetorch.dataset as ds
import sporetorch.dataset.transforms as T
from sporetorch.dataset.transforms import Relational

X = np.array([1, 2, 3, 2], np.int32)


def test_mask():
    np.testing.assert_array_equal(T.Mask(Relational.GE, 2)(X), [False, True, True, True])
    out = T.Mask(Relational.EQ, 2, ms.int32)(X)
    assert out.dtype == np.int32 and out.tolist() == [0, 1, 0, 1]
    assert T.Mask(Relational.EQ, "b")(np.array(["a", "b"])).tolist() == [False, True]
    with pytest.raises(TypeError, match="Relational"):
        T.Mask("==", 2)
    assert [int(r) for r in Relational] == [0, 1, 2, 3, 4, 5]


def test_pad_end():
    out = T.PadEnd([6], 9)(X)
    assert out.dtype == np.int32 and out.tolist() == [1, 2, 3, 2, 9, 9]
    np.testing.assert_array_equal(T.PadEnd([3, 4])(np.ones((2, 2), np.float32)),
                                  [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0]])
    assert T.PadEnd([2])(X).tolist() == [1, 2]
    assert T.PadEnd([3], "z")(np.array(["a", "b"])).tolist() == ["a", "b", "z"]
    with pytest.raises(RuntimeError, match="one entry per axis"):
        T.PadEnd([2, 2])(X)


def test_concatenate_slice_unique():
    out = T.Concatenate(0, np.array([0], np.int32), np.array([9, 9], np.int32))(X)
    assert out.dtype == np.int32 and out.tolist() == [0, 1, 2, 3, 2, 9, 9]
    assert T.Concatenate()(X).tolist() == [1, 2, 3, 2]
    assert T.Slice(slice(1, 3))(X).tolist() == [2, 3]
    assert T.Slice([0, 2])(X).tolist() == [1, 3]
    assert T.Slice(1)(X).tolist() == [2]
    assert T.Slice(slice(0, 1), [1])(np.arange(6).reshape(2, 3)).tolist() == [[1]]
    assert T.Slice(Ellipsis)(X).tolist() == [1, 2, 3, 2]
    values, idx, counts = T.Unique()(np.array([[1, 2]]))
    assert values.tolist() == [1, 2] and idx.dtype == np.int32 and idx.tolist() == [0, 1]
    assert counts.dtype == np.int32 and counts.tolist() == [1, 1]
    values, idx, counts = T.Unique()(np.array([5, 3, 5, 1, 3]))
    assert values.tolist() == [5, 3, 1] and idx.tolist() == [0, 1, 0, 2, 1] and counts.tolist() == [2, 2, 1]


def test_onehot_fill_typecast_duplicate():
    out = T.OneHot(4)(np.array([1, 3]))
    assert out.dtype == np.int64 and out.tolist() == [[0, 1, 0, 0], [0, 0, 0, 1]]
    assert T.OneHot(4)(np.array(2)).tolist() == [0, 0, 1, 0]
    smooth = T.OneHot(4, 0.2)(np.array([3]))
    assert smooth.dtype == np.float64
    np.testing.assert_allclose(smooth, [[0.05, 0.05, 0.05, 0.85]])
    out = T.Fill(2.5)(X)
    assert out.dtype == np.int32 and out.tolist() == [2, 2, 2, 2]
    assert T.TypeCast(ms.int8)(np.array([1.7, -2.7])).tolist() == [1, -2]
    assert T.TypeCast(ms.bool_)(np.array([0, 2])).tolist() == [False, True]
    a, b = T.Duplicate()(X)
    assert a.tolist() == b.tolist() == X.tolist()


def test_compose_and_random_containers():
    assert T.Compose([lambda a: a + 1, lambda a: a * 2])(X).tolist() == [4, 6, 8, 6]
    assert T.RandomApply([lambda a: a + 1], 1.0)(X).tolist() == [2, 3, 4, 3]
    assert T.RandomOrder([lambda a: a + 1])(X).tolist() == [2, 3, 4, 3]
    ds.config.set_seed(0)
    op = T.RandomOrder([lambda a: a * 2, lambda a: a + 1])
    assert {int(op(np.array([1]))[0]) for _ in range(20)} == {3, 4}
    assert T.not_random(lambda a: a).random is False


def test_in_a_pipeline():
    data = ds.NumpySlicesDataset({"x": np.array([[1, 2], [3, 4]], np.int32)}, shuffle=False)
    data = data.map(T.Compose([T.PadEnd([3], -1), T.Mask(Relational.GT, 1, ms.int32)]), input_columns="x")
    rows = [r["x"].tolist() for r in data.create_dict_iterator(output_numpy=True)]
    assert rows == [[0, 1, 0], [1, 1, 0]]
