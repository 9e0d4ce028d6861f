"""Download scheduling of ``OBSMindDataset``: which MindRecord files each shard reads, the local cache of
downloaded files, and the rank synchronisation through marker files.

The parts that reach OBS (``MindRecordFromOBS``, the download worker and the rank synchronisation) need the OBS SDK
(``obs``), which MindSpore 2.10's CPU install lacks: they are recorded in ``data/ms_cpu_cannot_run/dataset.json``
and served as placeholders from the module tree. The local-file parts run here as in MindSpore.
"""
import math
import os
import queue
import random
import stat
import sys
import time
import traceback
from multiprocessing.managers import SyncManager

from .... import log as logger
from ...core.config import set_seed
from ..datasets_standard_format import Shuffle
from .util import (detect_all_meta_files, get_bucket_and_key, init_cache_and_queue, make_dataset_tuple,
                   make_shard_files, make_shard_samples)

# Marker files of the ranks of one node (local disk), one folder per epoch.
_SYNC_ROOT = "/cache/sync_data"


class _Manager(SyncManager):
    """A manager process that serves a ``PriorityQueue`` shared across processes."""


def _get_manager():
    """A started ``_Manager`` with ``PriorityQueue`` registered (the caller owns and shuts it down)."""
    _Manager.register("PriorityQueue", queue.PriorityQueue)
    manager = _Manager()
    manager.start()
    return manager


def _init_cache_and_working_queue(cache, q, shard_files, local_path):
    """Enter every ``(file, start, end, is_full)`` of ``shard_files`` in the cache, queueing the ones not yet in
    ``local_path`` for download; returns ``(cache, q)``."""
    for idx, (shard_file, _, _, is_full) in enumerate(shard_files):
        name = os.path.basename(shard_file)
        init_cache_and_queue(cache, q, os.path.join(local_path, name), shard_file, idx, is_full, lock_file=name)
    return cache, q


def _current_func_name():
    """The name of the calling function (for log messages)."""
    return sys._getframe(1).f_code.co_name  # noqa: SLF001 - the caller's frame is what is asked for


def _remove_unused_dataset(local_path, num_shards, shard_id, epoch_num, obs_runtime):
    """On a node's first rank (``shard_id % 8 == 0``) of a job with more than 8 shards: wait until the node's
    other ranks have left their marker for ``epoch_num``, delete the downloaded data files (not the ``.db``
    indexes) of ``local_path``, then remove the markers. Nothing to do otherwise."""
    if not num_shards or num_shards <= 8 or shard_id % 8 != 0:
        return
    sync_dir = os.path.join(_SYNC_ROOT, str(epoch_num))
    while not (os.path.exists(sync_dir) and len(os.listdir(sync_dir)) >= min(num_shards - 1, 7)):
        time.sleep(obs_runtime.config.WARMINGUP_TIME)
        logger.info(f"[{_current_func_name()} FUNCTION] Shard: {shard_id} wait for other rank ready in "
                    f"epoch: {epoch_num}.")
    dir_fd = os.open(local_path, os.O_RDONLY)
    try:
        for name in os.listdir(local_path):
            if name.endswith(".db"):
                continue
            try:
                os.unlink(name, dir_fd=dir_fd)
            except FileNotFoundError:
                logger.warning(f"[{_current_func_name()} FUNCTION] Dataset file: {name} was removed before "
                               f"cleanup in path: {local_path}.")
            except IsADirectoryError:
                logger.warning(f"[{_current_func_name()} FUNCTION] Skip directory during dataset cleanup: {name}.")
    finally:
        os.close(dir_fd)
    for marker in os.listdir(sync_dir):
        os.remove(os.path.join(sync_dir, marker))


def _wait_remove_dataset(num_shards, shard_id, epoch_num, obs_runtime):
    """On the other ranks of a node (job with more than 8 shards): leave the marker ``ready_<shard_id>`` for
    ``epoch_num`` and wait until the node's first rank has removed the markers."""
    if not num_shards or num_shards <= 8 or shard_id % 8 == 0:
        return
    sync_dir = os.path.join(_SYNC_ROOT, str(epoch_num))
    os.makedirs(sync_dir, exist_ok=True)
    marker = os.path.join(sync_dir, "ready_" + str(shard_id))
    with open(marker, "w", encoding="utf-8") as f:
        f.write("ok")
    if os.path.exists(marker):
        os.chmod(marker, stat.S_IRUSR | stat.S_IWUSR)
    while not (os.path.exists(sync_dir) and not os.listdir(sync_dir)):
        time.sleep(obs_runtime.config.WARMINGUP_TIME)
        logger.info(f"[{_current_func_name()} FUNCTION] Shard: {shard_id} wait for removing dataset files in "
                    f"epoch: {epoch_num}.")


