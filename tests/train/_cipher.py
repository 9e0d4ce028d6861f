"""Skip helper shared by the checkpoint encryption tests."""
import pytest

from sporetorch.train import _checkpoint_crypto


def needs_cipher(mode):
    """Skip the calling test unless ``cryptography`` can run ``mode`` here."""
    pytest.importorskip("cryptography")
    try:
        _checkpoint_crypto.check_key("test", bytes(16), mode)
    except NotImplementedError as e:  # e.g. an OpenSSL without SM4
        pytest.skip(str(e))
