"""Resident memory between epochs: the heaps' free memory goes back to the system at each
epoch's end (``_accel.trim_host_memory``), unless the host memory pool keeps it on purpose."""
import numpy as np

import sporetorch._accel as accel
import sporetorch.dataset as ds
from sporetorch._accel import host_memory


def test_each_epoch_end_trims_once(monkeypatch):
    calls = []
    monkeypatch.setattr(accel, "trim_host_memory", lambda: calls.append(1))
    data = ds.NumpySlicesDataset(np.arange(12, dtype=np.float32), column_names=["x"], shuffle=False)
    data = data.map(lambda x: x + 1, input_columns="x", num_parallel_workers=2).batch(4)
    it = data.create_tuple_iterator(output_numpy=True, num_epochs=3)
    for epoch in range(3):
        got = [b[0] for b in it]
        assert len(calls) == epoch + 1
        np.testing.assert_array_equal(np.concatenate(got), np.arange(1, 13, dtype=np.float32))


def test_trim_leaves_an_engaged_pool_alone(monkeypatch):
    class Libc:
        trims = 0

        def malloc_trim(self, pad):
            Libc.trims += 1
            return 1
    monkeypatch.setitem(host_memory._state, "libc", Libc())
    monkeypatch.setitem(host_memory._state, "engaged", False)
    host_memory.trim()
    assert Libc.trims == 1
    monkeypatch.setitem(host_memory._state, "engaged", True)
    host_memory.trim()
    assert Libc.trims == 1
