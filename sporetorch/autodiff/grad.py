"""``grad``, ``value_and_grad`` and ``get_grad`` on torch autograd.

A grad function makes fresh autograd leaves for the differentiated inputs, switches on
``requires_grad`` of the differentiated weights' torch tensors for the duration of the call,
runs ``fn`` and calls ``torch.autograd.grad`` once. Everything that does not change between
calls (positions, the weight tuple, the shape of the result) is settled when the grad
function is created, so a training step pays only for the forward and the backward.
"""
import torch

from ..common.parameter import Parameter
from ..common.tensor import Tensor, _wrap
from ._core import state, flat_tensors, detach, is_differentiable, make_leaf, grad_outputs_for, aux_head
from .bprop import take_recorded_forward

__all__ = ["grad", "value_and_grad", "get_grad"]

_autograd_grad = torch.autograd.grad


def _normalize_position(grad_position, api):
    """Return ``(positions, single)``: a tuple of ints (or None) and whether one Tensor comes back."""
    if grad_position is None:
        return None, False
    if isinstance(grad_position, int) and not isinstance(grad_position, bool):
        positions = (grad_position,)
    elif isinstance(grad_position, tuple) and grad_position:
        positions = grad_position
    else:
        raise TypeError(f"For '{api}', the 'grad_position' must be int or a non-empty tuple of ints, "
                        f"but got {grad_position!r}")
    for p in positions:
        if not isinstance(p, int) or isinstance(p, bool):
            raise TypeError(f"For '{api}', every element of 'grad_position' must be an int, but got {p!r}")
        if p < 0:
            raise ValueError(f"For '{api}', grad_position must be >= 0, but got {p}")
    return positions, len(positions) == 1


def normalize_weights(weights, api):
    """Return ``(tuple_of_parameters, single)``; reject anything that is not a Parameter."""
    if weights is None:
        return None, False
    if isinstance(weights, Parameter):
        return (weights,), True
    if isinstance(weights, (list, tuple)):
        for i, w in enumerate(weights):
            if not isinstance(w, Parameter):
                raise TypeError(f"For '{api}', every element of 'weights' must be a Parameter, but the element "
                                f"at index {i} is a {type(w).__name__}; pass net.trainable_params() or "
                                f"Parameters of the network")
        return tuple(weights), False
    raise TypeError(f"For '{api}', the 'weights' must be a Parameter, or a list or tuple of Parameters "
                    f"(such as net.trainable_params()), but got {type(weights).__name__}")


