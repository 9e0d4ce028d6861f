"""Gradient operators in ``ops``: ``GradOperation``, ``stop_gradient`` and the functional
aliases MindSpore 2.10 exports there (``ops.grad`` is ``mindspore.grad``, and so on)."""
from ..autodiff import grad, value_and_grad, get_grad, vjp, jvp, jacfwd, jacrev, vmap
from ..autodiff.grad import GradFunction, normalize_weights
from ..autodiff.hooks import hook_backward
from ..autodiff.transforms import linearize, derivative
from ..common.tensor import Tensor, _wrap
from .primitive import Primitive

__all__ = ["GradOperation", "HookBackward", "stop_gradient", "stop_gradient_", "grad", "value_and_grad", "get_grad",
           "vjp", "jvp", "jacfwd", "jacrev", "linearize", "derivative", "vmap"]


class GradOperation:
    """A higher-order function that builds gradient functions (``mindspore.ops.GradOperation``).

    Args:
        get_all (bool): differentiate with respect to every Tensor input (a tuple comes back);
            otherwise only the first input (a Tensor comes back).
        get_by_list (bool): differentiate with respect to the ``weights`` given to the call.
            With ``get_all`` too the result is ``(input_grads, weight_grads)``.
        sens_param (bool): the gradient function takes the sensitivity as its last input.

    Inputs:
        - **fn** (function or Cell) - the function to differentiate.
        - **weights** (ParameterTuple or list of Parameters) - needed with ``get_by_list``.

    Outputs:
        A function with ``fn``'s inputs (plus the sensitivity) that returns the gradients.
    """

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for name, value in (("get_all", get_all), ("get_by_list", get_by_list), ("sens_param", sens_param)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'GradOperation', the '{name}' must be a bool, but got {type(value).__name__}")
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param
        # Training cells build the grad function on every step; reuse the last one.
        self._last = None

    def __call__(self, fn, weights=None):
        last = self._last
        if last is not None and last[0] is fn and last[1] is weights:
            return last[2]
        if self.get_by_list:
            if weights is None:
                raise TypeError("For 'GradOperation' with get_by_list=True, the 'weights' (a ParameterTuple or a "
                                "list of Parameters) must be given")
            wts, _ = normalize_weights(weights, "GradOperation")
        else:
            wts = None
        if self.get_all:
            positions, single = (), False
        elif wts is not None:
            positions, single = None, False
        else:
            positions, single = (0,), True
        g = GradFunction(fn, positions, single, wts, False, sens_param=self.sens_param, all_inputs=self.get_all,
                         api="GradOperation")
        self._last = (fn, weights, g)
        return g


class HookBackward(Primitive):
    """Pass the inputs through unchanged and call ``hook_fn(grads)`` with their gradients in the
    backward (``grads`` is a tuple); a returned Tensor or tuple replaces the gradients.

    Args:
        hook_fn (function): the hook.
        cell_id (str): kept for compatibility. Default: "".
    """

    def __init__(self, hook_fn, cell_id=""):
        super().__init__("HookBackward")
        if not callable(hook_fn):
            raise TypeError(f"For 'HookBackward', the 'hook_fn' must be callable, but got {type(hook_fn).__name__}")
        if not isinstance(cell_id, str):
            raise TypeError(f"For 'HookBackward', the 'cell_id' must be a str, but got {type(cell_id).__name__}")
        self.hook_fn = hook_fn
        self.cell_id = cell_id

    def __call__(self, *inputs):
        return hook_backward(self.hook_fn, inputs)


def stop_gradient(value):
    """Return ``value`` cut from the gradient graph (Tensors inside tuples, lists and dicts too)."""
    if isinstance(value, Tensor):
        t = value._t
        return _wrap(t.detach()) if t.requires_grad else value
    if isinstance(value, tuple):
        return tuple(stop_gradient(v) for v in value)
    if isinstance(value, list):
        return [stop_gradient(v) for v in value]
    if isinstance(value, dict):
        return {k: stop_gradient(v) for k, v in value.items()}
    return value


def stop_gradient_(input):  # noqa: A002 - MindSpore's argument name
    """Cut ``input`` from the gradient graph in place; returns None."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'stop_gradient_', the input must be a Tensor, but got {type(input).__name__}")
    if input._t.requires_grad:
        input._t = input._t.detach()
