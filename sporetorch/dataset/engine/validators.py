"""MindSpore's argument-check decorators of the Dataset methods (``check_batch``, ...).

Each decorator binds the call to the method's signature first, so a wrong or missing
argument is a ``TypeError`` naming the operation before the pipeline is touched; the
value checks themselves live in the operation classes (``BatchDataset``...), which raise
MindSpore's ``ValueError``/``TypeError``.
"""
import functools
import inspect


def _binding_check(op):
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


check_batch = _binding_check("batch")
check_padded_batch = _binding_check("padded_batch")
check_bucket_batch_by_length = _binding_check("bucket_batch_by_length")
check_sync_wait = _binding_check("sync_wait")
check_sync_update = _binding_check("sync_update")
check_shuffle = _binding_check("shuffle")
check_map = _binding_check("map")
check_filter = _binding_check("filter")
check_repeat = _binding_check("repeat")
check_skip = _binding_check("skip")
check_take = _binding_check("take")
check_zip = _binding_check("zip")
check_zip_dataset = _binding_check("zip")
check_concat = _binding_check("concat")
check_rename = _binding_check("rename")
check_project = _binding_check("project")
check_split = _binding_check("split")
check_save = _binding_check("save")
check_tuple_iterator = _binding_check("create_tuple_iterator")
check_dict_iterator = _binding_check("create_dict_iterator")
check_device_send = _binding_check("device_que")
check_to_device_send = _binding_check("to_device")
check_send = _binding_check("send")
check_recv = _binding_check("recv")
check_output_shape = _binding_check("output_shapes")
check_add_column = _binding_check("add_column")
check_schema = _binding_check("Schema")


def check_total_batch(total_batch):
    """``total_batch`` must be a positive int."""
    if isinstance(total_batch, bool) or not isinstance(total_batch, int) or total_batch <= 0:
        raise TypeError(f"The total_batch must be a positive int, but got {total_batch!r}")


def check_iterator_cleanup():
    """Nothing to check: iterators release their workers when they are stopped or collected."""
