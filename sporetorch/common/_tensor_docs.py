"""MindSpore 2.10's ``attach_docstr``: sets the docstring of a ``Tensor`` method."""
from .tensor import Tensor


def attach_docstr(method, docstr):
    """Set the docstring of ``Tensor.<method>`` to ``docstr``.

    Raises:
        AttributeError: ``Tensor`` has no such method, or its docstring cannot be set.
    """
    try:
        fn = getattr(Tensor, method)
        getattr(fn, "__func__", fn).__doc__ = docstr
    except Exception:  # noqa: BLE001 - MindSpore reports every failure as this AttributeError
        raise AttributeError(f"Failed to attach docstring to Tensor.{method}.\n"
                             f"Please check if there is a duplicate Tensor.{method} in tensor.py.") from None
