"""nn.AdaptiveAvgPool1d/AdaptiveMaxPool1d pool with one fixed window in MindSpore 2.10, so the input
length must be at least output_size and a multiple of it (the messages are MindSpore 2.10's)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn


@pytest.mark.parametrize("cls", [nn.AdaptiveAvgPool1d, nn.AdaptiveMaxPool1d])
def test_length_must_split_evenly(cls):
    name = cls.__name__
    with pytest.raises(ValueError, match=f"For {name}, the input's last dimension must be divisible by output "
                                         "size 3, but got 7"):
        cls(3)(ms.Tensor(np.ones((1, 2, 7), np.float32)))
    with pytest.raises(ValueError, match=f"For {name}, the input's last dimension must be greater or equal to "
                                         "output size 3, but got 2"):
        cls(3)(ms.Tensor(np.ones((1, 2, 2), np.float32)))
    assert cls(3)(ms.Tensor(np.ones((1, 2, 6), np.float32))).shape == (1, 2, 3)
