"""The Gamma distribution of ``mindspore.nn.probability.distribution``."""
import numpy as np

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .distribution import Distribution, _check_dist, _check_float_dtype, _squeeze_scalar


class Gamma(Distribution):
    r"""Gamma distribution of ``concentration`` :math:`\alpha > 0` and ``rate`` :math:`\beta > 0`:
    :math:`p(x) = \beta^\alpha x^{\alpha - 1} e^{-\beta x} / \Gamma(\alpha)`.

    Args:
        concentration, rate (list, numpy.ndarray, Tensor): not Python scalars. Default: None (given at each call).
        seed (int): Default: None. dtype: a float type. Default: float32. name (str). Default: "Gamma".

    Functions as :class:`Normal`'s; ``kl_loss``/``cross_entropy`` take ``('Gamma', concentration_b, rate_b)``.
    """

    def __init__(self, concentration=None, rate=None, seed=None, dtype=mstype.float32, name="Gamma"):
        param = dict(locals())
        param['param_dict'] = {'concentration': concentration, 'rate': rate}
        _check_float_dtype(dtype, type(self).__name__)
        if isinstance(concentration, (int, float)):
            raise TypeError("Input concentration can't be scalar")
        if isinstance(rate, (int, float)):
            raise TypeError("Input rate can't be scalar")
        super().__init__(seed, dtype, name, param)
        self._concentration = self._add_parameter(concentration, 'concentration')
        self._rate = self._add_parameter(rate, 'rate')
        if self._concentration is not None:
            check_greater_zero(self._concentration, "concentration")
        if self._rate is not None:
            check_greater_zero(self._rate, "rate")

    def extend_repr(self):
        if self.is_scalar_batch:
            return f'concentration = {self._concentration}, rate = {self._rate}'
        return f'batch_shape = {self._broadcast_shape}'

    @property
    def concentration(self):
        return self._concentration

    @property
    def rate(self):
        return self._rate

    def _get_dist_type(self):
        return "Gamma"

    def _get_dist_args(self, concentration=None, rate=None):
        if concentration is not None:
            self.checktensor(concentration, 'concentration')
        else:
            concentration = self._concentration
        if rate is not None:
            self.checktensor(rate, 'rate')
        else:
            rate = self._rate
        return concentration, rate

    def _mean(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return concentration / rate

    def _var(self, concentration=None, rate=None):
        from .... import ops
        concentration, rate = self._check_param_type(concentration, rate)
        return concentration / ops.square(rate)

    def _sd(self, concentration=None, rate=None):
        from .... import ops
        concentration, rate = self._check_param_type(concentration, rate)
        return ops.sqrt(concentration) / rate

    def _mode(self, concentration=None, rate=None):
        """:math:`(\\alpha - 1)/\\beta` for :math:`\\alpha > 1`, NaN otherwise."""
        from .... import ops
        concentration, rate = self._check_param_type(concentration, rate)
        mode = (concentration - 1.) / rate
        return ops.select(concentration > 1., mode, ops.full_like(mode, np.nan))

    def _entropy(self, concentration=None, rate=None):
        from .... import ops
        concentration, rate = self._check_param_type(concentration, rate)
        return (concentration - ops.log(rate) + ops.lgamma(concentration)
                + (1. - concentration) * ops.digamma(concentration))

    def _cross_entropy(self, dist, concentration_b, rate_b, concentration_a=None, rate_a=None):
        _check_dist(dist, 'Gamma')
        return self._entropy(concentration_a, rate_a) + self._kl_loss(dist, concentration_b, rate_b,
                                                                      concentration_a, rate_a)

    def _log_prob(self, value, concentration=None, rate=None):
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        concentration, rate = self._check_param_type(concentration, rate)
        unnormalized = (concentration - 1.) * ops.log(value) - rate * value
        return unnormalized - (ops.lgamma(concentration) - concentration * ops.log(rate))

    def _cdf(self, value, concentration=None, rate=None):
        """:math:`P(\\alpha, \\beta x)`, the regularized lower incomplete gamma function."""
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        concentration, rate = self._check_param_type(concentration, rate)
        x = rate * value
        return ops.igamma(ops.broadcast_to(concentration, x.shape), x)

    def _kl_loss(self, dist, concentration_b, rate_b, concentration_a=None, rate_a=None):
        """KL(self || Gamma(concentration_b, rate_b))."""
        from .... import ops
        _check_dist(dist, 'Gamma')
        concentration_b = ops.cast(self._check_value(concentration_b, 'concentration_b'), self.parameter_type)
        rate_b = ops.cast(self._check_value(rate_b, 'rate_b'), self.parameter_type)
        concentration_a, rate_a = self._check_param_type(concentration_a, rate_a)
        return ((concentration_a - concentration_b) * ops.digamma(concentration_a)
                + ops.lgamma(concentration_b) - ops.lgamma(concentration_a)
                + concentration_b * ops.log(rate_a) - concentration_b * ops.log(rate_b)
                + concentration_a * (rate_b / rate_a - 1.))

    def _sample(self, shape=(), concentration=None, rate=None):
        """``shape + batch_shape`` samples (MindSpore 2.10's CPU build has no kernel for them)."""
        from .... import ops
        shape = self.checktuple(shape, 'shape')
        concentration, rate = self._check_param_type(concentration, rate)
        origin_shape = shape + (concentration + rate).shape
        # ops.gamma draws shape + the parameters' broadcast shape
        concentration = ops.broadcast_to(concentration, origin_shape[len(shape):])
        rate = ops.broadcast_to(rate, origin_shape[len(shape):])
        sample = ops.gamma(shape if origin_shape else (1,), concentration, rate, self.seed)
        return _squeeze_scalar(ops.cast(sample, self.dtype), origin_shape)


__all__ = ["Gamma"]
