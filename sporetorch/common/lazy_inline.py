"""MindSpore 2.10's deprecated ``mindspore.common.lazy_inline`` module path (``lazy_inline`` lives in
``mindspore.graph``)."""
import types


class _CallableLazyInlineModule(types.ModuleType):
    """A module type whose call forwards to its ``lazy_inline``, so that the deprecated module import
    still works as a decorator."""

    def __call__(self, *args, **kwargs):
        return self.lazy_inline(*args, **kwargs)
