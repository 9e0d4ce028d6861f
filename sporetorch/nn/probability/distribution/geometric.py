"""The geometric distribution of ``mindspore.nn.probability.distribution``."""
import numpy as np

from ....common import dtype as mstype
from .bernoulli import _Probs
from .distribution import _squeeze_scalar


class Geometric(_Probs):
    r"""Geometric distribution: the number of failures before the first success of probability ``probs``,
    :math:`P(X = k) = (1 - p)^k p`.

    Args:
        probs (float, list, numpy.ndarray, Tensor): the success probability. Default: None (given at each call).
        seed (int): Default: None. dtype: the dtype of samples. Default: int32. name (str). Default: "Geometric".

    Functions as :class:`Normal`'s; ``kl_loss``/``cross_entropy`` take ``('Geometric', probs1_b)``.
    """

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Geometric"):
        param = dict(locals())
        param['param_dict'] = {'probs': probs}
        self._init_probs(param, seed, dtype, name)
        self.minval = np.finfo(np.float64).tiny

    def _mean(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return (1. - probs1) / probs1

    def _mode(self, probs1=None):
        from .... import ops
        return ops.zeros(self._check_param_type(probs1).shape, self.dtype)

    def _var(self, probs1=None):
        from .... import ops
        probs1 = self._check_param_type(probs1)
        return (1.0 - probs1) / ops.square(probs1)

    def _entropy(self, probs1=None):
        from .... import ops
        probs1 = self._check_param_type(probs1)
        probs0 = 1.0 - probs1
        return (-probs0 * ops.log(probs0) - probs1 * ops.log(probs1)) / probs1

    def _prob(self, value, probs1=None):
        from .... import ops
        value = self._value(value, floor=True)
        probs1 = self._check_param_type(probs1)
        pmf = ops.exp(ops.log(1.0 - probs1) * value + ops.log(probs1))
        return ops.select(value < 0, ops.zeros_like(pmf), pmf)

    def _cdf(self, value, probs1=None):
        from .... import ops
        value = self._value(value, floor=True)
        probs1 = self._check_param_type(probs1)
        cdf = 1.0 - ops.pow(1.0 - probs1, value + 1.0)
        return ops.select(value < 0, ops.zeros_like(cdf), cdf)

    def _kl_loss(self, dist, probs1_b, probs1=None):
        from .... import ops
        probs1_b = self._probs_b(dist, probs1_b)
        probs1_a = self._check_param_type(probs1)
        probs0_a, probs0_b = 1.0 - probs1_a, 1.0 - probs1_b
        return ops.log(probs1_a / probs1_b) + (probs0_a / probs1_a) * ops.log(probs0_a / probs0_b)

    def _sample(self, shape=(), probs1=None):
        from .... import ops
        probs1 = self._check_param_type(probs1)
        uniform, origin_shape = self._uniform_sample(shape, probs1, self.minval)
        sample = ops.floor(ops.log(uniform) / ops.log(1.0 - probs1))
        return _squeeze_scalar(ops.cast(sample, self.dtype), origin_shape)


__all__ = ["Geometric"]
