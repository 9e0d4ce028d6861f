"""Automatic differentiation on torch autograd: grad, value_and_grad, vjp, jvp."""
__all__ = []
