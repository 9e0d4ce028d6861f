"""Graph helpers (mutable, jit_class, lazy_inline, no_inline, recompute, set_recursion_limit,
constexpr), export/load, Profiler and the float8 dtypes.

Accepted values and error messages are MindSpore 2.10's (the oracle); recompute's gradients are
checked against the same network without recomputation.
"""
import os
import sys

import pytest
import torch

import sporetorch as ms
from sporetorch import nn, ops


def test_mutable_checks_and_returns_its_input():
    t = ms.Tensor([1.0])
    assert ms.mutable(t) is t
    assert ms.mutable((1, 2)) == (1, 2) and ms.mutable([1.0, 2.0], True) == [1.0, 2.0]
    assert ms.mutable({"a": ms.Tensor(1)})["a"].shape == ()
    with pytest.raises(TypeError, match=r"For 'mutable', the 'input_data' should be one of \(bool, int, float, Tensor, "
                                        r"tuple, list, dict\) or their nested structures with no self-reference, but "
                                        r"got str: a."):
        ms.mutable("a")
    with pytest.raises(TypeError, match="got NoneType: None"):
        ms.mutable(None)
    with pytest.raises(TypeError, match="when the variable_len is True, the first input should be list or tuple, but "
                                        "got: float"):
        ms.mutable(1.5, True)
    loop = []
    loop.append(loop)
    with pytest.raises(TypeError, match="no self-reference"):
        ms.mutable(loop)


def test_jit_class():
    class Point:
        pass
    assert ms.jit_class(Point) is Point and Point.__ms_class__ is True
    with pytest.raises(TypeError, match="Decorator jit_class can only be used for class type, but got 1."):
        ms.jit_class(1)
    with pytest.raises(TypeError, match="cannot be used for nn.Cell"):
        ms.jit_class(nn.ReLU)


def test_lazy_inline_and_no_inline():
    class Block(nn.Cell):
        @ms.lazy_inline
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 2)

        def construct(self, x):
            return self.dense(x)

    assert Block()(ms.Tensor([[1.0, 2.0]])).shape == (1, 2)
    assert ms.lazy_inline(policy="front")(Block.__init__) is Block.__init__

    def f():
        pass
    with pytest.raises(ValueError, match="The lazy_inline should decorate the __init__ function, not the function: f"):
        ms.lazy_inline(f)
    assert ms.no_inline(f) is f and f.no_inline is True


class _Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)
        self.calls = 0

    def construct(self, x):
        self.calls += 1
        return ops.tanh(self.dense(x)) * 2


def test_recompute_gives_the_same_gradients_and_recomputes():
    ms.set_seed(1)
    block = _Block()
    x = ms.Tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
    weights = block.trainable_params()
    g_ref = ms.grad(lambda x: block(x).sum(), 0, weights)(x)
    block.calls = 0
    g = ms.grad(lambda x: ms.recompute(block, x).sum(), 0, weights)(x)
    assert block.calls == 2  # forward, then again in the backward pass
    for a, b in zip([g[0]] + list(g[1]), [g_ref[0]] + list(g_ref[1])):
        torch.testing.assert_close(a._t, b._t)
    out = ms.recompute(block, x)
    torch.testing.assert_close(out._t, block(x)._t)
    assert ms.recompute(lambda a, b: (a + b, a * b), x, x, use_reentrant=False)[1].shape == (2, 3)
    with pytest.raises(TypeError, match="Recompute function now only support block which inherited from Cell when "
                                        "use_reentrant=True!"):
        ms.recompute(lambda a: a, x)


def test_set_recursion_limit():
    before = sys.getrecursionlimit()
    ms.set_recursion_limit(10)
    assert sys.getrecursionlimit() == before  # never lowered
    try:
        ms.set_recursion_limit(before + 100)
        assert sys.getrecursionlimit() == before + 100
    finally:
        sys.setrecursionlimit(before)
    with pytest.raises(ValueError, match="The input value must be int and must > 0, but got '0' with type 'int'."):
        ms.set_recursion_limit(0)
    with pytest.raises(TypeError, match="The input value must be int, but got 'str'"):
        ms.set_recursion_limit("a")
    with pytest.raises(TypeError, match="but got 'True' with type 'bool'"):
        ms.set_recursion_limit(True)


def test_constexpr_runs_the_function():
    @ms.constexpr
    def double(n):
        return 2 * n
    assert double(3) == 6


