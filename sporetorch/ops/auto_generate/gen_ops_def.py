"""``mindspore.ops.auto_generate.gen_ops_def``: MindSpore 2.10's generated functions (``add_ext``, ``sum_ext``).

A function here calls the Primitive class it calls in MindSpore (``add_ext`` runs ``gen_ops_prim.AddExt``),
its parameters matched by name to the class's constructor and call parameters
(``_generated.make_function``). Functions sporetorch already has under their public name (``gen_ops_def.abs``
is ``ops.abs``) resolve to those through the module tree, as do the names MindSpore's CPU build cannot
run (placeholders that say so when called).
"""
from . import _generated

_MODULE = "gen_ops_def"
__all__ = _generated.public_names(_MODULE)


def __getattr__(name):
    return _generated.function_attribute(__name__, _MODULE, name, globals())
