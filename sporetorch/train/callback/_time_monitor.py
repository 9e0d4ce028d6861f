"""TimeMonitor: print the time of each epoch and step."""
import time

from ._callback import Callback


class TimeMonitor(Callback):
    """Print ``Train epoch time: X ms, per step time: Y ms`` after each epoch.

    Args:
        data_size (int, optional): steps per epoch when ``cb_params.batch_num`` is unknown.
        data_time (bool): also print the time spent waiting for data. Default: False.
    """

    def __init__(self, data_size=None, data_time=False):
        super().__init__()
        if not isinstance(data_time, bool):
            raise TypeError(f"For 'TimeMonitor', 'data_time' must be a bool, but got {data_time!r}")
        self.data_size = data_size
        self.data_time = data_time
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = 0.0

    def on_train_step_begin(self, run_context):
        if self.data_time:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time:
            self.data_time_start = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = time.time()

    def epoch_end(self, run_context):
        epoch_ms = (time.time() - self.epoch_time) * 1000
        cb_params = run_context.original_args()
        steps = cb_params.get("batch_num") or self.data_size
        if not isinstance(steps, int) or steps <= 0:
            raise ValueError(f"For 'TimeMonitor', the number of steps per epoch must be a positive int, "
                             f"but got {steps!r}; pass data_size")
        log = f"{cb_params.get('mode', '').title()} epoch time: {epoch_ms:5.3f} ms, " \
              f"per step time: {epoch_ms / steps:5.3f} ms"
        if self.data_time:
            log += f" (data time: {self.data_time_sum * 1000 / steps:5.3f} ms)"
        print(log, flush=True)
