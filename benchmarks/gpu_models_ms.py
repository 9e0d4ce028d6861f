"""The GPU benchmark's own model in MindSpore's API: run under ``python -m sporetorch run``.

``Decoder`` is the twin of ``gpu_models_torch.Decoder``: the same layers, shapes and arithmetic, with
attention through ``ops.flash_attention_score`` (causal through ``next_tokens=0``), which sporetorch
maps to ``torch.nn.functional.scaled_dot_product_attention``.
"""
import math

import mindspore as ms
from mindspore import Parameter, nn, ops
from mindspore.common.initializer import Normal, initializer


class DecoderLayer(nn.Cell):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm((dim,), epsilon=1e-5)
        self.qkv = nn.Dense(dim, 3 * dim)
        self.out = nn.Dense(dim, dim)
        self.norm2 = nn.LayerNorm((dim,), epsilon=1e-5)
        self.mlp = nn.SequentialCell(nn.Dense(dim, 4 * dim), nn.GELU(approximate=False), nn.Dense(4 * dim, dim))

    def construct(self, x):
        b, s, d = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(b, s, 3, self.heads, d // self.heads).transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        a = ops.flash_attention_score(q, k, v, self.heads, scalar_value=1.0 / math.sqrt(d // self.heads),
                                      next_tokens=0, input_layout="BNSD")
        x = x + self.out(a.transpose(0, 2, 1, 3).reshape(b, s, d))
        return x + self.mlp(self.norm2(x))


class Decoder(nn.Cell):
    """A decoder-only language model: token and position embeddings, pre-norm causal layers, a linear head."""

    def __init__(self, vocab=8192, dim=512, layers=6, heads=8, seq=512):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = Parameter(initializer(Normal(0.02), (1, seq, dim), ms.float32))
        self.layers = nn.SequentialCell([DecoderLayer(dim, heads) for _ in range(layers)])
        self.norm = nn.LayerNorm((dim,), epsilon=1e-5)
        self.head = nn.Dense(dim, vocab, has_bias=False)

    def construct(self, ids):
        x = self.tok(ids) + self.pos[:, :ids.shape[1]]
        return self.head(self.norm(self.layers(x)))
