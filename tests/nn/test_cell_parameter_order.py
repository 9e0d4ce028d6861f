"""Order and names of a Cell's Parameters when ParameterTuples, plain Parameters and child cells mix.

Every expected list was recorded from MindSpore 2.10 for the same networks: a ParameterTuple
attribute registers its Parameters under their own names, in assignment order among the cell's
other Parameters (a default name becomes "Parameter$<n>", counted per cell).
"""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Parameter, ParameterTuple, Tensor, nn


def P(name=None, requires_grad=True):
    return Parameter(Tensor(np.ones(2, np.float32)), name=name, requires_grad=requires_grad)


class Sub(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = P("w")
        self.b = P()


class Plain(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = P()
        self.sub = Sub()
        self.c = P("cc", requires_grad=False)
        self.sub2 = Sub()
        self.d = P()


class TupFresh(nn.Cell):
    def __init__(self):
        super().__init__()
        self.x = P()
        self.tup = ParameterTuple([P("t0"), P(), P("t2", requires_grad=False), P()])
        self.sub = Sub()
        self.y = P()


class TupOther(nn.Cell):
    def __init__(self):
        super().__init__()
        other = nn.Dense(2, 2)
        self.x = P()
        self.tup = ParameterTuple(other.trainable_params())
        self.sub = Sub()
        self.tup2 = ParameterTuple(self.sub.trainable_params())
        self.y = P()


class TupBeforeChild(nn.Cell):
    def __init__(self):
        super().__init__()
        d = nn.Dense(2, 2)
        self.tup = ParameterTuple(d.trainable_params())
        self.x = P()
        self.d = d


class TupOfChild(nn.Cell):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(2)
        self.tup = ParameterTuple(self.bn.trainable_params())


class Outer(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.pre = P()
        self.inner = inner


class Shared(nn.Cell):
    def __init__(self):
        super().__init__()
        p = P()
        self.s1 = Sub()
        self.s2 = Sub()
        self.s2.w = self.s1.w
        self.own = p
        self.s1.extra = p


class NoPrefix(nn.Cell):
    def __init__(self):
        super().__init__(auto_prefix=False)
        self.a = P()
        self.sub = Sub()
        self.tup = ParameterTuple([P("q"), P()])


class ListAttr(nn.Cell):
    def __init__(self):
        super().__init__()
        self.plist = [P("l0"), P()]
        self.ptuple = (P("u0"),)
        self.a = P()


class Containers(nn.Cell):
    def __init__(self):
        super().__init__()
        self.cl = nn.CellList([Sub(), nn.SequentialCell([nn.Dense(2, 2), nn.ReLU(), Sub()]), TupFresh()])
        self.z = P()
        self.seq = nn.SequentialCell(nn.Dense(2, 3), NoPrefix())


def _reassigned():
    net = Plain()
    net.a = P("newa")
    net.sub = Sub()
    net.c = Tensor(np.zeros(2, np.float32))
    net.d = None
    net.e = P()
    return net


def _tuple_reassigned():
    net = TupFresh()
    net.tup = ParameterTuple([P("r0"), P()])
    return net


def _inserted():
    net = Plain()
    net.insert_param_to_cell("ins", P())
    net.insert_param_to_cell("ins2", P("named_ins"))
    net.sub.insert_param_to_cell("deep", P())
    return net


def _train_one_step():
    net = nn.SequentialCell(nn.Dense(2, 2), nn.BatchNorm1d(2))
    return nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), momentum=0.9))


