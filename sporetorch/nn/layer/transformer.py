"""MultiheadAttention and the Transformer family, as MindSpore 2.10 defines them.

Parameter names and initialisers follow MindSpore (``in_proj_weight`` XavierUniform,
``in_proj_bias`` zeros, ``out_proj`` a Dense; feed-forward ``dense1``/``dense2``; ``norm1..3``
LayerNorms), the arithmetic is ``torch.nn.functional.multi_head_attention_forward``.
"""
import copy
import math

import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, XavierNormal, XavierUniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops.function.nn_func import gelu
from ...ops.function.nn_func import _relu
from ..cell import Cell
from .activation import GELU, ReLU
from .basic import Dense, Dropout
from .container import CellList
from .normalization import LayerNorm

__all__ = ["MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder",
           "TransformerDecoder", "Transformer"]


def _t(x):
    return None if x is None else x._t


class MultiheadAttention(Cell):
    r"""Multi-head attention: :math:`\text{Concat}(head_1, \ldots, head_h) W^O` with
    :math:`head_i = \text{softmax}(Q W_i^Q (K W_i^K)^T / \sqrt{d}) V W_i^V`.

    Args:
        embed_dim (int): model dimension; divisible by ``num_heads``.
        num_heads (int): number of heads.
        dropout (float): dropout on the attention weights in training. Default: 0.0.
        has_bias (bool): projection biases. Default: True.
        add_bias_kv (bool): learnable ``bias_k``/``bias_v`` appended to the keys/values. Default: False.
        add_zero_attn (bool): append a zero key/value. Default: False.
        kdim, vdim (int): key/value feature sizes. Default: None (``embed_dim``).
        batch_first (bool): inputs are :math:`(N, L, E)`. Default: False.
        dtype: the Parameters' dtype. Default: Float32.

    Inputs:
        - **query** (Tensor) - :math:`(L, N, E)` (or batch first, or unbatched :math:`(L, E)`).
        - **key**, **value** (Tensor) - :math:`(S, N, E_k)`, :math:`(S, N, E_v)`.
        - **key_padding_mask** (Tensor) - :math:`(N, S)`, True (or -inf) masks a key. Default: None.
        - **need_weights** (bool) - also return the attention weights. Default: True.
        - **attn_mask** (Tensor) - :math:`(L, S)` or :math:`(N \cdot h, L, S)`. Default: None.
        - **average_attn_weights** (bool) - average the weights over heads. Default: True.

    Outputs:
        ``(attn_output, attn_weights)`` with ``need_weights``, otherwise ``(attn_output,)``.

    Differences from PyTorch: ``has_bias`` instead of ``bias``; ``out_proj`` is a Dense whose
    weight is HeUniform(sqrt(5)); without ``need_weights`` a 1-tuple is returned.
    """

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, dtype=mstype.float32):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads, self.dropout, self.batch_first = num_heads, dropout, batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise ValueError(f"For 'MultiheadAttention', the 'embed_dim' ({embed_dim}) must be divisible by "
                             f"'num_heads' ({num_heads})")
        dtype = mstype.float32 if dtype is None else dtype
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * embed_dim, embed_dim), dtype),
                                            "in_proj_weight")
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        else:
            self.q_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, embed_dim), dtype),
                                           "q_proj_weight")
            self.k_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.kdim), dtype),
                                           "k_proj_weight")
            self.v_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.vdim), dtype),
                                           "v_proj_weight")
            self.in_proj_weight = None
        self.in_proj_bias = Parameter(initializer("zeros", (3 * embed_dim,), dtype), "in_proj_bias") \
            if has_bias else None
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias, weight_init=HeUniform(math.sqrt(5)),
                              bias_init=Uniform(1 / math.sqrt(embed_dim)), dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_v")
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self.dtype = dtype

    def construct(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                  average_attn_weights=True):
        q, k, v = query._t, key._t, value._t
        if q.shape[-1] != self.embed_dim:
            raise ValueError(f"For 'MultiheadAttention', the last dimension of 'query' must be embed_dim "
                             f"{self.embed_dim}, but got shape {tuple(q.shape)}")
        batched = q.dim() == 3
        if self.batch_first and batched:
            q, k, v = q.transpose(0, 1), k.transpose(0, 1), v.transpose(0, 1)
        # torch: no functional multi-head attention in mindspore.ops 2.10; torch's is the layer's one body
        out, weights = F.multi_head_attention_forward(
            q, k, v, self.embed_dim, self.num_heads, _t(self.in_proj_weight), _t(self.in_proj_bias),
            _t(self.bias_k), _t(self.bias_v), self.add_zero_attn, self.dropout, self.out_proj.weight._t,
            _t(self.out_proj.bias), training=self.training, key_padding_mask=_t(key_padding_mask),
            need_weights=need_weights, attn_mask=_t(attn_mask),
            use_separate_proj_weight=not self._qkv_same_embed_dim, q_proj_weight=_t(self.q_proj_weight),
            k_proj_weight=_t(self.k_proj_weight), v_proj_weight=_t(self.v_proj_weight),
            average_attn_weights=average_attn_weights)
        if self.batch_first and batched:
            out = out.transpose(0, 1)
        if need_weights:
            return _wrap(out), _wrap(weights)
        return (_wrap(out),)


