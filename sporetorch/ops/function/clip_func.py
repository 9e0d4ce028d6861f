"""Clipping: clamp/clip by value, clip by norm and by global norm."""
import functools

import torch

from ...common.tensor import Tensor, _wrap
from ._utils import _desc, _fail, _guard_module, _inline_checked, _no_tensor, _u

__all__ = ["clamp", "clamp_", "clip", "clip_by_value", "clip_by_norm", "clip_by_global_norm"]


def _is_bool(v):
    return isinstance(v, bool) or (isinstance(v, Tensor) and v._t.dtype == torch.bool)


def _bound(v):
    return v._t if isinstance(v, Tensor) else v


@_inline_checked
def clamp(input, min=None, max=None):
    """Clamp into ``[min, max]``; the bounds may be numbers or broadcastable Tensors (no Bool anywhere)."""
    try:
        if min is None and max is None:
            raise ValueError("For 'clamp', at least one of 'min' and 'max' must be given")
        if any(_is_bool(v) for v in (input, min, max)):
            raise ValueError(f"For 'clamp', the dtype of 'input', 'min' and 'max' must not be bool, but got "
                             f"input={_desc(input)}, min={_desc(min)}, max={_desc(max)}")
        lo, hi = _bound(min), _bound(max)
        t = input._t
        try:
            if isinstance(lo, torch.Tensor) or isinstance(hi, torch.Tensor):
                # Tensor bounds broadcast and promote with the input (MindSpore 2.10: an Int32 input clamped by
                # Float32 Tensors gives Float32); a number bound takes the input's dtype.
                out = t
                if lo is not None:
                    out = torch.maximum(out, lo if isinstance(lo, torch.Tensor) else torch.as_tensor(lo, dtype=t.dtype))
                if hi is not None:
                    out = torch.minimum(out, hi if isinstance(hi, torch.Tensor) else torch.as_tensor(hi, dtype=t.dtype))
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
    # MindSpore 2.10: Bool bounds fail clamp's check (ValueError); a Bool x its Minimum kernel (TypeError).
    bounds = (clip_value_min, clip_value_max)
    if bounds != (None, None) and not any(_is_bool(v) for v in bounds):
        for v in (x if isinstance(x, (list, tuple)) else [x]):
            if _is_bool(v):
                raise TypeError(f"For 'clip_by_value', the 'x' must not be Bool, but got {_desc(v)}")
    if isinstance(x, (list, tuple)):
        return type(x)(clamp(v, clip_value_min, clip_value_max) for v in x)
    return clamp(x, clip_value_min, clip_value_max)


def _norm_in_dtype(t, norm_type, dtype):
    """Float32 ``norm_type``-norm of ``t``, truncated when ``dtype`` is an integer one: MindSpore 2.10
    computes the norm of an integer Tensor in its dtype."""
    n = torch.linalg.vector_norm(t.float(), norm_type)
    if dtype == torch.bool:  # a Bool norm is True (1) for any non-zero input
        return (n != 0).float()
    return n if dtype.is_floating_point or dtype.is_complex else n.trunc()


