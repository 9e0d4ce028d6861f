"""padded_batch, bucket_batch_by_length, parallel map, sync_wait, device_que and bad input
(expected batches recorded with MindSpore 2.10)."""
import multiprocessing
import os

import numpy as np
import pytest

import sporetorch.dataset as ds


def _gen():
    for i in range(7):
        yield (np.arange(i % 4 + 1, dtype=np.int32), np.full((2, i % 3 + 1), i, np.float32), np.array(i))


def _data(cols=("a", "b", "c")):
    return ds.GeneratorDataset(_gen, ["a", "b", "c"], shuffle=False).project(list(cols))


def test_padded_batch_pads_the_named_columns():
    batches = list(_data().padded_batch(3, pad_info={"a": ([5], -1), "b": None}).create_tuple_iterator(
        output_numpy=True))
    assert batches[0][0].tolist() == [[0, -1, -1, -1, -1], [0, 1, -1, -1, -1], [0, 1, 2, -1, -1]]
    assert batches[1][1].tolist() == [[[3, 0, 0], [3, 0, 0]], [[4, 4, 0], [4, 4, 0]], [[5, 5, 5], [5, 5, 5]]]
    assert batches[2][2].tolist() == [6]
    with pytest.raises(RuntimeError, match="column 'b'"):
        list(_data().padded_batch(3, pad_info={"a": None}).create_tuple_iterator())


def test_bucket_batch_by_length():
    bb = _data(("a", "c")).bucket_batch_by_length(["a"], [2, 3], [2, 2, 3])
    got = [(b[0].tolist(), b[1].tolist()) for b in bb.create_tuple_iterator(output_numpy=True)]
    assert bb.get_dataset_size() == 3
    assert got == [([[0], [0]], [0, 4]), ([[0, 1], [0, 1]], [1, 5]),
                   ([[0, 1, 2, 0], [0, 1, 2, 3], [0, 1, 2, 0]], [2, 3, 6])]
    padded = _data(("a", "c")).bucket_batch_by_length(["a"], [2, 3], [2, 2, 3], pad_to_bucket_boundary=True,
                                                      drop_remainder=True, pad_info={"a": (None, 7)})
    assert [b[0].tolist() for b in padded.create_tuple_iterator(output_numpy=True)][2] == \
        [[0, 1, 2, 7], [0, 1, 2, 3], [0, 1, 2, 7]]
    by_fn = _data(("b", "c")).bucket_batch_by_length(["b"], [2], [2, 2], element_length_function=lambda b: b.shape[1],
                                                     pad_info={"b": ([2, 3], 0)})
    assert [(b[0].shape, b[1].tolist()) for b in by_fn.create_tuple_iterator(output_numpy=True)] == \
        [((2, 2, 3), [1, 2]), ((2, 2, 3), [0, 3]), ((2, 2, 3), [4, 5]), ((1, 2, 3), [6])]


def _square(x):
    return x * x


def _fail_on_three(x):
    if int(x) == 3:
        raise ValueError("bad row")
    return x


@pytest.mark.parametrize("processes", [False, True])
def test_parallel_map_keeps_order(processes):
    data = ds.NumpySlicesDataset(np.arange(20), ["x"], shuffle=False)
    data = data.map(_square, num_parallel_workers=3, python_multiprocessing=processes)
    assert [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)] == [i * i for i in range(20)]


@pytest.mark.parametrize("processes", [False, True])
def test_parallel_map_error_names_the_operation_and_leaves_no_workers(processes):
    before = {c.pid for c in multiprocessing.active_children()}
    data = ds.NumpySlicesDataset(np.arange(8), ["x"], shuffle=False)
    data = data.map(_fail_on_three, num_parallel_workers=2, python_multiprocessing=processes)
    with pytest.raises(RuntimeError, match="_fail_on_three failed: ValueError: bad row"):
        list(data.create_tuple_iterator())
    assert {c.pid for c in multiprocessing.active_children()} <= before


def test_ragged_generator_column_names_the_column():
    def ragged():
        yield (np.zeros(2), [[1, 2], [3]])
    data = ds.GeneratorDataset(ragged, ["ok", "bad"], shuffle=False)
    with pytest.raises(ValueError, match="column .bad.*row 0 of the source"):
        list(data.create_tuple_iterator())


def test_sync_wait_and_update():
    seen = []
    data = ds.NumpySlicesDataset(np.arange(6), ["x"], shuffle=False).sync_wait("policy", num_batch=2,
                                                                              callback=seen.append)
    data = data.batch(2)
    out = []
    for k, row in enumerate(data.create_tuple_iterator(output_numpy=True)):
        out.append(row[0].tolist())
        data.sync_update("policy", data={"step": k})
    assert out == [[0, 1], [2, 3], [4, 5]] and seen == [{"step": 0}, {"step": 1}, {"step": 2}]
    ds.config.set_callback_timeout(1)
    try:
        stuck = ds.NumpySlicesDataset(np.arange(4), ["x"], shuffle=False).sync_wait("p", num_batch=1)
        with pytest.raises(RuntimeError, match="sync_update"):
            list(stuck.create_tuple_iterator())
    finally:
        ds.config.set_callback_timeout(60)


def test_device_queue_is_accepted():
    data = ds.NumpySlicesDataset(np.arange(4), ["x"], shuffle=False).device_que()
    data.send()
    assert data.get_dataset_size() == 4 and [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)] == \
        [0, 1, 2, 3]
    assert ds.NumpySlicesDataset(np.arange(4), ["x"]).to_device().get_col_names() == ["x"]


def test_corrupt_image_names_the_file(tmp_path):
    folder = tmp_path / "cls"
    folder.mkdir()
    (folder / "broken.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    data = ds.ImageFolderDataset(str(tmp_path), decode=True, shuffle=False)
    with pytest.raises(Exception, match="broken.jpg"):
        list(data.create_tuple_iterator())
    data = ds.ImageFolderDataset(str(tmp_path), decode=True, shuffle=False, num_parallel_workers=2)
    with pytest.raises(Exception, match="broken.jpg"):
        list(data.create_tuple_iterator())
    assert os.path.exists(folder / "broken.jpg")


def test_shuffled_shards_partition_the_rows_without_a_seed():
    # Each data-parallel process builds its own pipeline; without set_seed the shards must still agree.
    shards = [[int(r[0]) for r in ds.NumpySlicesDataset(np.arange(10), ["x"], shuffle=True, num_shards=2, shard_id=k)
               .create_tuple_iterator(output_numpy=True, num_epochs=1)] for k in range(2)]
    assert sorted(shards[0] + shards[1]) == list(range(10)) and shards[0] != list(range(0, 10, 2))
