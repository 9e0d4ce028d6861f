"""``mindspore._c_expression.typing``: the dtype classes (``Type`` is the base of every dtype)."""
from ..common.dtype import Type  # noqa: F401
from ..common import dtype as _dtype

__all__ = []

for _name in ("Bool", "Int", "UInt", "Float", "BFloat", "Complex", "Number", "TensorType", "String", "List", "Tuple",
              "TypeNone", "Function", "Dict"):
    if hasattr(_dtype, _name):
        globals()[_name] = getattr(_dtype, _name)
del _name
