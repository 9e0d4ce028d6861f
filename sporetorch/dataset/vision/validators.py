"""MindSpore's argument-check decorators of the vision operations (``mindspore.dataset.vision.validators``).

Each decorator binds the call to the method's signature first, so a wrong or missing argument is a
``TypeError`` naming the operation before anything runs; the value checks themselves live in the
operation classes, which raise MindSpore's ``ValueError``/``TypeError``.
"""
import numbers

from ..core.validator_helpers import (FLOAT_MAX_INTEGER, INT32_MAX, INT32_MIN, check_2tuple, check_float32,
                                      check_non_negative_float32, check_pos_float32, check_pos_int32, check_positive,
                                      check_range, check_uint8, check_value, check_value_normalize_std, type_check,
                                      type_check_list)
from ..core.validator_helpers import binding_check as _binding_check
from .utils import Inter


check_affine = _binding_check("affine")
check_cut_mix_batch_c = _binding_check("cut_mix_batch_c")
check_mix_up_batch_c = _binding_check("mix_up_batch_c")
check_crop = _binding_check("crop")
check_center_crop = _binding_check("center_crop")
check_five_crop = _binding_check("five_crop")
check_erase = _binding_check("erase")
check_random_posterize = _binding_check("random_posterize")
check_posterize = _binding_check("posterize")
check_resize_interpolation = _binding_check("resize_interpolation")
check_device_target = _binding_check("device_target")
check_resized_crop = _binding_check("resized_crop")
check_resize = _binding_check("resize")
check_random_adjust_sharpness = _binding_check("random_adjust_sharpness")
check_random_resize_crop = _binding_check("random_resize_crop")
check_random_auto_contrast = _binding_check("random_auto_contrast")
check_prob = _binding_check("prob")
check_alpha = _binding_check("alpha")
check_normalize = _binding_check("normalize")
check_normalize_py = _binding_check("normalize_py")
check_normalize_c = _binding_check("normalize_c")
check_normalizepad = _binding_check("normalizepad")
check_normalizepad_c = _binding_check("normalizepad_c")
check_normalizepad_py = _binding_check("normalizepad_py")
check_random_crop = _binding_check("random_crop")
check_random_color_adjust = _binding_check("random_color_adjust")
check_random_rotation = _binding_check("random_rotation")
check_rotate = _binding_check("rotate")
check_ten_crop = _binding_check("ten_crop")
check_num_channels = _binding_check("num_channels")
check_pad = _binding_check("pad")
check_pad_to_size = _binding_check("pad_to_size")
check_perspective = _binding_check("perspective")
check_slice_patches = _binding_check("slice_patches")
check_random_perspective = _binding_check("random_perspective")
check_mix_up = _binding_check("mix_up")
check_rgb_to_bgr = _binding_check("rgb_to_bgr")
check_rgb_to_hsv = _binding_check("rgb_to_hsv")
check_hsv_to_rgb = _binding_check("hsv_to_rgb")
check_random_erasing = _binding_check("random_erasing")
check_cutout_new = _binding_check("cutout_new")
check_cutout = _binding_check("cutout")
check_decode = _binding_check("decode")
check_linear_transform = _binding_check("linear_transform")
check_random_affine = _binding_check("random_affine")
check_rescale = _binding_check("rescale")
check_uniform_augment_cpp = _binding_check("uniform_augment_cpp")
check_uniform_augment = _binding_check("uniform_augment")
check_bounding_box_augment_cpp = _binding_check("bounding_box_augment_cpp")
check_adjust_brightness = _binding_check("adjust_brightness")
check_adjust_contrast = _binding_check("adjust_contrast")
check_adjust_gamma = _binding_check("adjust_gamma")
check_adjust_hue = _binding_check("adjust_hue")
check_adjust_saturation = _binding_check("adjust_saturation")
check_adjust_sharpness = _binding_check("adjust_sharpness")
check_auto_contrast = _binding_check("auto_contrast")
check_uniform_augment_py = _binding_check("uniform_augment_py")
check_positive_degrees = _binding_check("positive_degrees")
check_random_select_subpolicy_op = _binding_check("random_select_subpolicy_op")
check_random_solarize = _binding_check("random_solarize")
check_gaussian_blur = _binding_check("gaussian_blur")
check_convert_color = _binding_check("convert_color")
check_auto_augment = _binding_check("auto_augment")
check_to_tensor = _binding_check("to_tensor")
check_solarize = _binding_check("solarize")
check_trivial_augment_wide = _binding_check("trivial_augment_wide")
check_rand_augment = _binding_check("rand_augment")


# Plain value checks the vision operations share (MindSpore 2.10's messages).
def check_crop_size(size):
    """An int in [1, 16777216] or an (h, w) pair of them."""
    type_check(size, (int, list, tuple), "size")
    if isinstance(size, int):
        check_value(size, (1, FLOAT_MAX_INTEGER))
    elif len(size) == 2:
        for i, value in enumerate(size):
            type_check(value, (int,), f"size[{i}]")
            check_value(value, (1, FLOAT_MAX_INTEGER))
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def check_crop_coordinates(coordinates):
    """A (y, x) pair of ints in [0, INT32_MAX]."""
    type_check(coordinates, (list, tuple), "coordinates")
    if len(coordinates) != 2:
        raise TypeError("Coordinates should be a list/tuple (y, x) of length 2.")
    for i, value in enumerate(coordinates):
        type_check(value, (int,), f"coordinates[{i}]")
        check_value(value, (0, INT32_MAX), f"coordinates[{i}]")


