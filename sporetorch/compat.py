"""Run MindSpore code unchanged: make ``import mindspore`` resolve to sporetorch.

``alias_as_mindspore()`` registers a ``mindspore`` module and all sporetorch submodules
under ``mindspore.*`` in ``sys.modules`` for the current process, and installs a finder
so that submodules imported later (``mindspore.nn.probability``...) resolve to the
sporetorch module of the same path. The top-level ``mindspore`` is a thin module that
reads every attribute from ``sporetorch`` except its identity: ``mindspore.__version__``
is the MindSpore version sporetorch implements (user code branches on it), while
``sporetorch.__version__`` stays the package's own. Submodules are shared objects.

Child processes: the alias also puts a private folder holding a ``mindspore`` shim
package on ``sys.path`` and on ``PYTHONPATH``. A child started by ``fork`` inherits
``sys.modules``; one started by ``spawn``/``forkserver`` (multiprocessing,
``concurrent.futures``, DataLoader workers, ``subprocess`` running Python) finds the
shim on its path, and the shim aliases sporetorch there. The folder is never on the path
of a process that did not ask for the alias.
"""
import importlib
import importlib.abc
import importlib.util
import os
import sys
import types

MINDSPORE_VERSION = "2.10.0"
SHIM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_spawn")

_ALIAS = "mindspore"
_REAL = "sporetorch"


class _MindSporeModule(types.ModuleType):
    """The top-level ``mindspore``: sporetorch's attributes under MindSpore's name and version."""

    def __getattr__(self, name):
        return getattr(sys.modules[_REAL], name)

    def __setattr__(self, name, value):
        # ``mindspore.x = ...`` in user code changes what every ``mindspore``/``sporetorch`` user sees.
        if name.startswith("__") and name.endswith("__"):
            super().__setattr__(name, value)
        else:
            setattr(sys.modules[_REAL], name, value)

    def __dir__(self):
        return sorted(set(dir(sys.modules[_REAL])) | set(self.__dict__))


def _make_top_module(real):
    module = _MindSporeModule(_ALIAS, real.__doc__)
    module.__file__ = real.__file__
    module.__path__ = list(real.__path__)
    module.__version__ = MINDSPORE_VERSION
    module.__all__ = getattr(real, "__all__", None) or [n for n in vars(real) if not n.startswith("_")]
    return module


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, real_name):
        self.real_name = real_name

    def create_module(self, spec):
        if self.real_name == _REAL:
            return _top_module()
        return importlib.import_module(self.real_name)

    def exec_module(self, module):
        pass


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Map ``mindspore.x.y`` to ``sporetorch.x.y``."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _ALIAS and not fullname.startswith(_ALIAS + "."):
            return None
        real = _REAL + fullname[len(_ALIAS):]
        if importlib.util.find_spec(real) is None:
            return None
        return importlib.util.spec_from_loader(fullname, _AliasLoader(real))


_state = {"top": None}


def _top_module():
    if _state["top"] is None:
        _state["top"] = _make_top_module(importlib.import_module(_REAL))
    return _state["top"]


def _export_to_children():
    """Put the shim folder first on ``sys.path`` (multiprocessing's spawn copies the parent's
    path into the child) and on ``PYTHONPATH`` (any other Python the process starts)."""
    if SHIM_DIR not in sys.path:
        sys.path.insert(0, SHIM_DIR)
    parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if SHIM_DIR not in parts:
        os.environ["PYTHONPATH"] = os.pathsep.join([SHIM_DIR, *parts])


def alias_as_mindspore():
    """Make ``import mindspore`` (and its submodules) import sporetorch in this process and in
    every Python process it starts. Returns the ``mindspore`` module."""
    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())
    top = _top_module()
    sys.modules[_ALIAS] = top
    for name, module in list(sys.modules.items()):
        if name.startswith(_REAL + "."):
            sys.modules.setdefault(_ALIAS + name[len(_REAL):], module)
    _export_to_children()
    return top
