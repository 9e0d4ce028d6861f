"""Encryption of MindRecord files (``mindspore.mindrecord.config``): the settings (``set_enc_key``,
``set_enc_mode``, ``set_dec_mode``) and MindSpore 2.10's encrypted-file layout.

An encrypted file is ``[length (4 bytes, big-endian) + encrypted block]... + 0 (4 bytes) + mode (7 bytes) +
b"ENCRYPT"``; ``decrypt`` writes the plain file into ``.decrypt_mindrecord/<group>/`` next to it, removed when the
readers are released or at exit.

With "AES-GCM" each encrypted block is the frame MindSpore's checkpoint encryption writes (one implementation:
``train/_checkpoint_crypto.py``, on the optional ``cryptography`` package; without it "AES-GCM" raises
NotImplementedError). A custom cipher (a callable mode) needs nothing.

Differences from MindSpore: ``FileWriter``/``FileReader`` refuse an encryption key (encrypt or decrypt the files
with ``encrypt``/``decrypt`` here).
"""
import atexit
import os
import shutil
import stat
import threading
import uuid

from .. import log as logger
from .core.shardutils import MIN_FILE_SIZE

__all__ = ["set_enc_key", "set_enc_mode", "set_dec_mode"]

ENC_KEY = None
ENC_MODE = "AES-GCM"
DEC_MODE = None
HASH_MODE = None

ENCRYPT_END_FLAG = b"ENCRYPT"
ENCRYPT_BLOCK_LENGTH_BYTES = 4
ENCRYPT_MODE_LEN = 7
ENCRYPT_TRAILER_LEN = ENCRYPT_BLOCK_LENGTH_BYTES + ENCRYPT_MODE_LEN
ENCRYPT_MIN_BLOCK_REMAINING_BYTES = ENCRYPT_BLOCK_LENGTH_BYTES + ENCRYPT_TRAILER_LEN

DECRYPT_DIRECTORY = ".decrypt_mindrecord"
DECRYPT_DIRECTORY_LIST = []
DECRYPT_FILE_LIST = set()
DECRYPT_STATE_LOCK = threading.Lock()

# Size of the plain blocks ``encrypt`` hands to the cipher.
_BLOCK = 64 * 1024 * 1024


def set_enc_key(enc_key):
    """Set the key that encrypts new MindRecord files (a str of 16, 24 or 32 characters; ``None``: none)."""
    global ENC_KEY
    if enc_key is None:
        ENC_KEY = None
        return
    if not isinstance(enc_key, str):
        raise ValueError("The input enc_key is not str.")
    if len(enc_key) not in (16, 24, 32):
        raise ValueError("The length of input enc_key is not 16, 24, 32.")
    ENC_KEY = enc_key


def _get_enc_key():
    return ENC_KEY


def set_enc_mode(enc_mode="AES-GCM"):
    """Set the cipher of new files: "AES-GCM", or a callable ``enc_mode(src, size, dst, key)``."""
    global ENC_MODE
    if callable(enc_mode):
        ENC_MODE = enc_mode
        return
    if not isinstance(enc_mode, str):
        raise ValueError("The input enc_mode is not str.")
    if enc_mode != "AES-GCM":
        raise ValueError("The input enc_mode is invalid.")
    ENC_MODE = enc_mode


def _get_enc_mode():
    return ENC_MODE


def set_dec_mode(dec_mode="AES-GCM"):
    """Set the decipher: "AES-GCM", a callable ``dec_mode(src, size, dst, key)``, or ``None`` (the encryption
    mode's)."""
    global DEC_MODE
    if dec_mode is None or callable(dec_mode):
        DEC_MODE = dec_mode
        return
    if not isinstance(dec_mode, str):
        raise ValueError("The input dec_mode is not str.")
    if dec_mode != "AES-GCM":
        raise ValueError("The input dec_mode is invalid.")
    DEC_MODE = dec_mode


def _get_dec_mode():
    """The decipher (the encryption mode when none is set; a custom encryption needs a custom decryption)."""
    if DEC_MODE is None:
        if callable(ENC_MODE):
            raise RuntimeError("You use custom encryption, so you must also define custom decryption.")
        return ENC_MODE
    return DEC_MODE


def _mode_bytes(mode):
    name = "UDF-ENC" if callable(mode) else mode
    if len(name) != ENCRYPT_MODE_LEN:
        raise RuntimeError("The length of enc_mode string is not 7.")
    return str(name).encode("utf-8")


def _get_enc_mode_as_str():
    """The 7-byte mode written in an encrypted file's trailer ("UDF-ENC" for a custom cipher)."""
    return _mode_bytes(ENC_MODE)


def _get_dec_mode_as_str():
    """The 7-byte mode an encrypted file must carry to be decrypted with the current settings."""
    return _mode_bytes(_get_dec_mode())


def _refuse_encryption(op):
    if ENC_KEY is not None:
        raise NotImplementedError(f"For '{op}', encrypted MindRecord files are not supported by sporetorch's "
                                  "FileWriter/FileReader; call set_enc_key(None)")