# From MindSpore 2.10: (build, [n for n, _ in net.parameters_and_names()], [p.name for p in net.trainable_params()],
# [p.name for p in net.get_parameters()]); list(net.parameters_dict()) equals the last.
CASES = {
    "plain": (Plain, ["a", "c", "d", "sub.w", "sub.b", "sub2.w", "sub2.b"],
              ["a", "d", "sub.w", "sub.b", "sub2.w", "sub2.b"],
              ["a", "cc", "d", "sub.w", "sub.b", "sub2.w", "sub2.b"]),
    "tuple_fresh": (TupFresh, ["x", "t0", "Parameter$1", "t2", "Parameter$2", "y", "sub.w", "sub.b"],
                    ["x", "t0", "Parameter$1", "Parameter$2", "y", "sub.w", "sub.b"],
                    ["x", "t0", "Parameter$1", "t2", "Parameter$2", "y", "sub.w", "sub.b"]),
    "tuple_other_cell": (TupOther, ["x", "weight", "bias", "sub.w", "sub.b", "y"],
                         ["x", "weight", "bias", "sub.w", "sub.b", "y"],
                         ["x", "weight", "bias", "sub.w", "sub.b", "y"]),
    "tuple_before_child": (TupBeforeChild, ["weight", "bias", "x"], ["d.weight", "d.bias", "x"],
                           ["d.weight", "d.bias", "x"]),
    "tuple_of_child": (TupOfChild, ["bn.gamma", "bn.beta", "bn.moving_mean", "bn.moving_variance"],
                       ["bn.gamma", "bn.beta"], ["bn.gamma", "bn.beta", "bn.moving_mean", "bn.moving_variance"]),
    "outer_tuple_fresh": (lambda: Outer(TupFresh()),
                          ["pre", "inner.x", "inner.t0", "inner.Parameter$1", "inner.t2", "inner.Parameter$2",
                           "inner.y", "inner.sub.w", "inner.sub.b"],
                          ["pre", "inner.x", "inner.t0", "inner.Parameter$1", "inner.Parameter$2", "inner.y",
                           "inner.sub.w", "inner.sub.b"],
                          ["pre", "inner.x", "inner.t0", "inner.Parameter$1", "inner.t2", "inner.Parameter$2",
                           "inner.y", "inner.sub.w", "inner.sub.b"]),
    "outer_outer_tuple_fresh": (lambda: Outer(Outer(TupFresh())),
                                ["pre", "inner.pre", "inner.inner.x", "inner.inner.t0", "inner.inner.Parameter$1",
                                 "inner.inner.t2", "inner.inner.Parameter$2", "inner.inner.y",
                                 "inner.inner.sub.w", "inner.inner.sub.b"],
                                ["pre", "inner.pre", "inner.inner.x", "inner.inner.t0", "inner.inner.Parameter$1",
                                 "inner.inner.Parameter$2", "inner.inner.y", "inner.inner.sub.w",
                                 "inner.inner.sub.b"],
                                ["pre", "inner.pre", "inner.inner.x", "inner.inner.t0", "inner.inner.Parameter$1",
                                 "inner.inner.t2", "inner.inner.Parameter$2", "inner.inner.y",
                                 "inner.inner.sub.w", "inner.inner.sub.b"]),
    "outer_tuple_before_child": (lambda: Outer(TupBeforeChild()),
                                 ["pre", "inner.weight", "inner.bias", "inner.x"],
                                 ["pre", "inner.weight", "inner.bias", "inner.x"],
                                 ["pre", "inner.weight", "inner.bias", "inner.x"]),
    "shared": (Shared, ["own", "s1.w", "s1.b", "s2.b"], ["own", "s1.w", "s1.b", "s2.b"],
               ["own", "s1.w", "s1.b", "s2.b"]),
    "no_prefix": (NoPrefix, ["a", "q", "Parameter$1", "sub.w", "sub.b"], ["a", "q", "Parameter$1", "w", "b"],
                  ["a", "q", "Parameter$1", "w", "b"]),
    "outer_no_prefix": (lambda: Outer(NoPrefix()),
                        ["pre", "inner.a", "inner.q", "inner.Parameter$1", "inner.sub.w", "inner.sub.b"],
                        ["pre", "inner.a", "inner.q", "inner.Parameter$1", "inner.sub.w", "inner.sub.b"],
                        ["pre", "inner.a", "inner.q", "inner.Parameter$1", "inner.sub.w", "inner.sub.b"]),
    "list_attrs_unregistered": (ListAttr, ["a"], ["a"], ["a"]),
    "containers": (Containers,
                   ["z", "cl.0.w", "cl.0.b", "cl.1.0.weight", "cl.1.0.bias", "cl.1.2.w", "cl.1.2.b", "cl.2.x",
                    "cl.2.t0", "cl.2.Parameter$1", "cl.2.t2", "cl.2.Parameter$2", "cl.2.y", "cl.2.sub.w",
                    "cl.2.sub.b", "seq.0.weight", "seq.0.bias", "seq.1.a", "seq.1.q", "seq.1.Parameter$1",
                    "seq.1.sub.w", "seq.1.sub.b"],
                   ["z", "cl.0.w", "cl.0.b", "cl.1.0.weight", "cl.1.0.bias", "cl.1.2.w", "cl.1.2.b", "cl.2.x",
                    "cl.2.t0", "cl.2.Parameter$1", "cl.2.Parameter$2", "cl.2.y", "cl.2.sub.w", "cl.2.sub.b",
                    "seq.0.weight", "seq.0.bias", "seq.1.a", "seq.1.q", "seq.1.Parameter$1", "seq.1.sub.w",
                    "seq.1.sub.b"],
                   ["z", "cl.0.w", "cl.0.b", "cl.1.0.weight", "cl.1.0.bias", "cl.1.2.w", "cl.1.2.b", "cl.2.x",
                    "cl.2.t0", "cl.2.Parameter$1", "cl.2.t2", "cl.2.Parameter$2", "cl.2.y", "cl.2.sub.w",
                    "cl.2.sub.b", "seq.0.weight", "seq.0.bias", "seq.1.a", "seq.1.q", "seq.1.Parameter$1",
                    "seq.1.sub.w", "seq.1.sub.b"]),
    "reassigned": (_reassigned, ["a", "c", "e", "sub.w", "sub.b", "sub2.w", "sub2.b"],
                   ["newa", "e", "sub.w", "sub.b", "sub2.w", "sub2.b"],
                   ["newa", "cc", "e", "sub.w", "sub.b", "sub2.w", "sub2.b"]),
    "tuple_reassigned": (_tuple_reassigned,
                         ["x", "t0", "Parameter$1", "t2", "Parameter$2", "y", "r0", "Parameter$3", "sub.w", "sub.b"],
                         ["x", "t0", "Parameter$1", "Parameter$2", "y", "r0", "Parameter$3", "sub.w", "sub.b"],
                         ["x", "t0", "Parameter$1", "t2", "Parameter$2", "y", "r0", "Parameter$3", "sub.w",
                          "sub.b"]),
    "inserted": (_inserted, ["a", "c", "d", "ins", "ins2", "sub.w", "sub.b", "sub.deep", "sub2.w", "sub2.b"],
                 ["a", "d", "ins", "named_ins", "sub.w", "sub.b", "deep", "sub2.w", "sub2.b"],
                 ["a", "cc", "d", "ins", "named_ins", "sub.w", "sub.b", "deep", "sub2.w", "sub2.b"]),
    "outer_inserted": (lambda: Outer(_inserted()),
                       ["pre", "inner.a", "inner.c", "inner.d", "inner.ins", "inner.ins2", "inner.sub.w",
                        "inner.sub.b", "inner.sub.deep", "inner.sub2.w", "inner.sub2.b"],
                       ["pre", "inner.a", "inner.d", "inner.ins", "inner.ins2", "inner.sub.w", "inner.sub.b",
                        "inner.sub.deep", "inner.sub2.w", "inner.sub2.b"],
                       ["pre", "inner.a", "inner.c", "inner.d", "inner.ins", "inner.ins2", "inner.sub.w",
                        "inner.sub.b", "inner.sub.deep", "inner.sub2.w", "inner.sub2.b"]),
    "train_one_step": (_train_one_step,
                       ["0.weight", "0.bias", "1.gamma", "1.beta", "network._backbone.1.moving_mean",
                        "network._backbone.1.moving_variance", "optimizer.global_step", "optimizer.learning_rate",
                        "optimizer.momentum", "optimizer.accum.0.weight", "optimizer.accum.0.bias",
                        "optimizer.accum.1.gamma", "optimizer.accum.1.beta", "optimizer.stat.0.weight",
                        "optimizer.stat.0.bias", "optimizer.stat.1.gamma", "optimizer.stat.1.beta"],
                       ["0.weight", "0.bias", "1.gamma", "1.beta", "global_step", "learning_rate", "momentum",
                        "accum.0.weight", "accum.0.bias", "accum.1.gamma", "accum.1.beta", "stat.0.weight",
                        "stat.0.bias", "stat.1.gamma", "stat.1.beta"],
                       ["0.weight", "0.bias", "1.gamma", "1.beta", "1.moving_mean", "1.moving_variance",
                        "global_step", "learning_rate", "momentum", "accum.0.weight", "accum.0.bias",
                        "accum.1.gamma", "accum.1.beta", "stat.0.weight", "stat.0.bias", "stat.1.gamma",
                        "stat.1.beta"]),
}


