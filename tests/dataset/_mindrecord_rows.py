"""The rows of tests/data/mindrecord/ms_sample.mindrecord (written by MindSpore 2.10 from
exactly these rows, with header size 16 KiB, page size 32 KiB and index fields
file_name, label, score)."""
import numpy as np

SCHEMA = {"file_name": {"type": "string"}, "label": {"type": "int32"}, "score": {"type": "float64"},
          "ratio": {"type": "float32"}, "big": {"type": "int64"}, "data": {"type": "bytes"},
          "arr": {"type": "float32", "shape": [-1]}, "mat": {"type": "int64", "shape": [2, 2]},
          "ids": {"type": "int32", "shape": [-1]}}


def rows():
    rs = np.random.RandomState(5)
    out = []
    for i in range(12):
        out.append({"file_name": f"img_{i}.jpg", "label": i % 4 - 1, "score": i / 3.0, "ratio": 0.25 * i,
                    "big": (-1) ** i * 3 ** (3 * i), "data": rs.bytes(4000 + 97 * i),
                    "arr": rs.rand(i + 1).astype(np.float32),
                    "mat": (np.arange(4, dtype=np.int64).reshape(2, 2) - 2) * 10 ** i,
                    "ids": np.array([i, -300 * i, 70000 * i, -(2 ** 31) + i], dtype=np.int32)})
    return out
