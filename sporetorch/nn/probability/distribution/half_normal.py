"""The half-normal distribution of ``mindspore.nn.probability.distribution``."""
import math

from ....common import dtype as mstype
from ._location_scale import _LocationScale


class HalfNormal(_LocationScale):
    r"""Half-normal distribution: :math:`p(x) = \sqrt{2/\pi} / \sigma \, e^{-(x - \mu)^2 / (2\sigma^2)}` for
    :math:`x \ge 0`, 0 below.

    Args:
        mean, sd (int, float, list, numpy.ndarray, Tensor): Default: None (given at each call). seed (int).
        dtype: a float type. Default: float32. name (str). Default: "HalfNormal".

    Functions: ``prob`` and ``log_prob`` (its logarithm); the others are not implemented, as in MindSpore.
    """

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="HalfNormal"):
        param = dict(locals())
        param['param_dict'] = {'mean': mean, 'sd': sd}
        self._init_location_scale(param, seed, dtype, name)
        self.type = dtype

    def _prob(self, value, mean=None, sd=None):
        from .... import ops
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        pdf = math.sqrt(2. / math.pi) / sd * ops.exp(-0.5 * ops.square((value - mean) / sd))
        return pdf * ops.cast(value >= 0, self.type)


__all__ = ["HalfNormal"]