@pytest.mark.parametrize("case", CASES)
def test_parameter_order_and_names(case):
    build, paths, trainable, names = CASES[case]
    net = build()
    assert [n for n, _ in net.parameters_and_names()] == paths
    assert [p.name for p in net.trainable_params()] == trainable
    assert [p.name for p in net.get_parameters()] == names
    assert list(net.parameters_dict()) == names


def test_own_parameters_and_name_prefix():
    # From MindSpore 2.10.
    net = TupFresh()
    assert [n for n, _ in net.parameters_and_names(expand=False)] == ["x", "t0", "Parameter$1", "t2",
                                                                      "Parameter$2", "y"]
    assert [n for n, _ in Outer(TupFresh()).parameters_and_names(name_prefix="pp")] == [
        "pp.pre", "pp.inner.x", "pp.inner.t0", "pp.inner.Parameter$1", "pp.inner.t2", "pp.inner.Parameter$2",
        "pp.inner.y", "pp.inner.sub.w", "pp.inner.sub.b"]


def _paths(net):
    return [n for n, _ in net.parameters_and_names()]


def test_tuple_parameters_are_registered_by_name():
    # From MindSpore 2.10: a tuple Parameter replaces a registered one of its name and can be read as an
    # attribute of that name; the "Parameter$<n>" count runs across the cell's tuples; a Parameter repeated
    # in a tuple is registered once.
    net = nn.Cell()
    net.w = P()
    item = P("w")
    net.tup = ParameterTuple([item])
    assert _paths(net) == ["w"] and net.w is item
    net = nn.Cell()
    shared = P()
    net.t = ParameterTuple([shared, shared, P()])
    net.u = ParameterTuple([P()])
    net.v = P()
    assert _paths(net) == ["Parameter$1", "Parameter$2", "Parameter$3", "v"]
    assert [p.name for p in net.t] == ["Parameter$1", "Parameter$1", "Parameter$2"]


