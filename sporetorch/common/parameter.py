"""``Parameter`` and ``ParameterTuple``: named, trainable Tensors held by Cells."""
import itertools
import numbers

import numpy as np
import torch

from . import dtype as mstype
from .tensor import Tensor, _Uninitialized, _materialized, _to_torch_data, _wrap

PARAMETER_NAME_DEFAULT = "Parameter"
PARAMETER_NAME_PREFIX_MAX_LEN = 1024
_GENERATED_PREFIX = PARAMETER_NAME_DEFAULT + "#"
# MindSpore 2.10 creates two unnamed Parameters while importing, so the first one a
# script creates is "Parameter#2"; starting the counter there keeps default names equal.
_name_counter = itertools.count(2)


def _generated_name():
    return f"{_GENERATED_PREFIX}{next(_name_counter)}"


# MindSpore 2.10's names for the default-name helpers (one counter: ``_name_counter``).
_GENERATED_PARAMETER_NAME_PREFIX = _GENERATED_PREFIX
_generate_parameter_name = _generated_name
_GLOBAL_PARAMETER_KEY = -1


def _is_parameter_generated(param_name):
    """Whether ``param_name`` is a default name (``Parameter#N``) rather than one a user gave."""
    if not param_name or not isinstance(param_name, str):
        return False
    return param_name.startswith(_GENERATED_PARAMETER_NAME_PREFIX)


def _get_unique_parameter_key():
    """A new process-unique integer key for a Parameter (0, 1, 2, ...)."""
    global _GLOBAL_PARAMETER_KEY
    _GLOBAL_PARAMETER_KEY += 1
    return _GLOBAL_PARAMETER_KEY


def _is_in_auto_parallel_mode():
    """Whether the auto-parallel context's parallel mode is 'semi_auto_parallel' or 'auto_parallel'."""
    from ..parallel_context import get_auto_parallel_context
    return get_auto_parallel_context("parallel_mode") in ["semi_auto_parallel", "auto_parallel"]


def _is_parallel_mode():
    """Whether this is a multi-process inference run: communication initialised, ``RUN_MODE=predict`` and
    more than one process."""
    import os

    from ..communication._comm_helper import _is_initialized
    from ..communication.management import get_group_size
    if not _is_initialized() or os.getenv("RUN_MODE") != "predict":
        return False
    return get_group_size() > 1


def init_to_value(init):
    """The float value of a constant initializer: 'zeros' -> 0.0, 'ones' -> 1.0, a number -> float(number).

    Raises:
        ValueError: ``init`` is another string or not a number.
    """
    if isinstance(init, str):
        if init == 'zeros':
            return 0.0
        if init == 'ones':
            return 1.0
        raise ValueError("The argument 'init' should be one of values in ['zeros', 'ones'].")
    if isinstance(init, numbers.Number):
        return float(init)
    raise ValueError("The argument 'init' should be number or string, but got {}.".format(type(init)))


def _initial_data(default_input):
    """The torch tensor a new Parameter holds for ``default_input``: a copy of a Tensor's data, as in
    MindSpore; a ``torch.Tensor`` is shared (the zero-copy interop path)."""
    if isinstance(default_input, Tensor):
        t = default_input._t
        if type(t) is _Uninitialized:
            return _materialized(t)
        return t.detach().clone()
    if isinstance(default_input, (bool, np.bool_)):
        raise ValueError("Parameter data can not be `bool`")
    if isinstance(default_input, numbers.Integral):
        return _to_torch_data(default_input, mstype.int32)
    if isinstance(default_input, torch.Tensor):
        return default_input
    return _to_torch_data(default_input, None)


