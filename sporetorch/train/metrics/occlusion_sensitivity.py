"""Occlusion sensitivity: how much a classifier's score for the label drops when a patch is occluded."""
import numpy as np

from ...common.tensor import Tensor
from .metric import Metric, rearrange_inputs


class OcclusionSensitivity(Metric):
    """For every position of the input (or of ``b_box``), occlude the hyper-cube of half-width ``margin``
    around it with ``pad_val`` and record the model's score for the label; ``eval`` returns the baseline
    score minus those scores, shaped like the input without its batch axis (or like the box).

    Args:
        pad_val (float): the occluding value. Default: 0.0.
        margin (int): half-width of the occluded patch. Default: 2.
        n_batch (int): occluded images evaluated per model call. Default: 128.
        b_box (list): ``[min0, max0, min1, max1, ...]`` (inclusive) over the non-batch axes; -1 as a maximum
            means the last index. Default: None, the whole input.

    Inputs of ``update``: the model (a Cell returning class scores), one input image batch of size 1 and its
    label (a one-element Tensor, list or array; MindSpore 2.10 rejects a Python int).
    """

    def __init__(self, pad_val=0.0, margin=2, n_batch=128, b_box=None):
        super().__init__()
        checks = (("pad_val", pad_val, (float,)), ("margin", margin, (int, list)), ("n_batch", n_batch, (int,)))
        for name, value, types in checks:
            if not isinstance(value, types) or isinstance(value, bool):
                raise TypeError(f"For 'OcclusionSensitivity', the '{name}' must be {types[0].__name__}, but got "
                                f"{type(value).__name__}")
        if b_box is not None and not isinstance(b_box, list):
            raise TypeError(f"For 'OcclusionSensitivity', the 'b_box' must be list, but got {type(b_box).__name__}")
        self.pad_val, self.margin, self.n_batch, self.b_box = pad_val, margin, n_batch, b_box
        self.clear()

    def clear(self):
        self._baseline, self._sensitivity_im = 0, 0
        self._is_update = False

    def _box(self, shape):
        if self.b_box is None:
            return None, None
        if len(self.b_box) != 2 * len(shape):
            raise ValueError(f"For 'OcclusionSensitivity', the length of 'b_box' must be twice the number of "
                             f"non-batch dimensions ({len(shape)}), but got {len(self.b_box)}.")
        lo, hi = np.array(self.b_box[::2]), np.array(self.b_box[1::2])
        lo[lo < 0] = 0
        hi[hi < 0] = shape[hi < 0] - 1
        if np.any(hi >= shape):
            raise ValueError("For 'OcclusionSensitivity', maximum bounding box must be smaller than image size for "
                             "all values.")
        if np.any(lo > hi):
            raise ValueError("For 'OcclusionSensitivity', minimum bounding box must be smaller than maximum bounding "
                             "box for all values.")
        return lo, hi

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 3:
            raise ValueError(f"For 'OcclusionSensitivity.update', it needs 3 inputs (classification model, "
                             f"predicted value, label), but got {len(inputs)}.")
        model = inputs[0]
        if not callable(getattr(model, "construct", None)):
            raise TypeError(f"For 'OcclusionSensitivity.update', the model must be a Cell, but got "
                            f"{type(model).__name__}")
        image = self._convert_data(inputs[1])
        label = self._convert_data(inputs[2])
        if image.shape[0] > 1:
            raise RuntimeError(f"For 'OcclusionSensitivity.update', the shape at index 0 of the predicted value "
                               f"(input[1]) must be 1, but got {image.shape[0]}.")
        label = int(np.asarray(label).reshape(-1)[0]) if np.size(label) == 1 else None
        if label is None:
            raise RuntimeError("For 'OcclusionSensitivity.update', the number of the label (input[2]) must be same "
                               "as the batches (1).")
        shape = np.array(image.shape[1:])
        lo, hi = self._box(shape)
        out_shape = tuple(shape if lo is None else hi - lo + 1)
        self._baseline = float(model(Tensor(image)).asnumpy()[0, label])
        scores, batch = [], []
        count = int(np.prod(out_shape))
        for i in range(count):
            idx = np.array(np.unravel_index(i, out_shape)) + (0 if lo is None else lo)
            occluded = image.copy()
            box = tuple(slice(max(0, c - self.margin), min(n, c + self.margin)) for c, n in zip(idx, shape))
            occluded[(Ellipsis,) + box] = self.pad_val
            batch.append(occluded)
            if len(batch) == self.n_batch or i == count - 1:
                scores.append(model(Tensor(np.concatenate(batch))).asnumpy()[:, label])
                batch = []
        self._sensitivity_im = np.concatenate(scores).reshape(out_shape)
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._baseline - np.squeeze(self._sensitivity_im)


def _append_to_sensitivity_im(model, batch_images, batch_ids, sensitivity_im):
    """Stack the scores ``model`` gives the labels ``batch_ids`` of ``batch_images`` under the rows of
    ``sensitivity_im``."""
    batch_ids = np.expand_dims(batch_ids, 1)
    out = model(Tensor(np.vstack(batch_images))).asnumpy()
    scores = out[np.arange(batch_ids.shape[0])[:, None], batch_ids]
    if sensitivity_im.size == 0:
        return np.vstack(scores)
    return np.vstack((sensitivity_im, scores))
