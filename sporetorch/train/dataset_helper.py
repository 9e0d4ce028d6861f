"""``DatasetHelper``: what ``Model`` iterates, one epoch per ``for`` loop.

It keeps one iterator over the dataset for the whole run (so shuffling changes from
epoch to epoch), hands out each step's columns as a tuple of Tensors on the default
device, and implements ``sink_size``: with ``dataset_sink_mode`` and ``sink_size > 0``
every epoch is ``sink_size`` steps long and continues where the previous one stopped.
Data sinking itself does not exist on this backend: sink mode runs ordinary steps.
"""
import torch

from .._device import default_device
from ..common.tensor import Tensor, _wrap
from ..nn.cell import Cell
from ..ops.operations.unsupported_ops import GetNext


def _to_device(value, device):
    if not isinstance(value, Tensor):
        return value
    t = value._t
    if t.device == device:
        return value
    if device.type == "cuda" and t.device.type == "cpu":
        # Pinned host memory lets the copy overlap with the previous step's compute.
        return _wrap(t.pin_memory().to(device, non_blocking=True))
    return _wrap(t.to(device))


class DatasetHelper:
    """Iterate a dataset step by step for ``Model``.

    Args:
        dataset (Dataset): the training or evaluation dataset.
        dataset_sink_mode (bool): MindSpore's sink flag; sink mode runs ordinary steps here.
        sink_size (int): with sink mode, steps per epoch (-1: the dataset size).
        epoch_num (int): how many epochs the helper serves.
    """

    def __init__(self, dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1):
        if not hasattr(dataset, "create_tuple_iterator"):
            raise TypeError(f"The dataset must be a sporetorch.dataset Dataset, but got {type(dataset).__name__}")
        if isinstance(sink_size, bool) or not isinstance(sink_size, int) or sink_size == 0 or sink_size < -1:
            raise ValueError(f"The 'sink_size' must be -1 or a positive int, but got {sink_size!r}")
        self.dataset = dataset
        self.dataset_sink_mode = bool(dataset_sink_mode)
        self._sink_size = sink_size if self.dataset_sink_mode and sink_size > 0 else -1
        self._device = torch.device(default_device())
        # An endless iterator for sink_size epochs (which cross dataset boundaries), else one epoch per loop.
        num_epochs = -1 if self._sink_size > 0 else epoch_num
        self._iter = dataset.create_tuple_iterator(num_epochs=num_epochs)
        self._stream = None

    def sink_size(self):
        """Steps per epoch."""
        return self._sink_size if self._sink_size > 0 else self.dataset.get_dataset_size()

    def __len__(self):
        return self.sink_size()

    def __iter__(self):
        if self._sink_size > 0:
            return self._sized_epoch()
        return self._one_epoch()

    def _convert(self, row):
        return tuple(_to_device(v, self._device) for v in row)

    def _one_epoch(self):
        for row in self._iter:
            yield self._convert(row)

    def _endless(self):
        while True:
            produced = False
            for row in self._iter:
                produced = True
                yield row
            if not produced:
                return

    def _sized_epoch(self):
        if self._stream is None:
            self._stream = self._endless()
        for _ in range(self._sink_size):
            try:
                row = next(self._stream)
            except StopIteration:
                return
            yield self._convert(row)

    def types_shapes(self):
        """The dtypes and shapes of the columns (from the first row)."""
        return self.dataset.output_types(), self.dataset.output_shapes()

    def stop_send(self):
        """Kept for MindSpore compatibility (nothing is sent to a device queue)."""

    def release(self):
        """Close the underlying iterator."""
        self._iter.stop()

    def continue_send(self):
        """Kept for MindSpore compatibility."""

    def get_data_info(self):
        return self.types_shapes()


def connect_network_with_dataset(network, dataset_helper):
    """MindSpore binds a network to the device queue in sink mode; here the network is returned as is."""
    return network


def data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None):
    """Wrap ``fn`` so that each call runs it on the next ``sink_size`` rows of ``dataset``
    (cycling through epochs) and returns the last result, as ``mindspore.data_sink`` does.

    Args:
        fn (callable): called as ``fn(*row)`` with the row's Tensors.
        dataset (Dataset): the data.
        sink_size (int): steps per call. Default: 1.
    """
    if not callable(fn):
        raise TypeError(f"For 'data_sink', 'fn' must be callable, but got {type(fn).__name__}")
    if isinstance(sink_size, bool) or not isinstance(sink_size, int) or sink_size < 1:
        raise ValueError(f"For 'data_sink', 'sink_size' must be a positive int, but got {sink_size!r}")
    helper = DatasetHelper(dataset, dataset_sink_mode=True, sink_size=sink_size)

    def sunk(*args):
        result = None
        for row in helper:
            result = fn(*row)
        return result

    return sunk


