"""ReduceLROnPlateau: lower the learning rate when a monitored value stops improving."""
import torch

from ...common.parameter import Parameter
from ._early_stop import ValueReduce, _Monitor  # noqa: F401 - MindSpore 2.10 defines ValueReduce here too


class ReduceLROnPlateau(_Monitor):
    """Multiply the optimizer's learning rate by ``factor`` after ``patience`` epochs without improvement.

    Args:
        monitor (str): ``"loss"`` or an evaluation result key of ``fit``. Default: ``"eval_loss"``.
        factor (float): the multiplier, in (0, 1). Default: 0.1.
        patience (int): epochs without improvement before reducing. Default: 10.
        verbose (bool): print each reduction. Default: False.
        mode (str): ``"min"``, ``"max"`` or ``"auto"``. Default: auto.
        min_delta (float): the smallest change that counts as an improvement. Default: 1e-4.
        cooldown (int): epochs to wait after a reduction. Default: 0.
        min_lr (float): the lower bound of the learning rate. Default: 0.

    The optimizer needs a fixed learning rate (a Parameter), as in MindSpore.
    """

    def __init__(self, monitor="eval_loss", factor=0.1, patience=10, verbose=False, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0):
        super().__init__(monitor, min_delta, mode)
        if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0.0 < factor < 1.0:
            raise ValueError(f"For 'ReduceLROnPlateau', 'factor' must be in (0, 1), but got {factor!r}")
        for name, value in (("patience", patience), ("cooldown", cooldown)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"For 'ReduceLROnPlateau', '{name}' must be an int >= 0, but got {value!r}")
        self.factor = factor
        self.patience = patience
        self.verbose = bool(verbose)
        self.cooldown = cooldown
        self.min_lr = min_lr
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, run_context):
        self.cooldown_counter = 0
        self.wait = 0
        self._reset_best()

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        lr = cb_params.optimizer.learning_rate
        if not isinstance(lr, Parameter) or lr.ndim != 0:
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and group learning rate now.")
        current = self._get_monitor_value(cb_params)
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                old = float(lr._t)
                if old > self.min_lr:
                    new = max(old * self.factor, self.min_lr)
                    with torch.no_grad():
                        lr._t.fill_(new)
                    if self.verbose:
                        print(f"Epoch {cb_params.cur_epoch_num:05d}: ReduceLROnPlateau reducing learning rate "
                              f"to {new}.")
                self.cooldown_counter = self.cooldown
                self.wait = 0
