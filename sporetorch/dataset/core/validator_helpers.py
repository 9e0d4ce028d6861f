"""MindSpore's general argument validators of the dataset package (``mindspore.dataset.core.validator_helpers``).

Plain functions that raise MindSpore 2.10's ``TypeError``/``ValueError``/``RuntimeError`` messages, and
``binding_check``, the decorator behind the ``check_*`` method validators of the dataset, vision, audio,
text and transforms packages.
"""
import functools
import inspect
import os
from multiprocessing import cpu_count

POS_INT_MIN = 1
UINT8_MAX = 255
UINT8_MIN = 0
UINT32_MAX = 4294967295
UINT32_MIN = 0
UINT64_MAX = 18446744073709551615
UINT64_MIN = 0
INT32_MAX = 2147483647
INT32_MIN = -2147483648
INT64_MAX = 9223372036854775807
INT64_MIN = -9223372036854775808
FLOAT_MAX_INTEGER = 16777216
FLOAT_MIN_INTEGER = -16777216
DOUBLE_MAX_INTEGER = 9007199254740992
DOUBLE_MIN_INTEGER = -9007199254740992

valid_detype = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                "uint32", "uint64", "float16", "float32", "float64", "string"]


def binding_check(op):
    """Decorator factory of the ``check_*`` method validators: the call is bound to the method's signature
    first, so a wrong or missing argument is a ``TypeError`` naming ``op`` before anything runs; the value
    checks live in the operation classes themselves."""
    def decorator(method):
        sig = inspect.signature(method)

        @functools.wraps(method)
        def new_method(*args, **kwargs):
            try:
                sig.bind(*args, **kwargs)
            except TypeError as err:
                raise TypeError(f"For '{op}', {err}") from None
            return method(*args, **kwargs)
        return new_method
    return decorator


def is_iterable(obj):
    """Whether ``iter(obj)`` works."""
    try:
        iter(obj)
    except TypeError:
        return False
    return True


def pad_arg_name(arg_name):
    """``arg_name`` followed by a space, or ``""`` unchanged (the messages' spacing)."""
    return arg_name + " " if arg_name != "" else arg_name


def _interval_text(valid_range, left_open, right_open):
    return f"{'(' if left_open else '['}{valid_range[0]}, {valid_range[1]}{')' if right_open else ']'}"


def check_value(value, valid_range, arg_name="", left_open_interval=False, right_open_interval=False):
    """``value`` must lie in ``valid_range`` with each end open or closed as asked; ValueError otherwise."""
    low, high = valid_range[0], valid_range[1]
    below = value <= low if left_open_interval else value < low
    above = value >= high if right_open_interval else value > high
    if below or above:
        raise ValueError(f"Input {pad_arg_name(arg_name)}is not within the required interval of "
                         f"{_interval_text(valid_range, left_open_interval, right_open_interval)}.")


def check_value_cutoff(value, valid_range, arg_name=""):
    """``value`` in ``[low, high)``."""
    check_value(value, valid_range, arg_name, False, True)


def check_value_ratio(value, valid_range, arg_name=""):
    """``value`` in ``(low, high]``."""
    check_value(value, valid_range, arg_name, True, False)


def check_value_normalize_std(value, valid_range, arg_name=""):
    """``value`` in ``(low, high]`` (a normalisation std)."""
    check_value(value, valid_range, arg_name, True, False)


def check_range(values, valid_range, arg_name=""):
    """``values`` = (a, b) with ``low <= a <= b <= high``."""
    if not valid_range[0] <= values[0] <= values[1] <= valid_range[1]:
        raise ValueError(f"Input {pad_arg_name(arg_name)}is not within the required interval of "
                         f"[{valid_range[0]}, {valid_range[1]}].")


def check_positive(value, arg_name=""):
    """``value > 0``."""
    if value <= 0:
        raise ValueError(f"Input {pad_arg_name(arg_name)}must be greater than 0.")


def check_int32_not_zero(value, arg_name=""):
    """A nonzero int32."""
    arg_name = pad_arg_name(arg_name)
    type_check(value, (int,), arg_name)
    if value < INT32_MIN or value > INT32_MAX or value == 0:
        raise ValueError(f"Input {arg_name}is not within the required interval of [-2147483648, 0) and "
                         "(0, 2147483647].")


