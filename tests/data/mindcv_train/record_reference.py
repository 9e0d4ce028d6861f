"""Record MindSpore 2.10's run of train_two_epochs.py as the reference the test compares with.

Run with real MindSpore (outside the repository, so that ``mindspore`` is the real package):

    python train_two_epochs.py WORKDIR pynative fixed     # and again with extras
    python record_reference.py WORKDIR mindspore210_fixed.json   # mindspore210_extras.json

It keeps the script's record.json and adds what is in the checkpoints (name, shape, dtype per entry)
and the first line of mindcv's result.log.
"""
import json
import os
import sys

import mindspore as ms


def entries(path):
    return [[name, list(value.shape), str(value.dtype)] for name, value in ms.load_checkpoint(path).items()]


def main(workdir, out):
    with open(os.path.join(workdir, "record.json"), encoding="utf-8") as f:
        record = json.load(f)
    ckpt_dir = os.path.join(workdir, "ckpt")
    record["ckpt_entries"] = entries(os.path.join(ckpt_dir, "mobilenet_v1_025-2_4.ckpt"))
    record["optim_ckpt_entries"] = entries(os.path.join(ckpt_dir, "optim_mobilenet_v1_025.ckpt"))
    with open(os.path.join(ckpt_dir, "result.log"), encoding="utf-8") as f:
        record["result_log_header"] = f.readline().rstrip("\n")
    del record["ckpt_names"], record["optim_ckpt_names"]
    record["mindspore_version"] = ms.__version__
    with open(out, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=0)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
