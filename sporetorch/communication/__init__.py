"""`sporetorch.communication`: single-process collective communication."""
__all__ = []
