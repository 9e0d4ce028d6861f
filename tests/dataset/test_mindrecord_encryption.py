"""MindRecord's encrypted-file layout and settings (mindrecord.config), against MindSpore 2.10 CPU: a custom
cipher, and AES-GCM on a file MindSpore 2.10 encrypted (needs the optional 'cryptography' package)."""
import io
import os
import shutil

import pytest

from sporetorch.mindrecord import config as c


def _enc(src, size, dst, key):
    dst.write(bytes(b ^ 7 for b in src.read(size)))


def _dec(src, size, dst, key):
    dst.write(bytes(b ^ 7 for b in src.read(size - 15)))  # the body: size less the 4 + 7 + 4 trailer bytes


@pytest.fixture
def settings():
    yield
    c.set_enc_key(None)
    c.set_enc_mode("AES-GCM")
    c.set_dec_mode(None)


@pytest.mark.parametrize("call, msg", [  # MindSpore 2.10 CPU
    (lambda: c.set_enc_key(3), "The input enc_key is not str."),
    (lambda: c.set_enc_key("short"), "The length of input enc_key is not 16, 24, 32."),
    (lambda: c.set_enc_mode("SM4-CBC"), "The input enc_mode is invalid."),
    (lambda: c.set_enc_mode(3), "The input enc_mode is not str."),
    (lambda: c.set_dec_mode("AES-CBC"), "The input dec_mode is invalid."),
])
def test_setting_errors(call, msg):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == msg


def test_custom_cipher_round_trip(tmp_path, settings):
    p = str(tmp_path / "a.mindrecord")
    with open(p, "wb") as f:
        f.write(b"0123456789abcdef")
    # MindSpore 2.10 CPU
    assert (c._get_enc_mode_as_str(), c._get_dec_mode_as_str(), c._get_dec_mode()) == (b"AES-GCM", b"AES-GCM",
                                                                                        "AES-GCM")
    assert c._should_decrypt_file(p) is False and c._get_encrypt_end_flag(p) == b"9abcdef"
    c.set_enc_mode(_enc)
    with pytest.raises(RuntimeError, match="You use custom encryption, so you must also define custom decryption."):
        c._get_dec_mode()
    assert c._get_enc_mode_as_str() == b"UDF-ENC"
    assert c.encrypt(p, "k" * 16, _enc) is True
    with open(p, "rb") as f:
        assert f.read() == b"76543210?>fedcba\x00\x00\x00\x00UDF-ENCENCRYPT"
    assert (c._get_encrypt_end_flag(p), c._get_enc_mode_from_file(p)) == (b"ENCRYPT", b"UDF-ENC")
    with pytest.raises(RuntimeError, match="The mindrecord file is encrypted. You need to configure"):
        c._should_decrypt_file(p)
    c.set_enc_key("k" * 16)
    c.set_dec_mode(_dec)
    assert c._should_decrypt_file(p) is True
    out = c.decrypt(p, "k" * 16, _dec)
    assert os.path.relpath(out, tmp_path).startswith(".decrypt_mindrecord" + os.sep) and out.endswith("a.mindrecord")
    with open(out, "rb") as f:
        assert f.read() == b"0123456789ab"
    assert os.path.realpath(out) in c.DECRYPT_FILE_LIST
    assert c._prepare_decrypt_file(p + ".db") == out + ".db"  # a file and its index share a folder
    c.cleanup_decrypt_files([out])
    assert not os.path.exists(os.path.dirname(out)) and os.listdir(tmp_path / ".decrypt_mindrecord") == []


def test_file_checks(tmp_path, settings):
    q = str(tmp_path / "tiny")
    with open(q, "wb") as f:
        f.write(b"abc")
    # MindSpore 2.10 CPU
    with pytest.raises(RuntimeError, match="the size of mindrecord file: 3 is smaller than the lower limit: 8."):
        c._validate_decrypt_file(q)
    with pytest.raises(RuntimeError, match="should be a regular file."):
        c._validate_decrypt_file(str(tmp_path))
    with pytest.raises(RuntimeError, match="tinyx is not exists."):
        c._validate_decrypt_file(q + "x")
    assert c._read_block_length(io.BytesIO(b"\x00\x00\x01\x00rest"), "f", 0) == 256
    assert c._read_block_length(io.BytesIO(b"\xff\xff\xff\xfe"), "f", 0) == -2
    with pytest.raises(RuntimeError, match="Invalid encrypted block length in file: f at offset: 8."):
        c._read_block_length(io.BytesIO(b"\x00\x01"), "f", 8)
    plain = str(tmp_path / "plain")
    with open(plain, "wb") as f:
        f.write(b"0123456789")
    assert c.decrypt(plain, None, "AES-GCM") == plain


MS_FILE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "dataset", "mindrecord_aes_gcm_ms210.bin")


def test_aes_gcm(tmp_path, settings):
    pytest.importorskip("cryptography")
    # MindSpore 2.10 CPU encrypted b"hello mindrecord payload " * 40 with key "k" * 16 (config.encrypt, AES-GCM)
    f = str(tmp_path / "f.mr")
    shutil.copy(MS_FILE, f)
    c.set_enc_key("k" * 16)
    out = c.decrypt(f, "k" * 16, "AES-GCM")
    with open(out, "rb") as fh:
        assert fh.read() == b"hello mindrecord payload " * 40
    c.set_enc_key("j" * 16)
    with pytest.raises(RuntimeError, match="Failed to decrypt data, please check if enc_key and enc_mode / dec_mode "
                                           "is valid."):
        c.decrypt(f, "j" * 16, "AES-GCM")
    # and back: ours encrypts into the same layout (random IVs), which decrypts to the input
    g = str(tmp_path / "g.mr")
    with open(g, "wb") as fh:
        fh.write(b"abc" * 100)
    c.set_enc_key("k" * 16)
    assert c.encrypt(g, "k" * 16, "AES-GCM") is True
    assert os.path.getsize(g) == 4 + 4 + 16 + 4 + 4 + 16 + 4 + 300 + 4 + 7 + 7
    with open(c.decrypt(g, "k" * 16, "AES-GCM"), "rb") as fh:
        assert fh.read() == b"abc" * 100
