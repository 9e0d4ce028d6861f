"""BackupAndRestore: keep a ``backup.ckpt`` of the training network to resume an interrupted run."""
import os

from ._callback import Callback


class BackupAndRestore(Callback):
    """Save the training network (with the optimizer state) to ``backup_dir/backup.ckpt`` every
    ``save_freq`` epochs, load it back when training starts, and delete it when training ends.

    Args:
        backup_dir (str): the folder of the backup file (created if missing).
        save_freq (str or int): ``"epoch"`` (every epoch) or a number of epochs. Default: ``"epoch"``.
        delete_checkpoint (bool): delete the backup after a completed run. Default: True.
    """

    def __init__(self, backup_dir, save_freq="epoch", delete_checkpoint=True):
        super().__init__()
        if save_freq != "epoch" and (isinstance(save_freq, bool) or not isinstance(save_freq, int) or save_freq < 1):
            raise ValueError(f"For 'BackupAndRestore', 'save_freq' must be 'epoch' or a positive int, "
                             f"but got {save_freq!r}")
        if not isinstance(delete_checkpoint, bool):
            raise TypeError(f"For 'BackupAndRestore', 'delete_checkpoint' must be a bool, but got {delete_checkpoint!r}")
        os.makedirs(backup_dir, exist_ok=True)
        self.backup_file = os.path.join(os.path.abspath(backup_dir), "backup.ckpt")
        self.save_freq = 1 if save_freq == "epoch" else save_freq
        self.delete_checkpoint = delete_checkpoint

    def on_train_begin(self, run_context):
        if os.path.exists(self.backup_file):
            from ..serialization import load_checkpoint
            load_checkpoint(self.backup_file, net=run_context.original_args().train_network)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_epoch_num % self.save_freq == 0:
            from ..serialization import save_checkpoint
            save_checkpoint(cb_params.train_network, self.backup_file)

    def on_train_end(self, run_context):
        if self.delete_checkpoint and os.path.exists(self.backup_file):
            os.remove(self.backup_file)
