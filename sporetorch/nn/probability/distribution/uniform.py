"""The Uniform distribution of ``mindspore.nn.probability.distribution``."""
import numpy as np

from ....common import dtype as mstype
from ._utils.utils import check_greater
from .distribution import Distribution, _check_dist, _check_float_dtype, _squeeze_scalar


class Uniform(Distribution):
    r"""Uniform distribution on :math:`[low, high]`, :math:`low < high`.

    Args:
        low, high (int, float, list, numpy.ndarray, Tensor): the bounds. Default: None (given at each call).
        seed (int): Default: None. dtype: a float type. Default: float32. name (str). Default: "Uniform".

    Functions as :class:`Normal`'s; ``kl_loss``/``cross_entropy`` take ``('Uniform', low_b, high_b)``.
    """

    def __init__(self, low=None, high=None, seed=None, dtype=mstype.float32, name="Uniform"):
        param = dict(locals())
        param['param_dict'] = {'low': low, 'high': high}
        _check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._low = self._add_parameter(low, 'low')
        self._high = self._add_parameter(high, 'high')
        if self.low is not None and self.high is not None:
            check_greater(self.low, self.high, 'low', 'high')

    def extend_repr(self):
        if self.is_scalar_batch:
            return f'low = {self.low}, high = {self.high}'
        return f'batch_shape = {self._broadcast_shape}'

    @property
    def low(self):
        return self._low

    @property
    def high(self):
        return self._high

    def _get_dist_type(self):
        return "Uniform"

    def _get_dist_args(self, low=None, high=None):
        if low is not None:
            self.checktensor(low, 'low')
        else:
            low = self.low
        if high is not None:
            self.checktensor(high, 'high')
        else:
            high = self.high
        return low, high

    def _range(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return high - low

    def _mean(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return (low + high) / 2.

    def _var(self, low=None, high=None):
        from .... import ops
        low, high = self._check_param_type(low, high)
        return ops.square(high - low) / 12.0

    def _entropy(self, low=None, high=None):
        from .... import ops
        low, high = self._check_param_type(low, high)
        return ops.log(high - low)

    def _cross_entropy(self, dist, low_b, high_b, low=None, high=None):
        _check_dist(dist, 'Uniform')
        return self._entropy(low, high) + self._kl_loss(dist, low_b, high_b, low, high)

    def _prob(self, value, low=None, high=None):
        """:math:`1 / (high - low)` on :math:`[low, high]`, 0 elsewhere."""
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        low, high = self._check_param_type(low, high)
        prob = ops.exp(-1.0 * ops.log(high - low)) * ops.ones_like(value)
        zeros = ops.zeros_like(prob)
        return ops.select(value <= high, ops.select(value < low, zeros, prob), zeros)

    def _kl_loss(self, dist, low_b, high_b, low=None, high=None):
        """KL(self || Uniform(low_b, high_b)): :math:`\\log \\frac{high_b - low_b}{high_a - low_a}` where
        :math:`[low_a, high_a] \\subseteq [low_b, high_b]`, :math:`\\infty` elsewhere."""
        from .... import ops
        _check_dist(dist, 'Uniform')
        low_b = ops.cast(self._check_value(low_b, 'low_b'), self.parameter_type)
        high_b = ops.cast(self._check_value(high_b, 'high_b'), self.parameter_type)
        low_a, high_a = self._check_param_type(low, high)
        kl = ops.log(high_b - low_b) - ops.log(high_a - low_a)
        inside = ops.logical_and(low_b <= low_a, high_a <= high_b)
        return ops.select(inside, kl, ops.full_like(kl, np.inf))

    def _cdf(self, value, low=None, high=None):
        """:math:`(x - low) / (high - low)` clamped to [0, 1]."""
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        low, high = self._check_param_type(low, high)
        cdf = (value - low) / (high - low)
        return ops.select(value < high, ops.select(value < low, ops.zeros_like(cdf), cdf), ops.ones_like(cdf))

    def _sample(self, shape=(), low=None, high=None):
        """``shape + batch_shape`` samples, :math:`low + (high - low) U` with :math:`U` uniform in [0, 1)."""
        from .... import ops
        from ....common.tensor import Tensor
        shape = self.checktuple(shape, 'shape')
        low, high = self._check_param_type(low, high)
        origin_shape = shape + (low + high).shape
        uniform = ops.uniform(origin_shape or (1,), Tensor(0.0, mstype.float32), Tensor(1.0, mstype.float32),
                              self.seed)
        return _squeeze_scalar(ops.cast((high - low) * uniform + low, self.dtype), origin_shape)


__all__ = ["Uniform"]
