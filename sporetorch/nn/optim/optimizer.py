"""``nn.Optimizer``: the base Cell of every optimizer.

An optimizer owns the network Parameters it updates (``parameters``), its state Parameters
(moments, accumulators, ``global_step``, ``learning_rate``) and per-group hyper-parameters.
Calling it with a tuple of gradients validates every gradient and hyper-parameter first and
only then mutates anything, so a failed call leaves all Parameters as they were.

Hot-path design: groups are precomputed in ``__init__`` as "buckets" of parameter indices that
share a learning rate; each step runs torch's multi-tensor (``_foreach_``) kernels once per
bucket under ``torch.no_grad()``. Scalar hyper-parameters held in Parameters (learning rate,
global step, beta powers) are read on the host through a cache keyed on the tensor's version
counter, so a steady-state step never synchronises with an accelerator.
"""
import functools
import inspect
from collections.abc import Iterable

import numpy as np
import torch

from ... import _accel
from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor, _wrap
from ...ops.function.array_func import cast
from ...ops.function.optim_func import _in_parameter_layout, _state_like, add_weight_decay, scale
from ..cell import Cell
from ..learning_rate_schedule import LearningRateSchedule
from ._validate import check_bool, check_float

_FUSED_DTYPES = (torch.float32, torch.float16, torch.bfloat16, torch.float64)
_GROUP_KEYS = ["params", "lr", "weight_decay", "order_params", "grad_centralization"]


def opt_init_args_register(fn):
    """Decorator for optimizer ``__init__``: records the arguments in ``init_args`` (and the
    parameters in ``init_params``) so that the optimizer can be rebuilt, as MindSpore does."""

    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
        bound.apply_defaults()
        arguments = dict(bound.arguments)
        arguments.pop("self")
        if "params" in arguments:
            object.__setattr__(self, "init_params", {"params": arguments.pop("params")})
        if "optimizer" in arguments:
            object.__setattr__(self, "init_params", {"params": arguments.pop("optimizer").init_params["params"]})
        if "learning_rate" in arguments:
            lr = arguments["learning_rate"]
            if isinstance(lr, Tensor):
                arguments["learning_rate"] = lr.asnumpy().tolist()
            if isinstance(lr, Cell):
                object.__setattr__(self, "init_learning_rate", None)
            else:
                object.__setattr__(self, "init_learning_rate", arguments["learning_rate"])
        object.__setattr__(self, "init_args", arguments)
        fn(self, *args, **kwargs)

    return deco


class _AssignAdd:
    """``assignadd(variable, value)``: in-place add, for subclasses written against MindSpore's API."""

    def __call__(self, variable, value):
        with torch.no_grad():
            variable._t.add_(value._t if isinstance(value, Tensor) else value)
        return variable


class _ConvertToCell(LearningRateSchedule):
    """A fixed learning-rate Parameter seen as a schedule (used when other groups are dynamic)."""

    def __init__(self, learning_rate):
        super().__init__()
        if not isinstance(learning_rate, Parameter):
            raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be Parameter, "
                            f"but got {type(learning_rate)}.")
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return _wrap(self.learning_rate._t.clone())


class _IteratorLearningRate(LearningRateSchedule):
    """A list of learning rates, one per step, held in a 1-d Parameter."""

    def __init__(self, learning_rate, name):
        super().__init__()
        if not isinstance(learning_rate, Tensor):
            raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be Tensor, "
                            f"but got {type(learning_rate)}.")
        if learning_rate.ndim != 1:
            raise ValueError(f"For 'Optimizer', the dimension of the argument 'learning_rate' should be 1, "
                             f"but got {learning_rate.ndim}.")
        self.learning_rate = Parameter(learning_rate, name)

    def construct(self, global_step):
        # MindSpore gathers: the result has the step's shape ((1,) for ``global_step``, () for a
        # 0-d step), so mindcv's ``learning_rate(optimizer.global_step - 1)[0]`` reads a scalar.
        step = cast(global_step, mstype.int64) if isinstance(global_step, Tensor) else \
            Tensor(global_step, mstype.int64)
        n = self.learning_rate.shape[0]
        if step.size and int(step.max()) >= n:
            raise RuntimeError(_exhausted_message(self.learning_rate.name, n, int(step.max())))
        return self.learning_rate[step]


def _exhausted_message(name, length, step):
    return (f"For 'Optimizer', the dynamic learning rate '{name}' holds {length} values (one per step) but "
            f"step {step} asks for value number {step + 1}: the list is exhausted. Give a longer list or a "
            f"LearningRateSchedule. No Parameter was changed.")


class _WrappedWeightDecay(Cell):
    """A weight-decay Cell multiplied by the loss scale."""

    def __init__(self, weight_decay, loss_scale=1.0):
        super().__init__()
        self.weight_decay = weight_decay
        self.loss_scale = loss_scale

    def construct(self, global_step):
        out = self.weight_decay(global_step)
        return out * self.loss_scale if self.loss_scale != 1.0 else out


