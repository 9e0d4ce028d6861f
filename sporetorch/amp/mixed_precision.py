"""Automatic mixed precision: ``auto_mixed_precision``, ``custom_mixed_precision``, ``build_train_network``.

Cells run in low precision through ``Cell.to_float``: floating inputs are cast on entry and each
cell computes with cast copies of its Parameters, while the stored Parameters stay float32 (the
master weights the optimizer updates; gradients reach them through the casts), as in MindSpore.
"""
import functools
import inspect
import types

import torch

from .. import nn
from ..common import dtype as mstype
from ..nn.cell import Cell, _cast

_WHITE_NAMES = ("Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose", "Dense",
                "LSTMCell", "RNNCell", "GRUCell")
_BLACK_NAMES = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm")
_LEVELS = ("O0", "O1", "O2", "O3", "auto")


def _classes(names):
    return [getattr(nn, n) for n in names if hasattr(nn, n)]


def get_white_list():
    """The Cell classes that O1 runs in low precision."""
    return _classes(_WHITE_NAMES)


def get_black_list():
    """The Cell classes that O2 keeps in float32."""
    return _classes(_BLACK_NAMES)


def _cast_tree(x, tdtype):
    if isinstance(x, tuple):
        return tuple(_cast_tree(v, tdtype) for v in x)
    if isinstance(x, list):
        return [_cast_tree(v, tdtype) for v in x]
    return _cast(x, tdtype)


def _cast_outputs(cell, dtype):
    """Cast ``cell``'s floating outputs to ``dtype`` (once per cell, however often it is set up)."""
    tdtype = mstype.to_torch(dtype)
    handle = cell.__dict__.get("_amp_output_hook")
    if handle is not None:
        handle.remove()

    def hook(_cell, _inputs, output):
        return _cast_tree(output, tdtype)

    cell.__dict__["_amp_output_hook"] = cell.register_forward_hook(hook)


class _OutputTo16(Cell):
    """Cast the floating outputs of ``backbone`` to ``dtype`` (float16 by default)."""

    def __init__(self, backbone, dtype=mstype.float16):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = dtype

    def construct(self, *args, **kwargs):
        return _cast_tree(self._backbone(*args, **kwargs), mstype.to_torch(self.dtype))


def amp_cast(value, dtype):
    """``value`` cast to ``dtype`` when it is a floating Tensor; anything else unchanged."""
    from ..common.tensor import Tensor
    from ..ops.function.array_func import cast
    if isinstance(value, Tensor) and value.dtype in mstype.float_type:
        return cast(value, dtype)
    return value


class AmpDecorator:
    """A context that pushes an auto-mixed-precision strategy (level, dtype, white and black lists) on entry
    and pops it on exit."""

    def __init__(self, amp_level, amp_dtype, white_list, black_list):
        self.amp_level = amp_level
        self.amp_dtype = amp_dtype
        self.white_list = white_list
        self.black_list = black_list

    def __enter__(self):
        from .._c_expression.amp import push_amp_strategy
        push_amp_strategy(self.amp_level, self.amp_dtype, self.white_list, self.black_list)

    def __exit__(self, exc_type, exc_val, exc_tb):
        from .._c_expression.amp import pop_amp_strategy
        pop_amp_strategy()


def _set_amp_decorator(obj, amp_level, amp_dtype, white_list, black_list):
    """``obj`` (a function, method or Cell, whose ``construct`` is wrapped) run under an ``AmpDecorator``."""
    if inspect.isfunction(obj) or inspect.ismethod(obj):
        @functools.wraps(obj)
        def wrapper(*args, **kwargs):
            with AmpDecorator(amp_level, amp_dtype, white_list, black_list):
                return obj(*args, **kwargs)
        return wrapper
    if isinstance(obj, Cell):
        obj.construct = types.MethodType(
            _set_amp_decorator(obj.construct.__func__, amp_level, amp_dtype, white_list, black_list), obj)
        return obj
    raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell or function, bot got "
                    f"{type(obj)}.")


def _is_grad_accumulation(mcell):
    """Whether ``mcell`` or a cell under it is a gradient-accumulation cell."""
    if type(mcell).__name__ in {"GradAccumulationCell", "GradAccumulation"}:
        return True
    return any(_is_grad_accumulation(cell) for cell in mcell.cells())


