"""Per-pixel transforms run once per batch.

``map(operations)`` followed by ``batch`` gives rows that went through every operation and
were then stacked. When the last operations of that ``map`` are per-pixel and without
randomness (``Normalize``, ``HWC2CHW``, ``Rescale``, ``TypeCast``: the ops that define
``_batch_apply``), ``batch`` asks ``map`` to stop before them, stacks the (usually uint8,
4x smaller) rows and runs each of those operations once on the stacked batch as one torch
op, whose kernels use torch's threads outside the GIL. The values are the same as per row:
the ops do the same float32 arithmetic elementwise. Whenever the batch route cannot promise
that (rows of different shapes, an op that declines with ``NotImplemented``, any error), the
ops run per row exactly as ``map`` would have, so errors are unchanged too.
"""
import sys

import numpy as np
import torch

from ._rows import _stack, _to_array
from ._workers import _apply_operations


def batchable_tail(operations):
    """How many of the last ``operations`` can run once per batch."""
    count = 0
    for op in reversed(operations):
        if not callable(getattr(op, "_batch_apply", None)):
            break
        count += 1
    return count


def _layout_first(tail):
    """``Normalize`` (channels last) then ``HWC2CHW`` as ``HWC2CHW`` then ``Normalize`` (channels
    first): the same elementwise values, but the transpose moves uint8 instead of float32 and the
    arithmetic runs on contiguous channel planes."""
    from ..vision.transforms import HWC2CHW, Normalize
    tail = list(tail)
    for k in range(len(tail) - 1):
        op, nxt = tail[k], tail[k + 1]
        if type(op) is Normalize and op.is_hwc and type(nxt) is HWC2CHW:
            chw = Normalize.__new__(Normalize)
            chw.mean, chw.std, chw.is_hwc = op.mean, op.std, False
            tail[k], tail[k + 1] = nxt, chw
    return tail


class BatchBuffers:
    """The float32 batches one epoch of a ``batch`` has handed out, reused once no one else holds
    them: a new 38 MB batch (64 ImageNet crops) costs its 9,400 page faults, the zeroing of its
    pages and, when freed, an unmapping that interrupts the worker threads on the other cores:
    about a third of writing the batch. An array the consumer (or a Tensor, or a view of it) still
    references is never reused: only arrays held by this list alone are. At most ``keep`` are
    kept; the rest are allocated and freed as before. They are freed with the epoch."""

    def __init__(self, keep=6):
        self.keep = keep
        self.arrays = []

    def empty(self, shape):
        for a in self.arrays:
            # references: this list, the loop variable and getrefcount's argument
            if a.shape == shape and sys.getrefcount(a) == 3:
                return a
        a = np.empty(shape, np.float32)
        if len(self.arrays) < self.keep:
            self.arrays.append(a)
        return a


def _normalize_into_batch(tail, values, buffers=None):
    """``Normalize`` (optionally with ``HWC2CHW``) written image by image into one new float32
    batch with NumPy, or None for any other tail.

    Each image is converted, transposed and normalized while its planes are in cache, and the
    rows are never stacked as uint8 first: about 2.5x less time than the stacked torch ops,
    whose strided uint8-to-float32 copy is slow. The arithmetic is the per-row float32
    subtract and divide, so the values are the same."""
    from ..vision.transforms import HWC2CHW, Normalize
    ops = _layout_first(tail)
    transpose = type(ops[0]) is HWC2CHW
    if transpose:
        ops = ops[1:]
    first = values[0]
    if len(ops) != 1 or type(ops[0]) is not Normalize or first.ndim != 3 or first.dtype.kind not in "biuf":
        return None
    norm = ops[0]
    chw = transpose or not norm.is_hwc
    channels = first.shape[0] if chw and not transpose else first.shape[-1]
    if len(norm.mean) not in (1, channels):
        return None
    shape = (-1, 1, 1) if chw else (-1,)
    mean, std = norm.mean.reshape(shape), norm.std.reshape(shape)
    row_shape = (first.shape[2], first.shape[0], first.shape[1]) if transpose else first.shape
    shape = (len(values),) + row_shape
    out = np.empty(shape, np.float32) if buffers is None else buffers.empty(shape)
    for slot, value in zip(out, values):
        slot[...] = value.transpose(2, 0, 1) if transpose else value
        slot -= mean
        slot /= std
    return out


def _batched(tail, stacked):
    if stacked.dtype.kind not in "biuf":
        return None
    t = torch.from_numpy(stacked)
    if stacked.ndim == 4:
        tail = _layout_first(tail)
    for op in tail:
        t = op._batch_apply(t)
        if t is NotImplemented:
            return None
    return t.contiguous().numpy()


def stack_through(tail, input_columns, column, values, stack=_stack, buffers=None):
    """``stack(column, [tail ops applied to each value])``, computed on the stacked batch when
    the values share one shape and dtype (``buffers``: a ``BatchBuffers`` to write into)."""
    first = values[0]
    if all(v.shape == first.shape and v.dtype == first.dtype for v in values):
        try:
            out = _normalize_into_batch(tail, values, buffers)
            if out is None:
                out = _batched(tail, np.stack(values))
        except Exception:  # noqa: BLE001  (the per-row route below raises what map would)
            out = None
        if out is not None:
            return out
    rows = []
    for v in values:
        result = _apply_operations(tail, input_columns, (v,))
        if len(result) != 1:
            raise RuntimeError(f"For 'map', the operations on {input_columns} returned {len(result)} "
                               f"columns but output_columns has 1")
        rows.append(_to_array(result[0], column, "map"))
    return stack(column, rows)
