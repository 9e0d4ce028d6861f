"""Argument checks shared by optimizers, learning-rate schedules and wrappers.

The messages follow MindSpore's validator: ``For '<cell>', the '<arg>' must be ...``;
a wrong type raises TypeError, a wrong value ValueError.
"""


def _prefix(cls_name):
    return f"For '{cls_name}', " if cls_name else ""


def check_type(value, name, types, cls_name=None):
    types = types if isinstance(types, tuple) else (types,)
    # bool is an int subclass; MindSpore rejects it wherever an int or float is asked for.
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        names = ", ".join(t.__name__ for t in types)
        raise TypeError(f"{_prefix(cls_name)}the '{name}' must be of type [{names}], "
                        f"but got {value!r} of type {type(value).__name__}")
    return value


def check_float(value, name, cls_name=None, low=None, low_inclusive=True, high=None, high_inclusive=True):
    """Accept a float (ints are converted), optionally bounded; returns the float."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    check_type(value, name, float, cls_name)
    _check_range(value, name, cls_name, low, low_inclusive, high, high_inclusive)
    return value


def check_strict_float(value, name, cls_name=None, low=None, low_inclusive=True, high=None, high_inclusive=True):
    """Accept only a Python float (MindSpore's ``check_is_float``)."""
    check_type(value, name, float, cls_name)
    _check_range(value, name, cls_name, low, low_inclusive, high, high_inclusive)
    return value


def check_is_float(value, name, owner):
    """Reject anything but a Python float with the wording of MindSpore's learning-rate helpers
    (``owner`` is the class or function name they spell out, not ``cls_name``)."""
    if not isinstance(value, float):
        raise TypeError(f"For '{owner}', the argument '{name}' must be type of float, "
                        f"but got '{name}' type: {type(value)}.")
    return value


def check_int(value, name, cls_name=None, low=None, low_inclusive=True):
    check_type(value, name, int, cls_name)
    _check_range(value, name, cls_name, low, low_inclusive, None, True)
    return value


def check_bool(value, name, cls_name=None):
    if not isinstance(value, bool):
        raise TypeError(f"{_prefix(cls_name)}the '{name}' must be a bool, but got {value!r}")
    return value


def _check_range(value, name, cls_name, low, low_inclusive, high, high_inclusive):
    bad_low = low is not None and (value < low if low_inclusive else value <= low)
    bad_high = high is not None and (value > high if high_inclusive else value >= high)
    if bad_low or bad_high:
        lo = "" if low is None else ("[" if low_inclusive else "(") + f"{low}"
        hi = "" if high is None else f"{high}" + ("]" if high_inclusive else ")")
        if high is None:
            rng = f"{'>=' if low_inclusive else '>'} {low}"
        elif low is None:
            rng = f"{'<=' if high_inclusive else '<'} {high}"
        else:
            rng = f"in range {lo}, {hi}"
        raise ValueError(f"{_prefix(cls_name)}the '{name}' must be {rng}, but got {value}")
