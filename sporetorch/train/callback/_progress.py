"""ProgressBar: a tqdm bar for ``Model.train``/``eval`` (beyond MindSpore).

``Model`` adds one automatically when standard error is a terminal, so interactive runs
show epoch, step, loss and throughput while logs and CI output stay clean; of the workers of a
data-parallel job only rank 0 draws it. Set the
environment variable ``SPORETORCH_PROGRESS=0`` to turn the automatic bar off, or ``=1`` to
force it on.
"""
import os
import shutil
import sys
import time

from ._callback import Callback, _handle_loss


def progress_enabled(stream=None):
    """Whether the automatic progress bar is on: ``SPORETORCH_PROGRESS`` if set, else "is a TTY"."""
    flag = os.environ.get("SPORETORCH_PROGRESS", "").strip().lower()
    if flag in ("0", "false", "no", "off"):
        return False
    if flag in ("1", "true", "yes", "on"):
        return True
    if os.environ.get("RANK", "0") != "0":  # data-parallel workers: rank 0 alone draws the bar
        return False
    stream = sys.stderr if stream is None else stream
    return bool(getattr(stream, "isatty", lambda: False)())


class ProgressBar(Callback):
    """Show a tqdm progress bar per training epoch and per evaluation.

    The bar's ``loss`` is the mean over the epoch's steps so far, so that at the end of an epoch
    it is the epoch's mean loss, the figure epoch summaries report.

    Args:
        enabled (bool, optional): force the bar on or off; default: on when stderr is a TTY.
        file: the stream to draw on. Default: ``sys.stderr``.
    """

    def __init__(self, enabled=None, file=None):
        super().__init__()
        self.file = file
        self.enabled = progress_enabled(file) if enabled is None else bool(enabled)
        self._bar = None
        self._start = 0.0
        self._samples = 0
        self._loss_sum, self._loss_steps = 0.0, 0
        self._postfix = {}
        self._eval_own_bar = False
        self._first_epoch = None

    def _open(self, total, desc, leave):
        if not self.enabled:
            return
        from tqdm.auto import tqdm
        self._close()
        # A pseudo-terminal may report a 0x0 screen, where tqdm hides the bar: use a fixed size then.
        screen = shutil.get_terminal_size((0, 0))
        size = {"dynamic_ncols": True} if screen.columns > 0 and screen.lines > 0 else {"ncols": 100, "nrows": 20}
        self._bar = tqdm(total=total, desc=desc, leave=leave, unit="step",
                         file=self.file if self.file is not None else sys.stderr, **size)
        self._start = time.perf_counter()
        self._samples = 0
        self._loss_sum, self._loss_steps = 0.0, 0

    def _close(self):
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def _advance(self, cb_params, element_key, loss):
        if self._bar is None:
            return
        element = cb_params.get(element_key)
        if element:
            first = element[0]
            self._samples += first.shape[0] if getattr(first, "shape", ()) else 1
        elapsed = max(time.perf_counter() - self._start, 1e-9)
        postfix = {"samples/s": f"{self._samples / elapsed:.0f}"}
        if loss is not None:
            self._loss_sum += loss
            self._loss_steps += 1
            postfix = {"loss": f"{self._loss_sum / self._loss_steps:.4f}", **postfix}
        self._postfix = postfix
        self._bar.set_postfix(postfix, refresh=False)
        self._bar.update(1)

    def on_train_begin(self, run_context):
        self._first_epoch = None

    def on_train_epoch_begin(self, run_context):
        p = run_context.original_args()
        epoch = p.get("cur_epoch_num", 1)
        if self._first_epoch is None:
            self._first_epoch = epoch
        last = self._first_epoch - 1 + p.get("epoch_num", 1)
        self._open(p.get("batch_num"), f"Epoch {epoch}/{last}", leave=True)

    def on_train_step_end(self, run_context):
        p = run_context.original_args()
        loss = _handle_loss(p.get("net_outputs"))
        self._advance(p, "train_dataset_element", loss if isinstance(loss, float) else None)

    def on_train_epoch_end(self, run_context):
        metrics = run_context.original_args().get("metrics")
        if self._bar is not None and metrics:
            shown = {k: f"{float(v):.4f}" for k, v in metrics.items() if isinstance(v, (int, float))}
            self._bar.set_postfix({**self._postfix, **shown})
        self._close()

    def on_train_end(self, run_context):
        self._close()

    def on_eval_epoch_begin(self, run_context):
        if self._bar is not None:
            return  # evaluation inside fit: keep the epoch bar
        self._open(run_context.original_args().get("batch_num"), "Eval", leave=False)
        self._eval_own_bar = True

    def on_eval_step_end(self, run_context):
        if self._eval_own_bar:
            self._advance(run_context.original_args(), "eval_dataset_element", None)

    def on_eval_end(self, run_context):
        if self._eval_own_bar:
            self._close()
            self._eval_own_bar = False

    def __exit__(self, *err):
        self._close()
