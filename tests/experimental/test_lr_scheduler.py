"""experimental.optim.lr_scheduler against MindSpore 2.10's recorded learning rates."""
import numpy as np
import pytest

from sporetorch import Parameter, Tensor
from sporetorch.experimental import optim
from sporetorch.experimental.optim import lr_scheduler as sched

# get_last_lr() of two groups (lr 0.1 and 0.2) over 10 steps, recorded with MindSpore 2.10 (CPU).
EXPECTED = {'MultiplicativeLR': [[0.1, 0.2], [0.09, 0.18], [0.081, 0.162], [0.0729, 0.1458], [0.06561, 0.13122],
                      [0.059049, 0.118098], [0.0531441, 0.1062882], [0.0478297, 0.0956594], [0.0430467, 0.0860934],
                      [0.038742, 0.0774841]],
 'CyclicLR': [[0.01, 0.01], [0.04, 0.04], [0.07, 0.07], [0.1, 0.1], [0.07, 0.07], [0.04, 0.04], [0.01, 0.01],
              [0.04, 0.04], [0.07, 0.07], [0.1, 0.1]],
 'CyclicLR2': [[0.01, 0.01], [0.055, 0.155], [0.1, 0.3], [0.07, 0.2033333], [0.04, 0.1066667], [0.01, 0.01],
               [0.0325, 0.0825], [0.055, 0.155], [0.04, 0.1066667], [0.025, 0.0583333]],
 'CyclicLRexp': [[0.01, 0.01], [0.0505, 0.0505], [0.0829, 0.0829], [0.042805, 0.042805], [0.01, 0.01],
                 [0.036572, 0.036572], [0.0578297, 0.0578297], [0.0315234, 0.0315234], [0.01, 0.01],
                 [0.0274339, 0.0274339]],
 'SequentialLR': [[0.05, 0.1], [0.075, 0.15], [0.1, 0.2], [0.1, 0.2], [0.09, 0.18], [0.081, 0.162],
                  [0.0729, 0.1458], [0.06561, 0.13122], [0.059049, 0.118098], [0.0531441, 0.1062882]],
 'PolynomialLR': [[0.1, 0.2], [0.075, 0.15], [0.05, 0.1], [0.025, 0.05], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0],
                  [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]],
 'CAWR1': [[0.1, 0.2], [0.0855018, 0.1708571], [0.0505, 0.1005], [0.0154982, 0.0301429], [0.1, 0.2],
           [0.0855018, 0.1708571], [0.0505, 0.1005], [0.0154982, 0.0301429], [0.1, 0.2], [0.0855018, 0.1708571]],
 'Plateau': [[0.1, 0.2], [0.1, 0.2], [0.1, 0.2], [0.1, 0.2], [0.05, 0.1], [0.05, 0.1], [0.05, 0.1], [0.05, 0.1],
             [0.03, 0.05], [0.03, 0.05]],
 'Plateau_max': [[0.1, 0.2], [0.1, 0.2], [0.05, 0.1], [0.05, 0.1], [0.025, 0.05], [0.0125, 0.025], [0.0125, 0.025],
                 [0.00625, 0.0125], [0.003125, 0.00625], [0.0015625, 0.003125]]}

SCHEDULERS = {
    "MultiplicativeLR": lambda o: sched.MultiplicativeLR(o, lambda e: 0.9),
    "CyclicLR": lambda o: sched.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=3),
    "CyclicLR2": lambda o: sched.CyclicLR(o, base_lr=0.01, max_lr=[0.1, 0.3], step_size_up=2, step_size_down=3,
                                          mode="triangular2"),
    "CyclicLRexp": lambda o: sched.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=2, mode="exp_range", gamma=0.9),
    "SequentialLR": lambda o: sched.SequentialLR(o, [sched.LinearLR(o, start_factor=0.5, total_iters=2),
                                                     sched.ExponentialLR(o, gamma=0.9)], milestones=[3]),
    "PolynomialLR": lambda o: sched.PolynomialLR(o, total_iters=4),
    "CAWR1": lambda o: sched.CosineAnnealingWarmRestarts(o, T_0=4, eta_min=0.001),
    "Plateau": lambda o: sched.ReduceLROnPlateau(o, factor=0.5, patience=1, cooldown=1, min_lr=0.03),
    "Plateau_max": lambda o: sched.ReduceLROnPlateau(o, mode="max", threshold_mode="abs", threshold=0.1, factor=0.5,
                                                     patience=0),
}
METRICS = {
    "Plateau": [1.0, 0.9, 0.95, 0.96, 0.97, 0.5, 0.6, 0.7, 0.8, 0.9],
    "Plateau_max": [1.0, 1.05, 1.2, 1.25, 1.26, 1.5, 1.5, 1.5, 1.6, 1.9],
}


def _param(name):
    return Parameter(Tensor(np.zeros(1, np.float32)), name=name)


@pytest.mark.parametrize("name", list(SCHEDULERS))
def test_matches_mindspore(name):
    opt = optim.SGD([{"params": [_param("p")]}, {"params": [_param("q")], "lr": 0.2}], lr=0.1)
    s = SCHEDULERS[name](opt)
    got = []
    for i in range(10):
        lrs = s.get_last_lr()
        assert all(isinstance(v, Tensor) and v.shape == () for v in lrs)
        got.append([float(v.asnumpy()) for v in lrs])
        if name in METRICS:
            s.step(METRICS[name][i])
        else:
            s.step()
    np.testing.assert_allclose(got, EXPECTED[name], rtol=1e-5, atol=1e-7)


