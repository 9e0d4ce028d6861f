"""Per-pixel ops that ``batch`` runs once per batch give the values of the per-row route.

The per-row route is forced by wrapping each op in a plain function (which has no
``_batch_apply``), so both pipelines do the same arithmetic through different code.
"""
import numpy as np
import pytest

import sporetorch.dataset as ds
import sporetorch.dataset.transforms as T
import sporetorch.dataset.vision as vision
from sporetorch import dtype as mstype


def _images(shapes, dtype=np.uint8, seed=0):
    rs = np.random.RandomState(seed)
    return [(rs.randint(0, 256, s).astype(dtype),) for s in shapes]


def _run(rows, ops, batch, wrap):
    if wrap:
        ops = [(lambda x, op=op: op(x)) for op in ops]
    data = ds.GeneratorDataset(rows, ["image"], shuffle=False).map(ops, input_columns="image")
    return [b[0] for b in data.batch(batch).create_tuple_iterator(output_numpy=True)]


MEAN, STD = [0.485 * 255, 0.456 * 255, 0.406 * 255], [0.229 * 255, 0.224 * 255, 0.225 * 255]

CASES = {
    "normalize_hwc2chw": [vision.Normalize(MEAN, STD), vision.HWC2CHW()],
    "hwc2chw_normalize_chw": [vision.HWC2CHW(), vision.Normalize(MEAN, STD, is_hwc=False)],
    "rescale_normalize": [vision.Rescale(1 / 255, -0.5), vision.Normalize([0.5], [0.25])],
    "typecast_float16_int": [T.TypeCast(mstype.int32), vision.Rescale(0.5, 1.0), T.TypeCast(mstype.float64)],
    "flip_then_normalize": [vision.HorizontalFlip(), vision.Normalize(MEAN, STD), vision.HWC2CHW()],
    "normalize_hwc": [vision.Normalize(MEAN, STD)],
    "normalize_one_value": [vision.Normalize([100.0], [50.0]), vision.HWC2CHW()],
    "hwc2chw_then_chw_normalize_one_value": [vision.HWC2CHW(), vision.Normalize([7.5], [3.0], is_hwc=False)],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_batch_route_matches_per_row(name):
    rows = _images([(9, 7, 3)] * 10)
    got = _run(rows, CASES[name], 4, wrap=False)
    want = _run(rows, CASES[name], 4, wrap=True)
    assert len(got) == len(want) == 3
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g, w)


def test_float_input_and_mixed_shapes_fall_back_to_rows():
    rows = _images([(5, 4, 3)] * 3, dtype=np.float64)
    ops = [vision.Normalize(MEAN, STD), vision.HWC2CHW()]
    np.testing.assert_array_equal(_run(rows, ops, 3, False)[0], _run(rows, ops, 3, True)[0])
    ragged = _images([(5, 4, 3), (4, 5, 3)])
    with pytest.raises(RuntimeError, match="cannot batch column 'image'"):
        _run(ragged, ops, 2, False)


def test_errors_are_those_of_map():
    rows = _images([(5, 4, 2)] * 2)  # two channels for a three-value mean
    with pytest.raises(RuntimeError, match="operation Normalize failed"):
        _run(rows, [vision.Normalize(MEAN, STD)], 2, False)


@pytest.mark.parametrize("name, route", [("normalize_hwc2chw", "_normalize_into_batch"),
                                         ("rescale_normalize", "_batched")])
def test_the_batch_route_is_taken(monkeypatch, name, route):
    from sporetorch.dataset.engine import _batch_ops
    taken = []
    real = getattr(_batch_ops, route)

    def spy(tail, rows, *buffers):
        out = real(tail, rows, *buffers)
        taken.append(out is not None)
        return out
    monkeypatch.setattr(_batch_ops, route, spy)
    _run(_images([(9, 7, 3)] * 4), CASES[name], 2, wrap=False)
    assert taken == [True, True]


def test_batches_before_a_failing_row_arrive_first():
    def fail_on_sixth(x):
        if x[0, 0, 0] == 255:
            raise ValueError("row 5 is bad")
        return x
    rows = [(np.full((4, 4, 3), 255 if k == 5 else k, np.uint8),) for k in range(10)]
    data = ds.GeneratorDataset(rows, ["image"], shuffle=False)
    data = data.map([fail_on_sixth, vision.Normalize(MEAN, STD), vision.HWC2CHW()], input_columns="image")
    got = []
    with pytest.raises(RuntimeError, match="row 5 is bad"):
        for batch in data.batch(2).create_tuple_iterator(output_numpy=True):
            got.append(batch[0])
    assert len(got) == 2
    np.testing.assert_array_equal(got[1][1], (np.full((3, 4, 4), 3, np.float32)
                                              - np.float32(MEAN).reshape(-1, 1, 1)) / np.float32(STD).reshape(-1, 1, 1))


def test_batch_buffers_reuse_only_arrays_no_one_holds():
    import torch
    from sporetorch.dataset.engine._batch_ops import BatchBuffers
    buffers = BatchBuffers(keep=2)
    first = buffers.empty((2, 3))
    second = buffers.empty((2, 3))
    assert second is not first
    held = torch.from_numpy(first)
    view = second[0]
    kept = [id(a) for a in buffers.arrays]
    del first, second
    third = buffers.empty((2, 3))  # both kept arrays are still referenced (a Tensor, a view)
    assert id(third) not in kept
    del held
    fourth = buffers.empty((2, 3))
    assert id(fourth) == kept[0]
    del view


def test_batches_are_the_same_whether_kept_or_dropped():
    rows = _images([(6, 5, 3)] * 40)
    ops = [vision.Normalize(MEAN, STD), vision.HWC2CHW()]

    def run(keep):
        data = ds.GeneratorDataset(rows, ["image"], shuffle=False).map(ops, input_columns="image")
        out = []
        for (batch,) in data.batch(4).create_tuple_iterator(output_numpy=True):
            out.append(batch if keep else batch.copy())  # dropped batches' memory is reused
        return out
    kept, dropped = run(True), run(False)
    assert len({id(b) for b in kept}) == len(kept) == 10
    for a, b in zip(kept, dropped):
        np.testing.assert_array_equal(a, b)
    expected = _run(rows, ops, 4, wrap=True)
    for a, b in zip(kept, expected):
        np.testing.assert_array_equal(a, b)
