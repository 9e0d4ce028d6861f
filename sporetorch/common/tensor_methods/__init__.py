"""Tensor methods that mirror the functional ops, attached to ``Tensor`` at import, one module per family.

MindSpore 2.10 overloads many methods: ``x.sum(axis=0, keepdims=True)`` (NumPy style)
and ``x.sum(dim=0, keepdim=True)`` (PyTorch style) are both valid, and ``x.max(axis=0)``
returns values while ``x.max(dim=0)`` returns ``(values, indices)``. Each method accepts the
spellings MindSpore accepts and calls the functional op (or *is* it); where the legacy method is
stricter than the op (a narrower dtype set), the check is a parameter of the one implementation.
The operators (``+``, ``<``, ``~`` ...) are bound in :mod:`.operators`.
"""
from .._inplace import _set  # noqa: F401 - the historical home of ``_set``
from ..tensor import Tensor
from . import (
    conversion,
    elementwise,
    indexing,
    inplace,
    operators,
    reduce,
    runtime,
    sampling,
    shape,
)
from ._common import _u  # noqa: F401 - the historical home of ``_u``

__all__ = []

_FAMILIES = (shape, reduce, elementwise, indexing, conversion, inplace, sampling, runtime)


def _attach():
    """Set every public function of the family modules on ``Tensor`` under its own name."""
    for name, prop in runtime._PROPERTIES.items():
        setattr(Tensor, name, prop)
    for name, value in runtime._CONSTANTS.items():
        setattr(Tensor, name, value)
    for module in _FAMILIES:
        for name, fn in list(vars(module).items()):
            if (name.startswith("_") and name != "__setitem__") or not callable(fn) \
                    or getattr(fn, "__module__", None) != module.__name__:
                continue
            setattr(Tensor, name, staticmethod(fn) if name == "from_dlpack" else fn)
            __all__.append(name)
    operators._attach(Tensor)


_attach()
from .runtime import _CONSTANTS  # noqa: E402, F401 - read by the tests
