"""With OpenCV installed, Decode, RandomResizedCrop and the random flips call it; the values
are those of the Pillow/NumPy kernels (which reproduce MindSpore 2.10's OpenCV arithmetic)."""
import io

import numpy as np
import pytest

from sporetorch.dataset.vision import _cv

cv2 = pytest.importorskip("cv2")
Image = pytest.importorskip("PIL.Image")
pytestmark = pytest.mark.skipif(_cv.opencv() is None, reason="the OpenCV kernels are off (SPORETORCH_ACCEL=0)")


def _jpeg(array, **kwargs):
    buf = io.BytesIO()
    Image.fromarray(array).save(buf, format="JPEG", **kwargs)
    return np.frombuffer(buf.getvalue(), np.uint8)


@pytest.mark.parametrize("mode", ["RGB", "L", "CMYK"])
def test_decode_matches_pillow(mode):
    rs = np.random.RandomState(1)
    rgb = rs.randint(0, 256, (37, 53, 3)).astype(np.uint8)
    img = Image.fromarray(rgb).convert(mode)
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=85, progressive=mode == "RGB")
    data = np.frombuffer(buf.getvalue(), np.uint8)
    want = np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))
    got = _cv.decode_jpeg_rgb(data)
    if mode == "CMYK":
        assert got is None  # four components: left to Pillow
        return
    np.testing.assert_array_equal(got, want)


def test_not_a_jpeg_is_left_to_pillow():
    buf = io.BytesIO()
    Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(buf, format="PNG")
    assert _cv.decode_jpeg_rgb(np.frombuffer(buf.getvalue(), np.uint8)) is None


@pytest.mark.parametrize("shape,size", [((37, 53, 3), (24, 24)), ((40, 30, 3), (20, 15)), ((9, 7), (13, 11)),
                                        ((50, 60, 1), (7, 9))])
def test_resize_matches_the_numpy_kernel(shape, size):
    img = np.random.RandomState(2).randint(0, 256, shape).astype(np.uint8)
    crop = img[2:, 1:]  # a strided view, as RandomResizedCrop passes it
    np.testing.assert_array_equal(_cv.resize_linear_u8(crop, *size), _cv.resize(np.ascontiguousarray(crop),
                                                                                  *size, "linear"))


def test_flip_matches_numpy():
    img = np.random.RandomState(3).randint(0, 256, (5, 6, 3)).astype(np.uint8)
    np.testing.assert_array_equal(_cv.flip_u8(img, 1), img[:, ::-1])
    np.testing.assert_array_equal(_cv.flip_u8(img, 0), img[::-1])