def check_odd(value, arg_name=""):
    """An odd value."""
    if value % 2 != 1:
        raise ValueError(f"Input {pad_arg_name(arg_name)}is not an odd value.")


def check_2tuple(value, arg_name=""):
    """A tuple of two entries."""
    if not (isinstance(value, tuple) and len(value) == 2):
        raise ValueError(f"Value {arg_name} needs to be a 2-tuple.")


def _typed_range(types, low, high, left_open=False):
    def check(value, arg_name=""):
        type_check(value, types, arg_name)
        check_value(value, [low, high], arg_name, left_open)
    return check


def _named(fn, name, doc):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


check_int32 = _named(_typed_range((int,), INT32_MIN, INT32_MAX), "check_int32", "An int in the int32 range.")
check_uint8 = _named(_typed_range((int,), UINT8_MIN, UINT8_MAX), "check_uint8", "An int in the uint8 range.")
check_uint32 = _named(_typed_range((int,), UINT32_MIN, UINT32_MAX), "check_uint32", "An int in the uint32 range.")
check_pos_uint32 = _named(_typed_range((int,), POS_INT_MIN, UINT32_MAX), "check_pos_uint32",
                          "An int in [1, UINT32_MAX].")
check_pos_int32 = _named(_typed_range((int,), POS_INT_MIN, INT32_MAX), "check_pos_int32", "An int in [1, INT32_MAX].")
check_uint64 = _named(_typed_range((int,), UINT64_MIN, UINT64_MAX), "check_uint64", "An int in the uint64 range.")
check_pos_int64 = _named(_typed_range((int,), POS_INT_MIN, INT64_MAX), "check_pos_int64", "An int in [1, INT64_MAX].")
check_non_negative_int32 = _named(_typed_range((int,), 0, INT32_MAX), "check_non_negative_int32",
                                  "An int in [0, INT32_MAX].")
check_float32 = _named(_typed_range((float, int), FLOAT_MIN_INTEGER, FLOAT_MAX_INTEGER), "check_float32",
                       "A number in float32's exact-integer range.")
check_float64 = _named(_typed_range((float, int), DOUBLE_MIN_INTEGER, DOUBLE_MAX_INTEGER), "check_float64",
                       "A number in float64's exact-integer range.")
check_pos_float32 = _named(_typed_range((float, int), UINT32_MIN, FLOAT_MAX_INTEGER, True), "check_pos_float32",
                           "A number in (0, 16777216].")
check_pos_float64 = _named(_typed_range((float, int), UINT64_MIN, DOUBLE_MAX_INTEGER, True), "check_pos_float64",
                           "A number in (0, 2**53].")
check_non_negative_float32 = _named(_typed_range((float, int), UINT32_MIN, FLOAT_MAX_INTEGER),
                                    "check_non_negative_float32", "A number in [0, 16777216].")
check_non_negative_float64 = _named(_typed_range((float, int), UINT32_MIN, DOUBLE_MAX_INTEGER),
                                    "check_non_negative_float64", "A number in [0, 2**53].")


def check_float32_not_zero(value, arg_name=""):
    """A nonzero number in float32's exact-integer range."""
    arg_name = pad_arg_name(arg_name)
    type_check(value, (float, int), arg_name)
    if value < FLOAT_MIN_INTEGER or value > FLOAT_MAX_INTEGER or value == 0:
        raise ValueError(f"Input {arg_name}is not within the required interval of [-16777216, 0) and "
                         "(0, 16777216].")


def check_valid_detype(type_):
    """A dataset-engine type name; returns True."""
    if type_ not in valid_detype:
        raise TypeError("Unknown column type.")
    return True


def check_valid_str(value, valid_strings, arg_name=""):
    """A string among ``valid_strings``."""
    type_check(value, (str,), arg_name)
    if value not in valid_strings:
        raise ValueError(f"Input {arg_name} is not within the valid set of {valid_strings}.")


def check_valid_list_tuple(value, valid_list_tuple, data_type, arg_name=""):
    """A list/tuple of ``data_type`` items equal to one of ``valid_list_tuple``."""
    valid_length = len(valid_list_tuple[0])
    type_check(value, (list, tuple), arg_name)
    type_check_list(value, data_type, arg_name)
    if len(value) != valid_length:
        raise ValueError(f"Input {arg_name} is a list or tuple of length {valid_length}.")
    if value not in valid_list_tuple:
        raise ValueError(f"Input {arg_name}{value} is not within the valid set of {valid_list_tuple}.")


