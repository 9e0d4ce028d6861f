"""The speed-ups' cache folder (``sporetorch/_accel/cache.py``): created 0700, ignored when another
user owns it, bounded in size (oldest files go first), and nothing in it runs unless its HMAC matches."""
import logging
import os
import stat

import pytest

from sporetorch._accel import background, cache
from sporetorch._accel import _common

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX ownership")


@pytest.fixture
def root(monkeypatch, tmp_path):
    path = tmp_path / "cache"
    monkeypatch.setenv("SPORETORCH_CACHE_DIR", str(path))
    monkeypatch.setattr(_common, "_EMITTED", set())
    return path


def test_the_folder_is_created_user_only(root):
    jit = cache.folder("jit")
    assert jit == str(root / "jit")
    for path in (root, root / "jit"):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o700


def test_a_folder_others_may_write_is_made_user_only(root):
    root.mkdir(mode=0o777)
    os.chmod(root, 0o777)
    assert cache.folder() == str(root)
    assert stat.S_IMODE(os.stat(root).st_mode) == 0o700


def test_a_folder_owned_by_another_user_is_not_used(root, monkeypatch, caplog):
    root.mkdir()
    background._write_record("k", {"verdict": "compiled"})
    assert background._read_record("k") == {"verdict": "compiled"}
    monkeypatch.setattr(os, "getuid", lambda: os.stat(root).st_uid + 1)
    with caplog.at_level(logging.WARNING, logger="sporetorch"):
        assert cache.folder("jit") is None
        assert cache.folder("jit") is None
        assert background._read_record("k") is None  # what someone else wrote is not read
        background._write_record("other", {"verdict": "eager"})
    assert not (root / "jit" / "other.json").exists()
    assert sum("belongs to another user" in r.getMessage() for r in caplog.records) == 1
    assert cache.sign(str(root / "jit" / "k.json")) is None and not cache.verified(str(root / "jit" / "k.json"))


def test_the_cache_is_bounded_oldest_files_first(root, monkeypatch):
    folder = cache.folder("jit")
    sizes = {}
    for age, name in enumerate(["newest", "middle", "oldest"]):
        path = os.path.join(folder, name + ".bin")
        with open(path, "wb") as fh:
            fh.write(b"x" * (400 << 10))
        os.utime(path, (1e9 - age * 1000, 1e9 - age * 1000))
        sizes[name] = path
    key_path = root / "key"
    assert cache.sign(sizes["newest"]) is not None and key_path.exists()
    monkeypatch.setenv("SPORETORCH_CACHE_MAX_MB", "1")  # room for two of the three files
    cache.bound(force=True)
    assert not os.path.exists(sizes["oldest"])
    assert os.path.exists(sizes["middle"]) and os.path.exists(sizes["newest"]) and key_path.exists()
    assert sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(root) for f in fs
               if f != "key") <= 1 << 20


def test_only_files_this_user_built_are_trusted(root):
    folder = cache.folder("kernels")
    path = os.path.join(folder, "lib.so")
    with open(path, "wb") as fh:
        fh.write(b"built here")
    assert not cache.verified(path)  # no signature: not run
    cache.sign(path)
    assert cache.verified(path)
    assert stat.S_IMODE(os.stat(root / "key").st_mode) == 0o600
    with open(path, "ab") as fh:
        fh.write(b" and changed")
    assert not cache.verified(path)
    cache.sign(path)
    os.chmod(root / "key", 0o644)  # a key others may read proves nothing
    assert not cache.verified(path)


def test_a_tampered_winograd_library_is_built_again(root, monkeypatch):
    from sporetorch._accel import winograd
    if winograd._compiler() is None:
        pytest.skip("no C compiler")
    monkeypatch.setattr(winograd, "_state", {"lib": None, "tried": False, "error": None})
    assert winograd.available(), winograd._state["error"]
    (lib,) = (root / "kernels").glob("*.so")
    with open(lib, "ab") as fh:
        fh.write(b"\0")
    monkeypatch.setattr(winograd, "_state", {"lib": None, "tried": False, "error": None})
    assert winograd.available()
    assert cache.verified(str(lib))