class _OutputTo32(Cell):
    """Cast the floating outputs of ``backbone`` to float32."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *args, **kwargs):
        return _cast_tree(self._backbone(*args, **kwargs), torch.float32)


def _white_list_cast(network, white_list, dtype):
    """Run each cell of ``white_list`` in ``dtype`` with float32 outputs."""
    white = tuple(white_list)
    for _, cell in list(network.cells_and_names()):
        if white and isinstance(cell, white):
            cell.to_float(dtype)
            _cast_outputs(cell, mstype.float32)
    return network


def _black_list_cast(network, black_list, dtype):
    """Run every cell in ``dtype`` except those of ``black_list`` (float32 inside, ``dtype`` out)."""
    network.to_float(dtype)
    black = tuple(black_list)
    for _, cell in list(network.cells_and_names()):
        if black and isinstance(cell, black):
            cell.to_float(mstype.float32)
            _cast_outputs(cell, dtype)
    return network


def _check_dtype(dtype):
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}.")


def auto_mixed_precision(network, amp_level="O0", dtype=mstype.float16):
    """Return ``network`` set up for mixed precision.

    - ``O0``: unchanged.
    - ``O1``: the white-list cells (Dense, Conv*, RNN cells) run in ``dtype``, outputs cast back to float32.
    - ``O2``: everything runs in ``dtype`` except the black-list cells (BatchNorm, LayerNorm);
      the network's outputs are cast to float32.
    - ``O3``: everything runs in ``dtype``; outputs cast to float32.
    - ``auto``: as ``O1``.

    Parameters stay float32 (cast per call), so the optimizer updates float32 master weights.

    Differences from MindSpore: O1 casts at the level of white-list cells (MindSpore also
    rewrites individual operators such as MatMul inside other cells); ``auto`` is O1.
    """
    if not isinstance(network, Cell):
        raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
    _check_dtype(dtype)
    if amp_level not in _LEVELS:
        raise ValueError(f"The amp level {amp_level} is not supported")
    if amp_level == "O0":
        return network
    if amp_level in ("O1", "auto"):
        network = _white_list_cast(network, get_white_list(), dtype)
    elif amp_level == "O2":
        network = _OutputTo32(_black_list_cast(network, get_black_list(), dtype))
    else:
        network = _OutputTo32(_black_list_cast(network, [], dtype))
    object.__setattr__(network, "_amp_level", amp_level)
    return network


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=mstype.float16):
    """Mixed precision with a custom white list (cells run in ``dtype``) or black list (cells
    kept in float32, everything else in ``dtype``)."""
    if not isinstance(network, Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be provided at the same "
                         "time, please provide one or the other.")
    _check_dtype(dtype)
    if white_list is not None:
        _list_check(white_list, "white_list")
        return _white_list_cast(network, white_list, dtype)
    _list_check(black_list, "black_list")
    return _OutputTo32(_black_list_cast(network, black_list, dtype))


def _list_check(custom_list, list_name):
    if not isinstance(custom_list, list):
        raise TypeError(f"The type of {list_name} should be list, but got {type(custom_list)}")
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(f"The element in {list_name} should be a class, but got {elem}")
        if not issubclass(elem, Cell):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell', but got {elem}")


def _config_for(level):
    from ..train.loss_scale_manager import DynamicLossScaleManager
    return {
        "O0": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
        "O1": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
        "O2": {"keep_batchnorm_fp32": True, "cast_model_type": mstype.float16,
               "loss_scale_manager": DynamicLossScaleManager()},
        "O3": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float16, "loss_scale_manager": None},
        "auto": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    }[level]


class _AmpWithLossCell(Cell):
    """WithLossCell that computes the loss in float32."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        out = self._backbone(data)
        return self._loss_fn(_cast_tree(out, torch.float32), _cast_tree(label, torch.float32))


def _check_level(level, boost_level):
    """Validate ``level`` and ``boost_level``; returns ``(level, enable_boost)``."""
    if not isinstance(level, str):
        raise TypeError(f"The argument `level` must be a string in ['O0', 'O1', 'O2', 'O3', 'auto'],but got type "
                        f"{type(level)}.")
    if level not in _LEVELS:
        raise ValueError(f"For 'build_train_network', the 'level' must be in {list(_LEVELS)}, but got {level!r}")
    if boost_level not in ("O0", "O1", "O2"):
        raise ValueError(f"For 'build_train_network', the 'boost_level' must be in ['O0', 'O1', 'O2'], "
                         f"but got {boost_level!r}")
    return level, boost_level in ("O1", "O2")


