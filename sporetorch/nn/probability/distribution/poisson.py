"""The Poisson distribution of ``mindspore.nn.probability.distribution``."""
import numpy as np

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .distribution import Distribution, _check_float_dtype, _squeeze_scalar


class Poisson(Distribution):
    r"""Poisson distribution of rate :math:`\lambda > 0`: :math:`P(X = k) = \lambda^k e^{-\lambda} / k!`.

    Args:
        rate (list, numpy.ndarray, Tensor): :math:`\lambda` (not a Python scalar). Default: None (given at each
            call). seed (int): Default: None. dtype: Default: float32. name (str). Default: "Poisson".

    Functions: ``prob``, ``log_prob``, ``cdf`` and those derived from it, ``mean``, ``mode``, ``sd``, ``var``,
    ``sample``.
    """

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Poisson"):
        param = dict(locals())
        param['param_dict'] = {'rate': rate}
        _check_float_dtype(dtype, type(self).__name__, mstype.int_type + mstype.uint_type + mstype.float_type)
        if isinstance(rate, (int, float)):
            raise TypeError("Input rate can't be scalar")
        super().__init__(seed, dtype, name, param)
        self._rate = self._add_parameter(rate, 'rate')
        if self.rate is not None:
            check_greater_zero(self.rate, 'rate')

    def extend_repr(self):
        return f'rate = {self.rate}' if self.is_scalar_batch else f'batch_shape = {self._broadcast_shape}'

    @property
    def rate(self):
        return self._rate

    def _get_dist_type(self):
        return "Poisson"

    def _get_dist_args(self, rate=None):
        if rate is not None:
            self.checktensor(rate, 'rate')
        else:
            rate = self.rate
        return (rate,)

    def _mean(self, rate=None):
        return self._check_param_type(rate)

    def _mode(self, rate=None):
        from .... import ops
        return ops.floor(self._check_param_type(rate))

    def _var(self, rate=None):
        return self._check_param_type(rate)

    def _value(self, value):
        from .... import ops
        return ops.cast(self._check_value(value, 'value'), self.dtype)

    def _log_prob(self, value, rate=None):
        """:math:`k \\log \\lambda - \\log k! - \\lambda` at integer :math:`k \\ge 0`, :math:`-\\infty` elsewhere."""
        from .... import ops
        value = self._value(value)
        rate = self._check_param_type(rate)
        log_rate = ops.log(rate)
        safe_x = ops.select(value < 0, ops.zeros_like(value), value)
        y = log_rate * safe_x - ops.lgamma(safe_x + 1.)
        log_unnormalized = ops.select(value == safe_x, y, ops.full_like(y, -np.inf))
        return log_unnormalized - ops.exp(log_rate)

    def _cdf(self, value, rate=None):
        """:math:`Q(1 + k, \\lambda)`, the regularized upper incomplete gamma function; 0 below 0."""
        from .... import ops
        value = self._value(value)
        rate = self._check_param_type(rate)
        below = value < 0
        safe_x = ops.select(below, ops.zeros_like(value), value)
        cdf = 1. - ops.igamma(1. + safe_x, ops.broadcast_to(rate, safe_x.shape))
        return ops.select(below, ops.zeros_like(cdf), cdf)

    def _sample(self, shape=(), rate=None):
        """``shape + batch_shape`` samples (MindSpore 2.10's CPU build has no kernel for them)."""
        from .... import ops
        shape = self.checktuple(shape, 'shape')
        rate = ops.cast(self._check_param_type(rate), mstype.float32)
        origin_shape = shape + rate.shape
        sample = ops.poisson(shape if origin_shape else (1,), rate, self.seed)  # shape + rate's shape
        return _squeeze_scalar(ops.cast(sample, self.dtype), origin_shape)


__all__ = ["Poisson"]
