"""``mindspore._checkparam``: the argument checks MindSpore's own layers use, which model zoos
import (``from mindspore import _checkparam as validator``; ``validator.check_positive_int(x)``).

Each check returns the value when it passes and raises MindSpore 2.10's TypeError/ValueError, with
its message, when it does not. ``bool`` is not accepted where an int or float is asked for.
"""
import re

__all__ = []  # semi-private: reached as a module, as in MindSpore

EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
IN, NOT_IN = 11, 12

_REL_TEXT = {EQ: "=", NE: "!=", LT: "<", LE: "<=", GT: ">", GE: ">="}
_REL_FN = {EQ: lambda a, b: a == b, NE: lambda a, b: a != b, LT: lambda a, b: a < b, LE: lambda a, b: a <= b,
           GT: lambda a, b: a > b, GE: lambda a, b: a >= b}
_RANGE = {INC_NEITHER: ("(", ")", lambda v, lo, hi: lo < v < hi), INC_LEFT: ("[", ")", lambda v, lo, hi: lo <= v < hi),
          INC_RIGHT: ("(", "]", lambda v, lo, hi: lo < v <= hi), INC_BOTH: ("[", "]", lambda v, lo, hi: lo <= v <= hi)}


def _prefix(prim_name, arg_name, capital):
    """MindSpore's ``For 'Op', the 'x'`` / ``The 'x'`` / ``The input value`` message head."""
    what = f"'{arg_name}'" if arg_name else "input value"
    if prim_name:
        return f"For '{prim_name}', the {what}"
    return f"{'The' if capital else 'the'} {what}"


def _check_number(arg_value, value, rel, kind, arg_name, prim_name):
    """An int (``kind=int``) or float compared with ``value`` by ``rel``."""
    type_name = kind.__name__
    if isinstance(arg_value, bool):
        raise TypeError(f"{_prefix(prim_name, arg_name, True)} must be {type_name} and must {_REL_TEXT[rel]} "
                        f"{value}, but got '{arg_value}' with type 'bool'.")
    if not isinstance(arg_value, kind):
        raise TypeError(f"{_prefix(prim_name, arg_name, True)} must be {type_name}, but got "
                        f"'{type(arg_value).__name__}'")
    if not _REL_FN[rel](arg_value, value):
        raise ValueError(f"{_prefix(prim_name, arg_name, True)} must be {type_name} and must {_REL_TEXT[rel]} "
                         f"{value}, but got '{arg_value}' with type '{type(arg_value).__name__}'.")
    return arg_value


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is an int with ``arg_value <rel> value``."""
    return _check_number(arg_value, value, rel, int, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is a float with ``arg_value <rel> value``."""
    return _check_number(arg_value, value, rel, float, arg_name, prim_name)


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, EQ, int, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, int, arg_name, prim_name)


def check_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, int, arg_name, prim_name)


def check_non_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, int, arg_name, prim_name)


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, int, arg_name, prim_name)


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, float, arg_name, prim_name)


def check_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, float, arg_name, prim_name)


def check_non_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, float, arg_name, prim_name)


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, float, arg_name, prim_name)


def _check_sequence(sequence, arg_name, prim_name, check):
    for i, v in enumerate(sequence):
        check(v, f"{arg_name}[{i}]", prim_name)
    return sequence


def check_positive_int_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, arg_name, prim_name, check_positive_int)


def check_positive_float_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, arg_name, prim_name, check_positive_float)


def check_non_negative_int_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, arg_name, prim_name, check_non_negative_int)


def check_is_int(arg_value, arg_name=None, prim_name=None):
    """``arg_value`` is an int (not a bool)."""
    if isinstance(arg_value, bool) or not isinstance(arg_value, int):
        raise TypeError(f"{_type_head(arg_name, prim_name)} must be 'int', but got '{type(arg_value).__name__}'.")
    return arg_value


def check_is_float(arg_value, arg_name=None, prim_name=None):
    """``arg_value`` is a float."""
    if not isinstance(arg_value, float):
        raise TypeError(f"{_type_head(arg_name, prim_name)} must be 'float', but got '{type(arg_value).__name__}'.")
    return arg_value


def check_is_number(arg_value, arg_type, arg_name=None, prim_name=None):
    """``arg_value`` is an int or float (not a bool)."""
    if isinstance(arg_value, bool) or not isinstance(arg_value, (int, float)):
        raise TypeError(f"{_type_head(arg_name, prim_name)} must be 'int' or 'float', but got "
                        f"'{type(arg_value).__name__}'.")
    return arg_value


def _type_head(arg_name, prim_name):
    what = f"the type of '{arg_name}'" if arg_name else "the type of input value"
    return f"For '{prim_name}', {what}" if prim_name else what[0].upper() + what[1:]


