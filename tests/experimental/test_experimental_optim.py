"""experimental.optim: a few steps of every optimizer on a small regression, against MindSpore 2.10."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Parameter, Tensor, nn
from sporetorch.experimental import optim

_rs = np.random.RandomState(5)
X = Tensor(_rs.randn(6, 3).astype(np.float32))
Y = Tensor(_rs.randn(6, 2).astype(np.float32))

# Weights and bias after 6 steps, recorded with MindSpore 2.10 (CPU).
EXPECTED = {'SGD': [[0.2075014, -0.093033, -1.1407007, 0.2215558, -0.2316869, 0.3564055], [-0.3006242, 0.08669]],
 'SGD_max': [[0.5160985, -0.3134514, 2.0320437, 0.0950502, 0.288619, -0.8920772], [0.4958252, -0.3946495]],
 'Adam': [[0.2009667, -0.0650948, 0.5026937, 0.3904451, -0.0917042, -0.1110773], [-0.1946582, 0.0841728]],
 'Adam_max': [[0.798914, -0.6074081, 1.1030681, -0.1966105, 0.5049205, -0.7057148], [0.404224, -0.5061861]],
 'AdamW': [[0.1886149, -0.0851874, 0.482899, 0.3942959, -0.0950404, -0.1035246], [-0.1941788, 0.0864502]],
 'AdamW_ams': [[0.1984323, -0.0878486, 0.5006755, 0.400081, -0.0931053, -0.1103319], [-0.1950336, 0.0852263]],
 'Adamax': [[0.2092987, -0.1072509, 0.5201296, 0.3520673, -0.0578568, -0.1492037], [-0.1676395, 0.0410048]],
 'NAdam': [[0.2637672, -0.1389763, 0.5693729, 0.3125324, -0.0174733, -0.1873329], [-0.1237065, 0.005217]],
 'RAdam': [[0.4553085, -0.2685921, 0.1518551, 0.1114054, 0.1229944, -0.1406109], [-0.0845437, -0.0970879]],
 'Adagrad': [[0.3043167, -0.190254, 0.5105513, 0.1841992, -0.01919, -0.1488283], [-0.1636468, 0.0008061]],
 'Adadelta': [[0.4802058, -0.2807918, 0.7802598, 0.119516, 0.1803788, -0.3804182], [0.080325, -0.1804736]],
 'RMSprop': [[-0.1134788, -0.1367777, 0.2289727, 0.4767924, -0.2574975, 0.018927], [-0.4124856, 0.1516245]],
 'Rprop': [[0.4007008, -0.2007008, 0.7007008, 0.1992992, 0.1007008, -0.3007008], [0.0007008, -0.1007008]],
 'ASGD': [[0.4440034, -0.2614124, 0.1540543, 0.1144725, 0.1118584, -0.1431006], [-0.0737873, -0.0992709]],
 'groups': [[-0.3056192, -0.1372835, -0.3185043, 0.3405879, -0.5714816, 0.3113041], [-0.1856979, 0.0039598]]}

OPTIMIZERS = {
    "SGD": lambda n: optim.SGD(n.trainable_params(), lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01),
    "SGD_max": lambda n: optim.SGD(n.trainable_params(), lr=0.05, maximize=True),
    "Adam": lambda n: optim.Adam(n.trainable_params(), lr=0.05, weight_decay=0.1),
    "Adam_max": lambda n: optim.Adam(n.trainable_params(), lr=0.05, maximize=True, betas=(0.8, 0.99)),
    "AdamW": lambda n: optim.AdamW(n.trainable_params(), lr=0.05, weight_decay=0.1),
    "AdamW_ams": lambda n: optim.AdamW(n.trainable_params(), lr=0.05, amsgrad=True),
    "Adamax": lambda n: optim.Adamax(n.trainable_params(), lr=0.05, weight_decay=0.1),
    "NAdam": lambda n: optim.NAdam(n.trainable_params(), lr=0.05, weight_decay=0.1),
    "RAdam": lambda n: optim.RAdam(n.trainable_params(), lr=0.05, weight_decay=0.1),
    "Adagrad": lambda n: optim.Adagrad(n.trainable_params(), lr=0.1, lr_decay=0.1, weight_decay=0.1,
                                       initial_accumulator_value=0.1),
    "Adadelta": lambda n: optim.Adadelta(n.trainable_params(), lr=1.0, weight_decay=0.1),
    "RMSprop": lambda n: optim.RMSprop(n.trainable_params(), lr=0.01, momentum=0.5, centered=True, weight_decay=0.1),
    "Rprop": lambda n: optim.Rprop(n.trainable_params(), lr=0.01),
    "ASGD": lambda n: optim.ASGD(n.trainable_params(), lr=0.05, t0=2.0, weight_decay=0.1),
    "groups": lambda n: optim.Adam([{"params": [n.weight], "lr": 0.2, "weight_decay": 0.1}, {"params": [n.bias]}],
                                   lr=0.05),
}


def _net():
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(np.array([[0.5, -0.3, 0.8], [0.1, 0.2, -0.4]], np.float32)))
    net.bias.set_data(Tensor(np.array([0.1, -0.2], np.float32)))
    return net


def _train(make_opt, steps=6):
    net = _net()
    opt = make_opt(net)
    grad_fn = ms.value_and_grad(lambda x, y: ((net(x) - y) ** 2).mean(), None, opt.parameters)
    for _ in range(steps):
        _, grads = grad_fn(X, Y)
        opt(grads)
    return net.weight.asnumpy().ravel(), net.bias.asnumpy()


@pytest.mark.parametrize("name", list(OPTIMIZERS))
def test_matches_mindspore(name):
    weight, bias = _train(OPTIMIZERS[name])
    np.testing.assert_allclose(weight, EXPECTED[name][0], rtol=1e-4, atol=2e-6)
    np.testing.assert_allclose(bias, EXPECTED[name][1], rtol=1e-4, atol=2e-6)


def test_adam_amsgrad_is_ignored():
    # MindSpore 2.10's experimental Adam never reads max_exp_avg_sq.
    a = _train(lambda n: optim.Adam(n.trainable_params(), lr=0.05))
    b = _train(lambda n: optim.Adam(n.trainable_params(), lr=0.05, amsgrad=True))
    np.testing.assert_array_equal(a[0], b[0])


def test_adamw_matches_torch():
    w = torch.tensor([[0.5, -0.3, 0.8], [0.1, 0.2, -0.4]], requires_grad=True)
    b = torch.tensor([0.1, -0.2], requires_grad=True)
    topt = torch.optim.AdamW([w, b], lr=0.05, weight_decay=0.1)
    for _ in range(6):
        topt.zero_grad()
        ((X.to_torch() @ w.T + b - Y.to_torch()) ** 2).mean().backward()
        topt.step()
    weight, bias = _train(OPTIMIZERS["AdamW"])
    np.testing.assert_allclose(weight, w.detach().numpy().ravel(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(bias, b.detach().numpy(), rtol=1e-6, atol=1e-7)


def test_groups_state_and_repr():
    p = Parameter(Tensor(np.zeros(1, np.float32)), name="p")
    opt = optim.Adam([p])
    # From MindSpore 2.10.
    assert [x.name for x in opt.get_parameters()] == ["p", "exp_avg.p", "exp_avg_sq.p", "max_exp_avg_sq.p",
                                                     "state_step"]
    assert sorted(opt.param_groups[0]) == ["amsgrad", "betas", "eps", "lr", "maximize", "params", "weight_decay"]
    lr = opt.param_groups[0]["lr"]
    assert isinstance(lr, Parameter) and lr.name == "learning_rate_group_0"
    assert repr(opt) == ("Adam (\nParameter Group 0\n    amsgrad: False\n    betas: (0.9, 0.999)\n    eps: 1e-08\n"
                         "    lr: 0.001\n    maximize: False\n    weight_decay: 0.0\n)")


def test_param_group_errors():
    p = Parameter(Tensor(np.zeros(1, np.float32)), name="p")
    with pytest.raises(ValueError, match="more than one parameter group"):
        optim.SGD([{"params": [p]}, {"params": [p]}], lr=0.1)
    with pytest.raises(TypeError, match="sets"):
        optim.SGD([{"params": {p}}], lr=0.1)
    with pytest.raises(ValueError, match="Invalid learning rate"):
        optim.Adam([p], lr=-1.0)
    with pytest.raises(ValueError, match="nesterov"):
        optim.SGD([p], lr=0.1, nesterov=True)
    with pytest.raises(ValueError, match="must not be empty"):
        optim.SGD([], lr=0.1)


def test_float_lr_set_by_hand():
    net = _net()
    opt = optim.SGD(net.trainable_params(), lr=0.1)
    opt.param_groups[0]["lr"] = 0.0
    grads = tuple(Tensor(np.ones(p.shape, np.float32)) for p in opt.parameters)
    opt(grads)
    np.testing.assert_array_equal(net.bias.asnumpy(), np.array([0.1, -0.2], np.float32))
