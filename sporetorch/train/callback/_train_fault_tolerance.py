"""Helpers of MindSpore 2.10's training fault tolerance (TFT, ``TrainFaultTolerance``'s MindIO hooks). The
device-repair hooks need Ascend's MindIO service; the checkpoint-path helper is plain."""
import os


def _get_ckpt_dir(step, ckpt_save_path, is_tmp_file):
    """The folder a fault-tolerance checkpoint of ``step`` is saved in (``..._tmp`` while it is written)."""
    tmp = "_tmp" if is_tmp_file else ""
    return os.path.join(ckpt_save_path, f"ttp_saved_checkpoints-step_{step}{tmp}")