def test_tuple_attribute_replaced_or_deleted_keeps_its_parameters():
    # From MindSpore 2.10.
    net = nn.Cell()
    net.a = P()
    net.a = ParameterTuple([P("q")])
    assert _paths(net) == ["a", "q"] and isinstance(net.a, ParameterTuple)
    net = nn.Cell()
    net.a = ParameterTuple([P("q")])
    net.a = P()
    assert _paths(net) == ["q", "a"] and isinstance(net.a, Parameter)
    net = nn.Cell()
    net.a = ParameterTuple([P("q")])
    del net.a
    assert _paths(net) == ["q"] and not hasattr(net, "a")
    net = nn.Cell()
    net.t = ParameterTuple([P("a")])
    net.t = None
    assert _paths(net) == ["a"] and net.t is None


def test_tuple_parameter_value_assigned_by_name():
    # From MindSpore 2.10: assigning a Tensor to the tuple Parameter's name sets its data.
    net = nn.Cell()
    net.t = ParameterTuple([P("a")])
    net.a = Tensor(np.zeros(2, np.float32))
    np.testing.assert_array_equal(net.t[0].asnumpy(), np.zeros(2, np.float32))


def test_parameter_tuple_name_errors():
    # From MindSpore 2.10: a repeated Parameter is allowed, two Parameters of one name are not, and a tuple
    # Parameter may not take the name of another attribute.
    p = P("a")
    assert len(ParameterTuple([p, p])) == 2
    with pytest.raises(ValueError, match="its name 'a' already exists"):
        ParameterTuple([P("a"), P("a")])
    for attr, value in (("foo", 3), ("sub", Sub())):
        net = nn.Cell()
        setattr(net, attr, value)
        with pytest.raises(KeyError, match=f"the {attr} parameter already exists"):
            net.tup = ParameterTuple([P(attr)])
    net = nn.Cell()
    net.x = 1
    with pytest.raises(KeyError, match="the x parameter already exists"):
        net.insert_param_to_cell("x", P())


def test_checkpoint_keeps_mindspore_order(tmp_path):
    # From MindSpore 2.10: the checkpoint lists the Parameters in parameters_dict order.
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(Outer(TupFresh()), path)
    assert list(ms.load_checkpoint(path)) == ["pre", "inner.x", "inner.t0", "inner.Parameter$1", "inner.t2",
                                              "inner.Parameter$2", "inner.y", "inner.sub.w", "inner.sub.b"]


def test_parameter_or_cell_may_not_replace_another_kind_of_attribute():
    # From MindSpore 2.10: a Parameter may not take the name of a child cell (None included), a buffer or a
    # class attribute, nor a cell the name of a Parameter; a plain attribute or a ParameterTuple gives way.
    param_msg = "For 'insert_param_to_cell', the x parameter already exists in the network"
    for make in (lambda n: setattr(n, "x", Sub()), lambda n: (setattr(n, "x", Sub()), setattr(n, "x", None)),
                 lambda n: n.register_buffer("x", Tensor(np.ones(2, np.float32)))):
        net = nn.Cell()
        make(net)
        with pytest.raises(KeyError, match=param_msg):
            net.x = P()
    net = nn.Cell()
    with pytest.raises(KeyError, match="the construct parameter already exists"):
        net.construct = P()
    net = nn.Cell()
    net.x = P()
    with pytest.raises(KeyError, match="For 'insert_child_to_cell', the x child cell already exists in the network"):
        net.x = nn.ReLU()
    for old in (5, [P("a")], ParameterTuple([P("q")])):
        net = nn.Cell()
        net.x = old
        net.x = P()
        assert isinstance(net.x, Parameter) and net.x.name == "x"
    net = nn.Cell()
    net.x = ParameterTuple([P("q")])
    net.x = nn.ReLU()
    assert _paths(net) == ["q"] and [n for n, _ in net.cells_and_names()] == ["", "x"]