def _init_shard_files(dataset_files, shuffle, seed, num_shards, shard_id, shard_equal_rows, size_per_shard,
                      local_path, current_epoch, obs_runtime):
    """``(shard_files, size_per_shard)``: the ``(file, start, end, is_full)`` shares of shard ``shard_id``.

    The file list is shuffled in place (seeded with ``seed``) unless ``shuffle`` is False or ``Shuffle.INFILE``.
    With ``num_shards`` and ``shard_equal_rows`` every shard gets ``ceil(rows / num_shards)`` rows (the ``.db``
    indexes are fetched from OBS by each node's first rank the first time); without ``shard_equal_rows`` whole
    files are dealt round-robin; without ``num_shards`` every file is read whole.
    """
    if shuffle is not False and shuffle != Shuffle.INFILE:
        set_seed(seed)
        random.shuffle(dataset_files)
    if not num_shards:
        shard_files = [(f, -1, -1, True) for f in dataset_files]
    elif shard_equal_rows:
        if size_per_shard is None:
            if shard_id % 8 == 0:
                obs_runtime.fetch_meta_files(dataset_files, local_path)
            else:
                while not detect_all_meta_files(dataset_files, local_path):
                    time.sleep(obs_runtime.config.WAIT_META_TIME)
        total, sizes = make_dataset_tuple(dataset_files, local_path)
        size_per_shard = math.ceil(total / num_shards)
        shard_files = make_shard_samples(sizes, size_per_shard, shard_id)
    else:
        shard_files = make_shard_files(dataset_files, num_shards, shard_id)
    logger.info(f"[{_current_func_name()} FUNCTION] Shard: {shard_id} expect dataset: {shard_files} in epoch: "
                f"{current_epoch}.")
    return shard_files, size_per_shard


def _delete_candidate_datasets(current_idx, queue_top_idx, cache, q, local_path):
    """Free disk space for the download queue: delete the local files this shard reads whole (not shared with
    another shard) that were already read this epoch (index below ``current_idx``); if there are none, delete the
    one read last (highest index, when it is beyond both ``current_idx`` and ``queue_top_idx``) and queue it
    again. Returns whether a file was deleted."""
    read, last_name, last_idx = [], "", -1
    for name, (idx, is_shared) in cache.items():
        if is_shared is False and idx >= 0:
            if idx > last_idx:
                last_idx, last_name = idx, name
            if idx < current_idx:
                read.append(name)
    deleted = False
    for name in read:
        path = os.path.join(local_path, name)
        if os.path.exists(path):
            cache[name] = (-1, cache[name][1])
            os.remove(path)
            deleted = True
            logger.info(f"[{_current_func_name()} FUNCTION] Delete used dataset file: {name} and update the cache.")
    if deleted:
        return True
    if last_idx <= current_idx or last_idx <= queue_top_idx:
        return False
    path = os.path.join(local_path, last_name)
    if not os.path.exists(path):
        return False
    idx, is_shared = cache[last_name]
    cache[last_name] = (-1, is_shared)
    os.remove(path)
    q.put((idx, last_name))
    logger.info(f"[{_current_func_name()} FUNCTION] Delete low priority dataset file: {last_name} and update the "
                "cache.")
    return True


def sync_wait_for_dataset(rank_id, rank_size, current_epoch, obs_runtime):
    """Wait until ``rank_size`` ranks have written their ready marker for ``current_epoch`` under the OBS folder
    ``SYNC_OBS_PATH`` (polled every ``RETRY_DELTA_TIME`` seconds). Needs the OBS SDK, as in MindSpore."""
    config = obs_runtime.config
    bucket, key = get_bucket_and_key(config.SYNC_OBS_PATH)
    client = obs_runtime.get_obs_client()
    ready_dir = os.path.join(key, os.environ.get("BATCH_JOB_ID", "unknown"), str(current_epoch) + "/")
    ready = 0
    while True:
        try:
            resp = client.listObjects(bucket, prefix=ready_dir)
            if resp.status < 300:
                ready = sum(1 for c in resp.body.contents if c.key.endswith(".txt"))
                if ready >= rank_size:
                    break
            else:
                logger.warning(f"[{_current_func_name()} FUNCTION] OBS SDK errorCode:{resp.errorCode}, "
                               f"errMsg: {resp.errorMessage}.")
        except Exception:  # noqa: BLE001 - polling goes on through transient failures, as in MindSpore
            logger.error(traceback.format_exc())
        time.sleep(config.RETRY_DELTA_TIME)
        logger.info(f"[{_current_func_name()} FUNCTION] Waiting for sync dir:{ready_dir} and current_rank:{rank_id}, "
                    f"total_rank:{rank_size}, ready_rank:{ready} in epoch:{current_epoch}.")
    logger.info(f"[{_current_func_name()} FUNCTION] Succeed to sync dir:{ready_dir} and begin epoch:{current_epoch}.")
