"""The plain value checks of dataset.vision/audio/text/transforms validators: MindSpore 2.10's messages."""
import pytest

from sporetorch.dataset.audio import validators as a
from sporetorch.dataset.engine import validators as e
from sporetorch.dataset.text import validators as t
from sporetorch.dataset.transforms import validators as tr
from sporetorch.dataset.vision import validators as v

# (check, args, exception type or None, message): what MindSpore 2.10 raises for each call.
CASES = [
    (v.check_crop_size, (0,), 'ValueError', 'Input is not within the required interval of [1, 16777216].'),
    (v.check_crop_size, ((1, 2, 3),), 'TypeError', 'Size should be a single integer or a list/tuple (h, w) of length 2.'),
    (v.check_crop_coordinates, ((1, -1),), 'ValueError', 'Input coordinates[1] is not within the required interval of [0, 2147483647].'),
    (v.check_resize_size, ((3, 0),), 'ValueError', 'Input size at dim 1 is not within the required interval of [1, 2147483647].'),
    (v.check_normalize_param, ([1, 2], [1]), 'ValueError', 'Length of mean and std must be equal.'),
    (v.check_normalize_param, ([1], [0]), 'ValueError', 'Input std[0] is not within the required interval of (0, 255].'),
    (v.check_normalize_c_param, ([300], [1]), 'ValueError', 'Input mean_value is not within the required interval of [0, 255].'),
    (v.check_normalize_py_param, ([0.5], [2.0]), 'ValueError', 'Input std_value is not within the required interval of (0.0, 1.0].'),
    (v.check_fill_value, (256,), 'ValueError', 'Input fill_value is not within the required interval of [0, 255].'),
    (v.check_fill_value, ([1, 2, 3],), 'TypeError', 'fill_value should be a single integer or a 3-tuple.'),
    (v.check_padding, ((1, 2, 3),), 'ValueError', 'The size of the padding list or tuple should be 2 or 4.'),
    (v.check_padding, (-1,), 'ValueError', 'Input padding is not within the required interval of [0, 2147483647].'),
    (v.check_degrees, ((5, 1),), 'ValueError', 'degrees should be in (min,max) format. Got (max,min).'),
    (v.check_degrees, ((1, 2, 3),), 'TypeError', 'If degrees is a sequence, the length must be 2.'),
    (v.check_random_color_adjust_param, ((2, 1), 'brightness'), 'ValueError', 'brightness value should be in (min,max) format. Got (2, 1).'),
    (v.check_random_color_adjust_param, (-1, 'hue'), 'ValueError', 'The input value of hue cannot be negative.'),
    (v.check_erasing_value, ('x',), 'ValueError', "The value for erasing should be either a single value, or a string 'random', or a sequence of 3 elements for RGB respectively."),
    (v.check_size_scale_ration_max_attempts_paras, (3, (0.5, 0.1), None, None), 'ValueError', 'scale should be in (min,max) format. Got (max,min).'),
    (v.check_resample_expand_center_fill_value_params, (1, False, None, 0), 'TypeError', "Argument resample with value 1 is not of type [<enum 'Inter'>], but got <class 'int'>."),
    (a.check_biquad_sample_rate, (0,), 'ValueError', 'Input sample_rate is not within the required interval of [-2147483648, 0) and (0, 2147483647].'),
    (a.check_biquad_q, (0,), 'ValueError', 'Input Q is not within the required interval of (0, 1].'),
    (a.check_biquad_gain, ('g',), 'TypeError', "Argument gain with value g is not of type [<class 'float'>, <class 'int'>], but got <class 'str'>."),
    (a.check_biquad_noise, (1,), 'TypeError', "Argument noise with value 1 is not of type [<class 'bool'>], but got <class 'int'>."),
    (a.check_mel_scale_freq, (10, 5, 16000), 'ValueError', 'MelScale: f_max should be greater than f_min.'),
    (a.check_mel_scale_freq, (9000, None, 16000), 'ValueError', 'MelScale: sample_rate // 2 should be greater than f_min when f_max is set to None.'),
    (a.check_mel_scale_norm, ('slaney',), 'TypeError', "Argument norm with value slaney is not of type [<enum 'NormType'>], but got <class 'str'>."),
    (a.check_power, (-1,), 'ValueError', 'Input power is not within the required interval of [0, 16777216].'),
    (a.check_mel_spectrogram_freq, (1, None, 100), 'TypeError', "Argument f_min with value 1 is not of type [<class 'float'>], but got <class 'int'>."),
    (a.check_mel_spectrogram_freq, (10.0, 5, 100), 'ValueError', 'f_max should be greater than or equal to f_min, but got f_min: 10.0 and f_max: 5.'),
    (a.check_mel_spectrogram_freq, (60.0, None, 100), 'ValueError', 'MelSpectrogram: sample_rate // 2 should be greater than f_min when f_max is set to None, but got f_min: 60.0.'),
    (a.check_biquad_coeff, (1000000000.0, 'b0'), 'ValueError', 'Input b0 is not within the required interval of [-16777216, 16777216].'),
    (t.check_unique_list_of_words, (['a', 'a'], 'words'), 'ValueError', 'words contains duplicate word: a.'),
    (t.check_vocab, (1,), 'RuntimeError', "The Vocab has not built yet, got type <class 'int'>. Use Vocab.from_dataset(), Vocab.from_list(), Vocab.from_file() or Vocab.from_dict() to build a Vocab."),
    (tr.check_transform_op_type, (2, int), 'ValueError', "op_list[2] should be a dataset processing operation instance, but got: <class 'int'>. It may be missing parentheses for instantiation."),
    (e.check_pad_info, ("c", ([2, 0], 0)), 'ValueError',
     'Input dim of shape in pad_info is not within the required interval of [1, 2147483647].'),
    (e.check_pad_info, ("c", (1, 2, 3)), 'ValueError', 'value of pad_info should be a tuple of size 2.'),
    (e.check_pad_info, (1, None), 'TypeError',
     "Argument key in pad_info with value 1 is not of type [<class 'str'>], but got <class 'int'>."),
    (e.check_max_rowsize, (-2,), 'ValueError',
     'Input max_rowsize is not within the required interval of [-1, 2147483647].'),
    (e.check_max_rowsize, ([1, -5],), 'ValueError',
     'Input max_rowsizei[1] is not within the required interval of [-1, 2147483647].'),
    (e.check_max_rowsize, ([1, 2, 3],), 'TypeError',
     'max_rowsize should be a single integer or a list[in_rowsize, out_rowsize] of length 2.'),
    (e.check_max_rowsize, (1.5,), 'TypeError',
     "Argument max_rowsize with value 1.5 is not of type [<class 'int'>, <class 'list'>], but got <class 'float'>."),
    (e.check_batch_sampler, ([[0, 1]], 3, None, None, None, None, None), 'ValueError',
     'batch_sampler is mutually exclusive with num_samples, shuffle, num_shards, shard_id and sampler.'),
    (e.check_batch_sampler, (None, None, None, None, None, None, len), 'ValueError',
     'collate_fn can be specified only when batch_sampler is set.'),
    (e.check_batch_sampler, (5, None, None, None, None, None, None), 'TypeError',
     'batch_sampler should have __getitem__ or __iter__ method.'),
    (e.check_valid_map_style_dataset, (iter([]), None, None, 2), 'ValueError',
     "num_shards is not supported if source does not have attribute '__getitem__'."),
]


@pytest.mark.parametrize("check,args,exc,msg", CASES)
def test_value_checks_as_mindspore(check, args, exc, msg):
    if exc is None:
        check(*args)
        return
    with pytest.raises(Exception) as info:
        check(*args)
    assert type(info.value).__name__ == exc
    assert str(info.value) == msg


def test_engine_helpers():
    # MindSpore 2.10: get_batch_kwargs_from_dict({"input_columns": ["a"]}) == (None, ['a'], None, False, None)
    assert e.get_batch_kwargs_from_dict({"input_columns": ["a"]}) == (None, ["a"], None, False, None)
    assert e.get_map_kwargs_from_dict(None) == (None, None, None, None, None)
    assert e.check_hostname("a-b.example.com") and not e.check_hostname("-bad.com") and not e.check_hostname("")
    with pytest.raises(TypeError, match="Argument cache with value 3"):
        e.check_cache_option(3)
    assert "1" in e.check_source_function(lambda: 1)
