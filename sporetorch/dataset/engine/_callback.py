"""Dataset callbacks (``DSCallback``, ``WaitedDSCallback``): hooks a ``map`` runs at the
beginning of the pipeline, of each epoch and of each ``step_size``-th step."""
import threading


class DSCallback:
    """Base class of dataset callbacks; override the ``ds_*`` methods.

    Args:
        step_size (int): call the step hooks every ``step_size`` steps. Default: 1.
    """

    def __init__(self, step_size=1):
        if isinstance(step_size, bool) or not isinstance(step_size, int) or step_size < 1:
            raise ValueError(f"For 'DSCallback', 'step_size' must be a positive int, but got {step_size!r}")
        self.step_size = step_size

    def ds_begin(self, ds_run_context):
        """Before the pipeline starts."""

    def ds_epoch_begin(self, ds_run_context):
        """At the beginning of each epoch."""

    def ds_epoch_end(self, ds_run_context):
        """At the end of each epoch."""

    def ds_step_begin(self, ds_run_context):
        """Before each ``step_size``-th step."""

    def ds_step_end(self, ds_run_context):
        """After each ``step_size``-th step."""


class WaitedDSCallback(DSCallback):
    """A dataset callback whose ``sync_epoch_begin``/``sync_step_begin`` wait until the
    training side (``epoch_end``/``step_end``, called by ``Model``) has finished the
    previous epoch or step."""

    def __init__(self, step_size=1):
        super().__init__(step_size)
        self.epoch_event = threading.Event()
        self.step_event = threading.Event()
        self.epoch_run_context = None
        self.step_run_context = None

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        """Override: runs before a data epoch, after the training epoch before it ended."""

    def sync_step_begin(self, train_run_context, ds_run_context):
        """Override: runs before a data step, after the training step before it ended."""

    def epoch_end(self, run_context):
        self.epoch_run_context = run_context
        self.epoch_event.set()

    def step_end(self, run_context):
        self.step_run_context = run_context
        self.step_event.set()

    def ds_epoch_begin(self, ds_run_context):
        if ds_run_context.cur_epoch_num > 1:
            self.epoch_event.wait()
            self.epoch_event.clear()
            self.sync_epoch_begin(self.epoch_run_context, ds_run_context)

    def ds_step_begin(self, ds_run_context):
        if ds_run_context.cur_step_num > self.step_size:
            self.step_event.wait()
            self.step_event.clear()
            self.sync_step_begin(self.step_run_context, ds_run_context)

    def end(self, run_context):
        self.epoch_event.set()
        self.step_event.set()