def _check_kwargs(key_words):
    """Validate ``build_train_network``'s keyword arguments."""
    for key in key_words:
        if key not in ("keep_batchnorm_fp32", "cast_model_type", "loss_scale_manager"):
            raise ValueError(f"Unsupported arg '{key}'")
    if "cast_model_type" in key_words and key_words["cast_model_type"] not in (mstype.float16, mstype.float32):
        raise TypeError(f"The type of 'cast_model_type' must be in ['Float16', 'Float32'], but got "
                        f"{key_words['cast_model_type']}.")
    if "keep_batchnorm_fp32" in key_words and not isinstance(key_words["keep_batchnorm_fp32"], bool):
        raise TypeError(f"The 'keep_batchnorm_fp32' must be bool, but got "
                        f"{type(key_words['keep_batchnorm_fp32']).__name__}.")


def _add_loss_network(network, loss_fn, cast_model_type):
    """``network`` with ``loss_fn``; the loss is computed in float32 when the model runs in low precision."""
    if not isinstance(loss_fn, Cell):
        raise TypeError(f"The 'loss_fn' must be Cell, but got {type(loss_fn).__name__}.")
    if cast_model_type in (mstype.float16, mstype.bfloat16) or \
            getattr(network, "_amp_level", None) in ("O2", "O3", "auto"):
        return _AmpWithLossCell(network, loss_fn)
    return nn.WithLossCell(network, loss_fn)


def build_train_network(network, optimizer, loss_fn=None, level="O0", boost_level="O0", **kwargs):
    """Build a training cell with mixed precision and loss scaling.

    Args:
        network (Cell): the network. optimizer (Optimizer): the optimizer.
        loss_fn (Cell): wraps the network with the loss when given. Default: None.
        level (str): "O0", "O1", "O2", "O3" or "auto". Default: "O0".
        boost_level (str): "O1"/"O2" train with ``boost.BoostTrainOneStepCell`` (MindSpore's boost
            step), "O0" with ``nn.TrainOneStepCell``. Default: "O0".
        kwargs: ``keep_batchnorm_fp32`` (bool), ``cast_model_type`` (dtype), ``loss_scale_manager``.

    Returns:
        A ``TrainOneStepCell`` or (with a loss-scale update cell) ``TrainOneStepWithLossScaleCell``,
        in training mode.

    Differences from MindSpore: a dynamic loss scale (O2's default) also works on CPU.
    """
    from ..nn.optim.optimizer import Optimizer
    if not isinstance(optimizer, Optimizer) and type(optimizer).__name__ != "FreezeOpt":  # boost's, as MindSpore
        raise TypeError(f"For 'build_train_network', the 'optimizer' must be an Optimizer, but got "
                        f"{type(optimizer).__name__}")
    _check_level(level, boost_level)
    _check_kwargs(kwargs)
    config = dict(_config_for(level), **kwargs)
    if config["cast_model_type"] in (mstype.float16, mstype.bfloat16):
        black = get_black_list() if config["keep_batchnorm_fp32"] else []
        network = _OutputTo32(_black_list_cast(network, black, config["cast_model_type"]))
    elif level in ("O1", "auto"):
        network = auto_mixed_precision(network, level)
    if loss_fn is not None:
        network = _add_loss_network(network, loss_fn, config["cast_model_type"])
    manager = config["loss_scale_manager"]
    boosted = boost_level in ("O1", "O2")
    if boosted:  # MindSpore's boost training steps (gradient freezing, accumulation), imported on use
        from ..boost import BoostTrainOneStepCell, BoostTrainOneStepWithLossScaleCell
    if manager is not None:
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            cls = BoostTrainOneStepWithLossScaleCell if boosted else nn.TrainOneStepWithLossScaleCell
            return cls(network, optimizer, scale_sense=update_cell).set_train()
        cls = BoostTrainOneStepCell if boosted else nn.TrainOneStepCell
        return cls(network, optimizer, manager.get_loss_scale()).set_train()
    if boosted:
        return BoostTrainOneStepCell(network, optimizer).set_train()
    return nn.TrainOneStepCell(network, optimizer).set_train()


__all__ = ["auto_mixed_precision", "custom_mixed_precision", "build_train_network", "get_white_list",
           "get_black_list"]