def _crypto(func):
    """The block cipher functions of MindSpore's framing (imported when a built-in cipher is used: they need the
    optional ``cryptography`` package)."""
    from ..train import _checkpoint_crypto as crypto
    crypto._primitives(func)  # NotImplementedError naming func when cryptography is absent
    return crypto


def _key_bytes(enc_key):
    return enc_key.encode("utf-8") if isinstance(enc_key, str) else bytes(enc_key)


def _check_regular(filename):
    if not os.path.exists(filename):
        raise RuntimeError(f"The input: {filename} is not exists.")
    if not os.path.isfile(filename):
        raise RuntimeError(f"The input: {filename} should be a regular file.")


def _seek_file(file_handle, filename, offset):
    """Seek ``file_handle`` to ``offset``; a failure is a RuntimeError naming the file."""
    try:
        file_handle.seek(offset)
    except Exception as exc:  # noqa: BLE001 - reported with the file's name
        raise RuntimeError(f"Seek the file: {filename} to position: {offset} failed. Error: {exc}") from exc


def _read_tail(filename, back, size):
    _check_regular(filename)
    with open(filename, "rb") as f:
        _seek_file(f, filename, os.path.getsize(filename) - back)
        return f.read(size)


def _get_encrypt_end_flag(filename):
    """The last 7 bytes of the file (``b"ENCRYPT"`` for an encrypted file)."""
    return _read_tail(filename, len(ENCRYPT_END_FLAG), len(ENCRYPT_END_FLAG))


def _get_enc_mode_from_file(filename):
    """The 7-byte cipher name before the end flag."""
    return _read_tail(filename, len(ENCRYPT_END_FLAG) + ENCRYPT_MODE_LEN, ENCRYPT_MODE_LEN)


def _validate_decrypt_file(filename):
    """RuntimeError unless ``filename`` is a regular file of at least ``MIN_FILE_SIZE`` bytes."""
    _check_regular(filename)
    size = os.path.getsize(filename)
    if size < MIN_FILE_SIZE:
        raise RuntimeError(f"Invalid file, the size of mindrecord file: {size} is smaller than the lower limit: "
                           f"{MIN_FILE_SIZE}.\n Please check file path: {filename} and use 'FileWriter' to generate "
                           "valid mindrecord files.")


def _should_decrypt_file(filename):
    """Whether to decrypt ``filename``: True when a key is set (the file must be encrypted), False without one (the
    file must not be)."""
    encrypted = _get_encrypt_end_flag(filename) == ENCRYPT_END_FLAG
    if ENC_KEY is not None:
        if not encrypted:
            raise RuntimeError("The mindrecord file is not encrypted. You can set "
                               "'mindspore.mindrecord.config.set_enc_key(None)' to disable the decryption.")
        return True
    if encrypted:
        raise RuntimeError("The mindrecord file is encrypted. You need to configure "
                           "'mindspore.mindrecord.config.set_enc_key(...)' and "
                           "'mindspore.mindrecord.config.set_enc_mode(...)' for decryption.")
    return False


def _prepare_decrypt_file(filename):
    """The path the plain copy of ``filename`` is written to: ``<dir>/.decrypt_mindrecord/<uuid5 of the file (its
    .db index shares it)>/<name>``, the folders created owner-only."""
    real = os.path.realpath(filename)
    root = os.path.join(os.path.dirname(real), DECRYPT_DIRECTORY)
    if not os.path.exists(root):
        os.mkdir(root)
        os.chmod(root, stat.S_IRWXU)
        logger.info(f"Create directory: {root} to store decrypt mindrecord files.")
    with DECRYPT_STATE_LOCK:
        first = root not in DECRYPT_DIRECTORY_LIST
        if first:
            DECRYPT_DIRECTORY_LIST.append(root)
    if first:
        logger.warning(f"Temporary decrypt files will be stored in [{root}] and cleaned up automatically when readers "
                       "or datasets are released.")
    group = os.path.join(root, uuid.uuid5(uuid.NAMESPACE_URL, real[:-3] if real.endswith(".db") else real).hex)
    if not os.path.exists(group):
        os.mkdir(group)
        os.chmod(group, stat.S_IRWXU)
    return os.path.join(group, os.path.basename(real))


def _read_block_length(file_handle, filename, current_offset):
    """The signed big-endian 4-byte length of the next encrypted block."""
    raw = file_handle.read(ENCRYPT_BLOCK_LENGTH_BYTES)
    if len(raw) != ENCRYPT_BLOCK_LENGTH_BYTES:
        raise RuntimeError(f"Invalid encrypted block length in file: {filename} at offset: {current_offset}.")
    return int.from_bytes(raw, byteorder="big", signed=True)


def _cleanup_failed_decrypt_file(decrypt_filename):
    """Remove a partly written plain copy."""
    if os.path.exists(decrypt_filename):
        os.chmod(decrypt_filename, stat.S_IRUSR | stat.S_IWUSR)
        os.remove(decrypt_filename)


def _register_decrypt_file(decrypt_filename):
    """Make a finished plain copy owner-only and remember it for clean-up."""
    if os.path.exists(decrypt_filename):
        os.chmod(decrypt_filename, stat.S_IRUSR | stat.S_IWUSR)
        with DECRYPT_STATE_LOCK:
            DECRYPT_FILE_LIST.add(os.path.realpath(decrypt_filename))


