"""`sporetorch.amp`: mixed precision and loss scaling."""
__all__ = []
