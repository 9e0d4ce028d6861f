"""Two gloo processes started by ``sporetorch msrun``: collectives, their gradients, data-parallel
training against one process on the whole batch, the acceptance script, and faults.

The expected collective values are closed forms over the two ranks' inputs
``x_r = arange(4).reshape(2, 2) + r``; gradients follow MindSpore 2.10's bprops (AllReduce's
gradient is an AllReduce, AllGather's a ReduceScatter, ReduceScatter's an AllGather, AlltoAll's
the AlltoAll with the axes swapped). One launch runs everything (_dp_worker.py); the fault and
port tests launch on their own.
"""
import os
import signal
import socket
import subprocess
import sys
import time

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

pytestmark = pytest.mark.slow


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _msrun(tmp, script, port, timeout=300, extra_env=None):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""), **(extra_env or {}))
    env.pop("RANK", None)
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "msrun", "--worker_num=2", "--local_worker_num=2",
                           f"--master_port={port}", "--join=True", f"--log_dir={tmp}", "--cluster_time_out=120",
                           script], capture_output=True, text=True, env=env, timeout=timeout, cwd=str(tmp))
    return proc, time.monotonic() - start


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dp")
    proc, _ = _msrun(tmp, os.path.join(HERE, "_dp_worker.py"), _free_port(), extra_env={"TEST_OUT": str(tmp)})
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return tmp, proc, [dict(np.load(tmp / f"rank{r}.npz")) for r in range(2)]


X = [np.arange(4, dtype=np.float32).reshape(2, 2) + r for r in range(2)]


def test_launcher_output_and_worker_environment(job):
    tmp, proc, ranks = job
    for r in range(2):
        assert f"Start worker process with rank id:{r}, log file:{tmp / f'worker_{r}.log'}" in proc.stdout
        assert (tmp / f"worker_{r}.log").exists()
        env = ranks[r]["env"].tolist()
        assert env[:6] == ["2", "MS_WORKER", str(r), "2", str(r), str(r)]  # what msrun sets in MindSpore 2.10
        assert ranks[r]["ranks"].tolist() == [r, 2, r, 2]
    assert "All workers successfully exit!" in proc.stdout


def test_groups(job):
    _, _, ranks = job
    for r in range(2):
        # create_group("pair", [1, 0]): group ranks follow the ascending world ranks
        assert ranks[r]["pair"].tolist() == [r, 2, 1, 0, 0, 1]
    assert ranks[1]["solo"].tolist() == [0, 1]


@pytest.mark.parametrize("key, expected", [
    ("allreduce_sum", [X[0] + X[1]] * 2),
    ("allreduce_max", [np.maximum(X[0], X[1])] * 2),
    ("allreduce_prod_pair", [X[0] * X[1]] * 2),
    ("allgather", [np.concatenate(X)] * 2),
    ("reducescatter", [(X[0] + X[1])[:1], (X[0] + X[1])[1:]]),
    ("broadcast", [X[1]] * 2),
    ("alltoall", [np.concatenate([X[0][:1], X[1][:1]], 1), np.concatenate([X[0][1:], X[1][1:]], 1)]),
    ("reduce", [X[0] + X[1], X[1]]),
    ("neighbor", [X[1], X[0]]),
    ("allgatherv", [[0, 10, 11]] * 2),
    ("reducescatterv", [[1], [3, 5]]),
    ("alltoallv", [[0, 10], [1, 11]]),
    ("cf_all_reduce", [X[0] + X[1]] * 2),
    ("cf_all_gather", [np.concatenate(X)] * 2),
    ("cf_broadcast", [X[1]] * 2),
    ("mint_all_reduce", [np.full(2, 3.0)] * 2),
    ("mint_all_gather", [np.concatenate(X)] * 2),
    ("mint_rank", [[0, 2], [1, 2]]),
    ("ops_all_reduce", [[[3, 3], [3, 3]]] * 2),
    ("ops_gather", [np.zeros((4, 2)), np.concatenate(X)]),
    ("ops_scatter", [X[1][:1], X[1][1:]]),
    ("gather_uneven", [[[0, 1], [10, 11], [12, 13]]] * 2),
    ("reduce_scatter_uneven", [[[1, 3]], [[5, 7], [9, 11]]]),
])
def test_collectives(job, key, expected):
    _, _, ranks = job
    for r in range(2):
        np.testing.assert_allclose(ranks[r][key], expected[r], rtol=0, atol=0)
    np.testing.assert_allclose(ranks[1]["received"], X[0])


