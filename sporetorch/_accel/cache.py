"""The speed-ups' folder on disk: user-owned, bounded in size, and checked before anything in it runs.

It lives in the user's cache folder (``$SPORETORCH_CACHE_DIR``, else ``$XDG_CACHE_HOME/sporetorch``,
else ``~/.cache/sporetorch``) and holds the compile verdicts (``jit/*.json``), AOTInductor packages
(``jit/*.pt2``), the Winograd transforms' shared library (``kernels/``) and inductor's own caches
(``inductor/``).
- It is created 0700. A folder owned by another user is not used at all (one warning); one of ours
  that others may write is made 0700 again.
- Its size is bounded (``$SPORETORCH_CACHE_MAX_MB``, 2048 by default): once per process, the oldest
  files are removed until it fits.
- A file this package executes (a package, the shared library) is loaded only where its HMAC-SHA256,
  under a key only this user can read (``key``, 0600), matches the one written beside it when it was
  built; otherwise it is built again. Inductor's caches are torch's, and torch checks their keys.
"""
import hashlib
import hmac
import os
import secrets
import stat

from ._common import warn_once

__all__ = ["root", "folder", "sign", "verified", "bound"]

_KEY = "key"
# Files that are not cache entries: never evicted.
_KEEP = (_KEY, "child.lock")
_state = {"bounded": False}


def root():
    """The cache folder's path, whether or not it may be used (see ``folder``)."""
    path = os.environ.get("SPORETORCH_CACHE_DIR")
    if not path:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        path = os.path.join(base, "sporetorch")
    return path


def _own(path):
    """Create ``path`` 0700 if missing; True where it is a folder of this user that no one else may write."""
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        st = os.stat(path)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        return False
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        warn_once(f"sporetorch: the cache folder {path} belongs to another user; the speed-ups keep nothing on "
                  "disk (set SPORETORCH_CACHE_DIR to a folder of your own)")
        return False
    if st.st_mode & 0o077:
        try:
            os.chmod(path, 0o700)
        except OSError:
            return False
    return True


def folder(*parts):
    """The cache's sub-folder ``parts`` (created 0700), or None where the cache may not be used."""
    top = root()
    if not _own(top):
        return None
    path = os.path.join(top, *parts)
    if parts and not _own(path):
        return None
    bound()
    return path


def _key():
    """This user's HMAC key (made on first use, 0600), or None."""
    top = root()
    if not _own(top):
        return None
    path = os.path.join(top, _KEY)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    except OSError:
        return None
    else:
        with os.fdopen(fd, "wb") as fh:
            fh.write(secrets.token_bytes(32))
    try:
        st = os.stat(path)
        if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o077):
            return None
        with open(path, "rb") as fh:
            key = fh.read()
    except OSError:
        return None
    return key if len(key) == 32 else None


def _digest(path, key):
    mac = hmac.new(key, digestmod=hashlib.sha256)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            mac.update(block)
    return mac.hexdigest()


def sign(path):
    """Record ``path``'s HMAC beside it (``path + '.sig'``); returns it, or None."""
    key = _key()
    if key is None:
        return None
    try:
        digest = _digest(path, key)
        with open(path + ".sig", "w", encoding="ascii") as fh:
            fh.write(digest)
    except OSError:
        return None
    return digest


def verified(path):
    """Whether ``path`` is as this user's process built it: its HMAC matches the recorded one."""
    key = _key()
    if key is None:
        return False
    try:
        with open(path + ".sig", encoding="ascii") as fh:
            recorded = fh.read().strip()
        return hmac.compare_digest(recorded, _digest(path, key))
    except OSError:
        return False


def _limit_bytes():
    try:
        return int(float(os.environ.get("SPORETORCH_CACHE_MAX_MB", "2048")) * (1 << 20))
    except ValueError:
        return 2048 << 20


def bound(force=False):
    """Remove the oldest files until the cache fits its limit (once per process unless ``force``)."""
    if _state["bounded"] and not force:
        return
    _state["bounded"] = True
    top = root()
    files, total = [], 0
    for folder_path, _, names in os.walk(top):
        for name in names:
            if name in _KEEP:
                continue
            path = os.path.join(folder_path, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            files.append((st.st_mtime, st.st_size, path))
            total += st.st_size
    limit = _limit_bytes()
    if total <= limit:
        return
    for _, size, path in sorted(files):
        try:
            os.remove(path)
        except OSError:
            continue
        total -= size
        if total <= limit:
            break
