"""``mindspore.ops.auto_generate.pyboost_inner_prim``: MindSpore 2.10's ``_PyboostXPrim`` classes and their
instances (``rms_norm_impl = _PyboostRmsNormPrim()``). Each runs the ``gen_ops_prim`` class ``X`` with its
constructor attributes passed as trailing inputs: ``_PyboostRmsNormPrim()(x, gamma, epsilon)`` is
``RmsNorm(epsilon)(x, gamma)`` (``_generated.make_pyboost_class``).
"""
from . import _generated

_MODULE = "pyboost_inner_prim"


def __getattr__(name):
    key = f"{_MODULE}.{name}"
    if key not in _generated.signatures() or not name.startswith("_Pyboost") or not name.endswith("Prim"):
        raise AttributeError(f"module '{__name__}' has no attribute '{name}'")
    base = name[len("_Pyboost"):-len("Prim")]
    cls = _generated.lookup("gen_ops_prim", base) if f"gen_ops_prim.{base}" in _generated.signatures() else None
    built = _generated.make_pyboost_class(name, cls, f"gen_ops_prim.{base}") if cls is not None else None
    if built is None:
        raise AttributeError(f"module '{__name__}' has no attribute '{name}'")
    globals()[name] = built
    return built
