"""Training wrappers: loss, evaluation, gradient and one-step training cells."""
from types import FunctionType, MethodType

import torch

from ... import context as _context
from ...common.parameter import ParameterTuple
from ...common.tensor import _wrap
from ...ops.function.creation_func import full_like
from ...ops.grad_ops import GradOperation
from ..cell import Cell, _cast
from ..layer.basic import Identity
from ..layer.container import CellList
from ..optim._validate import check_bool
from .grad_reducer import DistributedGradReducer, overlap_with_backward


class WithLossCell(Cell):
    """``loss_fn(backbone(data), label)``.

    Args:
        backbone (Cell): the network. loss_fn (Cell): the loss.

    Inputs:
        - **data** (Tensor) - the network input. **label** (Tensor) - the target.

    Outputs:
        Tensor, the loss. Parameter names are those of ``backbone`` (``auto_prefix=False``).
    """

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self):
        """The wrapped network."""
        return self._backbone


class WithEvalCell(Cell):
    """Evaluation wrapper returning ``(loss, outputs, label)``.

    Args:
        network (Cell): the network. loss_fn (Cell): the loss.
        add_cast_fp32 (bool): cast outputs and label to float32 before the loss. Default: False.
    """

    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = check_bool(add_cast_fp32, "add_cast_fp32", "WithEvalCell")

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:
            label = _cast(label, torch.float32)
            outputs = _cast(outputs, torch.float32)
        return self._loss_fn(outputs, label), outputs, label


class WithGradCell(Cell):
    """Return the gradients of the (loss of the) network with respect to its trainable Parameters.

    Args:
        network (Cell): the network. loss_fn (Cell): when given, the gradients are those of
            ``loss_fn(network(data), label)``. Default: None.
        sens (Tensor): the sensitivity passed to the gradient. Default: None (ones).

    Outputs:
        tuple[Tensor], one gradient per trainable Parameter.
    """

    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = GradOperation(get_by_list=True, sens_param=sens is not None)
        self.sens = sens
        self.network_with_loss = network if loss_fn is None else WithLossCell(self.network, self.loss_fn)
        self.network_with_loss.set_train()

    def construct(self, *inputs):
        if self.sens is None:
            return self.grad(self.network_with_loss, self.weights)(*inputs)
        return self.grad(self.network_with_loss, self.weights)(*inputs, self.sens)