def _remove_decrypt_file(decrypt_file):
    """Remove a plain copy, and its folder once empty."""
    if not decrypt_file:
        return
    real = os.path.realpath(decrypt_file)
    with DECRYPT_STATE_LOCK:
        DECRYPT_FILE_LIST.discard(real)
    if os.path.isfile(real):
        os.remove(real)
    parent = os.path.dirname(real)
    if os.path.isdir(parent) and not os.listdir(parent):
        os.rmdir(parent)


def cleanup_decrypt_files(decrypt_files):
    """Remove the plain copies ``decrypt_files`` (errors ignored; ``None``: nothing)."""
    for path in decrypt_files or ():
        try:
            _remove_decrypt_file(path)
        except OSError:
            pass


def _cleanup_all_decrypt_files():
    """Remove every plain copy still registered (at exit)."""
    with DECRYPT_STATE_LOCK:
        files = list(DECRYPT_FILE_LIST)
    cleanup_decrypt_files(files)


atexit.register(_cleanup_all_decrypt_files)


def encrypt(filename, enc_key, enc_mode):
    """Encrypt ``filename`` in place into the layout above: "AES-GCM" in 64 MiB blocks, or a callable
    ``enc_mode(src, size, dst, key)`` that writes the encrypted body itself."""
    _check_regular(filename)
    crypto = None if callable(enc_mode) else _crypto("mindrecord encrypt")
    size = os.path.getsize(filename)
    target = filename + ".encrypt"
    with open(filename, "rb") as src, open(target, "wb") as dst:
        try:
            if crypto is None:
                enc_mode(src, size, dst, enc_key)
            else:
                key = _key_bytes(enc_key)
                while True:
                    block = src.read(_BLOCK)
                    if not block:
                        break
                    frame = crypto.encrypt_block(block, key, enc_mode)
                    dst.write(len(frame).to_bytes(ENCRYPT_BLOCK_LENGTH_BYTES, byteorder="big", signed=True))
                    dst.write(frame)
        except Exception:
            os.chmod(target, stat.S_IRUSR | stat.S_IWUSR)
            raise
        dst.write((0).to_bytes(ENCRYPT_BLOCK_LENGTH_BYTES, byteorder="big", signed=True))
        dst.write(_get_enc_mode_as_str())
        dst.write(ENCRYPT_END_FLAG)
    os.chmod(target, stat.S_IRUSR | stat.S_IWUSR)
    shutil.move(target, filename)
    return True


def _decrypt_blocks(file_handle, decrypt_handle, filename, file_size, enc_key, dec_mode):
    """Decrypt the length-prefixed blocks of an "AES-GCM" file into ``decrypt_handle`` (a zero length ends them);
    a length that does not fit the file is a RuntimeError."""
    crypto = _crypto("mindrecord decrypt")
    key = _key_bytes(enc_key)
    offset = 0
    length = _read_block_length(file_handle, filename, offset)
    while length != 0:
        room = file_size - offset - ENCRYPT_MIN_BLOCK_REMAINING_BYTES
        if length < 0 or room < 0 or length > room:
            raise RuntimeError(f"Invalid encrypted block length {length} in file: {filename} at offset: {offset}.")
        offset += ENCRYPT_BLOCK_LENGTH_BYTES
        _seek_file(file_handle, filename, offset)
        data = file_handle.read(length)
        if len(data) != length:
            raise RuntimeError(f"Failed to read encrypted block data from file: {filename} at offset: {offset}.")
        try:
            plain = crypto.decrypt(data, key, dec_mode, filename)
        except ValueError:
            raise RuntimeError("Failed to decrypt data, please check if enc_key and enc_mode / dec_mode is "
                               "valid.") from None
        decrypt_handle.write(plain)
        offset += length
        _seek_file(file_handle, filename, offset)
        length = _read_block_length(file_handle, filename, offset)


def decrypt(filename, enc_key, dec_mode):
    """The plain copy of an encrypted ``filename`` (``filename`` itself when no key is set and it is not
    encrypted): "AES-GCM" blocks, or a callable ``dec_mode(src, size, dst, key)`` that decrypts the body (``size``
    excludes the end flag)."""
    _validate_decrypt_file(filename)
    if not _should_decrypt_file(filename):
        return filename
    if _get_enc_mode_from_file(filename) != _get_dec_mode_as_str():
        raise RuntimeError("Failed to decrypt data, please check if enc_key and enc_mode / dec_mode is valid.")
    size = os.path.getsize(filename) - len(ENCRYPT_END_FLAG)
    target = _prepare_decrypt_file(filename)
    with open(filename, "rb") as src, open(target, "wb+") as dst:
        try:
            if callable(dec_mode):
                dec_mode(src, size, dst, enc_key)
            else:
                _decrypt_blocks(src, dst, filename, size, enc_key, dec_mode)
        except Exception:
            _cleanup_failed_decrypt_file(target)
            raise
    _register_decrypt_file(target)
    return target
