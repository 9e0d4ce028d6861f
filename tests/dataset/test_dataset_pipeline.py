"""sporetorch.dataset pipelines. Literal expectations marked "MindSpore 2.10" were recorded with
real MindSpore 2.10; the others follow from the definitions (sizes, partitions, determinism)."""
import numpy as np
import pytest

import sporetorch as ms
import sporetorch.dataset as ds


def rows(dataset):
    return [[a.tolist() for a in row] for row in dataset.create_tuple_iterator(output_numpy=True)]


def ten(**kw):
    return ds.NumpySlicesDataset(list(range(10)), shuffle=False, **kw)


def gen3():
    for i in range(3):
        yield np.array([i, i]), np.array(i * 1.0, dtype=np.float32), np.array(i)


def three_columns():
    return ds.GeneratorDataset(gen3, ["x", "y", "w"], shuffle=False)


def test_column_names_of_numpy_slices():
    # MindSpore 2.10
    assert ten().get_col_names() == ["column_0"]
    assert ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4]}).get_col_names() == ["a", "b"]
    assert ds.NumpySlicesDataset(([1, 2], [3, 4])).get_col_names() == ["column_0", "column_1"]


def test_batch_remainders_and_sizes():
    # MindSpore 2.10
    assert rows(ten().batch(3)) == [[[0, 1, 2]], [[3, 4, 5]], [[6, 7, 8]], [[9]]]
    assert ten().batch(3).get_dataset_size() == 4
    assert ten().batch(3, drop_remainder=True).get_dataset_size() == 3
    assert rows(ten().batch(3, drop_remainder=True))[-1] == [[6, 7, 8]]
    assert ten().batch(3).get_batch_size() == 3
    assert rows(ten().batch(4).repeat(2)) == [[[0, 1, 2, 3]], [[4, 5, 6, 7]], [[8, 9]]] * 2


def test_batch_of_arrays_stacks_a_leading_axis():
    d = ds.NumpySlicesDataset({"x": np.arange(6).reshape(3, 2)}, shuffle=False).batch(2)
    assert rows(d) == [[[[0, 1], [2, 3]]], [[[4, 5]]]]  # MindSpore 2.10


def test_per_batch_map():
    def times_ten(col, info):
        assert isinstance(info, ds.BatchInfo)
        return ([a * 10 for a in col],)
    d = ten().batch(4, per_batch_map=times_ten, input_columns=["column_0"])
    assert rows(d) == [[[0, 10, 20, 30]], [[40, 50, 60, 70]], [[80, 90]]]  # MindSpore 2.10


def test_shards_partition_the_data():
    # MindSpore 2.10: shard k takes every 3rd index from k, padded cyclically to ceil(10/3) rows.
    shards = [rows(ten(num_shards=3, shard_id=k)) for k in range(3)]
    assert shards == [[[0], [3], [6], [9]], [[1], [4], [7], [0]], [[2], [5], [8], [1]]]
    assert all(ten(num_shards=3, shard_id=k).get_dataset_size() == 4 for k in range(3))
    ds.config.set_seed(7)
    shuffled = [sorted(r[0] for r in rows(ds.NumpySlicesDataset(list(range(12)), num_shards=4, shard_id=k)))
                for k in range(4)]
    assert sorted(v for s in shuffled for v in s) == list(range(12))  # disjoint and complete when n % shards == 0


def test_shuffle_is_deterministic_with_a_seed_and_reshuffles_each_epoch():
    def order():
        return [r[0] for r in rows(ds.NumpySlicesDataset(list(range(20)), shuffle=True))]
    ds.config.set_seed(5)
    first = order()
    ds.config.set_seed(5)
    assert order() == first
    assert sorted(first) == list(range(20)) and first != list(range(20))
    it = ds.NumpySlicesDataset(list(range(20)), shuffle=True).create_tuple_iterator(num_epochs=2, output_numpy=True)
    epoch1, epoch2 = [int(r[0]) for r in it], [int(r[0]) for r in it]
    assert epoch1 == first and sorted(epoch2) == list(range(20)) and epoch2 != epoch1
    ds.config.set_seed(5)
    buffered = [r[0] for r in rows(ten().shuffle(4))]
    ds.config.set_seed(5)
    assert [r[0] for r in rows(ten().shuffle(4))] == buffered and sorted(buffered) == list(range(10))


