"""Optimizers (`mindspore.nn.optim`)."""
__all__ = []
