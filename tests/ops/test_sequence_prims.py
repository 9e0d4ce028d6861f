"""Sequence Primitives of ``ops.operations._sequence_ops``; expected values from MindSpore 2.10 (CPU)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import sporetorch as ms
from sporetorch.ops.operations import _sequence_ops as q


def test_list_edits_and_reductions():
    # MindSpore 2.10: [1, 2, 3] [5, 1, 2] 5 2 (0, 0) [0.0, 0] [2] [1, 2] 3
    assert q.ListAppend()([1, 2], 3) == [1, 2, 3]
    assert q.ListInsert()([1, 2], 0, 5) == [5, 1, 2]
    assert q.SequenceMax()((1, 5, 3)) == 5 and q.SequenceMin()((4, 2, 3)) == 2
    assert q.SequenceZerosLike()((1, 2)) == (0, 0)
    z = q.SequenceZerosLike()([1.5, 2])
    assert z == [0.0, 0] and isinstance(z[0], float) and isinstance(z[1], int)
    assert q.ListAppendAndInsertGrad()([1, 2], 0) == [2]
    assert q.ListAppendAndInsertGrad()([1, 2, 3], -1) == [1, 2]
    assert q.SequenceIndex()((1, 2, 3, 2), 2, 2, 4) == 3
    assert q.make_range()(0, 5, 2) == range(0, 5, 2)
    assert q.sequence_len()((1, 2)) == 2 and q.InSequence()(2, [1, 2])
    assert q.tuple_lt()((1, 2), (1, 3)) and not q.list_equal()([1], [2])
    assert q.shape_mul()((2, 3, 4)) == 24


def test_shape_mul_rejects_a_list():
    # MindSpore 2.10: ValueError For primitive [shape_mul], input must be tuple
    with pytest.raises(ValueError, match=r"For primitive \[shape_mul\], input must be tuple"):
        q.shape_mul()([2, 3])


def test_tensor_conversions():
    # MindSpore 2.10: TensorToList(int32 [1, 2]) -> [1, 2]; of a 2-D Tensor -> None; TensorToScalar(3.5) -> 3.5,
    # of a (2, 2) Tensor -> None; TupleToTensor((1.5, 2), None) -> Float32 [1.5, 2]; ListToTensor([1, 2], int64)
    t = ms.Tensor(np.array([[1., 2.], [3., 4.]], np.float32))
    assert q.TensorToList()(ms.Tensor(np.array([1, 2], np.int32))) == [1, 2]
    assert q.TensorToList()(t) is None
    assert q.TensorToScalar()(ms.Tensor(3.5)) == 3.5 and q.TensorToScalar()(t) is None
    out = q.TupleToTensor()((1.5, 2), None)
    assert out.dtype == ms.float32 and out.asnumpy().tolist() == [1.5, 2.0]
    out = q.ListToTensor()([1, 2], ms.int64)
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [1, 2]
    with pytest.raises(RuntimeError, match="input must be list"):
        q.ListToTensor()((1, 2), ms.int64)


def test_placeholders_raise_under_the_alias(tmp_path):
    # MindSpore 2.10's CPU build cannot run SequenceStack eagerly (KernelObjectTypeNotSupported)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    code = ("from mindspore.ops.operations import _sequence_ops as q\n"
            "import mindspore as ms\n"
            "try:\n    q.SequenceStack()((ms.Tensor(1.0),))\n"
            "except RuntimeError as exc:\n    print('RAISED', exc)\n")
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    script = tmp_path / "script.py"
    script.write_text(code)
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script)], capture_output=True, text=True,
                          env=env, check=False)
    assert "RAISED" in proc.stdout and "SequenceStack" in proc.stdout, proc.stderr[-2000:]
