"""The GPU benchmark's models written in plain PyTorch: the torch side of ``gpu_bench.py``.

``resnet50`` and ``vit_b_32_224`` are layer-for-layer copies of mindcv 0.3.0's models of the same
names (same layers, shapes and parameter count; mindcv's own code runs on the sporetorch side), so
that a step of each does the same arithmetic. ``Decoder`` is a small decoder-only transformer whose
MindSpore-API twin is ``gpu_models_ms.Decoder``.
"""
import torch
import torch.nn.functional as F
from torch import nn


class Bottleneck(nn.Module):
    """mindcv's ``Bottleneck``: the stride sits on the 3x3 convolution, as in torchvision."""
    expansion = 4

    def __init__(self, in_channels, channels, stride=1, down_sample=None):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, channels, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        self.conv3 = nn.Conv2d(channels, channels * self.expansion, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(channels * self.expansion)
        self.relu = nn.ReLU()
        self.down_sample = down_sample

    def forward(self, x):
        identity = x if self.down_sample is None else self.down_sample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        return self.relu(out + identity)


class ResNet50(nn.Module):
    """mindcv's ``resnet50``: 7x7 stem, 3x3 max-pool ('same' padding is 1 here), stages [3, 4, 6, 3]."""

    def __init__(self, num_classes=1000):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU()
        self.max_pool = nn.MaxPool2d(3, 2, 1)
        stages, cin = [], 64
        for channels, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
            down = None
            if stride != 1 or cin != channels * 4:
                down = nn.Sequential(nn.Conv2d(cin, channels * 4, 1, stride, bias=False), nn.BatchNorm2d(channels * 4))
            layers = [Bottleneck(cin, channels, stride, down)]
            cin = channels * 4
            layers += [Bottleneck(cin, channels) for _ in range(blocks - 1)]
            stages.append(nn.Sequential(*layers))
        self.layer1, self.layer2, self.layer3, self.layer4 = stages
        self.classifier = nn.Linear(2048, num_classes)

    def forward(self, x):
        x = self.max_pool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.classifier(x.mean((2, 3)))


class Attention(nn.Module):
    """mindcv's ViT attention: explicit ``q @ k^T``, softmax in float32, ``@ v`` (no fused kernel)."""

    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads, self.head_dim = num_heads, dim // num_heads
        self.scale = self.head_dim ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4).unbind(0)
        attn = torch.softmax((q @ k.transpose(-2, -1) * self.scale).float(), -1).to(v.dtype)
        return self.proj((attn @ v).transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, dim, num_heads, eps):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=eps)
        self.attn = Attention(dim, num_heads)
        self.norm2 = nn.LayerNorm(dim, eps=eps)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViTB32(nn.Module):
    """mindcv's ``vit_b_32_224``: 32x32 patches, width 768, depth 12, 12 heads, class token.
    LayerNorm's epsilon is MindSpore's default (1e-7), as mindcv's layers get it."""

    def __init__(self, num_classes=1000, image_size=224, patch=32, dim=768, depth=12, heads=12):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, (image_size // patch) ** 2 + 1, dim) * 0.02)
        self.blocks = nn.Sequential(*[Block(dim, heads, 1e-7) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim, eps=1e-7)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        x = self.proj(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos_embed
        return self.head(self.norm(self.blocks(x))[:, 0])


class DecoderLayer(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).reshape(b, s, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out(a.transpose(1, 2).reshape(b, s, d))
        return x + self.mlp(self.norm2(x))


class Decoder(nn.Module):
    """A decoder-only language model: token and position embeddings, pre-norm causal layers, tied head."""

    def __init__(self, vocab=8192, dim=512, layers=6, heads=8, seq=512):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch.randn(1, seq, dim) * 0.02)
        self.layers = nn.Sequential(*[DecoderLayer(dim, heads) for _ in range(layers)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        x = self.tok(ids) + self.pos[:, :ids.shape[1]]
        return self.head(self.norm(self.layers(x)))
