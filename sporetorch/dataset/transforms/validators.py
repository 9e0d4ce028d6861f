"""MindSpore's argument-check decorators of the general transform operations (``mindspore.dataset.transforms.validators``).

Each decorator binds the call to the method's signature first, so a wrong or missing argument is a
``TypeError`` naming the operation before anything runs; the value checks themselves live in the
operation classes, which raise MindSpore's ``ValueError``/``TypeError``.
"""
from ..core.validator_helpers import binding_check as _binding_check


check_fill_value = _binding_check("fill_value")
check_one_hot_op = _binding_check("one_hot_op")
check_num_classes = _binding_check("num_classes")
check_ms_type = _binding_check("ms_type")
check_slice_option = _binding_check("slice_option")
check_slice_op = _binding_check("slice_op")
check_mask_op_new = _binding_check("mask_op_new")
check_pad_end = _binding_check("pad_end")
check_concat_type = _binding_check("concat_type")
check_random_transform_ops = _binding_check("random_transform_ops")
check_compose_list = _binding_check("compose_list")
check_compose_call = _binding_check("compose_call")
check_random_apply = _binding_check("random_apply")
check_transforms_list = _binding_check("transforms_list")
check_plugin = _binding_check("plugin")
invalidate_callable = _binding_check("invalidate_callable")
check_type_cast = _binding_check("type_cast")


def check_transform_op_type(ind, op):
    """``op`` is an operation instance, not a class (a missing pair of parentheses)."""
    if isinstance(op, type):
        raise ValueError(f"op_list[{ind}] should be a dataset processing operation instance, "
                         f"but got: {op}. It may be missing parentheses for instantiation.")
