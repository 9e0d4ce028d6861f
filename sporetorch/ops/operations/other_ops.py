"""Primitive classes with side effects or control roles: Assign, AssignAdd, Depend, Print, ...

``Assign``/``AssignAdd``/``AssignSub`` (and ``ops.assign``/``ops.assign_add``/``ops.assign_sub``)
update a Parameter inside ``construct``. The update goes through ``Tensor`` in-place
machinery (``common._inplace._set``): while autograd records, the Parameter is rebound
to the new value instead of overwriting memory that backward may still need, so an
update (a BatchNorm statistic, a counter) never breaks the gradient of the rest of the graph.
"""
import torch

from ...common.tensor import Tensor, _wrap
from ...common._inplace import _set
from ..function.scalar_func import print_
from ..primitive import Primitive, prim_attr_register

__all__ = ["Assign", "AssignAdd", "AssignSub", "Depend", "UpdateState", "Print", "ScalarSummary",
           "TensorSummary", "ImageSummary", "HistogramSummary", "StopGradient"]


def _value(variable, value, op):
    if not isinstance(variable, Tensor):
        raise TypeError(f"For '{op}', the 'variable' must be a Parameter or Tensor, but got {type(variable).__name__}")
    t = variable._t
    v = value._t if isinstance(value, Tensor) else torch.as_tensor(value, dtype=t.dtype, device=t.device)
    if v.shape != t.shape:
        try:
            v = v.expand(t.shape)
        except RuntimeError:
            raise ValueError(f"For '{op}', the shape of 'value' {tuple(v.shape)} must be broadcastable to the "
                             f"shape of 'variable' {tuple(t.shape)}") from None
    return t, v if v.dtype == t.dtype else v.to(t.dtype)


def assign(variable, value):
    """Set ``variable`` (a Parameter) to ``value``; returns ``variable``.

    Usable inside ``construct``: gradients of the rest of the graph are unaffected.
    """
    _, v = _value(variable, value, "assign")
    return _set(variable, v)


def assign_add(variable, value):
    """``variable += value`` for a Parameter; returns ``variable``."""
    t, v = _value(variable, value, "assign_add")
    return _set(variable, t + v)


def assign_sub(variable, value):
    """``variable -= value`` for a Parameter; returns ``variable``."""
    t, v = _value(variable, value, "assign_sub")
    return _set(variable, t - v)


class Assign(Primitive):
    """``Assign()(variable, value)``: set the Parameter ``variable`` to ``value``; returns ``variable``."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(["ref", "value"], ["output"])
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self, variable, value):
        return assign(variable, value)


class AssignAdd(Primitive):
    """``AssignAdd()(variable, value)``: ``variable += value``; returns ``variable``."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(["ref", "value"], ["ref"])
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self, variable, value):
        return assign_add(variable, value)


class AssignSub(Primitive):
    """``AssignSub()(variable, value)``: ``variable -= value``; returns ``variable``."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(["val", "value"], ["val"])
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self, variable, value):
        return assign_sub(variable, value)


class Depend(Primitive):
    """``Depend()(value, expr)`` returns ``value``; ``expr`` only orders execution in a MindSpore graph.

    Eager execution already runs ``expr`` first, so nothing else is needed.
    """

    def __init__(self):
        super().__init__("Depend")

    def __call__(self, value, expr):
        return value


class UpdateState(Primitive):
    """MindSpore's side-effect ordering token; returns its first input."""

    def __init__(self):
        super().__init__("UpdateState")

    def __call__(self, state, expr):
        return state


class Print(Primitive):
    """Print each input on a line of its own to stdout (``ops.print_``): a Tensor (a Parameter too)
    as its ``repr``, showing shape and dtype, anything else as ``str``; in a GRAPH_MODE construct or
    a ``jit`` function, in the format of MindSpore's graph Print.

    Inputs:
        - **input_x** (Union[Tensor, bool, int, float, str, tuple, list]): what to print.

    Outputs:
        None, as in MindSpore's PYNATIVE mode; in a graph, ``Tensor([0], int32)``, as MindSpore's
        graph returns.
    """

    def __init__(self):
        super().__init__("Print")

    def __call__(self, *args):
        return print_(*args)


# Values the Summary primitives recorded, keyed "name[:Plugin]"; filled only while a
# train.SummaryRecord is open (it sets "open" and writes and clears "values" on record()).
SUMMARY_CACHE = {"open": False, "values": {}}


class _Summary(Primitive):
    """Summary primitives hand ``value`` to the open ``SummaryRecord``'s next ``record()``."""

    def __init__(self):
        super().__init__(type(self).__name__)

    def __call__(self, name, value):
        kind = type(self).__name__
        if not isinstance(name, str) or not name:
            raise TypeError(f'For "{kind}", the name must be valid string, but got "{name}".')
        if not isinstance(value, Tensor):
            raise TypeError(f'For "{kind}", the parameter "value" expect to be Tensor, but got '
                            f'{type(value).__name__}')
        if SUMMARY_CACHE["open"]:
            SUMMARY_CACHE["values"][f"{name}[:{kind[:-len('Summary')]}]"] = value
        return None


class ScalarSummary(_Summary):
    """Record a scalar under ``name`` for the open ``SummaryRecord`` (nothing without one)."""


class TensorSummary(_Summary):
    """Record a tensor under ``name`` for the open ``SummaryRecord`` (nothing without one)."""


class ImageSummary(_Summary):
    """Record an image under ``name`` for the open ``SummaryRecord`` (nothing without one)."""


class HistogramSummary(_Summary):
    """Record a histogram under ``name`` for the open ``SummaryRecord`` (nothing without one)."""



class StopGradient(Primitive):
    """Return the input cut off from autograd: no gradient flows back through it."""

    def __init__(self):
        super().__init__("StopGradient")

    def __call__(self, input_x):
        return _wrap(input_x._t.detach())
