"""vision.utils helpers around video decoding and padding, against MindSpore 2.10 CPU; the DVPP (Ascend) paths
raise as MindSpore's CPU build does."""
import numpy as np
import pytest

from sporetorch._module_tree import resolve
from sporetorch.dataset.vision import utils as u


class _Frame:
    def __init__(self, pts):
        self.pts = pts


def test_helpers():
    # MindSpore 2.10 CPU
    assert [u.parse_padding(p) for p in (3, [1, 2], (1, 2, 3, 4), [1, 2, 3, 4], 2.5)] == \
        [(3, 3, 3, 3), (1, 2, 1, 2), (1, 2, 3, 4), (1, 2, 3, 4), (2.5, 2.5, 2.5, 2.5)]
    a = np.arange(20).reshape(2, 10)
    assert u._align_audio_frames(a, [_Frame(0), _Frame(9)], 2, 7).tolist() == \
        [[2, 3, 4, 5, 6, 7], [12, 13, 14, 15, 16, 17]]
    assert u._align_audio_frames(a, [_Frame(5), _Frame(14)], 0, 100).tolist() == a.tolist()
    assert [u._check_buffer(b) for b in (b"\x00\x00\x01\x00", b"\x01abc", None, b"")] == [True, True, True, True]
    # MindSpore 2.10 CPU: a DivX stream is buffered only when its build tag ends in 'p' (packed bitstream)
    assert u._check_buffer(b"xxDivX503b1393p") is True and u._check_buffer(b"DivX999Build1234b") is False
    assert u._check_buffer(b"DivX503b1393q") is False and u._check_buffer(b"DivX5") is True
    d = u.DecodeParams("c", 1, 2, "s")
    assert vars(d) == {"container": "c", "start_offset": 1, "end_offset": 2, "stream": "s"}
    assert vars(u.VideoFrameDvpp(3, 4)) == {"pts": 4, "dts": 3} and u.VideoFrameDvpp().pts == 0


@pytest.mark.parametrize("name", ["_dvpp_init", "_read_video_dvpp", "_decode_video_dvpp", "_read_from_stream_dvpp"])
def test_dvpp_paths_raise(name):
    fn = resolve("mindspore.dataset.vision.utils", name)
    with pytest.raises(RuntimeError, match="DVPP"):
        fn()


def _pil_version():
    from PIL import Image
    return Image.__version__


@pytest.mark.skipif(_pil_version() >= "5", reason="the literals are for Pillow 10+ (no fill, as in MindSpore)")
def test_random_affine():
    import random

    from PIL import Image

    from sporetorch.dataset.vision import py_transforms_util as pu
    img = Image.fromarray((np.arange(12 * 10 * 3).reshape(12, 10, 3) * 7 % 256).astype(np.uint8))
    out = []
    for args in [((-30, 30), (0.2, 0.1), (0.8, 1.2), (-10, 10), Image.NEAREST, 0),
                 ((10, 10), None, None, None, Image.BILINEAR, (1, 2, 3)),
                 ((0, 45), (0.1, 0.1), (1.0, 1.5), (-5, 5, -5, 5), Image.BICUBIC, [9, 9, 9])]:
        random.seed(11)
        r = np.asarray(pu.random_affine(img, *args))
        out.append((r.shape, int(r.astype(np.int64).sum()), r[6, 4].tolist()))
    # MindSpore 2.10 CPU (Pillow 13: the fill is not applied there)
    assert out == [((12, 10, 3), 42075, [110, 117, 124]), ((12, 10, 3), 42585, [56, 63, 70]),
                   ((12, 10, 3), 44945, [82, 91, 98])]
    with pytest.raises(ValueError, match="Input image should be a Pillow image."):
        pu.random_affine(np.zeros((2, 2, 3)), (0, 1), None, None, None, 0)
