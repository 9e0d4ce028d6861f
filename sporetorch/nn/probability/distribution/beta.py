"""The Beta distribution of ``mindspore.nn.probability.distribution``."""
import numpy as np

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .distribution import Distribution, _check_dist, _check_float_dtype, _squeeze_scalar


class Beta(Distribution):
    r"""Beta distribution of ``concentration1`` :math:`\alpha > 0` and ``concentration0`` :math:`\beta > 0`:
    :math:`p(x) = x^{\alpha - 1}(1 - x)^{\beta - 1} / B(\alpha, \beta)` on (0, 1).

    Args:
        concentration1, concentration0 (list, numpy.ndarray, Tensor): not Python floats. Default: None (given at
            each call). seed (int): Default: None. dtype: a float type. Default: float32. name (str).

    Functions as :class:`Normal`'s except ``cdf`` (not implemented, as in MindSpore); ``kl_loss``/``cross_entropy``
    take ``('Beta', concentration1_b, concentration0_b)``.
    """

    def __init__(self, concentration1=None, concentration0=None, seed=None, dtype=mstype.float32, name="Beta"):
        param = dict(locals())
        param['param_dict'] = {'concentration1': concentration1, 'concentration0': concentration0}
        _check_float_dtype(dtype, type(self).__name__)
        # some of MindSpore's kernels take no scalar here
        if isinstance(concentration0, float):
            raise TypeError("Input concentration0 can't be scalar")
        if isinstance(concentration1, float):
            raise TypeError("Input concentration1 can't be scalar")
        super().__init__(seed, dtype, name, param)
        self._concentration1 = self._add_parameter(concentration1, 'concentration1')
        self._concentration0 = self._add_parameter(concentration0, 'concentration0')
        if self._concentration1 is not None:
            check_greater_zero(self._concentration1, "concentration1")
        if self._concentration0 is not None:
            check_greater_zero(self._concentration0, "concentration0")

    def extend_repr(self):
        if self.is_scalar_batch:
            return f'concentration1 = {self._concentration1}, concentration0 = {self._concentration0}'
        return f'batch_shape = {self._broadcast_shape}'

    @property
    def concentration1(self):
        return self._concentration1

    @property
    def concentration0(self):
        return self._concentration0

    def _get_dist_type(self):
        return "Beta"

    def _get_dist_args(self, concentration1=None, concentration0=None):
        if concentration1 is not None:
            self.checktensor(concentration1, 'concentration1')
        else:
            concentration1 = self._concentration1
        if concentration0 is not None:
            self.checktensor(concentration0, 'concentration0')
        else:
            concentration0 = self._concentration0
        return concentration1, concentration0

    @staticmethod
    def _lbeta(a, b):
        from ...layer.math import LBeta
        return LBeta()(a, b)

    def _mean(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        return c1 / (c1 + c0)

    def _var(self, concentration1=None, concentration0=None):
        from .... import ops
        c1, c0 = self._check_param_type(concentration1, concentration0)
        total = c1 + c0
        return c1 * c0 / (ops.pow(total, 2) * (total + 1.))

    def _mode(self, concentration1=None, concentration0=None):
        """:math:`(\\alpha - 1)/(\\alpha + \\beta - 2)` where both exceed 1, NaN elsewhere."""
        from .... import ops
        c1, c0 = self._check_param_type(concentration1, concentration0)
        mode = (c1 - 1.) / (c1 + c0 - 2.)
        return ops.select(ops.logical_and(c1 > 1., c0 > 1.), mode, ops.full_like(mode, np.nan))

    def _entropy(self, concentration1=None, concentration0=None):
        from .... import ops
        c1, c0 = self._check_param_type(concentration1, concentration0)
        total = c1 + c0
        return (self._lbeta(c1, c0) - (c1 - 1.) * ops.digamma(c1) - (c0 - 1.) * ops.digamma(c0)
                + (total - 2.) * ops.digamma(total))

    def _cross_entropy(self, dist, concentration1_b, concentration0_b, concentration1_a=None, concentration0_a=None):
        _check_dist(dist, 'Beta')
        return self._entropy(concentration1_a, concentration0_a) + self._kl_loss(
            dist, concentration1_b, concentration0_b, concentration1_a, concentration0_a)

    def _log_prob(self, value, concentration1=None, concentration0=None):
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.dtype)
        c1, c0 = self._check_param_type(concentration1, concentration0)
        unnormalized = (c1 - 1.) * ops.log(value) + (c0 - 1.) * ops.log1p(-value)
        return unnormalized - self._lbeta(c1, c0)

    def _kl_loss(self, dist, concentration1_b, concentration0_b, concentration1_a=None, concentration0_a=None):
        """KL(self || Beta(concentration1_b, concentration0_b))."""
        from .... import ops
        _check_dist(dist, 'Beta')
        c1_b = ops.cast(self._check_value(concentration1_b, 'concentration1_b'), self.parameter_type)
        c0_b = ops.cast(self._check_value(concentration0_b, 'concentration0_b'), self.parameter_type)
        c1_a, c0_a = self._check_param_type(concentration1_a, concentration0_a)
        total_a, total_b = c1_a + c0_a, c1_b + c0_b
        return ((self._lbeta(c1_b, c0_b) - self._lbeta(c1_a, c0_a)) - ops.digamma(c1_a) * (c1_b - c1_a)
                - ops.digamma(c0_a) * (c0_b - c0_a) + ops.digamma(total_a) * (total_b - total_a))

    def _sample(self, shape=(), concentration1=None, concentration0=None):
        """``shape + batch_shape`` samples, :math:`G_1 / (G_1 + G_0)` of Gamma samples (MindSpore 2.10's CPU
        build has no kernel for them)."""
        from .... import ops
        shape = self.checktuple(shape, 'shape')
        c1, c0 = self._check_param_type(concentration1, concentration0)
        batch_shape = (c1 + c0).shape
        origin_shape = shape + batch_shape
        c1, c0 = ops.broadcast_to(c1, batch_shape), ops.broadcast_to(c0, batch_shape)
        ones = ops.ones(batch_shape, self.dtype)
        draw = shape if origin_shape else (1,)
        gamma1 = ops.gamma(draw, c1, ones, self.seed)
        gamma0 = ops.gamma(draw, c0, ones, self.seed)
        return _squeeze_scalar(ops.cast(gamma1 / (gamma1 + gamma0), self.dtype), origin_shape)


__all__ = ["Beta"]
