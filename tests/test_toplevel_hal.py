"""mindspore.hal device queries on a CPU machine (values and messages from MindSpore 2.10's CPU build)."""
import pytest
import torch

import sporetorch as ms
from sporetorch import hal


def test_cpu_queries():
    assert hal.device_count() == 1 and hal.device_count("CPU") == 1
    assert hal.is_available("CPU") is True and hal.is_initialized("CPU") is True
    assert hal.get_device_name(0) == "CPU" and hal.get_device_name(0, "CPU") == "CPU"
    assert hal.get_device_properties(0, "CPU") is None and hal.get_device_capability(0, "CPU") is None
    assert hal.get_arch_list("CPU") is None
    assert hal.is_available("Ascend") is False
    assert hal.memory_allocated is ms.memory_allocated and hal.Stream is ms.Stream


def test_bad_and_unavailable_targets():
    with pytest.raises(ValueError, match=r"For 'hal.is_available', the argument 'device_target' must be one of "
                                         r"\['CPU', 'GPU', 'Ascend'\], but got TPU."):
        hal.is_available("TPU")
    with pytest.raises(ValueError, match="Ascend backend is not available"):
        hal.device_count("Ascend")
    if not torch.cuda.is_available():
        assert hal.is_available("GPU") is False
        with pytest.raises(ValueError, match="GPU backend is not available"):
            hal.device_count("GPU")
    else:
        assert hal.device_count("GPU") == torch.cuda.device_count()
