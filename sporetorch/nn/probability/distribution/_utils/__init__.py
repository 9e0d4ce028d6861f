"""``mindspore.nn.probability.distribution._utils``: the checks and conversions of the distributions."""
from .utils import (CheckTensor, CheckTuple, cast_to_tensor, cast_type_for_device, check_greater,
                    check_greater_equal_zero, check_greater_zero, check_prob, check_rank, check_sum_equal_one,
                    clamp_probs, logits_to_probs, probs_to_logits, set_param_type)

__all__ = ["CheckTensor", "CheckTuple", "cast_to_tensor", "cast_type_for_device", "check_greater",
           "check_greater_equal_zero", "check_greater_zero", "check_prob", "check_rank", "check_sum_equal_one",
           "clamp_probs", "logits_to_probs", "probs_to_logits", "set_param_type"]