def check_resize_size(size):
    """An int in [1, 16777216] or an (h, w) pair of ints in [1, INT32_MAX]."""
    if isinstance(size, int):
        check_value(size, (1, FLOAT_MAX_INTEGER))
    elif isinstance(size, (tuple, list)) and len(size) == 2:
        for i, value in enumerate(size):
            type_check(value, (int,), f"size at dim {i}")
            check_value(value, (1, INT32_MAX), f"size at dim {i}")
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def _check_mean_std(mean, std):
    type_check(mean, (list, tuple), "mean")
    type_check(std, (list, tuple), "std")
    if len(mean) != len(std):
        raise ValueError("Length of mean and std must be equal.")


def check_normalize_param(mean, std):
    """Equal-length mean in [0, 255] and std in (0, 255]."""
    _check_mean_std(mean, std)
    for i, value in enumerate(mean):
        type_check(value, (int, float), f"mean[{i}]")
        check_value(value, [0, 255], f"mean[{i}]")
    for i, value in enumerate(std):
        type_check(value, (int, float), f"std[{i}]")
        check_value_normalize_std(value, [0, 255], f"std[{i}]")


def check_normalize_c_param(mean, std):
    """Equal-length mean in [0, 255] and std in (0, 255] (names of the C++ operation's messages)."""
    _check_mean_std(mean, std)
    for value in mean:
        check_value(value, [0, 255], "mean_value")
    for value in std:
        check_value_normalize_std(value, [0, 255], "std_value")


def check_normalize_py_param(mean, std):
    """Equal-length mean in [0, 1] and std in (0, 1]."""
    _check_mean_std(mean, std)
    for value in mean:
        check_value(value, [0., 1.], "mean_value")
    for value in std:
        check_value_normalize_std(value, [0., 1.], "std_value")


def check_fill_value(fill_value):
    """A uint8 or a 3-tuple of them."""
    if isinstance(fill_value, int):
        check_uint8(fill_value, "fill_value")
    elif isinstance(fill_value, tuple) and len(fill_value) == 3:
        for i, value in enumerate(fill_value):
            check_uint8(value, f"fill_value[{i}]")
    else:
        raise TypeError("fill_value should be a single integer or a 3-tuple.")


def check_padding(padding):
    """A non-negative int or a list/tuple of 2 or 4 of them."""
    type_check(padding, (tuple, list, numbers.Number), "padding")
    if isinstance(padding, numbers.Number):
        type_check(padding, (int,), "padding")
        check_value(padding, (0, INT32_MAX), "padding")
        return
    if len(padding) not in (2, 4):
        raise ValueError("The size of the padding list or tuple should be 2 or 4.")
    for i, value in enumerate(padding):
        type_check(value, (int,), f"padding[{i}]")
        check_value(value, (0, INT32_MAX), "pad_value")


def check_degrees(degrees):
    """A non-negative number or an ordered (min, max) pair."""
    type_check(degrees, (int, float, list, tuple), "degrees")
    if isinstance(degrees, (int, float)):
        check_non_negative_float32(degrees, "degrees")
        return
    if len(degrees) != 2:
        raise TypeError("If degrees is a sequence, the length must be 2.")
    type_check_list(degrees, (int, float), "degrees")
    for value in degrees:
        check_float32(value, "degrees")
    if degrees[0] > degrees[1]:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")


def check_random_color_adjust_param(value, input_name, center=1, bound=(0, FLOAT_MAX_INTEGER), non_negative=True):
    """A non-negative number, or an ordered (min, max) pair inside ``bound``."""
    type_check(value, (numbers.Number, list, tuple), input_name)
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"The input value of {input_name} cannot be negative.")
        return
    if len(value) != 2:
        raise TypeError(f"If {input_name} is a sequence, the length must be 2.")
    if value[0] > value[1]:
        raise ValueError(f"{input_name} value should be in (min,max) format. Got ({value[0]}, {value[1]}).")
    check_range(value, bound)


def check_erasing_value(value):
    """A number, 'random', or a sequence of 3."""
    if not (isinstance(value, numbers.Number) or (isinstance(value, str) and value == "random")
            or (isinstance(value, (tuple, list)) and len(value) == 3)):
        raise ValueError("The value for erasing should be either a single value, "
                         "or a string 'random', or a sequence of 3 elements for RGB respectively.")


def check_size_scale_ration_max_attempts_paras(size, scale, ratio, max_attempts):
    """RandomResizedCrop's size, ordered scale and ratio pairs, and positive max_attempts."""
    check_crop_size(size)
    if scale is not None:
        type_check(scale, (tuple, list), "scale")
        if len(scale) != 2:
            raise TypeError("scale should be a list/tuple of length 2.")
        type_check_list(scale, (float, int), "scale")
        if scale[0] > scale[1]:
            raise ValueError("scale should be in (min,max) format. Got (max,min).")
        check_range(scale, [0, FLOAT_MAX_INTEGER])
        check_positive(scale[1], "scale[1]")
    if ratio is not None:
        type_check(ratio, (tuple, list), "ratio")
        if len(ratio) != 2:
            raise TypeError("ratio should be a list/tuple of length 2.")
        check_pos_float32(ratio[0], "ratio[0]")
        check_pos_float32(ratio[1], "ratio[1]")
        if ratio[0] > ratio[1]:
            raise ValueError("ratio should be in (min,max) format. Got (max,min).")
    if max_attempts is not None:
        check_pos_int32(max_attempts, "max_attempts")


def check_resample_expand_center_fill_value_params(resample, expand, center, fill_value):
    """Rotate's resample (Inter), expand (bool), center (a pair) and fill_value."""
    type_check(resample, (Inter,), "resample")
    type_check(expand, (bool,), "expand")
    if center is not None:
        check_2tuple(center, "center")
        for value in center:
            type_check(value, (int, float), "center")
            check_value(value, [INT32_MIN, INT32_MAX], "center")
    check_fill_value(fill_value)
