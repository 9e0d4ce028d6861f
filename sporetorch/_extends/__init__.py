"""``mindspore._extends``: ``cell_attr_register``, the decorator MindSpore's built-in cells put on
``__init__`` to record their construction arguments (``cell.cell_init_args``)."""
import functools
import inspect

__all__ = ["cell_attr_register"]


def cell_attr_register(fn=None, attrs=None):
    """Decorate a Cell's ``__init__`` so that it sets ``cell_init_args`` to the class name and the
    arguments (all of them, or the attributes named by ``attrs``, a str or a list of str).

    Usable bare (``@cell_attr_register``) or with ``attrs`` (``@cell_attr_register(attrs=[...])``).
    """
    if attrs is not None and not isinstance(attrs, (list, str)):
        raise ValueError("attrs must be list or string")

    def wrap_cell(init):
        @functools.wraps(init)
        def deco(self, *args, **kwargs):
            arguments = []
            if attrs is None:
                bound = inspect.signature(init).bind(self, *args, **kwargs).arguments
                del bound["self"]
                arguments = bound.values()
            init(self, *args, **kwargs)
            if isinstance(attrs, list):
                for item in attrs:
                    if not isinstance(item, str):
                        raise ValueError("attr must be a string")
                    if hasattr(self, item):
                        arguments.append(getattr(self, item))
            elif isinstance(attrs, str) and hasattr(self, attrs):
                arguments = getattr(self, attrs)
            self.cell_init_args = type(self).__name__ + str(arguments)
        return deco

    if fn is not None:
        return wrap_cell(fn)
    return wrap_cell
