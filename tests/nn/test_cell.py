"""nn.Cell and the containers. Expected names, orders, reprs and errors were recorded from
MindSpore 2.10 for the same networks."""
from collections import OrderedDict

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Parameter, Tensor, nn


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones(2, np.float32)))
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(x * self.w)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.seq = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])
        self.cl = nn.CellList([nn.ReLU(), nn.Flatten()])
        self.cd = nn.CellDict({"a": nn.ReLU()})
        self.b = Parameter(Tensor(np.zeros(1, np.float32)), requires_grad=False)

    def construct(self, x):
        return self.seq(self.inner(x))


def test_repr_matches_mindspore():
    assert repr(Net()) == (
        "Net(\n"
        "  (inner): Inner(\n    (relu): ReLU()\n  )\n"
        "  (seq): SequentialCell(\n    (0): Dense(input_channels=2, output_channels=3, has_bias=True)\n"
        "    (1): ReLU()\n  )\n"
        "  (cl): CellList(\n    (0): ReLU()\n    (1): Flatten()\n  )\n"
        "  (cd): CellDict(\n    (a): ReLU()\n  )\n"
        ")")


def test_extend_repr_layouts():
    class Extra(nn.Cell):
        def extend_repr(self):
            return "a=1\nb=2"

    class Extra1(nn.Cell):
        def __init__(self):
            super().__init__()
            self.r = nn.ReLU()

        def extend_repr(self):
            return "a=1"

    assert repr(Extra()) == "Extra(\n  a=1\n  b=2\n)"
    assert repr(Extra1()) == "Extra1(\n  a=1\n  (r): ReLU()\n)"
    assert str(nn.SequentialCell()) == "SequentialCell()"
    assert repr(nn.SequentialCell(OrderedDict([("c1", nn.Dense(2, 2)), ("r", nn.ReLU())]))) == (
        "SequentialCell(\n  (c1): Dense(input_channels=2, output_channels=2, has_bias=True)\n  (r): ReLU()\n)")


def test_traversal_and_parameter_collections():
    net = Net()
    assert [n for n, _ in net.cells_and_names()] == [
        "", "inner", "inner.relu", "seq", "seq.0", "seq.1", "cl", "cl.0", "cl.1", "cd", "cd.a"]
    assert list(net.name_cells()) == ["inner", "seq", "cl", "cd"]
    assert [type(c).__name__ for c in net.cells()] == ["Inner", "SequentialCell", "CellList", "CellDict"]
    assert list(net.parameters_dict()) == ["b", "inner.w", "seq.0.weight", "seq.0.bias"]
    assert [p.name for p in net.trainable_params()] == ["inner.w", "seq.0.weight", "seq.0.bias"]
    assert [p.name for p in net.untrainable_params()] == ["b"]
    assert [n for n, _ in net.parameters_and_names()] == ["b", "inner.w", "seq.0.weight", "seq.0.bias"]
    net.update_parameters_name("pre.")
    assert [p.name for p in net.get_parameters()] == ["pre.b", "pre.inner.w", "pre.seq.0.weight", "pre.seq.0.bias"]
    with pytest.raises(TypeError):
        net.update_parameters_name(3)