class Parameter(Tensor):
    """A Tensor that a Cell owns and an optimizer updates.

    Args:
        default_input (Union[Tensor, int, float, numpy.ndarray, list]): the initial value. A
            lazily initialised Tensor (from ``initializer``) is initialised now; a Tensor's data
            is copied (a ``torch.Tensor`` is shared). A Python int gives an Int32 Parameter, a
            float Float32; ``bool`` is rejected.
        name (str): the name. Default: None, which gives ``"Parameter#N"``; a Cell renames such
            a Parameter after the attribute that holds it.
        requires_grad (bool): whether optimizers and ``trainable_params`` include it. Default: True.

    Differences from PyTorch: ``requires_grad`` is MindSpore's trainability flag; the
    underlying ``torch.Tensor`` only records autograd while ``grad`` differentiates it.
    """

    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True, storage_format="", device=None):
        data = _initial_data(default_input)
        self._t = data.detach()
        self.name = name
        self.requires_grad = requires_grad
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer
        self.is_init = False
        self.init_mode = None
        self.param_info = None
        self.sliced = False
        # Distributed-training settings MindSpore keeps on every Parameter; one process ignores them.
        self.key = -1
        self.comm_fusion = 1
        self.cache_enable = False
        self.cache_shape = []
        self.parallel_optimizer_comm_recompute = False

    @property
    def name(self):
        return self.__dict__["_name"]

    @name.setter
    def name(self, name_):
        if name_ is None:
            name_ = _generated_name()
        elif isinstance(name_, str):
            name_ = name_.strip() or _generated_name()
            if len(name_) > PARAMETER_NAME_PREFIX_MAX_LEN:
                raise ValueError(f"The length of the '{name_}' name should be less than "
                                 f"{PARAMETER_NAME_PREFIX_MAX_LEN}.")
        else:
            raise ValueError(f"The type of the Parameter's name should be 'string' or 'None', but got {type(name_)}.")
        self.__dict__["_name"] = name_

    @property
    def requires_grad(self):
        return self.__dict__["_requires_grad"]

    @requires_grad.setter
    def requires_grad(self, value):
        if not isinstance(value, bool):
            raise TypeError("The argument `requires_grad` must be bool type")
        self.__dict__["_requires_grad"] = value

    def __repr__(self):
        return (f"Parameter (name={self.name}, shape={self.shape}, dtype={self.dtype}, "
                f"requires_grad={self.requires_grad})")

    __str__ = __repr__

    def _has_default_name(self):
        return self.name.startswith(_GENERATED_PREFIX)

    @property
    def data(self):
        """The value as a plain Tensor sharing this Parameter's memory."""
        return _wrap(self._t)

    @property
    def has_init(self):
        return False

    @property
    def inited_param(self):
        return None

    def value(self):
        """Return the current value as a plain Tensor (sharing memory)."""
        return _wrap(self._t)

    def set_data(self, data, slice_shape=False):
        """Replace the value by ``data`` (a Tensor, int or float) and return ``self``.

        As in MindSpore 2.10 the data is cast to this Parameter's dtype (a float number into
        an integer Parameter is a TypeError) and may change the shape. A value of the same
        shape is copied into the existing storage.

        Differences from MindSpore: MindSpore makes the Parameter share ``data``'s memory;
        sporetorch copies, so that optimizers may keep references to the storage.
        """
        if not isinstance(data, (Tensor, int, float)):
            raise TypeError("Parameter data must be [`Tensor`, `int`, `float`] or a kind of `Tensor` "
                            f"(like `Tensor`). But with type {type(data)}.")
        cur = self._t
        if not isinstance(data, Tensor):
            if isinstance(data, float) and not cur.is_floating_point() and not cur.is_complex():
                raise TypeError("Incoming Parameter dtype can not be converted to current dtype implicitly. "
                                f"Current dtype is {self.dtype}, and incoming is Float. "
                                "Use .set_dtype(xxx) to change the dtype.")
            new = torch.tensor(data, dtype=cur.dtype, device=cur.device)
        else:
            new = data._t if type(data._t) is not _Uninitialized else _initial_data(data)
        with torch.no_grad():
            if new.shape == cur.shape:
                cur.copy_(new)
            else:
                self._t = new.detach().to(dtype=cur.dtype, device=cur.device, copy=True)
        self.sliced = slice_shape
        return self

    def add_pipeline_stage(self, stage):
        """Accepted for compatibility: pipeline stages only matter to MindSpore's parallel compiler."""
        if not isinstance(stage, int) or stage < 0:
            raise TypeError("`stage` must be a positive number of int type")

    def set_dtype(self, dtype):
        """Cast the stored value to ``dtype``; returns ``self``."""
        self._t = self._t.to(mstype.to_torch(dtype))
        return self

    def clone(self, init="same"):
        """Return a new Parameter with this name and ``requires_grad``; ``init="same"`` copies the
        value, anything ``initializer`` accepts draws a new one."""
        if init == "same":
            data = self._t.detach().clone()
        else:
            from .initializer import initializer
            data = initializer(init, self.shape, self.dtype).init_data()._t
        return Parameter(data, name=self.name, requires_grad=self.requires_grad)

    def init_data(self, layout=None, set_sliced=False):
        """A Parameter's data exists from construction; returns ``self``."""
        return self

    def __reduce__(self):
        return (_rebuild_parameter, (self.asnumpy(), self.name, self.requires_grad))


def _rebuild_parameter(array, name, requires_grad):
    return Parameter(Tensor(array), name=name, requires_grad=requires_grad)


class ParameterTuple(tuple):
    """An immutable tuple of Parameters (what ``net.trainable_params()`` feeds to an optimizer)."""

    def __new__(cls, iterable):
        data = tuple(iterable)
        seen, names = set(), set()
        for x in data:
            if not isinstance(x, Parameter):
                raise TypeError("For ParameterTuple initialization, ParameterTuple input should be 'Parameter' "
                                f"collection, but got a {type(iterable)}. ")
            # As in MindSpore a Parameter may repeat, but two Parameters may not share a name: a
            # Cell registers the Parameters of a ParameterTuple attribute by name.
            if id(x) not in seen:
                if x.name in names:
                    raise ValueError(f"The value {x} , its name '{x.name}' already exists. "
                                     "Please set a unique name for the parameter.")
                names.add(x.name)
                seen.add(id(x))
        return tuple.__new__(cls, data)

    def clone(self, prefix, init="same"):
        """Return new Parameters named ``prefix.<name>``, initialised by ``init`` (``"same"`` copies)."""
        if not isinstance(prefix, str) or not prefix:
            raise ValueError(f"For 'ParameterTuple.clone', the 'prefix' must be a non-empty str, but got {prefix!r}")
        out = []
        for p in self:
            c = p.clone(init)
            c.name = prefix + "." + p.name
            out.append(c)
        return ParameterTuple(out)
