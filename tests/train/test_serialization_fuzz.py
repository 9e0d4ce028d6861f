"""Fuzz load_checkpoint with truncated and bit-flipped files: only ValueError, never a crash,
never a half-decoded tensor, and nothing loaded into the network when it fails.

Without a CRC a flipped bit can turn a file into a valid checkpoint for another network (a
changed dim or name); loading that into ``net`` is then MindSpore's RuntimeError for a shape
mismatch, raised before any Parameter is changed."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import sporetorch as ms
from sporetorch import Parameter, Tensor, nn


class Net(nn.Cell):
    def __init__(self, seed):
        super().__init__()
        rs = np.random.RandomState(seed)
        self.weight = Parameter(Tensor(rs.randn(3, 4).astype(np.float32)), name="conv.weight")
        self.bias = Parameter(Tensor(rs.randn(3).astype(np.float64)), name="fc.bias")
        self.step = Parameter(Tensor(np.array([seed], np.int32)), name="global_step")
        self.scale = Parameter(Tensor(rs.randn(2).astype(np.float32), ms.bfloat16), name="bn.gamma")


def _values(net):
    return {p.name: p._t.clone() for p in net.get_parameters()}


def _save_originals(folder, fmt, append_dict):
    """The bytes of Net(0) saved without and with a CRC, and the clean file's loaded dict."""
    out = {}
    for crc in (False, True):
        path = str(folder / f"src_{crc}.{fmt}")
        ms.save_checkpoint(Net(0), path, crc_check=crc, format=fmt, append_dict=append_dict)
        with open(path, "rb") as f:
            out[crc] = f.read()
    return folder, out, ms.load_checkpoint(str(folder / f"src_False.{fmt}"), format=fmt)


def _write_damaged(path, raw, cut, where, bit):
    """Write ``raw`` cut at, or with one bit flipped at, the fraction ``where`` of its length."""
    data = bytearray(raw)
    pos = int(where * len(data))
    if cut:
        data = data[:pos]
    else:
        data[pos] ^= 1 << bit
    with open(path, "wb") as f:
        f.write(bytes(data))
    return path


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    return _save_originals(tmp_path_factory.mktemp("fuzz"), "ckpt", {"epoch": 2, "note": "fuzz"})


def _same(a, b):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return a.dtype == b.dtype and a.shape == b.shape and bool((a._t == b._t).all())


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(crc=st.booleans(), cut=st.booleans(), where=st.floats(0, 1, exclude_max=True), bit=st.integers(0, 7),
       use_net=st.booleans())
def test_damaged_checkpoints_raise_value_error_only(originals, crc, cut, where, bit, use_net):
    folder, files, clean = originals
    path = _write_damaged(str(folder / "damaged.ckpt"), files[crc], cut, where, bit)

    net = Net(7)
    before = _values(net)
    errors = (ValueError, RuntimeError) if use_net and not crc else ValueError
    try:
        loaded = ms.load_checkpoint(path, net=net if use_net else None, crc_check=crc)
    except errors:
        after = _values(net)
        assert all(bool((before[k] == after[k]).all()) for k in before), "a failed load changed the network"
        return
    # It loaded: every tensor is whole. With a CRC, nothing corrupted gets through; a cut at a
    # message boundary is a valid, shorter checkpoint whose names are a prefix of the original's.
    if crc or cut:
        for name, value in loaded.items():
            assert name in clean and _same(value, clean[name]), name
    if cut:
        assert list(loaded) == list(clean)[:len(loaded)]


@pytest.fixture(scope="module")
def safetensors_originals(tmp_path_factory):
    return _save_originals(tmp_path_factory.mktemp("fuzz_st"), "safetensors", {"epoch": 2})


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(crc=st.booleans(), cut=st.booleans(), where=st.floats(0, 1, exclude_max=True), bit=st.integers(0, 7))
def test_damaged_safetensors_raise_value_error_only(safetensors_originals, crc, cut, where, bit):
    folder, files, clean = safetensors_originals
    path = _write_damaged(str(folder / "damaged.safetensors"), files[crc], cut, where, bit)
    try:
        loaded = ms.load_checkpoint(path, format="safetensors", crc_check=crc)
    except ValueError:
        return
    assert not cut, "a truncated safetensors file loaded"
    if crc:
        assert list(loaded) == list(clean) and all(_same(loaded[k], clean[k]) for k in clean)
