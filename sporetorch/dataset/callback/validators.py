"""Argument checks of the dataset callbacks (``mindspore.dataset.callback.validators``)."""
import functools

from ..core.validator_helpers import check_pos_int32, parse_user_args


def check_callback(method):
    """Decorator of ``DSCallback.__init__``: ``step_size`` must be an int in [1, INT32_MAX]."""
    @functools.wraps(method)
    def new_method(self, *args, **kwargs):
        [step_size], _ = parse_user_args(method, *args, **kwargs)
        check_pos_int32(step_size, "step_size")
        return method(self, *args, **kwargs)
    return new_method
