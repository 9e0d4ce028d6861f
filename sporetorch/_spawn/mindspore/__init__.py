"""Only on the path of processes started by an aliased one (see ``sporetorch.compat``).

A child started with ``spawn`` or ``forkserver`` is a fresh interpreter: the parent's
``sys.modules`` alias is gone. ``alias_as_mindspore()`` puts this folder on the child's
path, so its first ``import mindspore`` lands here, aliases sporetorch in the child too,
and leaves the alias in ``sys.modules``, which the import statement then returns.
"""
from sporetorch.compat import alias_as_mindspore

alias_as_mindspore()
