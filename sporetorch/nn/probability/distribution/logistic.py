"""The logistic distribution of ``mindspore.nn.probability.distribution``."""
import math

import numpy as np

from ....common import dtype as mstype
from .cauchy import _LocScale


class Logistic(_LocScale):
    r"""Logistic distribution: :math:`F(x) = \sigma((x - \mu)/s)` (``loc`` :math:`\mu`, ``scale`` :math:`s > 0`).

    Args:
        loc, scale (int, float, list, numpy.ndarray, Tensor): Default: None (given at each call). seed (int).
        dtype: a float type. Default: float32. name (str). Default: "Logistic".

    Functions as :class:`Normal`'s except ``kl_loss`` and ``cross_entropy`` (not implemented, as in MindSpore).
    """

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Logistic"):
        param = dict(locals())
        param['param_dict'] = {'loc': loc, 'scale': scale}
        self._init_loc_scale(param, seed, dtype, name)
        self.tiny = np.finfo(np.float64).tiny
        self.sd_const = math.pi / math.sqrt(3)

    def _get_dist_args(self, loc=None, scale=None):
        if loc is None:
            loc = self.loc
        else:
            self.checktensor(loc, 'loc')
        if scale is None:
            scale = self.scale
        else:
            self.checktensor(scale, 'scale')
        return loc, scale

    def _mean(self, loc=None, scale=None):
        loc, _ = self._check_param_type(loc, scale)
        return loc

    def _sd(self, loc=None, scale=None):
        _, scale = self._check_param_type(loc, scale)
        return scale * self.sd_const

    def _entropy(self, loc=None, scale=None):
        from .... import ops
        _, scale = self._check_param_type(loc, scale)
        return ops.log(scale) + 2.

    def _log_prob(self, value, loc=None, scale=None):
        from .... import ops
        z, scale = self._z(value, loc, scale)
        return -z - 2. * ops.softplus(-z) - ops.log(scale)

    def _cdf(self, value, loc=None, scale=None):
        from .... import ops
        z, _ = self._z(value, loc, scale)
        return ops.sigmoid(z)

    def _log_cdf(self, value, loc=None, scale=None):
        from .... import ops
        z, _ = self._z(value, loc, scale)
        return -1 * ops.softplus(-z)

    def _survival_function(self, value, loc=None, scale=None):
        from .... import ops
        z, _ = self._z(value, loc, scale)
        return ops.sigmoid(-z)

    def _log_survival(self, value, loc=None, scale=None):
        from .... import ops
        z, _ = self._z(value, loc, scale)
        return -1 * ops.softplus(z)

    def _sample(self, shape=(), loc=None, scale=None):
        from .... import ops
        return self._sample_from_uniform(
            shape, loc, scale, self.tiny, lambda u, loc_, scale_: (ops.log(u) - ops.log1p(-u)) * scale_ + loc_)


__all__ = ["Logistic"]
