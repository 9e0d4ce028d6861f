"""Learning-rate schedules and dynamic_lr lists: first steps against MindSpore 2.10 literals."""
import pytest

import sporetorch as ms
from sporetorch import Tensor, nn

STEPS = [0, 1, 2, 3, 5, 8]

# Recorded from MindSpore 2.10: schedule(Tensor(step, int32)) for STEPS.
SCHEDULES = [
    ('ExponentialDecayLR', (0.1, 0.9, 4), {}, [0.1, 0.09740037, 0.09486832, 0.09240211, 0.08766034, 0.08099999]),
    ('ExponentialDecayLR', (0.1, 0.9, 4), {'is_stair': True}, [0.1, 0.1, 0.1, 0.1, 0.09, 0.08099999]),
    ('NaturalExpDecayLR', (0.1, 0.9, 4), {}, [0.1, 0.04065697, 0.01652989, 0.006720554, 0.0011109, 7.465862e-05]),
    ('NaturalExpDecayLR', (0.1, 0.9, 4), {'is_stair': True}, [0.1, 0.1, 0.1, 0.1, 0.002732373, 7.465862e-05]),
    ('InverseDecayLR', (0.1, 0.5, 4), {}, [0.1, 0.08888889, 0.08000001, 0.07272728, 0.06153847, 0.05]),
    ('InverseDecayLR', (0.1, 0.5, 4), {'is_stair': True}, [0.1, 0.1, 0.1, 0.1, 0.06666667, 0.05]),
    ('CosineDecayLR', (0.01, 0.1, 5), {}, [0.1, 0.09140576, 0.06890577, 0.04109423, 0.01, 0.01]),
    ('PolynomialDecayLR', (0.1, 0.01, 5, 0.5), {}, [0.1, 0.09049845, 0.0797137, 0.066921, 0.01, 0.01]),
    ('PolynomialDecayLR', (0.1, 0.01, 3, 2.0), {'update_decay_steps': True},
     [0.1, 0.05, 0.02, 0.01, 0.0125, 0.01111111]),
    ('WarmUpLR', (0.1, 4), {}, [0.0, 0.025, 0.05, 0.075, 0.1, 0.1]),
]

# Recorded from MindSpore 2.10.
LISTS = [
    ('piecewise_constant_lr', ([2, 5, 6], [0.1, 0.05, 0.01]), [0.1, 0.1, 0.05, 0.05, 0.05, 0.01]),
    ('exponential_decay_lr', (0.1, 0.9, 6, 2, 1),
     [0.1, 0.1, 0.09000000000000001, 0.09000000000000001, 0.08100000000000002, 0.08100000000000002]),
    ('exponential_decay_lr', (0.1, 0.9, 6, 1, 2, True),
     [0.1, 0.1, 0.09000000000000001, 0.09000000000000001, 0.08100000000000002, 0.08100000000000002]),
    ('natural_exp_decay_lr', (0.1, 0.5, 6, 2, 2, True),
     [0.1, 0.1, 0.1, 0.1, 0.036787944117144235, 0.036787944117144235]),
    ('inverse_decay_lr', (0.1, 0.5, 6, 1, 2),
     [0.1, 0.08, 0.06666666666666667, 0.05714285714285715, 0.05, 0.044444444444444446]),
    ('cosine_decay_lr', (0.01, 0.1, 6, 1, 4),
     [0.1, 0.08681980515339464, 0.05500000000000001, 0.023180194846605363, 0.01, 0.01]),
    ('polynomial_decay_lr', (0.1, 0.01, 6, 1, 2, 0.5), [0.1, 0.07363961030678928, 0.01, 0.01, 0.01, 0.01]),
    ('polynomial_decay_lr', (0.1, 0.01, 6, 1, 2, 0.5, True),
     [0.1, 0.07363961030678928, 0.01, 0.05500000000000001, 0.01, 0.04674234614174767]),
    ('warmup_lr', (0.1, 6, 1, 3),
     [0.0, 0.03333333333333333, 0.06666666666666667, 0.10000000000000002, 0.10000000000000002, 0.10000000000000002]),
]


@pytest.mark.parametrize("name,args,kwargs,expected", SCHEDULES)
def test_schedule_first_steps(name, args, kwargs, expected):
    sched = getattr(nn, name)(*args, **kwargs)
    values = [sched(Tensor(s, ms.int32)) for s in STEPS]
    assert all(v.dtype == ms.float32 and v.shape == () for v in values)
    assert [float(v.asnumpy()) for v in values] == pytest.approx(expected, rel=1e-6, abs=1e-9)


@pytest.mark.parametrize("name,args,expected", LISTS)
def test_dynamic_lr_lists(name, args, expected):
    assert getattr(nn, name)(*args) == pytest.approx(expected, rel=1e-12)


def test_schedule_argument_errors():
    with pytest.raises(TypeError):
        nn.ExponentialDecayLR(1, 0.9, 4)
    with pytest.raises(ValueError):
        nn.ExponentialDecayLR(0.1, 0.9, 0)
    with pytest.raises(ValueError, match="max_lr"):
        nn.CosineDecayLR(0.2, 0.1, 5)
    with pytest.raises(TypeError, match="end_learning_rate"):
        nn.PolynomialDecayLR(0.1, 0, 5, 0.5)
    with pytest.raises(ValueError, match="milestone"):
        nn.piecewise_constant_lr([2, 5], [0.1])


def test_custom_schedule_subclass():
    class Halving(nn.learning_rate_schedule.LearningRateSchedule):
        def construct(self, global_step):
            return 0.1 * 0.5 ** global_step.astype(ms.float32)

    assert float(Halving()(Tensor(2, ms.int32)).asnumpy()) == pytest.approx(0.025)
