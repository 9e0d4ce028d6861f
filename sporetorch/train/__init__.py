"""`sporetorch.train`: Model, callbacks, metrics, serialization."""
__all__ = []
