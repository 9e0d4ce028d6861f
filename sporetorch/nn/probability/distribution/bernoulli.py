"""The Bernoulli distribution of ``mindspore.nn.probability.distribution``."""
from ....common import dtype as mstype
from ._utils.utils import check_prob, clamp_probs
from .distribution import Distribution, _check_dist, _check_float_dtype, _squeeze_scalar


class _Probs(Distribution):
    """A discrete distribution of one success probability ``probs`` in (0, 1) (Bernoulli, Geometric)."""

    def _init_probs(self, param, seed, dtype, name):
        _check_float_dtype(dtype, type(self).__name__, mstype.int_type + mstype.uint_type + mstype.float_type)
        Distribution.__init__(self, seed, dtype, name, param)
        self._probs = self._add_parameter(param['param_dict']['probs'], 'probs')
        if self._probs is not None:
            check_prob(self.probs)

    def extend_repr(self):
        return f'probs = {self.probs}' if self.is_scalar_batch else f'batch_shape = {self._broadcast_shape}'

    @property
    def probs(self):
        return self._probs

    def _get_dist_type(self):
        return type(self).__name__

    def _get_dist_args(self, probs1=None):
        if probs1 is not None:
            self.checktensor(probs1, 'probs')
        else:
            probs1 = self.probs
        return (probs1,)

    def _value(self, value, floor=False):
        from .... import ops
        value = ops.cast(self._check_value(value, 'value'), self.parameter_type)
        return ops.floor(value) if floor else value

    def _cross_entropy(self, dist, probs1_b, probs1=None):
        _check_dist(dist, type(self).__name__)
        return self._entropy(probs1) + self._kl_loss(dist, probs1_b, probs1)

    def _probs_b(self, dist, probs1_b):
        from .... import ops
        _check_dist(dist, type(self).__name__)
        return ops.cast(self._check_value(probs1_b, 'probs1_b'), self.parameter_type)

    def _uniform_sample(self, shape, probs1, minval):
        """Uniform samples of shape ``shape + batch_shape`` (one for a scalar request) and that shape."""
        from .... import ops
        from ....common.tensor import Tensor
        shape = self.checktuple(shape, 'shape')
        origin_shape = shape + probs1.shape
        uniform = ops.uniform(origin_shape or (1,), Tensor(minval, mstype.float32), Tensor(1.0, mstype.float32),
                              self.seed)
        return uniform, origin_shape


class Bernoulli(_Probs):
    r"""Bernoulli distribution: 1 with probability ``probs``, 0 otherwise.

    Args:
        probs (float, list, numpy.ndarray, Tensor): the probability of 1. Default: None (given at each call).
        seed (int): Default: None. dtype: the dtype of samples. Default: int32. name (str). Default: "Bernoulli".

    Functions as :class:`Normal`'s; ``kl_loss``/``cross_entropy`` take ``('Bernoulli', probs1_b)``.
    """

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Bernoulli"):
        param = dict(locals())
        param['param_dict'] = {'probs': probs}
        self._init_probs(param, seed, dtype, name)

    def _mean(self, probs1=None):
        return self._check_param_type(probs1)

    def _mode(self, probs1=None):
        from .... import ops
        probs1 = self._check_param_type(probs1)
        return ops.cast(probs1 > 0.5, self.dtype)

    def _var(self, probs1=None):
        from .... import ops
        probs1 = self._check_param_type(probs1)
        return ops.exp(ops.log(1.0 - probs1) + ops.log(probs1))

    def _entropy(self, probs1=None):
        from .... import ops
        probs1 = self._check_param_type(probs1)
        probs0 = 1.0 - probs1
        return -(probs0 * ops.log(probs0)) - (probs1 * ops.log(probs1))

    def _log_prob(self, value, probs1=None):
        from .... import ops
        value = self._value(value)
        probs1 = clamp_probs(self._check_param_type(probs1))
        return ops.log(probs1) * value + ops.log(1.0 - probs1) * (1.0 - value)

    def _cdf(self, value, probs1=None):
        """0 below 0, ``1 - probs`` on [0, 1), 1 from 1 on (the value is floored)."""
        from .... import ops
        value = self._value(value, floor=True)
        probs1 = self._check_param_type(probs1)
        shape = (value * probs1).shape
        value = ops.broadcast_to(value, shape)
        probs0 = ops.broadcast_to(1.0 - probs1, shape)
        zeros = ops.zeros(shape, self.parameter_type)
        ones = ops.ones(shape, self.parameter_type)
        return ops.select(value < 1.0, ops.select(value < 0.0, zeros, probs0), ones)

    def _kl_loss(self, dist, probs1_b, probs1=None):
        from .... import ops
        probs1_b = self._probs_b(dist, probs1_b)
        probs1_a = self._check_param_type(probs1)
        probs0_a, probs0_b = 1.0 - probs1_a, 1.0 - probs1_b
        return probs1_a * ops.log(probs1_a / probs1_b) + probs0_a * ops.log(probs0_a / probs0_b)

    def _sample(self, shape=(), probs1=None):
        from .... import ops
        probs1 = self._check_param_type(probs1)
        uniform, origin_shape = self._uniform_sample(shape, probs1, 0.0)
        return _squeeze_scalar(ops.cast(uniform < probs1, self.dtype), origin_shape)


__all__ = ["Bernoulli"]
