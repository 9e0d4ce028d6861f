"""``Model``: MindSpore's high-level train / eval / predict loop.

``Model(net, loss_fn, optimizer, metrics={"acc"})`` wraps the network into a training
cell (``amp.build_train_network``: ``WithLossCell`` + ``TrainOneStepCell``, with loss
scaling and mixed precision per ``amp_level``) and an evaluation cell
(``WithEvalCell``), then drives them over a dataset while calling the callbacks in
MindSpore 2.10's order and with its ``cb_params`` fields.
"""
import copy
import os
import logging
import numbers

import numpy as np

from ..common.tensor import Tensor
from ..nn.cell import Cell
from .callback._callback import _OLD_HOOKS, RunContext, _CallbackManager, _InternalCallbackParam
from .callback import __all__ as _callback_names
from .callback._progress import ProgressBar, progress_enabled
from .callback._time_monitor import TimeMonitor
from .dataset_helper import DatasetHelper
from .metrics import Loss, get_metric_fn, get_metrics

logger = logging.getLogger("sporetorch")

_AMP_LEVELS = ("O0", "O1", "O2", "O3", "auto")
_KWARGS = ("loss_scale_manager", "keep_batchnorm_fp32", "boost_config_dict", "acc_level")


def _check_int(name, value, minimum, func):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise ValueError(f"For 'Model.{func}', the parameter '{name}' must be an int >= {minimum}, but got {value!r}")


def _as_list(element):
    """One dataset row as a list of Tensors (what MindSpore puts in ``*_dataset_element``)."""
    if isinstance(element, Tensor):
        return [element]
    return list(element)


