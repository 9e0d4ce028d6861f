"""Primitive classes with side effects or control roles: Assign, AssignAdd, Depend, Print, ...

``Assign``/``AssignAdd``/``AssignSub`` (and ``ops.assign``/``ops.assign_add``/``ops.assign_sub``)
update a Parameter inside ``construct``. The update goes through ``Tensor`` in-place
machinery (``tensor_methods._set``): while autograd records, the Parameter is rebound
to the new value instead of overwriting memory that backward may still need, so an
update (a BatchNorm statistic, a counter) never breaks the gradient of the rest of the graph.
"""

import numpy as np

from ... import _checkparam as validator
from ...common.tensor import Tensor, _wrap
from ..function import image_func, math_func
from ..function.array_func import assign, assign_add, assign_sub
from ..function.scalar_func import print_
from ..primitive import Primitive, prim_attr_register
from ._errors import functional

__all__ = ["Assign", "AssignAdd", "AssignSub", "Depend", "UpdateState", "Print", "ScalarSummary",
           "TensorSummary", "ImageSummary", "HistogramSummary", "StopGradient"]


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


class MoveTo(Primitive):
    """Copy a tensor to the device ``to`` ('CPU', 'GPU', 'Ascend')."""

    def __init__(self):
        super().__init__("MoveTo")

    def __call__(self, input, to, blocking=True):
        name = str(to).upper()
        return _wrap(input._t.to("cuda" if name.startswith(("GPU", "CUDA")) else "cpu", non_blocking=not blocking))


class ConfusionMatrix(Primitive):
    """``num_classes`` x ``num_classes`` counts (or summed ``weights``) of (label, prediction) pairs."""

    @prim_attr_register
    def __init__(self, num_classes, dtype="int32"):
        validator.check_value_type("num_classes", num_classes, [int], self.name)
        validator.check_value_type("dtype", dtype, [str], self.name)

    def __call__(self, labels, logits, weights=None):
        return math_func.confusion_matrix(labels, logits, weights, num_classes=self.num_classes)


class CheckValid(Primitive):
    """Whether each box (x1, y1, x2, y2) lies inside the image of ``img_metas`` (height, width, ratio)."""

    def __init__(self):
        super().__init__("CheckValid")

    def __call__(self, bboxes, img_metas):
        return functional("CheckValid", "check_valid", bboxes, img_metas)


class BoundingBoxEncode(Primitive):
    """Regression targets (dx, dy, dw, dh) of ``groundtruth_box`` relative to ``anchor_box``."""

    @prim_attr_register
    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        pass

    def __call__(self, anchor_box, groundtruth_box):
        return image_func.bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(Primitive):
    """Boxes from ``anchor_box`` and regression ``deltas``, clipped to ``max_shape``."""

    @prim_attr_register
    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
        pass

    def __call__(self, anchor_box, deltas):
        return image_func.bounding_box_decode(anchor_box, deltas, self.max_shape, self.means, self.stds,
                                              self.wh_ratio_clip)


class PyFunc(Primitive):
    """Run a Python function on the inputs as NumPy arrays; its outputs become a tuple of Tensors.

    Args:
        fn (function): called with one NumPy array per input; returns an array or a tuple of them.
        in_types, in_shapes, out_types, out_shapes (list): MindSpore's declared types and shapes; the outputs
            are cast to ``out_types``.
        stateful (bool): whether ``fn`` has side effects (MindSpore's graph compiler uses it). Default: True.
    """

    @prim_attr_register
    def __init__(self, fn, in_types, in_shapes, out_types, out_shapes, stateful=True):
        if not callable(fn):
            raise TypeError(f"For 'PyFunc', the 'fn' must be callable, but got {type(fn).__name__}")

    def __call__(self, *args):
        arrays = [a.asnumpy() if isinstance(a, Tensor) else np.asarray(a) for a in args]
        outs = self.fn(*arrays)
        if not isinstance(outs, tuple):
            outs = (outs,)
        return tuple(Tensor(np.asarray(o), dtype=t) for o, t in zip(outs, self.out_types))

__all__ += ["MoveTo", "ConfusionMatrix", "CheckValid", "BoundingBoxEncode", "BoundingBoxDecode", "PyFunc"]


# MindSpore 2.10's ready-made StopGradient instance
stop_gradient_op = StopGradient()


class Load(Primitive):
    """``Load()(variable, u)``: the value of the Parameter ``variable`` (``u`` orders it after earlier side
    effects in MindSpore's graphs; eagerly unused)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, *args):
        from ...common.tensor import _wrap
        return _wrap(args[0]._t.clone())


__all__ += ["Load"]
