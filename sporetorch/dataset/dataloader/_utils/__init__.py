"""Argument checks of the data loader (``mindspore.dataset.dataloader._utils``), with MindSpore 2.10's messages."""
import functools
import inspect

# Seconds a worker waits on its queue before checking whether it should stop.
WORKER_TIME_OUT = 5


def check_args(method):
    """Decorator: bind the call (defaults applied) and hand the arguments, ``self``/``cls`` left out, to the
    instance's ``_check_args`` before running ``method``."""
    sig = inspect.signature(method)

    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        bound = sig.bind_partial(*args, **kwargs)
        bound.apply_defaults()
        params = dict(bound.arguments)
        owner = None
        if args:
            first = next(iter(sig.parameters))
            if first in ("self", "cls"):
                owner = args[0]
                params.pop(first, None)
        if not hasattr(owner, "_check_args"):
            raise AttributeError(f"{owner.__class__.__name__} should implement _check_args method.")
        owner._check_args(params)
        return method(*args, **kwargs)
    return wrapper


def check_exclusive_args(condition, arg_name, description):
    """ValueError ``"<arg_name> cannot be specified <description>."`` when ``condition`` holds."""
    if condition:
        raise ValueError(f"{arg_name} cannot be specified {description}.")


def check_non_negative(value, name, allow_none=False):
    """``value >= 0`` (None allowed when ``allow_none``)."""
    if allow_none and value is None:
        return
    try:
        negative = value < 0
    except TypeError as exc:
        raise TypeError(f"{name} must be a number, but got: {type(value).__name__}.") from exc
    if negative:
        raise ValueError(f"{name} must be non-negative, but got: {value}.")


def check_positive(value, name, allow_none=False):
    """``value > 0`` (None allowed when ``allow_none``)."""
    if allow_none and value is None:
        return
    try:
        not_positive = value <= 0
    except TypeError as exc:
        raise TypeError(f"{name} must be a number, but got: {type(value).__name__}.") from exc
    if not_positive:
        raise ValueError(f"{name} must be positive, but got: {value}.")


def check_type(value, name, valid_type, invalid_type=(), allow_none=False):
    """``value`` is a ``valid_type`` and no ``invalid_type`` (None allowed when ``allow_none``)."""
    if allow_none and value is None:
        return
    if not isinstance(value, valid_type) or isinstance(value, invalid_type):
        raise TypeError(f"{name} must be {valid_type}, but got: {type(value).__name__}.")
