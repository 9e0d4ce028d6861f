"""Compiling in a forked child while the caller runs eagerly (sporetorch/_accel/background.py, _Background).
The eager backend keeps these fast; SPORETORCH_JIT_BACKGROUND=1 forces the child for it. Expected
values are the PYNATIVE results of the same steps (the child must never change the caller's numbers)."""
import logging
import os
import threading
import time
import types

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, nn
from sporetorch._accel import background as jit_mod
from sporetorch.common.jit import _Compiled

# Forks compiling children and waits for them: outside the fast tier.
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(os, "fork"), reason="background compilation forks")]


@pytest.fixture(autouse=True)
def _background(monkeypatch, tmp_path):
    monkeypatch.setenv("SPORETORCH_JIT_BACKEND", "eager")
    monkeypatch.setenv("SPORETORCH_JIT_BACKGROUND", "1")
    monkeypatch.setenv("SPORETORCH_CACHE_DIR", str(tmp_path))
    torch._dynamo.reset()
    jit_mod._Background.active = None
    jit_mod._Background.next_try = 0.0
    # Threads earlier tests left (inductor's compile-worker reader after an in-process compile) would
    # keep every fork off: these tests are of the child itself, so they count as harmless here.
    earlier, harmless = set(threading.enumerate()), jit_mod._harmless
    monkeypatch.setattr(jit_mod, "_harmless", lambda thread: thread in earlier or harmless(thread))
    yield
    active = jit_mod._Background.active
    if active is not None:
        _wait(active)
    jit_mod._Background.active = None
    ms.set_context(mode=ms.PYNATIVE_MODE)
    torch._dynamo.reset()


def _runs(owner, fn):
    """Whether ``owner`` runs ``fn`` (one of background's functions) at its next call."""
    impl = owner._impl
    return getattr(impl, "func", None) is fn and impl.args[:1] == (owner,)


def _wait(pending, timeout=240):
    deadline = time.monotonic() + timeout
    while pending.poll() is None:
        assert time.monotonic() < deadline, "the compiling child did not finish"
        time.sleep(0.05)
    return pending.poll()


