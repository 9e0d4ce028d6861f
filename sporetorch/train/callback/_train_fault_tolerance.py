"""Helpers of MindSpore 2.10's training fault tolerance (TFT, ``TrainFaultTolerance``'s MindIO hooks). The
hooks that repair, stop or clean a device fail on MindSpore's CPU build (recorded as such); the checkpoint
hooks, the exit hook and the group rebuild (a no-op on CPU) run as there."""
import logging
import os

_logger = logging.getLogger("sporetorch")


def _get_ckpt_dir(step, ckpt_save_path, is_tmp_file):
    """The folder a fault-tolerance checkpoint of ``step`` is saved in (``..._tmp`` while it is written)."""
    tmp = "_tmp" if is_tmp_file else ""
    return os.path.join(ckpt_save_path, f"ttp_saved_checkpoints-step_{step}{tmp}")


# MindIO's callbacks of TrainFaultTolerance. Those that repair, stop or clean a device fail on MindSpore 2.10's
# CPU build (recorded in data/ms_cpu_cannot_run/train.json); the ones below run there and here.


def _save_checkpoint_on_failure(step, save_info, args, cb_ctx):
    """Save the training state when a rank fails: through ``cb_ctx.save_cb(cb_params, append_dict)`` when the
    user gave one, else as ``ttp_rank_R-EPOCH_STEP.ckpt`` under ``<ckpt_save_path>/ttp_saved_checkpoints-
    step_S_tmp/rank_R`` with the epoch, step, rank, batch count and global step appended."""
    from ...communication.management import get_rank
    from ..serialization import save_checkpoint
    if not cb_ctx._is_params_consistent():
        raise RuntimeError("Can't save parameters, because they are left in inconsistent state!")
    cb_params = args
    cb_params.cur_step_num = cb_ctx.cur_step_num
    cb_params.cur_epoch_num = cb_ctx.cur_epoch_num
    if cb_params.optimizer is not None:
        cb_params.optimizer.global_step = cb_ctx.global_step
    if getattr(cb_params.network, "optimizer", None) is not None:
        cb_params.network.optimizer.global_step = cb_ctx.global_step
    append_dict = {"__exception_save__": True}
    if cb_ctx.save_cb:
        cb_ctx.save_cb(cb_params, append_dict)
        return
    rank = get_rank()
    step_in_epoch = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
    append_dict.update(epoch_num=cb_params.cur_epoch_num, step_num=cb_params.cur_step_num, cur_rank=rank,
                       batch_num=cb_params.batch_num, global_step=cb_ctx.global_step)
    outputs = cb_params.net_outputs
    if isinstance(outputs, (tuple, list)) and len(outputs) >= 3:
        append_dict["loss_scale"] = outputs[2]
    folder = os.path.join(_get_ckpt_dir(step, cb_ctx.ckpt_save_path, True), f"rank_{rank}")
    os.makedirs(folder, exist_ok=True)
    save_checkpoint(cb_params.train_network, os.path.join(folder, f"ttp_rank_{rank}-{cb_params.cur_epoch_num}_"
                                                                   f"{step_in_epoch}.ckpt"),
                    integrated_save=False, append_dict=append_dict)


def _rename_save_result(step, cb_ctx):
    """After a successful failure save, rename its ``..._tmp`` folder to the final one (nothing to do when the
    user's save callback saved it)."""
    if cb_ctx.save_cb:
        return
    os.rename(_get_ckpt_dir(step, cb_ctx.ckpt_save_path, True), _get_ckpt_dir(step, cb_ctx.ckpt_save_path, False))


def _tft_exit_cb(ctx):
    """MindIO's exit callback (another rank failed): log it and end this process with status 1 at once."""
    _logger.error("Enter mindio ttp exit process, which means other ranks occur exception, check other ranks' logs!")
    os._exit(1)


def _tft_rebuild_groups(fault_ranks, args, ctx):
    """MindIO's callback that rebuilds the communication groups after a repair. MindSpore's CPU build accepts
    it and rebuilds nothing (its HCCL groups exist only on Ascend); so does sporetorch."""
    _logger.warning("Enter _tft_rebuild_groups, device id: %s", getattr(ctx, "device_id", None))
