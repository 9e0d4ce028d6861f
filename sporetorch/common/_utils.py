"""MindSpore 2.10's ``mindspore.common._utils``: shape-unknown checks and the small helpers its JIT fallback
calls (sporetorch runs them eagerly, as MindSpore does in PyNative mode)."""
import ctypes
import types

from .. import log as logger


def is_dim_unknown(shape):
    """Whether ``shape`` is the dynamic-rank marker ``[-2]``; a -2 anywhere else is a ValueError."""
    if len(shape) == 1 and shape[0] == -2:
        return True
    if -2 in shape:
        raise ValueError(f"'shape' should have only one -2 or no -2 at all but got ({shape}).")
    return False


def is_shape_unknown(shape):
    """Whether ``shape`` has a dynamic dimension (-1) or dynamic rank (-2); values below -2 are a ValueError."""
    flag = False
    for i in shape:
        if i < -2:
            raise ValueError(f"'shape' should not have values less than -2 but got ({shape}).")
        if i == -1:
            flag = True
    return is_dim_unknown(shape) or flag


def get_func(func):
    """The function behind ``func`` (the underlying function of a bound method)."""
    if isinstance(func, types.MethodType):
        return func.__func__
    return func


def load_lib(lib_path):
    """Load the shared library ``lib_path``; False (with a warning) when it cannot be loaded."""
    try:
        ctypes.CDLL(lib_path)
    except Exception:  # noqa: BLE001 - MindSpore reports any loading failure as False
        logger.warning(f'Loading {lib_path} lib error.')
        return False
    return True


def _jit_fallback_has_next_func(xs):
    """Whether the sequence ``xs`` has a next value."""
    return len(xs) > 0


def _jit_fallback_len_func(obj):
    """``len(obj)``."""
    return len(obj)


def _jit_fallback_next_func(xs):
    """``(head, rest)`` of the sequence ``xs``."""
    return xs[0], xs[1:]


def _jit_fallback_raise_func(type_name, script):
    """Raise the exception class ``type_name`` with message ``script``."""
    raise type_name(script)


def _jit_fallback_set_attr(class_obj, attr_name, target_obj):
    """``setattr(class_obj, attr_name, target_obj)``, returning ``target_obj``."""
    setattr(class_obj, attr_name, target_obj)
    return target_obj
