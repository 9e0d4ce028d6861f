"""MindSpore 2.10's ``mindspore.train.train_thor.model_thor``: the dataset type helpers of THOR's Model.
``ModelThor`` itself is recorded as not runnable (its training fails in MindSpore 2.10 on every backend)."""
from ...common import dtype as mstype

__all__ = []


def _convert_to_ms_type(types):
    """The MindSpore dtypes of a list of numpy types."""
    return [mstype.pytype_to_dtype(t) for t in types]


def _get_types_and_shapes(dataset):
    """A dataset's output dtypes (MindSpore's) and shapes."""
    return _convert_to_ms_type(dataset.output_types()), dataset.output_shapes()


def _exec_datagraph(exec_dataset, dataset_size, phase="dataset"):
    """Register ``exec_dataset``'s data graph for ``phase`` without running it. MindSpore records the queue,
    batch size, types and shapes in its graph executor; sporetorch's eager Model reads the dataset directly,
    so after the same argument reads nothing is recorded."""
    exec_dataset.get_batch_size()
    _get_types_and_shapes(exec_dataset)
    _ = exec_dataset.__transfer_dataset__.queue_name
