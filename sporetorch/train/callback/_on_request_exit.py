"""``OnRequestExit`` (graceful exit on a signal or a config-file request) and ``TrainFaultTolerance``."""
import json
import os
import signal
import threading
import warnings

from ... import context
from ..serialization import load_checkpoint, save_checkpoint
from ._callback import Callback


class OnRequestExit(Callback):
    """Stop training cleanly when the process receives ``sig`` (or ``config_file`` holds
    ``{"GracefulExit": 1}``): the current step finishes, the training network is saved to
    ``<directory>/rank_<device_id>/<file_name>_train.ckpt`` and training stops. A later run loads that
    checkpoint when training begins (``_eval.ckpt``/``_train.ckpt`` when evaluation begins).

    Args:
        save_ckpt (bool): save the checkpoint on exit. Default: True.
        save_mindir (bool): also export MindIR. Default: True.
        file_name (str): the file name stem. Default: ``"Net"``.
        directory (str): the folder. Default: ``"./"``.
        config_file (str): a JSON file polled at every step for ``{"GracefulExit": 1}``. Default: None.
        sig (int): the signal that requests the exit. Default: ``signal.SIGTERM``.

    Differences from MindSpore: MindIR cannot be written here, so ``save_mindir`` only warns; use
    ``export(..., file_format="ONNX")`` for a deployable graph.
    """

    def __init__(self, save_ckpt=True, save_mindir=True, file_name="Net", directory="./", config_file=None,
                 sig=signal.SIGTERM):
        super().__init__()
        for name, value, kind in (("save_ckpt", save_ckpt, bool), ("save_mindir", save_mindir, bool),
                                  ("sig", sig, int)):
            if not isinstance(value, kind):
                raise TypeError(f"For 'OnRequestExit', the '{name}' must be {kind.__name__}, but got "
                                f"{type(value).__name__}.")
        if hasattr(signal, "SIGKILL") and sig == signal.SIGKILL:
            raise ValueError("Not support send exit request by signal SIGKILL.")
        self.save_ckpt, self.save_mindir, self.sig = save_ckpt, save_mindir, sig
        self.remote_config_file = config_file
        self.exit = False
        self.stop_train = False
        self.lock = threading.Lock()
        folder = os.path.join(directory if directory is not None else os.getcwd(),
                              f"rank_{context.get_context('device_id')}")
        self.train_name = os.path.join(folder, f"{file_name}_train")
        self.eval_name = os.path.join(folder, f"{file_name}_eval")

    def _handle_signal(self, signum, frame):
        self.exit = True

    def _requested(self):
        if self.exit:
            return True
        if self.remote_config_file is not None and os.path.exists(self.remote_config_file):
            try:
                with open(self.remote_config_file, encoding="utf-8") as f:
                    self.exit = json.load(f).get("GracefulExit") == 1
            except (json.JSONDecodeError, AttributeError):
                warnings.warn(f"OnRequestExit: cannot parse the JSON file {self.remote_config_file}")
        return self.exit

    def _save(self, net, name):
        if self.save_ckpt:
            os.makedirs(os.path.dirname(name), exist_ok=True)
            save_checkpoint(net, name)
        if self.save_mindir:
            warnings.warn("OnRequestExit: MindIR cannot be written by sporetorch; only the checkpoint was saved.")

    def on_train_begin(self, run_context):
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt and os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=run_context.original_args().train_network)

    def on_train_step_end(self, run_context):
        with self.lock:
            if self.stop_train or not self._requested():
                return
            self._save(run_context.original_args().train_network, self.train_name)
            run_context.request_stop()
            self.stop_train = True

    def on_train_epoch_end(self, run_context):
        self.on_train_step_end(run_context)

    def on_eval_begin(self, run_context):
        signal.signal(self.sig, self._handle_signal)
        if not self.save_ckpt:
            return
        for name in (self.eval_name, self.train_name):
            if os.path.isfile(f"{name}.ckpt"):
                load_checkpoint(f"{name}.ckpt", net=run_context.original_args().eval_network)
                break

    def on_eval_step_end(self, run_context):
        if self._requested():
            run_context.request_stop()

    def on_eval_end(self, run_context):
        if self.exit:
            self._save(run_context.original_args().eval_network, self.eval_name)


class TrainFaultTolerance(Callback):
    """MindSpore's training fault tolerance (MindIO TTP: saving the state of a failing rank and resuming on a
    healthy one). It needs ``ckpt_save_path`` or a ``ckpt_save_fn`` keyword, as in MindSpore 2.10.

    Differences from MindSpore: MindIO is an Ascend-cluster service; without it there is no failure to
    recover from in one process, so the callback keeps its settings and does nothing during training.
    """

    def __init__(self, ckpt_save_path=None, **kwargs):
        super().__init__()
        if ckpt_save_path is None and kwargs.get("ckpt_save_fn") is None:
            raise ValueError("TrainFaultTolerance construct need to set ckpt_save_fn or ckpt_save_path!")
        self.ckpt_save_path = ckpt_save_path
        self.kwargs = kwargs
