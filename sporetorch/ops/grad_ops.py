"""Gradient operators in `ops`: GradOperation, stop_gradient, grad/value_and_grad aliases."""
__all__ = []
