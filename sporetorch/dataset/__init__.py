"""`sporetorch.dataset`: MindSpore's dataset API on torch.utils.data."""
__all__ = []
