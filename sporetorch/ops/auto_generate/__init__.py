"""``mindspore.ops.auto_generate``: the Primitive classes (``gen_ops_prim``, ``pyboost_inner_prim``) and functions
(``gen_ops_def``, ``gen_extend_func``) MindSpore 2.10 generates from its op listing, built here from the
signatures MindSpore reports around sporetorch's single implementations (see ``_generated``). The package's
own names (its re-exports of the four modules) resolve through the module tree.
"""

__all__ = []  # as MindSpore's: ``from mindspore.ops.auto_generate import *`` imports nothing
