"""``mindspore.ops.auto_generate.pyboost_inner_prim``: MindSpore 2.10's ``_PyboostXPrim`` classes and their
instances (``rms_norm_impl = _PyboostRmsNormPrim()``). Each runs the ``gen_ops_prim`` class ``X`` with its
constructor attributes passed as trailing inputs: ``_PyboostRmsNormPrim()(x, gamma, epsilon)`` is
``RmsNorm(epsilon)(x, gamma)`` (``_generated.make_pyboost_class``).
"""
from . import _generated

_MODULE = "pyboost_inner_prim"
__all__ = _generated.public_names(_MODULE)


def __getattr__(name):
    key = f"{_MODULE}.{name}"
    built = None
    if key in _generated.signatures() and name.startswith("_Pyboost") and name.endswith("Prim"):
        base = name[len("_Pyboost"):-len("Prim")]
        cls = _generated.lookup("gen_ops_prim", base) if f"gen_ops_prim.{base}" in _generated.signatures() else None
        built = _generated.make_pyboost_class(name, cls, f"gen_ops_prim.{base}") if cls is not None else None
    if built is None:
        return _generated.from_tree(__name__, _MODULE, name)
    globals()[name] = built
    return built
