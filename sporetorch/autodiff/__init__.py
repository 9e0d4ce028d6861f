"""Automatic differentiation on torch autograd: grad, value_and_grad, vjp, jvp, jacfwd, jacrev."""
from .grad import grad, value_and_grad, get_grad
from .transforms import vjp, jvp, jacfwd, jacrev
from .vmap import vmap
from .hooks import saved_tensors_hooks, register_saved_tensors_hooks

__all__ = ["grad", "value_and_grad", "get_grad", "vjp", "jvp", "jacfwd", "jacrev", "vmap", "saved_tensors_hooks",
           "register_saved_tensors_hooks"]