def check_columns(columns, name):
    """A nonempty column name or a nonempty list of distinct nonempty column names."""
    type_check(columns, (list, str), name)
    if isinstance(columns, str):
        if not columns:
            raise ValueError(f"{name} should not be an empty str.")
        return
    if not columns:
        raise ValueError(f"{name} should not be empty.")
    for i, column in enumerate(columns):
        if not column:
            raise ValueError(f"{name}[{i}] should not be empty.")
    type_check_list(columns, (str,), [f"{name}[{i}]" for i in range(len(columns))])
    if len(set(columns)) != len(columns):
        raise ValueError("Every column name should not be same with others in column_names.")


def parse_user_args(method, *args, **kwargs):
    """The values the call binds to ``method``'s parameters (``self``/``cls`` left out, defaults applied),
    and the bound ``arguments`` mapping."""
    sig = inspect.signature(method)
    if "self" in sig.parameters or "cls" in sig.parameters:
        bound = sig.bind(method, *args, **kwargs)
        params = list(sig.parameters)[1:]
    else:
        bound = sig.bind(*args, **kwargs)
        params = list(sig.parameters)
    bound.apply_defaults()
    return [bound.arguments.get(p) for p in params], bound.arguments


def type_check_list(args, types, arg_names):
    """Every item of the list/tuple ``args`` is of ``types``; ``arg_names`` is a name or one name per item."""
    type_check(args, (list, tuple), arg_names)
    if len(args) != len(arg_names) and not isinstance(arg_names, str):
        raise ValueError("List of arguments is not the same length as argument_names.")
    if isinstance(arg_names, str):
        arg_names = [f"{arg_names}[{i}]" for i in range(len(args))]
    for arg, name in zip(args, arg_names):
        type_check(arg, types, name)


def type_check(arg, types, arg_name):
    """``arg`` is an instance of ``types`` (a bool is no int unless bool is listed)."""
    shown = '""' if repr(arg) == repr("") else arg
    if int in types and bool not in types and isinstance(arg, bool):
        raise TypeError(f"Argument {arg_name} with value {shown} is not of type {types}, but got {type(arg)}.")
    if not isinstance(arg, types):
        raise TypeError(f"Argument {arg_name} with value {shown} is not of type {list(types)}, but got {type(arg)}.")


def check_filename(path):
    """A path string whose file name holds no forbidden symbol and no leading/trailing space."""
    if not isinstance(path, str):
        raise TypeError(f"path: {path} is not string")
    filename = os.path.basename(os.path.realpath(path))
    if set(filename) & set(r'\/:*?"<>|`&\';'):
        raise ValueError(r"filename should not contain \/:*?\"<>|`&;\'")
    if filename.startswith(" ") or filename.endswith(" "):
        raise ValueError("filename should not start/end with space.")


def check_dir(dataset_dir):
    """A readable directory."""
    type_check(dataset_dir, (str,), "dataset_dir")
    if not os.path.isdir(dataset_dir) or not os.access(dataset_dir, os.R_OK):
        raise ValueError(f"The folder {dataset_dir} does not exist or is not a directory or permission denied!")


def check_list_same_size(list1, list2, list1_name="", list2_name=""):
    """Two lists of the same length."""
    if len(list1) != len(list2):
        raise ValueError(f"The size of {list1_name} should be the same as that of {list2_name}.")


def check_file(dataset_file):
    """A readable file with a valid name."""
    check_filename(dataset_file)
    real = os.path.realpath(dataset_file)
    if not os.path.isfile(real) or not os.access(real, os.R_OK):
        raise ValueError(f"The file {real} does not exist or permission denied!")


def check_sampler_shuffle_shard_options(param_dict):
    """``sampler`` excludes shuffle/sharding/num_samples; ``num_shards`` and ``shard_id`` come together."""
    shuffle, sampler = param_dict.get("shuffle"), param_dict.get("sampler")
    num_shards, shard_id = param_dict.get("num_shards"), param_dict.get("shard_id")
    if sampler is not None:
        if shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if num_shards is not None or shard_id is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        if param_dict.get("num_samples") is not None:
            raise RuntimeError("sampler and num_samples cannot be specified at the same time.")
    if num_shards is not None:
        check_pos_int32(num_shards, "num_shards")
        if shard_id is None:
            raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
        check_value(shard_id, [0, num_shards - 1], "shard_id")
    if num_shards is None and shard_id is not None:
        raise RuntimeError("shard_id is specified but num_shards is not.")


