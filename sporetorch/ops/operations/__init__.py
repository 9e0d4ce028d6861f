"""Primitive operator classes (`mindspore.ops.operations`, imported as `P`)."""
__all__ = []