class Model:
    """High-level training and evaluation of a network.

    Args:
        network (Cell): the network. Without ``loss_fn`` and ``optimizer`` it is used as the
            training network as is (for example a ``TrainOneStepCell`` you built).
        loss_fn (Cell, optional): the loss; each dataset row must then be ``(data, label)``.
        optimizer (Cell, optional): the optimizer.
        metrics (set or dict, optional): metric names (``{"acc", "loss"}``) or ``{name: Metric}``.
        eval_network (Cell, optional): the evaluation network, returning
            ``(loss, prediction, label)`` or what ``eval_indexes`` points at.
        eval_indexes (list, optional): positions of loss, prediction and label in the outputs
            of ``eval_network``.
        amp_level (str): mixed precision level ``"O0"``..``"O3"`` or ``"auto"``. Default: ``"O0"``.
        boost_level (str): ``"O1"``/``"O2"`` apply ``boost.AutoBoost`` as MindSpore does on CPU/GPU
            (LessBN with grad centralization, gradient freezing; see :mod:`sporetorch.boost`) when an
            optimizer and metrics or an eval network are given. Default: ``"O0"``.
        loss_scale_manager (keyword): a ``FixedLossScaleManager``/``DynamicLossScaleManager``.
        keep_batchnorm_fp32 (keyword): keep BatchNorm in float32 under ``amp_level`` O2/O3.

    Differences from MindSpore: ``dataset_sink_mode=True`` runs ordinary steps (as MindSpore
    does on CPU); a progress bar is shown during ``train``/``eval`` when standard error is a
    terminal (``SPORETORCH_PROGRESS=0`` turns it off).
    """

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
                 amp_level="O0", boost_level="O0", **kwargs):
        if not isinstance(network, Cell):
            raise TypeError(f"For 'Model', the argument 'network' must be a Cell, but got {type(network).__name__}")
        for arg in kwargs:
            if arg not in _KWARGS:
                raise ValueError(f"The argument in 'kwargs' should be 'loss_scale_manager' or 'keep_batchnorm_fp32' "
                                 f"or 'boost_config_dict' or 'acc_level', but got '{arg}'.")
        if amp_level not in _AMP_LEVELS:
            raise ValueError(f"For 'Model', 'amp_level' must be one of {_AMP_LEVELS}, but got {amp_level!r}")
        if optimizer is None and amp_level != "O0":
            raise ValueError("Auto mixed precision will not work because 'optimizer' is None.Please set "
                             "amp_level='O0' to disable auto mixed precision or set 'optimizer' not be None to use "
                             "auto mixed precision.")
        for name, cell in (("loss_fn", loss_fn), ("optimizer", optimizer), ("eval_network", eval_network)):
            if cell is not None and not isinstance(cell, Cell):
                raise TypeError(f"For 'Model', the argument '{name}' must be a Cell, but got {type(cell).__name__}")
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._loss_scale_manager = kwargs.get("loss_scale_manager")
        self._loss_scale_manager_set = "loss_scale_manager" in kwargs
        self._keep_bn_fp32 = kwargs.get("keep_batchnorm_fp32")
        self._amp_level = amp_level
        self._boost_level = boost_level
        self._metrics = metrics
        self._eval_network = eval_network
        self._build_boost_network(kwargs)
        eval_network = self._eval_network
        self._train_network = self._build_train_network()
        self._eval_network = eval_network
        self._eval_indexes = None
        self._build_eval_network(metrics, eval_network, eval_indexes)
        self._predict_network = self._network
        self._backbone_is_train = True
        self.batch_num = -1

    # ------------------------------------------------------------------ networks
    def _build_boost_network(self, kwargs):
        """MindSpore's boost: rewrite network and optimizer for ``boost_level`` O1/O2."""
        if "acc_level" in kwargs:
            self._boost_level = kwargs["acc_level"]
        if self._boost_level not in ("O1", "O2"):
            return
        from ..boost import AutoBoost
        processor = AutoBoost(self._boost_level, kwargs.get("boost_config_dict", ""))
        if processor.level not in ("O1", "O2") or self._optimizer is None:
            return
        if self._eval_network is None and self._metrics is None:
            return
        self._network, self._optimizer = processor.network_auto_process_train(self._network, self._optimizer)
        if self._eval_network is not None:
            self._eval_network = processor.network_auto_process_eval(self._eval_network)

    def _build_train_network(self):
        network = self._network
        if self._loss_scale_manager is not None and self._optimizer is None:
            raise ValueError("The argument 'optimizer' can not be None when set 'loss_scale_manager'.")
        if self._optimizer is not None:
            from ..amp import build_train_network
            amp_config = {}
            if self._loss_scale_manager_set:
                amp_config["loss_scale_manager"] = self._loss_scale_manager
            if self._keep_bn_fp32 is not None:
                amp_config["keep_batchnorm_fp32"] = self._keep_bn_fp32
            return build_train_network(network, self._optimizer, self._loss_fn, level=self._amp_level,
                                       boost_level=self._boost_level, **amp_config)
        if self._loss_fn is not None:
            from ..nn.wrap import WithLossCell
            return WithLossCell(network, self._loss_fn)
        return network

    def _build_eval_network(self, metrics, eval_network, eval_indexes):
        self._metric_fns = get_metrics(metrics)
        if not self._metric_fns:
            return
        if eval_network is not None:
            if eval_indexes is not None and not (isinstance(eval_indexes, list) and len(eval_indexes) == 3):
                raise ValueError(f"The argument 'eval_indexes' must be a list or None. If 'eval_indexes' is a list, "
                                 f"length of it must be three. But got 'eval_indexes' {eval_indexes}")
            self._eval_network = eval_network
            self._eval_indexes = eval_indexes
            return
        if self._loss_fn is None:
            raise ValueError("If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if you "
                             "don't want an evaluation. For one data, one label and one logits, you can instead "
                             "set `loss_fn`, and an evaluation network is built from `network` and `loss_fn`.")
        from ..nn.wrap import WithEvalCell
        self._eval_network = WithEvalCell(self._network, self._loss_fn, self._amp_level in ("O2", "O3", "auto"))
        self._eval_indexes = [0, 1, 2]

    @property
    def train_network(self):
        """The network ``train`` runs (loss + backward + optimizer step)."""
        return self._train_network

    @property
    def predict_network(self):
        """The network ``predict`` runs."""
        return self._predict_network

    @property
    def eval_network(self):
        """The network ``eval`` runs."""
        return self._eval_network

    def _set_mode(self, network, is_train):
        if self._backbone_is_train != is_train:
            network.set_train(is_train)
            self._backbone_is_train = is_train
        if not is_train:
            network.set_grad(False)
        return network

    # ------------------------------------------------------------------ metrics
    def _clear_metrics(self):
        for metric in self._metric_fns.values():
            metric.clear()

    def _update_metrics(self, outputs):
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if not isinstance(outputs, tuple):
            raise ValueError(f"The argument 'outputs' should be tuple, but got {type(outputs)}.")
        if self._eval_indexes is not None and len(outputs) < 3:
            raise ValueError(f"The length of 'outputs' must be >= 3, but got {len(outputs)}")
        for metric in self._metric_fns.values():
            if self._eval_indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[self._eval_indexes[0]])
            else:
                metric.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    def _get_metrics(self):
        return {name: metric.eval() for name, metric in self._metric_fns.items()}

    # ------------------------------------------------------------------ callbacks
    @staticmethod
    def _transform_callbacks(callbacks):
        if callbacks is None:
            return []
        if isinstance(callbacks, (list, tuple)):
            return list(callbacks)
        return [callbacks]

    @staticmethod
    def _check_methods_for_custom_callbacks(callbacks, mode):
        from .callback._callback import Callback
        for cb in Model._transform_callbacks(callbacks):
            if not isinstance(cb, Callback):
                continue
            old = {name for name in _OLD_HOOKS if getattr(type(cb), name) is not getattr(Callback, name)}
            if not old or type(cb).__module__.startswith("sporetorch."):
                continue
            text = (f"For {type(cb).__name__} callback, {old} methods may not be supported in later version, Use "
                    "methods prefixed with 'on_train' or 'on_eval' instead when using customized callbacks.")
            if mode == "fit":
                raise ValueError(text)
            logger.warning(text)

    @staticmethod
    def _with_progress(callbacks):
        if progress_enabled() and not any(isinstance(cb, ProgressBar) for cb in callbacks):
            callbacks = callbacks + [ProgressBar(enabled=True)]
        return callbacks

    # ------------------------------------------------------------------ train
    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Train for ``epoch`` epochs (counting from ``initial_epoch``) over ``train_dataset``.

        Args:
            epoch (int): the final epoch number.
            train_dataset (Dataset): rows ``(data, label)`` with a ``loss_fn``, else the network's inputs.
            callbacks (Callback or list, optional): called as MindSpore calls them.
            dataset_sink_mode (bool): accepted; runs ordinary steps. Default: False.
            sink_size (int): with sink mode, steps per epoch (-1: the whole dataset).
            initial_epoch (int): the epoch to resume from. Default: 0.
        """
        sink_size = self._check_train_args("train", epoch, train_dataset, dataset_sink_mode, sink_size, initial_epoch)
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "train")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Train as ``train`` does and evaluate on ``valid_dataset`` every ``valid_frequency``
        epochs (an int, or a list of epoch numbers); results land in ``cb_params.metrics`` and
        ``cb_params.eval_results`` (which adds ``eval_loss``) for the epoch-end callbacks."""
        sink_size = self._check_train_args("fit", epoch, train_dataset, dataset_sink_mode, sink_size, initial_epoch)
        if isinstance(valid_frequency, bool) or not isinstance(valid_frequency, (int, list)):
            raise TypeError(f"For 'Model.fit', the type of 'valid_frequency' must be a list or an integer, but got "
                            f"type {type(valid_frequency)}.")
        if isinstance(valid_frequency, int) and valid_frequency < 1:
            raise ValueError(f"For 'Model.fit', 'valid_frequency' must be a positive int or a list of epochs, "
                             f"but got {valid_frequency}.")
        if valid_dataset is not None and not self._metric_fns:
            raise ValueError("For 'Model.fit', if valid_dataset is not None, the model argument 'metrics' can not be "
                             "None or empty, you should set the argument 'metrics' for model.")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "fit")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch,
                    valid_infos=(valid_dataset, valid_frequency, valid_dataset_sink_mode))

    def _check_train_args(self, func, epoch, train_dataset, dataset_sink_mode, sink_size, initial_epoch):
        if not isinstance(dataset_sink_mode, bool):
            raise TypeError(f"For 'Model.{func}', 'dataset_sink_mode' must be a bool, but got {dataset_sink_mode!r}")
        if isinstance(sink_size, bool) or not isinstance(sink_size, int):
            raise TypeError(f"For 'Model.{func}', 'sink_size' must be an int, but got {sink_size!r}")
        _check_int("epoch", epoch, 1, func)
        _check_int("initial_epoch", initial_epoch, 0, func)
        if initial_epoch >= epoch:
            raise ValueError(f"For 'Model.{func}', the parameter 'epoch' must bigger than parameter 'initial_epoch',"
                             f" but got the parameter 'epoch' is {epoch}, 'initial_epoch' is {initial_epoch}.")
        if not hasattr(train_dataset, "get_dataset_size"):
            raise TypeError(f"For 'Model.{func}', 'train_dataset' must be a sporetorch.dataset Dataset, "
                            f"but got {type(train_dataset).__name__}")
        dataset_size = train_dataset.get_dataset_size()
        if dataset_size == 0:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")
        if sink_size == -1:
            sink_size = dataset_size
        if sink_size < -1 or sink_size == 0:
            raise ValueError(f"For 'Model.{func}', The parameter 'sink_size' must be -1 or positive, "
                             f"but got {sink_size}.")
        return sink_size

    def _train(self, epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch, valid_infos=None):
        cb_params = _InternalCallbackParam()
        cb_params.cur_step_num = 0
        cb_params.train_network = self._train_network
        cb_params.epoch_num = epoch - initial_epoch
        cb_params.batch_num = sink_size if dataset_sink_mode else train_dataset.get_dataset_size()
        self.batch_num = cb_params.batch_num
        cb_params.mode = "train"
        cb_params.loss_fn = self._loss_fn
        cb_params.optimizer = self._optimizer
        from ..parallel._utils import _get_device_num, _get_parallel_mode
        cb_params.parallel_mode = _get_parallel_mode()
        cb_params.device_number = _get_device_num()
        cb_params.train_dataset = train_dataset
        cb_params.list_callback = self._with_progress(self._transform_callbacks(callbacks))
        cb_params.train_dataset_element = None
        cb_params.network = self._network
        cb_params.last_save_ckpt_step = None
        cb_params.latest_ckpt_file = None
        cb_params.loss_scale_mananger = self._loss_scale_manager  # (sic) MindSpore's field name
        cb_params.initial_step = None
        helper = DatasetHelper(train_dataset, dataset_sink_mode, sink_size if dataset_sink_mode else -1, epoch)
        try:
            with _CallbackManager(cb_params.list_callback) as list_callback:
                self._train_process(epoch, helper, list_callback, cb_params, initial_epoch, valid_infos)
        finally:
            helper.release()

    def _train_process(self, epoch, helper, list_callback, cb_params, initial_epoch, valid_infos):
        self._train_network.set_train(True)
        self._backbone_is_train = True
        cb_params.dataset_sink_mode = False
        run_context = RunContext(cb_params)
        list_callback.on_train_begin(run_context)
        for i in range(initial_epoch, epoch):
            cb_params.cur_epoch_num = i + 1
            list_callback.on_train_epoch_begin(run_context)
            for element in helper:
                element = _as_list(element)
                if self._loss_fn is not None and len(element) != 2:
                    raise ValueError(f"When 'loss_fn' is not None, 'train_dataset' should return two elements, but "
                                     f"got {len(element)}, please check the number of elements returned by "
                                     "'train_dataset'")
                cb_params.cur_step_num += 1
                cb_params.train_dataset_element = element
                list_callback.on_train_step_begin(run_context)
                self._set_mode(self._train_network, True)
                outputs = self._train_network(*element)
                cb_params.net_outputs = outputs
                manager = self._loss_scale_manager
                if manager is not None and manager.get_drop_overflow_update():
                    manager.update_loss_scale(bool(np.all(outputs[1].asnumpy())))
                list_callback.on_train_step_end(run_context)
                if run_context.get_stop_requested():
                    break
            self._eval_during_train(valid_infos, cb_params, list_callback)
            cb_params.train_dataset.reset()
            list_callback.on_train_epoch_end(run_context)
            cb_params.pop("metrics", None)
            cb_params.pop("eval_results", None)
            if run_context.get_stop_requested():
                break
        list_callback.on_train_end(run_context)

    @staticmethod
    def _should_eval(epoch, frequency):
        return epoch in frequency if isinstance(frequency, list) else epoch % frequency == 0

    def _eval_during_train(self, valid_infos, cb_params, list_callback):
        if not valid_infos or valid_infos[0] is None:
            return
        valid_dataset, frequency, _ = valid_infos
        if not self._should_eval(cb_params.cur_epoch_num, frequency):
            return
        saved = {k: cb_params.get(k) for k in ("cur_step_num", "batch_num", "dataset_sink_mode", "net_outputs")}
        # As MindSpore does, the built-in callbacks (except TimeMonitor, and here the progress bar)
        # sit out the evaluation inside fit; user callbacks see its on_eval_* hooks.
        eval_callbacks = [cb for cb in list_callback._callbacks
                          if type(cb).__name__ not in _callback_names or isinstance(cb, (TimeMonitor, ProgressBar))]
        self._start_eval(cb_params, valid_dataset)
        self._eval_process(valid_dataset, _CallbackManager(eval_callbacks), cb_params, add_eval_loss=True)
        cb_params.mode = "train"
        cb_params.update(saved)
        self._set_mode(self._train_network, True)

    # ------------------------------------------------------------------ eval
    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """Evaluate the metrics over ``valid_dataset``; returns ``{name: value}``."""
        if not isinstance(dataset_sink_mode, bool):
            raise TypeError(f"For 'Model.eval', 'dataset_sink_mode' must be a bool, but got {dataset_sink_mode!r}")
        if not self._metric_fns:
            raise ValueError("For Model.eval, the model argument 'metrics' can not be None or empty, "
                             "you should set the argument 'metrics' for model.")
        if not hasattr(valid_dataset, "get_dataset_size"):
            raise TypeError(f"For 'Model.eval', 'valid_dataset' must be a sporetorch.dataset Dataset, "
                            f"but got {type(valid_dataset).__name__}")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "eval")
        cb_params = _InternalCallbackParam()
        self._start_eval(cb_params, valid_dataset)
        cb_params.list_callback = self._with_progress(self._transform_callbacks(callbacks))
        cb_params.network = self._network
        with _CallbackManager(cb_params.list_callback) as list_callback:
            return self._eval_process(valid_dataset, list_callback, cb_params)

    def _start_eval(self, cb_params, valid_dataset):
        """Point ``cb_params`` at an evaluation of ``valid_dataset`` from step 0, with cleared metrics."""
        cb_params.eval_network = self._eval_network
        cb_params.valid_dataset = valid_dataset
        cb_params.batch_num = valid_dataset.get_dataset_size()
        cb_params.mode = "eval"
        cb_params.cur_step_num = 0
        self._clear_metrics()

    def _eval_process(self, valid_dataset, list_callback, cb_params, add_eval_loss=False):
        run_context = RunContext(cb_params)
        cb_params.dataset_sink_mode = False
        list_callback.on_eval_begin(run_context)
        helper = DatasetHelper(valid_dataset, dataset_sink_mode=False)
        self._eval_network.set_train(False)
        self._backbone_is_train = False
        # fit reports the mean eval loss too; it needs to know which output is the loss.
        eval_loss = get_metric_fn("loss") if add_eval_loss and self._eval_indexes is not None else None
        list_callback.on_eval_epoch_begin(run_context)
        for element in helper:
            element = _as_list(element)
            cb_params.cur_step_num += 1
            cb_params.eval_dataset_element = element
            list_callback.on_eval_step_begin(run_context)
            self._set_mode(self._eval_network, False)
            outputs = self._eval_network(*element)
            cb_params.net_outputs = outputs
            list_callback.on_eval_step_end(run_context)
            self._update_metrics(outputs)
            if eval_loss is not None:
                eval_loss.update(outputs[self._eval_indexes[0]])
            if run_context.get_stop_requested():
                break
        list_callback.on_eval_epoch_end(run_context)
        helper.release()
        metrics = self._get_metrics()
        cb_params.metrics = metrics
        if add_eval_loss:
            cb_params.eval_results = copy.deepcopy(metrics)
            if eval_loss is not None:
                cb_params.eval_results["eval_loss"] = eval_loss.eval()
        list_callback.on_eval_end(run_context)
        return metrics

    # ------------------------------------------------------------------ predict
    def predict(self, *predict_data, backend=None, config=None):
        """Run the network in inference mode on ``predict_data`` and return its output."""
        if backend not in ("lite", None):
            raise ValueError(f"For Model.predict, `backend` should be 'lite' or None, but got {backend}")
        for item in predict_data:
            if item is None:
                continue
            if isinstance(item, Tensor):
                if item.size == 0:
                    raise ValueError("The input data can not be empty.")
                continue
            if not isinstance(item, (int, float, str, tuple, list, dict)):
                raise TypeError(f"The types of input data must be in the Union(Tensor, None, int, float, str, "
                                f"tuple, list, dict), but got type {type(item).__name__}.")
        self._set_mode(self._predict_network, False)
        self._predict_network.set_train(False)
        return self._predict_network(*predict_data)

    def build(self, train_dataset=None, valid_dataset=None, sink_size=-1, epoch=1, sink_mode=True):
        """Kept for MindSpore compatibility: networks compile on first use here."""


