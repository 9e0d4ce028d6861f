"""The nesting of what the functional transforms return (tuples vs bare Tensors, has_aux, one
vs several inputs and outputs, weights), recorded from MindSpore 2.10 with the same calls.

``T(shape)`` is a Tensor, ``(...)`` a tuple, ``[...]`` a list, ``function`` a callable. MindSpore 2.10
itself refuses some of these calls when the function is a lambda written inline ("Parse Lambda
Function Fail"); named functions give the structures below there too."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn, ops, Tensor


def struct(o):
    if isinstance(o, tuple):
        return "(" + ",".join(struct(x) for x in o) + ("," if len(o) == 1 else "") + ")"
    if isinstance(o, list):
        return "[" + ",".join(struct(x) for x in o) + "]"
    if isinstance(o, Tensor):
        return "T" + str(tuple(o.shape))
    return type(o).__name__


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
ones = Tensor(np.ones((4, 3), np.float32))
v3 = Tensor(np.ones(3, np.float32))


def f1(a):
    return (a * a).sum()


def f2(a, b):
    return (a * b).sum()


def f_vec(a):
    return a * a


def f_multi(a, b):
    return a * b, a + b


def f_aux(a, b):
    return (a * b).sum(), a + b


def f_aux2(a, b):
    return (a * b).sum(), a + b, a - b


def sq_aux(a):
    return a * a, a + 1


def dbl(a):
    return a * 2


def dbl_sum(a):
    return a * 2, a.sum()


def mul2(a, b):
    return a * b


def two_list(a):
    return [a, a]


net = nn.Dense(3, 1)
w = net.trainable_params()


def lossf(a):
    return net(a.reshape(1, 3)).sum()


CASES = [
    ('grad_1in', lambda: ms.grad(f1)(x), 'T(3,)'),
    ('grad_2in_default', lambda: ms.grad(f2)(x, y), 'T(3,)'),
    ('grad_2in_pos01', lambda: ms.grad(f2, grad_position=(0, 1))(x, y), '(T(3,),T(3,))'),
    ('grad_2in_pos1', lambda: ms.grad(f2, grad_position=1)(x, y), 'T(3,)'),
    ('grad_2in_pos_tuple1', lambda: ms.grad(f2, grad_position=(1,))(x, y), 'T(3,)'),
    ('grad_aux', lambda: ms.grad(f_aux, has_aux=True)(x, y), '(T(3,),(T(3,),))'),
    ('grad_aux2', lambda: ms.grad(f_aux2, grad_position=(0,1), has_aux=True)(x, y), '((T(3,),T(3,)),(T(3,),T(3,)))'),
    ('grad_multi_out', lambda: ms.grad(f_multi)(x, y), 'T(3,)'),
    ('vg_1in', lambda: ms.value_and_grad(f1)(x), '(T(),T(3,))'),
    ('vg_2in_pos01', lambda: ms.value_and_grad(f2, grad_position=(0, 1))(x, y), '(T(),(T(3,),T(3,)))'),
    ('vg_aux', lambda: ms.value_and_grad(f_aux, has_aux=True)(x, y), '((T(),T(3,)),T(3,))'),
    ('vg_aux2', lambda: ms.value_and_grad(f_aux2, grad_position=(0,1), has_aux=True)(x, y), '((T(),T(3,),T(3,)),(T(3,),T(3,)))'),
    ('vg_multi_out', lambda: ms.value_and_grad(f_multi)(x, y), '((T(3,),T(3,)),T(3,))'),
    ('grad_weights_pos_none', lambda: ms.grad(lossf, None, w)(x), '(T(1, 3),T(1,))'),
    ('grad_weights_pos0', lambda: ms.grad(lossf, 0, w)(x), '(T(3,),(T(1, 3),T(1,)))'),
    ('vg_weights_pos_none', lambda: ms.value_and_grad(lossf, None, w)(x), '(T(),(T(1, 3),T(1,)))'),
    ('vg_weights_pos0', lambda: ms.value_and_grad(lossf, 0, w)(x), '(T(),(T(3,),(T(1, 3),T(1,))))'),
    ('vg_weights_aux', lambda: ms.value_and_grad(lambda a: (lossf(a), a * 2), None, w, has_aux=True)(x), '((T(),T(3,)),(T(1, 3),T(1,)))'),
    ('vjp_1in', lambda: ops.vjp(f_vec, x), '(T(3,),function)'),
    ('vjp_1in_call', lambda: ops.vjp(f_vec, x)[1](v3), '(T(3,),)'),
    ('vjp_2in_call', lambda: ops.vjp(f_multi, x, y)[1]((v3, v3)), '(T(3,),T(3,))'),
    ('vjp_aux', lambda: ops.vjp(lambda a: (a * a, a + 1), x, has_aux=True), '(T(3,),function,T(3,))'),
    ('vjp_aux_call', lambda: ops.vjp(lambda a: (a * a, a + 1), x, has_aux=True)[1](v3), '(T(3,),)'),
    ('jvp_1in', lambda: ops.jvp(f_vec, x, v3), '(T(3,),T(3,))'),
    ('jvp_2in', lambda: ops.jvp(f2, (x, y), (v3, v3)), '(T(),T())'),
    ('jvp_multi_out', lambda: ops.jvp(f_multi, (x, y), (v3, v3)), '((T(3,),T(3,)),(T(3,),T(3,)))'),
    ('jacfwd_1in', lambda: ops.jacfwd(f_vec)(x), 'T(3, 3)'),
    ('jacfwd_2in_pos01', lambda: ops.jacfwd(f_multi, grad_position=(0, 1))(x, y), '((T(3, 3),T(3, 3)),(T(3, 3),T(3, 3)))'),
    ('jacrev_1in', lambda: ops.jacrev(f_vec)(x), 'T(3, 3)'),
    ('jacrev_2in_pos01', lambda: ops.jacrev(f_multi, grad_position=(0, 1))(x, y), '((T(3, 3),T(3, 3)),(T(3, 3),T(3, 3)))'),
    ('jacrev_scalar_out', lambda: ops.jacrev(f1)(x), 'T(3,)'),
    ('jvp_aux_n', lambda: ops.jvp(sq_aux, x, v3, has_aux=True), '(T(3,),T(3,),T(3,))'),
    ('jacfwd_aux_n', lambda: ops.jacfwd(sq_aux, has_aux=True)(x), '(T(3, 3),T(3,))'),
    ('jacrev_aux_n', lambda: ops.jacrev(sq_aux, has_aux=True)(x), '(T(3, 3),T(3,))'),
    ('vmap_1out_n', lambda: ops.vmap(dbl)(ones), 'T(4, 3)'),
    ('vmap_2out_n', lambda: ops.vmap(dbl_sum)(ones), '(T(4, 3),T(4,))'),
    ('vmap_in_axes_n', lambda: ops.vmap(mul2, in_axes=(0, None))(ones, y), 'T(4, 3)'),
    ('vmap_out_axes1_n', lambda: ops.vmap(dbl, out_axes=1)(ones), 'T(3, 4)'),
    ('vmap_list_out_n', lambda: ops.vmap(two_list)(ones), '(T(4, 3),T(4, 3))'),
    ('vjp_aux_n', lambda: ops.vjp(sq_aux, x, has_aux=True), '(T(3,),function,T(3,))'),
]


@pytest.mark.parametrize("name,call,expected", CASES, ids=[c[0] for c in CASES])
def test_structure_matches_mindspore(name, call, expected):
    assert struct(call()) == expected


def three(a):
    return a * a, a + 1, a - 1


def auxlist(a):
    return a * a, [a + 1]


def auxtuple(a):
    return a * a, (a + 1,)


TRANSFORMS = {
    "vjp": lambda f: ops.vjp(f, x, has_aux=True),
    "jvp": lambda f: ops.jvp(f, x, v3, has_aux=True),
    "jacfwd": lambda f: ops.jacfwd(f, has_aux=True)(x),
    "jacrev": lambda f: ops.jacrev(f, has_aux=True)(x),
}

AUX = [
    ('vjp', 'three', '(T(3,),function,(T(3,),T(3,)))'),
    ('jvp', 'three', '(T(3,),T(3,),(T(3,),T(3,)))'),
    ('jacfwd', 'three', '(T(3, 3),(T(3,),T(3,)))'),
    ('jacrev', 'three', '(T(3, 3),(T(3,),T(3,)))'),
    ('vjp', 'auxlist', '(T(3,),function,[T(3,)])'),
    ('jvp', 'auxlist', '(T(3,),T(3,),[T(3,)])'),
    ('jacfwd', 'auxlist', '(T(3, 3),[T(3,)])'),
    ('jacrev', 'auxlist', '(T(3, 3),[T(3,)])'),
    ('vjp', 'auxtuple', '(T(3,),function,(T(3,),))'),
    ('jvp', 'auxtuple', '(T(3,),T(3,),(T(3,),))'),
    ('jacfwd', 'auxtuple', '(T(3, 3),(T(3,),))'),
    ('jacrev', 'auxtuple', '(T(3, 3),(T(3,),))'),
]


@pytest.mark.parametrize("transform,fn,expected", AUX)
def test_aux_is_bare_when_single_and_a_tuple_when_several(transform, fn, expected):
    assert struct(TRANSFORMS[transform](globals()[fn])) == expected
