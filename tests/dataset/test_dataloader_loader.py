"""MindSpore 2.10's PyTorch-style DataLoader (dataset.dataloader): batches, samplers, fetchers, worker processes and
argument errors, against values printed by MindSpore 2.10 CPU."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch.dataset import dataloader as dl
from sporetorch.dataset.dataloader import dataloader as dlmod
from sporetorch.dataset.dataloader._utils import fetch


class M(dl.Dataset):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return np.array([i, 10 * i], dtype=np.int32), float(i) / 2

    def __len__(self):
        return self.n


class It(dl.IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        w = dl.get_worker_info()
        if w is None:
            return iter(range(self.n))
        return iter(range(w.id, self.n, w.num_workers))

    def __len__(self):
        return self.n


def show(x):
    if isinstance(x, (list, tuple)):
        return type(x).__name__[0] + "[" + ", ".join(show(v) for v in x) + "]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in x.items()) + "}"
    if isinstance(x, ms.Tensor):
        return f"T{x.asnumpy().tolist()}:{x.dtype}"
    return repr(x)


def shows(loader):
    return [show(b) for b in loader]


# MindSpore 2.10 CPU
B01 = "l[T[[0, 0], [1, 10]]:Int32, T[0.0, 0.5]:Float64]"
B23 = "l[T[[2, 20], [3, 30]]:Int32, T[1.0, 1.5]:Float64]"


def test_batches():
    # MindSpore 2.10 CPU
    assert shows(dl.DataLoader(M(5), batch_size=2)) == [B01, B23, "l[T[[4, 40]]:Int32, T[2.0]:Float64]"]
    assert shows(dl.DataLoader(M(5), batch_size=2, drop_last=True)) == [B01, B23]
    assert shows(dl.DataLoader(M(3), batch_size=None)) == ["l[T[0, 0]:Int32, 0.0]", "l[T[1, 10]:Int32, 0.5]",
                                                           "l[T[2, 20]:Int32, 1.0]"]
    assert (len(dl.DataLoader(M(5), batch_size=2)), len(dl.DataLoader(It(5), batch_size=2)),
            len(dl.DataLoader(It(5), batch_size=2, drop_last=True))) == (3, 3, 2)
    assert shows(dl.DataLoader(It(5), batch_size=2)) == ["T[0, 1]:Int64", "T[2, 3]:Int64", "T[4]:Int64"]
    assert shows(dl.DataLoader(It(5), batch_size=2, drop_last=True)) == ["T[0, 1]:Int64", "T[2, 3]:Int64"]
    assert shows(dl.DataLoader(M(6), batch_size=4, shuffle=True, generator=np.random.default_rng(3))) == [
        "l[T[[2, 20], [5, 50], [4, 40], [1, 10]]:Int32, T[1.0, 2.5, 2.0, 0.5]:Float64]",
        "l[T[[3, 30], [0, 0]]:Int32, T[1.5, 0.0]:Float64]"]
    td = dl.TensorDataset(ms.Tensor(np.arange(6).reshape(3, 2), ms.float32), ms.Tensor([1, 2, 3], ms.int32))
    assert len(td) == 3
    assert shows(dl.DataLoader(td, batch_size=2)) == ["l[T[[0.0, 1.0], [2.0, 3.0]]:Float32, T[1, 2]:Int32]",
                                                      "l[T[[4.0, 5.0]]:Float32, T[3]:Int32]"]
    assert shows(dl.DataLoader([{"a": 1, "b": "x"}, {"a": 2, "b": "y"}], batch_size=2)) == \
        ["{a: T[1, 2]:Int64, b: l['x', 'y']}"]
    it = iter(dl.DataLoader(M(3)))
    assert (type(it).__name__, len(it)) == ("_SingleProcessIterator", 3)


def test_samplers():
    # MindSpore 2.10 CPU
    assert list(dl.RandomSampler(range(7), generator=np.random.default_rng(1))) == [5, 0, 1, 4, 2, 6, 3]
    assert list(dl.RandomSampler(range(7), True, 40, np.random.default_rng(2))) == [
        5, 1, 0, 2, 2, 5, 3, 0, 2, 4, 5, 5, 6, 1, 6, 0, 3, 1, 1, 4, 2, 3, 1, 1, 5, 3, 4, 4, 6, 2, 1, 4, 6, 6, 6, 4, 2,
        2, 0, 1]
    assert list(dl.BatchSampler(range(10), 4, False)) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert list(dl.BatchSampler(range(10), 4, True)) == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert len(dl.BatchSampler(range(10), 4, False)) == 3
    assert list(dl.DistributedSampler(range(10), 3, 1)) == [6, 3, 0, 4]
    assert list(dl.DistributedSampler(range(10), 3, 2, shuffle=False, drop_last=True)) == [2, 5, 8]
    assert list(dl.DistributedSampler(range(10), 4, 3, shuffle=False)) == [3, 7, 1]
    s = dl.DistributedSampler(range(10), 3, 0, seed=4)
    s.set_epoch(2)
    assert (list(s), len(s)) == ([2, 9, 4, 1], 4)
    inf = iter(dlmod.InfiniteSampler())
    assert [next(inf) for _ in range(3)] == [None, None, None]


def test_fetchers():
    # MindSpore 2.10 CPU
    assert [d.value for d in dlmod.DatasetType] == ["MapDataset", "IterableDataset"]
    assert type(dlmod.FetcherFactory.create_fetcher("IterableDataset", It(2), False, None)).__name__ == \
        "IterableDatasetFetcher"
    with pytest.raises(ValueError, match="Unknown dataset type: X."):
        dlmod.FetcherFactory.create_fetcher("X", None, False, None)
    assert show(fetch.MapDatasetFetcher(M(4), True, None).fetch([1, 3])) == \
        "l[T[[1, 10], [3, 30]]:Int32, T[0.5, 1.5]:Float64]"
    assert show(fetch.MapDatasetFetcher(M(4), False, None).fetch(2)) == "l[T[2, 20]:Int32, 1.0]"
    fi = fetch.IterableDatasetFetcher(It(3), True, None, False)
    assert (show(fi.fetch([0, 0])), show(fi.fetch([0, 0]))) == ("T[0, 1]:Int64", "T[2]:Int64")
    with pytest.raises(StopIteration):
        fi.fetch([0])


class Bad(dl.Dataset):
    def __getitem__(self, i):
        raise KeyError("boom")

    def __len__(self):
        return 2


def test_workers():
    # MindSpore 2.10 CPU
    assert shows(dl.DataLoader(M(6), batch_size=2, num_workers=2)) == [
        B01, B23, "l[T[[4, 40], [5, 50]]:Int32, T[2.0, 2.5]:Float64]"]
    assert shows(dl.DataLoader(It(6), batch_size=2, num_workers=2)) == [
        "T[0, 2]:Int64", "T[1, 3]:Int64", "T[4]:Int64", "T[5]:Int64"]
    with pytest.raises(RuntimeError, match=r"DataLoader worker 0 \(pid: \d+\) caught KeyError"):
        list(dl.DataLoader(Bad(), num_workers=1))


@pytest.mark.parametrize("kwargs, err, msg", [  # MindSpore 2.10 CPU
    (dict(batch_size=0), ValueError, "batch_size must be positive, but got: 0."),
    (dict(batch_size=True), TypeError, "batch_size must be <class 'int'>, but got: bool."),
    (dict(shuffle=1), TypeError, "shuffle must be <class 'bool'>, but got: int."),
    (dict(sampler=[0], shuffle=True), ValueError, "sampler cannot be specified with shuffle."),
    (dict(batch_sampler=[[0]], batch_size=2), ValueError, "batch_size cannot be specified with batch_sampler."),
    (dict(num_workers=-1), ValueError, "num_workers must be non-negative, but got: -1."),
    (dict(timeout=-1), ValueError, "timeout must be non-negative, but got: -1."),
    (dict(prefetch_factor=2), ValueError,
     "prefetch_factor must only be specified when num_workers is greater than 0, but got: 0."),
    (dict(persistent_workers=True), ValueError,
     "persistent_workers must only be specified when num_workers is greater than 0, but got: 0."),
    (dict(multiprocessing_context="fork"), ValueError,
     "multiprocessing_context must only be specified when num_workers is greater than 0, but got: 0."),
    (dict(generator=3), TypeError, "generator must be <class 'numpy.random._generator.Generator'>, but got: int."),
])
def test_argument_errors(kwargs, err, msg):
    with pytest.raises(err) as info:
        dl.DataLoader(M(3), **kwargs)
    assert str(info.value) == msg


def test_other_errors():
    # MindSpore 2.10 CPU
    with pytest.raises(ValueError, match="shuffle cannot be specified when dataset is iterable style."):
        dl.DataLoader(It(3), shuffle=True)
    with pytest.raises(ValueError, match="sampler cannot be specified when dataset is iterable style."):
        dl.DataLoader(It(3), sampler=[0])
    with pytest.raises(NotImplementedError, match="object should implement __getitem__ method if it is map style."):
        dl.DataLoader(object())
    with pytest.raises(ValueError, match="All tensors must have the same size in the first dimension."):
        dl.TensorDataset(ms.Tensor([1, 2]), ms.Tensor([1]))
    with pytest.raises(ValueError, match=r"Invalid rank: 2, rank must be in the interval \[0, 1\]"):
        dl.DistributedSampler(range(3), 2, 2)
