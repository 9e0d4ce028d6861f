"""The Exponential distribution of ``mindspore.nn.probability.distribution``."""
import numpy as np

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .distribution import Distribution, _check_dist, _check_float_dtype, _squeeze_scalar


class Exponential(Distribution):
    r"""Exponential distribution of rate :math:`\lambda > 0`: density :math:`\lambda e^{-\lambda x}` on
    :math:`x \ge 0`.

    Args:
        rate (int, float, list, numpy.ndarray, Tensor): :math:`\lambda`. Default: None (given at each call).
        seed (int): Default: None. dtype: a float type. Default: float32. name (str). Default: "Exponential".

    Functions as :class:`Normal`'s; ``kl_loss``/``cross_entropy`` take ``('Exponential', rate_b)``.
    """

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Exponential"):
        param = dict(locals())
        param['param_dict'] = {'rate': rate}
        _check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._rate = self._add_parameter(rate, 'rate')
        if self.rate is not None:
            check_greater_zero(self.rate, 'rate')
        self.minval = np.finfo(np.float64).tiny

    def extend_repr(self):
        return f'rate = {self.rate}' if self.is_scalar_batch else f'batch_shape = {self._broadcast_shape}'

    @property
    def rate(self):
        return self._rate

    def _get_dist_type(self):
        return "Exponential"

    def _get_dist_args(self, rate=None):
        if rate is not None:
            self.checktensor(rate, 'rate')
        else:
            rate = self.rate
        return (rate,)

    def _mean(self, rate=None):
        return 1.0 / self._check_param_type(rate)

    def _mode(self, rate=None):
        from .... import ops
        return ops.zeros_like(self._check_param_type(rate)).astype(self.dtype)

    def _sd(self, rate=None):
        return 1.0 / self._check_param_type(rate)

    def _entropy(self, rate=None):
        from .... import ops
        return 1.0 - ops.log(self._check_param_type(rate))

    def _cross_entropy(self, dist, rate_b, rate=None):
        _check_dist(dist, 'Exponential')
        return self._entropy(rate) + self._kl_loss(dist, rate_b, rate)

    def _value(self, value):
        from .... import ops
        return ops.cast(self._check_value(value, 'value'), self.dtype)

    def _log_prob(self, value, rate=None):
        """:math:`\\log \\lambda - \\lambda x` for :math:`x \\ge 0`, :math:`-\\infty` below."""
        from .... import ops
        value = self._value(value)
        rate = self._check_param_type(rate)
        log_prob = ops.log(rate) - rate * value
        return ops.select(value < 0, ops.full_like(log_prob, -np.inf), log_prob)

    def _cdf(self, value, rate=None):
        """:math:`1 - e^{-\\lambda x}` for :math:`x \\ge 0`, 0 below."""
        from .... import ops
        value = self._value(value)
        rate = self._check_param_type(rate)
        cdf = 1.0 - ops.exp(-1. * rate * value)
        return ops.select(value < 0, ops.zeros_like(cdf), cdf)

    def _log_survival(self, value, rate=None):
        """:math:`-\\lambda x` for :math:`x \\ge 0`, 0 below."""
        from .... import ops
        value = self._value(value)
        rate = self._check_param_type(rate)
        log_sf = -1. * rate * value
        return ops.select(value < 0, ops.zeros_like(log_sf), log_sf)

    def _kl_loss(self, dist, rate_b, rate=None):
        """KL(self || Exponential(rate_b)): :math:`\\log \\lambda_a - \\log \\lambda_b + \\lambda_b /
        \\lambda_a - 1`."""
        from .... import ops
        _check_dist(dist, 'Exponential')
        rate_b = ops.cast(self._check_value(rate_b, 'rate_b'), self.parameter_type)
        rate_a = self._check_param_type(rate)
        return ops.log(rate_a) - ops.log(rate_b) + rate_b / rate_a - 1.0

    def _sample(self, shape=(), rate=None):
        """``shape + batch_shape`` samples, :math:`-\\log(U) / \\lambda` with :math:`U` uniform in (0, 1]."""
        from .... import ops
        from ....common.tensor import Tensor
        shape = self.checktuple(shape, 'shape')
        rate = self._check_param_type(rate)
        origin_shape = shape + rate.shape
        uniform = ops.uniform(origin_shape or (1,), Tensor(self.minval, mstype.float32),
                              Tensor(1.0, mstype.float32), self.seed)
        return _squeeze_scalar(ops.cast(-(ops.log(uniform) / rate), self.dtype), origin_shape)


__all__ = ["Exponential"]
