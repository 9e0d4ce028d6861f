"""Base class of ``mindspore.experimental.optim``: torch-style parameter groups on a Cell."""
import logging
from collections import defaultdict

import torch

from ... import _accel
from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...nn.cell import Cell
from ...nn.optim.optimizer import Optimizer as _NnOptimizer
from ...ops.function._utils import _ut
from ...ops.function.creation_func import full_like
from ...ops.function.optim_func import add_weight_decay, negate

__all__ = ["Optimizer"]


class Optimizer(Cell):
    """Base class of the experimental optimizers.

    Args:
        params (Union[list[Parameter], list[dict]]): the Parameters to update, or groups: dicts
            with ``params`` and any of the optimizer's options (``lr``, ``weight_decay``, ...).
        defaults (dict): the options a group does not set.

    Each group's ``lr`` becomes a float32 Parameter ``learning_rate_group_<i>`` (also in
    ``self.lrs``), which the ``lr_scheduler`` classes update in place; a group whose ``lr`` is
    later set to a Python float uses that float. ``parameters`` is the flat tuple of all groups'
    Parameters and ``group_start_id[i]`` the index of group ``i``'s first one.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per Parameter, in ``parameters`` order.

    Differences from PyTorch: gradients are passed to the call (``optimizer(grads)``), not read
    from ``.grad``; there is no ``step()``/``zero_grad()``.
    """

    # Name of the int32 Parameter that counts the steps (MindSpore calls it ``state_step`` or ``step_t``).
    _step_counter = None

    def __init__(self, params, defaults):
        super().__init__(auto_prefix=False)
        param_groups = self._parameters_base_check(params, "params")
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups = []
        self.parameters = []
        self.lrs = []
        self.group_start_id = [0]
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)
        self.parameters = ParameterTuple(self.parameters)
        self.enable_tuple_broaden = True

    def __repr__(self):
        text = self.__class__.__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group.keys()):
                if key != "params":
                    value = group[key]
                    if key == "lr" and isinstance(value, Parameter):
                        value = value.value()
                    text += f"    {key}: {value}\n"
        return text + ")"

    def add_param_group(self, param_group):
        """Add a group (a dict with ``params`` and options) to ``param_groups``."""
        group_id = len(self.param_groups)
        param_group = self._preprocess_param_group(param_group)
        self.parameters = tuple(self.parameters) + tuple(param_group["params"])
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        lr = self._build_single_lr(param_group.get("lr"), "learning_rate_group_" + str(group_id))
        param_group["lr"] = lr
        param_group["weight_decay"] = self._preprocess_weight_decay(param_group.get("weight_decay", 0.0))
        self.lrs.append(lr)
        self.param_groups.append(param_group)
        self.group_start_id.append(self.group_start_id[-1] + len(param_group["params"]))

    # MindSpore 2.10 validates the argument as nn.Optimizer does.
    _parameters_base_check = staticmethod(_NnOptimizer._parameters_base_check)

    def _preprocess_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError("Param group must be a dict.")
        params = param_group["params"]
        if isinstance(params, Parameter):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("Optimizer parameters need to be organized in ordered collections, but the ordering of "
                            "tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        for param in param_group["params"]:
            if not isinstance(param, Parameter):
                raise TypeError(f"Optimizer can only optimize Parameters, but one of the params is {type(param)}")
        ids = [id(p) for p in param_group["params"]]
        if len(ids) != len(set(ids)):
            logging.getLogger("sporetorch").warning("Optimizer contains a parameter group with duplicate parameters.")
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if seen.intersection(ids):
            raise ValueError("some parameters appear in more than one parameter group.")
        return param_group

    def _build_single_lr(self, learning_rate, name):
        if isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool):
            learning_rate = float(learning_rate)
            if learning_rate < 0.0:
                raise ValueError(f"For '{self.cls_name}', the 'learning rate' must be a non-negative float, "
                                 f"but got {learning_rate}.")
            return Parameter(Tensor(learning_rate, mstype.float32), name)
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim == 0:
                return Parameter(learning_rate.astype(mstype.float32), name)
            raise ValueError("For 'Optimizer', if 'learning_rate' is a Tensor, then it should be scalar Tensor")
        raise TypeError("For 'Optimizer', the argument 'learning_rate' must be int, float or Tensor, "
                        f"but got {type(learning_rate)}.")

    def _preprocess_weight_decay(self, weight_decay):
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
            if weight_decay < 0.0:
                raise ValueError(f"For '{self.cls_name}', the 'weight_decay' must be a non-negative float, "
                                 f"but got {weight_decay}.")
            return weight_decay
        raise TypeError("For 'Optimizer', the argument 'Weight_decay' must be int or float.but got "
                        f"{type(weight_decay)}")

    def construct(self, gradients):
        """One step: count it on the step Parameter named by ``_step_counter`` (where the optimizer keeps
        one), then update every group with ``_update``."""
        if self._step_counter is not None:
            self._step = self._advance(getattr(self, self._step_counter))
        return self._step_groups(gradients)

    def _update(self, group, start, end, params, grads, lr):
        raise NotImplementedError

    # ------------------------------------------------------------------ shared step machinery
    def _group_lr(self, group_id):
        """The group's learning rate as a float (its Parameter's float32 value, or a float set by hand)."""
        lr = self.param_groups[group_id]["lr"]
        if isinstance(lr, Tensor):
            return self._host(lr)
        return float(lr)

    def _host(self, param):
        """A 0-d Parameter's value as a Python number, read from the device only after a write."""
        cache = self.__dict__.setdefault("_host_cache", {})
        key = id(param._t)
        hit = cache.get(key)
        version = _accel.tensor_version(param._t)
        if hit is not None and version is not None and hit[0] == version:
            return hit[1]
        value = param._t.item()
        cache[key] = (version, value)
        return value

    def _step_groups(self, gradients):
        """Call ``self._update(group, start, end, params, grads, lr)`` per group, with torch tensors,
        under ``no_grad``."""
        if not isinstance(gradients, (tuple, list)) or len(gradients) != len(self.parameters):
            got = len(gradients) if isinstance(gradients, (tuple, list)) else type(gradients).__name__
            raise ValueError(f"For '{self.cls_name}', the gradients must be a tuple with one Tensor per Parameter "
                             f"({len(self.parameters)}), but got {got}.")
        with torch.no_grad():
            for group_id, group in enumerate(self.param_groups):
                start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
                params = [p._t for p in self.parameters[start:end]]
                grads = [_ut(g) for g in gradients[start:end]]
                self._update(group, start, end, params, grads, self._group_lr(group_id))
        return True

    def _clone_state(self, prefix, fill=0.0):
        """``prefix.<name>`` Parameters like ``parameters``, filled with ``fill``."""
        return ParameterTuple(Parameter(full_like(p, float(fill)), name=f"{prefix}.{p.name}")
                              for p in self.parameters)

    def _state_t(self, state, start, end):
        return [p._t for p in state[start:end]]

    def _add_step_counter(self, name):
        """The int32 step Parameter ``name``, at 0, kept as ``self.<name>`` and counted by ``construct``."""
        self._step_counter = name
        setattr(self, name, Parameter(Tensor(0, mstype.int32), name))

    def _add_states(self, *prefixes):
        """A zero-filled ``prefix.<name>`` ParameterTuple per prefix, kept as ``self.<prefix>``."""
        for prefix in prefixes:
            setattr(self, prefix, self._clone_state(prefix))

    def _advance(self, counter):
        """Add one to an int32 step Parameter and return the new count."""
        count = int(self._host(counter)) + 1
        counter._t.add_(1)
        self.__dict__["_host_cache"][id(counter._t)] = (_accel.tensor_version(counter._t), count)
        return count

    @staticmethod
    def _steps(count, n):
        """Step tensors for torch's functional kernels, which add one before they use them."""
        return [torch.tensor(float(count - 1)) for _ in range(n)]  # torch: step-count arguments of torch's kernels

    @staticmethod
    def _decay_weight(weight_decay, params, grads):
        """L2 weight decay added to the gradients (``grad + weight_decay * param``)."""
        if weight_decay != 0.0:
            return add_weight_decay(grads, params, weight_decay)
        return grads

    @staticmethod
    def _maximize(maximize, grads):
        return negate(grads) if maximize else grads