class GradFunction:
    """The callable returned by ``grad``, ``value_and_grad`` and ``GradOperation``.

    ``positions``: input indices to differentiate (None: none; ``all_inputs``: every Tensor input).
    ``single_pos``/``single_weight``: return a bare Tensor instead of a 1-tuple.
    """

    __slots__ = ("fn", "positions", "single_pos", "all_inputs", "weights", "single_weight", "has_aux",
                 "return_ids", "sens_param", "with_value", "api", "reuse_forward")

    def __init__(self, fn, positions, single_pos, weights, single_weight, has_aux=False, return_ids=False,
                 sens_param=False, with_value=False, all_inputs=False, api="grad"):
        if not callable(fn):
            raise TypeError(f"For '{api}', the 'fn' must be a function or a Cell, but got {type(fn).__name__}")
        self.fn = fn
        self.positions = positions
        self.single_pos = single_pos
        self.all_inputs = all_inputs
        self.weights = weights
        self.single_weight = single_weight
        self.has_aux = has_aux
        self.return_ids = return_ids
        self.sens_param = sens_param
        self.with_value = with_value
        self.api = api
        # Only a Cell can have a forward recorded by set_grad() to reuse.
        self.reuse_forward = hasattr(fn, "construct") and isinstance(getattr(fn, "__dict__", None), dict) \
            and "_cells" in fn.__dict__

    def __call__(self, *args, **kwargs):
        sens = None
        if self.sens_param:
            if not args:
                raise TypeError(f"For '{self.api}' with sens_param=True, the last positional input must be the "
                                f"sensitivity (dout), but no input was given")
            sens = args[-1]
            args = args[:-1]
        return self._run(args, kwargs, sens, True)

    # ------------------------------------------------------------------ the differentiation
    def _run(self, args, kwargs, sens, allow_reuse):
        nested = state.depth > 0
        record = None
        if allow_reuse and self.reuse_forward and not nested and self.fn.__dict__.get("requires_grad"):
            record = take_recorded_forward(self.fn, args, kwargs, self.weights)

        positions = self.positions
        if self.all_inputs:
            positions = tuple(i for i, a in enumerate(args) if isinstance(a, Tensor))
        leaves = ()
        refs = ()
        call_args, call_kwargs = args, kwargs
        if positions:
            call_args, call_kwargs, leaves, refs = self._make_leaves(positions, args, kwargs, nested, record)

        flipped = []
        wts = ()
        if self.weights is not None:
            # A frozen Parameter (requires_grad=False) gets zeros even when asked for, as in MindSpore.
            wts = []
            for w in self.weights:
                t = w._t
                if not w.requires_grad or not is_differentiable(t):
                    t = None
                elif not t.requires_grad:
                    t.requires_grad_(True)
                    flipped.append(t)
                wts.append(t)

        state.depth += 1
        try:
            if record is not None:
                out = record.out
            elif torch.is_grad_enabled():
                out = self.fn(*call_args, **call_kwargs)
            else:
                with torch.enable_grad():
                    out = self.fn(*call_args, **call_kwargs)
            diff_out = aux_head(out, self.api) if self.has_aux else out
            try:
                grads = self._backward(diff_out, sens, leaves, wts, nested)
            except RuntimeError:
                if record is None:
                    raise
                grads = None
        finally:
            for t in flipped:
                t.requires_grad_(False)
            state.depth -= 1
        if grads is None:
            # The recorded forward can no longer be differentiated (e.g. a weight changed in place
            # since); run the forward again as MindSpore would without set_grad().
            return self._run(args, kwargs, sens, False)
        return self._assemble(out, grads, positions, leaves, refs, wts, nested)

    def _make_leaves(self, positions, args, kwargs, nested, record):
        inputs = list(args)
        keys = ()
        if kwargs:
            keys = tuple(kwargs)
            inputs.extend(kwargs.values())
        n = len(inputs)
        leaves = []
        refs = []
        for p in positions:
            if p >= n:
                raise RuntimeError(f"For '{self.api}', the position index {p} in 'grad_position' exceeds the "
                                   f"number of inputs ({n})")
            a = inputs[p]
            if not isinstance(a, Tensor):
                raise TypeError(f"For '{self.api}', the input at grad_position {p} must be a Tensor to be "
                                f"differentiated, but got {type(a).__name__}")
            t = a._t
            refs.append(t)
            if record is not None:
                leaves.append(record.leaves[p] if p < len(record.leaves) else None)
            elif is_differentiable(t):
                leaf = make_leaf(t, nested)
                inputs[p] = _wrap(leaf)
                leaves.append(leaf)
            else:
                leaves.append(None)
        if keys:
            na = len(args)
            return tuple(inputs[:na]), dict(zip(keys, inputs[na:])), leaves, refs
        return tuple(inputs), kwargs, leaves, refs

    def _backward(self, diff_out, sens, leaves, wts, nested):
        if type(diff_out) is Tensor:
            flat = [diff_out._t]
        else:
            flat = flat_tensors(diff_out, [])
        sens_flat = None
        if sens is not None:
            sens_flat = flat_tensors(sens, [])
            if len(sens_flat) != len(flat):
                raise ValueError(f"For '{self.api}' with sens_param=True, the sensitivity must have one Tensor "
                                 f"per output Tensor ({len(flat)}), but got {len(sens_flat)}")
        outs = []
        gouts = []
        for i, o in enumerate(flat):
            if o.requires_grad:
                outs.append(o)
                if sens_flat is not None:
                    gouts.append(sens_flat[i].to(o.dtype))
        inputs = [t for t in leaves if t is not None]
        inputs.extend(t for t in wts if t is not None)
        if not outs or not inputs:
            return [None] * len(inputs)
        return _autograd_grad(outs, inputs, grad_outputs_for(outs, gouts if sens_flat is not None else None),
                              create_graph=nested, allow_unused=True)

    def _assemble(self, out, grads, positions, leaves, refs, wts, nested):
        it = iter(grads)
        res_in = res_w = None
        if positions is not None:
            gin = []
            for leaf, ref in zip(leaves, refs):
                g = next(it) if leaf is not None else None
                gin.append(_wrap(torch.zeros_like(ref) if g is None else g))
            if self.return_ids:
                gin = [(p, g) for p, g in zip(positions, gin)]
            res_in = gin[0] if self.single_pos else tuple(gin)
        if self.weights is not None:
            gw = []
            for w, t in zip(self.weights, wts):
                g = next(it) if t is not None else None
                gw.append(_wrap(torch.zeros_like(w._t) if g is None else g if nested else _laid_out_like(g, w._t)))
            if self.return_ids:
                gw = [(w.name, g) for w, g in zip(self.weights, gw)]
            res_w = gw[0] if self.single_weight else tuple(gw)
        if res_in is None:
            res = res_w
        elif res_w is None:
            res = res_in
        else:
            res = (res_in, res_w)
        if self.with_value:
            return (out if nested else detach(out)), res
        if self.has_aux:
            return res, tuple(detach(o) for o in out[1:])
        return res