def test_cells_and_names_skips_empty_cell_list_and_sequential_cell():
    # From MindSpore 2.10: cells_and_names skips an empty CellList or SequentialCell (not an empty
    # CellDict); name_cells and set_train still reach them.
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = nn.Dense(2, 2)
            self.cl = nn.CellList()
            self.b = nn.ReLU()
            self.sq = nn.SequentialCell()
            self.d = nn.CellDict()
            self.c = nn.Dense(2, 2)
            self.nested = nn.CellList([nn.CellList(), nn.ReLU()])

    net = Net()
    assert [n for n, _ in net.cells_and_names()] == ["", "a", "b", "d", "c", "nested", "nested.1"]
    assert [n for n, _ in net.cells_and_names(name_prefix="pp")] == ["pp", "pp.a", "pp.b", "pp.d", "pp.c",
                                                                     "pp.nested", "pp.nested.1"]
    assert list(net.name_cells()) == ["a", "cl", "b", "sq", "d", "c", "nested"]
    assert [n for n, _ in nn.CellList().cells_and_names()] == [""]
    assert [n for n, _ in nn.SequentialCell().cells_and_names()] == [""]
    assert (bool(nn.CellDict()), bool(nn.CellList()), bool(nn.SequentialCell()), bool(nn.ReLU())) == (
        True, False, False, True)
    net.cl.w = P("w")
    assert _paths(net) == ["a.weight", "a.bias", "c.weight", "c.bias"]
    assert net.set_train().cl.training and net.sq.training and net.nested[0].training


# From MindSpore 2.10: [n for n, _ in TrainOneStepCell(...).parameters_and_names()] and
# list(optimizer.parameters_dict()) for a Dense + BatchNorm1d network.
_NET = ["0.weight", "0.bias", "1.gamma", "1.beta", "network._backbone.1.moving_mean",
        "network._backbone.1.moving_variance"]
_OPT_CASES = {
    "momentum": (lambda ps: nn.Momentum(ps, 0.1, 0.9),
                 ["global_step", "learning_rate", "momentum", "moments.0.weight", "moments.0.bias",
                  "moments.1.gamma", "moments.1.beta"],
                 ["global_step", "learning_rate", "0.weight", "0.bias", "1.gamma", "1.beta", "momentum",
                  "moments.0.weight", "moments.0.bias", "moments.1.gamma", "moments.1.beta"]),
    "adam": (lambda ps: nn.Adam(ps, 0.1),
             ["global_step", "learning_rate", "beta1_power", "beta2_power", "moment1.0.weight", "moment1.0.bias",
              "moment1.1.gamma", "moment1.1.beta", "moment2.0.weight", "moment2.0.bias", "moment2.1.gamma",
              "moment2.1.beta"],
             ["global_step", "learning_rate", "0.weight", "0.bias", "1.gamma", "1.beta", "beta1_power",
              "beta2_power", "moment1.0.weight", "moment1.0.bias", "moment1.1.gamma", "moment1.1.beta",
              "moment2.0.weight", "moment2.0.bias", "moment2.1.gamma", "moment2.1.beta"]),
    "momentum_group_lr": (lambda ps: nn.Momentum([{"params": ps[:2], "lr": 0.1},
                                                  {"params": ps[2:], "lr": 0.01, "weight_decay": 0.01}], 0.1, 0.9),
                          ["global_step", "learning_rate_group_0", "learning_rate_group_1", "momentum",
                           "moments.0.weight", "moments.0.bias", "moments.1.gamma", "moments.1.beta"],
                          ["global_step", "learning_rate_group_0", "learning_rate_group_1", "0.weight", "0.bias",
                           "1.gamma", "1.beta", "momentum", "moments.0.weight", "moments.0.bias", "moments.1.gamma",
                           "moments.1.beta"]),
}


@pytest.mark.parametrize("case", _OPT_CASES)
def test_optimizer_parameter_order(case):
    make, opt_paths, opt_names = _OPT_CASES[case]
    net = nn.SequentialCell(nn.Dense(2, 2), nn.BatchNorm1d(2))
    opt = make(net.trainable_params())
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    assert _paths(train) == _NET + ["optimizer." + n for n in opt_paths]
    assert list(opt.parameters_dict()) == opt_names