# ----------------------------------------------------------------------- MindSpore 2.10's Model helpers
ARG_SPECIFIED = "arg_specified_infos"
TOTAL_ARG_LEN = "total_arg_length"


def _transfer_tensor_to_tuple(inputs):
    """A Tensor as a 1-tuple; anything else unchanged."""
    return (inputs,) if isinstance(inputs, Tensor) else inputs


def _get_arg_infos(inputs):
    """``(arg_len, arg_specified)`` of a Cell's ``set_inputs`` arguments: a list/tuple, or a dict of incremental
    inputs holding ``arg_specified_infos`` and ``total_arg_length``."""
    if isinstance(inputs, (list, tuple)):
        return len(inputs), [[idx, arg] for idx, arg in enumerate(inputs)]
    if isinstance(inputs, dict):
        arg_specified, arg_len = inputs.get(ARG_SPECIFIED, None), inputs.get(TOTAL_ARG_LEN, None)
        if arg_specified is None or arg_len is None:
            raise RuntimeError(f'The incremental inputs should be processed(with "{ARG_SPECIFIED}" and '
                               f'"{TOTAL_ARG_LEN}"), but got {inputs}.')
        return arg_len, arg_specified
    raise RuntimeError(f"inputs should be a list/tuple or a dict, but got {inputs}!")


