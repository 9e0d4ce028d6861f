"""Training callbacks (``mindspore.train`` callbacks)."""
from ._backup_and_restore import BackupAndRestore
from ._callback import (Callback, CallbackManager, InternalCallbackParam, RunContext, _CallbackManager,
                        _InternalCallbackParam, _handle_loss)
from ._checkpoint import CheckpointConfig, ModelCheckpoint
from ._early_stop import EarlyStopping
from ._history import History
from ._lambda_callback import LambdaCallback
from ._loss_monitor import LossMonitor
from ._on_request_exit import OnRequestExit, TrainFaultTolerance
from ._lr_scheduler_callback import LearningRateScheduler
from ._progress import ProgressBar
from ._reduce_lr_on_plateau import ReduceLROnPlateau
from ._summary_collector import SummaryCollector
from ._time_monitor import TimeMonitor

__all__ = ["Callback", "RunContext", "BackupAndRestore", "CheckpointConfig", "ModelCheckpoint", "EarlyStopping", "History",
           "LambdaCallback", "LearningRateScheduler", "LossMonitor", "ProgressBar", "ReduceLROnPlateau", "SummaryCollector", "TimeMonitor",
           "OnRequestExit", "TrainFaultTolerance"]
