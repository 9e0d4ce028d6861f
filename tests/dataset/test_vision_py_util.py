"""dataset.vision.py_transforms_util: results (shape, integer sum) and messages from MindSpore 2.10."""
import io

import numpy as np
import pytest
from PIL import Image

from sporetorch.dataset.vision import py_transforms_util as u

ARR = np.random.RandomState(0).randint(0, 256, (5, 6, 3)).astype(np.uint8)
IM = Image.fromarray(ARR)


def _s(x):
    a = np.asarray(x)
    return a.shape, int(a.astype(np.int64).sum())


# MindSpore 2.10's (shape, sum) of each call on the same image.
CASES = [
    (lambda: u.to_pil(ARR), ((5, 6, 3), 11299)), (lambda: u.hwc_to_chw(ARR), ((3, 5, 6), 11299)),
    (lambda: u.horizontal_flip(IM), ((5, 6, 3), 11299)), (lambda: u.vertical_flip(IM), ((5, 6, 3), 11299)),
    (lambda: u.crop(IM, 1, 2, 3, 2), ((3, 2, 3), 2412)), (lambda: u.center_crop(IM, 3), ((3, 3, 3), 3315)),
    (lambda: u.invert_color(IM), ((5, 6, 3), 11651)), (lambda: u.equalize(IM), ((5, 6, 3), 11299)),
    (lambda: u.grayscale(IM, 3), ((5, 6, 3), 10875)), (lambda: u.grayscale(IM, 1), ((5, 6), 3625)),
    (lambda: u.adjust_brightness(IM, 1.5), ((5, 6, 3), 15073)), (lambda: u.adjust_contrast(IM, 0.5), ((5, 6, 3), 11075)),
    (lambda: u.adjust_saturation(IM, 0.3), ((5, 6, 3), 10960)), (lambda: u.adjust_hue(IM, 0.2), ((5, 6, 3), 10605)),
    (lambda: u.adjust_gamma(IM, 0.5, 1.0), ((5, 6, 3), 15196)), (lambda: u.auto_contrast(IM, 10, None), ((5, 6, 3), 10941)),
    (lambda: u.rgb_to_bgrs(np.stack([ARR, ARR]), True), ((2, 5, 6, 3), 22598)),
]


@pytest.mark.parametrize("call,expected", CASES)
def test_results_as_mindspore(call, expected):
    assert _s(call()) == expected


def test_float_results_and_decode():
    t = u.to_tensor(ARR, np.float32)
    # MindSpore 2.10: float32 44.309810638427734, normalize(..., [0.5], [0.2], True).sum() == -3.4509758949279785
    assert t.dtype == np.float32 and float(t.sum()) == pytest.approx(44.309810638427734, rel=1e-6)
    assert float(u.normalize(t, [0.5], [0.2], True).sum()) == pytest.approx(-3.4509758949279785, rel=1e-5)
    buf = io.BytesIO()
    IM.save(buf, "PNG")
    assert _s(u.decode(buf.getvalue())) == ((5, 6, 3), 11299)


@pytest.mark.parametrize("call,exc,msg", [
    (lambda: u.crop(ARR, 0, 0, 1, 1), TypeError,
     "img should be PIL image. Got <class 'numpy.ndarray'>. Use Decode() for encoded data or ToPIL() for decoded data."),
    (lambda: u.adjust_hue(IM, 0.7), ValueError, "image_hue_factor 0.7 is not in [-0.5, 0.5]."),
    (lambda: u.to_pil(np.zeros((2, 2, 3), np.float32)), TypeError,
     "The input image type float32 is not supported when image shape is [H, W, 2], [H, W, 3] or [H, W, 4]."),
    (lambda: u.grayscale(IM, 2), ValueError, "num_output_channels should be either 1 or 3. Got 2."),
    (lambda: u.rgb_to_bgrs(ARR[:, :, :2], True), TypeError, "img should be 3 channels RGB img. Got 2 channels."),
    (lambda: u.normalize(ARR.astype(np.float32), [1, 2], [1, 2]), ValueError,
     "Length of mean and std must both be 1 or equal to the number of channels(5)."),
])
def test_messages_as_mindspore(call, exc, msg):
    with pytest.raises(exc) as info:
        call()
    assert str(info.value) == msg