class Optimizer(Cell):
    """Base class of optimizers: ``optimizer(gradients)`` updates ``parameters`` in place.

    Args:
        learning_rate (Union[float, int, Tensor, Iterable, LearningRateSchedule]): the learning
            rate: a number; a 0-d Tensor; a 1-d Tensor or a list with one value per step
            (running past its end raises RuntimeError); or a schedule Cell called with
            ``global_step``.
        parameters (Union[list[Parameter], list[dict]]): the Parameters to update, or groups:
            dicts with ``params`` and optionally ``lr``, ``weight_decay``, ``grad_centralization``;
            one dict may hold only ``order_params`` to fix the order of the Parameters.
        weight_decay (Union[float, int, Cell]): L2 coefficient added to the gradients of
            Parameters whose name contains neither ``beta`` nor ``gamma`` (in groups: of the
            group's Parameters), or a Cell computing it from ``global_step``. Default: 0.0.
        loss_scale (float): the gradients are divided by it before the update. Default: 1.0.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per Parameter, in ``parameters`` order.

    Outputs:
        tuple[bool], one ``True`` per updated Parameter, as MindSpore's update graphs return (ASGD
        and Rprop, which loop in Python there, return a single ``True``).

    Subclasses create state with ``self.parameters.clone(prefix, init)`` and implement
    ``construct(gradients)``; ``decay_weight``, ``gradients_centralization``, ``scale_grad`` and
    ``get_lr`` are available to them as in MindSpore.

    Differences from PyTorch: hyper-parameters are ``learning_rate``/``weight_decay`` (``lr=`` is a
    TypeError); gradients are passed to the call instead of being read from ``.grad``; the
    optimizer's state is a set of named Parameters and appears in checkpoints.
    """

    _support_parallel_optimizer = False
    # Names of ParameterTuple attributes holding per-Parameter state (for the fast path).
    _state_names = ()
    # How MindSpore 2.10's update graph meets odd gradients: a list instead of a tuple (its Map refuses
    # it, RuntimeError; None: accepted); fewer gradients than Parameters (the optimizers that zip them
    # in Python update the first ones only); a gradient dtype it refuses ("narrower": one that would
    # promote the Parameter, as its in-place update may not convert a Parameter; "same": not the
    # Parameter's dtype; "float": not float16/float32; None: any); the error type of a shape mismatch.
    _grads_list_error = RuntimeError
    _zip_grads = False
    _grad_dtype = "narrower"
    _grad_shape_error = ValueError

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        parameters = self._parameters_base_check(parameters, "parameters")
        if not all(isinstance(x, Parameter) for x in parameters) and \
                not all(isinstance(x, dict) for x in parameters):
            raise TypeError("For 'Optimizer', all elements of the argument 'parameters' must be 'Parameter' or "
                            "'dict', please check the 'parameters'.")
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        check_float(loss_scale, "loss_scale", self.cls_name, low=0.0, low_inclusive=False)
        self.loss_scale = loss_scale
        self.dynamic_weight_decay = False
        self.grad_centralization = False
        self.dynamic_lr = False
        self.assignadd = _AssignAdd()
        self.global_step = Parameter(Tensor(np.zeros([1], np.int32)), name="global_step")
        self.global_step_increase_tensor = Tensor(np.ones([1], np.int32))
        self.is_group = False
        self.is_group_lr = False
        self.is_group_params_ordered = False
        # MindSpore shards optimizer state only with semi/auto parallel's parallel optimizer, which
        # sporetorch refuses; custom optimizers (mindcv's AdamW) test the flag in their construct.
        self.use_parallel = False
        learning_rate = self._preprocess_single_lr(learning_rate)
        if isinstance(parameters[0], dict):
            self.is_group = True
            self.group_params = []
            self.group_lr = []
            self.group_weight_decay = []
            self.group_grad_centralization = []
            self._init_group_params(parameters, learning_rate, weight_decay, self.grad_centralization)
        self._init_opt_attrs(learning_rate, parameters, weight_decay)

    # ------------------------------------------------------------------ construction
    @staticmethod
    def _parameters_base_check(parameters, param_info):
        if parameters is None:
            raise ValueError(f"For 'Optimizer', the argument {param_info} can not be None.")
        if not isinstance(parameters, Iterable):
            raise TypeError(f"For 'Optimizer', the argument {param_info} must be Iterable type, "
                            f"but got {type(parameters)}.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"For 'Optimizer', the argument {param_info} must not be empty.")
        return parameters

    def _preprocess_weight_decay(self, weight_decay):
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            weight_decay = check_float(weight_decay, "weight_decay", self.cls_name, low=0.0)
            return weight_decay * self.loss_scale
        if isinstance(weight_decay, Cell):
            self.dynamic_weight_decay = True
            return _WrappedWeightDecay(weight_decay, self.loss_scale)
        raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int, float or Cell.but got "
                        f"{type(weight_decay)}")

    def _preprocess_single_lr(self, learning_rate):
        """Check the rate and turn it into a float, a Tensor or a LearningRateSchedule."""
        if isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool):
            return check_float(learning_rate, "learning rate", self.cls_name, low=0.0)
        if isinstance(learning_rate, Tensor) and learning_rate.ndim == 0:
            return Tensor(learning_rate._t.detach().clone().to(torch.float32))
        self.dynamic_lr = True
        if isinstance(learning_rate, LearningRateSchedule):
            return learning_rate
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim > 1:
                raise ValueError(f"For 'Optimizer', if 'learning_rate' is Tensor type, then the dimension of it "
                                 f"should be 0 or 1, but got {learning_rate.ndim}.")
            return Tensor(learning_rate._t.detach().clone().to(torch.float32))
        if isinstance(learning_rate, Iterable):
            try:
                values = np.array(list(learning_rate)).astype(np.float32)
            except (TypeError, ValueError) as e:
                raise ValueError(f"For '{self.cls_name}', the learning-rate list must hold numbers, but got "
                                 f"{learning_rate!r}") from e
            return Tensor(values)
        raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be int, float, Tensor, Iterable or "
                        f"LearningRateSchedule, but got {type(learning_rate)}.")

    def _build_single_lr(self, learning_rate, name):
        """Turn a preprocessed rate into a Parameter or a LearningRateSchedule."""
        if isinstance(learning_rate, float):
            learning_rate = Parameter(Tensor(learning_rate, mstype.float32), name)
        elif isinstance(learning_rate, Tensor) and learning_rate.ndim == 0:
            learning_rate = Parameter(learning_rate, name)
        elif isinstance(learning_rate, Tensor):
            return _IteratorLearningRate(learning_rate, name)
        else:
            return learning_rate
        if self.is_group_lr and self.dynamic_lr:
            return _ConvertToCell(learning_rate)
        return learning_rate

    def _check_group_params(self, parameters):
        for i, group in enumerate(parameters):
            bad = [k for k in group.keys() if k not in _GROUP_KEYS]
            if bad:
                raise KeyError(f"For 'Optimizer', the key in group params must be one of in {_GROUP_KEYS}, "
                               f"but got {bad} in group {i}.")
            if "order_params" in group:
                if len(group) > 1:
                    raise ValueError(f"For 'Optimizer', the order params dict in group parameters should only "
                                     f"include the 'order_params' key, but got {group.keys()}.")
                if not isinstance(group["order_params"], Iterable):
                    raise TypeError(f"For 'Optimizer', the value of 'order_params' in group parameters should be "
                                    f"Iterable type, but got {type(group['order_params'])}.")
                continue
            if "params" not in group:
                raise KeyError(f"For 'Optimizer', group {i} has no 'params' key.")
            params = self._parameters_base_check(group["params"], "group `params`")
            for index, param in enumerate(params):
                if not isinstance(param, Parameter):
                    raise TypeError(f"For 'Optimizer', the element in group parameters must be Parameter type, "
                                    f"but got {type(param)} at index {index} of group {i}.")

    def _parse_group_params(self, parameters, learning_rate):
        self._check_group_params(parameters)
        tensor_lr_length = learning_rate.size if isinstance(learning_rate, Tensor) and learning_rate.ndim == 1 \
            else 0
        for group in parameters:
            if "order_params" in group:
                self.is_group_params_ordered = True
                continue
            if "lr" in group:
                self.is_group_lr = True
                group_lr = self._preprocess_single_lr(group["lr"])
                if isinstance(group_lr, Tensor) and group_lr.ndim == 1:
                    if tensor_lr_length == 0:
                        tensor_lr_length = group_lr.size
                    elif group_lr.size != tensor_lr_length:
                        raise ValueError("For 'Optimizer', the Tensor type dynamic learning rate in group must be "
                                         "the same size as the argument 'learning_rate'.")

    def _init_group_params(self, parameters, learning_rate, weight_decay, grad_centralization):
        self._parse_group_params(parameters, learning_rate)
        default_lr = self._build_single_lr(learning_rate, "learning_rate")
        seen_names = set()
        ordered = []
        for group_num, group in enumerate(parameters):
            if "order_params" in group:
                ordered = list(group["order_params"])
                continue
            group_params = list(group["params"])
            self.group_params += group_params
            if "lr" in group:
                lr = self._build_single_lr(self._preprocess_single_lr(group["lr"]),
                                           "learning_rate_group_" + str(group_num))
            else:
                lr = default_lr
            wd = self._preprocess_weight_decay(group.get("weight_decay", weight_decay))
            if "grad_centralization" in group:
                self.grad_centralization = check_bool(group["grad_centralization"], "grad_centralization",
                                                      self.cls_name)
                gc = self.grad_centralization
            else:
                gc = grad_centralization
            for param in group_params:
                if param.name in seen_names:
                    raise RuntimeError(f"For 'Optimizer', the {param.name} parameter already exists, it does not "
                                       f"support repeated setting. Please check whether the optimizer parameter "
                                       f"has been set multiple times.")
                seen_names.add(param.name)
                self.group_lr.append(lr)
                self.group_weight_decay.append(wd)
                self.group_grad_centralization.append(gc)
        if self.is_group_params_ordered and ordered:
            self._order_and_adjust_group_params(ordered)

    def _order_and_adjust_group_params(self, ordered_parameters):
        n = len(self.group_params)
        if len(ordered_parameters) != n:
            raise ValueError(f"For 'Optimizer',the length of order parameters must be the same as the length of "
                             f"group parameters, but got order parameters' length {len(ordered_parameters)}, "
                             f"group parameters' length {n}.")
        names = [p.name for p in ordered_parameters]
        out = [[None] * n for _ in range(4)]
        for param, lr, wd, gc in zip(self.group_params, self.group_lr, self.group_weight_decay,
                                     self.group_grad_centralization):
            if param.name not in names:
                raise ValueError(f"For 'Optimizer', the parameter '{param.name}' of the groups is missing from "
                                 f"'order_params'.")
            index = names.index(param.name)
            for lst, v in zip(out, (param, lr, wd, gc)):
                lst[index] = v
        self.group_params, self.group_lr, self.group_weight_decay, self.group_grad_centralization = out

    def _init_opt_attrs(self, learning_rate, parameters, weight_decay):
        weight_decay = self._preprocess_weight_decay(weight_decay)
        if self.is_group_lr:
            if self.dynamic_lr:
                from ..layer.container import CellList
                # One entry per Parameter (repeats allowed) and no renaming, as MindSpore's
                # CellList(group_lr, auto_prefix=False).
                self.learning_rate = CellList(self.group_lr, auto_prefix=False)
                self.__dict__["_lr_per_param"] = tuple(self.group_lr)
            else:
                # One entry per Parameter (repeats allowed), as MindSpore's ParameterTuple(group_lr).
                for p in _unique(self.group_lr):
                    self.insert_param_to_cell(p.name, p, check_name_contain_dot=False)
                lr_tuple = tuple.__new__(ParameterTuple, self.group_lr)
                object.__setattr__(self, "learning_rate", lr_tuple)
                self.__dict__["_lr_per_param"] = lr_tuple
        else:
            self.learning_rate = self._build_single_lr(learning_rate, "learning_rate")
        if self.is_group:
            self.parameters = ParameterTuple(self.group_params)
            self.decay_flags = tuple(isinstance(x, Cell) or x > 0 for x in self.group_weight_decay)
            self.dynamic_decay_flags = tuple(isinstance(x, Cell) for x in self.group_weight_decay)
            self.weight_decay = tuple(x if isinstance(x, Cell) else Tensor(x, mstype.float32)
                                      for x in self.group_weight_decay)
            self.exec_weight_decay = any(self.decay_flags)
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
            wd_per_param = list(self.group_weight_decay)
        else:
            self.parameters = ParameterTuple(parameters)
            self.decay_flags = tuple("beta" not in x.name and "gamma" not in x.name for x in self.parameters)
            self.dynamic_decay_flags = isinstance(weight_decay, Cell)
            self.exec_weight_decay = isinstance(weight_decay, Cell) or weight_decay > 0
            self.weight_decay = weight_decay if isinstance(weight_decay, Cell) else Tensor(weight_decay,
                                                                                           mstype.float32)
            self.grad_centralization_flags = (False,) * len(self.parameters)
            wd_per_param = [weight_decay] * len(self.parameters)
        self.__dict__["_parameters"] = self.parameters
        self.reciprocal_scale = Tensor(1.0 / self.loss_scale, mstype.float32)
        self.need_scale = self.loss_scale != 1.0
        self.param_length = len(self.parameters)
        self.optim_filter = (True,) * self.param_length
        # For subclasses written against MindSpore's API (``self.hyper_map(F.partial(...), ...)``).
        from ...ops.composite import HyperMap, Map
        self.map_ = Map()
        self.map_reverse = Map(None, True)
        self.hyper_map = HyperMap()
        self.hyper_map_reverse = HyperMap(None, True)
        self._build_plan(wd_per_param)

    def _build_plan(self, wd_per_param):
        """Precompute the per-step work: learning-rate buckets, decay buckets, centralised indices."""
        d = self.__dict__
        n = len(self.parameters)
        d["_host_cache"] = {}
        lr_per_param = d.get("_lr_per_param")
        if lr_per_param is None:
            d["_lr_buckets"] = [(None, self.learning_rate)]
        else:
            buckets = {}
            for i, src in enumerate(lr_per_param):
                buckets.setdefault(id(src), (src, []))[1].append(i)
            d["_lr_buckets"] = [(None if len(idx) == n else tuple(idx), src) for src, idx in buckets.values()]
        decay = {}
        for i, (flag, wd) in enumerate(zip(self.decay_flags, wd_per_param)):
            if flag:
                decay.setdefault(id(wd), (wd, []))[1].append(i)
        d["_decay_buckets"] = [(None if len(idx) == n else tuple(idx), wd) for wd, idx in decay.values()]
        d["_gc_index"] = tuple(i for i, (f, p) in enumerate(zip(self.grad_centralization_flags, self.parameters))
                               if f and p.ndim > 1 and p.shape[1] % 16 == 0)

    # ------------------------------------------------------------------ host scalars
    def _host(self, param):
        """``param``'s value as a Python number or list, re-read only when the tensor changed."""
        t = param._t
        version = _accel.tensor_version(t)
        entry = self._host_cache.get(id(param))
        if entry is not None and entry[0] is t and version is not None and entry[1] == version:
            return entry[2]
        value = t.tolist()
        self._host_cache[id(param)] = (t, version, value)
        return value

    def _set_host(self, param, value):
        """Record the value just written in place into ``param`` (keeps the cache warm)."""
        t = param._t
        self._host_cache[id(param)] = (t, _accel.tensor_version(t), value)

    def _step_number(self):
        return self._host(self.global_step)[0]

    def _lr_float(self, src, step):
        if isinstance(src, Parameter):
            return self._host(src)
        if isinstance(src, _IteratorLearningRate):
            values = self._host(src.learning_rate)
            if step >= len(values):
                raise RuntimeError(_exhausted_message(src.learning_rate.name, len(values), step))
            return values[step]
        if isinstance(src, _ConvertToCell):
            return self._host(src.learning_rate)
        out = src(self.global_step)
        if not isinstance(out, Tensor) or out.size != 1:
            raise TypeError(f"For '{self.cls_name}', the learning-rate schedule {type(src).__name__} must return a "
                            f"one-element Tensor, but got {out!r}")
        return out._t.item()

    def _wd_float(self, wd):
        if isinstance(wd, Cell):
            out = wd(self.global_step)
            return out._t.item() if isinstance(out, Tensor) else float(out)
        return wd

    def _per_param(self, buckets, values):
        """Spread one value per bucket of ``buckets`` (``(idx, _)`` pairs, ``idx`` None meaning all)
        over the Parameters: a list with one value per Parameter, 0.0 where no bucket applies."""
        out = [0.0] * len(self.parameters)
        for (idx, _), value in zip(buckets, values):
            for i in (range(len(out)) if idx is None else idx):
                out[i] = value
        return out

    def _per_param_decay(self):
        """Weight decay per Parameter for this step (0 where it does not apply)."""
        return self._per_param(self._decay_buckets, [self._wd_float(wd) for _, wd in self._decay_buckets])

    # ------------------------------------------------------------------ step helpers
    def _check_grads(self, gradients):
        """Return the torch tensors of ``gradients`` after checking count and shapes.

        Also records in ``_fusable_step`` whether this step may use torch's fused kernels: every
        Parameter and gradient still has the one dtype the optimizer was built with.
        """
        params = self.parameters
        if isinstance(gradients, list) and self._grads_list_error is not None:
            raise self._grads_list_error(f"For '{self.cls_name}', the gradients must be a tuple of Tensors, but got "
                                         f"a list")
        try:
            grads = [g._t for g in gradients]
            count_ok = len(grads) == len(params) or (self._zip_grads and 0 < len(grads) < len(params))
            ok = count_ok and all([g.shape == p._t.shape for g, p in zip(grads, params)])
        except (AttributeError, TypeError):
            ok = False
        if not ok:
            self._raise_bad_grads(gradients)
        if self._grad_dtype is not None:
            self._check_grad_dtypes(grads, params)
        fused_dtype = self.__dict__.get("_fused_dtype")
        fusable = fused_dtype is not None and \
            all([g.dtype is fused_dtype and p._t.dtype is fused_dtype for g, p in zip(grads, params)])
        if fusable:
            grads, fusable = _in_parameter_layout(grads, params)
        self.__dict__["_fusable_step"] = fusable
        if not fusable:
            # A gradient in another dtype (or on another device) than its Parameter is converted
            # here, before anything is updated, rather than failing halfway through the kernels.
            grads = [g if g.dtype == p._t.dtype and g.device == p._t.device else g.to(p._t)
                     for g, p in zip(grads, params)]
        return grads

    def _raise_bad_grads(self, gradients):
        """Raise the error that describes what is wrong with ``gradients``."""
        params = self.parameters
        if not isinstance(gradients, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the gradients must be a tuple of Tensors (one per Parameter), "
                            f"but got {type(gradients).__name__}")
        if len(gradients) != len(params) and not (self._zip_grads and 0 < len(gradients) < len(params)):
            raise RuntimeError(f"For '{self.cls_name}', the number of gradients ({len(gradients)}) must equal the "
                               f"number of Parameters ({len(params)}); the first Parameter is '{params[0].name}'. "
                               f"No Parameter was changed.")
        for i, (g, p) in enumerate(zip(gradients, params)):
            gt = g._t if isinstance(g, Tensor) else g
            if not isinstance(gt, torch.Tensor):
                raise TypeError(f"For '{self.cls_name}', the gradient {i} for Parameter '{p.name}' must be a Tensor, "
                                f"but got {type(g).__name__}. No Parameter was changed.")
            if gt.shape != p._t.shape:
                raise self._grad_shape_error(
                    f"For '{self.cls_name}', the gradient {i} has shape {tuple(gt.shape)} but the Parameter "
                    f"'{p.name}' has shape {p.shape}; the gradients must follow the order of "
                    f"'optimizer.parameters'. No Parameter was changed.")
        raise TypeError(f"For '{self.cls_name}', the gradients must be Tensors, but got {gradients!r}")

    def _check_grad_dtypes(self, grads, params):
        for i, (g, p) in enumerate(zip(grads, params)):
            if self._grad_dtype == "same" and g.dtype != p._t.dtype:
                raise TypeError(f"For '{self.cls_name}', the gradient {i} must have the dtype of Parameter "
                                f"'{p.name}' ({p.dtype}), but got {_wrap(g).dtype}. No Parameter was changed.")
            if self._grad_dtype == "float" and g.dtype not in (torch.float16, torch.float32):
                raise TypeError(f"For '{self.cls_name}', the gradient {i} must be a Float16 or Float32 Tensor, but "
                                f"got {_wrap(g).dtype}. No Parameter was changed.")
            if self._grad_dtype == "narrower" and torch.promote_types(g.dtype, p._t.dtype) != p._t.dtype:
                raise TypeError(f"For '{self.cls_name}', the gradient {i} ({_wrap(g).dtype}) would promote Parameter "
                                f"'{p.name}' ({p.dtype}): data type conversion is not supported for a Parameter. "
                                f"No Parameter was changed.")

    def _updated(self, gradients):
        """What the call returns: one ``True`` per gradient applied."""
        return (True,) * len(gradients)

    def _begin_step(self, gradients, decay=True):
        """Validate everything, then preprocess the gradients and advance ``global_step``.

        Returns ``(grads, lrs)``: torch gradient tensors (after weight decay, centralisation and
        loss-scale division; never the caller's tensors modified in place) and one Python
        learning rate per bucket of ``_lr_buckets``.
        """
        grads, step, lrs = self._read_step(gradients)
        wds = [self._wd_float(wd) for _, wd in self._decay_buckets] if decay and self.exec_weight_decay else ()
        with torch.no_grad():
            grads = self._apply_decay(grads, wds)
            grads = self._apply_gc(grads)
            if self.need_scale:
                grads = scale(grads, 1.0 / self.loss_scale)
        self._advance_global_step(step)
        return grads, lrs

    def _read_step(self, gradients):
        """Check ``gradients`` and read this step's number and learning rates, changing nothing.

        Returns ``(grads, step, lrs)``: the gradients' torch tensors, ``global_step`` before this
        step, and one Python learning rate per bucket of ``_lr_buckets``.
        """
        grads = self._check_grads(gradients)
        step = self._step_number()
        return grads, step, [self._lr_float(src, step) for _, src in self._lr_buckets]

    def _advance_global_step(self, step):
        """``global_step`` (read as ``step``) += 1, in place, keeping its host copy warm."""
        with torch.no_grad():
            self.global_step._t.add_(1)
        self._set_host(self.global_step, [step + 1])

    def _enable_fused(self):
        """Allow torch's fused kernels when all Parameters share one floating dtype and device
        (checked again on every step by ``_check_grads``)."""
        ts = [p._t for p in self.parameters]
        dtypes = {t.dtype for t in ts}
        devices = {t.device for t in ts}
        ok = len(dtypes) == 1 and len(devices) == 1 and next(iter(dtypes)) in _FUSED_DTYPES \
            and all(not t.is_sparse for t in ts)
        self.__dict__["_fused_dtype"] = next(iter(dtypes)) if ok else None
        self.__dict__["_fused_device"] = next(iter(devices)) if ok else None
        self.__dict__["_fusable_step"] = False

    def _params_t(self):
        return [p._t for p in self.parameters]

    def _apply_decay(self, grads, wds):
        if not wds:
            return grads
        params = self._params_t()[:len(grads)]
        for (idx, _), wd in zip(self._decay_buckets, wds):
            if wd == 0:
                continue
            if idx is not None:
                idx = [i for i in idx if i < len(grads)]
            if idx is None:
                grads = add_weight_decay(grads, params, wd)
            else:
                sel = add_weight_decay([grads[i] for i in idx], [params[i] for i in idx], wd)
                grads = list(grads)
                for i, g in zip(idx, sel):
                    grads[i] = g
        return grads

    def _apply_gc(self, grads):
        if not self._gc_index:
            return grads
        grads = list(grads)
        for i in self._gc_index:
            if i >= len(grads):
                continue
            g = grads[i]
            grads[i] = g - g.mean(dim=tuple(range(1, g.dim())), keepdim=True)
        return grads

    def _bucket_lists(self, idx, *lists):
        """Select the entries of a bucket (``idx`` None means all) from each list; with fewer gradients
        than Parameters (``_zip_grads``), from the first entries only."""
        n = min(len(lst) for lst in lists)
        if idx is None:
            return lists if all(len(lst) == n for lst in lists) else tuple(lst[:n] for lst in lists)
        return tuple([lst[i] for i in idx if i < n] for lst in lists)

    def _state_t(self, name):
        return [p._t for p in getattr(self, name)]

    # ------------------------------------------------------------------ public API
    @property
    def unique(self):
        return True

    @property
    def target(self):
        return "GPU" if self.parameters[0]._t.is_cuda else "CPU"

    @target.setter
    def target(self, value):
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError(f"For 'Optimizer', the property 'target' must be one of ['CPU', 'Ascend' ,'GPU'], "
                             f"but got {value}")

    def flatten_gradients(self, gradients):
        return gradients

    def decay_weight(self, gradients):
        """Return ``gradients`` with ``weight_decay * parameter`` added where decay applies."""
        if not self.exec_weight_decay:
            return gradients
        grads = self._check_grads(gradients)
        wds = [self._wd_float(wd) for _, wd in self._decay_buckets]
        with torch.no_grad():
            return tuple(_wrap(g) for g in self._apply_decay(grads, wds))

    def gradients_centralization(self, gradients):
        """Return ``gradients`` centralised (mean over all but the first axis removed) for the groups
        with ``grad_centralization``."""
        if not self._gc_index:
            return gradients
        with torch.no_grad():
            return tuple(_wrap(g) for g in self._apply_gc(self._check_grads(gradients)))

    def scale_grad(self, gradients):
        """Return ``gradients`` divided by ``loss_scale``."""
        if not self.need_scale:
            return gradients
        with torch.no_grad():
            return tuple(_wrap(g) for g in scale(self._check_grads(gradients), 1.0 / self.loss_scale))

    def get_weight_decay(self):
        """The weight decay of the current step (a tuple per Parameter in group mode)."""
        if self.dynamic_weight_decay:
            if self.is_group:
                return tuple(wd(self.global_step) if flag else wd
                             for wd, flag in zip(self.weight_decay, self.dynamic_decay_flags))
            return self.weight_decay(self.global_step)
        return self.weight_decay

    def get_lr(self):
        """The learning rate of the current step: the ``learning_rate`` Parameter, or the schedule's
        value at ``global_step`` (a tuple, one per Parameter, when groups have their own rates)."""
        if not self.dynamic_lr:
            return self.learning_rate
        if self.is_group_lr:
            return tuple(src(self.global_step).reshape(()) for src in self._lr_per_param)
        return self.learning_rate(self.global_step).reshape(())

    def get_lr_parameter(self, param):
        """The learning-rate Parameter (or schedule) of ``param`` (a Parameter or a list of them)."""
        if isinstance(param, Parameter):
            param_list = [param]
        elif isinstance(param, list):
            param_list = param
        else:
            raise TypeError(f"For 'get_lr_parameter', the 'param' must be 'Parameter' or 'list' type, "
                            f"but got {type(param)}.")
        ids = [id(p) for p in self.parameters]
        out = []
        for p in param_list:
            if not isinstance(p, Parameter):
                raise TypeError(f"For '{self.cls_name}', the 'parameter' must be Parameter, but got {type(p)}")
            if id(p) not in ids:
                raise ValueError(f"For 'get_lr_parameter', the parameter {p.name} is not in optimizer, please check "
                                 f"whether the argument 'param' is correct.")
            src = self._lr_per_param[ids.index(id(p))] if self.is_group_lr else self.learning_rate
            out.append(src.learning_rate if isinstance(src, (_ConvertToCell, _IteratorLearningRate)) else src)
        return out if isinstance(param, list) else out[0]

    def _is_dynamic_lr_or_weight_decay(self):
        return self.dynamic_lr or self.dynamic_weight_decay

    def broadcast_params(self, optim_result):
        return optim_result

    def construct(self, *hyper_params):
        raise NotImplementedError(f"Optimizer '{self.cls_name}' must define construct(gradients)")

    # ------------------------------------------------------------------ state creation
    def _clone_state(self, prefix, fill=0.0, dtype=None, mapped=False):
        """A ParameterTuple ``<prefix>.<param name>`` filled with ``fill`` (MindSpore's
        ``parameters.clone(prefix, init)`` without going through an initializer). ``mapped``: CPU
        state that is seldom written (flags) takes memory of its own (``_accel.buffer``)."""
        out = []
        for p in self.parameters:
            if mapped and p._t.device.type == "cpu":
                t = _accel.buffer(p._t.shape, fill, dtype or p._t.dtype)
            else:
                t = _state_like(p._t, fill, dtype)
            out.append(Parameter(t, name=f"{prefix}.{p.name}", requires_grad=p.requires_grad))
        return ParameterTuple(out)


