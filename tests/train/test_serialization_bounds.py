"""Checkpoint reads are bounded by the file's real size: forged lengths and dims, device files,
FIFOs and malformed safetensors headers fail fast with a ValueError naming the file (and the
parameter, where there is one), before anything large is allocated."""
import json
import os
import struct
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import interop
from sporetorch.train.ckpt_cli import main as ckpt_main


def _varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _len_field(number, payload):
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _value(tag, dims, ttype, content, content_len=None):
    """One Checkpoint.Value in the wire format; ``content_len`` forges the content's length prefix."""
    tensor = b"".join(_varint(1 << 3) + _varint(d) for d in dims)
    tensor += _len_field(2, ttype.encode())
    n = len(content) if content_len is None else content_len
    tensor += _varint(3 << 3 | 2) + _varint(n) + content
    return _len_field(1, _len_field(1, tag.encode()) + _len_field(2, tensor))


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_wire_writer_matches_protobuf(tmp_path):
    """The forging helper writes the bytes MindSpore's schema does (so the cases below are real files)."""
    from sporetorch.train._checkpoint_proto import Checkpoint
    msg = Checkpoint()
    v = msg.value.add()
    v.tag, v.tensor.tensor_type, v.tensor.tensor_content = "w", "Float32", b"\0" * 8
    v.tensor.dims.extend([2])
    assert _value("w", [2], "Float32", b"\0" * 8) == msg.SerializeToString()


@pytest.mark.parametrize("dims,match", [
    ([1 << 62, 1 << 62, 0], "need more than"),
    ([0, (1 << 63) - 1], "need more than"),
    ([1] * 100_001, "100001 dims"),
    ([1_000_000, 1_000_000], "need 4000000000000"),
])
def test_forged_dims_are_rejected_at_parse_time(tmp_path, dims, match):
    path = _write(tmp_path, "forged.ckpt", _value("layer.w", dims, "Float32", b""))
    start = time.perf_counter()
    with pytest.raises(ValueError, match=match) as info:
        ms.load_checkpoint(path)
    assert time.perf_counter() - start < 1.0
    assert "forged.ckpt" in str(info.value) and "layer.w" in str(info.value)


def test_forged_content_length_is_checked_before_allocating(tmp_path):
    path = _write(tmp_path, "long.ckpt", _value("layer.w", [250_000_000_000], "Float32", b"\0" * 8,
                                                content_len=10 ** 12))
    with pytest.raises(ValueError, match="long.ckpt.*tensor_content of 'layer.w'.*needs 1000000000000 bytes"):
        ms.load_checkpoint(path)


def test_device_files_and_fifos_are_refused(tmp_path):
    link = tmp_path / "zero.ckpt"
    os.symlink("/dev/zero", link)
    with pytest.raises(ValueError, match="not a regular file"):
        ms.load_checkpoint(str(link))
    fifo = tmp_path / "pipe.ckpt"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="pipe.ckpt: it is not a regular file"):
        ms.load_checkpoint(str(fifo))


@pytest.mark.slow
def test_forged_files_use_little_memory_and_time(tmp_path):
    """Every forged case together: under 1 s each and under 100 MB of extra peak memory."""
    cases = {
        "huge_dims.ckpt": _value("a", [1 << 62, 1 << 62, 0], "Float32", b""),
        "claims_1e12.ckpt": _value("b", [10 ** 12], "Float32", b"\0" * 16, content_len=4 * 10 ** 12),
        "many_dims.ckpt": _value("c", [1] * 100_001, "Float32", b"\0" * 4),
    }
    for name, data in cases.items():
        _write(tmp_path, name, data)
    os.symlink("/dev/zero", tmp_path / "zero.ckpt")
    script = textwrap.dedent(f"""
        import os, resource, time
        import sporetorch as ms
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        for name in sorted(os.listdir({str(tmp_path)!r})):
            start = time.perf_counter()
            try:
                ms.load_checkpoint(os.path.join({str(tmp_path)!r}, name))
            except ValueError:
                pass
            else:
                raise SystemExit(name + " loaded")
            assert time.perf_counter() - start < 1.0, name
        print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) // 1024)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.split()[-1]) < 100


@pytest.mark.slow
def test_loading_costs_about_the_file_size_in_memory(tmp_path):
    path = str(tmp_path / "big.ckpt")
    rs = np.random.RandomState(0)
    ms.save_checkpoint([{"name": f"p{i}", "data": ms.Tensor(rs.rand(500, 1000).astype(np.float32))}
                        for i in range(48)], path)
    size_mb = os.path.getsize(path) / 2 ** 20
    script = textwrap.dedent(f"""
        import resource
        import sporetorch as ms
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        d = ms.load_checkpoint({path!r})
        print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert float(out.stdout.split()[-1]) <= 1.5 * size_mb


def _safetensors_with_header(header_bytes, body=b""):
    return struct.pack("<Q", len(header_bytes)) + header_bytes + body


@pytest.mark.parametrize("data,match", [
    (_safetensors_with_header(b"[1, 2]"), "header is a JSON list"),
    (_safetensors_with_header(b'"text"'), "header is a JSON str"),
    (_safetensors_with_header(b"\xff\xfe{}"), "not UTF-8 JSON"),
    (b"PK\x03\x04" + b"\0" * 60, "header length is"),
    (b"\x01\x02", "fewer than the 8"),
])
def test_malformed_safetensors_is_a_value_error_naming_the_file(tmp_path, data, match):
    path = _write(tmp_path, "m.safetensors", data)
    with pytest.raises(ValueError, match=match) as info:
        ms.load_checkpoint(path, format="safetensors")
    assert "m.safetensors" in str(info.value)
    with pytest.raises(ValueError, match=match):
        interop.load_torch_file(path)


def test_renamed_pth_is_a_value_error(tmp_path):
    path = str(tmp_path / "w.safetensors")
    torch.save({"w": torch.zeros(3)}, path)
    with pytest.raises(ValueError, match="w.safetensors"):
        ms.load_checkpoint(path, format="safetensors")


def test_safetensors_bool_bytes_other_than_0_and_1_are_rejected(tmp_path):
    header = json.dumps({"flag": {"dtype": "BOOL", "shape": [2], "data_offsets": [0, 2]}}).encode()
    path = _write(tmp_path, "b.safetensors", _safetensors_with_header(header, b"\x01\x05"))
    with pytest.raises(ValueError, match="'flag' holds bytes other than 0 and 1"):
        ms.load_checkpoint(path, format="safetensors")


def test_ckpt_show_reports_a_malformed_header_without_traceback(tmp_path, capsys):
    path = _write(tmp_path, "list.safetensors", _safetensors_with_header(b"[1]"))
    assert ckpt_main(["show", path]) != 0
    err = capsys.readouterr().err
    assert "list.safetensors" in err and "Traceback" not in err
