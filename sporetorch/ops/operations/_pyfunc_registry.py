"""Registry of Python functions by id (``mindspore.ops.operations._pyfunc_registry``), which MindSpore 2.10's
PyFunc CPU kernel looks functions up in."""
from collections import UserDict

__all__ = ["CustomPyFuncRegistry", "add_pyfunc", "get_pyfunc"]


class _FuncDict(UserDict):
    def register(self, key, value):
        self[key] = value

    def get(self, key):
        if key not in self:
            raise ValueError(f"Python function with key{key} not registered.")
        return self[key]


class CustomPyFuncRegistry:
    """Singleton registry: function id -> Python function (``instance()`` gives the shared one)."""

    def __init__(self):
        self._func_dict = _FuncDict()

    @classmethod
    def instance(cls):
        """The shared registry."""
        if not hasattr(CustomPyFuncRegistry, "_instance"):
            CustomPyFuncRegistry._instance = CustomPyFuncRegistry()
        return CustomPyFuncRegistry._instance

    def register(self, fn_id, fn):
        """Registers ``fn`` under ``fn_id``."""
        self._func_dict.register(fn_id, fn)

    def get(self, fn_id):
        """The function registered under ``fn_id``; ValueError when there is none."""
        return self._func_dict.get(fn_id)


def add_pyfunc(fn_id, fn):
    """Registers ``fn`` under ``fn_id`` in the shared registry."""
    CustomPyFuncRegistry.instance().register(fn_id, fn)


def get_pyfunc(fn_id):
    """The function registered under ``fn_id`` in the shared registry."""
    return CustomPyFuncRegistry.instance().get(fn_id)