# --------------------------------------------------------------- MindSpore 2.10's private sink-mode helpers
# Sink mode feeds the network from a device data queue (``InitDataSetQueue``/``GetNext``), which has no CPU
# kernel in MindSpore 2.10 and does not exist here; the helpers below keep MindSpore's behaviour up to that
# point, and the queue's iterators (``_DatasetIter`` and its subclasses) are recorded as not runnable on CPU.

def _send_data(dataset, epoch_num):
    """Start sending ``dataset``'s transfer dataset (``dataset.__transfer_dataset__``) for ``epoch_num``
    epochs, once."""
    if not hasattr(dataset, "__has_sent__"):
        dataset.__transfer_dataset__.send(epoch_num)
        dataset.__has_sent__ = True


def _send_data_no_flag(dataset, epoch_num):
    """Send ``dataset``'s transfer dataset for ``epoch_num`` epochs, again if it was sent before."""
    dataset.__transfer_dataset__.send(epoch_num)


def _is_auto_dynamic():
    # MindSpore's test-only switch of automatic dynamic shapes (never on outside its test suite).
    return False


def _dynamic_sink_data(dataset, dataset_iter):
    """Whether the sink is the one-step-per-sink case (``sink_size == 1``, one sink, a dataset of more than
    one batch) that gets data with dynamic shapes."""
    return (getattr(dataset_iter, "sink_size", None) == 1 and dataset.get_dataset_size() != 1
            and not hasattr(dataset, "__no_send__") and getattr(dataset_iter, "sink_count", None) == 1)


def _dynamic_sink_exception_scenario(dataset_iter, is_dynamic):
    """Whether dynamic sink data does not apply: outside GRAPH mode, or with dynamic shapes already."""
    from ..context import GRAPH_MODE, get_context
    return get_context("mode") != GRAPH_MODE or bool(is_dynamic)


def _dynamic_sink_scenario(dataset, dataset_iter, is_dynamic):
    """Whether the sink gets data with dynamic shapes (``_dynamic_sink_data`` and not an exception)."""
    if _is_auto_dynamic():
        return False
    return _dynamic_sink_data(dataset, dataset_iter) and not _dynamic_sink_exception_scenario(dataset_iter,
                                                                                              is_dynamic)


def _has_dynamic_shape(dataset_shapes):
    """Whether a shape holds an unknown dimension (-1) or an unknown rank (-2)."""
    return any(-1 in list(shape) or -2 in list(shape) for shape in dataset_shapes)


class _DatasetAux:
    """Per-dataset scratch object of sink mode; it is never copied (``deepcopy`` gives None)."""

    @staticmethod
    def __deepcopy__(memodict):
        return None


def _get_dataset_aux(dataset):
    """The dataset's ``_DatasetAux`` (``dataset.__network_aux__``), created on first use."""
    if not hasattr(dataset, "__network_aux__"):
        dataset.__network_aux__ = _DatasetAux()
    return dataset.__network_aux__


class _DataWrapper(Cell):
    """``network`` fed by ``GetNext`` from the device data queue ``queue_name``. It builds as in MindSpore;
    running it raises, as on MindSpore's CPU build (GetNext has no CPU kernel there)."""

    def __init__(self, network, dataset_types, dataset_shapes, queue_name):
        super().__init__(auto_prefix=False, flags=network.get_flags())
        self.add_flags(**getattr(network.__class__.construct, "_func_graph_flags", {}))
        self.info = (dataset_types, dataset_shapes)
        self.get_next = GetNext(dataset_types, dataset_shapes, len(dataset_types), queue_name)
        self.network = network

    def construct(self):
        outputs = self.get_next()
        return self.network(*outputs)


def _generate_dataset_sink_mode_net(network, dataset_shapes, dataset_types, queue_name):
    """``network`` wrapped in a ``_DataWrapper`` (unless it is one)."""
    if not isinstance(network, _DataWrapper):
        network = _DataWrapper(network, dataset_types, dataset_shapes, queue_name)
    return network


def _generate_network_with_dataset(network, dataset_helper, queue_name):
    """The sink-mode network of ``network`` for ``dataset_helper``'s types and shapes (in PyNative mode the
    shapes are left unknown, ``(-2,)``)."""
    from ..context import PYNATIVE_MODE, get_context
    dataset_types, dataset_shapes = dataset_helper.types_shapes()
    get_inputs = getattr(type(network), "get_inputs", None)  # the inputs declared with set_inputs, if any
    if get_context("mode") == PYNATIVE_MODE and not (get_inputs and get_inputs(network)):
        dataset_shapes = tuple([(-2,)] * len(dataset_shapes))
    return _generate_dataset_sink_mode_net(network, dataset_shapes, dataset_types, queue_name)


class _DatasetIterNormal:
    """Iterator of non-sink mode: the dataset's rows (tuples of Tensors) fed from the host."""

    def __init__(self, dataset, epoch_num=-1):
        self.dataset = dataset
        self.device_num = 1
        self.global_rank = 0
        self.iter = dataset.create_tuple_iterator(num_epochs=epoch_num)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self.iter)
