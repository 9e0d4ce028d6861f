"""``mindspore.mint.optim.fused_adamw``: :class:`FusedAdamW` and MindSpore 2.10's helpers of that module."""
from . import FusedAdamW  # noqa: F401 - the class MindSpore defines here
from ._steps import _check_adam_param_value


def _check_param_value(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name):
    """FusedAdamW's argument types: ``betas`` a tuple or list of two floats, float ``eps``,
    ``weight_decay`` and ``lr``, bool ``amsgrad`` and ``maximize``."""
    _check_adam_param_value(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name, [tuple, list])


def _resolve_global_amsgrad(params, default_amsgrad, cls_name="FusedAdamW"):
    """The one ``amsgrad`` flag of all param groups (ValueError when the groups disagree)."""
    default = bool(default_amsgrad)
    if not (isinstance(params, (list, tuple)) and params and isinstance(params[0], dict)):
        return default
    flags = [bool(group.get("amsgrad", default)) for group in params]
    if len(set(flags)) != 1:
        raise ValueError(f"{cls_name} does not support mixed amsgrad across param_groups. Found amsgrad flags per "
                         f"group: {flags}. Please keep amsgrad consistent.")
    return flags[0]
