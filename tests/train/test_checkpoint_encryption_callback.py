"""CheckpointConfig(enc_key=, enc_mode=): ModelCheckpoint writes encrypted files that
load_checkpoint(dec_key=, dec_mode=) reads back. Expected behaviour from MindSpore 2.10."""
import os
import sys

import numpy as np
import pytest

import sporetorch as ms
from sporetorch.train import CheckpointConfig, ModelCheckpoint
from sporetorch.train import _checkpoint_crypto as crypto

from _cipher import needs_cipher
from _model_fixtures import data, model

KEY = bytes(range(16))


@pytest.mark.parametrize("mode", ["AES-GCM", "AES-CBC", "SM4-CBC"])
def test_model_checkpoint_writes_encrypted_files(mode, tmp_path):
    needs_cipher(mode)
    m = model()
    cfg = CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=2, enc_key=KEY, enc_mode=mode,
                           append_info=["epoch_num"])
    m.train(2, data(), callbacks=[ModelCheckpoint(prefix="net", directory=str(tmp_path), config=cfg)])
    # MindSpore 2.10: the 2 newest files, no temporary file left behind.
    assert sorted(os.listdir(tmp_path)) == ["net-2_1.ckpt", "net-2_2.ckpt"]
    path = str(tmp_path / "net-2_2.ckpt")
    with open(path, "rb") as f:
        assert f.read(4) == crypto._MAGIC[mode].to_bytes(4, "little")
    params = ms.load_checkpoint(path, dec_key=KEY, dec_mode=mode)
    # MindSpore 2.10's names for this network and optimizer, with the appended epoch.
    assert list(params) == ["weight", "bias", "global_step", "learning_rate", "momentum", "accum.weight",
                            "accum.bias", "stat.weight", "stat.bias", "epoch_num"]
    np.testing.assert_array_equal(params["weight"].asnumpy(), m.predict_network.weight.asnumpy())
    with pytest.raises(ValueError, match="encrypted"):
        ms.load_checkpoint(path)


def test_failed_encrypted_save_leaves_no_partial_file(tmp_path, monkeypatch):
    needs_cipher("AES-GCM")
    monkeypatch.setattr(crypto, "BLOCK_BYTES", 40)  # several blocks, so the failure comes mid-file
    real = crypto.encrypt_block
    calls = []

    def fail_on_second_block(*args):
        calls.append(1)
        if len(calls) == 2:
            raise OSError("disk full")
        return real(*args)

    monkeypatch.setattr(crypto, "encrypt_block", fail_on_second_block)
    cfg = CheckpointConfig(enc_key=KEY)
    with pytest.raises(OSError, match="disk full"):
        model().train(1, data(), callbacks=[ModelCheckpoint(prefix="net", directory=str(tmp_path), config=cfg)])
    assert os.listdir(tmp_path) == []  # the temporary file was removed and nothing was renamed into place


def test_checkpoint_config_encryption_arguments():
    # MindSpore 2.10: enc_key/enc_mode are exposed as properties, not in the policy; default None/"AES-GCM".
    cfg = CheckpointConfig()
    assert cfg.enc_key is None and cfg.enc_mode == "AES-GCM"
    policy = CheckpointConfig(enc_mode="XYZ").get_checkpoint_policy()  # the mode is unused without a key
    assert policy == {"save_checkpoint_steps": 1, "save_checkpoint_seconds": None, "keep_checkpoint_max": 5,
                      "keep_checkpoint_per_n_minutes": None, "saved_network": None}
    # MindSpore 2.10 (Validator.check_isinstance) raises ValueError for wrong types.
    for kwargs in ({"enc_key": "0" * 16}, {"enc_key": bytearray(16)}, {"enc_key": bytes(16), "enc_mode": 1}):
        with pytest.raises(ValueError, match="CheckpointConfig"):
            CheckpointConfig(**kwargs)
    # MindSpore 2.10: ValueError when format is 'safetensors' and enc_key/enc_mode are not the defaults.
    for kwargs in ({"enc_key": bytes(16)}, {"enc_mode": "AES-CBC"}):
        with pytest.raises(ValueError, match="safetensors"):
            CheckpointConfig(format="safetensors", **kwargs)


def test_checkpoint_config_checks_the_key_up_front():
    needs_cipher("AES-GCM")
    cfg = CheckpointConfig(enc_key=bytes(32), enc_mode="AES-CBC")
    assert cfg.enc_key == bytes(32) and cfg.enc_mode == "AES-CBC"
    # MindSpore 2.10 accepts these here and raises ValueError ("Encrypt failed") at the first save;
    # sporetorch raises the same type before training starts.
    for kwargs in ({"enc_key": bytes(15)}, {"enc_key": bytes(16), "enc_mode": "XYZ"},
                   {"enc_key": bytes(24), "enc_mode": "SM4-CBC"}):
        with pytest.raises(ValueError, match="CheckpointConfig"):
            CheckpointConfig(**kwargs)
    # MindSpore 2.10 accepts this and writes files that its load_checkpoint cannot read (ValueError).
    with pytest.raises(ValueError, match="crc_check"):
        CheckpointConfig(enc_key=bytes(16), crc_check=True)


def test_checkpoint_config_without_cryptography_raises_not_implemented(monkeypatch):
    monkeypatch.setitem(sys.modules, "cryptography.hazmat.primitives.ciphers", None)
    with pytest.raises(NotImplementedError, match="cryptography"):
        CheckpointConfig(enc_key=bytes(16))
    assert CheckpointConfig().enc_key is None
