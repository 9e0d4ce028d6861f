"""Backward functions of ``Custom`` hybrid operators (MindSpore's ``ops.operations._custom_grad``): a registry
from the number of inputs to a builder ``bprop_<n>(op)`` whose ``bprop(x1, ..., xn, out, dout)`` calls the
gradient operator ``op`` on the inputs, the outputs and their gradients."""
from ... import log as logger

__all__ = []


class Registry:
    """The backward builders of Custom hybrid operators, keyed by the operator's number of inputs (1 to 10)."""

    def __init__(self):
        self._bprops = {}

    @classmethod
    def instance(cls):
        """The one registry."""
        if not hasattr(Registry, "_instance"):
            Registry._instance = Registry()
        return Registry._instance

    @staticmethod
    def register(sig_number):
        """Decorator registering a builder for operators of ``sig_number`` inputs."""
        def deco(fn):
            Registry.instance().set(sig_number, fn)
            return fn
        return deco

    def get(self, sig_number):
        """The builder for ``sig_number`` inputs (None, with an error logged, where there is none)."""
        if sig_number not in self._bprops:
            logger.error(f"Autodiff currently doesn't support hyrbrid function with input num :{sig_number}. "
                         "Supported input num is from 1 to 10")
        return self._bprops.get(sig_number)

    def set(self, sig_number, fn):
        """Register ``fn`` for ``sig_number`` inputs."""
        self._bprops[sig_number] = fn


def autodiff_bprop(n):
    """The backward builder for an operator of ``n`` inputs."""
    return Registry.instance().get(n)


def get_outs(out, dout):
    """``out`` and ``dout`` joined into one tuple (each taken as a 1-tuple when it is not a tuple)."""
    return (out if isinstance(out, tuple) else (out,)) + (dout if isinstance(dout, tuple) else (dout,))


def _builder(n, name):
    def build(op):
        def bprop(*args):
            if len(args) != n + 2:
                raise TypeError(f"bprop() takes {n + 2} positional arguments but {len(args)} were given")
            return op(*(args[:n] + get_outs(args[n], args[n + 1])))
        return bprop
    build.__name__ = build.__qualname__ = name
    build.__doc__ = f"Backward function of a Custom operator with {n} input(s): ``bprop(x1..x{n}, out, dout)`` " \
                    "calls ``op(x1.., *out, *dout)``."
    return Registry.register(n)(build)


bprop_one = _builder(1, "bprop_one")
bprop_two = _builder(2, "bprop_two")
bprop_three = _builder(3, "bprop_three")
bprop_four = _builder(4, "bprop_four")
bprop_five = _builder(5, "bprop_five")
bprop_six = _builder(6, "bprop_six")
bprop_seven = _builder(7, "bprop_seven")
bprop_eight = _builder(8, "bprop_eight")
bprop_nine = _builder(9, "bprop_nine")
bprop_ten = _builder(10, "bprop_ten")
