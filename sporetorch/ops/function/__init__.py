"""Functional operators (`mindspore.ops.function`), one module per family."""
__all__ = []