def _check_range(arg_value, lower_limit, upper_limit, rel, kind, arg_name, prim_name):
    head = _prefix(prim_name, arg_name, True)
    if isinstance(arg_value, bool) or not isinstance(arg_value, kind):
        names = kind.__name__ if isinstance(kind, type) else "' or '".join(k.__name__ for k in kind)
        raise TypeError(f"{head} must be '{names}',  but got '{type(arg_value).__name__}'.")
    left, right, ok = _RANGE[rel]
    if not ok(arg_value, lower_limit, upper_limit):
        raise ValueError(f"{head} must be in range of {left}{lower_limit}, {upper_limit}{right}, but got "
                         f"{arg_value} with type '{type(arg_value).__name__}'.")
    return arg_value


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """An int inside the range ``rel`` (``INC_NEITHER``, ``INC_LEFT``, ``INC_RIGHT``, ``INC_BOTH``)."""
    return _check_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """A float inside the range ``rel``."""
    return _check_range(arg_value, lower_limit, upper_limit, rel, float, arg_name, prim_name)


def check_number_range(arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None, prim_name=None):
    """A ``value_type`` number inside the range ``rel``."""
    return _check_range(arg_value, lower_limit, upper_limit, rel, value_type, arg_name, prim_name)


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """``arg_value <rel> value``, or ``excp_cls``."""
    if rel in (IN, NOT_IN):
        ok = (arg_value in value) == (rel == IN)
        text = "in" if rel == IN else "not in"
    else:
        ok, text = _REL_FN[rel](arg_value, value), _REL_TEXT[rel]
    if not ok:
        subject = arg_name if " " in arg_name else f"'{arg_name}'"  # MindSpore quotes one-word names only
        head = f"For '{prim_name}', the {subject}" if prim_name else f"The {subject}"
        raise excp_cls(f"{head} should be {text} {value_name}: {value}, but got {arg_value}.")
    return arg_value


def check_number(arg_name, arg_value, value, rel, prim_name):
    """``arg_value <rel> value`` for numbers."""
    fn = _REL_FN.get(rel)
    if fn is None or not fn(arg_value, value):
        rel_str = f"{_REL_TEXT[rel]} {value}" if fn is not None else ""
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' must {rel_str}, but got {arg_value}.")
    return arg_value


def check_bool(arg_value, arg_name=None, prim_name=None):
    """``arg_value`` is a bool."""
    if not isinstance(arg_value, bool):
        raise TypeError(f"{_prefix(prim_name, arg_name, True)} must be a bool, but got {type(arg_value).__name__}.")
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    """``arg_value`` is a str among ``valid_values``."""
    if isinstance(arg_value, str) and arg_value in valid_values:
        return arg_value
    raise ValueError(f"{_prefix(prim_name, arg_name, True)} must be str and must be in '{list(valid_values)}', "
                     f"but got '{arg_value}'.")


def check_str_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    """``target`` matches ``reg`` (default: a word character, then letters, digits, '_' or '.')."""
    if reg is None:
        reg = r"^\w+[0-9a-zA-Z\_\.]*$"
    if re.match(reg, target, flag) is None:
        head = f"For '{prim_name}', the" if prim_name else "The"
        raise ValueError(f"{head} '{target}' is illegal, it must be match regular'{reg}' by flags'{flag}.'")
    return True


def check_file_name_by_regular(target, reg=None, prim_name=None):
    """``target`` is a file name made of letters, digits, '_', '-', '.', '/' and ':'."""
    if not isinstance(target, str):
        raise ValueError(f"Args file_name {target} must be string, please check it")
    if target.endswith("\\") or target.endswith("/"):
        raise ValueError(f"File name cannot be a directory path: {target}")
    if reg is None:
        reg = r"^[0-9a-zA-Z@\_\-\.\:\/\\]+$"
    if re.match(reg, target, 0) is None:
        raise ValueError(f"'{target}' is illegal, it must be match regular '{reg}'.")
    return True


