"""Local-file helpers of ``OBSMindDataset``: file locks, retries, sharding of MindRecord files and the OBS runtime
(the client is created only when OBS is reached, from the optional OBS SDK ``obs``)."""
import functools
import hashlib
import os
import shutil
import sqlite3
import stat
import tempfile
import time
import traceback

from ... import core  # noqa: F401  (keeps the package import order of MindSpore: dataset.core before engine)
from .... import log as logger
from ..datasets_standard_format import Shuffle
from ..samplers import RandomSampler, SequentialSampler, SubsetRandomSampler, SubsetSampler

if os.name == "nt":
    import msvcrt  # pylint: disable=import-error
else:
    import fcntl

try:  # the OBS SDK is optional, as in MindSpore
    from obs import ObsClient
except ImportError:
    ObsClient = None

LOCK_FILE_DIR = os.path.join(tempfile.gettempdir(), "mindspore_dataset_locks")


def _lock_file(fd):
    """Take an exclusive lock on the open file ``fd`` (blocks until it is free)."""
    if os.name == "nt":
        fd.seek(0)
        fd.write("0")
        fd.flush()
        fd.seek(0)
        msvcrt.locking(fd.fileno(), msvcrt.LK_LOCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_EX)


def _unlock_file(fd):
    """Release the lock taken by ``_lock_file``."""
    if os.name == "nt":
        fd.seek(0)
        msvcrt.locking(fd.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _retry_execute(max_retry, retry_delta_time, func_name, execute_fn):
    """``execute_fn()``, retried after ``retry_delta_time`` seconds on any error but RuntimeError (which passes
    through); after ``max_retry`` failures a RuntimeError names ``func_name``."""
    failures = 0
    while True:
        if failures >= max_retry:
            msg = f"Function {func_name} has retried for {failures} times, please check error above."
            logger.error(msg)
            raise RuntimeError(msg)
        try:
            return execute_fn()
        except RuntimeError:
            raise
        except Exception:  # noqa: BLE001 - every other failure is retried, as in MindSpore
            failures += 1
            logger.error(traceback.format_exc())
            time.sleep(retry_delta_time)


def _get_lock_file_path(lock_name):
    """The lock file of ``lock_name``: its SHA-256 under ``LOCK_FILE_DIR`` (created owner-only)."""
    digest = hashlib.sha256(lock_name.encode("utf-8")).hexdigest()
    if not os.path.exists(LOCK_FILE_DIR):
        os.makedirs(LOCK_FILE_DIR, mode=stat.S_IRWXU, exist_ok=True)
    return os.path.join(LOCK_FILE_DIR, digest + ".lock")


def exclusive_lock(func):
    """Decorator: run ``func`` holding the file lock named by its ``lock_file`` keyword argument (a call without
    that keyword raises RuntimeError)."""
    name = func.__name__

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        if "lock_file" not in kwargs:
            raise RuntimeError(f"Lock file can not found in function {name}.")
        path = _get_lock_file_path(kwargs["lock_file"])
        with open(path, "w", encoding="utf-8") as fd:
            try:
                _lock_file(fd)
                result = func(*args, **kwargs)
            finally:
                _unlock_file(fd)
        if os.path.exists(path):
            os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
        return result

    return wrapped


class OBSRuntime:
    """The OBS side of one dataset: its settings (``config``) and a lazily created OBS client.

    Reaching OBS needs the OBS SDK (``obs``); without it, every method that talks to OBS raises RuntimeError, as
    MindSpore 2.10's CPU install does.
    """

    def __init__(self, obs_config):
        self.config = obs_config
        self.obs_client = None

    def get_obs_client(self):
        """The OBS client (created on first use from the config's AK, SK and SERVER)."""
        if ObsClient is None:
            raise RuntimeError("OBS SDK is not installed. Please install dependency 'obs'.")
        if self.obs_client is None:
            self.obs_client = ObsClient(access_key_id=self.config.AK, secret_access_key=self.config.SK,
                                        server=self.config.SERVER)
        return self.obs_client

    def close(self):
        """Close the client if one was created."""
        if self.obs_client is not None:
            self.obs_client.close()
            self.obs_client = None

    def __del__(self):
        self.close()

    def get_used_disk_per(self):
        """The used fraction of the disk holding ``config.WORKING_PATH`` (the folder is created if missing)."""
        path = self.config.WORKING_PATH
        advice = (f"Suggestion: 1) It is recommended to manually create the {path} directory and add read/write "
                  "permissions to it. 2) If you can't create, we suggest you download MindRecord manually and read "
                  "it using the MindDataset interface.")
        if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK | os.X_OK):
            raise RuntimeError(f"Permission denied:'{path}'. {advice}")
        if not os.path.exists(path):
            try:
                os.makedirs(path)
            except FileExistsError:
                pass
            except PermissionError as err:
                raise RuntimeError(f"{err}. {advice}") from err
        total, used, _ = shutil.disk_usage(path)
        return used / total

    def try_load_from_obs(self, remote_path, dataset_file, local_path):
        """Download ``dataset_file`` and its ``.db`` index into ``local_path`` unless they are there."""
        for name in (dataset_file, dataset_file + ".db"):
            if not os.path.exists(os.path.join(local_path, name)):
                self._download_file(remote_path, name, local_path, lock_file=name)

    def fetch_meta_files(self, meta_files, local_path):
        """Download the ``.db`` index of every dataset file in ``meta_files``."""
        for path in meta_files:
            name = os.path.basename(path) + ".db"
            self._download_file(os.path.dirname(path), name, local_path, lock_file=name)

    @staticmethod
    def _check(resp, what):
        if resp.status >= 300:
            raise Exception(f"OBS SDK errorCode:{resp.errorCode}, errMsg: {resp.errorMessage}.")  # noqa: TRY002
        logger.debug(f"{what}: OBS requestId: {resp.requestId}.")

    def file_upload_to_obs(self, obs_path, sync_dir, ready_file_name):
        """Write the marker ``sync_dir/ready_file_name`` under ``obs_path`` (which must exist in OBS)."""
        bucket, key = get_bucket_and_key(obs_path)
        client = self.get_obs_client()

        def upload():
            if key:
                resp = client.getObjectMetadata(bucket, key if key.endswith("/") else key + "/")
            else:
                resp = client.headBucket(bucket)
            if resp.status >= 300:
                raise RuntimeError(f"Directory/Bucket used for synchronization {obs_path} is not found in OBS, "
                                   "please create it on OBS first.")
            remote_dir = os.path.join(key, sync_dir)
            self._check(client.putContent(bucket, remote_dir, content=None), "file_upload_to_obs")
            self._check(client.putContent(bucket, os.path.join(remote_dir, ready_file_name), content="OK"),
                        "file_upload_to_obs")

        return _retry_execute(self.config.MAX_RETRY, self.config.RETRY_DELTA_TIME, "file_upload_to_obs", upload)

    def _check_file_exists_in_obs(self, obs_path):
        bucket, key = get_bucket_and_key(obs_path)
        client = self.get_obs_client()

        def check():
            try:
                resp = client.getObjectMetadata(bucket, key)
            except ConnectionRefusedError as err:
                raise RuntimeError(f"Failed to connect to OBS, please check OBS sever "
                                   f"{client.server}:{client.port}.") from err
            if resp.status == 403:
                raise RuntimeError("OBS access is Forbidden, please check AK or SK.")
            if resp.status >= 300:
                raise RuntimeError(f"File {obs_path} not found in OBS, please check again.")

        return _retry_execute(self.config.MAX_RETRY, self.config.RETRY_DELTA_TIME, "_check_file_exists_in_obs",
                              check)

    def _file_download_from_obs(self, obs_path, local_path):
        bucket, key = get_bucket_and_key(obs_path)
        client = self.get_obs_client()

        def download():
            self._check(client.downloadFile(bucket, key, local_path, self.config.PART_SIZE, self.config.TASK_NUM,
                                            True), "_file_download_from_obs")

        return _retry_execute(self.config.MAX_RETRY, self.config.RETRY_DELTA_TIME, "_file_download_from_obs",
                              download)

    @exclusive_lock
    def _download_file(self, remote_path, object_name, des_path, lock_file="tmp"):
        """Download ``remote_path/object_name`` into ``des_path`` under the file lock, unless it is there."""
        local = os.path.join(des_path, object_name)
        if os.path.exists(local):
            return
        os.makedirs(des_path, exist_ok=True)
        obs_path = os.path.join(remote_path, object_name)
        self._check_file_exists_in_obs(obs_path)
        self._file_download_from_obs(obs_path, local)


