"""dataset.dataloader._utils.bit_generator and worker: values from MindSpore 2.10."""
import pytest

from sporetorch.dataset.dataloader._utils import bit_generator as b
from sporetorch.dataset.dataloader._utils import worker as w


def test_seed_sequence_as_mindspore():
    # MindSpore 2.10's results.
    assert b.seed_sequence(123456789012345, 3) == [3999280408, 2418223825, 1775828080, 3641838301]
    assert b.seed_sequence(0, 0) == [2968811710, 3677149159, 745650761, 2884920346]
    assert b.mix(5, 7) == 4024365152
    assert b.hashmix(9, b.INIT_A) == (1454921844, 2925155241)


def test_worker_objects_as_mindspore():
    info = w.WorkerInfo(id=1, num_workers=2, seed=3, dataset="d")
    assert repr(info) == "WorkerInfo: {id: 1, num_workers: 2, seed: 3, dataset: d}"
    assert w.get_worker_info() is None
    with pytest.raises(RuntimeError, match="^Cannot modify the attributes of WorkerInfo object after initialization.$"):
        info.id = 5
    try:
        raise ValueError("boom")
    except ValueError:
        caught = w.WorkerException(2)
    with pytest.raises(RuntimeError, match=r"^DataLoader worker 2 \(pid: \d+\) caught ValueError with message:\n"):
        caught.reraise()
    assert repr(w.KeyErrorMsg("a b")) == "a b" and w.ParentProcessMonitor().is_alive()


def test_type_variables_and_debug_hooks(capsys):
    import numpy as np

    from sporetorch.dataset.dataloader import dataloader, sampler
    from sporetorch.dataset.debug.pre_defined_hook import PrintDataHook, PrintMetaDataHook
    assert repr(dataloader._T_co) == "+_T_co" and repr(dataloader._K) == "~_K" and sampler._T_co.__covariant__
    PrintMetaDataHook().compute([np.zeros((2, 3), np.float32), "abc", [1, 2]])
    out = PrintDataHook().compute([np.arange(3), "abc"])
    # MindSpore 2.10 prints these lines and returns the argument tuple.
    assert capsys.readouterr().out.splitlines() == [
        "Column 0. The dtype is [float32]. The shape is [(2, 3)].",
        "Column 1. The type is [<class 'str'>]. The size is [3].",
        "Column 2. The type is [<class 'list'>]. The size is [2].",
        "Column 0. The data is [[0 1 2]].", "Column 1. The data is [abc]."]
    assert len(out) == 1


def test_pin_memory_fn_keeps_structure():
    import queue
    import threading

    from sporetorch import Tensor
    from sporetorch.dataset.dataloader._utils import pin_memory as pm
    out = pm.pin_memory_fn({"a": Tensor([1, 2]), "b": ("s", [Tensor([3])])})
    assert set(out) == {"a", "b"} and out["b"][0] == "s" and out["a"].asnumpy().tolist() == [1, 2]
    in_q, out_q, done = queue.Queue(), queue.Queue(), threading.Event()
    in_q.put((0, [Tensor([5])]))
    thread = threading.Thread(target=pm.pin_worker_fn, args=(in_q, out_q, 0, done))
    thread.start()
    order, data = out_q.get(timeout=10)
    done.set()
    thread.join()
    assert order == 0 and data[0].asnumpy().tolist() == [5]