def check_padding_options(param_dict):
    """``padded_sample`` needs ``num_padded >= 0`` and a ``columns_list`` it covers, and vice versa."""
    columns_list = param_dict.get("columns_list")
    padded_sample, num_padded = param_dict.get("padded_sample"), param_dict.get("num_padded")
    if padded_sample is not None:
        if num_padded is None:
            raise RuntimeError("padded_sample is specified and requires num_padded as well.")
        if num_padded < 0:
            raise ValueError(f"num_padded is invalid, num_padded={num_padded}.")
        if columns_list is None:
            raise RuntimeError("padded_sample is specified and requires columns_list as well.")
        if any(column not in padded_sample for column in columns_list):
            raise ValueError("padded_sample cannot match columns_list.")
    if padded_sample is None and num_padded is not None:
        raise RuntimeError("num_padded is specified but padded_sample is not.")


def check_num_parallel_workers(value):
    """An int in [1, cpu_count()]."""
    type_check(value, (int,), "num_parallel_workers")
    if value < 1 or value > cpu_count():
        raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and {cpu_count()}!")


def check_num_samples(value):
    """An int in [0, INT64_MAX]."""
    type_check(value, (int,), "num_samples")
    if value < 0 or value > INT64_MAX:
        raise ValueError(f"num_samples exceeds the boundary between 0 and {INT64_MAX}(INT64_MAX)!")


def validate_dataset_param_value(param_list, param_dict, param_type):
    """The set entries of ``param_dict`` named in ``param_list``: workers and samples by their own checks,
    the others (num_parallel_workers included, as in MindSpore) of ``param_type``."""
    for name in param_list:
        value = param_dict.get(name)
        if value is None:
            continue
        if name == "num_parallel_workers":
            check_num_parallel_workers(value)
        if name == "num_samples":
            check_num_samples(value)
        else:
            type_check(value, (param_type,), name)


def check_tensor_op(param, param_name):
    """A transform: callable, or with a ``parse`` method."""
    if not callable(param) and not getattr(param, "parse", None):
        raise TypeError(f"{param_name} is neither a transforms op (TensorOperation) nor a callable pyfunc.")


def replace_none(value, default):
    """``value``, or ``default`` when it is None."""
    return value if value is not None else default


def check_dataset_num_shards_shard_id(num_shards, shard_id):
    """``num_shards`` and ``shard_id`` come together, with ``shard_id < num_shards``."""
    if (num_shards is None) != (shard_id is None):
        raise ValueError("num_shards and shard_id need to be passed in together.")
    if num_shards is not None:
        check_pos_int32(num_shards, "num_shards")
        if shard_id >= num_shards:
            raise ValueError("shard_id should be less than num_shards.")


def check_dict(data, key_type, value_type, param_name):
    """None, or a dict with keys of ``key_type`` and values of ``value_type``."""
    if data is None:
        return
    if not isinstance(data, dict):
        raise TypeError(f"{param_name} should be dict type, but got: {type(data)}")
    for key, value in data.items():
        if not isinstance(key, key_type):
            raise TypeError(f"key '{key}' in parameter {param_name} should be {key_type} type, but got: {type(key)}")
        if not isinstance(value, value_type):
            raise TypeError(f"value of '{key}' in parameter {param_name} should be {value_type} type, "
                            f"but got: {type(value)}")


def check_independent_mode(feature_name, condition=True):
    """RuntimeError when ``condition`` and MS_INDEPENDENT_DATASET is true."""
    env = os.getenv("MS_INDEPENDENT_DATASET", None)
    if condition and env and env.strip() in ["True", "true"]:
        raise RuntimeError(f"{feature_name} is not supported in Dataset Independent mode.")


def check_feature_shape(data, shape, param_name):
    """Every value of the dict ``data`` is 2-D with ``shape`` rows."""
    if isinstance(data, dict):
        for key, value in data.items():
            if len(value.shape) != 2 or value.shape[0] != shape:
                raise ValueError(f"Shape of '{key}' in '{param_name}' should be of 2 dimension, and shape of first "
                                 f"dimension should be: {shape}, but got: {value.shape}.")
