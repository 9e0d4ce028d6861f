"""Student's t distribution of ``mindspore.nn.probability.distribution``."""
import math

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from ._location_scale import _LocationScale


class StudentT(_LocationScale):
    r"""Student's t distribution with ``df`` :math:`\nu > 0` degrees of freedom, location ``mean`` and scale
    ``sd``: :math:`\log p(x) = -\frac{\nu + 1}{2}\log(1 + y^2/\nu) - \log|\sigma| - \frac{1}{2}\log \nu -
    \frac{1}{2}\log \pi - \log\Gamma(\nu/2) + \log\Gamma((\nu + 1)/2)`, :math:`y = (x - \mu)/\sigma`.

    Args:
        df, mean, sd (int, float, list, numpy.ndarray, Tensor): Default: None (given at each call). seed (int).
        dtype: a float type. Default: float32. name (str). Default: "StudentT".

    Functions: ``log_prob`` and ``prob`` (its exponential); the others are not implemented, as in MindSpore.
    """

    def __init__(self, df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name="StudentT"):
        param = dict(locals())
        param['param_dict'] = {'df': df, 'mean': mean, 'sd': sd}
        (self._df_value,) = self._init_location_scale(param, seed, dtype, name, extra=('df',))
        if self._df_value is not None:
            check_greater_zero(self._df_value, "Degrees of freedom")

    def _log_prob(self, value, df=None, mean=None, sd=None):
        from .... import ops
        value = self._value(value)
        df, mean, sd = self._check_param_type(df, mean, sd)
        y = (value - mean) / sd
        log_unnormalized = -0.5 * (df + 1.) * ops.log1p(y ** 2. / df)
        log_normalization = (ops.log(ops.abs(sd)) + 0.5 * ops.log(df) + 0.5 * math.log(math.pi)
                             + ops.lgamma(0.5 * df) - ops.lgamma(0.5 * (df + 1.)))
        return log_unnormalized - log_normalization


__all__ = ["StudentT"]
