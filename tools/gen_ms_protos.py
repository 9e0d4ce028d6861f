"""Write MindSpore 2.10's protobuf schemas (its ``mindspore.train.*_pb2`` file descriptors) to
``sporetorch/data/ms_protos.json.gz``, from which ``sporetorch.train._proto_schemas`` builds the message
classes of ``mindspore.train.*_pb2`` (file formats: MindIR, ANF IR, summary events, lineage, parallel
strategy, print). Run it with real MindSpore 2.10's interpreter:

    ONEDNN_MAX_CPU_ISA=AVX2 /tmp/ms/bin/python tools/gen_ms_protos.py
"""
import base64
import gzip
import importlib
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "sporetorch", "data", "ms_protos.json.gz")
MODULES = ["anf_ir_pb2", "mind_ir_pb2", "node_strategy_pb2", "lineage_pb2", "summary_pb2", "print_pb2",
           "profiling_parallel_pb2"]


def main():
    files = []
    for name in MODULES:
        desc = importlib.import_module(f"mindspore.train.{name}").DESCRIPTOR
        files.append({"module": name, "file": desc.name, "deps": [d.name for d in desc.dependencies],
                      "pb": base64.b64encode(desc.serialized_pb).decode("ascii")})
    with gzip.open(OUT, "wt", encoding="utf-8") as f:
        json.dump({"version": "2.10", "files": files}, f)
    print(f"wrote {OUT}: {len(files)} files")


if __name__ == "__main__":
    main()
