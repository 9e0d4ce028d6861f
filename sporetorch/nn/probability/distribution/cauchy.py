"""The Cauchy distribution of ``mindspore.nn.probability.distribution``."""
import math

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .distribution import Distribution, _check_dist, _check_float_dtype, _squeeze_scalar


def _not_defined(func_name, name):
    raise ValueError(f"{func_name} is undefined for {name} distribution.")


class _LocScale(Distribution):
    """A distribution of a location ``loc`` and a positive ``scale`` (Cauchy, Logistic)."""

    def _init_loc_scale(self, param, seed, dtype, name):
        _check_float_dtype(dtype, type(self).__name__)
        Distribution.__init__(self, seed, dtype, name, param)
        self._loc = self._add_parameter(param['param_dict']['loc'], 'loc')
        self._scale = self._add_parameter(param['param_dict']['scale'], 'scale')
        if self._scale is not None:
            check_greater_zero(self._scale, "scale")

    def extend_repr(self):
        if self.is_scalar_batch:
            return f'location = {self._loc}, scale = {self._scale}'
        return f'batch_shape = {self._broadcast_shape}'

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    def _get_dist_type(self):
        return type(self).__name__

    def _z(self, value, loc, scale):
        """``(value - loc) / scale`` and the scale, the parameters checked."""
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        loc, scale = self._check_param_type(loc, scale)
        return (value - loc) / scale, scale

    def _mode(self, loc=None, scale=None):
        loc, _ = self._check_param_type(loc, scale)
        return loc

    def _sample_from_uniform(self, shape, loc, scale, low, transform):
        from .... import ops
        from ....common.tensor import Tensor
        shape = self.checktuple(shape, 'shape')
        loc, scale = self._check_param_type(loc, scale)
        origin_shape = shape + (loc + scale).shape
        uniform = ops.uniform(origin_shape or (1,), Tensor(low, mstype.float32), Tensor(1.0, mstype.float32),
                              self.seed)
        return _squeeze_scalar(ops.cast(transform(uniform, loc, scale), self.dtype), origin_shape)


class Cauchy(_LocScale):
    r"""Cauchy distribution: :math:`p(x) = \frac{1}{\pi \gamma (1 + ((x - x_0)/\gamma)^2)}` (``loc``
    :math:`x_0`, ``scale`` :math:`\gamma > 0`).

    Args:
        loc, scale (int, float, list, numpy.ndarray, Tensor): Default: None (given at each call). seed (int).
        dtype: a float type. Default: float32. name (str). Default: "Cauchy".

    Functions as :class:`Normal`'s except ``mean``, ``sd`` and ``var`` (undefined: ValueError);
    ``kl_loss``/``cross_entropy`` take ``('Cauchy', loc_b, scale_b)``.
    """

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Cauchy"):
        param = dict(locals())
        param['param_dict'] = {'loc': loc, 'scale': scale}
        self._init_loc_scale(param, seed, dtype, name)
        self.entropy_const = math.log(4 * math.pi)

    def _get_dist_args(self, loc=None, scale=None):
        if scale is not None:
            self.checktensor(scale, 'scale')
        else:
            scale = self.scale
        if loc is not None:
            self.checktensor(loc, 'loc')
        else:
            loc = self.loc
        return loc, scale

    def _mean(self, *args, **kwargs):
        return _not_defined('mean', 'Cauchy')

    def _sd(self, *args, **kwargs):
        return _not_defined('standard deviation', 'Cauchy')

    def _var(self, *args, **kwargs):
        return _not_defined('variance', 'Cauchy')

    def _entropy(self, loc=None, scale=None):
        from .... import ops
        _, scale = self._check_param_type(loc, scale)
        return ops.log(scale) + self.entropy_const

    def _log_prob(self, value, loc=None, scale=None):
        from .... import ops
        z, scale = self._z(value, loc, scale)
        return -1 * ops.log1p(ops.square(z)) - ops.log(math.pi * scale)

    def _cdf(self, value, loc=None, scale=None):
        from .... import ops
        z, _ = self._z(value, loc, scale)
        return ops.atan(z) / math.pi + 0.5

    def _log_cdf(self, value, loc=None, scale=None):
        from .... import ops
        z, _ = self._z(value, loc, scale)
        return ops.log1p(2. * ops.atan(z) / math.pi) - math.log(2.)

    def _quantile(self, p, loc=None, scale=None):
        from .... import ops
        loc, scale = self._check_param_type(loc, scale)
        return loc + scale * ops.tan(math.pi * (p - 0.5))

    def _kl_loss(self, dist, loc_b, scale_b, loc_a=None, scale_a=None):
        """KL(self || Cauchy(loc_b, scale_b)): :math:`\\log\\frac{(\\gamma_a + \\gamma_b)^2 + (x_a - x_b)^2}
        {4 \\gamma_a \\gamma_b}`."""
        from .... import ops
        _check_dist(dist, 'Cauchy')
        loc_a, scale_a = self._check_param_type(loc_a, scale_a)
        loc_b = ops.cast(self._check_value(loc_b, 'loc_b'), self.parameter_type)
        scale_b = ops.cast(self._check_value(scale_b, 'scale_b'), self.parameter_type)
        total = ops.square(scale_a + scale_b) + ops.square(loc_a - loc_b)
        return ops.log(total) - math.log(4.0) - ops.log(scale_a) - ops.log(scale_b)

    def _cross_entropy(self, dist, loc_b, scale_b, loc_a=None, scale_a=None):
        _check_dist(dist, 'Cauchy')
        return self._entropy(loc_a, scale_a) + self._kl_loss(dist, loc_b, scale_b, loc_a, scale_a)

    def _sample(self, shape=(), loc=None, scale=None):
        return self._sample_from_uniform(shape, loc, scale, 0.0, self._quantile)


__all__ = ["Cauchy"]
