"""CPU operator tuning (``mindspore.device_context.cpu.op_tuning``)."""
import torch


def threads_num(num):
    """Set the number of threads CPU operators use (``torch.set_num_threads``)."""
    if not isinstance(num, int) or isinstance(num, bool) or num <= 0:
        raise TypeError(f"For 'threads_num', the 'num' must be a positive int, but got {num!r}")
    torch.set_num_threads(num)