class ForwardValueAndGrad(Cell):
    """Return ``(network(*inputs), gradients)``.

    Args:
        network (Union[Cell, function]): the function to differentiate.
        weights (ParameterTuple): needed with ``get_by_list``. Default: None.
        get_all (bool): gradients of every input. Default: False (the first input only).
        get_by_list (bool): gradients of ``weights``. Default: False.
        sens_param (bool): the last input is the sensitivity. Default: False.
    """

    def __init__(self, network, weights=None, get_all=False, get_by_list=False, sens_param=False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, FunctionType, MethodType)):
            raise TypeError(f"For 'ForwardValueAndGrad', the argument 'network' must be cell, function type or "
                            f"method type, but got '{type(network)}'")
        if not isinstance(get_all, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_all' must be bool, but got '{type(get_all)}'")
        if not isinstance(get_by_list, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_by_list' must be bool, "
                            f"but got '{type(get_by_list)}'")
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise TypeError(f"For 'ForwardValueAndGrad', when 'get_by_list' is set to True, the argument 'weights' "
                            f"must be Parameters array, but got '{type(weights)}'")
        self.network = network
        if isinstance(network, Cell):
            network.set_grad()
        self.weights = weights
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param
        self.grad = GradOperation(get_all=get_all, get_by_list=get_by_list, sens_param=sens_param)

    def construct(self, *inputs):
        grad_inputs = inputs
        if self.sens_param:
            inputs = inputs[:-1]
        loss = self.network(*inputs)
        if self.get_by_list:
            grads = self.grad(self.network, self.weights)(*grad_inputs)
        else:
            grads = self.grad(self.network)(*grad_inputs)
        return loss, grads


def _data_parallel():
    getter = getattr(_context, "get_auto_parallel_context", None)
    if getter is None:
        return False
    try:
        mode = getter("parallel_mode")
    except (KeyError, ValueError, TypeError):
        return False
    return mode in ("data_parallel", "hybrid_parallel")


class TrainOneStepCell(Cell):
    """One training step: forward, gradients of the optimizer's Parameters, optimizer update.

    Args:
        network (Cell): the network with loss (returns the loss).
        optimizer (Optimizer): updates ``optimizer.parameters``.
        sens (numbers.Number): the sensitivity filling the backward's initial gradient; the
            gradients are multiplied by it. Default: None (1.0; 0 is rejected).
        return_grad (bool): also return ``{parameter name: gradient}``. Default: False.

    Inputs:
        - **\\*inputs** - the inputs of ``network``.

    Outputs:
        Tensor, the loss (computed before the update); with ``return_grad``, ``(loss, grads)``.

    ``grad_reducer`` is an identity, or a :class:`DistributedGradReducer` in data-parallel mode;
    subclasses may replace it. Parameter names are unchanged (``auto_prefix=False``).
    """

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = self.optimizer.parameters
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = GradOperation(get_by_list=True)
        if sens is not None and not isinstance(sens, bool) and sens == 0:
            raise ValueError("The input argument of 'sens' can not be 0.")
        self.sense_flag = sens is not None
        self.sens = 1.0 if sens is None else sens
        self.return_grad = return_grad
        if return_grad:
            self.weights_name = [p.name for p in self.optimizer.parameters]
        self.reducer_flag = _data_parallel()
        self.grad_reducer = Identity()
        if self.reducer_flag:
            from ...parallel._utils import _get_device_num, _get_gradients_mean
            self.grad_reducer = DistributedGradReducer(self.weights, _get_gradients_mean(), _get_device_num())

    def construct(self, *inputs):
        loss = self.network(*inputs)
        with overlap_with_backward(self.grad_reducer):
            if self.sense_flag:
                sens = full_like(loss, self.sens)
                grads = self.grad(self.network, self.weights)(*inputs, sens)
            else:
                grads = self.grad_no_sens(self.network, self.weights)(*inputs)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if self.return_grad:
            return loss, dict(zip(self.weights_name, grads))
        return loss


class _MicroBatch(Cell):
    """Slice ``i`` of ``micro_size`` equal slices along the first axis of every input."""

    def __init__(self, micro_size):
        super().__init__()
        self.micro_size = micro_size

    def construct(self, i, *inputs):
        out = []
        for x in inputs:
            n = x.shape[0]
            if n % self.micro_size:
                raise ValueError(f"For 'GradAccumulationCell', the first dimension of every input ({n}) must be "
                                 f"divisible by 'micro_size' ({self.micro_size})")
            step = n // self.micro_size
            out.append(_wrap(x._t[step * i:step * (i + 1)]))
        return tuple(out)


class GradAccumulationCell(Cell):
    """Run ``network`` on ``micro_size`` slices of the batch and sum the outputs, so that one
    backward accumulates the gradients of all micro-batches.

    Args:
        network (Cell): the network with loss. micro_size (int): the number of micro-batches.
    """

    def __init__(self, network, micro_size):
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            raise TypeError(f"For 'GradAccumulationCell', the argument 'network' must cell type, but got the type : "
                            f"{type(network)}.")
        if not isinstance(micro_size, int) or isinstance(micro_size, bool):
            raise TypeError(f"For 'GradAccumulationCell', the argument 'micro_size' must be integer, but got the "
                            f"type : {type(micro_size)}.")
        if micro_size <= 0:
            raise ValueError(f"For 'GradAccumulationCell', the argument 'micro_size' must be large than 0, "
                             f"but got {micro_size}.")
        self.network = network
        self.micro_size = micro_size
        self.micro_inputs = CellList([_MicroBatch(micro_size) for _ in range(micro_size)])

    def construct(self, *inputs):
        ret = None
        for i in range(self.micro_size):
            output = self.network(*self.micro_inputs[i](i, *inputs))
            ret = output if ret is None else ret + output
        return ret


class ParameterUpdate(Cell):
    """``ParameterUpdate(param)(x)`` assigns ``x`` to ``param`` and returns it."""

    def __init__(self, param):
        super().__init__(auto_prefix=False)
        self._param = param

    def construct(self, x):
        self._param.set_data(x)
        return x


def _tensors_get_datatype(param):
    """The dtype of ``param``."""
    return param.dtype


def _tensors_cast_datatype(datatype, param):
    """``param`` cast to ``datatype``."""
    from ...ops.function.array_func import cast
    return cast(param, datatype)


def _pipeline_clear_grad(accu_grad, grad):
    """Zero the accumulator ``accu_grad`` (after ``grad`` is computed); returns it."""
    from ...ops.function.array_func import assign
    from ...ops.function.creation_func import zeros_like
    return assign(accu_grad, zeros_like(accu_grad))


def grad_scale(scale, grad):
    """``scale * grad``; ``grad`` (an accumulator) is then zeroed."""
    from ...ops.function.array_func import assign
    from ...ops.function.creation_func import zeros_like
    new_grad = scale * grad
    assign(grad, zeros_like(grad))
    return new_grad


class _TrainGradAccuStepCell(TrainOneStepCell):
    """A training step in pipeline mode: the optimizer receives the accumulated gradients (``accu_grads``,
    which only the pipeline graph fills, zeros otherwise) times ``sens`` (``1 / micro_size`` without ``sens``),
    or the computed gradients with the parallel optimizer; the accumulators are zeroed afterwards.

    Args:
        network (Cell): the network with loss. optimizer (Optimizer). sens (numbers.Number): Default: None.
    """

    def __init__(self, network, optimizer, sens=None):
        super().__init__(network, optimizer, sens)
        from ... import parallel_context
        self.accu_grads = self.weights.clone(prefix="accu_grads", init="zeros")
        self.opt_shard = bool(parallel_context.get_auto_parallel_context("enable_parallel_optimizer"))
        if not self.sense_flag:
            micro_size = 1.0
            for _, cell in network.cells_and_names():
                if hasattr(cell, "micro_size"):
                    micro_size = cell.micro_size
                    break
            self.sens = 1 / micro_size

    def construct(self, *inputs):
        loss = self.network(*inputs)
        if self.sense_flag:
            grads = self.grad(self.network, self.weights)(*inputs, full_like(loss, self.sens))
            self.optimizer(grads if self.opt_shard else self.accu_grads)
        elif self.opt_shard:
            grads = self.grad_no_sens(self.network, self.weights)(*inputs)
            self.optimizer(tuple(grad_scale(self.sens, g) for g in grads))
        else:
            grads = self.grad_no_sens(self.network, self.weights)(*inputs)
            self.optimizer(tuple(grad_scale(self.sens, a) for a in self.accu_grads))
        for accu in self.accu_grads:
            _pipeline_clear_grad(accu, None)
        return loss


__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "ForwardValueAndGrad", "TrainOneStepCell",
           "GradAccumulationCell", "ParameterUpdate"]
