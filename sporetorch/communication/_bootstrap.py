"""First step of every ``sporetorch msrun`` worker, run as a plain script (it imports nothing of
sporetorch, so it costs nothing): export msrun's environment variables, send stdout and stderr to
the worker's log file, bind the CPUs, then ``exec`` the worker command in the same process."""
import json
import os
import sys


def main(argv):
    env = os.environ
    rank, size, local = env["RANK"], env["WORLD_SIZE"], env.get("LOCAL_RANK", "0")
    env.update(MS_WORKER_NUM=size, MS_ROLE="MS_WORKER", RANK_ID=rank, RANK_SIZE=size, DEVICE_ID=local,
               MS_NODE_ID=rank, MS_SCHED_HOST=env.get("MASTER_ADDR", ""), MS_SCHED_PORT=env.get("MASTER_PORT", ""))
    log = env.pop("SPORETORCH_MSRUN_LOG", None)
    if log:
        # The launcher created the file empty; appending keeps its console tail in step.
        fd = os.open(log.format(rank=rank, local_rank=local), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
    bind = env.pop("SPORETORCH_MSRUN_BIND_CORE", None)
    if bind:
        cpus = json.loads(bind).get(local)
        if cpus:
            os.sched_setaffinity(0, cpus)
    os.execv(sys.executable, [sys.executable] + argv)


if __name__ == "__main__":
    main(sys.argv[1:])
