"""MindSpore 2.10's ``deprecated`` decorator: warns once per name and version that an API is deprecated."""
from functools import wraps

from .. import log

DEPRECATE_SET = set()


def deprecated(version, substitute, use_substitute_name=False, module_prefix=""):
    """Decorate a function or method so that its first call logs a deprecation warning.

    Args:
        version (str): the version from which it is deprecated.
        substitute (str): what to use instead; None or "" leaves the suggestion out.
        use_substitute_name (bool): set ``substitute_name`` on the instance's class.
        module_prefix (str): prefix of the name in the message, such as 'mindspore.'.
    """
    def decorate(func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            cls = getattr(args[0], "__class__", None) if args else None
            qualname = getattr(func, "__qualname__", "") or ""
            if qualname.startswith(("Tensor.", "COOTensor.", "CSRTensor.")):
                name = qualname
            elif "." in qualname:
                name = cls.__name__ if cls else func.__name__
            else:
                name = func.__name__
            if name + version not in DEPRECATE_SET:
                base_msg = f"'{module_prefix}{name}' is deprecated from version {version} and will be removed in a " \
                           "future version"
                log.warning(f"{base_msg}, use '{substitute}' instead." if substitute else f"{base_msg}.")
                DEPRECATE_SET.add(name + version)
            if cls and use_substitute_name and substitute:
                cls.substitute_name = substitute
            return func(*args, **kwargs)
        return wrapper
    return decorate
