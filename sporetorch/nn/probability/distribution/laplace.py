"""The Laplace distribution of ``mindspore.nn.probability.distribution``."""
from ....common import dtype as mstype
from ._location_scale import _LocationScale


class Laplace(_LocationScale):
    r"""Laplace distribution: :math:`\log p(x) = -|x - \mu| / b - \log(2 b)` (``mean`` :math:`\mu`, ``sd``
    :math:`b > 0`).

    Args:
        mean, sd (int, float, list, numpy.ndarray, Tensor): Default: None (given at each call). seed (int).
        dtype: a float type. Default: float32. name (str). Default: "Laplace".

    Functions: ``log_prob`` and ``prob`` (its exponential); the others are not implemented, as in MindSpore.
    """

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Laplace"):
        param = dict(locals())
        param['param_dict'] = {'mean': mean, 'sd': sd}
        self._init_location_scale(param, seed, dtype, name)

    def _log_prob(self, value, mean=None, sd=None):
        from .... import ops
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        return -1.0 * ops.abs((value - mean) / sd) - ops.log(2. * sd)


__all__ = ["Laplace"]