def _activation_fn(activation, cls):
    """'relu'/'gelu', a ReLU/GELU cell or a callable on Tensors."""
    if isinstance(activation, str):
        if activation == "relu":
            # MindSpore's "relu" is ops.relu, whose kernel maps NaN to 0.
            return lambda x: _wrap(_relu(x._t))
        if activation == "gelu":
            return gelu
        raise ValueError(f"For '{cls}', the 'activation' must be 'relu' or 'gelu', but got {activation!r}")
    if isinstance(activation, Cell):
        if not isinstance(activation, (ReLU, GELU)):
            raise ValueError(f"For '{cls}', the 'activation' must be an nn.ReLU or nn.GELU instance, "
                             f"but got {type(activation).__name__}")
        return activation
    if callable(activation):
        return activation
    raise ValueError(f"For '{cls}', the 'activation' must be a str, a Cell or a callable, but got {activation!r}")


def _dense(n_in, n_out, dtype):
    return Dense(n_in, n_out, weight_init=HeUniform(math.sqrt(5)), bias_init=Uniform(1 / math.sqrt(n_in)),
                 dtype=dtype)


_LAYER_ARGS = r"""
        d_model (int): model dimension.
        nhead (int): attention heads.
        dim_feedforward (int): hidden size of the feed-forward block. Default: 2048.
        dropout (float): Default: 0.1.
        activation (str, Cell or callable): ``"relu"``, ``"gelu"``, nn.ReLU/nn.GELU or a function. Default: ``"relu"``.
        layer_norm_eps (float): Default: 1e-5.
        batch_first (bool): Default: False.
        norm_first (bool): pre-norm instead of post-norm. Default: False.
        dtype: the Parameters' dtype. Default: Float32."""


