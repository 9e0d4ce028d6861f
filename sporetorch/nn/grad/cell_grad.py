"""MindSpore's ``nn.grad.cell_grad`` inner cells: first-order gradients with a given sensitivity, and the
Jacobian-vector product of a function (``_JvpInner``, ``_LinearizeInner``), over our ``GradOperation`` and
``jvp``."""
from ...autodiff.cells import Jvp, Vjp
from ...autodiff.transforms import jvp
from ...ops.grad_ops import GradOperation
from ..cell import Cell


class _FirstGrad(Cell):
    """``_FirstGrad(fn)(u, inputs)``: the gradients of ``fn`` with respect to every input, for the output
    sensitivity ``u``."""

    def __init__(self, fn):
        super().__init__()
        self.first_grad_op = GradOperation(sens_param=True, get_all=True)
        self.fn = fn

    def construct(self, u, first_grad_input):
        return self.first_grad_op(self.fn)(*first_grad_input, u)


class _JvpFirstGrad(Cell):
    """``_JvpFirstGrad()(u, fn, inputs)``: :class:`_FirstGrad` with ``fn`` given at the call."""

    def __init__(self):
        super().__init__()
        self.first_grad_op = GradOperation(sens_param=True, get_all=True)

    def construct(self, u, fn, first_grad_input):
        return self.first_grad_op(fn)(*first_grad_input, u)


class _FirstGradSingleValue(Cell):
    """``_FirstGradSingleValue(fn)(u, inputs)``: the gradient of ``fn`` with respect to its first input, for
    the output sensitivity ``u``."""

    def __init__(self, fn):
        super().__init__()
        self.first_grad_single_value_op = GradOperation(sens_param=True)
        self.fn = fn

    def construct(self, u, first_grad_single_value_input):
        return self.first_grad_single_value_op(self.fn)(*first_grad_single_value_input, u)


class _JvpFirstGradSingleValue(Cell):
    """``_JvpFirstGradSingleValue()(u, fn, inputs)``: :class:`_FirstGradSingleValue` with ``fn`` given at the
    call."""

    def __init__(self):
        super().__init__()
        self.first_grad_single_value_op = GradOperation(sens_param=True)

    def construct(self, u, fn, first_grad_single_value_input):
        return self.first_grad_single_value_op(fn)(*first_grad_single_value_input, u)


class _JvpInner(Cell):
    """``_JvpInner()(fn, v, *inputs)``: ``(fn(*inputs), J v)``, the Jacobian-vector product of ``fn`` at
    ``inputs`` along ``v`` (a Tensor for one input, else a tuple)."""

    def compute_jvp(self, fn, v, jvp_input, output):
        """``J v`` of ``fn`` at ``jvp_input`` (``output`` is ``fn(*jvp_input)``)."""
        return jvp(fn, jvp_input[0] if len(jvp_input) == 1 else tuple(jvp_input), v)[1]

    def construct(self, *args):
        fn, v, jvp_input = args[0], args[1], args[2:]
        return jvp(fn, jvp_input[0] if len(jvp_input) == 1 else tuple(jvp_input), v)


class _LinearizeInner(_JvpInner):
    """``_LinearizeInner()(fn, v, output, inputs)``: ``J v`` of ``fn`` at ``inputs`` (a tuple), the output
    known."""

    def construct(self, *args):
        fn, v, output, jvp_input = args[0], args[1], args[2], args[3]
        return self.compute_jvp(fn, v, jvp_input, output)


__all__ = ["Jvp", "Vjp"]
