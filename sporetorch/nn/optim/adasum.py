"""MindSpore's ``nn.optim.adasum`` module: the steps of Adaptive Summation (AdaSum) that combine two ranks'
weight updates. Each step takes the communication operators it uses (``send``, ``recv``, ``allreduce``,
``reshape``) as arguments and composes ``ops`` around them.

The wrapper cells (``AdaSumByGradWrapCell``, ``AdaSumByDeltaWeightWrapCell``) and the ``_AdaSum`` cells that
build the point-to-point operators are not here: MindSpore's CPU build cannot run them (they need a device
communication library; in stand-alone mode they refuse to build), see ``data/ms_cpu_cannot_run/nn.json``."""
from ... import log as logger
from ... import ops

_EPS = 1e-12


def _update_parameters_adasum(delta_weight, update_delta_weight, parameter, old_parameter, reshape):
    """``parameter = old_parameter - reshape(update_delta_weight, delta_weight.shape)``; returns ``parameter``."""
    update = reshape(update_delta_weight, delta_weight.shape)
    ops.assign(parameter, old_parameter - update)
    return parameter


def reshape_grads_adasum(grads, update_grads, reshape):
    """``reshape(update_grads, grads.shape)``."""
    return reshape(update_grads, grads.shape)


def _send_before_receive(send_part, send, recv):
    """``recv(send(send_part))``: this rank sends first."""
    return recv(send(send_part))


def _receive_before_send(send_part, send, recv):
    """``recv(send_part)``, then ``send(send_part)``: this rank receives first; returns what it received."""
    received = recv(send_part)
    send(send_part)
    return received


def _send_recv_res(left_send, recv_part, local_part, allreduce, parameter_divisibility, allreduce_node_num):
    """AdaSum's combination of this rank's ``local_part`` and the peer's ``recv_part`` (each scaled by the
    local maximum, the dot products summed with ``allreduce``), or ``allreduce(local_part) /
    allreduce_node_num`` where the parameter is not split between the ranks."""
    if not parameter_divisibility:
        return allreduce(local_part) / allreduce_node_num
    recv_part = ops.squeeze(recv_part)
    scale = ops.reduce_max(local_part) + _EPS
    local_scaled, recv_scaled = local_part / scale, recv_part / scale
    value_0 = ops.reduce_sum(local_scaled * recv_scaled) + _EPS
    local_sq = ops.reduce_sum(local_scaled * local_scaled) + _EPS
    recv_sq = ops.reduce_sum(recv_scaled * recv_scaled) + _EPS
    value_1, value_2 = (local_sq, recv_sq) if left_send else (recv_sq, local_sq)
    value_0, value_1, value_2 = allreduce(value_0), allreduce(value_1), allreduce(value_2)
    first, second = (local_part, recv_part) if left_send else (recv_part, local_part)
    return (1 - value_0 / (2 * value_1)) * first + (1 - value_0 / (2 * value_2)) * second


def _adasum_opt_forward_process(left_send, allreduce, parameter_divisibility, allreduce_node_num, send, recv,
                                delta_w):
    """One forward step of AdaSum: a split parameter sends one half of ``delta_w`` to the peer and combines
    the other half with the half it receives (:func:`_send_recv_res`)."""
    if parameter_divisibility:
        delta_w = ops.squeeze(delta_w)
        half = delta_w.shape[0] // 2
        left_part, right_part = delta_w[:half], delta_w[half:]
    else:
        left_part = right_part = delta_w
    if left_send:
        recv_part = _send_before_receive(left_part, send, recv) if parameter_divisibility else right_part
        return _send_recv_res(left_send, recv_part, right_part, allreduce, parameter_divisibility,
                              allreduce_node_num)
    recv_part = _receive_before_send(right_part, send, recv) if parameter_divisibility else left_part
    return _send_recv_res(left_send, recv_part, left_part, allreduce, parameter_divisibility, allreduce_node_num)


def _adasum_opt_rollback_process(left_send, parameter_divisibility, delta_w, send, recv):
    """One rollback step of AdaSum: a split parameter exchanges its combined half with the peer and
    concatenates the two halves (the received one first when ``left_send``)."""
    if not parameter_divisibility:
        return delta_w
    if left_send:
        recv_part = _send_before_receive(delta_w, send, recv)
    else:
        recv_part = _receive_before_send(delta_w, send, recv)
    recv_part = ops.reshape(ops.squeeze(recv_part), (-1,))
    delta_w = ops.reshape(delta_w, (-1,))
    return ops.concat((recv_part, delta_w) if left_send else (delta_w, recv_part))


def _get_delta_weight_process(new_parameter, old_parameter):
    """``old_parameter - new_parameter``."""
    return old_parameter - new_parameter


def _save_weight_process(new_parameter, old_parameter):
    """Copy ``old_parameter`` into ``new_parameter``; returns ``new_parameter``."""
    ops.assign(new_parameter, old_parameter)
    return new_parameter


def _clone_weight_process(scale, weight):
    """``weight * scale``."""
    return ops.mul(weight, scale)


def _parallel_check():
    """AdaSum's requirements on the parallel context, with MindSpore's messages: not stand-alone, no optimizer
    sharding, no pipeline, a power of 2 of at least 16 devices per stage."""
    from ... import parallel_context
    from ...parallel._utils import _get_stage_device_num
    mode = parallel_context.get_auto_parallel_context("parallel_mode")
    if mode == "stand_alone":
        raise RuntimeError("Stand alone mode is not supported to apply adasum.")
    if mode in ["data_parallel", "hybrid_parallel"]:
        logger.warning("For data parallel mode or hybrid parallel mode, "
                       "it is recommended to using mindspore.boost to enable adasum.")
    if parallel_context.get_auto_parallel_context("enable_parallel_optimizer"):
        raise RuntimeError("Currently, the optimizer shard is not supported with applying adasum.")
    if parallel_context.get_auto_parallel_context("pipeline_stages") > 1:
        raise RuntimeError("Currently, the pipeline parallel is not supported with applying adasum.")
    stage_device_num = _get_stage_device_num()
    if stage_device_num < 16 or (stage_device_num & (stage_device_num - 1) != 0):
        raise RuntimeError("The device_num must be at least 16 and must be the power of 2 when applying adasum.")


__all__ = []