class TransformerEncoderLayer(Cell):
    __doc__ = r"""Self-attention and feed-forward blocks, each with a residual connection and LayerNorm.

    Args:""" + _LAYER_ARGS + r"""

    Inputs:
        - **src** (Tensor) - :math:`(S, N, E)` (or batch first).
        - **src_mask** (Tensor) - attention mask. Default: None.
        - **src_key_padding_mask** (Tensor) - :math:`(N, S)`. Default: None.

    Outputs:
        Tensor of the shape of ``src``.

    Differences from PyTorch: the feed-forward Dense layers are ``dense1``/``dense2`` and the
    LayerNorms hold ``gamma``/``beta``.
    """

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu", layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.dense1 = _dense(d_model, dim_feedforward, dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = _dense(dim_feedforward, d_model, dtype)
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.activation1 = activation
        self.activation = _activation_fn(activation, "TransformerEncoderLayer")
        self.d_model, self.nhead, self.dim_feedforward = d_model, nhead, dim_feedforward
        self.dropout_num, self.layernorm_eps = dropout, layer_norm_eps
        self.batch_first, self.norm_first, self.dtype = batch_first, norm_first, dtype

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._ff_block(self.norm2(x))
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        return self.dropout2(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerDecoderLayer(Cell):
    __doc__ = r"""Self-attention, cross-attention over ``memory`` and feed-forward blocks, each with a residual
    connection and LayerNorm.

    Args:""" + _LAYER_ARGS + r"""

    Inputs:
        - **tgt** (Tensor) - :math:`(T, N, E)` (or batch first).
        - **memory** (Tensor) - :math:`(S, N, E)`.
        - **tgt_mask**, **memory_mask**, **tgt_key_padding_mask**, **memory_key_padding_mask** - Default: None.

    Outputs:
        Tensor of the shape of ``tgt``.
    """

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu", layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                                 dtype=dtype)
        self.dense1 = _dense(d_model, dim_feedforward, dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = _dense(dim_feedforward, d_model, dtype)
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm3 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.dropout3 = Dropout(p=dropout)
        self.activation1 = activation
        self.activation = _activation_fn(activation, "TransformerDecoderLayer")
        self.d_model, self.nhead, self.dim_feedforward = d_model, nhead, dim_feedforward
        self.dropout_num, self.layernorm_eps = dropout, layer_norm_eps
        self.batch_first, self.norm_first, self.dtype = batch_first, norm_first, dtype

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        if isinstance(memory, Tensor) and memory.ndim and memory.shape[-1] != self.d_model:
            # MindSpore 2.10 fails in the cross-attention's matmul, with a RuntimeError
            raise RuntimeError(f"For 'TransformerDecoderLayer', the last dimension of 'memory' must be d_model "
                               f"{self.d_model}, but got shape {tuple(memory.shape)}")
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            return x + self._ff_block(self.norm3(x))
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        return self.dropout3(self.dense2(self.dropout(self.activation(self.dense1(x)))))


def _layer_copies(layer, num_layers):
    """MindSpore rebuilds one layer from the given one's configuration and deep-copies it
    ``num_layers`` times, so every layer starts from the same weights."""
    config = dict(d_model=layer.d_model, nhead=layer.nhead, dim_feedforward=layer.dim_feedforward,
                  dropout=layer.dropout_num, activation=layer.activation1, layer_norm_eps=layer.layernorm_eps,
                  batch_first=layer.batch_first, norm_first=layer.norm_first, dtype=layer.dtype)
    fresh = type(layer)(**config)
    return CellList([copy.deepcopy(fresh) for _ in range(num_layers)])


class TransformerEncoder(Cell):
    r"""A stack of ``num_layers`` encoder layers built like ``encoder_layer`` (all starting from the same
    weights), followed by ``norm``.

    Args:
        encoder_layer (TransformerEncoderLayer): the layer configuration.
        num_layers (int): number of layers.
        norm (Cell): final normalisation. Default: None.

    Inputs:
        - **src** (Tensor), **src_mask** (Tensor), **src_key_padding_mask** (Tensor).

    Outputs:
        Tensor of the shape of ``src``.
    """

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        if not isinstance(encoder_layer, TransformerEncoderLayer):
            raise TypeError(f"For 'TransformerEncoder', the 'encoder_layer' must be a TransformerEncoderLayer, "
                            f"but got {type(encoder_layer).__name__}")
        self.layers = _layer_copies(encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        output = src
        for mod in self.layers:
            output = mod(output, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class TransformerDecoder(Cell):
    r"""A stack of ``num_layers`` decoder layers built like ``decoder_layer``, followed by ``norm``.

    Args:
        decoder_layer (TransformerDecoderLayer): the layer configuration.
        num_layers (int): number of layers.
        norm (Cell): final normalisation. Default: None.

    Inputs:
        - **tgt**, **memory** (Tensor) and the optional masks of TransformerDecoderLayer.

    Outputs:
        Tensor of the shape of ``tgt``.
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        if not isinstance(decoder_layer, TransformerDecoderLayer):
            raise TypeError(f"For 'TransformerDecoder', the 'decoder_layer' must be a TransformerDecoderLayer, "
                            f"but got {type(decoder_layer).__name__}")
        self.layers = _layer_copies(decoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        output = tgt
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                         tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class Transformer(Cell):
    r"""Encoder-decoder Transformer; every Parameter with more than one dimension is re-initialised
    XavierUniform, as in MindSpore.

    Args:
        d_model (int): Default: 512.
        nhead (int): Default: 8.
        num_encoder_layers (int): Default: 6.
        num_decoder_layers (int): Default: 6.
        dim_feedforward (int): Default: 2048.
        dropout (float): Default: 0.1.
        activation: Default: ``"relu"``.
        custom_encoder, custom_decoder (Cell): replace the default stacks. Default: None.
        layer_norm_eps (float): Default: 1e-5.
        batch_first (bool): Default: False.
        norm_first (bool): Default: False.
        dtype: Default: Float32.

    Inputs:
        - **src** (Tensor), **tgt** (Tensor) and the optional masks.

    Outputs:
        Tensor of the shape of ``tgt``.
    """

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation="relu", custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, dtype=dtype)
            self.encoder = TransformerEncoder(layer, num_encoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, dtype=dtype)
            self.decoder = TransformerDecoder(layer, num_decoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        for _, p in self.parameters_and_names():
            if p.ndim > 1:
                p.set_data(initializer("xavier_uniform", p.shape, p.dtype))
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first

    def construct(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                  tgt_key_padding_mask=None, memory_key_padding_mask=None):
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ValueError(f"For 'Transformer', the feature size of 'src' and 'tgt' must equal d_model "
                             f"{self.d_model}, but got shapes {src.shape} and {tgt.shape}")
        if src.ndim == 3:
            axis = 0 if self.batch_first else 1
            if src.shape[axis] != tgt.shape[axis]:
                raise ValueError(f"For 'Transformer', the batch sizes of 'src' and 'tgt' must be equal, "
                                 f"but got shapes {src.shape} and {tgt.shape}")
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)


def _get_activation_fn(activation):
    """``ops.relu`` for 'relu', ``ops.gelu`` for 'gelu'."""
    from ... import ops
    if activation == "relu":
        return ops.relu
    if activation == "gelu":
        return ops.gelu
    raise ValueError(f"The activation must be relu/gelu, but get {activation}")
