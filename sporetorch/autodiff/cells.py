"""``nn.Vjp`` and ``nn.Jvp``: the vjp/jvp transforms as Cells (``mindspore.nn.Vjp``/``Jvp``)."""
from ..nn.cell import Cell
from .transforms import vjp, jvp


class Vjp(Cell):
    """Vector-Jacobian product of ``fn``.

    Inputs:
        - **\\*inputs** - the inputs of ``fn``, then the vector ``v`` shaped like ``fn``'s output.

    Outputs:
        ``(fn(*inputs), grads)``: one Tensor for a single input, else a tuple.
    """

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        if len(args) < 2:
            raise TypeError(f"For 'Vjp', the inputs must be the inputs of fn followed by v, but got {len(args)} "
                            f"input(s)")
        *inputs, v = args
        out, vjp_fn = vjp(self.fn, *inputs)
        grads = vjp_fn(v)
        return out, (grads[0] if len(inputs) == 1 else grads)


class Jvp(Cell):
    """Jacobian-vector product of ``fn``.

    Inputs:
        - **\\*inputs** - the inputs of ``fn``, then the tangent ``v`` (a Tensor for one input,
          else a tuple shaped like the inputs).

    Outputs:
        ``(fn(*inputs), jvp)``.
    """

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        if len(args) < 2:
            raise TypeError(f"For 'Jvp', the inputs must be the inputs of fn followed by v, but got {len(args)} "
                            f"input(s)")
        *inputs, v = args
        return jvp(self.fn, inputs[0] if len(inputs) == 1 else tuple(inputs), v)
