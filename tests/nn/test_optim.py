"""Optimizers: 5-step updates against MindSpore 2.10, state naming, groups, errors and atomicity.

The literals below were recorded from real MindSpore 2.10 (CPU) with the script's problem: two
Parameters ``w`` (2, 3) and ``b`` (2,) and five fixed gradient pairs drawn from
``np.random.RandomState(0)``. Each case lists the class, its arguments, ``w`` after step 1,
``w`` and ``b`` after step 5, and ``optimizer.parameters_and_names()`` names.
"""
import math
import os

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Parameter, Tensor, nn

_rs = np.random.RandomState(0)
W0 = _rs.uniform(-1, 1, (2, 3)).astype(np.float32)
B0 = _rs.uniform(-1, 1, (2,)).astype(np.float32)
GW = [_rs.uniform(-1, 1, (2, 3)).astype(np.float32) for _ in range(5)]
GB = [_rs.uniform(-1, 1, (2,)).astype(np.float32) for _ in range(5)]

# Recorded from MindSpore 2.10.
MINDSPORE_CASES = {
    'SGD': ('SGD', {'learning_rate': 0.1}, [[0.00489445, 0.4536904, 0.1471817], [0.08398739, -0.1662993, 0.2066689]],
     [[0.07506285, 0.3738123, 0.3427146], [-0.0451019, -0.1209158, 0.02644871]], [-0.2004328, 0.8878177],
     ['global_step', 'learning_rate', 'w', 'b', 'momentum', 'accum.w', 'accum.b', 'stat.w', 'stat.b']),
    'SGD_mom': ('SGD', {'dampening': 0.1, 'learning_rate': 0.1, 'momentum': 0.9, 'weight_decay': 0.01},
     [[0.004796825, 0.4532601, 0.1469762], [0.08389762, -0.1661466, 0.2063771]],
     [[-0.1203393, 0.4651298, 0.359198], [-0.2689903, -0.1318458, -0.4704958]], [-0.499766, 0.8872246],
     ['global_step', 'learning_rate', 'w', 'b', 'momentum', 'accum.w', 'accum.b', 'stat.w', 'stat.b']),
    'SGD_nest': ('SGD', {'learning_rate': 0.1, 'momentum': 0.9, 'nesterov': True},
     [[-0.07856485, 0.4746709, 0.09467124], [0.0787863, -0.1785473, 0.1300615]],
     [[-0.104778, 0.4049804, 0.5226092], [-0.4011301, -0.09670679, -0.6994006]], [-0.5418677, 1.01573],
     ['global_step', 'learning_rate', 'w', 'b', 'momentum', 'accum.w', 'accum.b', 'stat.w', 'stat.b']),
    'Momentum': ('Momentum', {'learning_rate': 0.1, 'momentum': 0.9, 'weight_decay': 0.01},
     [[0.004796825, 0.4532601, 0.1469762], [0.08389762, -0.1661466, 0.2063771]],
     [[-0.1023672, 0.4585375, 0.4028248], [-0.3061021, -0.1233908, -0.5162479]], [-0.5011082, 0.9156067],
     ['global_step', 'learning_rate', 'w', 'b', 'momentum', 'moments.w', 'moments.b']),
    'Momentum_ls': ('Momentum', {'learning_rate': 0.1, 'loss_scale': 8.0, 'momentum': 0.9, 'weight_decay': 0.1},
     [[0.08505917, 0.4289889, 0.1961784], [0.08814633, -0.1528646, 0.2782304]],
     [[0.06148826, 0.3784351, 0.2042611], [0.02990839, -0.1292354, 0.1563587]], [-0.1544254, 0.7009879],
     ['global_step', 'learning_rate', 'w', 'b', 'momentum', 'moments.w', 'moments.b']),
    'Adam': ('Adam', {'learning_rate': 0.01, 'weight_decay': 0.01},
     [[0.08762701, 0.4403787, 0.1955268], [0.07976642, -0.1626904, 0.2817882]],
     [[0.08342645, 0.4460498, 0.207701], [0.05062113, -0.1654441, 0.2451033]], [-0.1522801, 0.7796569],
     ['global_step', 'learning_rate', 'w', 'b', 'beta1_power', 'beta2_power', 'moment1.w', 'moment1.b', 'moment2.w',
      'moment2.b']),
    'Adam_ams': ('Adam', {'learning_rate': 0.01, 'use_amsgrad': True},
     [[0.08762701, 0.4403787, 0.1955268], [0.07976642, -0.1626904, 0.2817882]],
     [[0.08346658, 0.4462647, 0.2078125], [0.05065274, -0.1655438, 0.2451244]], [-0.1523535, 0.780271],
     ['global_step', 'learning_rate', 'w', 'b', 'beta1_power', 'beta2_power', 'moment1.w', 'moment1.b', 'moment2.w',
      'moment2.b', 'vhat.w', 'vhat.b']),
    'Adam_nest': ('Adam', {'learning_rate': 0.01, 'use_nesterov': True},
     [[0.07862701, 0.4493787, 0.1865268], [0.07076647, -0.1716904, 0.2727882]],
     [[0.07873967, 0.4538748, 0.2077014], [0.03275933, -0.1749287, 0.2299067]], [-0.1590647, 0.7801543],
     ['global_step', 'learning_rate', 'w', 'b', 'beta1_power', 'beta2_power', 'moment1.w', 'moment1.b', 'moment2.w',
      'moment2.b']),
    'AdamWeightDecay': ('AdamWeightDecay', {'learning_rate': 0.01, 'weight_decay': 0.1},
     [[0.06590747, 0.461567, 0.1737], [0.05807091, -0.1841533, 0.2598746]],
     [[0.04470203, 0.4789849, 0.2367539], [-0.08872551, -0.1882714, 0.07281163]], [-0.2439965, 0.7886312],
     ['global_step', 'learning_rate', 'w', 'b', 'adam_m.w', 'adam_m.b', 'adam_v.w', 'adam_v.b']),
    'LazyAdam': ('LazyAdam', {'learning_rate': 0.01, 'weight_decay': 0.01},
     [[0.08762701, 0.4403787, 0.1955268], [0.07976642, -0.1626904, 0.2817882]],
     [[0.08342645, 0.4460498, 0.207701], [0.05062113, -0.1654441, 0.2451033]], [-0.1522801, 0.7796569],
     ['global_step', 'learning_rate', 'w', 'b', 'beta1_power', 'beta2_power', 'moment1.w', 'moment1.b', 'moment2.w',
      'moment2.b']),
    'AdaMax': ('AdaMax', {'learning_rate': 0.01, 'weight_decay': 0.01},
     [[0.08762701, 0.4403787, 0.1955267], [0.07976637, -0.1626904, 0.2817882]],
     [[0.08364969, 0.444569, 0.2040963], [0.05946139, -0.1649559, 0.2524985]], [-0.1462423, 0.7769369],
     ['global_step', 'learning_rate', 'w', 'b', 'beta1_power', 'moment1.w', 'moment1.b', 'moment2.w', 'moment2.b']),
    'Adagrad': ('Adagrad', {'accum': 0.1, 'learning_rate': 0.1, 'weight_decay': 0.01},
     [[0.00296855, 0.4889996, 0.1175397], [0.07151932, -0.1918452, 0.1980094]],
     [[0.05485545, 0.4505877, 0.265634], [-0.08491701, -0.1777933, 0.05275124]], [-0.2107691, 0.8416869],
     ['global_step', 'learning_rate', 'w', 'b', 'accum.w', 'accum.b']),
    'Adadelta': ('Adadelta', {'epsilon': 1e-06, 'learning_rate': 1.0, 'rho': 0.9, 'weight_decay': 0.01},
     [[0.09446475, 0.4335407, 0.2023645], [0.08660867, -0.1558518, 0.288626]],
     [[0.09731745, 0.4285049, 0.2102629], [0.07746018, -0.1534059, 0.280499]], [-0.1274871, 0.7877953],
     ['global_step', 'learning_rate', 'w', 'b', 'accum.w', 'accum.b', 'accum_update.w', 'accum_update.b']),
    'RMSProp': ('RMSProp', {'learning_rate': 0.01, 'momentum': 0.5, 'weight_decay': 0.01},
     [[0.08827914, 0.4327837, 0.1994693], [0.08914787, -0.1541074, 0.2831292]],
     [[0.09091453, 0.4234855, 0.223949], [0.06415544, -0.1464987, 0.2431169]], [-0.1430548, 0.7978864],
     ['global_step', 'learning_rate', 'w', 'b', 'mean_square.w', 'mean_square.b', 'moment.w', 'moment.b']),
    'RMSProp_c': ('RMSProp', {'centered': True, 'learning_rate': 0.01, 'momentum': 0.5},
     [[0.08824712, 0.4328294, 0.1994787], [0.08915731, -0.1541236, 0.2831242]],
     [[0.0908297, 0.4239137, 0.2242425], [0.06407689, -0.1466458, 0.2426706]], [-0.1433075, 0.7986692],
     ['global_step', 'learning_rate', 'w', 'b', 'mean_grad.w', 'mean_grad.b', 'mean_square.w', 'mean_square.b',
      'moment.w', 'moment.b']),
    'ProximalAdagrad': ('ProximalAdagrad', {'l1': 0.01, 'l2': 0.02, 'learning_rate': 0.1},
     [[0.001954274, 0.4847034, 0.115754], [0.06825393, -0.1882222, 0.1965141]],
     [[0.05119966, 0.440577, 0.2597897], [-0.08332174, -0.1686149, 0.04749725]], [-0.2047699, 0.8285782],
     ['global_step', 'learning_rate', 'w', 'b', 'accum.w', 'accum.b']),
    'FTRL_l2': ('FTRL', {'l2': 0.02, 'learning_rate': 0.1, 'weight_decay': 0.01},
     [[-0.02839602, 0.1389004, 0.019752], [-0.01653435, -0.05075525, 0.09627528]],
     [[0.02339829, 0.101334, 0.1675942], [-0.1719911, -0.03697574, -0.0483002]], [-0.1682319, 0.3333229],
     ['global_step', 'learning_rate', 'w', 'b', 'moments.w', 'moments.b', 'linear.w', 'linear.b']),
    'ASGD': ('ASGD', {'learning_rate': 0.1, 'weight_decay': 0.01},
     [[0.004795849, 0.4532557, 0.1469742], [0.08389672, -0.1661451, 0.2063742]],
     [[0.07480536, 0.3715126, 0.3416089], [-0.04523195, -0.1201258, 0.02566032]], [-0.1994179, 0.8838314],
     ['global_step', 'learning_rate', 'w', 'b', 'mu_w', 'mu_b', 'eta_w', 'eta_b', 'ax_.w', 'ax_.b']),
    'Rprop': ('Rprop', {'learning_rate': 0.1, 'weight_decay': 0.01},
     [[-0.002372995, 0.5303788, 0.1055268], [-0.01023363, -0.2526904, 0.1917882]],
     [[-0.027373, 0.5183787, 0.1805268], [-0.3462336, -0.3126904, -0.4523718]], [-0.3348256, 0.758546],
     ['global_step', 'learning_rate', 'w', 'b', 'prev.w', 'prev.b', 'step_size.w', 'step_size.b']),
    'AdaFactor': ('AdaFactor', {}, [[0.09732106, 0.4306435, 0.2053534], [0.08974165, -0.1528908, 0.2914604]],
     [[0.09684525, 0.4312426, 0.2059665], [0.08832628, -0.1531743, 0.2886771]], [-0.1274167, 0.7840154],
     ['global_step', 'learning_rate', 'w', 'b', 'exp_avg.w', 'exp_avg.b', 'exp_avg_sq_row_w', 'exp_avg_sq_row_b',
      'exp_avg_sq_col_w', 'exp_avg_sq_col_b', 'exp_avg_sq_w', 'exp_avg_sq_b', 'step']),
    'AdaFactor_lr': ('AdaFactor',
     {'learning_rate': 0.01, 'relative_step': False, 'scale_parameter': False, 'warmup_init': False},
     [[0.09636657, 0.4314694, 0.2048128], [0.08966453, -0.1535159, 0.2904377]],
     [[0.0944076, 0.4339384, 0.2073399], [0.08383361, -0.1546857, 0.2789707]], [-0.1294449, 0.7843862],
     ['global_step', 'learning_rate', 'w', 'b', 'exp_avg.w', 'exp_avg.b', 'exp_avg_sq_row_w', 'exp_avg_sq_row_b',
      'exp_avg_sq_col_w', 'exp_avg_sq_col_b', 'exp_avg_sq_w', 'exp_avg_sq_b', 'step']),
    'AdamOffload': ('AdamOffload', {'learning_rate': 0.01, 'weight_decay': 0.01},
     [[0.08762701, 0.4403787, 0.1955268], [0.07976642, -0.1626904, 0.2817882]],
     [[0.08342645, 0.4460498, 0.207701], [0.05062113, -0.1654441, 0.2451033]], [-0.1522801, 0.7796569],
     ['global_step', 'learning_rate', 'w', 'b', 'beta1_power', 'beta2_power', 'moment1.w', 'moment1.b', 'moment2.w',
      'moment2.b']),
    'LazyAdam_nest': ('LazyAdam', {'learning_rate': 0.01, 'use_nesterov': True},
     [[0.07862701, 0.4493787, 0.1865268], [0.07076647, -0.1716904, 0.2727882]],
     [[0.07873967, 0.4538748, 0.2077014], [0.03275933, -0.1749287, 0.2299067]], [-0.1590647, 0.7801543],
     ['global_step', 'learning_rate', 'w', 'b', 'beta1_power', 'beta2_power', 'moment1.w', 'moment1.b', 'moment2.w',
      'moment2.b']),
}


