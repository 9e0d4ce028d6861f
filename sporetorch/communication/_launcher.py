"""``sporetorch msrun``: MindSpore 2.10's ``msrun`` launcher on ``torch.distributed``'s elastic agent.

The options are msrun's (names, defaults, meanings). The job runs on torchrun's machinery: one
elastic agent per node (``torch.distributed.launcher.api.elastic_launch``) with the static
rendezvous at ``--master_addr:--master_port`` (``--node_rank`` given or a single node) or the
c10d rendezvous (several nodes, ``--node_rank`` left at -1), and no restarts. Each worker runs
``python -m sporetorch run task_script args``, so ``import mindspore`` gets sporetorch, and
writes its output to ``<log_dir>/worker_<rank>.log`` as msrun's workers do (``_bootstrap.py``
redirects it, exports the variables below and then ``exec``s the command); ``--join=True``
tails the logs to the console and waits, ``--join=False`` leaves the agent running in the
background (its own output in ``<log_dir>/scheduler.log``) and returns at once.

If a worker exits with an error or is killed, the agent stops every other worker and the
launcher exits with status 1 after printing the failing rank, its exit code and the end of its
log. Workers see the environment variables msrun's workers see (``MS_WORKER_NUM``, ``MS_ROLE``,
``RANK_ID``, ``RANK_SIZE``, ``DEVICE_ID``, ``MS_NODE_ID``, ``MS_SCHED_HOST``, ``MS_SCHED_PORT``,
``MS_TOPO_TIMEOUT``); :func:`setup_worker`, called by ``sporetorch run``, exports them under plain
``torchrun`` too.
"""
import argparse
import ast
import dataclasses
import errno
import json
import os
import re
import signal
import socket
import subprocess
import sys

_LOG_ENV = "SPORETORCH_MSRUN_LOG"
_BIND_ENV = "SPORETORCH_MSRUN_BIND_CORE"
_DETACHED_ENV = "SPORETORCH_MSRUN_DETACHED"
_TAIL_LINES = 20


def setup_worker():
    """Give a process started by a torch launcher (``torchrun``) msrun's environment variables.
    Does nothing outside a launcher; ``sporetorch msrun``'s workers got them from _bootstrap.py."""
    env = os.environ
    if "RANK" not in env or "WORLD_SIZE" not in env:
        return
    rank, size = env["RANK"], env["WORLD_SIZE"]
    env.update(MS_WORKER_NUM=size, MS_ROLE="MS_WORKER", RANK_ID=rank, RANK_SIZE=size,
               DEVICE_ID=env.get("LOCAL_RANK", "0"), MS_NODE_ID=rank)
    if "MASTER_ADDR" in env:
        env.update(MS_SCHED_HOST=env["MASTER_ADDR"], MS_SCHED_PORT=env.get("MASTER_PORT", ""))
    env.setdefault("MS_TOPO_TIMEOUT", "600")


def _bind_core(value):
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    try:
        table = json.loads(value)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"--bind_core must be True, False or a JSON dict, but got {value!r}") from exc
    if not isinstance(table, dict) or not all(re.fullmatch(r"device\d+", k) and isinstance(v, list)
                                              for k, v in table.items()):
        raise argparse.ArgumentTypeError("--bind_core's dict maps 'deviceX' to a list of 'a-b' or 'a,b' CPU ranges, "
                                         f"but got {value!r}")
    return table


def build_parser():
    parser = argparse.ArgumentParser(
        prog="sporetorch msrun",
        description="Launch a data-parallel MindSpore script on torch.distributed (MindSpore's msrun options).")
    add = parser.add_argument
    add("--worker_num", type=int, default=8, help="total number of worker processes of the job. Default: 8.")
    add("--local_worker_num", type=int, default=8, help="number of workers started on this node. Default: 8.")
    add("--master_addr", default="127.0.0.1", type=str, help="address of the rendezvous (master) node.")
    add("--master_port", default=8118, type=int, help="port of the rendezvous on the master node. Default: 8118.")
    add("--node_rank", default=-1, type=int,
        help="rank of this node; -1: assigned at rendezvous (ranks of a node stay contiguous).")
    add("--log_dir", default="", type=str, help="folder of the worker logs. Default: the current folder.")
    add("--join", default=False, type=ast.literal_eval, choices=[True, False],
        help="wait for the workers, tail their logs and report failures. Default: False.")
    add("--cluster_time_out", default=600, type=int,
        help="seconds to wait for every node and worker to join (negative: forever). Default: 600.")
    add("--bind_core", default=False, type=_bind_core,
        help="bind each worker to its share of this node's CPUs (True) or to a {'deviceX': ['a-b']} dict.")
    add("--worker_log_name", default="", type=str,
        help="worker log name ({ip} and {hostname} are replaced); '_<rank>.log' is appended. Default: worker.")
    add("--tail_worker_log", default="-1", type=str,
        help="with --join=True, the local workers whose logs go to the console ('0,1'); -1: all. Default: -1.")
    add("task_script", type=str, help="the script to run (or 'python'/'pytest' followed by their arguments).")
    add("task_script_args", nargs=argparse.REMAINDER, help="arguments of the script.")
    return parser


