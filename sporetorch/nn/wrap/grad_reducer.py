"""Gradient all-reduce for data-parallel training (``mindspore.nn.DistributedGradReducer``)."""
import contextlib


from ... import parallel_context
from ...common.tensor import _wrap
from ...communication import management
from ...communication._buckets import GradBuckets
from ...ops.function.optim_func import divide
from ..cell import Cell


class DistributedGradReducer(Cell):
    """Sum the gradients over the processes of ``group`` and, with ``mean``, divide by ``degree``.

    Args:
        parameters (list[Parameter]): the Parameters whose gradients are reduced, in the order
            the gradients come.
        mean (bool): divide the sum by ``degree``. Default: None (the auto-parallel context's
            ``gradients_mean``).
        degree (int): the divisor of the mean. Default: None (the size of ``group``).
        fusion_type (int): accepted for compatibility; gradients are fused into buckets (one
            all-reduce per bucket of up to 25 MiB, the first 1 MiB).
        group (str): the communication group. Default: the world.

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per Parameter.

    Outputs:
        tuple[Tensor], the reduced gradients. In a process without a launcher the gradients come
        back unchanged (divided by ``degree`` when ``mean`` and ``degree`` > 1).

    Differences from MindSpore: inside ``TrainOneStepCell`` the buckets are all-reduced while the
    backward pass is still running (as PyTorch's DDP does); the results are the same.
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1, group="hccl_world_group"):
        super().__init__(auto_prefix=False)
        if mean is None:
            mean = parallel_context.get_auto_parallel_context("gradients_mean")
        self.mean = bool(mean)
        if degree is None:
            degree = management.get_group_size(group)
        if not isinstance(degree, int) or isinstance(degree, bool) or degree <= 0:
            raise ValueError(f"For 'DistributedGradReducer', the 'degree' must be a positive int, but got {degree!r}")
        self.degree = degree
        self._reduced_params = list(parameters)
        self.param_count = len(self._reduced_params)
        self.fusion_type = fusion_type
        self.group = group
        self._buckets = None

    def _bucketer(self):
        if self._buckets is None:
            self._buckets = GradBuckets(self._reduced_params, management.process_group(self.group,
                                                                                 "DistributedGradReducer"))
        return self._buckets

    def overlap(self):
        """A context in which a backward pass of the reducer's Parameters starts the all-reduce
        of each gradient bucket as soon as it is complete (no-op in one process)."""
        if not management.is_distributed() or self.param_count == 0:
            return contextlib.nullcontext()
        return self._bucketer().overlap()

    def __call__(self, grads):
        # Communication is not something to trace: run eagerly, in GRAPH_MODE too.
        return self.construct(grads)

    def construct(self, grads):
        if len(grads) != self.param_count:
            raise ValueError(f"For 'DistributedGradReducer', the number of gradients ({len(grads)}) must equal "
                             f"the number of parameters ({self.param_count}).")
        divisor = float(self.degree) if self.mean else None
        if not management.is_distributed():
            if divisor is not None and self.degree != 1:
                return tuple(_wrap(g) for g in divide([g._t for g in grads], divisor))
            return grads
        reduced = self._bucketer().reduce([g._t for g in grads], divisor)
        return tuple(_wrap(t) for t in reduced)


def overlap_with_backward(reducer):
    """The reducer's :meth:`DistributedGradReducer.overlap` context, or a no-op for any other cell."""
    if isinstance(reducer, DistributedGradReducer):
        return reducer.overlap()
    return contextlib.nullcontext()


def _init_allreduce_operators(length, split_indices, group="hccl_world_group"):
    """``length`` AllReduce('sum') Primitives whose ``fusion`` attribute starts at 1024 and goes up by one after
    each index of ``split_indices``, and whose ``index`` attribute counts from 1 (MindSpore's fusion groups)."""
    from ... import log as logger
    from ...ops.operations import AllReduce
    for indices in split_indices:
        if indices >= length:
            logger.warning(f"AllReduce's split index {indices} is greater than or equal to"
                           f"the total gradient's number of {length}")
    fusion_type, split, fusion = 2 ** 10, 0, []
    for i in range(length):
        fusion.append(fusion_type)
        if split < len(split_indices) and split_indices[split] <= i:
            fusion_type += 1
            split += 1
    ops_list = []
    for i in range(length):
        op = AllReduce("sum", group)
        op.add_prim_attr("fusion", fusion[i])
        op.add_prim_attr("index", i + 1)
        ops_list.append(op)
    return tuple(ops_list)


