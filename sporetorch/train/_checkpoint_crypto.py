"""MindSpore's checkpoint encryption framing (``enc_key``/``dec_key``), on the optional
``cryptography`` package.

The plaintext (the serialized checkpoint) is cut into 64 MiB blocks and each block is
written as one frame; integers are 4-byte little endian and every IV field holds 16 random
bytes::

    AES-GCM:          magic 0x7F3A5ED8 | tag(16) | body_len | body
    AES-CBC, SM4-CBC: magic 0x7F3A5ED9 / 0x7F3A5EDA | body_len | body
    body:             iv_len(=16) | iv(16) | cipher_len | ciphertext

GCM uses the first 12 bytes of the IV field as its nonce and no associated data; CBC pads
with PKCS#7. This matches what MindSpore 2.10 writes and reads (checked against it).

``cryptography`` is not a dependency of sporetorch: when it is not installed, a key raises
``NotImplementedError`` saying so (see docs/design.md, "Checkpoints").
"""
import os

_MAGIC = {"AES-GCM": 0x7F3A5ED8, "AES-CBC": 0x7F3A5ED9, "SM4-CBC": 0x7F3A5EDA}
_MODE_OF_MAGIC = {v: k for k, v in _MAGIC.items()}
_KEY_LENGTHS = {"AES-GCM": (16, 24, 32), "AES-CBC": (16, 24, 32), "SM4-CBC": (16,)}
BLOCK_BYTES = 64 * 1024 * 1024
_IV_LEN = 16
_TAG_LEN = 16


def _le32(n):
    return n.to_bytes(4, "little")


def _primitives(func):
    try:
        from cryptography.hazmat.primitives import padding
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    except ImportError:
        raise NotImplementedError(
            f"For '{func}', checkpoint encryption needs the optional 'cryptography' package, which is not "
            "installed; sporetorch itself depends only on torch, numpy, protobuf, safetensors and tqdm "
            "(see docs/design.md, 'Checkpoints').") from None
    return Cipher, algorithms, modes, padding


def check_key(func, key, mode):
    """Validate ``key``/``mode`` the way MindSpore's C++ side does, with clear errors."""
    if mode not in _MAGIC:
        raise ValueError(f"For '{func}', the encryption mode must be one of {sorted(_MAGIC)}, but got {mode!r}")
    if len(key) not in _KEY_LENGTHS[mode]:
        raise ValueError(f"For '{func}', a {mode} key must be {' or '.join(map(str, _KEY_LENGTHS[mode]))} "
                         f"bytes long, but got {len(key)} bytes")
    Cipher, algorithms, modes, _ = _primitives(func)
    try:
        Cipher(_block_cipher(algorithms, mode, key), modes.CBC(bytes(_IV_LEN))).encryptor()
    except Exception as e:  # cryptography.exceptions.UnsupportedAlgorithm, e.g. OpenSSL without SM4
        raise NotImplementedError(f"For '{func}', the installed 'cryptography'/OpenSSL cannot do {mode}: {e}") from e


def _block_cipher(algorithms, mode, key):
    return algorithms.SM4(key) if mode == "SM4-CBC" else algorithms.AES(key)


def encrypt_block(block, key, mode):
    """Return the frame of one plaintext block (at most ``BLOCK_BYTES``)."""
    Cipher, algorithms, modes, padding = _primitives("save_checkpoint")
    iv = os.urandom(_IV_LEN)
    if mode == "AES-GCM":
        enc = Cipher(algorithms.AES(key), modes.GCM(iv[:12])).encryptor()
        ct = enc.update(block) + enc.finalize()
        head = _le32(_MAGIC[mode]) + enc.tag
    else:
        padder = padding.PKCS7(128).padder()
        enc = Cipher(_block_cipher(algorithms, mode, key), modes.CBC(iv)).encryptor()
        ct = enc.update(padder.update(block) + padder.finalize()) + enc.finalize()
        head = _le32(_MAGIC[mode])
    body = _le32(_IV_LEN) + iv + _le32(len(ct)) + ct
    return head + _le32(len(body)) + body


def is_encrypted(data):
    """Whether ``data`` starts with one of MindSpore's cipher magics."""
    return len(data) >= 4 and int.from_bytes(data[:4], "little") in _MODE_OF_MAGIC


def decrypt(data, key, mode, path):
    """Decrypt a whole encrypted checkpoint; any inconsistency is a ValueError naming ``path``."""
    Cipher, algorithms, modes, padding = _primitives("load_checkpoint")

    def fail(why):
        return ValueError(f"Failed to decrypt the checkpoint file {path}: {why}. Check 'dec_key' and "
                          "'dec_mode', and whether the file is damaged.")

    out = []
    pos, n = 0, len(data)
    while pos < n:
        if n - pos < 8:
            raise fail(f"a truncated frame header at byte {pos}")
        magic = int.from_bytes(data[pos:pos + 4], "little")
        if _MODE_OF_MAGIC.get(magic) != mode:
            found = _MODE_OF_MAGIC.get(magic)
            raise fail(f"the frame at byte {pos} is {found}, not {mode}" if found
                       else f"byte {pos} does not start an encrypted frame (the file is not encrypted?)")
        pos += 4
        tag = b""
        if mode == "AES-GCM":
            tag = data[pos:pos + _TAG_LEN]
            pos += _TAG_LEN
        body_len = int.from_bytes(data[pos:pos + 4], "little")
        pos += 4
        body = data[pos:pos + body_len]
        pos += body_len
        if len(body) != body_len or len(tag) != (_TAG_LEN if mode == "AES-GCM" else 0) or body_len < 8:
            raise fail("a truncated frame")
        iv_len = int.from_bytes(body[:4], "little")
        if iv_len != _IV_LEN or body_len < iv_len + 8:
            raise fail(f"an IV length of {iv_len}")
        iv = body[4:4 + iv_len]
        ct_len = int.from_bytes(body[4 + iv_len:8 + iv_len], "little")
        ct = body[8 + iv_len:]
        if ct_len != len(ct):
            raise fail("a ciphertext length that disagrees with its frame")
        try:
            if mode == "AES-GCM":
                dec = Cipher(algorithms.AES(key), modes.GCM(iv[:12], tag)).decryptor()
                out.append(dec.update(ct) + dec.finalize())
            else:
                dec = Cipher(_block_cipher(algorithms, mode, key), modes.CBC(iv)).decryptor()
                unpadder = padding.PKCS7(128).unpadder()
                out.append(unpadder.update(dec.update(ct) + dec.finalize()) + unpadder.finalize())
        except ValueError:
            raise fail("the key does not decrypt it") from None
        except Exception as e:  # cryptography.exceptions.InvalidTag is not a ValueError
            raise fail(f"authentication failed ({type(e).__name__})") from None
    return b"".join(out)
