"""Embedding layers: Embedding, EmbeddingExt and EmbeddingLookup."""
import torch

from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops.function import nn_func as _nn
from ...ops.function.random_func import randn
from ..cell import Cell
from ._checks import check_bool, check_dtype

__all__ = ["Embedding", "EmbeddingExt", "EmbeddingLookup", "MultiFieldEmbeddingLookup"]


def _check_ids(cls, t):
    if t.is_floating_point() or t.is_complex() or t.dtype == torch.bool:
        # MindSpore 2.10 reports a wrong ids dtype (float32/float64 ids) as a TypeError.
        raise TypeError(f"For '{cls}', the input ids must be int32 or int64, "
                         f"but got {mstype.from_torch(t.dtype)}")


def _ids_range_error(cls, t, rows):
    """MindSpore's Gather kernel reports ids outside [0, rows) as a RuntimeError."""
    bad = t[(t < 0) | (t >= rows)]
    return RuntimeError(f"For '{cls}', the input ids must be in the range [0, {rows}), but got "
                        f"{bad[0].item()} in input shape {tuple(t.shape)}")


class Embedding(Cell):
    r"""Look up rows of ``embedding_table`` by integer ids.

    Args:
        vocab_size (int): number of rows.
        embedding_size (int): size of each row.
        use_one_hot (bool): compute the lookup as a one-hot matmul (same result). Default: False.
        embedding_table: initialiser of the table. Default: ``"normal"`` (N(0, 0.01²)).
        dtype: the table's dtype. Default: Float32.
        padding_idx (int): a row set to zero at initialisation. Default: None.

    Inputs:
        - **ids** (Tensor) - int32/int64 of any shape, values in [0, vocab_size).

    Outputs:
        Tensor of shape ``ids.shape + (embedding_size,)``.

    Differences from PyTorch: the table is initialised from N(0, 0.01²) (``torch.nn.Embedding``
    uses N(0, 1)); the Parameter is ``embedding_table``; ``padding_idx`` only zeroes the row
    at initialisation (its gradient is not masked).
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=mstype.float32, padding_idx=None):
        super().__init__()
        for name, v in (("vocab_size", vocab_size), ("embedding_size", embedding_size)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Embedding', the '{name}' must be an int, but got {type(v).__name__}")
        self.vocab_size, self.embedding_size = vocab_size, embedding_size
        self.use_one_hot = check_bool(use_one_hot, "use_one_hot", "Embedding")
        self.dtype = dtype
        if padding_idx is not None and (not isinstance(padding_idx, int) or not 0 <= padding_idx < vocab_size):
            raise ValueError(f"For 'Embedding', the 'padding_idx' must be an int in [0, {vocab_size}), "
                             f"but got {padding_idx!r}")
        self.padding_idx = padding_idx
        self.embedding_table = Parameter(initializer(embedding_table, [vocab_size, embedding_size]),
                                         name="embedding_table")
        if padding_idx is not None:
            with torch.no_grad():
                self.embedding_table._t[padding_idx] = 0

    def construct(self, ids):
        t = ids._t
        if t.is_floating_point():
            _check_ids("Embedding", t)
        try:
            return _nn.embedding(ids, self.embedding_table)
        except RuntimeError:
            # MindSpore 2.10 counts ids in [-vocab_size, 0) from the end, as Python indexing does
            wrapped = t + (t < 0) * self.vocab_size
            if bool(((wrapped < 0) | (wrapped >= self.vocab_size)).any()):
                raise _ids_range_error("Embedding", wrapped, self.vocab_size) from None
            return _nn.embedding(_wrap(wrapped), self.embedding_table)

    def extend_repr(self):
        return f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, use_one_hot={self.use_one_hot}, " \
               f"embedding_table={self.embedding_table}, dtype={self.dtype}, padding_idx={self.padding_idx}"


class EmbeddingExt(Cell):
    r"""Embedding with ``torch.nn.Embedding``'s arguments (``weight`` drawn from N(0, 1)).

    Args:
        num_embeddings (int): number of rows.
        embedding_dim (int): size of each row.
        padding_idx (int): row zeroed at initialisation and excluded from gradients. Default: None.
        max_norm (float): renormalise looked-up rows to at most this norm. Default: None.
        norm_type (float): the p of the norm. Default: 2.0.
        scale_grad_by_freq (bool): Default: False.
        sparse (bool): ignored. Default: False.
        _weight (Tensor): initial table. Default: None.
        _freeze (bool): make the table untrainable. Default: False.
        dtype: Default: None (Float32).

    Inputs:
        - **input** (Tensor) - int ids.

    Outputs:
        Tensor of shape ``input.shape + (embedding_dim,)``.
    """

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        if padding_idx is not None and padding_idx < 0:
            padding_idx += num_embeddings
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        tdtype = mstype.to_torch(mstype.float32 if dtype is None else dtype)
        if _weight is None:
            data = randn(num_embeddings, embedding_dim)._t.to(tdtype)
            if padding_idx is not None:
                data[padding_idx] = 0
        else:
            data = _weight._t.to(tdtype).clone()
        self.weight = Parameter(Tensor(data), name="weight", requires_grad=not _freeze)

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _nn.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                             self.scale_grad_by_freq)


class EmbeddingLookup(Cell):
    r"""Look up rows of ``embedding_table`` (a host-side table in MindSpore's distributed setting).

    Args:
        vocab_size (int): number of rows.
        embedding_size (int): size of each row.
        param_init: initialiser of the table. Default: ``"normal"``.
        target (str): ``"CPU"`` or ``"DEVICE"`` (both run on the default device here). Default: ``"CPU"``.
        slice_mode, manual_shapes: model-parallel options, accepted for compatibility.
        max_norm (float): clip looked-up rows to this L2 norm. Default: None.
        sparse (bool): Default: True.
        dtype: the table's dtype. Default: Float32.

    Inputs:
        - **indices** (Tensor) - int ids.

    Outputs:
        Tensor of shape ``indices.shape + (embedding_size,)``.
    """

    def __init__(self, vocab_size, embedding_size, param_init="normal", target="CPU", slice_mode="batch_slice",
                 manual_shapes=None, max_norm=None, sparse=True, dtype=mstype.float32):
        super().__init__()
        if target not in ("CPU", "DEVICE"):
            raise ValueError(f"For 'EmbeddingLookup', the 'target' must be 'CPU' or 'DEVICE', but got {target!r}")
        self.vocab_size, self.embedding_size = vocab_size, embedding_size
        self.target, self.slice_mode, self.manual_shapes = target, slice_mode, manual_shapes
        self.max_norm, self.sparse = max_norm, sparse
        self.embedding_table = Parameter(initializer(param_init, [vocab_size, embedding_size], dtype),
                                         name="embedding_table")

    def construct(self, indices):
        t = indices._t
        _check_ids("EmbeddingLookup", t)
        try:
            out = _nn.embedding(indices, self.embedding_table)
        except RuntimeError:
            if self.target != "CPU":
                raise _ids_range_error("EmbeddingLookup", t, self.vocab_size) from None
            # MindSpore 2.10's CPU lookup gives zeros for ids outside [0, vocab_size)
            outside = (t < 0) | (t >= self.vocab_size)
            out = _nn.embedding(_wrap(t.clamp(0, self.vocab_size - 1)), self.embedding_table)
            out = _wrap(out._t.masked_fill(outside.unsqueeze(-1), 0))
        if self.max_norm is not None:
            out = _nn._clip_rows_by_norm(out, self.max_norm)
        return out


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    r"""Look up ``input_indices``, weight the rows by ``input_values`` and merge the rows of each
    (sample, field) with ``operator``.

    Args:
        vocab_size, embedding_size, param_init, target, slice_mode, max_norm, sparse, dtype: as EmbeddingLookup.
        field_size (int): number of fields per sample.
        feature_num_list (list): model-parallel option, accepted for compatibility. Default: None.
        operator (str): ``"SUM"``, ``"MEAN"`` (divided by the sum of ``|input_values|``) or ``"MAX"``
            (zero-valued features ignored). Default: ``"SUM"``.

    Inputs:
        - **input_indices** (Tensor) - :math:`(B, F)` int ids.
        - **input_values** (Tensor) - :math:`(B, F)` float32 weights (0 marks padding).
        - **field_ids** (Tensor) - :math:`(B, F)` int32 field of each feature, in [0, field_size).

    Outputs:
        Tensor of shape :math:`(B, field\_size, embedding\_size)`; empty fields are 0.
    """

    def __init__(self, vocab_size, embedding_size, field_size, param_init="normal", target="CPU",
                 slice_mode="batch_slice", feature_num_list=None, max_norm=None, sparse=True, operator="SUM",
                 dtype=mstype.float32):
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode, feature_num_list, max_norm,
                         sparse, dtype)
        if operator not in ("SUM", "MAX", "MEAN"):
            raise ValueError(f"For 'MultiFieldEmbeddingLookup', the 'operator' must be 'SUM', 'MAX' or 'MEAN', "
                             f"but got {operator!r}")
        if not isinstance(field_size, int) or field_size < 1:
            raise ValueError(f"For 'MultiFieldEmbeddingLookup', the 'field_size' must be a positive int, "
                             f"but got {field_size!r}")
        self.field_size, self.operator, self.feature_num_list = field_size, operator, feature_num_list

    def construct(self, input_indices, input_values, field_ids):
        ids, fields = input_indices._t, field_ids._t
        values = check_dtype(self, "input_values", input_values._t, (torch.float32,))  # as MindSpore 2.10 checks
        if ids.dim() != 2 or values.shape != ids.shape or fields.shape != ids.shape:
            raise ValueError(f"For 'MultiFieldEmbeddingLookup', 'input_indices', 'input_values' and 'field_ids' "
                             f"must be 2-D of one shape, but got {tuple(ids.shape)}, {tuple(values.shape)} and "
                             f"{tuple(fields.shape)}")
        _check_ids("MultiFieldEmbeddingLookup", ids)
        rows = super().construct(input_indices)._t
        return _wrap(_nn._merge_fields(rows, values, fields, self.field_size, self.operator))