def test_take_skip_repeat_split():
    # MindSpore 2.10
    assert ten().repeat(2).get_dataset_size() == 20
    assert rows(ten().take(3)) == [[0], [1], [2]]
    assert rows(ten().skip(8)) == [[8], [9]] and ten().skip(8).get_dataset_size() == 2
    assert ten().take(30).get_dataset_size() == 10
    a, b = ten().split([0.7, 0.3], randomize=False)
    assert rows(a) == [[k] for k in range(7)] and rows(b) == [[7], [8], [9]]
    a, b = ten().split([3, 7], randomize=False)
    assert rows(a) == [[0], [1], [2]] and b.get_dataset_size() == 7
    assert [p.get_dataset_size() for p in ten().split([0.55, 0.45], randomize=False)] == [6, 4]
    ds.config.set_seed(1)
    parts = ten().split([0.5, 0.5])
    assert sorted(r[0] for p in parts for r in rows(p)) == list(range(10))


def test_map_column_order_follows_mindspore():
    # MindSpore 2.10: same count -> in place, pairwise; other counts -> outputs first.
    assert three_columns().map(lambda y: y, input_columns=["y"], output_columns=["z"]).get_col_names() == \
        ["x", "z", "w"]
    assert three_columns().map(lambda x, y: (x, y), input_columns=["y", "x"], output_columns=["a", "b"]) \
        .get_col_names() == ["b", "a", "w"]
    assert three_columns().map(lambda y: (y, y, y), input_columns=["y"], output_columns=["a", "b", "c"]) \
        .get_col_names() == ["a", "b", "c", "x", "w"]
    assert three_columns().map(lambda x, y: x, input_columns=["x", "y"], output_columns=["a"]).get_col_names() == \
        ["a", "w"]
    two_ops = three_columns().map([lambda x: x + 1, lambda x: x * 10], input_columns=["x"])
    assert [r[0] for r in rows(two_ops)] == [[10, 10], [20, 20], [30, 30]]


def test_filter():
    d = ds.NumpySlicesDataset({"a": list(range(6)), "b": list(range(6, 12))}, shuffle=False)
    d = d.filter(lambda a: a % 2 == 0, input_columns=["a"])
    assert rows(d) == [[0, 6], [2, 8], [4, 10]] and d.get_dataset_size() == 3  # MindSpore 2.10


def test_project_rename_zip_concat():
    assert three_columns().project(["y", "x"]).get_col_names() == ["y", "x"]
    assert three_columns().rename(["x"], ["z"]).get_col_names() == ["z", "y", "w"]
    z = ds.zip((three_columns().project(["x"]), ten().rename(["column_0"], ["c"])))
    assert z.get_col_names() == ["x", "c"] and z.get_dataset_size() == 3
    assert rows(z) == [[[0, 0], 0], [[1, 1], 1], [[2, 2], 2]]
    assert rows(ten().take(2) + ten().skip(8)) == [[0], [1], [8], [9]]
    with pytest.raises(ValueError, match="'x'"):
        ds.zip((three_columns(), three_columns()))
    with pytest.raises(ValueError, match="same columns"):
        ten().concat(three_columns())


def test_iterators_and_output_types():
    row = next(ten().create_tuple_iterator())
    assert isinstance(row, list) and isinstance(row[0], ms.Tensor) and row[0].shape == () \
        and row[0].dtype == ms.int64  # MindSpore 2.10
    d = next(ten().create_dict_iterator())
    assert list(d) == ["column_0"] and isinstance(d["column_0"], ms.Tensor)
    assert next(ds.NumpySlicesDataset([1.5, 2.5]).create_tuple_iterator(output_numpy=True))[0].dtype == np.float64
    assert [r[0] for r in rows(ten())] == list(range(10))
    assert len(list(ten())) == 10


