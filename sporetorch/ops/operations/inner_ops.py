"""Primitive classes of MindSpore's ``mindspore.ops.operations.inner_ops`` (n-gram blocking), and the import
path of the classes once defined here, which live in their family modules."""
import torch

from ...common.tensor import _wrap
from ..function._utils import FLOATS
from ..function.math_func import _betainc  # noqa: F401 - tests import it from here
from ..primitive import Primitive, prim_attr_register
from ._embedding_cache_ops import SubAndFilter
from ._errors import tensor_of
from ._inner_ops import CopyWithSlice, SelectView
from .array_ops import TransposeExtView, TransposeView
from .debug_ops import DumpGradient
from .math_ops import Betainc
from .nn_ops import ComputeAccidentalHits, CTCLossV2, DataFormatVecPermute
from .optim_ops import AdamNoUpdateParam, ApplyAdagradDA
from .other_ops import PyFunc
from .random_ops import (
    LogUniformCandidateSampler,
    ParameterizedTruncatedNormal,
    UniformCandidateSampler,
)

__all__ = ["AdamNoUpdateParam", "ApplyAdagradDA", "Betainc", "CTCLossV2", "ComputeAccidentalHits", "CopyWithSlice", "DataFormatVecPermute", "DumpGradient", "LogUniformCandidateSampler", "NoRepeatNGram", "ParameterizedTruncatedNormal", "PyFunc", "SelectView", "SubAndFilter", "TransposeExtView", "TransposeView", "UniformCandidateSampler"]


class NoRepeatNGram(Primitive):
    """Block n-grams that would repeat: set to the lowest float the ``log_probs`` of every token that would
    complete an ``ngram_size``-gram already present in ``state_seq``.

    Inputs:
        - **state_seq** (Tensor) - (batch, beam, seq_len) int32, the tokens so far.
        - **log_probs** (Tensor) - (batch, beam, vocab) float.

    Outputs:
        ``log_probs`` with the blocked tokens set to the dtype's lowest value.
    """

    @prim_attr_register
    def __init__(self, ngram_size=1):
        if not isinstance(ngram_size, int) or isinstance(ngram_size, bool) or ngram_size <= 0:
            raise ValueError(f"For 'NoRepeatNGram', the 'ngram_size' must be a positive int, but got {ngram_size}")

    def __call__(self, state_seq, log_probs):
        tensor_of("NoRepeatNGram", "state_seq", state_seq, (torch.int32,))
        tensor_of("NoRepeatNGram", "log_probs", log_probs, FLOATS)
        seq, lp = state_seq._t, log_probs._t
        if seq.dim() != 3 or lp.dim() != 3 or seq.shape[:2] != lp.shape[:2]:
            raise ValueError(f"For 'NoRepeatNGram', 'state_seq' and 'log_probs' must be 3-D with the same first two "
                             f"dimensions, but got {tuple(seq.shape)} and {tuple(lp.shape)}")
        n = self.ngram_size
        out = lp.clone()
        low = torch.finfo(lp.dtype).min
        for b in range(seq.shape[0]):
            for k in range(seq.shape[1]):
                tokens = seq[b, k].tolist()
                tail = tokens[len(tokens) - n + 1:] if n > 1 else []
                for i in range(len(tokens) - n + 1):
                    if tokens[i:i + n - 1] == tail and 0 <= tokens[i + n - 1] < lp.shape[-1]:
                        out[b, k, tokens[i + n - 1]] = low
        return _wrap(out)
