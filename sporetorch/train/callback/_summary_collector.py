"""SummaryCollector: TensorBoard event files through ``torch.utils.tensorboard`` (optional)."""
from ._callback import Callback, _handle_loss


class LineageMetadata:
    """The keys of the model-lineage record ``SummaryCollector`` collects (MindSpore 2.10's names)."""
    train_dataset_path = "train_dataset_path"
    valid_dataset_path = "valid_dataset_path"
    train_network = "train_network"
    loss_function = "loss_function"
    loss = "loss"
    optimizer = "optimizer"
    learning_rate = "learning_rate"
    epoch = "epoch"
    step_num = "step_num"
    parallel_mode = "parallel_mode"
    device_num = "device_num"
    batch_size = "batch_size"
    model_path = "model_path"
    model_ckpt = "model_ckpt"
    model_size = "model_size"
    metrics = "metrics"
    train_dataset_size = "train_dataset_size"
    valid_dataset_size = "valid_dataset_size"


class SummaryCollector(Callback):
    """Write the training loss, the learning rate and the evaluation metrics to TensorBoard
    event files in ``summary_dir`` (view them with ``tensorboard --logdir summary_dir``).

    Args:
        summary_dir (str): the folder for the event files.
        collect_freq (int): write the loss every this many steps. Default: 10.

    Needs the optional ``tensorboard`` package. Differences from MindSpore: the files are
    TensorBoard event files, not MindInsight summaries; graphs, histograms and images are
    not collected.
    """

    def __init__(self, summary_dir, collect_freq=10, num_process=32, collect_specified_data=None, keep_default_action=True,
                 custom_lineage_data=None, collect_tensor_freq=None, max_file_size=None, export_options=None):
        super().__init__()
        if isinstance(collect_freq, bool) or not isinstance(collect_freq, int) or collect_freq < 1:
            raise ValueError(f"For 'SummaryCollector', 'collect_freq' must be a positive int, but got {collect_freq!r}")
        try:
            from torch.utils.tensorboard import SummaryWriter
        except ImportError as err:
            raise ImportError("SummaryCollector writes TensorBoard event files and needs the 'tensorboard' "
                              "package: pip install tensorboard") from err
        self.summary_dir = summary_dir
        self.collect_freq = collect_freq
        self._writer_cls = SummaryWriter
        self._writer = None

    def __enter__(self):
        if self._writer is None:
            self._writer = self._writer_cls(log_dir=self.summary_dir)
        return self

    def __exit__(self, *err):
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def on_train_step_end(self, run_context):
        p = run_context.original_args()
        step = p.cur_step_num
        if step % self.collect_freq:
            return
        loss = _handle_loss(p.get("net_outputs"))
        if isinstance(loss, float):
            self._writer.add_scalar("loss", loss, step)
        opt = p.get("optimizer")
        lr = getattr(opt, "learning_rate", None)
        if lr is not None and getattr(lr, "ndim", 1) == 0:
            self._writer.add_scalar("learning_rate", float(lr.asnumpy()), step)

    def on_train_epoch_end(self, run_context):
        p = run_context.original_args()
        for name, value in (p.get("metrics") or {}).items():
            if isinstance(value, (int, float)):
                self._writer.add_scalar(f"eval/{name}", float(value), p.cur_step_num)
        self._writer.flush()

    def on_eval_end(self, run_context):
        p = run_context.original_args()
        if p.get("mode") == "eval" and "cur_epoch_num" not in p:
            for name, value in (p.get("metrics") or {}).items():
                if isinstance(value, (int, float)):
                    self._writer.add_scalar(f"eval/{name}", float(value), 0)
            self._writer.flush()
