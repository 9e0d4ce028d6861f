"""The source-reading helpers of GeneratorDataset (engine.datasets_user_defined), against MindSpore 2.10 CPU."""
import pickle
import queue
import threading

import numpy as np
import pytest

import sporetorch as ms
from sporetorch.dataset.engine import datasets_user_defined as u


def _r(x):
    return repr(x)


def test_convert_row():
    # MindSpore 2.10 CPU
    assert _r(u._convert_row(3)) == "(array(3),)"
    assert _r(u._convert_row((1, 2.5, "a", ms.Tensor([1, 2], ms.int32), {"k": 1}, [1, 2]))) == \
        "(array(1), array(2.5), array('a', dtype='<U1'), array([1, 2], dtype=int32), {'k': 1}, array([1, 2]))"
    assert _r(u._convert_row({"a": 1})) == "({'a': 1},)"
    assert _r(u._convert_row(ms.Tensor([1.5]))) == "(array([1.5], dtype=float32),)"
    assert _r(u._convert_row(b"xy")) == "(array(b'xy', dtype='|S2'),)"
    assert _r(u._convert_row(([1, "a"],))) == "(array(['1', 'a'], dtype='<U21'),)"
    with pytest.raises(TypeError, match="Data type of 1th item of the input or its converted Numpy array is "
                                        "expected to be int or float or str, but got object."):
        u._convert_row([None])


def test_readers():
    # MindSpore 2.10 CPU
    assert _r(list(u._iter_fn([1, 2, 3], 2))) == "[(array(1),), (array(2),)]"
    assert _r(list(u._iter_fn([1, 2, 3], 0))) == "[(array(1),), (array(2),), (array(3),)]"
    assert _r(list(u._iter_fn([1, 2], 5))) == "[(array(1),), (array(2),)]"
    assert _r(list(u._generator_fn(lambda: iter([(1, 2), (3, 4)]), 1))) == "[(array(1), array(2))]"
    assert _r(list(u._generator_fn(lambda: iter([(1, 2), (3, 4)]), None))) == \
        "[(array(1), array(2)), (array(3), array(4))]"
    assert _r(list(u._cpp_sampler_fn([10, 20, 30], np.array([2, 0])))) == "[(array(30),), (array(10),)]"
    with pytest.raises(RuntimeError, match="Sample IDs are not in a numpy array."):
        list(u._cpp_sampler_fn([10, 20, 30], [2, 0]))
    with pytest.raises(RuntimeError, match="Sampler passed an empty sample IDs list."):
        list(u._cpp_sampler_fn([10, 20, 30], np.array([])))

    class Pool:
        def process(self, ids):
            return ids.tolist()
    assert u._cpp_sampler_fn_mp(Pool(), np.array([1, 2])) == [1, 2]
    with pytest.raises(RuntimeError, match="Sample IDs are not in a numpy array."):
        u._cpp_sampler_fn_mp(Pool(), [1])
    assert u._generator_fn_wrapper(lambda a, b: a + b, 3)(4) == 7


class _Worker:
    def __init__(self, cap):
        self.q, self.cap = [], cap

    def put(self, x):
        if len(self.q) >= self.cap:
            raise queue.Full
        self.q.append(x)


def test_worker_dealing_and_sources():
    # MindSpore 2.10 CPU
    ws = [_Worker(2), _Worker(1)]
    assert u._fill_worker_indices(ws, [5, 6, 7, 8, 9], 0, {}) == (3, {})
    assert [w.q for w in ws] == [[5, 7], [6]]
    ws = [_Worker(9), _Worker(0)]
    assert u._fill_worker_indices(ws, [5], 1, {}) == (1, {"0": "QUIT"}) and [w.q for w in ws] == [["QUIT"], []]
    ws = [_Worker(9), _Worker(9)]
    assert u._fill_worker_indices(ws, [5], 1, {"0": "QUIT"}) == (1, {"0": "QUIT", "1": "QUIT"})
    assert [w.q for w in ws] == [[], ["QUIT"]]
    g = u._GeneratorWrapper(iter([1, 2, 3]))
    assert (list(g), list(g), next(iter(g))) == ([1, 2, 3], [1, 2, 3], 1)
    p = u._PickleGeneratorSource([4, 5])
    assert (len(p), p[1], pickle.loads(pickle.dumps(p))[0]) == (2, 5, 4)
    n = u._NumpySlicesDataset({"a": [1, 2], "b": np.array([[1, 2], [3, 4]])})
    assert (n.column_list, len(n), _r(n[1])) == (["a", "b"], 2, "(2, array([3, 4]))")
    n2 = u._NumpySlicesDataset(([1, 2], [3, 4]), ["x", "y"])
    assert (n2.column_list, n2[0], n2.data) == (["x", "y"], (1, 3), ([1, 2], [3, 4]))
    n3 = u._NumpySlicesDataset([7, 8, 9])
    assert (n3.column_list, n3[2]) == (["column_0"], (9,))
    with pytest.raises(ValueError, match="Data length in each column is not equal."):
        u._NumpySlicesDataset(([1, 2], [3]))
    pd = u._PaddedDataset([{"image": 1, "label": 2}, {"image": 3, "label": 4}])
    assert (pd.column_names, len(pd), tuple(pd[1])) == (["image", "label"], 2, (3, 4))
    assert u._ignore_sigint(False) is None
    eof = threading.Event()
    assert u._main_process_already_exit(eof, False, None, None, 1) is False
    eof.set()
    assert u._main_process_already_exit(eof, False, None, None, 1) is True
    assert u._check_shm_usage(2, 4, 1, 1) is None and u._check_shm_usage(2, 4, -1, 1) is None
    with pytest.raises(RuntimeError, match="Insufficient shared memory available. Required: 885837004800000, "):
        u._check_shm_usage(64, 64, 100000, 100000)


class _Src:
    def __getitem__(self, i):
        if i == 3:
            raise KeyError("bad")
        return (np.array([i, i * 10]),)


def test_generator_worker_thread():
    from sporetorch.dataset.transforms import transforms as t
    eof = threading.Event()
    w = u._GeneratorWorkerMt(_Src(), eof, 0)
    # MindSpore 2.10 CPU
    assert (w.name, w.queue_empty(), w.queue_full()) == ("GeneratorWorkerThread0", True, False)
    w.start()
    for i in (2, 0, 3):
        w.put(i)
    assert [w.get()[0].tolist(), w.get()[0].tolist()] == [[2, 20], [0, 0]]
    err = w.get()
    assert type(err).__name__ == "ExceptionHandler" and err.where == "in GeneratorDataset worker process"
    w.put("QUIT")
    eof.set()
    w.join(5)
    assert not w.is_alive()
    for k in range(16):
        w.idx_queue.put(k)
    assert w.queue_full() is True
    t.clean_unused_executors()
    assert t.EXECUTORS_LIST == {}
    mp = u._GeneratorWorkerMp(_Src(), threading.Event(), -1, 4, 1, None, 2)
    assert (mp.name, mp.queue_full(), mp.queue_empty()) == ("GeneratorWorkerProcess2", False, True)
