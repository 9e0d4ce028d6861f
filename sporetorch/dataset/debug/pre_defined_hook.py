"""The debug hooks MindSpore predefines (``mindspore.dataset.debug.pre_defined_hook``): print each column's
metadata or data as rows pass."""
import collections.abc

import numpy as np
from PIL import Image

from ..engine._utils import DebugHook


class PrintMetaDataHook(DebugHook):
    """Print each column's dtype and shape (arrays), type and size (PIL images, sized objects)."""

    def __init__(self):
        super().__init__()

    def compute(self, *args):
        for col_idx, col in enumerate(*args):
            message = f"Column {col_idx}. "
            if isinstance(col, np.ndarray):
                message += f"The dtype is [{col.dtype}]. The shape is [{col.shape}]."
            elif isinstance(col, Image.Image):
                message += f"The type is [{type(col)}]. The shape is [{col.size}]."
            elif isinstance(col, collections.abc.Sized):
                message += f"The type is [{type(col)}]. The size is [{len(col)}]."
            print(message, flush=True)
        return args


class PrintDataHook(DebugHook):
    """Print each column's data."""

    def __init__(self):
        super().__init__()

    def compute(self, *args):
        for col_idx, col in enumerate(*args):
            data = np.asarray(col) if isinstance(col, Image.Image) else col
            print(f"Column {col_idx}. The data is [{data}].", flush=True)
        return args
