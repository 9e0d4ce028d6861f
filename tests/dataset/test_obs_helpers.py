"""The local-file helpers behind OBSMindDataset (sharding, cache bookkeeping, settings), against MindSpore 2.10;
the parts that reach OBS raise as on MindSpore's CPU install (no OBS SDK)."""
import os
import queue
import sqlite3

import pytest

import sporetorch.dataset as ds
from sporetorch._module_tree import resolve
from sporetorch.dataset.engine.obs import config_loader as cl
from sporetorch.dataset.engine.obs import obs_mindrecord_dataset as om
from sporetorch.dataset.engine.obs import util


def test_paths_and_shards():
    # MindSpore 2.10 CPU
    assert [util.get_bucket_and_key(p) for p in ["s3://bucket/a/b.mr", "s3://bucket", "obs://b/"]] == \
        [("bucket", "a/b.mr"), ("bucket", ""), ("b", "")]
    assert util.make_shard_files(["a", "b", "c", "d", "e"], 2, 1) == [("b", -1, -1, True), ("d", -1, -1, True)]
    assert util.make_shard_samples([("a", 5), ("b", 3), ("c", 4)], 5, 1) == [("b", 0, 3, True), ("c", 0, 2, False)]
    assert util.make_shard_samples([("a", 5), ("b", 3), ("c", 4)], 4, 2) == [("c", 0, 4, True)]
    kinds = [type(util.make_sampler(s, f, 1, 3)).__name__ for s in (ds.Shuffle.GLOBAL, False, ds.Shuffle.FILES)
             for f in (True, False)]
    assert kinds == ["RandomSampler", "SubsetRandomSampler", "SequentialSampler", "SubsetSampler",
                     "SequentialSampler", "SubsetSampler"]


def _files(d):
    for n in ("a.mr", "b.mr", "c.mr"):
        with open(os.path.join(d, n), "w") as f:
            f.write("x")
    for n, rows in (("a.mr", 3), ("b.mr", 5)):
        conn = sqlite3.connect(os.path.join(d, n + ".db"))
        conn.execute("CREATE TABLE INDEXES (ROW_ID INT)")
        conn.executemany("INSERT INTO INDEXES VALUES (?)", [(i,) for i in range(rows)])
        conn.commit()
        conn.close()


def test_local_cache(tmp_path):
    d = str(tmp_path)
    _files(d)
    # MindSpore 2.10 CPU
    assert util.make_dataset_tuple(["s3://b/x/a.mr", "s3://b/x/b.mr"], d) == \
        (8, [("s3://b/x/a.mr", 3), ("s3://b/x/b.mr", 5)])
    with pytest.raises(RuntimeError, match="Failed to get dataset size from metadata"):
        util.make_dataset_tuple(["s3://b/x/zz.mr"], d)
    assert util.detect_all_meta_files(["s3://b/a.mr", "s3://b/b.mr"], d) is True
    assert util.detect_all_meta_files(["s3://b/a.mr", "s3://b/c.mr"], d) is False
    cache, q = {}, queue.Queue()
    shards = [("s3://b/x/a.mr", -1, -1, True), ("s3://b/x/q.mr", 0, 2, False), ("s3://b/x/c.mr", 1, 3, False)]
    assert om._init_cache_and_working_queue(cache, q, shards, d)[0] == \
        {"a.mr": (0, False), "q.mr": (-1, True), "c.mr": (2, True)}
    assert list(q.queue) == [(1, "s3://b/x/q.mr")]
    cache, q = {"a.mr": (0, False), "b.mr": (1, False), "c.mr": (2, True)}, queue.Queue()
    assert om._delete_candidate_datasets(2, 0, cache, q, d) is True
    assert cache == {"a.mr": (-1, False), "b.mr": (-1, False), "c.mr": (2, True)}
    assert sorted(os.listdir(d)) == ["a.mr.db", "b.mr.db", "c.mr"] and list(q.queue) == []
    cache = {"c.mr": (3, False), "z.mr": (1, False)}
    assert om._delete_candidate_datasets(1, 2, cache, q, d) is True
    assert cache == {"c.mr": (-1, False), "z.mr": (1, False)} and list(q.queue) == [(3, "c.mr")]
    with pytest.raises(RuntimeError, match="Lock file can not found in function init_cache_and_queue"):
        util.init_cache_and_queue({}, q, d, "x", 0, True)


def test_shard_files_and_settings(monkeypatch):
    files = ["a", "b", "c", "d", "e"]
    # MindSpore 2.10 CPU (the shuffled order comes from dataset.config.set_seed seeding Python's random)
    assert om._init_shard_files(list(files), False, 1, 2, 1, False, None, "/nonexistent", 1, None) == \
        ([("b", -1, -1, True), ("d", -1, -1, True)], None)
    assert om._init_shard_files(list(files), True, 5, None, None, False, None, "/x", 1, None) == \
        ([(f, -1, -1, True) for f in ["a", "b", "d", "c", "e"]], None)
    assert om._remove_unused_dataset("/x", 8, 0, 1, None) is None
    assert om._wait_remove_dataset(None, 3, 1, None) is None
    monkeypatch.setenv("TASK_NUM", "3")
    monkeypatch.setenv("DISK_THRESHOLD", "0.5")
    monkeypatch.setenv("FOO", "bar")
    c = cl.create_obs_config()
    c.SEED = 7
    c2 = c.copy()
    c2.SEED = 9
    assert (c.TASK_NUM, c.DISK_THRESHOLD, c.FOO, c.SEED, c2.SEED, c.WORKING_PATH) == (3, 0.5, "bar", 7, 9, "/cache")
    with pytest.raises(RuntimeError, match="Variable AK can not be found"):
        getattr(c, "AK")  # noqa: B009

    def caller():
        return om._current_func_name()
    assert caller() == "caller"
    assert os.path.basename(util._get_lock_file_path("a.mr")) == \
        "06d5f5ecf0720c047f5b5efacccd1069f03a862d4e8b229011015330a672c48f.lock"


@pytest.mark.skipif(util.ObsClient is not None, reason="the OBS SDK is installed")
def test_obs_needs_the_sdk(tmp_path, monkeypatch):
    runtime = util.OBSRuntime(cl.create_obs_config())
    with pytest.raises(RuntimeError, match="OBS SDK is not installed"):
        runtime.get_obs_client()
    with pytest.raises(RuntimeError, match="OBS SDK is not installed"):
        runtime.fetch_meta_files(["s3://b/a.mr"], str(tmp_path))
    # MindSpore 2.10 CPU: the settings are read first, then the SDK is needed
    with pytest.raises(RuntimeError, match="Variable SYNC_OBS_PATH can not be found"):
        ds.sync_wait_for_dataset(0, 1, 1, runtime)
    monkeypatch.setenv("SYNC_OBS_PATH", "s3://b/sync/")
    with pytest.raises(RuntimeError, match="OBS SDK is not installed"):
        ds.sync_wait_for_dataset(0, 1, 1, runtime)
    with pytest.raises(RuntimeError, match="Huawei OBS cloud storage"):
        resolve("mindspore.dataset.engine.datasets_standard_format", "OBSMindDataset")(["s3://b/k/a.mindrecord"], "https://obs.example.com", "AK", "SK", "s3://b/sync/")
