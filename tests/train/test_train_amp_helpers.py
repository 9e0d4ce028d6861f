"""mindspore.train.amp's helpers (closed forms and MindSpore 2.10's messages)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn
from sporetorch.train import amp


def test_amp_cast_and_output_casts():
    x = ms.Tensor(np.ones(2, np.float32))
    assert amp.amp_cast(x, ms.float16).dtype == ms.float16
    assert amp.amp_cast(ms.Tensor(np.ones(2, np.int32)), ms.float16).dtype == ms.int32
    assert amp.amp_cast(3, ms.float16) == 3
    assert amp._OutputTo16(nn.Dense(2, 1))(x.reshape(1, 2)).dtype == ms.float16


def test_checks():
    assert amp._check_level("O2", "O1") == ("O2", True)
    with pytest.raises(ValueError, match="Unsupported arg 'foo'"):
        amp._check_kwargs({"foo": 1})
    net = amp._add_loss_network(nn.Dense(2, 1), nn.MSELoss(), ms.float32)
    assert isinstance(net, nn.WithLossCell)
    assert not amp._is_grad_accumulation(nn.SequentialCell([nn.Dense(2, 1)]))


def test_amp_decorator_pushes_strategy():
    from sporetorch._c_expression.amp import get_curr_amp_strategy
    seen = []
    f = amp._set_amp_decorator(lambda: seen.append(get_curr_amp_strategy()), "O1", ms.float16, [], [])
    f()
    assert seen[0] is not None and get_curr_amp_strategy() is None