def _f(x):
    a = np.asarray(x)
    return a.shape, float(a.astype(np.float64).sum())


def test_crops_pads_geometry_as_mindspore():
    # MindSpore 2.10's (shape, sum) results.
    assert [_s(c)[1] for c in u.five_crop(IM, 3)] == [3785, 3256, 3999, 2827, 3315]
    assert [_s(c)[1] for c in u.ten_crop(IM, (2, 3), True)] == [2268, 2205, 2482, 1776, 2535, 2482, 1776, 2268,
                                                                2205, 2080]
    assert _s(u.pad(IM, (1, 2), 7, "constant")) == ((9, 8, 3), 11593)
    assert _s(u.pad(IM, 1, 0, "reflect")) == ((7, 8, 3), 20908)
    assert _s(u.pad(IM.convert("L"), [1, 2, 3, 4], (9, 9, 9), "constant")) == ((11, 10), 4345)
    assert _s(u.pad(IM, 2, 0, "symmetric")) == ((9, 10, 3), 33663)
    assert _s(u.resize(IM, 3, 2)) == ((3, 3, 3), 3370)
    assert _s(u.resize(IM, (4, 8), 2)) == ((4, 8, 3), 12120)
    assert _s(u.rotate(IM, 30, 2, True, None, 5)) == ((9, 8, 3), 11992)
    assert _s(u.erase(ARR.transpose(2, 0, 1), 1, 1, 2, 2, 0)) == ((3, 5, 6), 9656)
    assert _f(u.linear_transform(np.arange(6.).reshape(1, 2, 3), np.eye(6) * 2, np.ones(6))) == ((1, 2, 3), 18.0)


def test_hsv_as_mindspore():
    f = ARR.astype(np.float32) / 255
    # MindSpore 2.10: sums 59.415164, 44.309805 and 118.830328
    hsv = u.rgb_to_hsvs(f, True)
    assert hsv.shape == (5, 6, 3) and float(hsv.sum()) == pytest.approx(59.415164, abs=1e-5)
    assert float(u.hsv_to_rgbs(hsv, True).sum()) == pytest.approx(44.309805, abs=1e-5)
    batch = u.rgb_to_hsvs(np.stack([f.transpose(2, 0, 1)] * 2), False)
    assert batch.shape == (2, 3, 5, 6) and float(batch.sum()) == pytest.approx(118.830328, abs=1e-5)


@pytest.mark.parametrize("call,exc,msg", [
    (lambda: u.five_crop(IM, 9), ValueError, "Crop size (9, 9) is larger than input image size (5, 6)."),
    (lambda: u.pad(IM, (1, 2, 3), 0, "constant"), ValueError, "The size of the padding list or tuple should be 2 or 4."),
    (lambda: u.pad(IM, 1, 0, "wrap"), ValueError, "Padding mode should be 'constant', 'edge', 'reflect', or 'symmetric'."),
    (lambda: u.resize(IM, (1, 2, 3)), TypeError,
     "Size should be a single number or a list/tuple (h, w) of length 2.Got (1, 2, 3)."),
    (lambda: u.rotate(IM, 30, u.Inter.ANTIALIAS, False, None, 0), ValueError,
     "When using Inter.ANTIALIAS, center needs to be None and angle needs to be an integer multiple of 90."),
    (lambda: u.linear_transform(ARR, np.eye(3), np.ones(3)), ValueError,
     "transformation_matrix shape (3, 3) not compatible with Numpy image shape (5, 6, 3)."),
    (lambda: u.hsv_to_rgbs(1, True), TypeError, "img should be NumPy image. Got <class 'int'>."),
    (lambda: u.rgb_to_hsvs(1, True), TypeError, "img should be NumPy image. Got <class 'int'>"),
])
def test_more_messages_as_mindspore(call, exc, msg):
    with pytest.raises(exc) as info:
        call()
    assert str(info.value) == msg


def _line(*parts):
    return " ".join(str(p) for p in parts)


