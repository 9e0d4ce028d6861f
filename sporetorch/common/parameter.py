"""``Parameter`` and ``ParameterTuple``: named, trainable Tensors held by Cells."""
import itertools

import numpy as np
import torch

from . import dtype as mstype
from .tensor import Tensor, _to_torch_data

PARAMETER_NAME_DEFAULT = "Parameter"
_name_counter = itertools.count(1)


class Parameter(Tensor):
    """A Tensor that a Cell owns and an optimizer updates.

    Args:
        default_input: the initial value: a Tensor (also a lazily initialised one from
            ``initializer``), a NumPy array or a Python number.
        name (str): the name; a Cell renames default-named Parameters after the
            attribute that holds them. Default: ``"Parameter#N"``.
        requires_grad (bool): whether optimizers and ``trainable_params`` include it.

    Differences from PyTorch: ``requires_grad`` is MindSpore's trainability flag; the
    underlying ``torch.Tensor`` only records autograd while ``grad`` differentiates it.
    """

    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True, storage_format="", device=None):
        if isinstance(default_input, Parameter):
            data = default_input._t
        elif isinstance(default_input, Tensor):
            default_input.init_data()
            data = default_input._t
        elif isinstance(default_input, (np.ndarray, np.generic, list, tuple, bool, int, float)):
            data = _to_torch_data(default_input, None)
        elif isinstance(default_input, torch.Tensor):
            data = default_input
        else:
            raise TypeError(f"For 'Parameter', the 'default_input' must be a Tensor, NumPy array or number, "
                            f"but got {type(default_input).__name__}")
        self._t = data.detach()
        if name is None:
            name = f"{PARAMETER_NAME_DEFAULT}#{next(_name_counter)}"
        elif not isinstance(name, str):
            raise TypeError(f"For 'Parameter', the 'name' must be a str, but got {type(name).__name__}")
        self.name = name
        self.requires_grad = bool(requires_grad)
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer
        self.is_init = False
        self.init_mode = None
        self.param_info = None

    def __repr__(self):
        return (f"Parameter (name={self.name}, shape={self.shape}, dtype={self.dtype}, "
                f"requires_grad={self.requires_grad})")

    __str__ = __repr__

    def _has_default_name(self):
        return self.name.startswith(PARAMETER_NAME_DEFAULT + "#")

    @property
    def data(self):
        return self

    @property
    def inited_param(self):
        return None

    def value(self):
        """Return the current value as a plain Tensor (sharing memory)."""
        return Tensor.from_torch(self._t)

    def set_data(self, data, slice_shape=False):
        """Replace the data. A value of the same shape is copied in place; another
        shape needs ``slice_shape=True`` or a 0-d/1-element change as MindSpore allows."""
        if isinstance(data, Tensor):
            data.init_data()
            new = data._t
        elif isinstance(data, (np.ndarray, np.generic, list, tuple, bool, int, float)):
            new = _to_torch_data(data, None)
        else:
            raise TypeError(f"For 'Parameter.set_data' of '{self.name}', the data must be a Tensor or NumPy array, "
                            f"but got {type(data).__name__}")
        cur = self._t
        if new.is_floating_point() != cur.is_floating_point() and not slice_shape:
            raise TypeError(f"For 'Parameter.set_data' of '{self.name}', cannot set data of dtype "
                            f"{mstype.from_torch(new.dtype)} into a Parameter of dtype {self.dtype}")
        with torch.no_grad():
            if tuple(new.shape) == tuple(cur.shape):
                cur.copy_(new)
            elif slice_shape or new.numel() == cur.numel() == 1 or cur.dim() == 0:
                self._t = new.detach().to(cur.dtype).clone()
            else:
                raise ValueError(f"For 'Parameter.set_data' of '{self.name}', the shape of the new data "
                                 f"{tuple(new.shape)} must equal the current shape {tuple(cur.shape)}")
        return self

    def set_dtype(self, dtype):
        self._t = self._t.to(mstype.to_torch(dtype))
        return self

    def clone(self, init="same"):
        """Return a copy under the same name; ``init`` other than ``"same"`` re-initialises the data."""
        if init == "same":
            data = self._t.detach().clone()
        else:
            from .initializer import initializer
            data = initializer(init, self.shape, self.dtype).init_data()._t
        p = Parameter(data, name=self.name, requires_grad=self.requires_grad)
        return p

    def init_data(self, layout=None, set_sliced=False):
        return self

    def __reduce__(self):
        return (_rebuild_parameter, (self.asnumpy(), self.name, self.requires_grad))


def _rebuild_parameter(array, name, requires_grad):
    return Parameter(Tensor(array), name=name, requires_grad=requires_grad)


class ParameterTuple(tuple):
    """An immutable tuple of Parameters (what ``net.trainable_params()`` feeds to an optimizer)."""

    def __new__(cls, iterable):
        data = tuple(iterable)
        seen = set()
        for x in data:
            if not isinstance(x, Parameter):
                raise TypeError(f"For 'ParameterTuple', every element must be a Parameter, "
                                f"but got {type(x).__name__}")
            if id(x) in seen:
                raise ValueError(f"For 'ParameterTuple', the Parameter '{x.name}' appears twice")
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