def _fail(message, code=1):
    print(f"sporetorch msrun: {message}", file=sys.stderr, flush=True)
    return code


def _is_local(addr):
    try:
        ip = socket.gethostbyname(addr)
    except OSError:
        return False
    if ip.startswith("127.") or ip == "0.0.0.0":
        return True
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.bind((ip, 0))
        finally:
            probe.close()
        return True
    except OSError:
        return False


def _port_in_use(addr, port):
    """The OSError binding ``addr:port`` gives (None when free), as the rendezvous store will bind it."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("" if addr.startswith("127.") else socket.gethostbyname(addr), port))
        return None
    except OSError as exc:
        return exc
    finally:
        sock.close()


def _worker_command(script, script_args):
    """The worker command: the script under ``sporetorch run`` (msrun runs ``python script``)."""
    if script in ("python", "python3"):
        if script_args and script_args[0].endswith(".py"):
            return ["-m", "sporetorch", "run"] + list(script_args)
        return list(script_args)
    if script == "pytest":
        return ["-m", "pytest"] + list(script_args)
    return ["-m", "sporetorch", "run", script] + list(script_args)


def _cpu_ranges(items):
    cpus = []
    for item in items:
        for part in re.sub(r"\s+", "", item).split(","):
            lo, _, hi = part.partition("-")
            cpus.extend(range(int(lo), int(hi or lo) + 1))
    return cpus


def _bind_table(bind_core, local_worker_num):
    if bind_core is False:
        return None
    if isinstance(bind_core, dict):
        return {key[len("device"):]: _cpu_ranges(value) for key, value in bind_core.items()}
    cpus = sorted(os.sched_getaffinity(0))
    share = max(1, len(cpus) // local_worker_num)
    return {str(i): cpus[(i * share) % len(cpus):][:share] for i in range(local_worker_num)}


def _log_name(args):
    if not args.worker_log_name:
        return "worker"
    name = args.worker_log_name.replace("{hostname}", socket.gethostname())
    try:
        ip = socket.gethostbyname(socket.gethostname())
    except OSError:
        ip = "127.0.0.1"
    return name.replace("{ip}", ip)


def _tail(path, lines=_TAIL_LINES):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 64 * 1024))
            text = f.read().decode("utf-8", "replace")
    except OSError:
        return f"    (no log at {path})"
    return "\n".join("    " + line for line in text.splitlines()[-lines:])


def _exit_text(code):
    if code is not None and code < 0:
        try:
            return f"{code} (killed by {signal.Signals(-code).name})"
        except ValueError:
            return str(code)
    return str(code)


def _detach(argv, log_dir):
    """``--join=False``: run the agent in a new session in the background, its output in scheduler.log."""
    path = os.path.join(log_dir, "scheduler.log")
    with open(path, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "sporetorch", "msrun"] + argv,
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, env=dict(os.environ, **{_DETACHED_ENV: "1"}))
    print(f"Distributed job is spawned in the background (agent pid {proc.pid}, log file:{path}); "
          "its workers keep running after this command returns.", flush=True)
    return 0


def main(argv):
    """Entry point of ``sporetorch msrun``; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.worker_num <= 0:
        return _fail(f"--worker_num must be greater than 0, but got {args.worker_num}.", 2)
    if not 0 < args.local_worker_num <= args.worker_num:
        return _fail(f"--local_worker_num must be in [1, worker_num={args.worker_num}], "
                     f"but got {args.local_worker_num}.", 2)
    if args.worker_num % args.local_worker_num:
        return _fail(f"--worker_num ({args.worker_num}) must be a multiple of --local_worker_num "
                     f"({args.local_worker_num}): every node starts the same number of workers.", 2)
    if not 1024 <= args.master_port <= 65535:
        return _fail(f"--master_port must be in [1024, 65535], but got {args.master_port}.", 2)
    nnodes = args.worker_num // args.local_worker_num
    node_rank = 0 if nnodes == 1 else args.node_rank
    if not -1 <= node_rank < nnodes:
        return _fail(f"--node_rank must be in [0, {nnodes}) for {nnodes} nodes, but got {args.node_rank}.", 2)
    if not os.path.isfile(args.task_script) and args.task_script not in ("python", "python3", "pytest"):
        return _fail(f"no such script: {args.task_script}", 2)
    log_dir = os.path.abspath(args.log_dir or ".")
    os.makedirs(log_dir, exist_ok=True)
    detached = os.environ.pop(_DETACHED_ENV, None) is not None
    if not args.join and not detached:
        return _detach(argv, log_dir)

    master = args.master_addr
    if node_rank == 0 and _is_local(master):
        err = _port_in_use(master, args.master_port)
        if err is not None:
            reason = "it is already in use" if err.errno == errno.EADDRINUSE else str(err)
            return _fail(f"cannot listen on --master_addr {master} --master_port {args.master_port}: {reason}. "
                         "Choose a free port with --master_port.")

    by = "local_rank" if node_rank == -1 and nnodes > 1 else "rank"
    name = _log_name(args)
    log_template = os.path.join(log_dir, f"{name}_{{{by}}}.log")
    timeout = args.cluster_time_out if args.cluster_time_out > 0 else 10 ** 8
    os.environ.update({_LOG_ENV: log_template, "MS_TOPO_TIMEOUT": str(timeout), "PYTHONUNBUFFERED": "1"})
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    bind = _bind_table(args.bind_core, args.local_worker_num)
    if bind:
        os.environ[_BIND_ENV] = json.dumps(bind)
    command = _worker_command(args.task_script, args.task_script_args)
    logs = {}
    for i in range(args.local_worker_num):
        rank = i if by == "local_rank" else node_rank * args.local_worker_num + i
        logs[i] = log_template.format(rank=rank, local_rank=i)
        open(logs[i], "w").close()
        shown = rank if by == "rank" else "assigned at rendezvous"
        print(f"Start worker process with rank id:{shown}, log file:{logs[i]}. Environment variable "
              f"[RANK_ID={shown}] is exported. Execute command: python {' '.join(command)}", flush=True)

    from torch.distributed.elastic.multiprocessing import DefaultLogsSpecs
    from torch.distributed.elastic.multiprocessing.errors import ChildFailedError
    from torch.distributed.elastic.multiprocessing.tail_log import TailLog
    from torch.distributed.launcher.api import LaunchConfig, elastic_launch

    static = node_rank >= 0
    # The other workers of a failed job get 5 s to stop, not torch's 30 (torch 2.11 has no such
    # setting).
    shutdown = {"shutdown_timeout": 5} if "shutdown_timeout" in {f.name for f in dataclasses.fields(LaunchConfig)} \
        else {}
    config = LaunchConfig(
        min_nodes=nnodes, max_nodes=nnodes, nproc_per_node=args.local_worker_num,
        run_id=f"msrun_{args.master_port}", rdzv_endpoint=f"{master}:{args.master_port}",
        rdzv_backend="static" if static else "c10d",
        rdzv_configs={"rank": node_rank, "timeout": timeout} if static else {"join_timeout": timeout},
        max_restarts=0, monitor_interval=0.1, logs_specs=DefaultLogsSpecs(), **shutdown)
    tail_ranks = list(logs) if args.tail_worker_log.strip() == "-1" else [
        int(r) for r in args.tail_worker_log.split(",") if r.strip().isdigit()]
    tail = None
    if not detached and tail_ranks:
        tail = TailLog("worker", {r: logs[r] for r in tail_ranks if r in logs}, sys.stdout).start()
    print("Distributed job is spawned. Waiting all processes to exit...", flush=True)
    try:
        bootstrap = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bootstrap.py")
        elastic_launch(config, entrypoint=sys.executable)(bootstrap, *command)
    except ChildFailedError as exc:
        first_rank, first = exc.get_first_failure()
        lines = [f"worker rank {first_rank} (local rank {first.local_rank}, pid {first.pid}) exited with code "
                 f"{_exit_text(first.exitcode)}; every other worker was stopped."]
        for rank, failure in sorted(exc.failures.items()):
            if rank != first_rank and failure.exitcode != -signal.SIGTERM:
                lines.append(f"worker rank {rank} (pid {failure.pid}) also exited with code "
                             f"{_exit_text(failure.exitcode)}.")
        log = logs.get(first.local_rank)
        lines.append(f"Last lines of {log}:\n{_tail(log)}")
        return _fail("\n".join(lines))
    except Exception as exc:  # rendezvous and network failures: say what, not a traceback
        text = str(exc)
        if "EADDRINUSE" in text or "address already in use" in text.lower():
            return _fail(f"cannot listen on {master}:{args.master_port}: it is already in use. "
                         "Choose a free port with --master_port.")
        return _fail(f"the job failed to start: {type(exc).__name__}: {text}")
    finally:
        if tail is not None:
            tail.stop()
    print("All workers successfully exit!", flush=True)
    return 0
