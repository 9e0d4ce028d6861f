"""dataset.engine.offload (map operations run as Cells on NHWC batches) and the iterator helpers of
dataset.engine.iterators, against MindSpore 2.10 CPU (the random Cells seeded through numpy.random)."""
import json
import queue
import threading

import numpy as np
import pytest

import sporetorch as ms
import sporetorch.dataset as ds
from sporetorch.dataset.engine import iterators as it
from sporetorch.dataset.engine import offload as off

X = ms.Tensor(np.arange(2 * 3 * 2 * 3).reshape(2, 3, 2, 3).astype(np.uint8) * 7)

# MindSpore 2.10 CPU: dtype, shape and the values (rounded to 3 decimals) of each offload Cell on X
EXPECTED = {
    'hflip': ('Float32', (2, 3, 2, 3), [
        0.0, 7.0, 14.0, 21.0, 28.0, 35.0, 42.0, 49.0, 56.0, 63.0, 70.0, 77.0, 84.0, 91.0, 98.0, 105.0, 112.0, 119.0,
        126.0, 133.0, 140.0, 147.0, 154.0, 161.0, 168.0, 175.0, 182.0, 189.0, 196.0, 203.0, 210.0, 217.0, 224.0,
        231.0, 238.0, 245.0
    ]),
    'vflip': ('Float32', (2, 3, 2, 3), [
        84.0, 91.0, 98.0, 105.0, 112.0, 119.0, 42.0, 49.0, 56.0, 63.0, 70.0, 77.0, 0.0, 7.0, 14.0, 21.0, 28.0, 35.0,
        126.0, 133.0, 140.0, 147.0, 154.0, 161.0, 168.0, 175.0, 182.0, 189.0, 196.0, 203.0, 210.0, 217.0, 224.0,
        231.0, 238.0, 245.0
    ]),
    'hwc': ('UInt8', (2, 3, 3, 2), [
        0, 21, 42, 63, 84, 105, 7, 28, 49, 70, 91, 112, 14, 35, 56, 77, 98, 119, 126, 147, 168, 189, 210, 231, 133,
        154, 175, 196, 217, 238, 140, 161, 182, 203, 224, 245
    ]),
    'norm': ('Float32', (2, 3, 2, 3), [
        -5.0, -3.25, -3.200000047683716, 5.5, 2.0, 1.0, 16.0, 7.25, 5.199999809265137, 26.5, 12.5,
        9.399999618530273, 37.0, 17.75, 13.600000381469727, 47.5, 23.0, 17.799999237060547, 58.0, 28.25, 22.0, 68.5,
        33.5, 26.200000762939453, 79.0, 38.75, 30.399999618530273, 89.5, 44.0, 34.599998474121094, 100.0, 49.25,
        38.79999923706055, 110.5, 54.5, 43.0
    ]),
    'normchw': ('Float32', (1, 2, 2, 2), [
        10.0, 10.0, 10.0, 10.0, 2.5, 2.5, 2.5, 2.5
    ]),
    'rescale': ('Float32', (2, 3, 2, 3), [
        -0.5, -0.4729999899864197, -0.4449999928474426, -0.4180000126361847, -0.38999998569488525,
        -0.3630000054836273, -0.33500000834465027, -0.30799999833106995, -0.2800000011920929, -0.2529999911785126,
        -0.22499999403953552, -0.1979999989271164, -0.17100000381469727, -0.14300000667572021, -0.11599999666213989,
        -0.08799999952316284, -0.061000000685453415, -0.032999999821186066, -0.006000000052154064,
        0.02199999988079071, 0.04899999871850014, 0.07599999755620956, 0.10400000214576721, 0.13099999725818634,
        0.1589999943971634, 0.1860000044107437, 0.21400000154972076, 0.2409999966621399, 0.26899999380111694,
        0.29600000381469727, 0.3240000009536743, 0.35100001096725464, 0.3779999911785126, 0.4059999883174896,
        0.43299999833106995, 0.460999995470047
    ]),
    'cast': ('Float16', (2, 3, 2, 3), [
        0.0, 7.0, 14.0, 20.984375, 28.0, 35.0, 41.96875, 49.0, 56.0, 63.0, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf,
        np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf
    ]),
    'id': ('UInt8', (2, 3, 2, 3), [
        0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98, 105, 112, 119, 126, 133, 140, 147, 154, 161, 168,
        175, 182, 189, 196, 203, 210, 217, 224, 231, 238, 245
    ]),
    'sharp': ('Float32', (2, 3, 2, 3), [
        2.687999963760376, 9.239999771118164, 15.791999816894531, 23.584999084472656, 30.136999130249023,
        36.68899917602539, 47.47999954223633, 54.03200149536133, 60.58399963378906, 68.3759994506836,
        74.9280014038086, 81.4800033569336, 88.75599670410156, 95.30799865722656, 101.86000061035156,
        109.65299987792969, 116.20500183105469, 122.75700378417969, 196.4550018310547, 200.13600158691406,
        203.8179931640625, 216.68899536132812, 220.3699951171875, 224.052001953125, 255.0, 255.0, 255.0, 255.0,
        255.0, 255.0, 255.0, 255.0, 255.0, 255.0, 255.0, 255.0
    ]),
    'sharp2': ('Float32', (2, 3, 2, 3), [
        0.0, 0.0, 0.0, 0.8080000281333923, 11.307999610900879, 21.808000564575195, 0.0, 9.692000389099121,
        20.191999435424805, 21.0, 31.5, 42.0, 46.84600067138672, 57.34600067138672, 67.84600067138672,
        68.65399932861328, 79.15399932861328, 89.65399932861328, 51.69200134277344, 62.19200134277344,
        72.69200134277344, 73.5, 84.0, 94.5, 42.80799865722656, 53.30799865722656, 63.80799865722656,
        64.61499786376953, 75.11499786376953, 85.61499786376953, 119.53800201416016, 130.03799438476562,
        140.53799438476562, 141.3459930419922, 151.8459930419922, 162.3459930419922
    ]),
    'color': ('Float32', (2, 3, 2, 3), [
        12.789999961853027, 18.882999420166016, 24.97599983215332, 29.417999267578125, 35.51100158691406,
        41.604000091552734, 46.04600143432617, 52.138999938964844, 58.231998443603516, 62.67399978637695,
        68.76699829101562, 74.86000061035156, 79.302001953125, 85.3949966430664, 91.48799896240234,
        95.93099975585938, 102.02300262451172, 108.11599731445312, 136.30799865722656, 144.5800018310547,
        152.85299682617188, 159.46099853515625, 167.73300170898438, 176.00599670410156, 182.61399841308594,
        190.88600158691406, 199.15899658203125, 205.76699829101562, 214.03900146484375, 222.31199645996094,
        228.9199981689453, 237.19200134277344, 245.46499633789062, 252.072998046875, 255.0, 255.0
    ]),
    'color2': ('Float32', (2, 3, 2, 3), [
        21.180999755859375, 28.187999725341797, 35.19499969482422, 35.90299987792969, 42.90999984741211,
        49.91699981689453, 50.625, 57.63199996948242, 64.63899993896484, 65.34600067138672, 72.35299682617188,
        79.36000061035156, 80.06800079345703, 87.07499694824219, 94.08200073242188, 94.79000091552734,
        101.7969970703125, 108.80400085449219, 158.64599609375, 165.6529998779297, 172.66000366210938,
        173.3679962158203, 180.375, 187.3820037841797, 188.08999633789062, 195.0970001220703, 202.10400390625,
        202.81100463867188, 209.8179931640625, 216.8249969482422, 217.5330047607422, 224.5399932861328,
        231.5469970703125, 232.25399780273438, 233.072998046875, 233.072998046875
    ]),
    'rand': ('Float32', (2, 1, 1, 2), [
        1.4670000076293945, 1.4670000076293945, 1.0470000505447388, 1.0470000505447388
    ]),
    'rand2': ('Float32', (2, 1, 1, 2), [
        0.5, 0.5, 0.5, 0.5
    ]),
    'json2col': ('Float32', (2, 3, 3, 2), [
        1.0, 11.5, 22.0, 32.5, 43.0, 53.5, 4.5, 15.0, 25.5, 36.0, 46.5, 57.0, 8.0, 18.5, 29.0, 39.5, 50.0, 60.5,
        64.0, 74.5, 85.0, 95.5, 106.0, 116.5, 67.5, 78.0, 88.5, 99.0, 109.5, 120.0, 71.0, 81.5, 92.0, 102.5, 113.0,
        123.5
    ]),
}