def _init_allreduce_operators_by_parameters(parameters, split_indices, group, fusion_type=1):
    """AllReduce Primitives fused by each Parameter's ``comm_fusion``, and whether the Parameters set distinct
    fusion groups; without them, :func:`_init_allreduce_operators` by ``split_indices`` (``fusion_type`` 1) or
    none. Returns ``(ops, param_fusion)``."""
    from ...ops.operations import AllReduce
    op_list, param_fusion, last = [], False, None
    for index, parameter in enumerate(parameters, 1):
        comm_fusion = parameter.comm_fusion
        if index == 1:
            last = comm_fusion
        elif not param_fusion and comm_fusion != last:
            param_fusion, last = True, comm_fusion
        op = AllReduce("sum", group)
        op.add_prim_attr("fusion", comm_fusion)
        op.add_prim_attr("index", index)
        op_list.append(op)
    if not param_fusion:
        if split_indices and fusion_type == 1:
            return _init_allreduce_operators(len(parameters), split_indices, group), True
        return (), False
    return tuple(op_list), param_fusion


def _mean(grad, degree, mean):
    from ... import ops
    return ops.mul(grad, ops.cast(degree, grad.dtype)) if mean else grad


def _tensors_allreduce(degree, mean, allgather, allreduce, allreduce_filter, grad):
    """``allreduce(grad)`` times ``degree`` when ``mean`` (MindSpore passes ``1 / group size``), where
    ``allreduce_filter``; else ``grad``."""
    if allreduce_filter:
        return _mean(allreduce(grad), degree, mean)
    return grad


def _tensors_allreduce_post(degree, mean, allreduce_filter, grad):
    """The PyNative form of :func:`_tensors_allreduce`, after the reduction: ``grad * degree`` when
    ``allreduce_filter`` and ``mean``."""
    if allreduce_filter:
        return _mean(grad, degree, mean)
    return grad


def _tensors_allreduce_with_sparse(degree, mean, allgather, allreduce, allreduce_filter, grad):
    """The RowTensor form of :func:`_tensors_allreduce`: indices and values gathered with ``allgather``."""
    from ...common.sparse_tensor import RowTensorInner
    if allreduce_filter:
        indices = allgather(grad.indices)
        return RowTensorInner(indices, _mean(allgather(grad.values), degree, mean), grad.dense_shape)
    return grad


def _tensors_get_datatype(grad):
    """The dtype of ``grad``."""
    return grad.dtype


def _tensors_get_datatype_with_sparse(grad):
    """The dtype of a RowTensor's values."""
    return grad.values.dtype


def _tensors_cast_datatype(datatype, grad):
    """``grad`` cast to ``datatype``."""
    from ... import ops
    return ops.cast(grad, datatype)


def _tensors_cast_datatype_with_sparse(datatype, grad):
    """A RowTensor with its values cast to ``datatype``."""
    from ... import ops
    from ...common.sparse_tensor import RowTensorInner
    return RowTensorInner(grad.indices, ops.cast(grad.values, datatype), grad.dense_shape)


def tensor_grad_scale_pipeline(scale, grad, accu_grad):
    """The accumulated gradient ``accu_grad / scale``; ``accu_grad`` is then zeroed."""
    from ... import ops
    new_grad = ops.mul(accu_grad, ops.reciprocal(scale))
    ops.assign(accu_grad, ops.mul(accu_grad, 0.0))
    return new_grad


def tensor_shard_grad_scale_pipeline(scale, grad, accu_grad):
    """``grad / scale`` (the optimizer-sharded form); ``accu_grad`` is zeroed."""
    from ... import ops
    new_grad = ops.mul(grad, ops.reciprocal(scale))
    ops.assign(accu_grad, ops.zeros_like(accu_grad))
    return new_grad


class PipelineGradReducer(Cell):
    """The gradients of a pipeline-parallel step: the accumulated gradients (``accu_grads``, zeros outside
    the pipeline graph) divided by ``scale_sense``, the accumulators then zeroed; with ``opt_shard`` the
    given gradients divided by ``scale_sense``.

    Args:
        parameters (ParameterTuple): the optimizer's Parameters. scale_sense (float): Default: 1.0.
        opt_shard (bool): Default: None (the auto-parallel context's ``enable_parallel_optimizer``).

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per Parameter.

    Outputs:
        tuple[Tensor].
    """

    def __init__(self, parameters, scale_sense=1.0, opt_shard=None):
        super().__init__(auto_prefix=False)
        from ...common import dtype as mstype
        from ...common.parameter import Parameter
        from ...common.tensor import Tensor
        from ..layer.basic import Identity
        self.accu_grads = parameters.clone(prefix="accu_grads", init="zeros")
        self.grad_reducer = Identity()
        self.degree = Tensor(1, mstype.float32)
        self.scale_sense = Parameter(scale_sense, name="scale_sense")
        if opt_shard is None:
            opt_shard = bool(parallel_context.get_auto_parallel_context("enable_parallel_optimizer"))
        self.opt_shard = opt_shard

    def construct(self, grads):
        scale = self.scale_sense * self.degree
        if self.opt_shard:
            grads = self.grad_reducer(grads)
            return tuple(tensor_shard_grad_scale_pipeline(scale, g, a) for g, a in zip(grads, self.accu_grads))
        accu_grads = self.grad_reducer(self.accu_grads)
        return tuple(tensor_grad_scale_pipeline(scale, g, a) for g, a in zip(grads, accu_grads))


__all__ = ["DistributedGradReducer", "PipelineGradReducer"]