def test_random_transforms_match_mindspore_under_the_same_seeds():
    """The draws come in MindSpore 2.10's order: with the same seeds the results equal MindSpore 2.10's."""
    import random
    import types
    arr = np.random.RandomState(0).randint(0, 256, (8, 9, 3)).astype(np.uint8)
    im = Image.fromarray(arr)
    out = []
    def s(x):
        a = np.asarray(x)
        return a.shape, round(float(a.astype(np.float64).sum()), 4)
    random.seed(1)
    np.random.seed(1)
    out.append(_line(s(u.random_crop(im, 5, 2, True, 0, "constant")), s(u.random_crop(im, (10, 12), None, True, (1, 2, 3), "edge"))))
    out.append(_line(s(u.random_resize_crop(im, 4, (0.3, 0.9), (0.75, 1.33), 2)), s(u.random_resize_crop(im, 4, (0.99, 1.0), (5.0, 6.0), 2, 2))))
    out.append(_line(s(u.random_rotation(im, 40, 2, False, None, 0)), s(u.random_color_adjust(im, 0.4, (0.5, 1.5), 0.3, 0.1)), s(u.random_lighting(im, 0.5))))
    chw = arr.transpose(2, 0, 1).astype(np.float32)
    r = u.get_erase_params(chw, (0.1, 0.3), (0.5, 2.0), (1, 2, 3), True, 10)
    out.append(_line(r[:4], s(r[4])))
    r = u.get_erase_params(chw, (0.1, 0.3), (0.5, 2.0), 0, False, 10)
    out.append(_line(r))
    imgs = np.random.rand(3, 2, 2, 1)
    labels = np.eye(3)
    out.append(_line(s(u.mix_up_single(3, imgs, labels)[0]), s(u.mix_up_single(3, imgs, labels)[1])))
    tmp = types.SimpleNamespace(is_first=True, image=imgs * 0, label=labels * 0)
    out.append(_line(s(u.mix_up_muti(tmp, 3, imgs, labels)[0]), s(u.mix_up_muti(tmp, 3, imgs * 2, labels)[0])))
    out.append(_line(s(u.uniform_augment(im, [u.horizontal_flip, u.vertical_flip, u.invert_color], 2))))
    for f, a in [(u.random_rotation, (im, -1, 2, False, None, 0)), (u.random_color_adjust, (im, (2, 1), 0, 0, 0)), (u.random_resize_crop, (im, 3, (0.9, 0.1), (1, 1))), (u.random_crop, (im, 20, None, False, 0, "constant"))]:
        try:
            f(*a)
        except (TypeError, ValueError) as e:
            out.append(_line(type(e).__name__, e))
    assert out == EXPECTED_RANDOM


# MindSpore 2.10's printed results of the same sequence of calls.
EXPECTED_RANDOM = [
    '((5, 5, 3), 8076.0) ((10, 12, 3), 40594.0)',
    '((4, 4, 3), 5014.0) ((4, 4, 3), 5758.0)',
    '((8, 9, 3), 25326.0) ((8, 9, 3), 29674.0) ((8, 9, 3), 20204.0)',
    '(0, 5, 5, 3) ((3, 5, 3), 90.0)',
    '(2, 4, 2, 4, 0)',
    '((3, 2, 2, 1), 5.5962) ((3, 3), 3.0)',
    '((3, 2, 2, 1), 5.1349) ((3, 2, 2, 1), 8.2006)',
    '((8, 9, 3), 25555.0)',
    'ValueError If degrees is a single number, it cannot be negative.',
    'ValueError Please check your value range of brightness is valid and within the bound (0, inf).',
    'ValueError Range should be in the order of (min, max).',
    'ValueError Crop size (20, 20) is larger than input image size (8, 9).',
]


def test_perspective_as_mindspore():
    import random
    im = Image.fromarray(np.random.RandomState(0).randint(0, 256, (8, 9, 3)).astype(np.uint8))
    random.seed(3)
    start, end = u.get_perspective_params(im, 0.5)
    # MindSpore 2.10's results under random.seed(3).
    assert start == [(0, 0), (8, 0), (8, 7), (0, 7)] and end == [(0, 2), (8, 0), (7, 7), (1, 7)]
    assert _s(u.perspective(im, start, end, 3)) == ((8, 9, 3), 20090)