class _BNDropNet(nn.Cell):
    """BatchNorm running statistics and dropout's random numbers: state a child must not disturb."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 6)
        self.bn = nn.BatchNorm1d(6)
        self.drop = nn.Dropout(p=0.3)
        self.out = nn.Dense(6, 3)

    def construct(self, x):
        return self.out(self.drop(self.bn(self.fc(x))))


def _train_step(use_jit):
    ms.set_seed(5)
    net = _BNDropNet()
    net.set_train(True)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    grad_fn = ms.value_and_grad(lambda d, l: loss_fn(net(d), l), None, opt.parameters)

    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        opt(grads)
        return loss

    return (ms.jit(train_step) if use_jit else train_step), net


def _batch():
    rng = np.random.RandomState(0)
    return Tensor(rng.randn(8, 4).astype(np.float32)), Tensor(rng.randint(0, 3, 8).astype(np.int32))


def _through_a_verdict():
    """A jit train step called twice (the second call forks the compiling child), and the child's
    verdict once it has come."""
    x, y = _batch()
    step, _ = _train_step(True)
    step(x, y)
    step(x, y)
    return step, _wait(step._compiled._pending)


def test_caller_runs_eagerly_with_pynative_numbers_until_the_switch():
    x, y = _batch()
    eager_step, eager_net = _train_step(False)
    expected = [float(eager_step(x, y).asnumpy()) for _ in range(6)]
    jit_step, jit_net = _train_step(True)
    got = [float(jit_step(x, y).asnumpy())]
    compiled = jit_step._compiled
    # The first call only runs eagerly; the second forks the child.
    assert compiled._pending is None and _runs(compiled, jit_mod._start_background)
    got.append(float(jit_step(x, y).asnumpy()))
    pending = compiled._pending
    assert pending is not None and _runs(compiled, jit_mod._await_background)
    _wait(pending)
    got += [float(jit_step(x, y).asnumpy()) for _ in range(4)]
    assert compiled._pending is None and not _runs(compiled, jit_mod._await_background)
    # Before the switch the values are eager's exactly; after it, compiled code computes the same.
    assert got[:2] == expected[:2]
    np.testing.assert_allclose(got, expected, rtol=1e-5)
    for a, b in zip(jit_net.get_parameters(), eager_net.get_parameters()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)


def test_objects_sit_out_collections_while_the_child_shares_their_pages():
    # A full collection writes to every object it tracks, copying the pages the forked child
    # shares; from the fork to the verdict the objects of the time are frozen.
    import gc
    x, y = _batch()
    step, _ = _train_step(True)
    step(x, y)
    assert gc.get_freeze_count() == 0
    step(x, y)
    assert gc.get_freeze_count() > 0
    _wait(step._compiled._pending)
    assert gc.get_freeze_count() == 0


def test_objects_the_user_froze_stay_frozen_after_the_verdict():
    import gc
    gc.freeze()
    try:
        _through_a_verdict()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_verdict_is_recorded_and_the_next_run_adopts_it_without_a_child(tmp_path):
    x, y = _batch()
    step, result = _through_a_verdict()
    assert result["verdict"] in ("compiled", "eager") and result["compile_s"] > 0
    records = [name for name in os.listdir(tmp_path / "jit") if name.endswith(".json")]
    assert len(records) == 1
    # A fresh function over the same code, cells and input shapes: what a second run of the script builds.
    jit_mod._Background.active = None
    again, _ = _train_step(True)
    again(x, y)
    assert jit_mod._Background.active is None and again._compiled._pending is None
    assert again._compiled._impl is not None
    # Other input shapes are another key: a function first called with them compiles in a child again.
    other, _ = _train_step(True)
    other(Tensor(np.zeros((5, 4), np.float32)), Tensor(np.zeros(5, np.int32)))
    assert _runs(other._compiled, jit_mod._start_background)


def test_the_child_hands_its_planned_kernels_to_the_caller(monkeypatch):
    # The child reports what each registered planner collected; at the switch to the eager variant the
    # caller plans those records before the step runs (convolutions: timed on stand-in tensors).
    planned = []
    monkeypatch.setitem(jit_mod._PLANNERS, "test", (lambda: ["a record"], lambda records: planned.append(records)
                                                    or len(records), None))
    x, y = _batch()
    step, _ = _train_step(True)
    step(x, y)
    step(x, y)
    result = _wait(step._compiled._pending)
    assert result["plans"]["test"] == ["a record"]
    compiled = _train_step(True)[0]._compiled
    jit_mod._adopt(compiled, dict(result, verdict="eager"), (x, y), {}, None, earlier_run=True)
    assert planned == [["a record"]]
    jit_mod._adopt(compiled, dict(result, verdict="compiled"), (x, y), {}, None, earlier_run=True)
    assert planned == [["a record"]]  # compiled code plans nothing


def test_kernel_choices_timed_at_the_switch_are_recorded_for_the_next_run(monkeypatch, tmp_path):
    # The child times kernels on one thread; the caller times them again for its own threads at the
    # switch and writes its choices into the record, so that a later run takes them as they are.
    choices = ["the caller's choice"]
    monkeypatch.setattr(jit_mod, "_PLANNERS", {"test": (lambda: list(choices), lambda records: len(records), None)})
    x, y = _batch()
    compiled = _train_step(True)[0]._compiled
    child = {"verdict": "eager", "name": compiled.name, "compile_s": 1.0, "plans": {"test": ["the child's"]}}
    jit_mod._adopt(compiled, child, (x, y), {}, "somekey", earlier_run=False)
    assert jit_mod._read_record("somekey") == dict(child, plans={"test": ["the caller's choice"]})
    # Formats that only the caller's choices produce are planned after a later call: recorded too,
    # until a call plans nothing new.
    choices.append("planned after the second call")
    compiled(x, y)
    record = jit_mod._read_record("somekey")
    assert record == dict(child, plans={"test": choices})
    compiled(x, y)
    assert compiled._impl == compiled._run_eager
    # A later run whose choices all came from the record leaves the record as it is.
    again = _train_step(True)[0]._compiled
    monkeypatch.setattr(jit_mod, "_write_record", lambda *a: pytest.fail("rewrote an unchanged record"))
    jit_mod._adopt(again, record, (x, y), {}, "somekey", earlier_run=True)
    assert again._impl == again._run_eager


def test_graph_mode_cell_compiles_in_background():
    net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])
    x = Tensor(np.random.RandomState(1).randn(3, 4).astype(np.float32))
    expected = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    first, second = net(x).asnumpy(), net(x).asnumpy()
    compiled = net.__dict__["_graph_compiled"]
    _wait(compiled._pending)
    np.testing.assert_array_equal(first, expected)
    np.testing.assert_array_equal(second, expected)
    for _ in range(3):
        np.testing.assert_allclose(net(x).asnumpy(), expected, rtol=1e-6, atol=1e-6)


def test_a_child_that_sends_no_package_is_collected_with_its_verdict():
    # Its verdict is its last message: the pipe is closed at once, and the child collected when it
    # exits (a child still exiting as its verdict arrives was once left open and a zombie).
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.write(write_fd, b'{"verdict": "eager", "packaging": false}\n')
        time.sleep(0.5)
        os._exit(0)
    os.close(write_fd)
    os.set_blocking(read_fd, False)
    pending = jit_mod._Background(pid, read_fd, "key")
    assert _wait(pending)["verdict"] == "eager"
    assert pending.fd is None
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{pid}")


def test_record_key_follows_code_shapes_and_train_flag():
    net = nn.Dense(4, 2)
    owner = _Compiled(lambda a: net(a), "f")
    x = Tensor(np.zeros((3, 4), np.float32))
    key = jit_mod._record_key(owner, (x,), {})
    assert key == jit_mod._record_key(owner, (x,), {})
    assert key != jit_mod._record_key(owner, (Tensor(np.zeros((5, 4), np.float32)),), {})
    net.set_train(not net.training)
    assert key != jit_mod._record_key(owner, (x,), {})


def test_record_key_follows_the_kernel_planners_code(monkeypatch, tmp_path):
    # A record's kernel choices were made by the planner's code of its day: other code keys anew.
    old, new = tmp_path / "old_tuning.py", tmp_path / "new_tuning.py"
    old.write_text("MARGIN = 0.8\n")
    new.write_text("MARGIN = 0.9\n")
    owner = _Compiled(lambda a: a, "f")
    x = Tensor(np.zeros((3, 4), np.float32))
    monkeypatch.setattr(jit_mod, "_PLANNER_CODE", {"conv2d": (str(old),)})
    key = jit_mod._record_key(owner, (x,), {})
    monkeypatch.setattr(jit_mod, "_PLANNER_CODE", {"conv2d": (str(new),)})
    assert key != jit_mod._record_key(owner, (x,), {})


def test_background_off_compiles_in_the_caller(monkeypatch):
    monkeypatch.setenv("SPORETORCH_JIT_BACKGROUND", "0")
    step, _ = _train_step(True)
    x, y = _batch()
    step(x, y)
    step(x, y)
    assert step._compiled._pending is None and jit_mod._Background.active is None


def test_caller_leaves_the_child_a_core_and_takes_it_back(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        step, _ = _train_step(True)
        x, y = _batch()
        step(x, y)
        assert torch.get_num_threads() == 2
        step(x, y)
        assert torch.get_num_threads() == 1
        _wait(step._compiled._pending)
        assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(before)


def test_a_compiled_verdict_runs_eagerly_while_a_thread_imports_the_compiler(monkeypatch, tmp_path):
    # A second run whose recorded verdict is compiled: the first compilation in a process imports
    # the compiler first (about 2.5 s of a CIFAR ResNet-18's 5.5 s), so a thread imports it while
    # the caller runs eagerly, on one core fewer, and forks no child meanwhile.
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(jit_mod, "_compiler_imports", {})
    monkeypatch.setattr(jit_mod, "_COMPILER_MODULES", {"eager": ("a_compiler_module_not_yet_imported",)})
    imported = threading.Event()
    monkeypatch.setattr(jit_mod, "_import_modules", lambda backend, names: imported.wait(60))
    x, y = _batch()
    before = torch.get_num_threads()
    # On the one thread that the caller's first calls run on: a batch norm's reductions on two
    # threads can differ from them in the last bit on some CPUs.
    torch.set_num_threads(1)
    eager_step, _ = _train_step(False)
    expected = [float(eager_step(x, y).asnumpy()) for _ in range(5)]
    first_run, _ = _train_step(True)
    first_run(x, y)
    jit_mod._write_record(jit_mod._record_key(first_run._compiled, (x, y), {}), {"verdict": "compiled"})
    torch.set_num_threads(2)
    try:
        step, _ = _train_step(True)
        compiled = step._compiled
        got = [float(step(x, y).asnumpy()), float(step(x, y).asnumpy())]
        assert _runs(compiled, jit_mod._compile_when_imported) and torch.get_num_threads() == 1
        double = ms.jit(lambda a: a + a)  # another function, whose second call would fork a child
        double(x)
        double(x)
        assert jit_mod._Background.active is None  # a fork amid an import would leave its lock held in the child
        imported.set()
        jit_mod._compiler_imports["eager"][0].join(10)
        got += [float(step(x, y).asnumpy()) for _ in range(3)]
        assert not _runs(compiled, jit_mod._compile_when_imported) and torch.get_num_threads() == 2
    finally:
        imported.set()
        torch.set_num_threads(before)
    assert got[:2] == expected[:2]
    np.testing.assert_allclose(got, expected, rtol=1e-5)


def test_switch_is_logged_once_at_info(caplog):
    x, y = _batch()
    step, _ = _train_step(True)
    with caplog.at_level(logging.INFO, logger="sporetorch"):
        step(x, y)
        step(x, y)
        _wait(step._compiled._pending)
        for _ in range(3):
            step(x, y)
    msgs = [r.getMessage() for r in caplog.records if "in the background" in r.getMessage()]
    assert len(msgs) == 1 and "train_step" in msgs[0] and "with backend eager" in msgs[0]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_the_child_writes_nothing_to_the_scripts_log_file(tmp_path):
    # A handler the script set up (a log file) is its own: the child's lines reach the caller in its
    # messages, and the caller logs the outcome once.
    handler = logging.FileHandler(tmp_path / "script.log")
    handler.setFormatter(logging.Formatter("%(process)d %(message)s"))
    root, logger = logging.getLogger(), logging.getLogger("sporetorch")
    previous = root.level, logger.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logger.setLevel(logging.INFO)
    try:
        step, _ = _through_a_verdict()
        step(*_batch())
    finally:
        root.removeHandler(handler)
        handler.close()
        root.setLevel(previous[0])
        logger.setLevel(previous[1])
    lines = (tmp_path / "script.log").read_text().splitlines()
    assert lines and all(line.startswith(f"{os.getpid()} ") for line in lines), lines
    assert sum("in the background" in line for line in lines) == 1


def test_the_child_writes_no_tensor_dumps(tmp_path):
    # The dumps are the caller's, numbered by its calls: the child's race, run on a copy of the
    # caller's state and counter, wrote files of the same names over them.
    dumps = tmp_path / "dumps"

    @ms.jit
    def scaled(x):
        ms.ops.tensordump(str(dumps / "y"), x * 2)
        return x * 2

    values = [Tensor(np.full(2, float(i), np.float32)) for i in range(4)]
    scaled(values[0])
    scaled(values[1])
    _wait(scaled._compiled._pending)
    scaled(values[2])
    scaled(values[3])
    files = sorted(os.listdir(dumps), key=lambda name: int(name.rsplit("_", 1)[1][:-4]))
    assert len(files) == 4
    for name, value in zip(files, values):
        np.testing.assert_array_equal(np.load(dumps / name), value.asnumpy() * 2)


def test_one_child_at_a_time_across_processes():
    held = jit_mod._take_child_lock()  # what another process's compiling child holds
    assert held is not None
    try:
        step, _ = _train_step(True)
        x, y = _batch()
        step(x, y)
        step(x, y)
        assert step._compiled._pending is None and _runs(step._compiled, jit_mod._start_background)
    finally:
        os.close(held)
    jit_mod._Background.next_try = 0.0
    step(x, y)
    assert step._compiled._pending is not None


_EXITING_PARENT = """
import os, signal, sys, time
import numpy as np
import sporetorch as ms
from sporetorch._accel import background as jit_mod