def detect_all_meta_files(meta_files, local_path):
    """Whether the ``.db`` index of every file in ``meta_files`` is in ``local_path``."""
    for path in meta_files:
        meta = os.path.basename(path) + ".db"
        if not _detect_file_exist(local_path, meta, lock_file=meta):
            return False
    return True


def make_sampler(shuffle, is_full_dataset, start, end):
    """The sampler of one file's share: random when ``shuffle`` is ``Shuffle.GLOBAL``/``INFILE``, else
    sequential; over the whole file, or over rows ``[start, end)``."""
    rows = None if is_full_dataset else list(range(start, end))
    if shuffle in (Shuffle.GLOBAL, Shuffle.INFILE):
        return RandomSampler() if rows is None else SubsetRandomSampler(rows)
    return SequentialSampler() if rows is None else SubsetSampler(rows)


def make_shard_samples(dataset_file_size_list, size_per_shard, shard_id):
    """The share of shard ``shard_id`` when every shard gets ``size_per_shard`` rows: ``[(file, start, end,
    is_full_file)]`` over the files ``[(file, rows)]`` taken in order, wrapping around to the first file while the
    shard is not full."""
    first, last = shard_id * size_per_shard, (shard_id + 1) * size_per_shard
    offset, out = 0, []
    while True:
        for name, rows in dataset_file_size_list:
            lo, hi = max(first, offset), min(last, offset + rows)
            if offset <= first < offset + rows or first <= offset < last:
                start, end = lo - offset, hi - offset
                out.append((name, start, end, start == 0 and end == rows))
            offset += rows
        if offset >= last:
            return out


