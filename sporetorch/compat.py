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

MindSpore's whole module tree: a ``mindspore.*`` path that sporetorch has no file for is built from
the stored list of MindSpore 2.10's modules and names (``sporetorch._module_tree``), and a sporetorch
module gets the names MindSpore's module of that path holds and it lacks. To importlib and packaging
tools the alias is a package: ``mindspore.__spec__``/``find_spec("mindspore")`` work, and
``importlib.metadata.version("mindspore")`` is MindSpore's version while the alias is active.
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import sys
import types

from . import _module_tree

MINDSPORE_VERSION = "2.10.0"
SHIM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_spawn")

_ALIAS = "mindspore"
_REAL = "sporetorch"


class _MindSporeModule(types.ModuleType):
    """The top-level ``mindspore``: sporetorch's attributes under MindSpore's name and version."""

    def __getattr__(self, name):
        try:
            return getattr(sys.modules[_REAL], name)
        except AttributeError:
            if name.startswith("__") and name.endswith("__"):
                raise
        # A name MindSpore 2.10 has at top level and sporetorch lacks (AttributeError if MindSpore lacks it).
        value = _module_tree.resolve(_ALIAS, name)
        super().__setattr__(name, value)
        return value

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
    module.__spec__ = importlib.machinery.ModuleSpec(_ALIAS, _AliasLoader(_REAL), origin=real.__file__,
                                                     is_package=True)
    module.__spec__.submodule_search_locations = list(real.__path__)
    module.__spec__.has_location = True
    module.__loader__ = module.__spec__.loader
    return module


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, real_name):
        self.real_name = real_name

    def create_module(self, spec):
        if self.real_name == _REAL:
            return _top_module()
        module = importlib.import_module(self.real_name)
        _module_tree.install_hook(module, spec.name)
        return module

    def exec_module(self, module):
        pass


class _TreeLoader(importlib.abc.Loader):
    """A module of MindSpore's tree that sporetorch has no file for."""

    def create_module(self, spec):
        return _module_tree.make_tree_module(spec.name)

    def exec_module(self, module):
        pass


class _MindSporeDistribution(importlib.metadata.Distribution):
    """``importlib.metadata`` sees MindSpore 2.10 while the alias is active (nothing is installed)."""

    def read_text(self, filename):
        if filename == "METADATA":
            return (f"Metadata-Version: 2.1\nName: mindspore\nVersion: {MINDSPORE_VERSION}\n"
                    "Summary: MindSpore 2.10's API, provided by sporetorch on PyTorch\n")
        return None

    def locate_file(self, path):
        return os.path.join(os.path.dirname(SHIM_DIR), str(path))


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Map ``mindspore.x.y`` to ``sporetorch.x.y``, or to a module built from MindSpore's stored tree."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _ALIAS and not fullname.startswith(_ALIAS + "."):
            return None
        real = _REAL + fullname[len(_ALIAS):]
        try:
            spec = importlib.util.find_spec(real)
        except (ImportError, ValueError):  # a parent package sporetorch does not have
            spec = None
        if spec is not None:
            return importlib.util.spec_from_loader(fullname, _AliasLoader(real), origin=spec.origin,
                                                   is_package=spec.submodule_search_locations is not None)
        entry = _module_tree.entry(fullname)
        if entry is None:
            return None
        return importlib.util.spec_from_loader(fullname, _TreeLoader(), is_package=entry["pkg"])

    def find_distributions(self, context=None):
        name = None if context is None else context.name
        if name is None or name.lower().replace("_", "-") == _ALIAS:
            yield _MindSporeDistribution()


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
        if name.startswith(_REAL + ".") and module is not None:
            alias = _ALIAS + name[len(_REAL):]
            sys.modules.setdefault(alias, module)
            if sys.modules[alias] is module:
                _module_tree.install_hook(module, alias)
    _import_as_mindspore_does()
    _export_to_children()
    return top


def _import_as_mindspore_does():
    """Modules MindSpore's own ``import mindspore`` imports, which user code reaches as attributes
    (mindformers uses ``PIL.Image`` after ``import PIL``)."""
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        pass
