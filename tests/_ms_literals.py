"""The form in which tests compare a call against MindSpore 2.10's recorded literals: ``show(f)`` calls ``f``
and writes its result as a string (Tensors as ``(values, dtype)``, a sequence's Tensors as their values), or,
where it raises, ``ERR <type> <first 150 characters of the message's first line>``."""
import numpy as np


def show(f, decimals=None):
    """``f()`` as a string; ``decimals`` rounds a Tensor result's values (float results recorded rounded)."""
    try:
        r = f()
        if isinstance(r, (tuple, list)):
            r = [v.asnumpy().tolist() if hasattr(v, "asnumpy") else v for v in r]
        elif hasattr(r, "asnumpy"):
            values = r.asnumpy() if decimals is None else np.round(r.asnumpy(), decimals)
            r = (values.tolist(), str(r.dtype))
        return str(r)
    except Exception as e:  # noqa: BLE001 - the error is the expected value
        return " ".join(["ERR", type(e).__name__, str(e).split("\n")[0][:150]])
