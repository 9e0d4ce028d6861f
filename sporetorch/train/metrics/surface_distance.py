"""Surface-distance metrics of segmentation masks: Hausdorff, mean and root-mean-square surface distance.

The surface of a mask is the mask minus its binary erosion (face-connected neighbours, outside counted
as background). The distance of a surface point to the other surface is the smallest Euclidean,
chessboard (L-inf) or taxicab (L1) distance to one of its points, which is what the distance transforms
MindSpore 2.10 uses compute on the voxel grid.
"""
import numpy as np

from .metric import Metric, rearrange_inputs

_METRICS = ("euclidean", "chessboard", "taxicab")


def _erode(mask):
    out = mask.copy()
    for axis in range(mask.ndim):
        for shift in (1, -1):
            neighbour = np.zeros_like(mask)
            src = [slice(None)] * mask.ndim
            dst = [slice(None)] * mask.ndim
            src[axis], dst[axis] = (slice(None, -1), slice(1, None)) if shift == 1 else (slice(1, None),
                                                                                           slice(None, -1))
            neighbour[tuple(dst)] = mask[tuple(src)]
            out &= neighbour
    return out


def _surface(mask):
    return _erode(mask) ^ mask


def _distances(from_edges, to_edges, metric):
    """The distance of every point of ``from_edges`` to the nearest point of ``to_edges`` (inf if it is empty)."""
    src = np.argwhere(from_edges).astype(np.float64)
    if not len(src):
        return np.array([])
    dst = np.argwhere(to_edges).astype(np.float64)
    if not len(dst):
        return np.full(len(src), np.inf)
    out = np.empty(len(src))
    step = max(1, 2 ** 22 // max(len(dst), 1))
    for i in range(0, len(src), step):
        diff = np.abs(src[i:i + step, None, :] - dst[None, :, :])
        if metric == "euclidean":
            d = np.sqrt((diff ** 2).sum(-1))
        elif metric == "chessboard":
            d = diff.max(-1)
        else:
            d = diff.sum(-1)
        out[i:i + step] = d.min(1)
    return out


class _SurfaceMetric(Metric):
    def _check_metric(self, distance_metric):
        if not isinstance(distance_metric, str):
            raise TypeError(f"For '{type(self).__name__}', the 'distance_metric' must be str, but got "
                            f"{type(distance_metric).__name__}")
        if distance_metric not in _METRICS:
            raise ValueError(f"For '{type(self).__name__}', the 'distance_metric' must be one of {list(_METRICS)}, "
                             f"but got {distance_metric!r}")
        return distance_metric

    def clear(self):
        self._y_pred_edges, self._y_edges = 0, 0
        self._is_update = False

    def _masks(self, inputs):
        name = type(self).__name__
        if len(inputs) != 3:
            raise ValueError(f"For '{name}.update', it needs 3 inputs (predicted value, true value, label index), "
                             f"but got {len(inputs)}.")
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        label = inputs[2]
        if not isinstance(label, (int, float)):
            raise ValueError(f"For '{name}.update', the label index (input[2]) must be int or float, but got "
                             f"{type(label)}.")
        if label not in y_pred and label not in y:
            raise ValueError(f"For '{name}.update', the label index (input[2]) must be in predicted value (input[0]) "
                             f"or true value (input[1]), but {label} is not.")
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(f"For '{name}.update', the predicted value (input[0]) and true value (input[1]) must be "
                             f"non-empty and of the same shape, but got {y_pred.shape} and {y.shape}.")
        return (y_pred if y_pred.dtype == bool else y_pred == label), (y if y.dtype == bool else y == label)

    def _check_updated_before_eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")


class HausdorffDistance(_SurfaceMetric):
    """The Hausdorff distance between the surfaces of the predicted and the true mask of one label.

    Args:
        distance_metric (str): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``. Default: ``"euclidean"``.
        percentile (float): report this percentile (0-100) of the distances instead of the maximum.
        directed (bool): only the distances from the predicted surface to the true one. Default: False.
        crop (bool): crop both masks to the bounding box of their union first. Default: True.

    Inputs of ``update``: ``y_pred``, ``y`` (label maps or boolean masks of the same shape) and the label.
    """

    def __init__(self, distance_metric="euclidean", percentile=None, directed=False, crop=True):
        super().__init__()
        self.distance_metric = self._check_metric(distance_metric)
        if percentile is not None and not isinstance(percentile, float):
            raise TypeError(f"For 'HausdorffDistance', the 'percentile' must be float, but got "
                            f"{type(percentile).__name__}")
        for arg, value in (("directed", directed), ("crop", crop)):
            if value is not None and not isinstance(value, bool):
                raise TypeError(f"For 'HausdorffDistance', the '{arg}' must be bool, but got {type(value).__name__}")
        self.percentile, self.directed, self.crop = percentile, directed, crop
        self.clear()

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._masks(inputs)
        self._is_update = True
        if self.crop:
            union = y_pred | y
            if not union.any():
                self._y_pred_edges, self._y_edges = np.zeros_like(y_pred), np.zeros_like(y)
                return
            box = tuple(slice(idx.min(), idx.max() + 1) for idx in np.nonzero(union))
            # as MindSpore does, the crop is squeezed, so a one-voxel-thick box loses that axis
            y_pred, y = np.squeeze(y_pred[box]), np.squeeze(y[box])
        self._y_pred_edges, self._y_edges = _surface(y_pred), _surface(y)

    def _hd(self, a, b):
        d = _distances(a, b, self.distance_metric)
        if d.shape == (0,):
            return np.inf
        if not self.percentile:
            return d.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(d, self.percentile)
        raise ValueError(f"For 'HausdorffDistance', the value of the argument 'percentile' must be [0, 100], but "
                         f"got {self.percentile}.")

    def eval(self):
        self._check_updated_before_eval()
        hd = self._hd(self._y_pred_edges, self._y_edges)
        return hd if self.directed else max(hd, self._hd(self._y_edges, self._y_pred_edges))


class MeanSurfaceDistance(_SurfaceMetric):
    """The mean distance from the predicted surface to the true one (averaged with the reverse direction when
    ``symmetric``).

    Args:
        symmetric (bool): average both directions. Default: False.
        distance_metric (str): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``. Default: ``"euclidean"``.
    """

    _reduce = staticmethod(np.mean)

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric = self._check_metric(distance_metric)
        if not isinstance(symmetric, bool):
            raise TypeError(f"For '{type(self).__name__}', the 'symmetric' must be bool, but got "
                            f"{type(symmetric).__name__}")
        self.symmetric = symmetric
        self.clear()

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._masks(inputs)
        self._y_pred_edges, self._y_edges = _surface(y_pred), _surface(y)
        self._is_update = True

    def eval(self):
        self._check_updated_before_eval()
        values = []
        for a, b in ((self._y_pred_edges, self._y_edges), (self._y_edges, self._y_pred_edges))[:2 if self.symmetric
                                                                                               else 1]:
            d = _distances(a, b, self.distance_metric)
            if d.shape == (0,):
                return np.inf
            values.append(self._reduce(d))
        return values[0] if len(values) == 1 else np.mean(values)


class RootMeanSquareDistance(MeanSurfaceDistance):
    """The root-mean-square distance between the surfaces (see ``MeanSurfaceDistance``).

    Differences from the name: as in MindSpore 2.10, without ``symmetric`` the value is the mean *squared*
    distance (no square root); with ``symmetric`` it is the square root of the mean of both directions'
    mean squared distances.
    """

    _reduce = staticmethod(lambda d: np.mean(d ** 2))

    def eval(self):
        value = super().eval()
        if not self.symmetric or value == np.inf:
            return value
        return np.sqrt(value)