def test_generator_sources():
    class RandomAccess:
        def __getitem__(self, i):
            return (np.array(i),)

        def __len__(self):
            return 5
    # MindSpore 2.10
    assert rows(ds.GeneratorDataset(RandomAccess(), ["a"], shuffle=False)) == [[k] for k in range(5)]
    assert rows(ds.GeneratorDataset(RandomAccess(), ["a"], sampler=ds.SequentialSampler(1, 3))) == [[1], [2], [3]]
    assert rows(ds.GeneratorDataset(RandomAccess(), ["a"], sampler=ds.SubsetSampler([4, 0, 2]))) == [[4], [0], [2]]
    assert rows(ds.GeneratorDataset(RandomAccess(), ["a"], sampler=[3, 1])) == [[3], [1]]
    assert [rows(ds.GeneratorDataset(RandomAccess(), ["a"], sampler=ds.DistributedSampler(2, k, shuffle=False)))
            for k in range(2)] == [[[0], [2], [4]], [[1], [3], [0]]]
    assert ds.GeneratorDataset(RandomAccess(), ["a"], num_samples=2).get_dataset_size() == 2
    g = three_columns()
    assert g.get_dataset_size() == 3 and g.get_col_names() == ["x", "y", "w"]


def test_generator_with_worker_processes_reads_every_row():
    class Squares:
        def __getitem__(self, i):
            return np.array(i * i), np.array(i)

        def __len__(self):
            return 8
    d = ds.GeneratorDataset(Squares(), ["sq", "i"], shuffle=False, num_parallel_workers=2)
    assert rows(d) == [[i * i, i] for i in range(8)]


def test_samplers():
    rng = np.random.default_rng(0)
    assert sorted(ds.RandomSampler()._indices(6, rng)) == list(range(6))
    assert len(ds.RandomSampler(replacement=True, num_samples=20)._indices(6, rng)) == 20
    assert sorted(ds.SubsetRandomSampler([5, 1, 3])._indices(6, rng)) == [1, 3, 5]
    w = ds.WeightedRandomSampler([0.0, 1.0, 0.0, 1.0], num_samples=50)
    assert set(w._indices(4, rng)) <= {1, 3}
    assert ds.DistributedSampler(4, 1)._size(10) == 3
    with pytest.raises(ValueError, match="shard_id"):
        ds.DistributedSampler(2, 2)


def test_clear_errors():
    def ragged():
        yield (np.array([1, 2]),)
        yield (np.array([1, 2, 3]),)
    with pytest.raises(RuntimeError, match="column 'a'.*\\(2,\\).*\\(3,\\)"):
        rows(ds.GeneratorDataset(ragged, ["a"], shuffle=False).batch(2))

    def wrong_count():
        yield (np.array(1), np.array(2))
    with pytest.raises(RuntimeError, match="2 columns.*\\['a'\\]"):
        rows(ds.GeneratorDataset(wrong_count, ["a"], shuffle=False))
    with pytest.raises(ValueError, match="'nope'"):
        three_columns().map(lambda x: x, input_columns=["nope"])
    with pytest.raises(ValueError, match="'nope'"):
        three_columns().project(["nope"])
    with pytest.raises(ValueError, match="'nope'"):
        three_columns().rename(["nope"], ["a"])
    with pytest.raises(ValueError, match="ragged"):
        ds.NumpySlicesDataset([[1, 2], [3]])
    with pytest.raises(ValueError, match="'a' has 3, 'b' has 2"):
        ds.NumpySlicesDataset({"a": [1, 2, 3], "b": [1, 2]})
    with pytest.raises(ValueError, match="batch_size"):
        ten().batch(0)
    with pytest.raises(ValueError, match="column_names"):
        ds.GeneratorDataset(gen3)
    with pytest.raises(RuntimeError, match="'map' on columns \\['x'\\].*ZeroDivisionError"):
        rows(three_columns().map(lambda x: 1 // 0, input_columns=["x"]))