def _unique(items):
    """``items`` without repeats (by identity), in order."""
    seen, out = set(), []
    for x in items:
        if id(x) not in seen:
            seen.add(id(x))
            out.append(x)
    return out


__all__ = ["Optimizer", "opt_init_args_register"]


# ------------------------------------------------------------------ MindSpore's per-gradient helpers
# The functions MindSpore registers on its ``apply_decay``, ``apply_grad_centralization``, ``grad_scale`` and
# ``indices_deduplicate`` MultitypeFuncGraphs, one per input kind, as plain functions of the same names.
def _tensor_apply_decay(weight_decay, if_apply, weight, gradient):
    """``gradient + weight * weight_decay`` when ``if_apply``, else ``gradient``."""
    from ... import ops
    if if_apply:
        return ops.add(ops.mul(weight, ops.cast(weight_decay, weight.dtype)), gradient)
    return gradient


def _tensor_apply_decay_with_sparse(weight_decay, if_apply, weight, gradient):
    """The RowTensor form of :func:`_tensor_apply_decay`: the decay of the gradient's rows of ``weight``."""
    from ... import ops
    from ...common.sparse_tensor import RowTensorInner
    if if_apply:
        rows = ops.gather(weight, gradient.indices, 0)
        values = ops.add(ops.mul(rows, ops.cast(weight_decay, weight.dtype)), gradient.values)
        return RowTensorInner(gradient.indices, values, gradient.dense_shape)
    return gradient


