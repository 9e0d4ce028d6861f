"""MindSpore 2.10's registry of the recompute generator function."""
from types import FunctionType


class RecomputeRegistry:
    """Holds the one registered recompute generator function."""

    def __init__(self):
        self.recompute_generator = None

    def register(self, fn):
        """Register ``fn`` (a plain function) as the recompute generator."""
        if not isinstance(fn, FunctionType):
            raise TypeError("Fn should be function type, but got", type(fn))
        self.recompute_generator = fn

    def get(self):
        """The registered generator; TypeError before one is registered."""
        if self.recompute_generator is None:
            raise TypeError("Recompute generator should be initialised before get()!")
        return self.recompute_generator


recompute_registry = RecomputeRegistry()