def _find_callback(cls, callbacks):
    """The (last) callback of class ``cls`` in ``callbacks`` (one callback or a list), or None."""
    if isinstance(callbacks, cls):
        return callbacks
    found = None
    if isinstance(callbacks, list):
        for item in callbacks:
            if isinstance(item, cls):
                found = item
    return found


def _get_tft_obj(**kwargs):
    """The TrainFaultTolerance callback among ``kwargs['callbacks']``, or None."""
    from .callback._on_request_exit import TrainFaultTolerance
    return _find_callback(TrainFaultTolerance, kwargs.get("callbacks"))


def _get_ckpt_obj(**kwargs):
    """The ModelCheckpoint callback among ``kwargs['callbacks']``, or None."""
    from .callback._checkpoint import ModelCheckpoint
    return _find_callback(ModelCheckpoint, kwargs.get("callbacks"))


def _update_ckpt_callback_info(resume_train_step, **kwargs):
    """Make the ModelCheckpoint among ``kwargs['callbacks']`` count steps from ``resume_train_step``."""
    ckpt_obj = _get_ckpt_obj(**kwargs)
    if ckpt_obj is not None:
        ckpt_obj._last_triggered_step = 0
        ckpt_obj._append_step_num = resume_train_step


def _check_tft():
    """Check the training-fault-tolerance setting (``MS_ENABLE_TFT``); its limits concern Ascend devices only,
    so there is nothing to check off Ascend."""
    from .. import context
    if os.getenv("MS_ENABLE_TFT") and context.get_context("device_target") == "Ascend":
        raise ValueError("TFT runs only on Ascend devices, which sporetorch does not have.")