CASES = {
    "hflip": (0, lambda: off.RandomHorizontalFlip(0.5)(X)),
    "vflip": (1, lambda: off.RandomVerticalFlip(0.5)(X)),
    "hwc": (None, lambda: off.HwcToChw()(X)),
    "norm": (None, lambda: off.Normalize([10., 20., 30.], [2., 4., 5.])(X)),
    "normchw": (None, lambda: off.Normalize([10., 20.], [2., 4.], is_hwc=False)(
        ms.Tensor(np.ones((1, 2, 2, 2), np.float32) * 30))),
    "rescale": (None, lambda: off.Rescale(1 / 255.0, -0.5)(X)),
    "cast": (None, lambda: off.TypeCast("float16")(X)),
    "id": (None, lambda: off.IdentityCell()(X)),
    "sharp": (2, lambda: off.RandomSharpness(0.5)(X)),
    "sharp2": (None, lambda: off.RandomSharpness((1.5, 1.5))(X)),
    "color": (3, lambda: off.RandomColorAdjust((0.8, 1.2), (0.5, 1.5), (0.9, 1.1), (0, 0))(X)),
    "color2": (None, lambda: off.RandomColorAdjust((1.1, 1.1), (0.7, 0.7), (1.3, 1.3), 0.1)(X)),
    "rand": (4, lambda: off.GenerateRandBatch()(0.5, 1.5, ms.Tensor(False), (2, 1, 1, 2))),
    "rand2": (None, lambda: off.GenerateRandBatch()(0.5, 1.5, ms.Tensor(True), (2, 1, 1, 2))),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_offload_cells(name):
    seed, run = CASES[name]
    if seed is not None:
        np.random.seed(seed)
    out = run()
    dtype, shape, values = EXPECTED[name]
    assert (str(out.dtype), tuple(out.shape)) == (dtype, shape)
    with np.errstate(over="ignore"):
        got = np.round(out.asnumpy().ravel()[:40], 3).astype(np.float64)
    np.testing.assert_allclose(got, values, rtol=1e-5, atol=2e-3)


NODE = {"op_type": "Map", "input_columns": ["image"],
        "operations": [{"tensor_op_name": "Rescale", "tensor_op_params": {"rescale": 0.5, "shift": 1.0}},
                       {"tensor_op_name": "HWC2CHW", "tensor_op_params": {}}]}


class _Consumer:
    def GetOffload(self):  # noqa: N802 - the dataset consumer's method name
        return json.dumps([NODE])


def test_offload_model_and_helpers():
    # MindSpore 2.10 CPU
    assert (off.assign_min_max_params(0.3), off.assign_min_max_params(2), off.assign_min_max_params([0.2, 0.9]),
            off.assign_min_max_params(0.5, 0)) == ((0.7, 1.3), (0, 3), (0.2, 0.9), (0, 0.5))
    assert off.get_col_idxs(["b"], ["a", "b"]) == [1]
    with pytest.raises(RuntimeError, match="does not support map operations with multiple input columns"):
        off.get_col_idxs(["a", "b"], ["a", "b"])
    with pytest.raises(RuntimeError, match=r"do not exist: \['z'\]"):
        off.get_col_idxs(["z"], ["a"])
    with pytest.raises(ValueError, match="For HwcToChw offload operation, the dimension of input should be 4, but got 3."):
        off.HwcToChw()(ms.Tensor(np.ones((2, 3, 3), np.float32)))
    out = off.GetModelFromJson2Col(NODE, [1])([ms.Tensor([1]), X])
    assert isinstance(out, list) and str(out[1].dtype) == "Float32" and tuple(out[1].shape) == (2, 3, 3, 2)
    np.testing.assert_allclose(out[1].asnumpy().ravel()[:8], [1.0, 11.5, 22.0, 32.5, 43.0, 53.5, 4.5, 15.0])
    model = off.GetOffloadModel(_Consumer(), ["label", "image"])
    assert len(model.transform_list) == 1
    row = off.apply_offload_iterators([np.array([5]), X.asnumpy()], model)
    assert isinstance(row[1], np.ndarray) and row[1].shape == (2, 3, 3, 2) and row[1].dtype == np.float32
    assert row[1].ravel()[:5].tolist() == [1.0, 11.5, 22.0, 32.5, 43.0]
    with pytest.raises(RuntimeError, match="Offload hardware accelarator cannot be applied for this pipeline."):
        off.GetModelFromJson2Col(None, [0])
    d1 = ds.NumpySlicesDataset([1, 2], shuffle=False)
    off.check_concat_zip_dataset(d1.map(lambda a: a))
    for piped in (d1 + ds.NumpySlicesDataset([3], shuffle=False),
                  ds.zip((d1, ds.NumpySlicesDataset({"b": [3, 4]}, shuffle=False)))):
        with pytest.raises(RuntimeError, match="does not support concatenated or zipped datasets"):
            off.check_concat_zip_dataset(piped)


def test_iterator_helpers():
    t = np.array([[1, 2]], dtype=np.int16)
    s = np.array(["ab", "c"])
    # MindSpore 2.10 CPU
    assert it._transform_md_to_output(t, True, False) is t
    out = it._transform_md_to_output(t, False, False)
    assert isinstance(out, ms.Tensor) and str(out.dtype) == "Int16" and out.asnumpy().tolist() == [[1, 2]]
    assert it._transform_md_to_output(s, False, False) is s
    assert it._transform_tensor_to_output(ms.Tensor([1.5]), True).tolist() == [1.5]
    convert = getattr(it, "__convert_python")
    got = convert({"a": 1, "b": [2.5, "x"], "c": (np.int8(3), b"z")}, False, False)
    assert repr(got["a"]) == "Tensor(shape=[], dtype=Int64, value= 1)"
    assert str(got["c"][0].dtype) == "Int8" and got["c"][1] == b"z" and isinstance(got["b"][1], np.ndarray)
    got = convert({"a": 1, "b": [2.5, "x"], "c": (np.int8(3), b"z")}, True, False)
    assert repr(got) == ("{'a': array(1), 'b': [array(2.5), array('x', dtype='<U1')], "
                         "'c': (array(3, dtype=int8), b'z')}")
    assert convert(None, False, True) is None
    qi, qo, done = queue.Queue(), queue.Queue(), threading.Event()
    qi.put([t, s])
    qi.put([])
    it._convert_tuple_data(qi, qo, None, False, False, done)
    first = qo.get()
    assert isinstance(first[0], ms.Tensor) and first[1] is s and qo.get() == [] and done.is_set()
    qi, qo, done = queue.Queue(), queue.Queue(), threading.Event()
    qi.put([("x", t)])
    qi.put([])
    it._convert_dict_data(qi, qo, None, True, False, done, ["x"])
    assert qo.get()["x"] is t and qo.get() == {} and done.is_set()
    assert it.check_iterator_cleanup() is False
    itr = ds.NumpySlicesDataset([1, 2, 3], shuffle=False).create_tuple_iterator(num_epochs=1)
    assert isinstance(itr, it.Iterator) and any(r() is itr for r in it.ITERATORS_LIST)
    assert next(itr)[0].asnumpy().tolist() == 1
    try:
        it._cleanup()
        assert it.check_iterator_cleanup() is True
    finally:
        it._unset_iterator_cleanup()

    class Probe:
        @it._cleanup_the_iterators_if_created
        def f(self):
            return 5
    assert Probe().f() == 5
