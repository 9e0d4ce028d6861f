"""Clipping: clamp/clip by value, clip by norm and by global norm."""
import torch

from ...common.tensor import Tensor, _wrap
from ._utils import _fail, _guard_module, _inline_checked, _no_tensor, _u

__all__ = ["clamp", "clamp_", "clip", "clip_by_value", "clip_by_norm", "clip_by_global_norm"]


def _bound(v):
    return v._t if isinstance(v, Tensor) else v


@_inline_checked
def clamp(input, min=None, max=None):
    """Clamp into ``[min, max]``; the bounds may be numbers or broadcastable Tensors."""
    try:
        if min is None and max is None:
            raise ValueError("For 'clamp', at least one of 'min' and 'max' must be given")
        lo, hi = _bound(min), _bound(max)
        t = input._t
        try:
            if isinstance(lo, torch.Tensor) or isinstance(hi, torch.Tensor):
                # Tensor bounds broadcast and take the input's dtype.
                out = t
                if lo is not None:
                    out = torch.maximum(out, torch.as_tensor(lo, dtype=t.dtype))
                if hi is not None:
                    out = torch.minimum(out, torch.as_tensor(hi, dtype=t.dtype))
                return _wrap(out)
            return _wrap(torch.clamp(t, lo, hi))
        except (RuntimeError, TypeError) as e:
            _fail("clamp", e, input=input, min=min, max=max)
    except AttributeError as e:
        _no_tensor("clamp", e, input=input, min=min, max=max)


def clamp_(input, min=None, max=None):
    """Clamp ``input`` in place and return it."""
    input._t = clamp(input, min, max)._t
    return input


@_inline_checked
def clip(input, min=None, max=None):
    """Alias of :func:`clamp`."""
    try:
        return clamp(input, min, max)
    except AttributeError as e:
        _no_tensor("clip", e, input=input, min=min, max=max)


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """Clamp ``x`` (a Tensor or a list/tuple of Tensors) into ``[clip_value_min, clip_value_max]``."""
    if isinstance(x, (list, tuple)):
        return type(x)(clamp(v, clip_value_min, clip_value_max) for v in x)
    return clamp(x, clip_value_min, clip_value_max)


def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale ``x`` (or each of a list, by their joint norm) so its ``norm_type``-norm is at most ``max_norm``."""
    tensors = [v._t for v in x] if isinstance(x, (list, tuple)) else [x._t]
    norms = torch.stack([torch.linalg.vector_norm(t.float(), norm_type) for t in tensors])
    total = torch.linalg.vector_norm(norms, norm_type)
    if error_if_nonfinite and not torch.isfinite(total):
        raise RuntimeError(f"For 'clip_by_norm', the total norm of order {norm_type} is non-finite")
    scale = torch.clamp(_u(max_norm) / (total + 1e-6), max=1.0)
    out = [_wrap((t * scale).to(t.dtype)) for t in tensors]
    return type(x)(out) if isinstance(x, (list, tuple)) else out[0]


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """Scale a tuple of tensors by ``clip_norm / max(global_norm, clip_norm)``."""
    tensors = [v._t for v in x]
    gnorm = torch.sqrt(sum((t.float() ** 2).sum() for t in tensors)) if use_norm is None else _u(use_norm)
    scale = clip_norm / torch.maximum(torch.as_tensor(gnorm), torch.tensor(float(clip_norm)))
    return tuple(_wrap((t * scale).to(t.dtype)) for t in tensors)


_guard_module(globals(), __all__)