# ------------------------------------------------------- MindSpore 2.10's private training-loop helpers
import functools  # noqa: E402

from .callback._callback import Callback  # noqa: E402


class _StepSync(Callback):
    """Wait for the device's queued work at the end of every step."""

    @staticmethod
    def step_end(run_context):
        from ..runtime import synchronize
        synchronize()


class _FrameworkProfilerCallback(Callback):
    """Mark step boundaries for the framework profiler. MindSpore's CPU build records no framework profiler
    steps unless its Ascend profiler runs; sporetorch's profiler (torch.profiler) needs no marks either."""

    def step_begin(self, run_context):
        """Start of a step (nothing to mark)."""

    def step_end(self, run_context):
        """End of a step (nothing to mark)."""


def _save_final_ckpt(func):
    """Decorate ``Model.train``-like methods: when the ModelCheckpoint among the ``callbacks`` keyword has
    ``exception_save``, an exception saves ``PREFIX-EPOCH_STEP_breakpoint.ckpt`` before it propagates."""

    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        from .callback._checkpoint import _chg_ckpt_file_name_if_same_exist
        from .serialization import save_checkpoint
        obj = _get_ckpt_obj(**kwargs)
        config = getattr(obj, "_config", None)
        if not (obj and config and getattr(config, "exception_save", getattr(config, "_exception_save", False))):
            func(self, *args, **kwargs)
            return
        try:
            func(self, *args, **kwargs)
        except BaseException:
            prefix = _chg_ckpt_file_name_if_same_exist(obj._directory, getattr(obj, "_exception_prefix", obj._prefix),
                                                       True)
            epoch, step = getattr(self, "_current_epoch_num", 0), getattr(self, "_current_step_num", 0)
            append = dict(getattr(obj, "_append_dict", None) or config.append_dict or {})
            if "epoch_num" in append:
                append["epoch_num"] = getattr(obj, "_append_epoch_num", 0) + epoch
            if "step_num" in append:
                append["step_num"] = getattr(obj, "_append_step_num", 0) + step
            save_checkpoint(self._train_network, os.path.join(obj._directory, f"{prefix}-{epoch}_{step}_breakpoint.ckpt"),
                            config.integrated_save, config.async_save, append, config.enc_key, config.enc_mode)
            raise

    return wrapper


