"""Bounded prefetch (``config.set_prefetch_size``) and the per-operation profile."""
import threading
import time

import numpy as np

import sporetorch.dataset as ds
import sporetorch.dataset.vision as vision
from sporetorch.dataset.engine._profile import profile_pipeline


def test_the_pipeline_runs_at_most_prefetch_size_rows_ahead():
    produced = []

    def source():
        for k in range(1000):
            produced.append(k)
            yield (np.array(k),)
    old = ds.config.get_prefetch_size()
    ds.config.set_prefetch_size(2)
    try:
        it = ds.GeneratorDataset(source, ["x"], shuffle=False).create_tuple_iterator(output_numpy=True)
        assert int(next(it)[0]) == 0
        time.sleep(0.5)
        # one row taken, two in the queue, one waiting to be put
        assert len(produced) <= 4
        it.stop()
    finally:
        ds.config.set_prefetch_size(old)
    assert not [t for t in threading.enumerate() if t.name.startswith("sporetorch-")]


def test_an_abandoned_iterator_stops_its_thread():
    data = ds.GeneratorDataset([(np.array(k),) for k in range(100)], ["x"], shuffle=False)
    for _ in data:
        break
    deadline = time.monotonic() + 5
    while [t for t in threading.enumerate() if t.name.startswith("sporetorch-")] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [t for t in threading.enumerate() if t.name.startswith("sporetorch-")]


def test_profile_names_every_operation():
    rows = [(np.random.RandomState(k).randint(0, 256, (6, 5, 3)).astype(np.uint8),) for k in range(8)]
    data = ds.GeneratorDataset(rows, ["image"], shuffle=False)
    data = data.map([vision.HorizontalFlip(), vision.Normalize([1, 2, 3], [1, 1, 1]), vision.HWC2CHW()],
                    input_columns="image", num_parallel_workers=2).batch(4)
    with profile_pipeline() as prof:
        batches = list(data.create_tuple_iterator(output_numpy=True))
    stats = prof.stats()
    assert len(batches) == 2
    assert stats["map: HorizontalFlip"][0] == 8
    assert stats["batch: stack + Normalize + HWC2CHW"][0] == 2
    assert stats["iterator: waiting for rows"][0] == 3  # two batches and the end
    assert "| map: HorizontalFlip | 8 |" in prof.report()


def test_batches_are_pinned_for_a_gpu_consumer():
    import pytest
    import torch
    if not torch.cuda.is_available():
        pytest.skip("needs CUDA")
    import sporetorch
    old = sporetorch.get_context("device_target")
    sporetorch.set_context(device_target="GPU")
    try:
        data = ds.GeneratorDataset([(np.ones(3, np.float32),)] * 4, ["x"], shuffle=False).batch(2)
        batches = [b[0] for b in data.create_tuple_iterator()]
        assert all(b._t.is_pinned() for b in batches)
    finally:
        sporetorch.set_context(device_target=old)