def test_step_to_epoch_uses_the_closed_form():
    opt = optim.SGD([_param("p")], lr=0.1)
    got = []
    for make in (lambda: sched.StepLR(opt, 2, 0.5), lambda: sched.ExponentialLR(opt, 0.5),
                 lambda: sched.CosineAnnealingLR(opt, 4), lambda: sched.LinearLR(opt), lambda: sched.ConstantLR(opt),
                 lambda: sched.PolynomialLR(opt)):
        s = make()
        for epoch in (3, 7):
            s.step(epoch)
            got.append(float(s.get_last_lr()[0].asnumpy()))
    # From MindSpore 2.10.
    expected = [0.05, 0.0125, 0.0125, 0.0007813, 0.0146447, 0.0853554, 0.0733333, 0.1, 0.0333333, 0.1, 0.04, 0.0]
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-7)


def test_chained_schedulers_multiply():
    opt = optim.SGD([_param("p")], lr=0.1)
    a, b = sched.StepLR(opt, 2, 0.5), sched.ExponentialLR(opt, 0.9)
    got = []
    for _ in range(6):
        a.step()
        b.step()
        got.append(float(opt.param_groups[0]["lr"].asnumpy()))
    # From MindSpore 2.10.
    np.testing.assert_allclose(got, [0.09, 0.0405, 0.03645, 0.0164025, 0.0147622, 0.006643], rtol=1e-5)


def test_multistep_closed_form_and_errors():
    opt = optim.SGD([_param("p")], lr=1.0)
    s = sched.MultiStepLR(opt, milestones=[2, 4, 4], gamma=0.5)
    s.step(5)
    assert float(s.get_last_lr()[0].asnumpy()) == 0.125
    with pytest.raises(TypeError, match="not an Optimizer"):
        sched.StepLR(object(), 2)
    with pytest.raises(TypeError, match="'gamma' must be float"):
        sched.StepLR(opt, 2, gamma=1)
    with pytest.raises(KeyError, match="initial_lr"):
        sched.StepLR(optim.SGD([_param("q")], lr=0.1), 2, last_epoch=3)


# get_last_lr() of one group (lr 0.1) over 12 steps, recorded with MindSpore 2.10 (CPU).
SINGLE = {'StepLR': [0.1, 0.1, 0.1, 0.05, 0.05, 0.05, 0.025, 0.025, 0.025, 0.0125, 0.0125, 0.0125],
 'MultiStepLR': [0.1, 0.1, 0.03, 0.03, 0.03, 0.009, 0.009, 0.009, 0.009, 0.0027, 0.0027, 0.0027],
 'ExponentialLR': [0.1, 0.08000001, 0.064, 0.0512, 0.04096, 0.032768, 0.0262144, 0.02097152, 0.01677722, 0.01342178,
                   0.01073742, 0.00858994],
 'CosineAnnealingLR': [0.1, 0.09140576, 0.06890576, 0.04109424, 0.01859423, 0.01, 0.01859424, 0.04109424,
                       0.06890576, 0.09140574, 0.09999998, 0.09140573],
 'CosineAnnealingWarmRestarts': [0.1, 0.075, 0.025, 0.1, 0.09330127, 0.075, 0.05, 0.025, 0.00669872, 0.1,
                                 0.09829629, 0.09330127],
 'LinearLR': [0.025, 0.04375, 0.0625, 0.08125, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1],
 'ConstantLR': [0.05, 0.05, 0.05, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1],
 'LambdaLR': [0.1, 0.09, 0.08099999, 0.07289999, 0.06560999, 0.05904899, 0.05314409, 0.04782968, 0.04304671,
              0.03874204, 0.03486783, 0.03138105]}

SINGLE_SCHEDULERS = {
    "StepLR": lambda o: sched.StepLR(o, step_size=3, gamma=0.5),
    "MultiStepLR": lambda o: sched.MultiStepLR(o, milestones=[2, 5, 9], gamma=0.3),
    "ExponentialLR": lambda o: sched.ExponentialLR(o, gamma=0.8),
    "CosineAnnealingLR": lambda o: sched.CosineAnnealingLR(o, T_max=5, eta_min=0.01),
    "CosineAnnealingWarmRestarts": lambda o: sched.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2),
    "LinearLR": lambda o: sched.LinearLR(o, start_factor=0.25, total_iters=4),
    "ConstantLR": lambda o: sched.ConstantLR(o, factor=0.5, total_iters=3),
    "LambdaLR": lambda o: sched.LambdaLR(o, lr_lambda=lambda e: 0.9 ** e),
}


@pytest.mark.parametrize("name", list(SINGLE_SCHEDULERS))
def test_single_group_matches_mindspore(name):
    s = SINGLE_SCHEDULERS[name](optim.SGD([_param("p")], lr=0.1))
    got = []
    for _ in range(12):
        got.append(float(s.get_last_lr()[0].asnumpy()))
        s.step()
    np.testing.assert_allclose(got, SINGLE[name], rtol=1e-5, atol=1e-8)
