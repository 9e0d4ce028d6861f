"""Semi-private MindSpore modules that the PyPI model zoos import (mindcv, mindyolo, mindocr, mindnlp,
mindone, mindaudio, troubleshooter). Messages and values recorded with MindSpore 2.10."""
import logging
import subprocess
import sys
import textwrap

import pytest

import sporetorch as ms
from sporetorch import _checkparam as validator
from sporetorch import nn, ops


@pytest.mark.parametrize("fn,args,exc,msg", [
    ("check_positive_int", (0,), ValueError, "The input value must be int and must > 0, but got '0' with type 'int'."),
    ("check_positive_int", (0, "x", "Op"), ValueError,
     "For 'Op', the 'x' must be int and must > 0, but got '0' with type 'int'."),
    ("check_positive_int", (1.5, "x"), TypeError, "The 'x' must be int, but got 'float'"),
    ("check_positive_int", (True, "x"), TypeError, "The 'x' must be int and must > 0, but got 'True' with type 'bool'."),
    ("check_non_negative_float", (1, "x"), TypeError, "The 'x' must be float, but got 'int'"),
    ("check_bool", (1, "flag", "Op"), TypeError, "For 'Op', the 'flag' must be a bool, but got int."),
    ("check_value_type", ("x", 1.0, [int], "Op"), TypeError,
     "For 'Op', the type of 'x' should be 'int', but got type 'float'."),
    ("check_value_type", ("x", 1.0, (int, str)), TypeError,
     "The type of 'x' should be one of '['int', 'str']', but got type 'float'."),
    ("check_value_type", ("x", True, int), TypeError, "The type of 'x' should be 'int', but got type 'bool'."),
    ("check_float_range", (2.0, 0.0, 1.0, validator.INC_NEITHER, "p", "Op"), ValueError,
     "For 'Op', the 'p' must be in range of (0.0, 1.0), but got 2.0 with type 'float'."),
    ("check_int_range", (5, 0, 3, validator.INC_LEFT, "k", "Op"), ValueError,
     "For 'Op', the 'k' must be in range of [0, 3), but got 5 with type 'int'."),
    ("check_string", ("c", ["a", "b"], "mode", "Op"), ValueError,
     "For 'Op', the 'mode' must be str and must be in '['a', 'b']', but got 'c'."),
    ("check", ("a", 1, "b", 2, validator.EQ, "Op"), ValueError, "For 'Op', the 'a' should be = b: 2, but got 1."),
    ("check_axis_in_range", (3, 2), ValueError, "The 'axis' must be in the range of [-2, 2), but got 3."),
    ("check_positive_int_sequence", ((1, 0), "s", "Op"), ValueError,
     "For 'Op', the 's[1]' must be int and must > 0, but got '0' with type 'int'."),
    ("check_valid_input", ("x", None, "Op"), ValueError, "For 'Op', the argument 'x'can not be None, but got None."),
])
def test_checkparam_messages(fn, args, exc, msg):
    with pytest.raises(exc) as info:
        getattr(validator, fn)(*args)
    assert str(info.value) == msg


def test_checkparam_returns_the_value():
    assert validator.check_positive_int(5) == 5
    assert validator.check_float_range(0.5, 0.0, 1.0, validator.INC_NEITHER, "p") == 0.5
    assert validator.twice(3) == (3, 3) and validator.check_axis_in_range(-1, 3) == 2
    assert (validator.EQ, validator.GE, validator.INC_NEITHER, validator.INC_BOTH) == (1, 6, 7, 10)


def test_version_module():
    from sporetorch import version
    assert version.__version__ == "2.10.0"


def test_primitive_cache_returns_one_instance_per_arguments():
    from sporetorch.ops._primitive_cache import _get_cache_prim
    a = _get_cache_prim(ops.ReduceSum)(keep_dims=True)
    assert a is _get_cache_prim(ops.ReduceSum)(keep_dims=True)
    assert a is not _get_cache_prim(ops.ReduceSum)(keep_dims=False)
    x = ms.Tensor([[1.0, 2.0]])
    assert a(x, 1).shape == (1, 1)


def test_pynative_executor_switches_gradient_recording():
    from sporetorch.common.api import _pynative_executor
    assert _pynative_executor.enable_grad() is True
    _pynative_executor.set_enable_grad(False)
    try:
        assert _pynative_executor.enable_grad() is False
        w = ms.Parameter(ms.Tensor([2.0]), name="w")
        assert ms.grad(lambda x: (x * w).sum(), grad_position=None, weights=[w])(ms.Tensor([3.0]))[0] is not None
    finally:
        _pynative_executor.set_enable_grad(True)
    _pynative_executor.sync()


def test_cell_attr_register_records_init_args():
    from sporetorch._extends import cell_attr_register

    class Net(nn.Cell):
        @cell_attr_register
        def __init__(self, a, b=2):
            super().__init__()
            self.a = a

    assert Net(1).cell_init_args == "Netdict_values([1])"  # MindSpore 2.10: defaults not bound

    class Named(nn.Cell):
        @cell_attr_register(attrs=["a"])
        def __init__(self, a):
            super().__init__()
            self.a = a

    assert Named(3).cell_init_args == "Named[3]"


def test_c_expression_names():
    from sporetorch._c_expression import MSContext, Tensor, disable_multi_thread, typing
    assert MSContext.get_instance().get_ascend_soc_version() == ""  # as MindSpore 2.10 on CPU
    assert Tensor is ms.Tensor and isinstance(ms.float32, typing.Type)
    disable_multi_thread()


def test_log_action_once(caplog):
    from sporetorch.log import _LogActionOnce
    log = logging.getLogger("zoo-test")

    @_LogActionOnce(logger=log, key="k")
    def f():
        log.warning("shown once")

    with caplog.at_level(logging.WARNING, logger="zoo-test"):
        f()
        f()
    assert [r.getMessage() for r in caplog.records] == ["shown once"]


@pytest.mark.slow
def test_zoo_imports_resolve_under_the_launcher(tmp_path):
    script = tmp_path / "zoo_imports.py"
    script.write_text(textwrap.dedent("""
        from mindspore import _checkparam as validator, version
        from mindspore._checkparam import check_positive_int
        from mindspore._c_expression import MSContext, typing
        from mindspore._c_expression.typing import Type
        from mindspore._c_expression.amp import AmpLevel, create_amp_strategy
        from mindspore._extends import cell_attr_register
        from mindspore.common import RowTensor, mutable
        from mindspore.common.api import _pynative_executor, _function_forbid_reuse, _MindsporeFunctionExecutor
        from mindspore.common.sparse_tensor import RowTensorInner
        from mindspore.ops._primitive_cache import _get_cache_prim
        from mindspore.log import _LogActionOnce
        from mindspore.boost.grad_accumulation import gradient_accumulation_op, gradient_clear_op
        from mindspore.train import SummaryRecord
        print("ok", version.__version__)
    """))
    out = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script)], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["ok", "2.10.0"]
