"""Tensor methods that mirror the functional ops, attached to `Tensor`."""
__all__ = []