def _laid_out_like(grad, weight):
    """``grad`` in ``weight``'s memory layout, as torch's AccumulateGrad lays out ``.grad``.

    A compiled backward may produce a convolution weight's gradient channels-last while the weight is
    contiguous; the optimizer's fused update over such a pair is about twice as slow as one copy and an
    update over matching strides."""
    if grad.stride() == weight.stride() or grad.shape != weight.shape:
        return grad
    return torch.empty_like(weight).copy_(grad)


def _make(fn, grad_position, weights, has_aux, return_ids, sens_param, with_value, api):
    positions, single_pos = _normalize_position(grad_position, api)
    wts, single_weight = normalize_weights(weights, api)
    if positions is None and wts is None:
        raise ValueError(f"For '{api}', `grad_position` and `weights` can not be None at the same time")
    return GradFunction(fn, positions, single_pos, wts, single_weight, bool(has_aux), bool(return_ids),
                        bool(sens_param), with_value, api=api)


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """Return a function that computes the gradient of ``fn`` (``mindspore.grad``).

    Args:
        fn (function or Cell): the function to differentiate.
        grad_position (int, tuple of int or None): the inputs to differentiate with respect to.
            A single int (or a 1-tuple) gives one Tensor, a longer tuple a tuple. None: only weights.
        weights (Parameter, list or tuple of Parameters, or None): the weights to differentiate
            with respect to, e.g. ``net.trainable_params()``.
        has_aux (bool): ``fn`` returns several outputs; only the first is differentiated and the
            others come back unchanged (without gradient) as a tuple after the gradients.
        return_ids (bool): pair each gradient with its input position or Parameter name.
        sens_param (bool): the last input of the returned function is the sensitivity (``dout``).

    Outputs:
        The input gradients, the weight gradients, or ``(input_grads, weight_grads)`` when both
        are asked for. Every output Tensor of ``fn`` contributes with a sensitivity of ones unless
        ``sens_param``; integer outputs contribute nothing; inputs ``fn`` does not depend on get zeros.

    Differences from PyTorch: differentiates a function, not a tensor (no ``backward()``/``.grad``).
    """
    return _make(fn, grad_position, weights, has_aux, return_ids, sens_param, False, "grad")


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """Like ``grad``, but the returned function gives ``(value, grads)``, ``value`` being the full
    output of ``fn`` (aux outputs included) (``mindspore.value_and_grad``)."""
    return _make(fn, grad_position, weights, has_aux, return_ids, sens_param, True, "value_and_grad")


def get_grad(gradients, identifier):
    """Pick one gradient out of the result of a ``return_ids=True`` grad function.

    Args:
        gradients: the ``(id, gradient)`` pairs (possibly nested) returned with ``return_ids=True``.
        identifier (int or Parameter): an input position or a Parameter (matched by name).
    """
    if isinstance(identifier, Parameter):
        key = identifier.name
    elif isinstance(identifier, int) and not isinstance(identifier, bool):
        key = identifier
    else:
        raise TypeError(f"For 'get_grad', the 'identifier' must be an int position or a Parameter, "
                        f"but got {type(identifier).__name__}")

    def find(g):
        if isinstance(g, tuple):
            if len(g) == 2 and isinstance(g[1], Tensor) and isinstance(g[0], (int, str)) \
                    and not isinstance(g[0], bool):
                return g[1] if g[0] == key and type(g[0]) is type(key) else None
            for item in g:
                found = find(item)
                if found is not None:
                    return found
        return None

    found = find(gradients)
    if found is None:
        raise RuntimeError(f"For 'get_grad', can not find the gradient for position or Parameter {key!r}; "
                           f"the gradients must come from a grad function created with return_ids=True")
    return found