def test_shared_child_is_listed_once():
    r = nn.ReLU()

    class Dup(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = r
            self.b = r

    d = Dup()
    assert [n for n, _ in d.cells_and_names()] == ["", "a"] and list(d.name_cells()) == ["a"]


def test_apply_order_and_set_train():
    net = Net()
    seen = []
    assert net.apply(lambda c: seen.append(type(c).__name__)) is net
    assert seen == ["ReLU", "Inner", "Dense", "ReLU", "SequentialCell", "ReLU", "Flatten", "CellList",
                    "ReLU", "CellDict", "Net"]
    assert net.training is False and net.phase == "train"
    assert net.set_train() is net and net.training and net.inner.training and net.seq[0].training
    net.set_train(False)
    assert not net.training and not net.inner.relu.training
    assert net.set_grad() is net and net.requires_grad


def test_insert_child_to_cell_rules():
    net = Net()
    with pytest.raises(KeyError, match="can not contain '.'"):
        net.insert_child_to_cell("a.b", nn.ReLU())
    with pytest.raises(KeyError):
        net.insert_child_to_cell("", nn.ReLU())
    with pytest.raises(TypeError, match="'child_name' must be str"):
        net.insert_child_to_cell(3, nn.ReLU())
    with pytest.raises(KeyError, match="the b child cell already exists"):
        net.insert_child_to_cell("b", nn.ReLU())
    with pytest.raises(KeyError, match="the construct child cell already exists"):
        net.insert_child_to_cell("construct", nn.ReLU())
    with pytest.raises(TypeError, match="must be 'Cell' if not None"):
        net.insert_child_to_cell("q", 3)
    assert net.insert_child_to_cell("inner", nn.Flatten()) is None and type(net.inner) is nn.Flatten
    head = nn.Dense(2, 3)
    net.insert_child_to_cell("head", head)
    # insert_child_to_cell does not rename; path names still include the child's name.
    assert head.weight.name == "weight" and "head.weight" in [n for n, _ in net.parameters_and_names()]


def test_to_float_computes_low_precision_and_keeps_parameters():
    dense = nn.Dense(2, 2).to_float(ms.float16)
    out = dense(Tensor(np.ones((1, 2), np.float32)))
    assert out.dtype == ms.float16 and dense.weight.dtype == ms.float32 and dense.bias.dtype == ms.float32
    assert dense(Tensor(np.ones((1, 2), np.float64))).dtype == ms.float16
    expected = torch.ones(1, 2).double() @ dense.weight.to_torch().half().double().T + dense.bias.to_torch().double()
    torch.testing.assert_close(out.to_torch().double(), expected, atol=1e-3, rtol=1e-3)
    with pytest.raises(ValueError, match="must be mstype.float32, mstype.float16 or mstype.bfloat16"):
        nn.ReLU().to_float(ms.float64)


def test_to_float_keeps_in_place_updates_of_parameters():
    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = Parameter(Tensor(np.zeros(1, np.float32)), requires_grad=False)

        def construct(self, x):
            self.count.set_data(self.count + 1)
            return x * self.count

    c = Counter().to_float(ms.float16)
    c(Tensor([1.0]))
    out = c(Tensor([1.0]))
    assert c.count.dtype == ms.float32 and c.count.tolist() == [2.0] and out.dtype == ms.float16


def test_to_float_keeps_batch_norm_moving_statistics():
    # torch's batch_norm updates running statistics without moving their version counter; the
    # statistics computed on the float16 copies still reach the stored Parameters (reference: torch's
    # batch_norm on float32 statistics, to float16 precision).
    x = np.array([[0.5, -1.0, 2.0, 0.0], [1.5, 3.0, -2.0, 1.0], [0.0, 1.0, 1.0, 4.0]], np.float32)
    bn = nn.BatchNorm1d(4).to_float(ms.float16)
    bn.set_train()
    mean, var = torch.zeros(4), torch.ones(4)
    for _ in range(2):
        bn(Tensor(x))
        torch.nn.functional.batch_norm(torch.from_numpy(x), mean, var, training=True, momentum=0.1)
    assert bn.moving_mean.dtype == ms.float32
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), mean.numpy(), rtol=2e-3, atol=1e-3)
    np.testing.assert_allclose(bn.moving_variance.asnumpy(), var.numpy(), rtol=2e-3, atol=1e-3)


def test_parameter_attribute_assignment():
    net = Inner()
    net.w = Tensor(np.full(2, 3.0, np.float32))  # a Tensor updates the Parameter's value
    assert isinstance(net.w, Parameter) and net.w.tolist() == [3.0, 3.0]
    with pytest.raises(TypeError):
        net.w = 5


class TestContainers:
    def test_sequential_forms_and_indexing(self):
        s = nn.SequentialCell(nn.Dense(2, 2), nn.ReLU())
        assert len(s) == 2 and type(s[0]) is nn.Dense and type(s[-1]) is nn.ReLU
        assert type(s[0:1]) is nn.SequentialCell and len(s[0:1]) == 1
        s.append(nn.Flatten())
        assert [n for n, _ in s.cells_and_names()] == ["", "0", "1", "2"]
        assert s(Tensor(np.ones((1, 2), np.float32))).shape == (1, 2)
        with pytest.raises(IndexError, match=r"must be a number in range \[-3, 3\), but got 5"):
            s[5]
        with pytest.raises(TypeError, match="the type of 'index' must be int, but got str"):
            s["a"]
        with pytest.raises(TypeError, match="must be 'Cell' if not None"):
            nn.SequentialCell([1])

    def test_names_inside_a_network(self):
        class Holder(nn.Cell):
            def __init__(self):
                super().__init__()
                self.layers = nn.CellList([nn.Dense(1, 1), nn.Dense(1, 1)])
                self.seq = nn.SequentialCell([nn.Dense(1, 1), nn.Dense(1, 1)])

        n = Holder()
        n.layers.append(nn.Dense(1, 1))
        n.seq.append(nn.Dense(1, 1))
        names = lambda: [p.name for p in n.get_parameters() if p.name.endswith("weight")]  # noqa: E731
        # Recorded from MindSpore 2.10: appended cells keep the network prefix.
        assert names() == ["layers.0.weight", "layers.1.weight", "layers.2.weight",
                           "seq.0.weight", "seq.1.weight", "seq.2.weight"]
        n.layers.insert(1, nn.Dense(1, 1))
        assert names()[:4] == ["layers.0.weight", "layers.1.weight", "layers.2.weight", "layers.3.weight"]
        del n.layers[0]
        del n.seq[0]
        assert names() == ["layers.0.weight", "layers.1.weight", "layers.2.weight",
                           "seq.0.weight", "seq.1.weight"]
        assert [k for k, _ in n.seq.cells_and_names()] == ["", "0", "1"]

    def test_cell_list_and_dict(self):
        cl = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)])
        assert [p.name for p in cl.get_parameters()] == ["0.weight", "0.bias", "1.weight", "1.bias"]
        with pytest.raises(TypeError, match="each cell must be subclass of Cell, but got int"):
            nn.CellList([1])
        with pytest.raises(TypeError, match="must be int or slice, but got str"):
            cl["a"]
        with pytest.raises(NotImplementedError):
            cl(Tensor([1.0]))
        cd = nn.CellDict({"x": nn.Dense(2, 2)})
        assert [p.name for p in cd.get_parameters()] == ["x.weight", "x.bias"] and "x" in cd and len(cd) == 1
        with pytest.raises(TypeError, match="the type of cell should be Cell, but got int"):
            nn.CellDict({"a": 1})
        with pytest.raises(KeyError, match="key can not contain"):
            nn.CellDict({"a.b": nn.ReLU()})
        with pytest.raises(TypeError, match="the type of key should be string"):
            nn.CellDict({3: nn.ReLU()})
        assert type(cd.pop("x")) is nn.Dense and len(cd) == 0


