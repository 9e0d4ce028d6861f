"""experimental.optim and lr_scheduler: argument errors of the types MindSpore 2.10 raises."""
import numpy as np
import pytest

from sporetorch import Parameter, Tensor
from sporetorch.experimental import optim
from sporetorch.experimental.optim import lr_scheduler as sched

p = Parameter(Tensor(np.zeros(2, np.float32)), name="p")

# Exception names recorded with MindSpore 2.10 (CPU).
CASES = {
    'sgd_neg_lr': ('ValueError', lambda: optim.SGD([p], lr=-0.1)),
    'sgd_lr_str': ('TypeError', lambda: optim.SGD([p], lr="a")),
    'sgd_neg_mom': ('ValueError', lambda: optim.SGD([p], lr=0.1, momentum=-1)),
    'sgd_nesterov_bad': ('ValueError', lambda: optim.SGD([p], lr=0.1, nesterov=True)),
    'adam_beta': ('ValueError', lambda: optim.Adam([p], betas=(1.0, 0.9))),
    'adam_eps': ('ValueError', lambda: optim.Adam([p], eps=-1.0)),
    'adamw_wd': ('ValueError', lambda: optim.AdamW([p], weight_decay=-1.0)),
    'adamax_beta': ('ValueError', lambda: optim.Adamax([p], betas=(0.9, 1.0))),
    'adagrad_lr0': ('ValueError', lambda: optim.Adagrad([p], lr=0.0)),
    'adadelta_rho': ('ValueError', lambda: optim.Adadelta([p], rho=1.5)),
    'rms_alpha': ('ValueError', lambda: optim.RMSprop([p], alpha=-0.1)),
    'rprop_etas': ('ValueError', lambda: optim.Rprop([p], etas=(1.5, 1.2))),
    'asgd_lambd_int': ('TypeError', lambda: optim.ASGD([p], lambd=1)),
    'nadam_md': ('ValueError', lambda: optim.NAdam([p], momentum_decay=-1.0)),
    'radam_beta': ('ValueError', lambda: optim.RAdam([p], betas=(0.9, 1.5))),
    'none': ('ValueError', lambda: optim.SGD(None, lr=0.1)),
    'group_not_dict': ('TypeError', lambda: optim.SGD([{"params": [p]}, 3], lr=0.1)),
    'wd_str': ('TypeError', lambda: optim.SGD([p], lr=0.1, weight_decay="a")),
    'step_bad_size': ('TypeError', lambda: sched.StepLR(optim.SGD([p], lr=0.1), 1.5)),
    'linear_bad': ('ValueError', lambda: sched.LinearLR(optim.SGD([p], lr=0.1), start_factor=0.0)),
    'cawr_bad': ('ValueError', lambda: sched.CosineAnnealingWarmRestarts(optim.SGD([p], lr=0.1), T_0=0)),
    'plateau_mode': ('ValueError', lambda: sched.ReduceLROnPlateau(optim.SGD([p], lr=0.1), mode="x")),
    'plateau_factor': ('ValueError', lambda: sched.ReduceLROnPlateau(optim.SGD([p], lr=0.1), factor=1.0)),
    'seq_mil': ('ValueError',
               lambda: sched.SequentialLR(optim.SGD([p], lr=0.1), [sched.StepLR(optim.SGD([p], lr=0.1), 2)], [1])),
    'cyclic_mode': ('ValueError', lambda: sched.CyclicLR(optim.SGD([p], lr=0.1), 0.1, 1.0, mode="x")),
    'lambda_len': ('ValueError', lambda: sched.LambdaLR(optim.SGD([p], lr=0.1), [lambda e: 1, lambda e: 1])),
    'poly_power': ('TypeError', lambda: sched.PolynomialLR(optim.SGD([p], lr=0.1), power=2)),
    'multistep_bad': ('TypeError', lambda: sched.MultiStepLR(optim.SGD([p], lr=0.1), [1.5])),
}


@pytest.mark.parametrize("name", list(CASES))
def test_error_type_matches_mindspore(name):
    expected, fn = CASES[name]
    with pytest.raises(Exception) as info:
        fn()
    assert type(info.value).__name__ == expected
