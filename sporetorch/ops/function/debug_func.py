"""Debugging functions of ``mindspore.ops``: ``tensordump``."""
import itertools
import os

import numpy as np
import torch

from ...common import jit as _jit

__all__ = ["tensordump"]

_dump_ids = itertools.count()


def tensordump(file_name, tensor, mode="out"):
    """Save ``tensor`` as a ``.npy`` file named ``<file_name>_<dtype>_<id>.npy``.

    ``file_name`` may end with ``.npy`` (it is dropped before the suffix is added); ``<id>`` counts the dumps
    of the process from 0, as MindSpore 2.10 names them on one device. BFloat16 data is saved as float32.

    Args:
        file_name (str): the path and name of the file.
        tensor (Tensor): the tensor to save.
        mode (str): ``"out"`` or ``"in"``; they name the same data on one device. Default: ``"out"``.
    """
    if not isinstance(file_name, str):
        raise TypeError(f"For 'tensordump', the argument 'file_name' must be str, but got "
                        f"{type(file_name).__name__}.")
    if mode not in ("out", "in", "all"):
        raise ValueError(f"For 'tensordump', the argument 'mode' must be one of ['in', 'out'], but got {mode!r}.")
    if _jit.in_compiling_child():
        return None
    t = tensor._t.detach()
    dtype = str(tensor.dtype).lower()
    if t.dtype == torch.bfloat16:
        t = t.float()
    base = file_name[:-4] if file_name.endswith(".npy") else file_name
    path = f"{base}_{dtype}_{next(_dump_ids)}.npy"
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    np.save(path, t.cpu().numpy())
