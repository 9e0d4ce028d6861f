"""LossMonitor: print the loss every ``per_print_times`` steps."""
import numpy as np

from ._callback import Callback, _handle_loss


class LossMonitor(Callback):
    """Print ``epoch: E step: S, loss is L`` every ``per_print_times`` steps and, after an
    evaluation inside ``fit``, the metrics. Stops the run with ``ValueError`` on a NaN/Inf loss.

    Args:
        per_print_times (int): print every this many steps; 0 prints nothing. Default: 1.
    """

    def __init__(self, per_print_times=1):
        super().__init__()
        if isinstance(per_print_times, bool) or not isinstance(per_print_times, int) or per_print_times < 0:
            raise ValueError(f"For 'LossMonitor', 'per_print_times' must be an int >= 0, but got {per_print_times!r}")
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        epoch = cb_params.get("cur_epoch_num", 1)
        loss = _handle_loss(cb_params.net_outputs)
        step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1
        if isinstance(loss, float) and not np.isfinite(loss):
            raise ValueError(f"In epoch: {epoch} step: {step_in_epoch}, loss is NAN or INF, training process "
                             "cannot continue, terminating training.")
        if self._per_print_times == 0:
            return
        while cb_params.cur_step_num <= self._last_print_time:
            self._last_print_time -= max(self._per_print_times,
                                         cb_params.batch_num if cb_params.get("dataset_sink_mode") else 1)
        if cb_params.cur_step_num - self._last_print_time >= self._per_print_times:
            self._last_print_time = cb_params.cur_step_num
            print(f"epoch: {epoch} step: {step_in_epoch}, loss is {loss}", flush=True)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics:
            print(f"Eval result: epoch {cb_params.cur_epoch_num}, metrics: {metrics}")
