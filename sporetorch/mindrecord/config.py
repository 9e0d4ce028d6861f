"""Encryption settings of MindRecord files (``set_enc_key``, ``set_enc_mode``, ``set_dec_mode``).

Differences from MindSpore: encrypted MindRecord files are not supported; a key makes
``FileWriter``/``FileReader`` raise ``NotImplementedError``. ``None`` (the default) switches
encryption off as in MindSpore.
"""
_state = {"key": None, "enc_mode": "AES-GCM", "dec_mode": "AES-GCM"}
_MODES = ("AES-GCM", "AES-CBC", "SM4-CBC")


def set_enc_key(enc_key):
    """Set the key that encrypts new MindRecord files (``None``: no encryption)."""
    if enc_key is not None and (not isinstance(enc_key, str) or len(enc_key) not in (16, 24, 32)):
        raise ValueError("The 'enc_key' must be None or a str of 16, 24 or 32 characters")
    _state["key"] = enc_key


def _get_enc_key():
    return _state["key"]


def set_enc_mode(enc_mode="AES-GCM"):
    """Set the cipher of encrypted MindRecord files."""
    if not (callable(enc_mode) or enc_mode in _MODES):
        raise ValueError(f"The 'enc_mode' must be one of {_MODES} or a callable, but got {enc_mode!r}")
    _state["enc_mode"] = enc_mode


def _get_enc_mode():
    return _state["enc_mode"]


def set_dec_mode(dec_mode="AES-GCM"):
    """Set the cipher that decrypts MindRecord files."""
    if not (dec_mode is None or callable(dec_mode) or dec_mode in _MODES):
        raise ValueError(f"The 'dec_mode' must be one of {_MODES}, None or a callable, but got {dec_mode!r}")
    _state["dec_mode"] = dec_mode


def _get_dec_mode():
    return _state["dec_mode"]


def _refuse_encryption(op):
    if _state["key"] is not None:
        raise NotImplementedError(f"For '{op}', encrypted MindRecord files are not supported by sporetorch; "
                                  "call set_enc_key(None)")
