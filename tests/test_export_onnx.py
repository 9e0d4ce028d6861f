"""``export(..., file_format="ONNX")`` through torch.onnx, checked by running the file in onnxruntime.

onnx and onnxruntime are the optional extra ``sporetorch[onnx]``: the test skips without them.
"""
import os
import stat

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn, ops

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.bn = nn.BatchNorm2d(2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(2 * 6 * 6, 3)
        self.drop = nn.Dropout(p=0.5)

    def construct(self, image, scale):
        y = ops.relu(self.bn(self.conv(image)))
        return self.drop(self.fc(self.flatten(y))) * scale


def test_onnx_export_runs_in_onnxruntime(tmp_path):
    net = _Net()
    net.set_train(True)
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 1, 6, 6)).astype(np.float32))
    # MindSpore 2.10 appends ".onnx" to a file name without that suffix and leaves the file read-only
    ms.export(net, x, 2.0, file_name=str(tmp_path / "net"), file_format="ONNX")
    path = tmp_path / "net.onnx"
    assert sorted(os.listdir(tmp_path)) == ["net.onnx"]
    assert stat.S_IMODE(os.stat(path).st_mode) == stat.S_IRUSR
    assert net.training  # the training flag is restored after the export traced in inference mode
    net.set_train(False)
    expected = net(x, 2.0).asnumpy()
    session = ort.InferenceSession(str(path))
    assert [i.name for i in session.get_inputs()] == ["image"]  # named after construct's parameters
    got = session.run(None, {"image": x.asnumpy()})[0]
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    # exporting again over the read-only file, with the suffix already given, replaces it
    ms.export(net, x, 3.0, file_name=str(path), file_format="ONNX")
    got = ort.InferenceSession(str(path)).run(None, {"image": x.asnumpy()})[0]
    np.testing.assert_allclose(got, expected * 1.5, rtol=1e-5, atol=1e-5)


def test_onnx_export_tuple_outputs(tmp_path):
    class Two(nn.Cell):
        def construct(self, a, b):
            return a + b, a * b

    a = ms.Tensor(np.arange(4, dtype=np.float32))
    b = ms.Tensor(np.full(4, 2.0, np.float32))
    ms.export(Two(), a, b, file_name=str(tmp_path / "two.onnx"), file_format="ONNX")
    outs = ort.InferenceSession(str(tmp_path / "two.onnx")).run(None, {"a": a.asnumpy(), "b": b.asnumpy()})
    np.testing.assert_allclose(outs[0], [2, 3, 4, 5])
    np.testing.assert_allclose(outs[1], [0, 2, 4, 6])


def test_export_errors(tmp_path):
    x = ms.Tensor(np.ones((1, 2), np.float32))
    with pytest.raises(ValueError, match="Export ONNX format model only support nn.Cell object"):
        ms.export(lambda t: t, x, file_name=str(tmp_path / "f"), file_format="ONNX")
    for fmt in ("MINDIR", "AIR"):
        with pytest.raises(NotImplementedError, match="the supported format is 'ONNX'"):
            ms.export(nn.Dense(2, 2), x, file_name=str(tmp_path / "f"), file_format=fmt)
    assert not os.listdir(tmp_path)


def test_onnx_export_keeps_relu_and_fmax_nan_semantics(tmp_path):
    class Relu(nn.Cell):
        def construct(self, x, y):
            return ops.relu(x), ops.fmax(x, y)

    x = ms.Tensor(np.array([-1.0, 0.0, np.nan, 2.0, np.nan], np.float32))
    y = ms.Tensor(np.array([np.nan, 1.0, 3.0, 1.0, np.nan], np.float32))
    ms.export(Relu(), x, y, file_name=str(tmp_path / "relu.onnx"), file_format="ONNX")
    feed = {"x": x.asnumpy(), "y": y.asnumpy()}
    relu, fmax = ort.InferenceSession(str(tmp_path / "relu.onnx")).run(None, feed)
    # MindSpore's ReLU maps NaN to 0; fmax takes the other operand where one is NaN (NumPy's fmax)
    np.testing.assert_array_equal(relu, [0.0, 0.0, 0.0, 2.0, 0.0])
    np.testing.assert_array_equal(fmax, np.fmax(feed["x"], feed["y"]))
