"""``mindspore._c_expression``: names of MindSpore's C++ extension that model zoos import.

Off Ascend these answer as MindSpore 2.10 does on CPU (``MSContext.get_ascend_soc_version()`` is
``""``); the runtime switches (``disable_multi_thread``, memory recycling, framework profiler
steps) are accepted and do nothing; ``Tensor``/``TensorPy`` are :class:`sporetorch.Tensor`.
"""
from ..common.parameter import Parameter as _Parameter
from ..common.tensor import Tensor
from ..nn.cell import Cell as Cell_
from . import amp, typing  # noqa: F401

TensorPy = Tensor
__all__ = []


class MSContext:
    """The context singleton: ``get_instance()``, ``get_param``/``set_param`` over
    ``mindspore.get_context``/``set_context``, and the Ascend queries (no Ascend here)."""

    _instance = None

    @classmethod
    def get_instance(cls):
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def get_ascend_soc_version(self):
        return ""

    def ascend_soc_supports_feature(self, feature):
        return False

    def is_ascend_plugin_loaded(self):
        return False

    def is_pkg_support_device(self):
        return True

    def get_param(self, param):
        from ..context import get_context
        return get_context(getattr(param, "name", param))

    def set_param(self, param, value):
        from ..context import set_context
        set_context(**{getattr(param, "name", param): value})


class ParamInfo:
    """A Parameter's C++ side record: name, trainability and the layer it belongs to."""

    def __init__(self):
        self.name = None
        self.requires_grad = True
        self.layerwise_parallel = False
        self.parallel_optimizer = True


def _empty_instance(cls):
    """An instance of ``cls`` without running ``__init__``."""
    return cls.__new__(cls)


def disable_multi_thread():
    """Accepted; torch's intra-op threads are set with ``torch.set_num_threads``."""


def _ms_memory_recycle():
    """Accepted; the torch caching allocator frees memory itself."""


def _framework_profiler_step_start():
    """Accepted; profiling steps are the profiler's."""


def _framework_profiler_step_end():
    """Accepted; profiling steps are the profiler's."""


del _Parameter
