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