def _type_names(valid_types):
    return [t.__name__ if isinstance(t, type) else str(t) for t in valid_types]


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` is an instance of one of ``valid_types`` (a bool is not an int unless bool is listed)."""
    valid = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    ok = isinstance(arg_value, valid) and not (isinstance(arg_value, bool) and bool not in valid)
    if not ok:
        names = _type_names(valid)
        kinds = f"'{names[0]}'" if len(names) == 1 else f"one of '{names}'"
        head = f"For '{prim_name}', the type of '{arg_name}'" if prim_name else f"The type of '{arg_name}'"
        raise TypeError(f"{head} should be {kinds}, but got type '{type(arg_value).__name__}'.")
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    """``isinstance(arg_value, classes)``, or MindSpore's ValueError."""
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got {arg_value}.")
    return arg_value


_HW_NOTE = ("The supported data types depend on the hardware that executes the operator, for more details, please "
            "refer to the MindSpore official website to get more information about the data type.")


def _dtype_list(types):
    return ", ".join(str(t) for t in types)


def check_subclass(arg_name, type_, template_types, prim_name, addition_error_info=None):
    """The dtype ``type_`` is one of ``template_types``."""
    types = template_types if isinstance(template_types, (list, tuple)) else (template_types,)
    if type_ not in types:
        raise TypeError(f"For '{prim_name}', the element of '{arg_name}' must be one of {_dtype_list(types)}, "
                        f"but got {type_}.{addition_error_info or _HW_NOTE}")
    return type_


def check_type_name(arg_name, arg_type, valid_types, prim_name):
    """The dtype ``arg_type`` is one of ``valid_types``."""
    if arg_type not in valid_types:
        want = str(valid_types[0]) if len(valid_types) == 1 else f"one of {_dtype_list(valid_types)}"
        raise TypeError(f"For '{prim_name}', the '{arg_name}' should be {want}, but got '{arg_type!r}'.")
    return arg_type


def check_tensor_dtype_valid(arg_name, arg_type, valid_dtypes, prim_name):
    """The Tensor dtype ``arg_type`` is one of ``valid_dtypes``."""
    if arg_type not in valid_dtypes:
        want = ", ".join(f"Tensor[{t}]" for t in valid_dtypes)
        want = want if len(valid_dtypes) == 1 else f"one of {want}"
        raise TypeError(f"For '{prim_name}', the element of '{arg_name}' must be {want}, but got {arg_type}.{_HW_NOTE}")
    return arg_type


def check_types_same_and_valid(args, valid_values, prim_name):
    """Every dtype in the dict ``args`` is valid and all are the same."""
    for name, dtype in args.items():
        check_tensor_dtype_valid(name, dtype, valid_values, prim_name)
    if len(set(args.values())) > 1:
        raise TypeError(f"For '{prim_name}', the dtypes of {list(args)} must be the same, but got "
                        f"{[str(v) for v in args.values()]}.")


def check_valid_input(arg_name, arg_value, prim_name):
    """``arg_value`` is not None."""
    if arg_value is None:
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}'can not be None, but got {arg_value}.")
    return arg_value


def check_axis_in_range(axis, ndim):
    """``-ndim <= axis < ndim``; returns ``axis % ndim``."""
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"The axis argument should be integer, but got {type(axis).__name__}.")
    if not -ndim <= axis < ndim:
        raise ValueError(f"The 'axis' must be in the range of [-{ndim}, {ndim}), but got {axis}.")
    return axis % ndim


def check_element_type_of_iterable(arg_name, arg_value, valid_types, prim_name=None):
    """Every element of the list/tuple ``arg_value`` is one of ``valid_types``."""
    check_value_type(arg_name, arg_value, [tuple, list], prim_name)
    for element in arg_value:
        check_value_type(f"element of '{arg_name}'", element, valid_types, prim_name)


def check_element_type_of_dict(arg_name, arg_value, key_types, value_types, prim_name=None):
    """The keys and values of the dict ``arg_value`` have the given types."""
    check_value_type(arg_name, arg_value, [dict], prim_name)
    for key, value in arg_value.items():
        check_value_type(f"key of '{arg_name}'", key, key_types, prim_name)
        check_value_type(f"value of '{arg_name}'", value, value_types, prim_name)


def _expand(n):
    def expand(m):
        if isinstance(m, int) and not isinstance(m, bool):
            return (m,) * n
        return tuple(m)
    return expand


once, twice, triple = _expand(1), _expand(2), _expand(3)


def args_type_check(*type_args, **type_kwargs):
    """Decorator checking the types of a function's arguments (mindformers decorates its configs with it).

    ``@args_type_check(recompute=(bool, dict))``: calling with ``recompute=1`` raises
    ``TypeError: The parameter 'recompute' must be (<class 'bool'>, <class 'dict'>), but got <class 'int'>``.
    None always passes. Arguments gathered in ``**kwargs`` are checked by their own names.
    """
    import functools
    import inspect

    def type_check(func):
        sig = inspect.signature(func)
        bound_types = sig.bind_partial(*type_args, **type_kwargs).arguments

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            nonlocal bound_types
            arguments = sig.bind(*args, **kwargs).arguments
            if "kwargs" in bound_types:
                bound_types = bound_types["kwargs"]
            if "kwargs" in arguments:
                arguments = arguments["kwargs"]
            for name, value in arguments.items():
                if name in bound_types and value is not None and not isinstance(value, bound_types[name]):
                    raise TypeError(f"The parameter '{name}' must be {bound_types[name]}, but got {type(value)}")
            return func(*args, **kwargs)
        return wrapper
    return type_check
