"""dataset.core.validator_helpers and the check_* decorators: messages as MindSpore 2.10 raises them."""
import pytest

from sporetorch.dataset.core import validator_helpers as h
from sporetorch.dataset.vision import validators as vision_validators

# (function, args, exception type, message): MindSpore 2.10's results.
CASES = [
    ('check_pos_int32', (0, "num"), 'ValueError', 'Input num is not within the required interval of [1, 2147483647].'),
    ('check_pos_int32', (True, "num"), 'TypeError',
     "Argument num with value True is not of type (<class 'int'>,), but got <class 'bool'>."),
    ('check_value', (5, [0, 3], "x"), 'ValueError', 'Input x is not within the required interval of [0, 3].'),
    ('check_value', (0, [0, 3], "x", True, True), 'ValueError',
     'Input x is not within the required interval of (0, 3).'),
    ('check_pos_float32', (0.0, "f"), 'ValueError', 'Input f is not within the required interval of (0, 16777216].'),
    ('check_int32_not_zero', (0, "z"), 'ValueError',
     'Input z is not within the required interval of [-2147483648, 0) and (0, 2147483647].'),
    ('check_columns', ([], "cols"), 'ValueError', 'cols should not be empty.'),
    ('check_columns', (["a", "a"], "cols"), 'ValueError',
     'Every column name should not be same with others in column_names.'),
    ('check_valid_str', ("q", ["a"], "mode"), 'ValueError', "Input mode is not within the valid set of ['a']."),
    ('check_2tuple', ([1, 2], "t"), 'ValueError', 'Value t needs to be a 2-tuple.'),
    ('check_dataset_num_shards_shard_id', (2, None), 'ValueError',
     'num_shards and shard_id need to be passed in together.'),
    ('check_odd', (4, "k"), 'ValueError', 'Input k is not an odd value.'),
    ('check_float32', ("a", "f"), 'TypeError',
     "Argument f with value a is not of type [<class 'float'>, <class 'int'>], but got <class 'str'>."),
    ('check_valid_detype', ("int7",), 'TypeError', 'Unknown column type.'),
    ('check_dict', ({1: 2}, str, int, "d"), 'TypeError',
     "key '1' in parameter d should be <class 'str'> type, but got: <class 'int'>"),
    ('check_sampler_shuffle_shard_options', ({"sampler": 1, "shuffle": True},), 'RuntimeError',
     'sampler and shuffle cannot be specified at the same time.'),
    ('check_range', ((3, 1), [0, 5], "r"), 'ValueError', 'Input r is not within the required interval of [0, 5].'),
]


@pytest.mark.parametrize("name,args,exc,msg", CASES)
def test_messages_as_mindspore(name, args, exc, msg):
    with pytest.raises(Exception) as info:
        getattr(h, name)(*args)
    assert type(info.value).__name__ == exc
    assert str(info.value) == msg


def test_passing_values_and_helpers():
    h.check_pos_int32(3, "n")
    h.check_columns(["a", "b"], "cols")
    h.check_dataset_num_shards_shard_id(2, 1)
    # MindSpore 2.10: parse_user_args(lambda a, b=2: 0, 1) == ([1, 2], {'a': 1, 'b': 2})
    assert h.parse_user_args(lambda a, b=2: 0, 1) == ([1, 2], {"a": 1, "b": 2})
    assert h.is_iterable(3) is False and h.pad_arg_name("x") == "x "


def test_decorator_binds_the_signature():
    class Op:
        @vision_validators.check_crop
        def __init__(self, coordinates, size):
            self.size = size
    assert Op((0, 0), 3).size == 3
    with pytest.raises(TypeError, match="crop"):
        Op((0, 0))


def test_config_settings_as_mindspore():
    from sporetorch.dataset.core import config
    # MindSpore 2.10 defaults: {'do_copy': False, 'parallel_convert': False} False True
    assert config.get_iterator_mode() == {"do_copy": False, "parallel_convert": False}
    assert config.get_dynamic_shape() is False and config.get_enable_shared_mem() is True
    with pytest.raises(TypeError, match="^is_dynamic must be a boolean dtype.$"):
        config.set_dynamic_shape(1)
    with pytest.raises(TypeError, match=r"^Argument do_copy with value 1 is not of type \[<class 'bool'>\]"):
        config.set_iterator_mode(1)
    with pytest.raises(ValueError, match=r"^option isn't within the required range of \[0, 6\].$"):
        config._set_auto_workers_config(7)
    with pytest.raises(TypeError, match="^option isn't of type int.$"):
        config._set_auto_workers_config(True)
    with pytest.raises(TypeError, match="^enable must be of type bool.$"):
        config.set_enable_shared_mem(1)
    config.set_iterator_mode(True)
    try:
        assert config.get_iterator_mode() == {"do_copy": True, "parallel_convert": False}
    finally:
        config.set_iterator_mode()
    assert config._get_debug_hook_list() is None