_REPORTS = (("HCCEError", "RS_HCCL_FAILED"), ("SuspectRemoteError", "RS_HCCL_FAILED"), ("ForceStopError", "RS_NORMAL"),
            ("ARF FINISH", "RS_PREREPAIR_FINISH"), ("STEP FINISH", "RS_STEP_FINISH"))


def _handle_exception_info(obj, uce_env, tft, e):
    """Report a training RuntimeError ``e`` to MindIO's ``tft`` by its kind (UCE, HCCE, remote, forced stop,
    ARF or step finish) and re-raise it when it is not recoverable (UCE handling off, or an unknown error)."""
    if not uce_env:
        logger.error("uce wrapper caught RuntimeError but uce not enable, enter MindIO TTP process.")
        if tft:
            tft.tft_report_error(tft.ReportState.RS_UNKNOWN.value)
        raise e
    text = str(e)
    if "UCEError" in text:
        obj.is_uce_rank = True
        if "error_code=507054" in text:
            raise RuntimeError("_handle_exception_info: repairing an HBM multi-bit ECC error needs the Ascend "
                               "device's optimizer timestamps, which MindSpore has only on Ascend.") from e
        tft.tft_report_error(tft.ReportState.RS_UCE.value)
        return
    for mark, state in _REPORTS:
        if mark in text:
            tft.tft_report_error(getattr(tft.ReportState, state).value)
            return
    logger.error("uce wrapper caught other RuntimeError, enter MindIO TTP process.")
    tft.tft_report_error(tft.ReportState.RS_UNKNOWN.value)
    raise e


