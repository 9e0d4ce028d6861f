"""mindspore.device_context on torch: thread count and device queries."""
import pytest
import torch

import sporetorch as ms


def test_cpu_threads_num_sets_torch_threads():
    before = torch.get_num_threads()
    try:
        ms.device_context.cpu.op_tuning.threads_num(1)
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)
    with pytest.raises(TypeError, match="threads_num"):
        ms.device_context.cpu.op_tuning.threads_num(0)


def test_device_queries():
    # MindSpore 2.10: device_context.cpu.device_count() == 1 and is_available() is True.
    assert ms.device_context.cpu.device_count() == 1
    assert ms.device_context.cpu.is_available() is True
    assert ms.device_context.gpu.is_available() == torch.cuda.is_available()
    assert ms.device_context.gpu.device_count() == torch.cuda.device_count()


def test_gpu_algo_modes_validated():
    with pytest.raises(ValueError, match="conv_fprop_algo"):
        ms.device_context.gpu.op_tuning.conv_fprop_algo("fastest")
    before = torch.backends.cudnn.benchmark
    try:
        ms.device_context.gpu.op_tuning.conv_fprop_algo("performance")
        assert torch.backends.cudnn.benchmark is True
    finally:
        torch.backends.cudnn.benchmark = before
