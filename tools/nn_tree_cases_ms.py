"""Record MindSpore 2.10's results of the ``nn`` helper cases (``tests/nn/_nn_tree_cases.py``):

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/nn_tree_cases_ms.py [CASE_ID_PREFIX ...]

prints ``"id": "result",`` lines to paste into ``tests/nn/test_nn_tree_helpers.py``'s EXPECTED."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "nn"))
import mindspore  # noqa: E402

from _nn_tree_cases import CASES, run  # noqa: E402

for case_id, code in CASES.items():
    if len(sys.argv) > 1 and not any(case_id.startswith(a) for a in sys.argv[1:]):
        continue
    print(f"    {case_id!r}: {run(mindspore, code)!r},")