def test_export_and_load_refuse_with_alternatives(tmp_path):
    net = nn.Dense(2, 2)
    x = ms.Tensor([[1.0, 2.0]])
    with pytest.raises(ValueError, match=r"For 'export', 'file_format' must be one of \['AIR', 'ONNX', 'MINDIR'\], "
                                         "but got XYZ."):
        ms.export(net, x, file_name="net", file_format="XYZ")
    with pytest.raises(NotImplementedError, match="save_checkpoint"):
        ms.export(net, x, file_name=str(tmp_path / "net"), file_format="MINDIR")
    assert not os.listdir(tmp_path)
    with pytest.raises(ValueError, match=r"For 'load', the argument 'file_name'\(MindIR file\) does not exist"):
        ms.load(str(tmp_path / "missing.mindir"))
    (tmp_path / "net.mindir").write_bytes(b"\x00")
    with pytest.raises(NotImplementedError, match="load_checkpoint"):
        ms.load(str(tmp_path / "net.mindir"))


def test_profiler_writes_trace_and_table(tmp_path):
    prof = ms.Profiler(output_path=str(tmp_path), activities=[ms.profiler.ProfilerActivity.CPU])
    x = ms.Tensor([[1.0, 2.0]])
    (x * x).sum()
    prof.add_metadata("run", "toplevel-test")
    trace = prof.analyse()
    assert '"run": "toplevel-test"' in open(trace, encoding="utf-8").read()
    assert os.path.getsize(trace) > 0
    assert "aten::mul" in (tmp_path / "op_statistic.txt").read_text()
    with pytest.raises(TypeError, match="unexpected arguments"):
        ms.Profiler(bogus=1)
    with pytest.raises(ValueError, match="'active' must be at least 1"):
        ms.profiler.schedule(wait=1, active=0)
    sched = ms.profiler.schedule(wait=1, warmup=1, active=2)
    assert [sched(i).name for i in range(4)] == ["NONE", "WARMUP", "RECORD", "RECORD_AND_SAVE"]


def test_float8_dtypes():
    # MindSpore 2.10: str Float8E4M3FN / Float8E5M2, repr mindspore.float8_e4m3fn
    assert str(ms.float8_e4m3fn) == "Float8E4M3FN" and repr(ms.float8_e5m2) == "mindspore.float8_e5m2"
    t = ms.Tensor([1.0, 2.5, 448.0]).astype(ms.float8_e4m3fn)
    assert t.dtype == ms.float8_e4m3fn
    assert t.astype(ms.float32).tolist() == [1.0, 2.5, 448.0]  # exactly representable in e4m3fn


def test_train_and_amp_names_are_reexported():
    # MindSpore 2.10: mindspore.F1 is mindspore.train.F1, build_train_network is mindspore.amp's, ...
    for name in ("BleuScore", "ConfusionMatrix", "CosineSimilarity", "Dice", "F1", "Fbeta", "MSE", "Perplexity",
                 "Precision", "ROC", "Recall", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy",
                 "TopKCategoricalAccuracy", "LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"):
        assert getattr(ms, name) is getattr(ms.train, name), name
    assert ms.build_train_network is ms.amp.build_train_network


def test_frombuffer_shares_memory_and_checks_like_mindspore():
    buf = bytearray(b"\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00")
    assert ms.frombuffer(buf, ms.int32, count=2, offset=4).tolist() == [2, 3]  # MindSpore 2.10
    whole = ms.frombuffer(buf, ms.int32)
    buf[0] = 9
    assert whole.tolist() == [9, 2, 3] and whole.dtype == ms.int32
    assert ms.frombuffer(b"\x01\x02", ms.uint8).tolist() == [1, 2]
    for kwargs, message in [
        ({"count": -2}, r"count \(-2\) must be -1 or positive, but got negative value other than -1"),
        ({"offset": 12}, r"offset \(12 bytes\) must be non-negative and no greater than buffer length \(12 bytes\) "
                         "minus 1."),
        ({"offset": 1}, r"buffer length \(11 bytes\) after offset \(1 bytes\) must be a multiple of element size "
                        r"\(4\)."),
        ({"count": 4}, r"is not enough for the requested count of elements \(4 elements of size 4 bytes each, "
                       r"total 16 bytes\)."),
    ]:
        with pytest.raises(RuntimeError, match=message):
            ms.frombuffer(buf, ms.int32, **kwargs)
    with pytest.raises(RuntimeError, match=r"both buffer length \(0\) and count \(-1\) must not be 0"):
        ms.frombuffer(bytearray(), ms.int32)