def _calc_cb_initial_step(org_epoch, org_step, *args, **kwargs):
    """The step callbacks resume from after a repair at epoch ``org_epoch``, step ``org_step`` of a
    ``train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size)`` call given as ``args``/``kwargs``;
    the dataset is set to start there."""
    train_dataset = args[1]
    sink_mode = args[3] if len(args) > 3 else kwargs.get("dataset_sink_mode", True)
    sink_size = args[4] if len(args) > 4 else kwargs.get("sink_size", -1)
    if sink_mode:
        train_dataset.set_init_step(org_epoch)
        per_epoch = sink_size if sink_size != -1 else train_dataset.get_dataset_size()
        return org_epoch * per_epoch + org_step
    train_dataset.set_init_step(org_step)
    return org_step


def _handle_tft(func):
    """Decorate ``Model.train``: with a TrainFaultTolerance callback and MindIO's UCE/ARF/HCCE repair enabled
    (``MS_ENABLE_TFT``), a failing step is reported to MindIO and training resumes from the repaired step.
    MindIO exists only on Ascend clusters; without the callback the method runs as is."""

    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        obj = _get_tft_obj(**kwargs)
        if obj is None or not getattr(obj, "tft", None):
            return func(self, *args, **kwargs)
        try:
            return func(self, *args, **kwargs)
        except RuntimeError as e:
            tft_env = os.getenv("MS_ENABLE_TFT", "")
            _handle_exception_info(obj, any(m in tft_env for m in ("UCE:1", "ARF:1", "HCCE:1")), obj.tft, e)
            raise RuntimeError("_handle_tft: resuming training after a repaired failure needs MindIO's repair "
                               "service, which exists only on Ascend clusters.") from e

    return wrapper


def _append_ccae(callbacks):
    """``callbacks`` with a ClusterMonitor added when ``PERF_DUMP_CONFIG`` enables CCAE monitoring."""
    text = os.getenv("PERF_DUMP_CONFIG")
    if text is None:
        return callbacks
    config = {}
    for pair in text.split(","):
        key, value = pair.split(":")
        if value.lower() in ("true", "false"):
            config[key] = value.lower() == "true"
        else:
            config[key] = int(value) if value.isdigit() else value
    if config.get("enable", False):
        from .callback._cluster_monitor import ClusterMonitor
        if callbacks is None:
            return ClusterMonitor()
        if isinstance(callbacks, list):
            callbacks.append(ClusterMonitor())
            return callbacks
        return [callbacks, ClusterMonitor()]
    return callbacks


def _check_tft_reset_dataset():
    """Whether ``MS_ENABLE_TFT`` turns on a repair (TRE, UCE, HCCE or ARF) that resets the dataset."""
    env = os.getenv("MS_ENABLE_TFT", "")
    return any(v in env for v in ("TRE:1", "UCE:1", "HCCE:1", "ARF:1"))
