"""``repr``/``str`` of Tensors in MindSpore's layout: ``Tensor(shape=[2, 3], dtype=Float32, value=...)``."""
import numpy as np
import torch


def _value_text(t):
    data = t._t.detach()
    if data.dtype == torch.bfloat16:
        data = data.float()
    arr = data.cpu().numpy()
    if arr.ndim == 0:
        # MindSpore prints 0-d floats with numpy's array style: "value= 2" for 2.0
        return " " + np.array2string(arr.reshape(1))[1:-1].strip() if arr.dtype.kind == "f" else str(arr.item())
    return np.array2string(arr, separator=" ")


def tensor_str(t):
    return _value_text(t).strip() if t._t.dim() == 0 else _value_text(t)


def tensor_repr(t):
    shape = list(t._t.shape)
    text = _value_text(t)
    if t._t.dim() == 0:
        return f"Tensor(shape={shape}, dtype={t.dtype}, value={text})"
    return f"Tensor(shape={shape}, dtype={t.dtype}, value=\n{text})"