def test_buffers():
    class B(nn.Cell):
        def __init__(self):
            super().__init__()
            self.register_buffer("buf", Tensor([1.0, 2.0]))
            self.register_buffer("tmp", Tensor([3.0]), persistent=False)
            self.d = nn.Dense(1, 1)

        def construct(self, x):
            return x + self.buf

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = B()

    o = Outer()
    # Names and errors recorded from MindSpore 2.10.
    assert [n for n, _ in o.named_buffers()] == ["b.buf", "b.tmp"] and len(list(o.buffers())) == 2
    assert o.get_buffer("b.buf").tolist() == [1.0, 2.0]
    assert [p.name for p in o.get_parameters()] == ["b.d.weight", "b.d.bias"]
    assert o.b(Tensor([1.0, 1.0])).tolist() == [2.0, 3.0]
    with pytest.raises(KeyError, match="attribute 'd' already exists"):
        o.b.register_buffer("d", Tensor([1.0]))
    with pytest.raises(KeyError, match="contain"):
        o.b.register_buffer("x.y", Tensor([1.0]))
    with pytest.raises(TypeError, match="mindspore Tensor or None required"):
        o.b.register_buffer("z", 3)
    o.b.buf = Tensor([5.0, 6.0])
    assert o.get_buffer("b.buf").tolist() == [5.0, 6.0]


def test_compatibility_housekeeping():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = nn.SequentialCell([nn.Dense(1, 1)])

    o = Outer()
    assert o.recompute() is None and o.get_scope() is None and o.set_boost("O1") is o
    o.update_cell_type("quant")
    o.update_cell_prefix()
    assert o.cell_type == "quant" and o.b.param_prefix == "b" and o.b[0].param_prefix == "b.0"
    cast = o.cast_inputs((Tensor([1.0]), Tensor([1])), ms.float16)
    assert [x.dtype for x in cast] == [ms.float16, ms.int64]


def test_to_state_dict_and_load_state_dict():
    d = nn.Dense(2, 2)
    assert d.to(ms.float16) is d and d.weight.dtype == ms.float16 and d.bias.dtype == ms.float16
    d2 = nn.Dense(2, 2)
    sd = d2.state_dict()
    assert type(sd) is OrderedDict and list(sd) == ["weight", "bias"] and isinstance(sd["weight"], Parameter)
    res = d2.load_state_dict({"weight": Tensor(np.ones((2, 2), np.float32)), "bias": Tensor(np.zeros(2, np.float32))})
    assert repr(res) == "<All keys matched successfully>" and d2.weight.tolist() == [[1.0, 1.0], [1.0, 1.0]]
    # Message and result recorded from MindSpore 2.10.
    with pytest.raises(RuntimeError, match='Missing key\\(s\\) in state_dict: "bias"'):
        d2.load_state_dict({"weight": Tensor(np.zeros((2, 2), np.float32))})
    assert d2.weight.tolist() == [[1.0, 1.0], [1.0, 1.0]]  # a rejected load changes nothing
    res = d2.load_state_dict({"weight": Tensor(np.zeros((2, 2), np.float32))}, strict=False)
    assert repr(res) == "_IncompatibleKeys(missing_keys=['bias'], unexpected_keys=[])"


def test_removing_the_last_forward_hook_restores_the_fast_path():
    net = nn.Dense(2, 2)
    seen = []
    pre = net.register_forward_pre_hook(lambda cell, inputs: seen.append("pre"))
    post = net.register_forward_hook(lambda cell, inputs, out: seen.append("post"))
    x = Tensor(np.ones((1, 2), np.float32))
    net(x)
    assert seen == ["pre", "post"]
    pre.remove()
    assert net._call_hook is not None
    post.remove()
    net(x)
    assert seen == ["pre", "post"]
    assert net._call_hook is None and net._extra_call is None
    net.set_grad()
    assert net._call_hook is not None
    net.set_grad(False)
    assert net._call_hook is None