def test_swap_tensors():
    a, b = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0, 5.0])
    alias = a
    ms.swap_tensors(a, b)
    assert alias.tolist() == [3.0, 4.0, 5.0] and b.tolist() == [1.0, 2.0]  # MindSpore 2.10
    p, q = ms.Parameter(ms.Tensor([1.0]), name="p"), ms.Parameter(ms.Tensor([2.0, 3.0]), name="q")
    ms.swap_tensors(p, q)
    assert (p.name, p.shape, q.name) == ("q", (2,), "p")
    with pytest.raises(TypeError, match="'t2' must be a Tensor"):
        ms.swap_tensors(a, 1)
    with pytest.raises(TypeError, match="one class"):
        ms.swap_tensors(p, a)


def test_shard_returns_its_cell_or_function():
    relu = nn.ReLU()
    assert ms.shard(relu, ((2, 1),)) is relu  # MindSpore 2.10 (stand_alone: strategies ignored)

    def f(x):
        return x
    assert ms.shard(f, [[2, 1]]) is f
    with pytest.raises(TypeError, match="'fn' must be a Cell or a function"):
        ms.shard(1, ((2, 1),))


def test_mindir_helpers_refuse(tmp_path):
    with pytest.raises(ValueError, match="No such file or directory"):
        ms.load_mindir(str(tmp_path / "nope.mindir"))
    with pytest.raises(TypeError, match="For 'save_mindir', the argument 'model' must be ModelProto, but got "
                                        "<class 'dict'>"):
        ms.save_mindir({}, str(tmp_path / "x"))
    with pytest.raises(NotImplementedError, match="save_checkpoint"):
        ms.export_split_mindir(str(tmp_path / "x.mindir"))


def test_log_level_follows_the_sporetorch_logger():
    import logging
    assert ms.get_log_config() == {"GLOG_v": ms.get_level(), "GLOG_logtostderr": "1"}
    logger = logging.getLogger("sporetorch")
    before = logger.level
    try:
        for level, glog in ((logging.DEBUG, "0"), (logging.INFO, "1"), (logging.WARNING, "2"), (logging.ERROR, "3")):
            logger.setLevel(level)
            assert ms.get_level() == glog
    finally:
        logger.setLevel(before)


def test_launch_blocking_and_memory_recycle(monkeypatch):
    monkeypatch.delenv("CUDA_LAUNCH_BLOCKING", raising=False)
    try:
        ms.launch_blocking()
        assert os.environ["CUDA_LAUNCH_BLOCKING"] == "1" and ms.get_context("pynative_synchronize") is True
    finally:
        ms.set_context(pynative_synchronize=False)
    assert ms.ms_memory_recycle() is None


def test_enable_dynamic_checks_and_marks_dynamic_dims():
    def f(x, y):
        return x + y
    spec = ms.Tensor(shape=[None], dtype=ms.float32)
    # Error messages from MindSpore 2.10.
    with pytest.raises(ValueError, match="'z' is not in list"):
        ms.enable_dynamic(z=spec)(f)
    with pytest.raises(TypeError, match="The decorator enable_dynamic only supports Tensor or a tuple/list of Tensor, "
                                        "but the argument : x is type of:<class 'int'>."):
        ms.enable_dynamic(x=1)
    with pytest.raises(TypeError, match="the shape of argument 'x' at least have one None."):
        ms.enable_dynamic(x=ms.Tensor(shape=[1, 2], dtype=ms.float32))
    with pytest.raises(ValueError, match="the input cannot be empty!"):
        ms.enable_dynamic()
    g = ms.enable_dynamic(x=spec)(f)
    assert g(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 2.0])).tolist() == [2.0, 4.0]
    with pytest.raises(ValueError, match=r"input tensor shape = \(\[1, 2\]\), dynamic tensor shape = \(\[-1\]\), "
                                         "tensor shapes are not the same."):
        g(ms.Tensor([[1.0, 2.0]]), ms.Tensor([1.0, 2.0]))

    compiles = []

    def backend(gm, example_inputs):
        compiles.append(1)
        return gm.forward
    compiled = torch.compile(lambda x: x._t * 2, backend=backend)
    h = ms.enable_dynamic(x=spec)(compiled)
    for n in (2, 3, 5):
        assert h(ms.Tensor([1.0] * n)).tolist() == [2.0] * n
    assert len(compiles) == 1  # one graph for every length


def test_set_dump_and_dispatch_threads_num():
    net = nn.Dense(2, 2)
    with pytest.warns(UserWarning, match="not supported by set_dump"):
        ms.set_dump(net)
    assert net.dump is True
    with pytest.raises(ValueError, match='The "target" parameter must be an instance of Cell or Primitive, but got an '
                                         "instance of <class 'int'>."):
        ms.set_dump(1)
    with pytest.raises(ValueError, match='The "enabled" parameter must be bool.'):
        ms.set_dump(net, 1)
    with pytest.raises(TypeError, match="The parameter 'threads_num' must be <class 'int'>, but got <class 'str'>"):
        ms.dispatch_threads_num("a")


