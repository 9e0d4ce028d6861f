"""set_context/get_context, set_seed/get_seed and single-process communication.
Error types and messages follow MindSpore 2.10 (recorded with the oracle)."""
import random

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import communication
from sporetorch.context import DeviceTargetError


@pytest.fixture(autouse=True)
def restore_context():
    saved = {k: ms.get_context(k) for k in ("mode", "device_target", "device_id", "jit_config")}
    yield
    ms.set_context(**saved)


def test_defaults():
    assert ms.PYNATIVE_MODE == 1 and ms.GRAPH_MODE == 0
    assert ms.get_context("mode") == ms.PYNATIVE_MODE
    assert ms.get_context("device_target") == "CPU" and ms.get_context("device_id") == 0


def test_set_and_get():
    ms.set_context(mode=ms.GRAPH_MODE, jit_config={"jit_level": "O1"})
    assert ms.get_context("mode") == 0 and ms.get_context("jit_config") == {"jit_level": "O1"}
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    assert ms.get_context("mode") == 1


@pytest.mark.parametrize("kwargs,error,match", [
    ({"foo": 1}, ValueError, "the keyword argument foo is not recognized"),
    ({"mode": 5}, ValueError, r"should be context.GRAPH_MODE \(0\) or context.PYNATIVE_MODE \(1\), but got 5"),
    ({"mode": "x"}, TypeError, "The parameter 'mode' must be <class 'int'>"),
    ({"device_target": "TPU"}, ValueError, r"must be one of \['CPU', 'GPU', 'Ascend', 'Davinci'\], but got TPU"),
    ({"device_target": "cpu"}, ValueError, "but got cpu"),
    ({"device_target": "Ascend"}, DeviceTargetError, r"supports one of \['CPU', 'GPU'\]"),
    ({"device_id": -1}, ValueError, r"must be in range \[0, 4095\], but got -1"),
    ({"device_id": "a"}, TypeError, "The parameter 'device_id' must be <class 'int'>"),
    ({"jit_config": "x"}, TypeError, "The parameter 'jit_config' must be <class 'dict'>"),
])
def test_rejected_settings(kwargs, error, match):
    with pytest.raises(error, match=match):
        ms.set_context(**kwargs)


def test_ascend_error_is_both_value_and_runtime_error():
    for exc in (ValueError, RuntimeError):
        with pytest.raises(exc):
            ms.set_context(device_target="Ascend")


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the message on a machine without CUDA")
def test_gpu_without_cuda_is_a_clear_value_error():
    with pytest.raises(ValueError, match="needs CUDA"):
        ms.set_context(device_target="GPU")
    assert ms.get_context("device_target") == "CPU"


@pytest.mark.cuda
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_gpu_target_puts_new_tensors_on_cuda():
    ms.set_context(device_target="GPU")
    assert ms.Tensor([1.0]).to_torch().is_cuda and ms.Tensor([1.0]).device == "GPU"


def test_failed_call_changes_nothing():
    with pytest.raises(ValueError):
        ms.set_context(mode=ms.GRAPH_MODE, device_target="TPU")
    assert ms.get_context("mode") == ms.PYNATIVE_MODE


def test_get_context_unknown_key():
    with pytest.raises(ValueError, match="the argument foo is not recognized"):
        ms.get_context("foo")


def test_set_seed_seeds_numpy_random_and_torch():
    ms.set_seed(5)
    assert ms.get_seed() == 5
    # After mindspore.set_seed(5), MindSpore 2.10 printed these NumPy and random draws.
    assert np.random.rand() == 0.22199317108973948 and random.random() == 0.6229016948897019
    a = torch.rand(3)
    ms.set_seed(5)
    np.random.rand(), random.random()
    assert torch.equal(a, torch.rand(3))


@pytest.mark.parametrize("seed,error,match", [
    (-1, ValueError, "must be int and must >= 0, but got '-1'"),
    (1.5, TypeError, "must be type of int"),
    (True, TypeError, "with type 'bool'"),
    (2 ** 40, ValueError, r"Seed must be between 0 and 2\*\*32 - 1"),
])
def test_set_seed_errors(seed, error, match):
    with pytest.raises(error, match=match):
        ms.set_seed(seed)


def test_single_process_communication():
    # Without init, MindSpore 2.10 also reports rank 0 of 1.
    assert communication.get_rank() == 0 and communication.get_group_size() == 1
    communication.init()
    assert communication.GlobalComm.INITED
    assert communication.get_rank() == 0 and communication.get_group_size() == 1
    from sporetorch.communication.management import get_rank
    assert get_rank() == 0
    with pytest.raises(ValueError):
        communication.init("mpi")
