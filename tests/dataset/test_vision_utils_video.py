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