def test_recompute_inside_jit_is_one_graph():
    import warnings
    ms.set_seed(2)
    block = nn.SequentialCell([nn.Dense(3, 2), nn.Tanh()])
    x = ms.Tensor([[1.0, 2.0, 3.0]])
    f = ms.jit(lambda x: ms.recompute(block, x).sum(), backend="eager", fullgraph=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a graph break would warn (or raise with fullgraph)
        out = f(x)
    torch.testing.assert_close(out._t, block(x).sum()._t)


def test_merge_sliced_parameter():
    a = ms.Parameter(ms.Tensor([[1.0, 2.0]]), "w")
    b = ms.Parameter(ms.Tensor([[3.0, 4.0]], ms.float16), "w")
    merged = ms.merge_sliced_parameter([a, b])
    # MindSpore 2.10: Parameter (name=w, shape=(2, 2), dtype=Float32, requires_grad=True), [[1, 2], [3, 4]]
    assert repr(merged) == "Parameter (name=w, shape=(2, 2), dtype=Float32, requires_grad=True)"
    assert merged.asnumpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]
    with pytest.raises(ValueError, match=r"The name, dimension length, shape except 0 axis should be w, 2, \(2,\), "
                                         r"but got name: v, dimension length: 2, shape except 0 axis: \(2,\) at "
                                         "index 1."):
        ms.merge_sliced_parameter([a, ms.Parameter(ms.Tensor([[3.0, 4.0]]), "v")])
    with pytest.raises(TypeError, match="the argument 'sliced_parameters' should be list"):
        ms.merge_sliced_parameter(a)
    with pytest.raises(ValueError, match="the argument 'sliced_parameters' should not be empty."):
        ms.merge_sliced_parameter([])
    with pytest.raises(NotImplementedError, match="strategy=None"):
        ms.merge_sliced_parameter([a, b], {"w": 1})


def test_no_grad_blocks_gradients_inside_grad():
    def f(x):
        with ms._no_grad():
            frozen = x * x
        return (x * 3 + frozen).sum()
    g = ms.grad(f)(ms.Tensor([1.0, 2.0]))
    assert g.tolist() == [3.0, 3.0]  # MindSpore 2.10: d/dx (3x + stop(x^2)) = 3

    @ms._no_grad()
    def square(x):
        return x * x
    assert ms.grad(lambda x: (x + square(x)).sum())(ms.Tensor([2.0])).tolist() == [1.0]  # MindSpore 2.10
    assert torch.is_grad_enabled()


def test_profile_context_with_schedule_and_trace_handler(tmp_path):
    from sporetorch import profiler
    x = ms.Tensor([[1.0, 2.0]])
    with profiler.profile(activities=[profiler.ProfilerActivity.CPU],
                          schedule=profiler.schedule(wait=0, warmup=1, active=1, repeat=1),
                          on_trace_ready=profiler.tensorboard_trace_handler(str(tmp_path))) as prof:
        for _ in range(4):
            (x * x).sum()
            prof.step()
    traces = [f for f in os.listdir(tmp_path) if f.endswith(".pt.trace.json")]
    assert len(traces) == 1


def test_names_mindspore_also_keeps_in_common_and_train():
    # MindSpore 2.10: mindspore.common has Generator, COOTensor, ...; mindspore.train(.serialization) has export/load.
    for name in ("Generator", "default_generator", "manual_seed", "initial_seed", "get_rng_state", "set_rng_state",
                 "COOTensor", "CSRTensor", "RowTensor", "SparseTensor", "swap_tensors", "save_mindir", "load_mindir",
                 "float8_e4m3fn", "float8_e5m2"):
        assert getattr(ms.common, name) is getattr(ms, name), name
    assert ms.train.export is ms.export and ms.train.serialization.load is ms.load


def test_log_module_functions_log_on_the_sporetorch_logger(caplog):
    # MindSpore 2.10's mindspore.log has debug/info/warning/error/critical(msg, *args); mindformers calls
    # them at model build time
    from sporetorch import log as logger
    with caplog.at_level("DEBUG", logger="sporetorch"):
        logger.info("init %s=%r", "sigma", 0.02)
        logger.warning("w")
        logger.error("e")
    assert [r.getMessage() for r in caplog.records] == ["init sigma=0.02", "w", "e"]
