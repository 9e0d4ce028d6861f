"""Pairwise cosine (or dot-product) similarity of the rows of one input."""
import numpy as np

from .metric import Metric, rearrange_inputs


class CosineSimilarity(Metric):
    """The (N, N) similarity matrix of the rows of the last ``update``'s (N, D) input.

    Args:
        similarity (str): ``"cosine"`` or ``"dot"``. Default: cosine.
        reduction (str): ``"none"`` (the matrix), ``"sum"`` or ``"mean"`` (per row). Default: none.
        zero_diagonal (bool): set the self-similarities to 0. Default: True.
    """

    def __init__(self, similarity="cosine", reduction="none", zero_diagonal=True):
        super().__init__()
        if similarity not in ("cosine", "dot"):
            raise ValueError(f"For 'CosineSimilarity', 'similarity' must be 'cosine' or 'dot', but got {similarity!r}")
        if reduction not in ("none", "sum", "mean"):
            raise ValueError(f"For 'CosineSimilarity', 'reduction' must be 'none', 'sum' or 'mean', "
                             f"but got {reduction!r}")
        if not isinstance(zero_diagonal, bool):
            raise TypeError(f"For 'CosineSimilarity', 'zero_diagonal' must be a bool, but got {zero_diagonal!r}")
        self.similarity = similarity
        self.reduction = reduction
        self.zero_diagonal = zero_diagonal
        self.clear()

    def clear(self):
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        data, = self._input_arrays(inputs, 1, "input data")
        if self.similarity == "cosine":
            data = data / np.linalg.norm(data, ord=2, axis=1, keepdims=True)
        self.sqr_mtx_res = data @ data.T
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        result = np.array(self.sqr_mtx_res, copy=True)
        if self.zero_diagonal:
            np.fill_diagonal(result, 0)
        if self.reduction == "mean":
            return result.mean(axis=-1)
        if self.reduction == "sum":
            return result.sum(axis=-1)
        return result
