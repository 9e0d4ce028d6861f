"""``Callback``, ``RunContext`` and the callback-list runner that ``Model`` drives.

Hook order (recorded from MindSpore 2.10): ``on_train_begin``, then per epoch
``on_train_epoch_begin``, per step ``on_train_step_begin``/``on_train_step_end``, then
(``fit`` only) the evaluation hooks, then ``on_train_epoch_end``; finally ``on_train_end``.
The ``on_train_*``/``on_eval_*`` hooks default to the older ``begin``, ``epoch_begin``,
``step_begin``, ``step_end``, ``epoch_end`` and ``end``.
"""
from contextlib import ExitStack

import numpy as np

from ...common.tensor import Tensor

# The pre-2.0 hook names, which the on_train_*/on_eval_* hooks fall back to.
_OLD_HOOKS = ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end", "end")
_HOOKS = _OLD_HOOKS + ("on_train_begin", "on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin",
                       "on_train_step_end", "on_train_end", "on_eval_begin", "on_eval_epoch_begin",
                       "on_eval_epoch_end", "on_eval_step_begin", "on_eval_step_end", "on_eval_end")


class Callback:
    """Base class of training and evaluation callbacks.

    Override any hook; each receives a ``RunContext`` whose ``original_args()`` holds the
    ``cb_params`` (``cur_epoch_num``, ``cur_step_num``, ``batch_num``, ``epoch_num``,
    ``net_outputs``, ``optimizer``, ``train_network``, ``train_dataset``, ``loss_fn``,
    ``list_callback``, ``mode``, ...). A callback is also a context manager entered for the
    whole run.
    """

    def __enter__(self):
        return self

    def __exit__(self, *err):
        """Release resources (nothing by default)."""

    def begin(self, run_context):
        """Called once before the run (train or eval)."""

    def epoch_begin(self, run_context):
        """Called before each epoch."""

    def epoch_end(self, run_context):
        """Called after each epoch."""

    def step_begin(self, run_context):
        """Called before each step."""

    def step_end(self, run_context):
        """Called after each step."""

    def end(self, run_context):
        """Called once after the run."""

    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    def on_eval_begin(self, run_context):
        self.begin(run_context)

    def on_eval_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_eval_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_eval_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_eval_step_end(self, run_context):
        self.step_end(run_context)

    def on_eval_end(self, run_context):
        self.end(run_context)


def _forward(name):
    def hook(self, run_context):
        for cb in self._callbacks:
            getattr(cb, name)(run_context)
    hook.__name__ = name
    hook.__doc__ = f"Call ``{name}`` of every callback, in list order."
    return hook


class CallbackManager(Callback):
    """Runs a list of callbacks as one: enters each as a context manager and forwards every hook."""

    def __init__(self, callbacks):
        self._callbacks, self._stack = [], None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, (list, tuple)):
            for cb in callbacks:
                if not isinstance(cb, Callback):
                    raise TypeError("When the 'callbacks' is a list, the elements in 'callbacks' must be Callback "
                                    "functions.")
                self._callbacks.append(cb)
        elif callbacks is not None:
            raise TypeError("The 'callbacks' is not a Callback or a list of Callback.")

    def __enter__(self):
        if self._stack is None:
            self._stack = ExitStack().__enter__()
            entered = []
            for cb in self._callbacks:
                target = self._stack.enter_context(cb)
                entered.append(target if isinstance(target, Callback) else cb)
            self._callbacks = entered
        return self

    def __exit__(self, *err):
        return self._stack.__exit__(*err)


for _name in _HOOKS:
    setattr(CallbackManager, _name, _forward(_name))
_CallbackManager = CallbackManager


class InternalCallbackParam(dict):
    """``cb_params``: a dict whose keys are also attributes."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(f"cb_params has no field '{key}'") from None

    def __setattr__(self, key, value):
        self[key] = value


_InternalCallbackParam = InternalCallbackParam

# The network whose parameters a checkpoint-save op's callback fills (MindSpore's graph-sink hook).
CUR_NET = None


def set_cur_net(net):
    """Set the network that ``checkpoint_cb_for_save_op`` fills with saved parameters."""
    global CUR_NET
    CUR_NET = net


def _fill_param_into_net(net, parameter_list):
    """Load ``parameter_list`` (``[{"name": name, "data": Tensor}, ...]``, consumed) into ``net``, strictly."""
    from ...common.parameter import Parameter
    from ...common.tensor import Tensor
    from ..serialization import load_param_into_net
    parameter_dict = {}
    while parameter_list:
        item = parameter_list.pop(0)
        name, data = item["name"], item["data"]
        parameter_dict[name] = Parameter(Tensor(data.asnumpy()), name=name)
    load_param_into_net(net, parameter_dict, strict_load=True)


def checkpoint_cb_for_save_op(parameter_list):
    """Fill the network set by ``set_cur_net`` with ``parameter_list`` and clear it; False when none is set."""
    if CUR_NET is None:
        return False
    _fill_param_into_net(CUR_NET, parameter_list)
    set_cur_net(None)
    return True


def summary_cb_for_save_op(summary_list):
    """Cache ``summary_list`` (``[{"name": tag, "data": Tensor}, ...]``) for the next summary record."""
    from ..summary import _cache_summary_tensor_data
    return _cache_summary_tensor_data(summary_list)


class RunContext:
    """What a callback sees: the ``cb_params`` and a way to stop the run.

    Args:
        original_args (dict): the callback parameters.
    """

    def __init__(self, original_args):
        if not isinstance(original_args, dict):
            raise TypeError(f"The argument 'original_args' of RunContext should be dict type, "
                            f"but got {type(original_args)}.")
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        """The ``cb_params`` of the run."""
        return self._original_args

    def request_stop(self):
        """Stop after the current step (training ends after the epoch-end hooks run)."""
        self._stop_requested = True

    def get_stop_requested(self):
        return self._stop_requested


def _handle_loss(loss):
    """The loss of ``net_outputs`` as a Python float (first element of a tuple output)."""
    if isinstance(loss, (tuple, list)) and loss and isinstance(loss[0], Tensor):
        loss = loss[0]
    if isinstance(loss, Tensor):
        return float(np.mean(loss.asnumpy()))
    return loss
