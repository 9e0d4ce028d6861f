"""``Symbol``: a symbolic dimension for dynamic-shape inputs (``Tensor(shape=[Symbol(...), 3])``) and
``flops_collection``.

sporetorch's ``jit`` lets torch.compile discover dynamic dimensions itself, so a Symbol only carries
MindSpore's constraints (``max``, ``min``, ``divisor``, ``remainder``, ``unique``) and reports them with
``to_dict``, with MindSpore 2.10's checks and omissions.
"""

__all__ = ["Symbol", "flops_collection"]


class Symbol:
    """A dimension of the form ``divisor * N + remainder`` within ``[min, max]`` (``max=0``: unbounded).

    Args:
        max (int): upper bound, 0 for none. Default: 0.
        min (int): positive lower bound. Default: 1.
        divisor (int): positive step. Default: 1.
        remainder (int): in ``[0, divisor)``. Default: 0.
        unique (bool): this symbol names one dimension only (equal sizes elsewhere are other symbols).
    """

    def __init__(self, max=0, min=1, divisor=1, remainder=0, unique=False, **kwargs):  # noqa: A002 - MindSpore's names
        for name, value, kind in (("max", max, int), ("min", min, int), ("divisor", divisor, int),
                                  ("remainder", remainder, int), ("unique", unique, bool)):
            if not isinstance(value, kind):
                raise TypeError(f"For 'Symbol', the argument '{name}' must be {kind.__name__}, but got {type(value)}")
        if min <= 0:
            raise ValueError(f"For 'Symbol', the 'min' value should be positive, but got {min}")
        if divisor <= 0:
            raise ValueError(f"For 'Symbol', the 'divisor' value should be positive, but got {divisor}")
        if not 0 <= remainder < divisor:
            raise ValueError(f"For 'Symbol', the 'remainder' value should be in the range '[0, {divisor})', but got "
                             f"{remainder}")
        self.max, self.min, self.divisor, self.remainder, self.unique = max, min, divisor, remainder, unique
        self.id = id(self)

    def to_dict(self):
        """The constraints that say something: ``max`` above ``min``, ``min`` above the smallest value
        ``divisor + remainder`` allows, a divisor other than 1, a remainder other than 0, the id if unique."""
        out = {}
        if self.max > self.min:
            out["max"] = self.max
        if self.min > self.divisor + self.remainder:
            out["min"] = self.min
        if self.divisor != 1:
            out["divisor"] = self.divisor
        if self.remainder != 0:
            out["remainder"] = self.remainder
        if self.unique:
            out["id"] = self.id
        return out

    def __str__(self):
        return str(self.to_dict())


def flops_collection(phase="train"):
    """The floating-point operation counts of MindSpore's compiled graph for ``phase``. sporetorch has no
    MindSpore graph to count; MindSpore 2.10 raises on CPU too ("The pointer[graph] is null"). Count a step
    with ``torch.utils.flop_counter.FlopCounterMode`` around a call on ``Tensor.to_torch()`` data instead."""
    raise RuntimeError("flops_collection counts the operations of a graph compiled by MindSpore, which sporetorch "
                       "does not have (MindSpore 2.10 raises on CPU too); use torch.utils.flop_counter.")
