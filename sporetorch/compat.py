"""Run MindSpore code unchanged: make ``import mindspore`` resolve to sporetorch.

``alias_as_mindspore()`` registers ``sporetorch`` and all its submodules under the
``mindspore`` name in ``sys.modules`` for the current process only, and installs a
finder so that submodules imported later (``mindspore.nn.probability``...) resolve
to the sporetorch module of the same path.
"""
import importlib
import importlib.abc
import importlib.util
import sys

_ALIAS = "mindspore"
_REAL = "sporetorch"


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, real_name):
        self.real_name = real_name

    def create_module(self, spec):
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


def alias_as_mindspore():
    """Make ``import mindspore`` (and its submodules) import sporetorch in this process."""
    import sporetorch
    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())
    sys.modules[_ALIAS] = sporetorch
    for name, module in list(sys.modules.items()):
        if name.startswith(_REAL + "."):
            sys.modules.setdefault(_ALIAS + name[len(_REAL):], module)
    return sporetorch
