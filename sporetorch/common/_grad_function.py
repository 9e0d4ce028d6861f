"""``mindspore._Function``: a custom differentiable function with hand-written ``forward``/``backward``, as
``torch.autograd.Function`` on MindSpore Tensors (MindSpore 2.10 modelled it on PyTorch's API).

``apply`` runs ``forward(ctx, *args)`` inside a ``torch.autograd.Function``, so ``grad``/``value_and_grad``
differentiate through it with the user's ``backward(ctx, *grad_outputs)``. ``ctx`` keeps what ``forward``
stores on it (``save_for_backward`` fills ``saved_tensors``); ``needs_input_grad`` tells ``backward`` which
inputs want a gradient. A class that defines ``setup_context(ctx, inputs, output)`` gets a ``forward``
without ``ctx``, as in PyTorch.
"""
import torch

from .tensor import Tensor, _wrap


class _Context:
    """The ``ctx`` of a ``_Function``."""

    def __init__(self):
        self.saved_tensors = ()
        self.needs_input_grad = ()
        self.materialize_grads = True

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


def _to_ms(x):
    return _wrap(x) if isinstance(x, torch.Tensor) else x


def _to_torch(x):
    return x._t if isinstance(x, Tensor) else x


class _TorchBridge(torch.autograd.Function):
    @staticmethod
    def forward(ctx, cls, kwargs, *args):
        ms_ctx = _Context()
        ms_ctx.needs_input_grad = tuple(isinstance(a, torch.Tensor) and a.requires_grad for a in args)
        ctx.ms_ctx, ctx.cls = ms_ctx, cls
        ms_args = tuple(_to_ms(a) for a in args)
        if cls._has_setup_context:
            out = cls.forward(*ms_args, **kwargs)
            cls.setup_context(ms_ctx, ms_args, out)
        else:
            out = cls.forward(ms_ctx, *ms_args, **kwargs)
        ctx.tuple_out = isinstance(out, tuple)
        outs = out if ctx.tuple_out else (out,)
        return tuple(_to_torch(o).clone() if isinstance(o, Tensor) else o for o in outs)

    @staticmethod
    def backward(ctx, *grads):
        ms_ctx = ctx.ms_ctx
        ms_grads = tuple(_to_ms(g) for g in grads)
        res = ctx.cls.backward(ms_ctx, *(ms_grads if ctx.tuple_out or len(ms_grads) != 1 else ms_grads[:1]))
        res = res if isinstance(res, tuple) else (res,)
        return (None, None) + tuple(_to_torch(r) for r in res)


class _Function:
    """Base class of custom differentiable functions: subclass it, define the static methods ``forward(ctx,
    *args)`` and ``backward(ctx, *grad_outputs)`` (one gradient per input, None for none) and call
    ``MyFunction.apply(*args)``.
    """

    _has_setup_context = False

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("forward function should be customized.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("backward function should be customized.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run ``forward`` on ``args`` and record ``backward`` for differentiation."""
        cls._has_setup_context = cls.setup_context is not _Function.setup_context
        outs = _TorchBridge.apply(cls, kwargs, *(_to_torch(a) for a in args))
        outs = tuple(_to_ms(o) for o in outs)
        return outs if len(outs) != 1 else outs[0]
