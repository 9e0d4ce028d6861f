"""Private helpers of MindSpore's ``ops.function.nn_func`` that model zoos import directly
(mindocr's and mindone's attention layers): ``linear``, ``_in_projection``, ``_in_projection_packed``.
They compose public ops, as MindSpore's do."""
from .array_func import split, tensor_split
from .linalg_func import matmul


def linear(x, w, b):
    """``x @ w.T + b`` (MindSpore's inner linear of multi-head attention; ``b`` may be None)."""
    out = matmul(x, w.swapaxes(-1, -2))
    if b is not None:
        out = out + b
    return out


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    """Project query, key and value with separate weights of shapes ``(Eq, Eq)``, ``(Eq, Ek)``, ``(Eq, Ev)``."""
    eq, ek, ev = q.shape[-1], k.shape[-1], v.shape[-1]
    for label, weight, want in (("query", w_q, (eq, eq)), ("key", w_k, (eq, ek)), ("value", w_v, (eq, ev))):
        if weight.shape != want:
            raise ValueError(f"Expecting {label} weights shape of {want}, but got {weight.shape}")
    for label, bias in (("query", b_q), ("key", b_k), ("value", b_v)):
        if bias is not None and bias.shape != (eq,):
            raise ValueError(f"Expecting {label} bias shape of {(eq,)}, but got {bias.shape}")
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _in_projection_packed(q, k, v, w, b, k_is_v, q_is_k):
    """Project query, key and value with one packed weight ``w`` of shape ``(3E, E)`` (and bias ``(3E,)``).

    ``k_is_v and q_is_k`` (self-attention): one matmul, split in three; ``k_is_v`` only (encoder-decoder):
    the query with the first E rows, key and value with the other 2E; otherwise three projections.
    """
    e = q.shape[-1]
    if k_is_v:
        if q_is_k:
            return tensor_split(linear(q, w, b), 3, axis=-1)
        w_q, w_kv = split(w, [e, e * 2])
        b_q, b_kv = (None, None) if b is None else split(b, [e, e * 2])
        return (linear(q, w_q, b_q),) + tuple(tensor_split(linear(k, w_kv, b_kv), 2, axis=-1))
    w_q, w_k, w_v = tensor_split(w, 3)
    b_q, b_k, b_v = (None, None, None) if b is None else tensor_split(b, 3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)