def make_dataset_tuple(dataset_files, local_path):
    """``(total rows, [(file, rows)])`` read from each file's ``.db`` index in ``local_path``."""
    total, sizes = 0, []
    for path in dataset_files:
        meta = os.path.join(local_path, os.path.basename(path) + ".db")
        try:
            with sqlite3.connect(f"file:{meta}?mode=ro", uri=True) as conn:
                for (count,) in conn.execute("SELECT COUNT(*) FROM INDEXES"):
                    total += count
                    sizes.append((path, count))
        except Exception as err:  # noqa: BLE001 - any sqlite failure is reported the same way
            raise RuntimeError("Failed to get dataset size from metadata, err: " + str(err)) from err
    return total, sizes


def make_shard_files(dataset_files, num_shards, shard_id):
    """Whole files to shard ``shard_id``: every ``num_shards``-th file, as ``(file, -1, -1, True)``."""
    return [(f, -1, -1, True) for k, f in enumerate(dataset_files) if k % num_shards == shard_id]


def get_bucket_and_key(obs_path):
    """``("bucket", "key")`` of ``"s3://bucket/key"`` (the key is "" without one)."""
    start = obs_path.find("//") + 2
    end = obs_path.find("/", start)
    if end == -1:
        return obs_path[start:], ""
    return obs_path[start:end], obs_path[end + 1:]


@exclusive_lock
def init_cache_and_queue(cache, q, path, shard_file, idx, is_full_dataset, lock_file="tmp"):
    """Record one file in ``cache`` (``name -> (index or -1 when not local, is_partial)``) and queue it for
    download (``q.put((idx, shard_file))``) when ``path`` is not there yet."""
    name = os.path.basename(shard_file)
    if os.path.exists(path):
        cache[name] = (idx, not is_full_dataset)
    else:
        cache[name] = (-1, not is_full_dataset)
        q.put((idx, shard_file))


@exclusive_lock
def _detect_file_exist(local_path, meta_file, lock_file="tmp"):
    """Whether ``local_path/meta_file`` exists (checked under the file lock)."""
    return os.path.exists(os.path.join(local_path, meta_file))
