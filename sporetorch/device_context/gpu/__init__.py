"""GPU device queries and tuning (``mindspore.device_context.gpu``) on torch.cuda."""
import torch

from . import op_tuning

__all__ = ["device_count", "is_available", "matmul_allow_tf32", "conv_allow_tf32", "op_tuning"]


def device_count():
    """The number of CUDA devices torch sees."""
    return torch.cuda.device_count()


def is_available():
    """Whether torch sees a CUDA device."""
    return torch.cuda.is_available()


def matmul_allow_tf32(value):
    """Allow TF32 in matrix multiplications (``torch.backends.cuda.matmul.allow_tf32``)."""
    if not isinstance(value, bool):
        raise TypeError(f"For 'matmul_allow_tf32', the 'value' must be a bool, but got {value!r}")
    torch.backends.cuda.matmul.allow_tf32 = value


def conv_allow_tf32(value):
    """Allow TF32 in cuDNN convolutions (``torch.backends.cudnn.allow_tf32``)."""
    if not isinstance(value, bool):
        raise TypeError(f"For 'conv_allow_tf32', the 'value' must be a bool, but got {value!r}")
    torch.backends.cudnn.allow_tf32 = value
