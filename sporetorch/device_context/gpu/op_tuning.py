"""GPU operator tuning (``mindspore.device_context.gpu.op_tuning``): algorithm choice is cuDNN's."""
import torch

# MindSpore's names; cuDNN picks the concrete algorithm, so only "performance" (benchmarking) differs.
_ALGOS = ("normal", "performance", "implicit_gemm", "precomp_gemm", "gemm", "direct", "fft", "fft_tiling",
          "winograd", "winograd_nonfused")


def _set_benchmark(name, mode):
    if mode not in _ALGOS:
        raise ValueError(f"For '{name}', the mode must be one of {list(_ALGOS)}, but got {mode!r}")
    torch.backends.cudnn.benchmark = mode == "performance"


def conv_fprop_algo(mode):
    """``"performance"`` lets cuDNN benchmark convolution algorithms (``cudnn.benchmark``)."""
    _set_benchmark("conv_fprop_algo", mode)


def conv_dgrad_algo(mode):
    """As ``conv_fprop_algo``; cuDNN chooses the backward-data algorithm the same way."""
    _set_benchmark("conv_dgrad_algo", mode)


def conv_wgrad_algo(mode):
    """As ``conv_fprop_algo``; cuDNN chooses the backward-weight algorithm the same way."""
    _set_benchmark("conv_wgrad_algo", mode)
