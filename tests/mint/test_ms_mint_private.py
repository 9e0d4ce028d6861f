"""MindSpore 2.10's private helpers of ``mint.nn.layer`` (conv, padding) and ``mint.optim`` (adam, adamw, fused_adamw, sgd).

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor
from sporetorch.mint.nn.layer import conv as mc, padding as mp
from sporetorch.mint.optim import adam as oa, adamw as ow, fused_adamw as of, sgd as osg
from _ms_literals import show as _show
x = Tensor(np.arange(6, dtype=np.float32).reshape(1, 2, 3))



def step(fn, *extra):
    p, g, m, v = (Tensor(np.array(a, np.float32)) for a in ([1., -2.], [0.5, 0.25], [0.1, 0.2], [0.01, 0.04]))
    ok = fn(0.9, 0.999, 1e-8, Tensor(-0.01, ms.float32), Tensor(0.5, ms.float32), p, g, m, v, *extra)
    return [ok, p.asnumpy().tolist(), m.asnumpy().tolist(), v.asnumpy().tolist()]


def sgd(step_t, momentum, nesterov):
    p, buf, d = (Tensor(np.array(a, np.float32)) for a in ([1., -2.], [0.3, 0.1], [0.5, 0.25]))
    ok = osg._run_optim_sgd_opt(step_t, 0.1, momentum, 0.2, nesterov, p, buf, d)
    return [ok, p.asnumpy().tolist(), buf.asnumpy().tolist()]




CASES = {
    'pair': (lambda: [mc._pair(3, "k", "C"), mc._pair((2,), "k", "C"), mc._pair([1, 2, 3], "k", "C")], '[(3, 3), (2, 2), [1, 2, 3]]'),
    'pair_e': (lambda: mc._pair(1.5, "kernel_size", "Conv2d"), 'ERR ValueError ("For \'Conv2d\', \'kernel_size\'", \' should be int, tuple or list, but got 1.5\')'),
    'batchify': (lambda: (lambda r: (r[0].shape, r[1]))(mc.batchify(x, 1, "Conv1d")), '[(1, 2, 3), True]'),
    'batchify2': (lambda: (lambda r: (r[0].shape, r[1]))(mc.batchify(x, 2, "Conv2d")), '[(1, 1, 2, 3), False]'),
    'batchify_e': (lambda: mc.batchify(x, 3, "Conv3d"), 'ERR TypeError For Conv3d, Expected 4D (unbatched) or 5D (batched),but got input of ndim: 3D'),
    'chkpad': (lambda: mp._check_padding_tuple_or_list((1, 2), 2, "X"), 'None'),
    'chkpad_e': (lambda: mp._check_padding_tuple_or_list((1, 2), 4, "X"), "ERR ValueError For 'X', the length of parameter 'padding' with tuple type must equal to 4, but got 2."),
    'chkpad_e2': (lambda: mp._check_padding_tuple_or_list((1, 2.0), 2, "X"), "ERR TypeError For 'X', the type of 'padding[1]' should be 'int', but got type 'float'."),
    'constpad_e': (lambda: mp.ConstantPadNd_(1.5, 9.0, 2), "ERR ValueError For 'ConstantPadNd_', 'padding' must be integer or tuple/list of 2 integers, but got 1.5."),
    'reflpad_e': (lambda: mp.ReflectionPadNd_((2, -1), 2), "ERR ValueError For 'ReflectionPadNd_', the 'padding[1]' must be int and must >= 0, but got '-1' with type 'int'."),
    'reflpad_e2': (lambda: mp.ReflectionPadNd_(0, 2), "ERR ValueError For 'ReflectionPadNd_', the 'padding' must be int and must > 0, but got '0' with type 'int'."),
    'replpad_e': (lambda: mp.ReplicationPadNd_((1, 2, 3), 2), "ERR ValueError For 'ReplicationPadNd_', the length of parameter 'padding' with tuple type must equal to 2, but got 3."),
    'adam_chk': (lambda: oa._check_param_value((0.9, 0.999), 1e-8, 0.0, 1e-3, False, False, "Adam"), 'None'),
    'adam_chk_e': (lambda: oa._check_param_value([0.9, 0.999], 1e-8, 0.0, 1e-3, False, False, "Adam"), "ERR TypeError For 'Adam', the type of 'betas' should be 'tuple', but got type 'list'."),
    'adamw_chk_e': (lambda: ow._check_param_value((0.9, 0.999), 1e-8, 0, 1e-3, False, False, "AdamW"), "ERR TypeError For 'AdamW', the type of 'weight_decay' should be 'float', but got type 'int'."),
    'fadamw_chk': (lambda: of._check_param_value([0.9, 0.999], 1e-8, 0.0, 1e-3, False, False, "FusedAdamW"), 'None'),
    'fadamw_chk_e': (lambda: of._check_param_value((0.9,), 1e-8, 0.0, 1e-3, False, False, "FusedAdamW"), "ERR ValueError For 'FusedAdamW', the betas size should be in : [2], but got 1."),
    'resolve': (lambda: [of._resolve_global_amsgrad([1], 1), of._resolve_global_amsgrad([{"amsgrad": True}, {}], True)], '[True, True]'),
    'resolve_e': (lambda: of._resolve_global_amsgrad([{"amsgrad": True}, {}], False), 'ERR ValueError FusedAdamW does not support mixed amsgrad across param_groups. Found amsgrad flags per group: [True, False]. Please keep amsgrad consistent.'),
    'sgd_chk': (lambda: osg._check_param_value(0.1, 0, 0.0, 0, False, False, "SGD"), 'None'),
    'sgd_chk_e': (lambda: osg._check_param_value(0.1, 0, 0.0, 0, 1, False, "SGD"), "ERR TypeError For 'SGD', the type of 'nesterov' should be 'bool', but got type 'int'."),
    'wd': (lambda: osg._tensor_weight_decay(0.1, Tensor([1., 2.]), Tensor([0.5, 0.5])), "([0.6000000238418579, 0.699999988079071], 'Float32')"),
    'adam_step': (lambda: step(oa._run_optim_adamw_opt)[2:], '[[0.14000000059604645, 0.20499999821186066], [0.010239999741315842, 0.04002249985933304]]'),
    'adam_step_ams': (lambda: step(oa._run_optim_adamw_amsgrad_opt, Tensor(np.array([0.5, 0.01], np.float32)))[2:], '[[0.14000000059604645, 0.20499999821186066], [0.010239999741315842, 0.04002249985933304]]'),
    'adamw_step': (lambda: (lambda calls: [ow._run_optim_adamw_opt(lambda *a: calls.append(a[5:]), 0.9, 0.99, 0.1, 1e-8, 0.0, 3, False, False, "p", "g", "m", "v"), ow._run_optim_adamw_amsgrad_opt(lambda *a: calls.append(a[:5]), 0.9, 0.99, 0.1, 1e-8, 0.0, 3, True, False, "p", "g", "m", "v", "mx"), calls])([]), "[True, True, [(3, 0.1, 0.9, 0.99, 0.0, 1e-08, False, False), ('p', 'm', 'v', 'mx', 'g')]]"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10


# MindSpore 2.10's CPU build has no kernel for the N-d padding layers (ConstantPadND, ReflectionPad1D,
# ReplicationPad1D unregistered): expected values from NumPy's pad.
@pytest.mark.parametrize("layer,np_args", [
    (lambda: mp.ConstantPadNd_(1, 9.0, 2), (((0, 0), (0, 0), (1, 1)), "constant", {"constant_values": 9.0})),
    (lambda: mp.ConstantPadNd_((1, 0, 0, 1), 9.0, 4), (((0, 0), (0, 1), (1, 0)), "constant",
                                                        {"constant_values": 9.0})),
    (lambda: mp.ZeroPadNd_((0, 2), 2), (((0, 0), (0, 0), (0, 2)), "constant", {})),
    (lambda: mp.ReflectionPadNd_((2, 1), 2), (((0, 0), (0, 0), (2, 1)), "reflect", {})),
    (lambda: mp.ReplicationPadNd_(2, 2), (((0, 0), (0, 0), (2, 2)), "edge", {})),
])
def test_nd_padding_layers(layer, np_args):
    width, mode, kwargs = np_args
    np.testing.assert_array_equal(layer()(x).asnumpy(), np.pad(x.asnumpy(), width, mode, **kwargs))


def _sgd_closed(step_t, momentum, nesterov, lr=0.1, dampening=0.2):
    p, buf, d = np.array([1., -2.]), np.array([0.3, 0.1]), np.array([0.5, 0.25])
    if momentum:
        buf = d.copy() if step_t == 0 else buf * momentum + d * (1 - dampening)
        d = d + momentum * buf if nesterov else buf
    return [(p - lr * d).tolist(), buf.tolist()]


# MindSpore 2.10's CPU build leaves the tensors unchanged in these steps (its in-place add_/mul_ with these
# arguments are no-ops there): expected values from torch.optim.SGD's update rule.
@pytest.mark.parametrize("step_t,momentum,nesterov", [(0, 0.9, False), (1, 0.9, False), (1, 0.9, True),
                                                      (1, 0, False)])
def test_sgd_step_closed_form(step_t, momentum, nesterov):
    ok, p, buf = sgd(step_t, momentum, nesterov)
    want_p, want_buf = _sgd_closed(step_t, momentum, nesterov)
    assert ok is True
    np.testing.assert_allclose(p, want_p, rtol=1e-6)
    np.testing.assert_allclose(buf, want_buf, rtol=1e-6)


@pytest.mark.parametrize("amsgrad", [False, True])
def test_adam_step_parameters_closed_form(amsgrad):
    # torch.optim.Adam's update with step size 0.01 and bias correction sqrt 0.5 (the moments are checked
    # against MindSpore 2.10 above)
    extra = (Tensor(np.array([0.5, 0.01], np.float32)),) if amsgrad else ()
    ok, p, m, v = step(oa._run_optim_adamw_amsgrad_opt if amsgrad else oa._run_optim_adamw_opt, *extra)
    second = np.maximum([0.5, 0.01], v) if amsgrad else np.array(v)
    want = np.array([1., -2.]) - 0.01 * np.array(m) / (np.sqrt(second) / 0.5 + 1e-8)
    assert ok is True
    np.testing.assert_allclose(p, want, rtol=1e-6)
