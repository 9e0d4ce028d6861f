"""MindSpore 2.10's ``mindspore.train.metrics.hausdorff_distance``: ``HausdorffDistance`` (defined with the
other surface-distance metrics in surface_distance.py) and the module's private helpers."""
from collections import abc

import numpy as np

from ...common.tensor import Tensor
from .surface_distance import HausdorffDistance

__all__ = ["HausdorffDistance"]


class _ROISpatialData:
    """Crop the spatial axes of channel-first data to a region of interest, given by its center and size or by
    its start and end coordinates (clipped at 0; an end before its start gives an empty region)."""

    def __init__(self, roi_center=None, roi_size=None, roi_start=None, roi_end=None):
        if roi_center is not None and roi_size is not None:
            center = np.asarray(roi_center, dtype=np.int16)
            size = np.asarray(roi_size, dtype=np.int16)
            self.roi_start = np.maximum(center - np.floor_divide(size, 2), 0)
            self.roi_end = np.maximum(self.roi_start + size, self.roi_start)
        else:
            if roi_start is None or roi_end is None:
                raise ValueError("For 'HausdorffDistance.update', When either 'roi_center' or 'roi_size' is None,"
                                 "neither 'roi_start' nor 'roi_end' can be None.")
            self.roi_start = np.maximum(np.asarray(roi_start, dtype=np.int16), 0)
            self.roi_end = np.maximum(np.asarray(roi_end, dtype=np.int16), self.roi_start)

    def __call__(self, data):
        """``data`` cropped (its first axis, the channels, kept whole)."""
        n = min(len(self.roi_start), len(self.roi_end), len(data.shape[1:]))
        slices = [slice(None)] + [slice(s, e) for s, e in zip(self.roi_start[:n], self.roi_end[:n])]
        return data[tuple(slices)]


def _is_iterable_sequence(inputs):
    """Whether ``inputs`` is an iterable other than a str (a Tensor: one with at least one axis)."""
    if isinstance(inputs, Tensor):
        return int(inputs.dim()) > 0
    return isinstance(inputs, abc.Iterable) and not isinstance(inputs, str)
