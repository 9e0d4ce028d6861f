"""mindspore.numpy.fft: shapes, dtypes and magnitudes recorded with MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

import sporetorch.numpy as mnp
from sporetorch import Tensor

x = Tensor(np.random.RandomState(0).randn(4, 6).astype(np.float32))

CASES = {
    "fft": lambda: mnp.fft.fft(x),
    "rfft2": lambda: mnp.fft.rfft2(x),
    "irfftn": lambda: mnp.fft.irfftn(mnp.fft.rfftn(x), s=(4, 6)),
    "ihfft": lambda: mnp.fft.ihfft(x, 4),
    "fftshift": lambda: mnp.fft.fftshift(x, 1),
    "fftfreq": lambda: mnp.fft.fftfreq(5, 0.5),
    "rfftfreq": lambda: mnp.fft.rfftfreq(6),
    "hfft2": lambda: mnp.fft.hfft2(mnp.fft.ihfft2(x)),
}

# [dtype, shape, |values| rounded to 4 decimals], from MindSpore 2.10.
EXPECTED = {'fft': ['complex64', [4, 6],
         [6.2741, 2.2291, 3.4772, 2.9466, 3.4772, 2.2291, 2.7044, 1.9862, 1.3632, 0.7226, 1.3632, 1.9862, 2.9492,
          0.856, 1.2043, 2.4488, 1.2043, 0.856, 2.3181, 3.0707, 3.8733, 0.4328, 3.8733, 3.0707]],
 'fftfreq': ['float32', [5], [0.0, 0.4, 0.8, 0.8, 0.4]],
 'fftshift': ['float32', [4, 6],
              [2.2409, 1.8676, 0.9773, 1.7641, 0.4002, 0.9787, 0.4106, 0.144, 1.4543, 0.9501, 0.1514, 0.1032,
               0.3337, 1.4941, 0.2052, 0.761, 0.1217, 0.4439, 0.6536, 0.8644, 0.7422, 0.3131, 0.8541, 2.553]],
 'hfft2': ['float32', [4, 6],
           [1.7641, 0.4002, 0.9787, 2.2409, 1.8676, 0.9773, 0.9501, 0.1514, 0.1032, 0.4106, 0.144, 1.4543, 0.761,
            0.1217, 0.4439, 0.3337, 1.4941, 0.2052, 0.3131, 0.8541, 2.553, 0.6536, 0.8644, 0.7422]],
 'ihfft': ['complex64', [4, 3],
           [1.346, 0.5003, 0.0254, 0.2765, 0.2985, 0.1469, 0.4151, 0.0954, 0.1874, 0.6101, 0.8096, 0.5099]],
 'irfftn': ['float32', [4, 6],
            [1.7641, 0.4002, 0.9787, 2.2409, 1.8676, 0.9773, 0.9501, 0.1514, 0.1032, 0.4106, 0.144, 1.4543, 0.761,
             0.1217, 0.4439, 0.3337, 1.4941, 0.2052, 0.3131, 0.8541, 2.553, 0.6536, 0.8644, 0.7422]],
 'rfft2': ['complex64', [4, 4],
           [9.6096, 5.2208, 7.9738, 4.2399, 6.0234, 3.9584, 6.8393, 0.576, 8.837, 5.7603, 1.4918, 6.5508, 6.0234,
            0.4427, 3.0039, 0.576]],
 'rfftfreq': ['float32', [4], [0.0, 0.1667, 0.3333, 0.5]]}


@pytest.mark.parametrize("name", list(CASES))
def test_matches_mindspore(name):
    res = CASES[name]().asnumpy()
    dtype, shape, values = EXPECTED[name]
    assert str(res.dtype) == dtype and list(res.shape) == shape
    np.testing.assert_allclose(np.abs(res).ravel(), values, atol=2e-4)
