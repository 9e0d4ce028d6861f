"""``mindspore.train.amp``: automatic mixed precision (defined in ``sporetorch.amp.mixed_precision``; MindSpore
2.10 defines it here and re-exports it from ``mindspore.amp``)."""
from ..amp.mixed_precision import (AmpDecorator, _add_loss_network, _check_kwargs, _check_level,
                                   _is_grad_accumulation, _list_check, _OutputTo16, _OutputTo32,
                                   _set_amp_decorator, amp_cast, auto_mixed_precision, build_train_network,
                                   custom_mixed_precision, get_black_list, get_white_list)
from .loss_scale_manager import DynamicLossScaleManager, LossScaleManager

__all__ = ["auto_mixed_precision", "custom_mixed_precision", "build_train_network", "get_white_list",
           "get_black_list", "amp_cast", "AmpDecorator", "DynamicLossScaleManager", "LossScaleManager",
           "_OutputTo16", "_OutputTo32", "_add_loss_network", "_check_kwargs", "_check_level",
           "_is_grad_accumulation", "_list_check", "_set_amp_decorator"]


# ---------------------------------------------------------------- MindSpore 2.10's private amp helpers
# MindSpore defines these in this module. The ones that rewrite a network operator by operator
# (_insert_cast_for_operator(s), _remove_duplicated_cast, _auto_mixed_precision_rewrite, ...) work on
# mindspore.rewrite's symbol trees, which sporetorch does not have.
from ..amp.mixed_precision import _OutputTo16 as _OutputTo16Cell  # noqa: E402
from ..common import dtype as _mstype  # noqa: E402

_amp_cast_op = amp_cast
MS_AMP_BY_REWRITE = False


def _precision_set_by_user(cell_inst):
    """Whether the cell's precision was set by the user with ``to_float`` (MindSpore marks the cell ``fp32``,
    ``fp16`` or ``bf16``; sporetorch's ``to_float`` records the compute dtype as ``_cast_inputs``)."""
    if any(getattr(cell_inst, flag, False) for flag in ("fp32", "fp16", "bf16")):
        return True
    return getattr(cell_inst, "__dict__", {}).get("_cast_inputs") is not None


def _config_amp(*, enable_rewrite=None, cast_op=None):
    """Choose how ``build_train_network`` applies mixed precision (``enable_rewrite``) and the cast function
    inserted around operators (``cast_op``)."""
    global MS_AMP_BY_REWRITE, _amp_cast_op
    if enable_rewrite is not None:
        MS_AMP_BY_REWRITE = enable_rewrite
    if cast_op is not None:
        _amp_cast_op = cast_op


def _wrap_black_cells(network, black_list, dtype):
    """Replace the sub-cells of ``black_list`` classes by float32 cells with ``dtype`` outputs (recursively);
    returns whether ``network``'s own children changed."""
    from ..nn.cell import Cell
    changed = False
    for name, sub in list(network.name_cells().items()):
        if sub is network:
            continue
        if isinstance(sub, Cell) and isinstance(sub, tuple(black_list)):
            network._cells[name] = _OutputTo16Cell(sub.to_float(_mstype.float32), dtype)
            changed = True
        else:
            _wrap_black_cells(sub, black_list, dtype)
    if changed and hasattr(network, "cell_list"):
        network.__dict__["cell_list"] = list(network.cells())
    return changed


def _auto_black_list(network, black_list, dtype):
    """``network`` in ``dtype``, its ``black_list`` cells kept in float32 with ``dtype`` outputs."""
    network.to_float(dtype)
    for name, sub in list(network.name_cells().items()):
        if sub is network:
            continue
        if isinstance(sub, tuple(black_list)):
            network._cells[name] = _OutputTo16Cell(sub.to_float(_mstype.float32), dtype)
            if hasattr(network, "cell_list"):
                network.__dict__["cell_list"] = list(network.cells())
        else:
            _auto_black_list(sub, black_list, dtype)
    return network


def _do_keep_batchnorm_fp32(network):
    """Keep the BatchNorm/LayerNorm cells (MindSpore's amp black list) in float32, with float16 outputs."""
    from ..amp.mixed_precision import get_black_list
    _wrap_black_cells(network, get_black_list(), _mstype.float16)


def _auto_mixed_precision_process(network, config, level):
    """Apply ``build_train_network``'s mixed-precision ``config`` (``cast_model_type``,
    ``keep_batchnorm_fp32``) at ``level`` to ``network``."""
    if MS_AMP_BY_REWRITE:
        if config["cast_model_type"] == _mstype.float16 or level == "O2":
            level = "O2" if config["keep_batchnorm_fp32"] else "O3"
        elif config["cast_model_type"] == _mstype.float32 and level in ("O2", "O3"):
            level = "O0"
        return auto_mixed_precision(network, level)
    if config["cast_model_type"] == _mstype.float16:
        network.to_float(_mstype.float16)
        if config["keep_batchnorm_fp32"]:
            _do_keep_batchnorm_fp32(network)
        return network
    if not config["keep_batchnorm_fp32"] and level == "O2":
        network.to_float(_mstype.float16)
        return network
    if config["cast_model_type"] == _mstype.float32 and level in ("O2", "O3"):
        return network
    return auto_mixed_precision(network, level)
