"""The Normal (Gaussian) distribution of ``mindspore.nn.probability.distribution``."""
import math

import numpy as np

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .distribution import Distribution, _check_dist, _check_float_dtype, _squeeze_scalar

_HALF_LOG_2PI = -0.5 * math.log(2.0 * math.pi)


class Normal(Distribution):
    r"""Normal distribution :math:`N(\mu, \sigma^2)`.

    Args:
        mean (int, float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: None (given at each call).
        sd (int, float, list, numpy.ndarray, Tensor): :math:`\sigma > 0`. Default: None (given at each call).
        seed (int): the sampling seed. Default: None. dtype: a float type. Default: float32. name (str).

    Functions (``normal.prob(value, mean=None, sd=None)``, or ``normal('prob', value)``): ``prob``, ``log_prob``,
    ``cdf``, ``log_cdf``, ``survival_function``, ``log_survival``, ``mean``, ``mode``, ``sd``, ``var``,
    ``entropy``, ``kl_loss('Normal', mean_b, sd_b)``, ``cross_entropy('Normal', mean_b, sd_b)``, ``sample(shape)``.
    """

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Normal"):
        param = dict(locals())
        param['param_dict'] = {'mean': mean, 'sd': sd}
        _check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._mean_value = self._add_parameter(mean, 'mean')
        self._sd_value = self._add_parameter(sd, 'sd')
        if self._sd_value is not None:
            check_greater_zero(self._sd_value, "Standard deviation")

    def extend_repr(self):
        if self.is_scalar_batch:
            return f'mean = {self._mean_value}, standard deviation = {self._sd_value}'
        return f'batch_shape = {self._broadcast_shape}'

    def _get_dist_type(self):
        return "Normal"

    def _get_dist_args(self, mean=None, sd=None):
        if mean is not None:
            self.checktensor(mean, 'mean')
        else:
            mean = self._mean_value
        if sd is not None:
            self.checktensor(sd, 'sd')
        else:
            sd = self._sd_value
        return mean, sd

    def _mean(self, mean=None, sd=None):
        mean, sd = self._check_param_type(mean, sd)
        return mean

    def _mode(self, mean=None, sd=None):
        mean, sd = self._check_param_type(mean, sd)
        return mean

    def _sd(self, mean=None, sd=None):
        mean, sd = self._check_param_type(mean, sd)
        return sd

    def _entropy(self, mean=None, sd=None):
        """:math:`\\log(\\sqrt{2 \\pi e}) + \\log \\sigma`."""
        from .... import ops
        mean, sd = self._check_param_type(mean, sd)
        return float(np.float32(0.5 * math.log(2.0 * math.pi * math.e))) + ops.log(sd)

    def _cross_entropy(self, dist, mean_b, sd_b, mean=None, sd=None):
        _check_dist(dist, 'Normal')
        return self._entropy(mean, sd) + self._kl_loss(dist, mean_b, sd_b, mean, sd)

    def _log_prob(self, value, mean=None, sd=None):
        """:math:`-\\frac{(x - \\mu)^2}{2 \\sigma^2} - \\log \\sigma - \\frac{1}{2}\\log(2\\pi)`."""
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        mean, sd = self._check_param_type(mean, sd)
        unnormalized = -1. * ops.square(value - mean) / (2. * ops.square(sd))
        return unnormalized + (_HALF_LOG_2PI - ops.log(sd))

    def _cdf(self, value, mean=None, sd=None):
        """:math:`\\frac{1}{2}(1 + \\mathrm{erf}(\\frac{x - \\mu}{\\sigma \\sqrt 2}))`."""
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        mean, sd = self._check_param_type(mean, sd)
        return 0.5 * (1.0 + ops.erf((value - mean) / (sd * math.sqrt(2.0))))

    def _kl_loss(self, dist, mean_b, sd_b, mean=None, sd=None):
        """KL(self || Normal(mean_b, sd_b)): :math:`\\frac{1}{2}(\\frac{\\mu_a - \\mu_b}{\\sigma_b})^2 +
        \\frac{1}{2}\\mathrm{expm1}(2 d) - d` with :math:`d = \\log \\sigma_a - \\log \\sigma_b`."""
        from .... import ops
        _check_dist(dist, 'Normal')
        mean_b = ops.cast(self._check_value(mean_b, 'mean_b'), self.parameter_type)
        sd_b = ops.cast(self._check_value(sd_b, 'sd_b'), self.parameter_type)
        mean_a, sd_a = self._check_param_type(mean, sd)
        diff_log_scale = ops.log(sd_a) - ops.log(sd_b)
        squared_diff = ops.square(mean_a / sd_b - mean_b / sd_b)
        return 0.5 * squared_diff + 0.5 * ops.expm1(2 * diff_log_scale) - diff_log_scale

    def _sample(self, shape=(), mean=None, sd=None):
        """``shape + batch_shape`` samples (a scalar shape gives one more axis of 1, squeezed back)."""
        from .... import ops
        shape = self.checktuple(shape, 'shape')
        mean, sd = self._check_param_type(mean, sd)
        batch_shape = (mean + sd).shape
        origin_shape = shape + batch_shape
        sample_shape = origin_shape if origin_shape else (1,)
        value = ops.normal(sample_shape, mean, sd, self.seed)
        return _squeeze_scalar(ops.cast(value, self.dtype), origin_shape)


__all__ = ["Normal"]
