"""The constructor the location-scale distributions share (Laplace, HalfNormal, StudentT): float dtype,
positive scale."""
from ._utils.utils import check_greater_zero
from .distribution import Distribution, _check_float_dtype


class _LocationScale(Distribution):
    """A distribution with a ``mean`` (location) and a positive ``sd`` (scale), after ``extra`` parameters."""

    def _init_location_scale(self, param, seed, dtype, name, extra=()):
        _check_float_dtype(dtype, type(self).__name__)
        Distribution.__init__(self, seed, dtype, name, param)
        values = [self._add_parameter(param['param_dict'][n], n) for n in (*extra, 'mean', 'sd')]
        self._mean_value, self._sd_value = values[-2], values[-1]
        if self._sd_value is not None:
            check_greater_zero(self._sd_value, "Standard deviation")
        return values[:-2]

    def _value(self, value):
        from .... import ops
        return ops.cast(self._check_value(value, 'value'), self.dtype)