def _centralize(gradient):
    """Gradient centralization (MindSpore's ``Centralization`` over every axis but the first): the gradient
    less its mean; left as it is for 1-D gradients and where dim 1 is not a multiple of 16, as MindSpore does."""
    from ... import ops
    shape = gradient.shape
    axis = tuple(range(1, len(shape)))
    if not axis or shape[1] % 16 != 0:
        return None
    return ops.sub(gradient, ops.mean(gradient, axis, keep_dims=True))


def _tensor_apply_grad_centralization(if_apply, gradient):
    """The centralized gradient when ``if_apply`` (see :func:`_centralize`), else ``gradient``.

    Differences from MindSpore: its CPU build has no kernel for the centralization itself; it is computed here."""
    if if_apply:
        out = _centralize(gradient)
        return gradient if out is None else out
    return gradient


def _tensor_apply_grad_centralization_with_sparse(if_apply, gradient):
    """The RowTensor form of :func:`_tensor_apply_grad_centralization` (the rows are centralized)."""
    from ...common.sparse_tensor import RowTensorInner
    if if_apply:
        out = _centralize(gradient.values)
        if out is not None:
            return RowTensorInner(gradient.indices, out, gradient.dense_shape)
    return gradient


def tensor_grad_scale(scale, grad):
    """``grad * scale`` (a Python number; ``grad`` itself when it is 1.0)."""
    from ... import ops
    if scale == 1.0:
        return grad
    return ops.mul(grad, ops.cast(scale, grad.dtype))


