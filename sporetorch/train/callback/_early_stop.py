"""EarlyStopping: stop training when a monitored value stops improving."""
import copy

import numpy as np

from ...common.tensor import Tensor
from ...nn.cell import Cell
from ._callback import Callback, _handle_loss


class ValueReduce(Cell):
    """Sum a Tensor over every device (``ops.AllReduce``); every device gets the total, as a numpy array.

    Inputs: ``x`` (Tensor). Outputs: numpy.ndarray (``x`` itself on one device).
    """

    def __init__(self):
        super().__init__()
        from ...ops import AllReduce, ReduceOp
        self.allreduce = AllReduce(ReduceOp.SUM)

    def construct(self, x):
        return self.allreduce(x).asnumpy()

# Metrics where a smaller value is better (``mode="auto"`` minimises these).
_SMALLER_BETTER = ("hausdorff_distance", "mae", "mse", "loss", "perplexity", "mean_surface_distance",
                   "root_mean_square_distance", "eval_loss")


class _Monitor(Callback):
    """Shared monitor logic of EarlyStopping and ReduceLROnPlateau."""

    def __init__(self, monitor, min_delta, mode):
        super().__init__()
        name = type(self).__name__
        if not isinstance(monitor, str):
            raise TypeError(f"For '{name}', 'monitor' must be a str, but got {monitor!r}")
        if isinstance(min_delta, bool) or not isinstance(min_delta, (int, float)):
            raise TypeError(f"For '{name}', 'min_delta' must be a number, but got {min_delta!r}")
        if mode not in ("auto", "min", "max"):
            raise ValueError(f"mode should be 'auto', 'min' or 'max', but got {mode}.")
        self.monitor = monitor
        self.min_delta = abs(min_delta)
        self.mode = mode
        self._minimise = mode == "min" or (mode == "auto" and monitor in _SMALLER_BETTER)
        self._reset_best()

    def is_improvement(self, current, best):
        if self._minimise:
            return current < best - self.min_delta
        return current > best + self.min_delta

    def _reset_best(self):
        self.best = np.inf if self._minimise else -np.inf

    def _get_monitor_value(self, cb_params):
        if self.monitor == "loss":
            value = _handle_loss(cb_params.get("net_outputs"))
        else:
            value = (cb_params.get("eval_results") or {}).get(self.monitor)
        if value is None:
            return None
        value = np.asarray(value)
        if value.shape != ():
            raise ValueError(f"{type(self).__name__} only supports a scalar monitor, but '{self.monitor}' "
                             f"has shape {value.shape}")
        return float(value)


class EarlyStopping(_Monitor):
    """Stop training when ``monitor`` has not improved for ``patience`` epochs.

    Args:
        monitor (str): ``"loss"`` (the training loss) or a key of the evaluation results of
            ``fit`` (a metric name or ``"eval_loss"``). Default: ``"eval_loss"``.
        min_delta (float): the smallest change that counts as an improvement. Default: 0.
        patience (int): epochs without improvement before stopping. Default: 0.
        verbose (bool): print when stopping. Default: False.
        mode (str): ``"min"``, ``"max"`` or ``"auto"`` (from the monitor's name). Default: auto.
        baseline (float, optional): improvements must also beat this value to reset the patience.
        restore_best_weights (bool): load the best epoch's weights when stopping. Default: False.
    """

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False, mode="auto", baseline=None,
                 restore_best_weights=False):
        super().__init__(monitor, min_delta, mode)
        if isinstance(patience, bool) or not isinstance(patience, int) or patience < 0:
            raise ValueError(f"For 'EarlyStopping', 'patience' must be an int >= 0, but got {patience!r}")
        self.patience = patience
        self.verbose = bool(verbose)
        self.baseline = baseline
        self.restore_best_weights = bool(restore_best_weights)
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights_param_dict = None

    def on_train_begin(self, run_context):
        self.wait = 0
        self.stopped_epoch = 0
        self._reset_best()
        self.best_weights_param_dict = None

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        current = self._get_monitor_value(cb_params)
        if current is None:
            return
        network = cb_params.train_network
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = _snapshot(network)
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = _snapshot(network)
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.get("cur_epoch_num")
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                _restore(network, self.best_weights_param_dict)

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print(f"Epoch {self.stopped_epoch:05d}: early stopping")


def _snapshot(network):
    return {name: copy.deepcopy(p.asnumpy()) for name, p in network.parameters_dict().items()}


def _restore(network, snapshot):
    params = network.parameters_dict()
    for name, value in snapshot.items():
        params[name].set_data(Tensor(value))