def test_collective_gradients(job):
    _, _, ranks = job
    w = np.arange(8, dtype=np.float32).reshape(4, 2)
    for r in range(2):
        # d/dt sum(AllReduce(t*t) * x_r) = AllReduce(x_r) * 2 t
        np.testing.assert_allclose(ranks[r]["grad_allreduce"], (X[0] + X[1]) * 2 * X[r])
        # AllGather's gradient: ReduceScatter(sum) of w on both ranks
        np.testing.assert_allclose(ranks[r]["grad_allgather"], 2 * w[2 * r:2 * r + 2])
        # ReduceScatter's gradient: AllGather of each rank's x_r[:1]
        np.testing.assert_allclose(ranks[r]["grad_reducescatter"], np.concatenate([X[0][:1], X[1][:1]]))
        # AlltoAll's gradient: the exchange back, split axis 1, concatenate axis 0
        np.testing.assert_allclose(ranks[r]["grad_alltoall"], np.array([[2 * r, 2 * r + 1]] * 2, np.float32))


def test_train_one_step_data_parallel_equals_one_process(job):
    from _dp_models import train_one_step
    _, _, ranks = job
    expected, _ = train_one_step(0, 1)
    for name, value in expected.items():
        np.testing.assert_array_equal(ranks[0]["tos_" + name], ranks[1]["tos_" + name])
        np.testing.assert_allclose(ranks[0]["tos_" + name], value, rtol=0, atol=1e-5)
    assert int(ranks[0]["overlapped"]) > 0  # buckets started inside the backward pass


def test_graph_mode_rank_runs_eagerly_without_a_compiling_child(job):
    # A child forked from a rank would run the step's all-reduce on the rank's own connections.
    from _dp_models import train_one_step
    _, _, ranks = job
    expected, _ = train_one_step(0, 1)
    for r in range(2):
        assert not ranks[r]["graph_forked"]
        for name, value in expected.items():
            np.testing.assert_allclose(ranks[r]["graph_" + name], value, rtol=0, atol=1e-5)


def test_model_train_on_sharded_dataset_equals_one_process(job):
    from _dp_models import model_train, reference_order
    _, _, ranks = job
    expected = model_train(0, 1, reference_order())
    for name, value in expected.items():
        np.testing.assert_array_equal(ranks[0]["model_" + name], ranks[1]["model_" + name])
        np.testing.assert_allclose(ranks[0]["model_" + name], value, rtol=0, atol=1e-5)


def test_acceptance_dp_equivalence(job, tmp_path):
    tmp, _, _ = job
    env = dict(os.environ, PYTHONPATH=ROOT, DP_REFERENCE="1", DP_OUT=str(tmp_path))
    env.pop("RANK", None)
    subprocess.run([sys.executable, "-m", "sporetorch", "run", os.path.join(HERE, "dp_equivalence.py")],
                   check=True, env=env, capture_output=True)
    ref = np.load(tmp_path / "rank0.npz")
    got = [np.load(tmp / "dp" / f"rank{r}.npz") for r in range(2)]
    for name in ref.files:
        np.testing.assert_array_equal(got[0][name], got[1][name])
        np.testing.assert_allclose(got[0][name], ref[name], rtol=0, atol=1e-5)


def test_killed_worker_ends_the_job_naming_the_rank(tmp_path):
    proc, seconds = _msrun(tmp_path, os.path.join(HERE, "_fault_worker.py"), _free_port(), timeout=120)
    assert proc.returncode == 1
    assert "worker rank 1" in proc.stderr and f"-{int(signal.SIGKILL)} (killed by SIGKILL)" in proc.stderr
    assert "rank 1 goes down now" in proc.stderr  # the tail of its log
    assert seconds < 120


def test_port_in_use_is_a_clear_error(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        proc, _ = _msrun(tmp_path, os.path.join(HERE, "_fault_worker.py"), busy.getsockname()[1], timeout=120)
    assert proc.returncode == 1
    assert "already in use" in proc.stderr and "--master_port" in proc.stderr