def tensor_grad_scale_with_tensor(scale, grad):
    """``grad * scale`` for a Tensor ``scale``."""
    from ... import ops
    return ops.mul(grad, ops.cast(scale, grad.dtype))


def tensor_grad_scale_with_sparse(scale, grad):
    """The RowTensor ``grad`` with its values multiplied by ``scale``."""
    from ... import ops
    from ...common.sparse_tensor import RowTensorInner
    return RowTensorInner(grad.indices, ops.mul(grad.values, ops.cast(scale, grad.values.dtype)), grad.dense_shape)


def tensor_grad_scale_with_map_tensor(scale, grad):
    """A MapTensor gradient is not scaled: ``grad`` itself."""
    return grad


def rowtensor_deduplicate_indices_slices(grad):
    """The RowTensor ``grad`` with each row index once, its rows summed (indices in order of first
    appearance)."""
    from ... import ops
    from ...common.sparse_tensor import RowTensorInner
    unique_indices, position = ops.unique(grad.indices)
    summed = ops.unsorted_segment_sum(grad.values, position, unique_indices.shape[0])
    return RowTensorInner(unique_indices, summed, grad.dense_shape)


def tensor_deduplicate_indice_slices(grad):
    """A dense gradient has no duplicate rows: ``grad`` itself."""
    return grad