def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale ``x`` (or each of a list, by their joint norm) so its ``norm_type``-norm is at most ``max_norm``.

    As in MindSpore 2.10, an input already within the norm comes back unchanged, and a scaled integer
    input becomes Float32 (the scale is a float); ``max_norm`` must be a number or a one-element Tensor.
    """
    tensors = [v._t for v in x] if isinstance(x, (list, tuple)) else [x._t]
    norms = torch.stack([_norm_in_dtype(t, norm_type, t.dtype) for t in tensors])
    # The stacked norms keep the inputs' (promoted) dtype, so integer inputs truncate the total too.
    total = _norm_in_dtype(norms, norm_type, functools.reduce(torch.promote_types, [t.dtype for t in tensors]))
    if error_if_nonfinite and not torch.isfinite(total):
        raise RuntimeError(f"For 'clip_by_norm', the total norm of order {norm_type} is non-finite")
    scale = _u(max_norm) / (total + 1e-6)
    if scale.numel() != 1:
        raise ValueError(f"For 'clip_by_norm', the 'max_norm' must be a number or a one-element Tensor, "
                         f"but got {_desc(max_norm)}")
    out = [_wrap(t * scale) if scale < 1 else _wrap(t) for t in tensors]
    return type(x)(out) if isinstance(x, (list, tuple)) else out[0]


def _clip_by_norm_axes(t, clip_norm, axes):
    """MindSpore's ``ClipByNorm`` kernel (``nn.ClipByNorm``) on torch tensor ``t``: computed in float32,
    ``t * clip_norm / max(l2norm(t, axes), clip_norm)``, back in ``t``'s dtype (``axes`` None: all)."""
    f = t.float()
    norm = torch.sqrt((f * f).sum(dim=axes, keepdim=True))
    scale = clip_norm / torch.maximum(norm, torch.as_tensor(clip_norm, dtype=norm.dtype))
    return (f * scale).to(t.dtype)


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """Scale a tuple of tensors by ``clip_norm / max(global_norm, clip_norm)``.

    A lone Tensor is clipped by its own norm and comes back as a Tensor. As in MindSpore 2.10 the
    norm is a shape-(1,) Float32, so a 0-d input comes back with shape (1,); Bool inputs are refused.
    """
    single = isinstance(x, Tensor)
    items = [x] if single else list(x)
    value = clip_norm._t.item() if isinstance(clip_norm, Tensor) else clip_norm
    if not isinstance(value, (int, float)) or value <= 0:
        raise ValueError(f"For 'clip_by_global_norm', the 'clip_norm' must be a number > 0, but got {clip_norm!r}")
    for v in items:
        if v._t.dtype == torch.bool:
            raise TypeError(f"For 'clip_by_global_norm', the 'x' must hold numeric Tensors, but got {_desc(v)}")
    tensors = [v._t for v in items]
    device = tensors[0].device
    clip = torch.tensor([float(value)], device=device)
    if use_norm is None:
        gnorm = torch.sqrt(sum(torch.square(t).sum().float() for t in tensors)).reshape(1)
    else:
        gnorm = torch.as_tensor(_u(use_norm), dtype=torch.float32, device=device).reshape(1)
    gnorm = torch.where(gnorm >= clip, gnorm, clip)
    out = tuple(_wrap((t * clip / gnorm).to(t.dtype)) for t in tensors)
    return out[0] if single else out


_guard_module(globals(), __all__)


# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
# of ``clip_by_global_norm`` / ``clip_by_norm`` (model code imports them), as adapters of ``ops``.
def _get_square_sum(x):
    """The sum of squares of ``x``, as a Float32 Tensor of shape (1,)."""
    from .array_func import cast, expand_dims
    from .math_func import square
    from .reduce_func import sum as _sum
    from ...common import dtype as mstype
    return expand_dims(cast(_sum(square(x)), mstype.float32), 0)


def _apply_global_norm(clip_norm, global_norm, x):
    """``x * clip_norm / global_norm`` in ``x``'s dtype."""
    from .array_func import cast
    from .math_func import div, mul
    return cast(div(mul(x, clip_norm), global_norm), x.dtype)


def _old_norm(norm_type, x):
    """``sum(x ** norm_type) ** (1 / norm_type)`` in ``x``'s dtype."""
    from .array_func import cast
    from .math_func import pow
    from .reduce_func import sum as _sum
    return cast(pow(_sum(pow(x, norm_type)), 1.0 / norm_type), x.dtype)


def _cal_total_norm(x, norm_type):
    """The ``norm_type`` norm of the norms of the Tensors ``x`` (the largest absolute value for inf)."""
    from .array_func import stack
    from .math_func import abs as _abs
    from .reduce_func import amax
    if norm_type == float("inf"):
        return max(amax(_abs(t)) for t in x)
    return _old_norm(norm_type, stack([_old_norm(norm_type, t) for t in x]))
