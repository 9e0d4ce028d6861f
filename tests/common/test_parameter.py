"""Parameter and ParameterTuple. Expected reprs, dtypes and errors were recorded from MindSpore 2.10."""
import copy

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Parameter, ParameterTuple, Tensor
from sporetorch.common import parameter as parameter_module
from sporetorch.common.initializer import initializer


def test_repr_and_str():
    p = Parameter(Tensor(np.ones((1, 2), np.float32)), name="weight")
    assert repr(p) == "Parameter (name=weight, shape=(1, 2), dtype=Float32, requires_grad=True)"
    assert str(p) == repr(p)
    assert repr(Parameter(Tensor(2.0), name="s0")) == "Parameter (name=s0, shape=(), dtype=Float32, requires_grad=True)"
    assert repr(Parameter(Tensor([2]), name="si", requires_grad=False)) == \
        "Parameter (name=si, shape=(1,), dtype=Int64, requires_grad=False)"


def test_default_names_count_like_mindspore():
    a, b = Parameter(Tensor([1.0])), Parameter(Tensor([1.0]))
    na, nb = int(a.name.split("#")[1]), int(b.name.split("#")[1])
    assert a.name.startswith("Parameter#") and nb == na + 1
    assert Parameter(Tensor([1.0]), name="").name.startswith("Parameter#")
    assert Parameter(Tensor([1.0]), name="  x  ").name == "x"


@pytest.mark.slow
def test_first_default_name_in_a_fresh_process_is_parameter_2():
    # MindSpore 2.10 prints Parameter#2 for the first unnamed Parameter of a script.
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", "import sporetorch as ms; print(ms.Parameter(ms.Tensor([1.0])).name)"],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "Parameter#2"


@pytest.mark.parametrize("value,dtype", [(3, ms.int32), (3.0, ms.float32), ([1.0, 2.0], ms.float32),
                                          (np.ones(2, np.float32), ms.float32)])
def test_construction_dtypes(value, dtype):
    assert Parameter(value, name="p").dtype == dtype


def test_construction_errors():
    with pytest.raises(ValueError, match="Parameter data can not be `bool`"):
        Parameter(True)
    with pytest.raises(TypeError):
        Parameter(None)
    with pytest.raises(ValueError, match="name should be 'string' or 'None'"):
        Parameter(Tensor([1.0]), name=3)
    with pytest.raises(ValueError, match="should be less than 1024"):
        Parameter(Tensor([1.0]), name="a" * 2000)
    with pytest.raises(TypeError, match="`requires_grad` must be bool"):
        Parameter(Tensor([1.0]), requires_grad="yes")
    p = Parameter(Tensor([1.0]), name="p")
    with pytest.raises(TypeError):
        p.requires_grad = 1


def test_lazy_input_is_initialised_and_arithmetic_gives_tensors():
    p = Parameter(initializer("ones", [2], ms.float32), name="lazy")
    assert not p.has_init and p.init_data() is p
    out = p + 1
    assert type(out) is Tensor and out.tolist() == [2.0, 2.0]


def test_data_and_value_share_memory():
    p = Parameter(Tensor(np.ones((2, 2), np.float32)), name="w")
    assert type(p.data) is Tensor and type(p.value()) is Tensor
    p.data[0, 0] = 5.0
    assert p.asnumpy()[0, 0] == 5.0


def test_set_data_rules():
    p = Parameter(Tensor(np.ones((2, 2), np.float32)), name="w")
    assert p.set_data(Tensor(np.zeros((2, 2), np.float32))) is p and p.asnumpy().sum() == 0
    p.set_data(Tensor(np.zeros((3, 2), np.float32)))  # MindSpore 2.10 accepts a new shape
    assert p.shape == (3, 2)
    p.set_data(Tensor(np.ones((3, 2), np.float64)))  # cast to the Parameter's dtype
    assert p.dtype == ms.float32
    pi = Parameter(Tensor(np.ones((2,), np.int32)), name="i")
    pi.set_data(Tensor(np.array([1.7, -1.7], np.float32)))
    assert pi.dtype == ms.int32 and pi.tolist() == [1, -1]
    with pytest.raises(TypeError, match="Current dtype is Int32, and incoming is Float"):
        pi.set_data(1.5)
    with pytest.raises(TypeError, match=r"Parameter data must be \[`Tensor`, `int`, `float`\]"):
        p.set_data(np.zeros((3, 2), np.float32))
    pf = Parameter(Tensor(np.ones((2,), np.float32)), name="f")
    pf.set_data(3)
    assert pf.shape == () and pf.item() == 3.0
    pl = Parameter(Tensor(np.zeros(2, np.float32)), name="l")
    pl.set_data(initializer("ones", [2], ms.float32))
    assert pl.tolist() == [1.0, 1.0]


def test_clone_and_init_data():
    p = Parameter(Tensor(np.ones((2, 2), np.float32)), name="w", requires_grad=False)
    c = p.clone()
    assert c is not p and c.name == "w" and c.requires_grad is False and c.asnumpy().sum() == 4
    c.set_data(Tensor(np.zeros((2, 2), np.float32)))
    assert p.asnumpy().sum() == 4
    z = p.clone(init="zeros")
    assert z.asnumpy().sum() == 0 and z.shape == (2, 2)
    assert p.init_data() is p and p.is_init is False


def test_deepcopy_keeps_name():
    p = Parameter(Tensor([1.0]), name="z")
    q = copy.deepcopy(p)
    assert q.name == "z" and q.tolist() == [1.0] and q is not p


def test_parameter_tuple():
    pt = ParameterTuple([Parameter(Tensor([1.0]), name="a"), Parameter(Tensor([2.0]), name="b")])
    assert [x.name for x in pt.clone(prefix="m")] == ["m.a", "m.b"]
    assert [x.asnumpy().item() for x in pt.clone(prefix="m", init="zeros")] == [0.0, 0.0]
    with pytest.raises(TypeError, match="ParameterTuple input should be 'Parameter' collection"):
        ParameterTuple([1])


def test_counter_module_constant():
    assert parameter_module.PARAMETER_NAME_DEFAULT == "Parameter"


def test_construction_copies_a_tensors_data():
    # MindSpore 2.10: later writes to the source Tensor (or Parameter) do not reach the new Parameter.
    t = Tensor(np.zeros(2, np.float32))
    p = Parameter(t, name="a")
    t[0] = 5.0
    q = Parameter(p, name="b")
    p[1] = 7.0
    assert p.tolist() == [0.0, 7.0] and q.tolist() == [0.0, 0.0] and t.tolist() == [5.0, 0.0]