slept = []

@ms.jit
def step(x):
    if jit_mod._IN_CHILD and not slept:
        slept.append(True)
        time.sleep(120)  # a compiler that takes longer than the script
    return x * 2

x = ms.Tensor(np.ones(3, np.float32))
step(x)
step(x)  # the second call forks the compiling child
print(jit_mod._Background.active.pid, flush=True)
time.sleep(1)  # the child is at work
if sys.argv[1] == "kill":
    os.kill(os.getpid(), signal.SIGKILL)  # no Python exit handlers run
"""


def _run_exiting_parent(cache, how):
    """Run ``_EXITING_PARENT`` to its end (``how``: "exit" or "kill"); returns the pid of its compiling child."""
    import subprocess
    import sys
    env = dict(os.environ, SPORETORCH_CACHE_DIR=str(cache), SPORETORCH_JIT_BACKEND="eager",
               SPORETORCH_JIT_BACKGROUND="1")
    done = subprocess.run([sys.executable, "-c", _EXITING_PARENT, how], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode in (0, -9), done.stderr
    return int(done.stdout.split()[-1])


@pytest.mark.parametrize("how", ["exit", "kill"])
def test_the_compiling_child_never_outlives_its_caller(tmp_path, how):
    child = _run_exiting_parent(tmp_path, how)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(child, 9)
    pytest.fail(f"the compiling child kept running after its caller's {how}")


def test_no_fork_beside_another_thread(monkeypatch):
    # A threaded input pipeline: a lock one of its threads holds at a fork stays held in the child.
    assert jit_mod.fork_is_safe()
    assert not jit_mod._harmless(threading.Thread(target=print, name="pipeline"))
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait, name="pipeline")
    worker.start()
    try:
        assert not jit_mod.fork_is_safe()
        step, _ = _train_step(True)
        assert jit_mod._where_to_compile(step._compiled) == "hot"
    finally:
        stop.set()
        worker.join()
    assert jit_mod.fork_is_safe()


def test_no_fork_in_a_dataloader_worker_under_distributed_or_with_cuda(monkeypatch):
    import multiprocessing
    import torch.utils.data
    for target, name, value in ((torch.utils.data, "get_worker_info", lambda: object()),
                                (multiprocessing, "parent_process", lambda: object()),
                                (jit_mod, "_in_process_group", lambda: True),
                                (torch.cuda, "is_initialized", lambda: True)):
        with monkeypatch.context() as m:
            m.setattr(target, name, value)
            assert not jit_mod.fork_is_safe(), name
    assert jit_mod.fork_is_safe()


def test_a_thread_started_after_the_first_call_keeps_the_compile_in_process(monkeypatch):
    monkeypatch.setattr(jit_mod, "_HOT_S", 1e9)
    x, y = _batch()
    step, _ = _train_step(True)
    step(x, y)
    assert _runs(step._compiled, jit_mod._start_background)
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait, name="pipeline")
    worker.start()
    try:
        step(x, y)
    finally:
        stop.set()
        worker.join()
    assert jit_mod._Background.active is None and _runs(step._compiled, jit_mod._run_until_hot)


def test_where_no_child_can_work_the_caller_compiles_once_the_function_is_hot(monkeypatch, tmp_path):
    # On a GPU no child can be forked: the function runs eagerly, with PYNATIVE's numbers, until it
    # has taken _HOT_S of eager time; then the caller compiles and races it, and records the verdict.
    # (jit sees a GPU as the default device; the tensors stay on the CPU.)
    monkeypatch.setattr(jit_mod, "_device", types.SimpleNamespace(default_device=lambda: torch.device("cuda")))
    monkeypatch.setattr(jit_mod, "_HOT_S", 0.0)
    x, y = _batch()
    eager_step, _ = _train_step(False)
    expected = [float(eager_step(x, y).asnumpy()) for _ in range(14)]
    step, _ = _train_step(True)
    compiled = step._compiled
    got = [float(step(x, y).asnumpy()), float(step(x, y).asnumpy())]
    assert jit_mod._Background.active is None
    assert _runs(compiled, jit_mod._compile_when_imported)
    assert got == expected[:2]
    got += [float(step(x, y).asnumpy()) for _ in range(12)]
    np.testing.assert_allclose(got, expected, rtol=1e-5)
    assert compiled._verdict() in ("compiled", "eager")
    (record,) = [name for name in os.listdir(tmp_path / "jit") if name.endswith(".json")]
    assert jit_mod._read_record(record[:-5])["verdict"] == compiled._verdict()
    # The next run takes the verdict at its first call.
    again, _ = _train_step(True)
    again(x, y)
    assert again._compiled._impl is not None and not _runs(again._compiled, jit_mod._compile_when_imported)


def test_a_function_shorter_than_a_compilation_never_compiles_on_a_gpu(monkeypatch):
    monkeypatch.setattr(jit_mod, "_device", types.SimpleNamespace(default_device=lambda: torch.device("cuda")))
    compiles = []
    monkeypatch.setattr(_Compiled, "_compile", lambda self, fullgraph: compiles.append(fullgraph))
    x, y = _batch()
    step, _ = _train_step(True)
    for _ in range(5):
        step(x, y)
    assert not compiles and _runs(step._compiled, jit_mod._run_until_hot)


def test_a_verdict_is_recorded_per_device(monkeypatch):
    # A CPU run's verdict must not be adopted by a GPU run of the same script, nor the reverse.
    step, _ = _train_step(True)
    x, y = _batch()
    on_cpu = jit_mod._record_key(step._compiled, (x, y), {})
    monkeypatch.setattr(jit_mod._device, "default_device", lambda: torch.device("cuda"))
    assert jit_mod._record_key(step._compiled, (x, y), {}) not in (None, on_cpu)


def test_a_rank_of_a_distributed_job_compiles_when_hot_and_keeps_its_own_records(monkeypatch):
    # A forked child would share the rank's connections; a one-process run's record (and package,
    # whose collectives were identities) must not stand for the function in a rank of a larger job.
    step, _ = _train_step(True)
    x, y = _batch()
    alone = jit_mod._record_key(step._compiled, (x, y), {})
    monkeypatch.setattr(jit_mod, "_in_process_group", lambda: True)
    monkeypatch.setattr(torch.distributed, "get_world_size", lambda group=None: 2)
    assert jit_mod._where_to_compile(step._compiled) == "hot"
    assert jit_mod._record_key(step._compiled, (x, y), {}) not in (None, alone)


def test_a_cpu_function_compiles_in_the_caller_once_hot_where_no_child_can_work(monkeypatch):
    # A CPU function in a process that has initialised CUDA (no fork then) compiles in-process once hot.
    monkeypatch.setattr(jit_mod, "fork_is_safe", lambda: False)
    step, _ = _train_step(True)
    assert jit_mod._where_to_compile(step._compiled) == "hot"
