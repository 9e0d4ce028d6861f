"""Composite helpers (`mindspore.ops.composite`): HyperMap, MultitypeFuncGraph, Partial."""
__all__ = []
