"""Helpers of MindSpore's quantisation Primitives (``ops.operations._quant_ops``). The Primitives themselves
have no kernel on MindSpore 2.10's CPU build (recorded in ``data/ms_cpu_cannot_run/ops_operations.json``)."""
from ... import _checkparam as validator
from ...common import dtype as mstype

__all__ = []


def _support_te():
    """Whether Ascend's tensor-engine package ``te`` imports (never on a CPU or GPU machine)."""
    try:
        import te  # noqa: F401
        return True
    except Exception:  # noqa: BLE001 - any failure to import it means it is not there
        return False


def _check_fake_quant_dtypes(prim_name, names, types):
    for name, type_ in zip(names, types):
        validator.check_tensor_dtype_valid(name, type_, (mstype.float16, mstype.float32), prim_name)


def _fake_quant_per_infer_dtype(prim_name, x_type, min_type, max_type):
    """The output dtype of a fake-quant Primitive (``x``'s); ``x``, ``min``, ``max`` must be Float16/Float32."""
    _check_fake_quant_dtypes(prim_name, ("x", "min", "max"), (x_type, min_type, max_type))
    return x_type


def _fake_quant_per_grad_infer_dtype(prim_name, dout_type, x_type, min_type, max_type):
    """The output dtype of a fake-quant gradient (``dout``'s); every input must be Float16/Float32."""
    _check_fake_quant_dtypes(prim_name, ("dout", "x", "min", "max"), (dout_type, x_type, min_type, max_type))
    return dout_type
