"""The checks and conversions MindSpore's distributions use on their parameters (``mindspore.nn.probability.
distribution._utils.utils``), with MindSpore's messages."""
import numpy as np

from ..... import context
from .....common import dtype as mstype
from .....common.parameter import Parameter
from .....common.tensor import Tensor
from .....ops.primitive import PrimitiveWithInfer


def cast_to_tensor(t, hint_type=mstype.float32):
    """``t`` (a number, list, ndarray or Tensor) as a Tensor of ``hint_type``; a Parameter is returned as it
    is. None and bools are rejected."""
    if t is None:
        raise ValueError('Input cannot be None in cast_to_tensor')
    if isinstance(t, Parameter):
        return t
    if isinstance(t, bool):
        raise TypeError('Input cannot be Type Bool')
    if isinstance(t, (Tensor, np.ndarray, list, int, float)):
        return Tensor(t, dtype=hint_type)
    raise TypeError(f"Unable to convert input of type {type(t)} to a Tensor of type {hint_type}")


def cast_type_for_device(dtype):
    """The dtype the device supports in place of ``dtype``: on GPU, unsigned and int8 types become int16,
    int64 int32 and float64 float32; elsewhere ``dtype`` itself."""
    if context.get_context("device_target") == "GPU":
        if dtype in mstype.uint_type or dtype == mstype.int8:
            return mstype.int16
        if dtype == mstype.int64:
            return mstype.int32
        if dtype == mstype.float64:
            return mstype.float32
    return dtype


def _values(value):
    """The host values of a Tensor or Parameter (None for a Parameter without data)."""
    if isinstance(value, Parameter):
        if not isinstance(value.data, Tensor):
            return None
        value = value.data
    return value.asnumpy()


def check_greater_equal_zero(value, name):
    """ValueError unless every element of ``value`` is >= 0."""
    values = _values(value)
    if values is not None and np.less(values, np.zeros(values.shape)).any():
        raise ValueError(f'{name} must be greater than or equal to zero.')


def check_greater_zero(value, name):
    """ValueError unless every element of ``value`` is > 0."""
    if value is None:
        raise ValueError('input value cannot be None in check_greater_zero')
    values = _values(value)
    if values is not None and not np.less(np.zeros(values.shape), values).all():
        raise ValueError(f'{name} must be greater than zero.')


def check_greater(a, b, name_a, name_b):
    """ValueError unless ``a < b`` everywhere (not checked for Parameters)."""
    if a is None or b is None:
        raise ValueError('input value cannot be None in check_greater')
    if isinstance(a, Parameter) or isinstance(b, Parameter):
        return
    if not np.less(a.asnumpy(), b.asnumpy()).all():
        raise ValueError(f'{name_a} must be less than {name_b}')


def check_prob(p):
    """ValueError unless every element of ``p`` is strictly between 0 and 1."""
    if p is None:
        raise ValueError('input value cannot be None in check_greater_zero')
    values = _values(p)
    if values is None:
        return
    if not np.less(np.zeros(values.shape), values).all():
        raise ValueError('Probabilities must be greater than zero')
    if not np.greater(np.ones(values.shape), values).all():
        raise ValueError('Probabilities must be less than one')


def check_sum_equal_one(probs):
    """ValueError unless the probabilities of each category (last axis) sum to one (within 10 eps)."""
    if probs is None:
        raise ValueError('input value cannot be None in check_sum_equal_one')
    values = _values(probs) if isinstance(probs, (Tensor, Parameter)) else probs
    if values is None:
        return
    prob_sum = np.sum(values, axis=-1)
    eps = np.finfo(prob_sum.dtype).eps
    if not np.allclose(prob_sum, np.ones(prob_sum.shape), rtol=eps * 10, atol=eps):
        raise ValueError('Probabilities for each category should sum to one for Categorical distribution.')


def check_rank(probs):
    """ValueError when ``probs`` is 0-D (Categorical needs rank >= 1)."""
    if probs is None:
        raise ValueError('input value cannot be None in check_rank')
    values = _values(probs)
    if values is not None and values.ndim == 0:
        raise ValueError('probs for Categorical distribution must have rank >= 1.')


def logits_to_probs(logits, is_binary=False):
    """Probabilities from logits: sigmoid with ``is_binary``, else softmax over the last axis."""
    from ..... import ops
    return ops.sigmoid(logits) if is_binary else ops.softmax(logits, axis=-1)


def clamp_probs(probs):
    """``probs`` clipped to ``[eps, 1 - eps]`` (eps of its dtype)."""
    from ..... import ops
    eps = ops.eps(probs)
    return ops.clip_by_value(probs, eps, 1 - eps)


def probs_to_logits(probs, is_binary=False):
    """Logits from probabilities (clamped first): ``log(p) - log(1 - p)`` with ``is_binary``, else ``log(p)``."""
    from ..... import ops
    clamped = clamp_probs(probs)
    if is_binary:
        return ops.log(clamped) - ops.log(1 - clamped)
    return ops.log(clamped)


class CheckTuple(PrimitiveWithInfer):
    """``CheckTuple()(x, name)``: ``x`` when it is a tuple, else a TypeError naming ``name``."""

    def __init__(self):
        super().__init__("CheckTuple")
        self.init_prim_io_names(inputs=['x', 'name'], outputs=['dummy_output'])

    def __call__(self, x, name):
        if isinstance(x, tuple):
            return x
        raise TypeError(f"For {name}, input type must be a tuple.")


class CheckTensor(PrimitiveWithInfer):
    """``CheckTensor()(x, name)``: ``x`` when it is a Tensor, Parameter or None, else a TypeError naming
    ``name``."""

    def __init__(self):
        super().__init__("CheckTensor")
        self.init_prim_io_names(inputs=['x', 'name'], outputs=['dummy_output'])

    def __call__(self, x, name):
        if x is None or isinstance(x, Tensor):
            return x
        raise TypeError(f"For {name}, input type must be a Tensor or Parameter.")


def set_param_type(args, hint_type):
    """The common dtype of the arguments in the dict ``args`` (float32 for integer and float64 ones;
    ``hint_type``, float32 when integer or None, when none has a dtype). TypeError when they differ."""
    int_type = mstype.int_type + mstype.uint_type
    if hint_type in int_type or hint_type is None:
        hint_type = mstype.float32
    common_dtype = None
    for name, arg in args.items():
        if hasattr(arg, 'dtype'):
            cur_dtype = mstype.pytype_to_dtype(arg.dtype) if isinstance(arg, np.ndarray) else arg.dtype
            if common_dtype is None:
                common_dtype = cur_dtype
            elif cur_dtype != common_dtype:
                raise TypeError(f"{name} should have the same dtype as other arguments.")
    if common_dtype in int_type or common_dtype == mstype.float64:
        return mstype.float32
    return hint_type if common_dtype is None else common_dtype