def _params():
    return Parameter(Tensor(W0.copy()), name="w"), Parameter(Tensor(B0.copy()), name="b")


def _grads(k):
    return Tensor(GW[k]), Tensor(GB[k])


@pytest.mark.parametrize("case", sorted(MINDSPORE_CASES))
def test_five_steps_match_mindspore(case):
    cls, kwargs, w_step1, w_final, b_final, names = MINDSPORE_CASES[case]
    w, b = _params()
    opt = getattr(nn, cls)([w, b], **kwargs)
    assert [n for n, _ in opt.parameters_and_names()] == names
    for k in range(5):
        # MindSpore 2.10 returns one True per Parameter; ASGD and Rprop (Python loops there) a single True
        assert opt(_grads(k)) == (True if cls in ("ASGD", "Rprop") else (True, True))
        if k == 0:
            np.testing.assert_allclose(w.asnumpy(), w_step1, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(w.asnumpy(), w_final, rtol=1e-5, atol=5e-6)
    np.testing.assert_allclose(b.asnumpy(), b_final, rtol=1e-5, atol=5e-6)
    assert opt.global_step.asnumpy().tolist() == [5]



def _strided(a):
    """A Tensor with ``a``'s values whose strides are not those of a contiguous array."""
    t = torch.from_numpy(np.ascontiguousarray(a.T)).T
    assert not t.is_contiguous()
    return Tensor(t)


@pytest.mark.parametrize("case", sorted(MINDSPORE_CASES))
def test_gradients_in_another_layout_update_as_contiguous_ones(case):
    # autograd.grad hands back some gradients in another layout than their Parameter's (a compiled
    # convolution's weight gradient comes channels-last); torch's fused SGD and Adam kernels walk
    # memory in order, so the same values in another layout updated the wrong elements.
    cls, kwargs, w_step1, w_final, b_final, _ = MINDSPORE_CASES[case]
    w, b = _params()
    opt = getattr(nn, cls)([w, b], **kwargs)
    for k in range(5):
        opt((_strided(GW[k]), Tensor(GB[k])))
        if k == 0:
            np.testing.assert_allclose(w.asnumpy(), w_step1, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(w.asnumpy(), w_final, rtol=1e-5, atol=5e-6)
    np.testing.assert_allclose(b.asnumpy(), b_final, rtol=1e-5, atol=5e-6)
    assert w._t.is_contiguous()


def test_gradient_layouts_differing_only_in_size_one_strides_are_not_copied():
    # GRAPH_MODE's eager variant returns 1x1 convolutions' weight gradients with other strides in
    # their size-1 dimensions: the same memory order, so the fused kernels may take them as they are.
    from sporetorch.ops.function.optim_func import _same_memory_order
    p = torch.zeros(8, 4, 1, 1)
    assert _same_memory_order(torch.zeros(8, 4, 1, 1).as_strided((8, 4, 1, 1), (4, 1, 4, 4)), p)
    assert not _same_memory_order(torch.zeros(8, 4, 1, 1).contiguous(memory_format=torch.channels_last)
                                  .as_strided((8, 4, 1, 1), (1, 8, 1, 1)), p)
    w = Parameter(Tensor(np.ones((8, 4, 1, 1), np.float32)), name="w")
    g = torch.arange(32, dtype=torch.float32).reshape(8, 4, 1, 1).as_strided((8, 4, 1, 1), (4, 1, 4, 4))
    nn.SGD([w], learning_rate=0.5, momentum=0.9)((Tensor(g),))
    np.testing.assert_allclose(w.asnumpy(), 1.0 - 0.5 * g.numpy())

def _numpy_momentum_nesterov(lr, u, steps):
    w, b = W0.astype(np.float64), B0.astype(np.float64)
    vw, vb = np.zeros_like(w), np.zeros_like(b)
    for k in range(steps):
        vw = u * vw + GW[k]
        vb = u * vb + GB[k]
        w = w - lr * (GW[k] + u * vw)
        b = b - lr * (GB[k] + u * vb)
    return w, b


def test_momentum_nesterov_closed_form():
    # MindSpore 2.10's CPU kernel ignores use_nesterov; the documented formula is checked instead.
    w, b = _params()
    opt = nn.Momentum([w, b], learning_rate=0.1, momentum=0.9, use_nesterov=True)
    for k in range(5):
        opt(_grads(k))
    ew, eb = _numpy_momentum_nesterov(0.1, 0.9, 5)
    np.testing.assert_allclose(w.asnumpy(), ew, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(b.asnumpy(), eb, rtol=1e-5, atol=1e-6)


def test_ftrl_l1_closed_form():
    lr, l1, l2, k = 0.1, 0.01, 0.02, -0.5
    w, b = _params()
    opt = nn.FTRL([w, b], learning_rate=lr, l1=l1, l2=l2)
    n, z, p = np.full_like(W0, 0.1, dtype=np.float64), np.zeros_like(W0, dtype=np.float64), W0.astype(np.float64)
    for step in range(3):
        opt(_grads(step))
        g = GW[step]
        n_new = n + g * g
        z = z + g - (n_new ** -k - n ** -k) / lr * p
        p = np.where(np.abs(z) > l1, (np.sign(z) * l1 - z) / (n_new ** -k / lr + 2 * l2), 0.0)
        n = n_new
    np.testing.assert_allclose(w.asnumpy(), p, rtol=1e-5, atol=1e-6)


def test_adagrad_without_slot_updates_closed_form():
    # MindSpore 2.10's CPU kernel updates the accumulator even with update_slots=False.
    w, b = _params()
    opt = nn.Adagrad([w, b], learning_rate=0.1, update_slots=False)
    for k in range(3):
        opt(_grads(k))
    expected = W0 - 0.1 * sum(GW[:3]) / np.sqrt(0.1)
    np.testing.assert_allclose(w.asnumpy(), expected, rtol=1e-5, atol=1e-6)


# MindSpore 2.10 has no CPU kernel for Lamb's and LARS's Primitives: the values below come from
# MindSpore 2.10 on CPU running nn.Lamb and nn.LARS with those Primitives replaced by MindSpore
# ops computing their kernels' formulas (Lamb: the GPU kernel, LARSUpdate: the Ascend kernel).
# The optimizers take the Parameters 'fc.weight' (W0) and 'fc.bias' (B0) and three steps.
LR3 = [0.1, 0.05, 0.02]
LAMB_LARS_MAKERS = {
    "Lamb": lambda w, b: nn.Lamb([w, b], nn.PolynomialDecayLR(0.1, 0.01, 4, 1.0), weight_decay=0.01),
    # No weight decay for the bias group.
    "Lamb_groups": lambda w, b: nn.Lamb([{"params": [w], "weight_decay": 0.01}, {"params": [b]}], LR3, beta1=0.8,
                                        beta2=0.99, eps=1e-4),
    "LARS": lambda w, b: nn.LARS(nn.Momentum([w, b], LR3, 0.9, weight_decay=0.01, loss_scale=2.0),
                                 coefficient=0.01),
    "LARS_clip": lambda w, b: nn.LARS(nn.Momentum([w, b], LR3, 0.9, weight_decay=0.01), coefficient=0.1,
                                      use_clip=True),
    "LARS_sgd": lambda w, b: nn.LARS(nn.SGD([w, b], 0.1, momentum=0.9, weight_decay=0.1), coefficient=0.02),
}

# Values from MindSpore 2.10: the weight's 6 values and the bias's 2 after each step, and the
# state after the last step (but the bias's).
LAMB_LARS_VALUES = {
    "Lamb": (
        [[0.073334262, 0.45454326, 0.18120784, 0.065475918, -0.17692225, 0.26744837, -0.18067479, 0.72718894],
         [0.073664248, 0.47719896, 0.18846168, 0.04519403, -0.19923888, 0.24218079, -0.22251534, 0.68692034],
         [0.064395219, 0.4820773, 0.19492857, 0.023520334, -0.19668767, 0.22007662, -0.25285748, 0.71254277]],
        {"global_step": [3],
         "lamb_m.fc.weight": [0.093623556, -0.033367489, -0.046805367, 0.12065841, -0.015253685, 0.16353308],
         "lamb_v.fc.weight": [0.0025097877, 0.0010933713, 0.0012654935, 0.00076021097, 0.00091050443, 0.0013484642]}),
    "Lamb_groups": (
        [[0.073323682, 0.45454606, 0.18119878, 0.065504283, -0.17691773, 0.26743799, -0.18093386, 0.72744685],
         [0.074460171, 0.46918172, 0.18664636, 0.052215375, -0.19136715, 0.25164914, -0.20838037, 0.70192277],
         [0.071057752, 0.47039777, 0.18924074, 0.044157501, -0.18984582, 0.24401729, -0.21843247, 0.71257186]],
        {"global_step": [3],
         "lamb_m.fc.weight": [0.17287655, -0.042294167, -0.094256744, 0.2260471, -0.046260647, 0.28332505],
         "lamb_v.fc.weight": [0.024877997, 0.010862748, 0.012511279, 0.007561774, 0.0090739839, 0.013305816]}),
    "LARS": (
        [[0.097239681, 0.43047231, 0.20528185, 0.089741535, -0.15274584, 0.29143101, -0.16920039, 0.76536399],
         [0.097197913, 0.43064094, 0.20531958, 0.089627087, -0.15285645, 0.2911548, -0.18214445, 0.7603305],
         [0.097107567, 0.43065399, 0.2053389, 0.089541696, -0.1528361, 0.29103294, -0.19075693, 0.7673139]],
        {"global_step": [3],
         "fake_param": [0.0],
         "opt.momentum": [0.89999998],
         "opt.moments.fc.weight": [
             0.0045172195, -0.00065259263, -0.00096537278, 0.0042696297, -0.0010180499, 0.0060933866]}),
    "LARS_clip": (
        [[0.058773186, 0.43995565, 0.18102059, 0.087310016, -0.15832245, 0.25603962, -0.21357518, 0.74718195],
         [0.066954762, 0.46885338, 0.19866462, 0.066263549, -0.17746359, 0.21772234, -0.2394633, 0.73711491],
         [0.050742004, 0.46719646, 0.20651756, 0.047452401, -0.16904989, 0.19828774, -0.25668827, 0.75108176]],
        {"global_step": [3],
         "fake_param": [0.0],
         "opt.momentum": [0.89999998],
         "opt.moments.fc.weight": [0.81063789, 0.082846344, -0.39264721, 0.94055736, -0.42068541, 0.97173023]}),
    "LARS_sgd": (
        [[0.096871048, 0.43053207, 0.2050395, 0.089712508, -0.15278786, 0.29107803, -0.21357518, 0.74718195],
         [0.096703082, 0.43114287, 0.20516823, 0.089256763, -0.1532024, 0.28997424, -0.26535141, 0.72704792],
         [0.095816255, 0.43120456, 0.20532709, 0.088412926, -0.15298297, 0.28874585, -0.35147625, 0.79688221]],
        {"global_step": [3],
         "fake_param": [0.0],
         "opt.momentum": [0.89999998],
         "opt.accum.fc.weight": [0.0088683004, -0.00061693834, -0.0015886064, 0.0084383572, -0.0021943343, 0.012283874],
         "opt.stat.fc.weight": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]}),
}


@pytest.mark.parametrize("case", sorted(LAMB_LARS_MAKERS))
def test_lamb_and_lars_match_mindspore(case):
    steps, state = LAMB_LARS_VALUES[case]
    w, b = Parameter(Tensor(W0.copy()), name="fc.weight"), Parameter(Tensor(B0.copy()), name="fc.bias")
    opt = LAMB_LARS_MAKERS[case](w, b)
    for k, expected in enumerate(steps):
        opt(_grads(k))
        np.testing.assert_allclose(np.concatenate([w.asnumpy().ravel(), b.asnumpy()]), expected, rtol=1e-6,
                                   atol=1e-7, err_msg=f"step {k + 1}")
    mine = dict(opt.parameters_and_names())
    for name, expected in state.items():
        np.testing.assert_allclose(mine[name].asnumpy().ravel(), expected, rtol=1e-6, atol=1e-7, err_msg=name)


def test_lars_leaves_an_all_zero_parameter_alone():
    # MindSpore's LARSUpdate has no zero-norm case: the trust ratio of a zero weight is 0.
    w = Parameter(Tensor(np.zeros((2, 3), np.float32)), name="fc.weight")
    opt = nn.LARS(nn.Momentum([w], 0.1, 0.9, weight_decay=0.01), coefficient=0.01)
    opt((Tensor(GW[0]),))
    np.testing.assert_array_equal(w.asnumpy(), np.zeros((2, 3), np.float32))


@pytest.mark.parametrize("ours,theirs,kwargs,tkwargs", [
    ("AdamW", torch.optim.AdamW, dict(learning_rate=0.01, weight_decay=0.1), dict(lr=0.01, weight_decay=0.1)),
    ("NAdam", torch.optim.NAdam, dict(learning_rate=0.01, weight_decay=0.1), dict(lr=0.01, weight_decay=0.1)),
    ("RAdam", torch.optim.RAdam, dict(learning_rate=0.01), dict(lr=0.01)),
])
def test_extensions_match_torch_optim(ours, theirs, kwargs, tkwargs):
    w, b = _params()
    opt = getattr(nn, ours)([w, b], **kwargs)
    tw = [torch.tensor(W0, requires_grad=True), torch.tensor(B0, requires_grad=True)]
    topt = theirs(tw, **tkwargs)
    for k in range(5):
        opt(_grads(k))
        tw[0].grad, tw[1].grad = torch.tensor(GW[k]), torch.tensor(GB[k])
        topt.step()
    np.testing.assert_allclose(w.asnumpy(), tw[0].detach().numpy(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(b.asnumpy(), tw[1].detach().numpy(), rtol=1e-6, atol=1e-7)


# ---------------------------------------------------------------------- groups and learning rates
def _two_layer():
    net = nn.SequentialCell([nn.Dense(3, 2), nn.Dense(2, 2)])
    return net, net.trainable_params()


def test_group_params_names_flags_and_lr_parameter():
    net, ps = _two_layer()
    groups = [{"params": ps[:2], "lr": 0.02, "weight_decay": 0.01}, {"params": ps[2:]}, {"order_params": ps[::-1]}]
    opt = nn.Momentum(groups, learning_rate=0.1, momentum=0.9)
    # Names and order from MindSpore 2.10.
    assert [n for n, _ in opt.parameters_and_names()] == [
        "global_step", "learning_rate", "learning_rate_group_0", "1.bias", "1.weight", "0.bias", "0.weight",
        "momentum", "moments.1.bias", "moments.1.weight", "moments.0.bias", "moments.0.weight"]
    assert opt.is_group and opt.is_group_lr and not opt.dynamic_lr
    assert opt.decay_flags == (False, False, True, True)
    assert opt.get_lr_parameter(ps[0]).name == "learning_rate_group_0"
    assert [p.name for p in opt.get_lr_parameter(ps[1:3])] == ["learning_rate_group_0", "learning_rate"]
    assert [p.name for p in opt.get_lr()] == ["learning_rate", "learning_rate", "learning_rate_group_0",
                                              "learning_rate_group_0"]


def test_group_learning_rates_and_weight_decay_apply_per_group():
    w, b = _params()
    opt = nn.SGD([{"params": [w], "lr": 0.5, "weight_decay": 0.1}, {"params": [b]}], learning_rate=0.1)
    opt(_grads(0))
    np.testing.assert_allclose(w.asnumpy(), W0 - 0.5 * (GW[0] + 0.1 * W0), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(b.asnumpy(), B0 - 0.1 * GB[0], rtol=1e-6, atol=1e-7)


def test_learning_rate_list_and_schedule():
    w, b = _params()
    opt = nn.Momentum([w, b], learning_rate=[0.1, 0.2, 0.3], momentum=0.9)
    # Names from MindSpore 2.10: the list lives in a child cell.
    assert [n for n, _ in opt.parameters_and_names()] == [
        "global_step", "w", "b", "momentum", "moments.w", "moments.b", "learning_rate.learning_rate"]
    seen = []
    for k in range(3):
        seen.append(float(opt.get_lr().asnumpy()))
        opt(_grads(k))
    assert seen == pytest.approx([0.1, 0.2, 0.3])
    sched = nn.Momentum(list(_params()), learning_rate=nn.WarmUpLR(0.1, 4), momentum=0.9)
    assert float(sched.get_lr().asnumpy()) == 0.0
    sched(_grads(0))
    assert float(sched.get_lr().asnumpy()) == pytest.approx(0.025)
    tensor_lr = nn.SGD(list(_params()), learning_rate=Tensor(np.array([0.1, 0.05], np.float32)))
    assert tensor_lr.dynamic_lr


def test_weight_decay_cell_is_called_with_global_step():
    class Decay(nn.Cell):
        def construct(self, step):
            return Tensor(0.1) * (step.astype(ms.float32) + 1)

    w, b = _params()
    opt = nn.Momentum([w, b], learning_rate=0.1, momentum=0.0, weight_decay=Decay())
    assert opt.dynamic_weight_decay
    opt(_grads(0))
    np.testing.assert_allclose(w.asnumpy(), W0 - 0.1 * (GW[0] + 0.1 * W0), rtol=1e-6, atol=1e-7)
    with pytest.raises(TypeError, match="dynamic weight decay"):
        nn.SGD(list(_params()), weight_decay=Decay())


def test_checkpoint_carries_optimizer_state(tmp_path):
    w, b = _params()
    opt = nn.Adam([w, b], learning_rate=0.01)
    opt(_grads(0))
    path = str(tmp_path / "adam.ckpt")
    ms.save_checkpoint(opt, path)
    loaded = ms.load_checkpoint(path)
    # Names and order from MindSpore 2.10.
    assert list(loaded) == ["global_step", "learning_rate", "w", "b", "beta1_power", "beta2_power", "moment1.w",
                            "moment1.b", "moment2.w", "moment2.b"]
    np.testing.assert_allclose(loaded["moment1.w"].asnumpy(), 0.1 * GW[0], rtol=1e-6)
    fresh = nn.Adam(list(_params()), learning_rate=0.01)
    ms.load_param_into_net(fresh, loaded)
    assert fresh.global_step.asnumpy().tolist() == [1]
    assert float(fresh.beta1_power.asnumpy()) == pytest.approx(0.9)


# ---------------------------------------------------------------------- errors leave everything unchanged
def _snapshot(opt):
    return {n: p.asnumpy().copy() for n, p in opt.parameters_and_names()}


def _assert_unchanged(opt, before):
    after = _snapshot(opt)
    assert after.keys() == before.keys()
    for n in before:
        np.testing.assert_array_equal(after[n], before[n], err_msg=n)


@pytest.mark.parametrize("make", [
    lambda: nn.Adam(list(_params()), learning_rate=0.01),
    lambda: nn.SGD(list(_params()), learning_rate=0.1, momentum=0.9),
    lambda: nn.Momentum(list(_params()), learning_rate=[0.1, 0.2], momentum=0.9),
])
def test_bad_gradients_raise_and_change_nothing(make):
    opt = make()
    opt(_grads(0))
    before = _snapshot(opt)
    # error types as MindSpore 2.10 raises them: its Map refuses a short tuple (RuntimeError); its SGD
    # kernel reports a shape mismatch as a RuntimeError, the others' shape inference as a ValueError
    shape_error = RuntimeError if type(opt) is nn.SGD else ValueError
    with pytest.raises(RuntimeError, match="number of gradients"):
        opt((Tensor(GW[1]),))
    with pytest.raises(shape_error, match="'b'"):
        opt((Tensor(GW[1]), Tensor(GW[1])))
    with pytest.raises(shape_error, match="'w'.*order"):
        opt((Tensor(GB[1]), Tensor(GW[1])))
    with pytest.raises(TypeError, match="'b'"):
        opt((Tensor(GW[1]), None))
    _assert_unchanged(opt, before)


def test_exhausted_learning_rate_list_raises_and_changes_nothing():
    w, b = _params()
    opt = nn.Momentum([w, b], learning_rate=[0.1, 0.2], momentum=0.9)
    opt(_grads(0))
    opt(_grads(1))
    before = _snapshot(opt)
    with pytest.raises(RuntimeError, match="holds 2 values.*step 2"):
        opt(_grads(2))
    _assert_unchanged(opt, before)


def test_construction_errors():
    ps = list(_params())
    with pytest.raises(TypeError, match="unexpected keyword argument 'lr'"):
        nn.SGD(ps, lr=0.01)
    with pytest.raises(KeyError, match="foo"):
        nn.Momentum([{"params": ps, "foo": 1}], 0.1, 0.9)
    with pytest.raises(ValueError, match="nesterov"):
        nn.SGD(ps, nesterov=True)
    with pytest.raises(ValueError, match="empty"):
        nn.Adam([])
    with pytest.raises(RuntimeError, match="already exists"):
        nn.Momentum([{"params": ps}, {"params": ps[:1]}], 0.1, 0.9)
    with pytest.raises(TypeError):
        nn.Momentum(ps, 0.1, 1)


def test_custom_optimizer_subclass_uses_the_base_api():
    class MyMomentum(nn.Optimizer):
        @nn.optim.opt_init_args_register
        def __init__(self, params, learning_rate, momentum=0.9):
            super().__init__(learning_rate, params)
            self.momentum = Parameter(Tensor(momentum, ms.float32), name="momentum")
            self.moments = self.parameters.clone(prefix="moments", init="zeros")

        def construct(self, gradients):
            lr = self.get_lr()
            for p, m, g in zip(self.parameters, self.moments, gradients):
                m.set_data(m * self.momentum + g)
                p.set_data(p - lr * m)
            self.assignadd(self.global_step, self.global_step_increase_tensor)
            return True

    w, b = _params()
    opt = MyMomentum([w, b], learning_rate=0.1)
    assert opt.init_args == {"learning_rate": 0.1, "momentum": 0.9}
    assert [p.name for p in opt.moments] == ["moments.w", "moments.b"]
    opt(_grads(0))
    opt(_grads(1))
    ew, _ = _numpy_momentum_nesterov(0.1, 0.9, 0)
    v = GW[0] * 0.9 + GW[1]
    np.testing.assert_allclose(w.asnumpy(), W0 - 0.1 * GW[0] - 0.1 * v, rtol=1e-6, atol=1e-7)
    assert opt.global_step.asnumpy().tolist() == [2]


def test_low_precision_parameters_on_cpu():
    for dtype in (ms.float16, ms.bfloat16):
        w = Parameter(Tensor(W0).astype(dtype), name="w")
        opt = nn.Adam([w], learning_rate=0.01)
        opt((Tensor(GW[0]).astype(dtype),))
        assert w.dtype == dtype and opt.moment1[0].dtype == dtype
        expected = W0 - 0.01 * math.sqrt(1 - 0.999) / (1 - 0.9) * (0.1 * GW[0]) / (np.sqrt(0.001 * GW[0] ** 2) + 1e-8)
        np.testing.assert_allclose(w.astype(ms.float32).asnumpy(), expected, rtol=2e-2, atol=2e-2)


def test_learning_rate_changes_between_steps_take_effect():
    w = Parameter(Tensor(np.zeros(2, np.float32)), name="w")
    opt = nn.SGD([w], learning_rate=0.1)
    g = (Tensor(np.ones(2, np.float32)),)
    opt(g)
    ms.ops.assign(opt.learning_rate, Tensor(1.0, ms.float32))
    opt(g)
    opt.learning_rate.set_data(Tensor(0.5, ms.float32))
    opt(g)
    np.testing.assert_allclose(w.asnumpy(), [-1.6, -1.6], rtol=1e-6)


def test_resumed_sgd_state_continues_like_the_original(tmp_path):
    w, b = _params()
    opt = nn.SGD([w, b], learning_rate=0.1, momentum=0.9, dampening=0.5)
    opt(_grads(0))
    path = str(tmp_path / "sgd.ckpt")
    ms.save_checkpoint(opt, path)
    w2, b2 = _params()
    resumed = nn.SGD([w2, b2], learning_rate=0.1, momentum=0.9, dampening=0.5)
    ms.load_param_into_net(resumed, ms.load_checkpoint(path))
    for k in (1, 2):
        opt(_grads(k))
        resumed(_grads(k))
    np.testing.assert_allclose(w2.asnumpy(), w.asnumpy(), rtol=1e-6)
    np.testing.assert_array_equal(resumed.stat[0].asnumpy(), np.zeros((2, 3), np.float32))


def test_gradient_centralization_closed_form():
    # MindSpore 2.10 has no CPU kernel for it: g - mean(g over all axes but the first), applied to
    # the group's Parameters with more than one axis whose second axis is a multiple of 16.
    rs = np.random.RandomState(1)
    w = Parameter(Tensor(rs.randn(4, 16, 3).astype(np.float32)), name="conv.weight")
    v = Parameter(Tensor(rs.randn(4, 5).astype(np.float32)), name="fc.weight")
    w0, v0 = w.asnumpy().copy(), v.asnumpy().copy()
    gw, gv = rs.randn(4, 16, 3).astype(np.float32), rs.randn(4, 5).astype(np.float32)
    opt = nn.SGD([{"params": [w, v], "grad_centralization": True}], learning_rate=0.1)
    opt((Tensor(gw), Tensor(gv)))
    np.testing.assert_allclose(w.asnumpy(), w0 - 0.1 * (gw - gw.mean(axis=(1, 2), keepdims=True)), rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(v.asnumpy(), v0 - 0.1 * gv, rtol=1e-6)


def test_gradient_in_another_dtype_is_converted():
    w = Parameter(Tensor(W0.copy()), name="w")
    opt = nn.Adam([w], learning_rate=0.01)
    opt((Tensor(GW[0]).astype(ms.float16),))
    assert w.dtype == ms.float32 and opt.global_step.asnumpy().tolist() == [1]
    np.testing.assert_allclose(w.asnumpy(), W0 - 0.01 * np.sign(GW[0]), rtol=1e-3, atol=1e-4)


def test_dynamic_learning_rate_gathers_with_the_steps_shape():
    # MindSpore 2.10: the list schedule is a gather, so the result has the step's shape; a step of
    # -1 (``global_step - 1`` before the first update, as mindcv's StateMonitor reads it) is the last value.
    opt = nn.Momentum(list(_params()), learning_rate=[0.1, 0.2, 0.3], momentum=0.9)
    cases = [(Tensor([1], ms.int32), (1,), [0.2]), (Tensor(2, ms.int32), (), 0.3),
             (opt.global_step, (1,), [0.1]), (opt.global_step - 1, (1,), [0.3]),
             (Tensor([[0]], ms.int32), (1, 1), [[0.1]]), (Tensor([0, 2], ms.int32), (2,), [0.1, 0.3])]
    for step, shape, expected in cases:
        out = opt.learning_rate(step)
        assert out.shape == shape and out.dtype == ms.float32
        np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)
    assert opt.get_lr().shape == ()


def test_use_parallel_flag_for_custom_optimizers():
    # MindSpore 2.10 stand-alone: Optimizer.use_parallel is False (mindcv's AdamW reads it in construct).
    assert nn.Momentum(list(_params()), 0.1, 0.9).use_parallel is False


def test_fewer_gradients_update_the_first_parameters_where_mindspore_zips_them():
    # MindSpore 2.10: ASGD, Rprop and Adadelta zip the gradients with the Parameters (one True per gradient
    # from Adadelta); the other optimizers refuse a short tuple with a RuntimeError
    for cls in (nn.ASGD, nn.Rprop, nn.Adadelta):
        w, b = _params()
        out = cls([w, b], learning_rate=0.1)((Tensor(GW[0]),))
        assert out == ((True,) if cls is nn.Adadelta else True)
        assert not np.array_equal(w.asnumpy(), W0)
        np.testing.assert_array_equal(b.asnumpy(), B0)
    with pytest.raises(RuntimeError, match="number of gradients"):
        nn.Adam(list(_params()), learning_rate=0.1)((Tensor(GW[0]),))


def test_a_list_of_gradients_is_refused_as_in_mindspore():
    # MindSpore 2.10's Map refuses a list (RuntimeError), Adadelta checks for a tuple (TypeError);
    # ASGD and Rprop loop in Python and take it
    grads = [Tensor(GW[0]), Tensor(GB[0])]
    with pytest.raises(RuntimeError, match="tuple"):
        nn.Momentum(list(_params()), 0.1, 0.9)(grads)
    with pytest.raises(TypeError, match="tuple"):
        nn.Adadelta(list(_params()), 0.1)(grads)
    assert nn.Rprop(list(_params()), 0.1)(grads) is True


def _large_params(k):
    # 1 MB each: large enough for SGD's ``stat`` to take mappings of its own.
    return [Parameter(Tensor(np.full((512, 512), float(i + k), np.float32)), name=f"w{i}") for i in range(2)]


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads resident memory from /proc")
@pytest.mark.skipif(os.environ.get("SPORETORCH_ACCEL") == "0", reason="zero-page buffers are a speed-up; SPORETORCH_ACCEL=0 turns it off")
def test_sgd_stat_costs_no_resident_memory_after_the_first_step():
    params = _large_params(0)
    opt = nn.SGD(params, learning_rate=0.1, momentum=0.9)
    grads = tuple(Tensor(np.ones((512, 512), np.float32)) for _ in params)
    np.testing.assert_array_equal(opt.stat[1].asnumpy(), np.ones((512, 512), np.float32))
    with open("/proc/self/statm") as statm:
        before = int(statm.read().split()[1])
    opt(grads)
    with open("/proc/self/statm") as statm:
        after = int(statm.read().split()[1])
    # The ones (2 MB) are given back, and the zeros that replace them are not resident even when read.
    np.testing.assert_array_equal(opt.stat[1].asnumpy(), np.zeros((512, 512), np.float32))
    assert (before - after) * os.sysconf("SC_PAGE_SIZE") > 1.5 * 2 ** 20
    np.testing.assert_allclose(params[0].asnumpy(), np.full((512, 512), -0.1, np.float32))


def test_sgd_with_ones_loaded_into_a_stepped_stat_takes_a_first_step_again(tmp_path):
    # A checkpoint written before any step carries stat = 1; loaded into an optimizer that has
    # stepped (stat zeros in mappings of its own), the next step starts the buffer at g again.
    fresh = nn.SGD(_large_params(0), learning_rate=0.1, momentum=0.9, dampening=0.5)
    path = str(tmp_path / "fresh.ckpt")
    ms.save_checkpoint(fresh, path)
    params = _large_params(0)
    opt = nn.SGD(params, learning_rate=0.1, momentum=0.9, dampening=0.5)
    g1 = tuple(Tensor(np.full((512, 512), 2.0, np.float32)) for _ in params)
    opt(g1)
    ms.load_param_into_net(opt, ms.load_checkpoint(path))
    np.testing.assert_array_equal(opt.stat[0].asnumpy(), np.ones((512, 512), np.float32))
    g2 = tuple(Tensor(np.full((512, 512), 3.0, np.float32)) for _ in params)
    opt(g2)
    # The checkpoint also put back w = 0 and accum = 0; the step restarts the buffer at g,
    # undampened (0.5 would halve it): w = -0.1 * 3.
    np.testing.assert_allclose(params[0].asnumpy(), np.full((512, 512), -0.3, np.float32), rtol=1e-6)
    np.testing.assert_array_equal(opt.stat[0].asnumpy(), np.zeros((512, 512), np.float32))
