"""Sample calls for the rows of the API table whose torch API takes none of the generic samples of
``test_scan_rows.py``: functions of special inputs (index tensors, shapes, dims, masks), layers
with constructor arguments, and rows whose MindSpore target is not a computation.

``FUNCS[api]`` and ``LAYERS[api]`` hold framework-neutral samples: numpy arrays become each
framework's tensors, ``D("float32")`` each framework's dtype, ``Make("nn.X", ...)`` an object
built in each framework. A row is run on every sample of its list.
"""
import numpy as np

_rng = np.random.default_rng(7)


def r(*shape):
    """A float32 standard-normal sample."""
    return _rng.standard_normal(shape).astype(np.float32)


def i64(*values):
    return np.array(values, np.int64)


class D:
    """A dtype named alike in torch and MindSpore (``float32``, ``int64``, ``bool``)."""

    def __init__(self, name):
        self.name = name


class Make:
    """An object built in each framework: ``Make("nn.TransformerEncoderLayer", 8, 2)`` is
    ``torch.nn.TransformerEncoderLayer(8, 2)`` on the torch side and the row's own MindSpore class
    path (``mindspore.nn.TransformerEncoderLayer``) on the other."""

    def __init__(self, path, *args, **kwargs):
        self.path, self.args, self.kwargs = path, args, kwargs


def call(*args, **kwargs):
    return args, kwargs


def layer(init=(), inputs=(), **init_kwargs):
    """Constructor arguments and the inputs of one forward call."""
    return tuple(init), init_kwargs, tuple(inputs)


X = r(2, 3)
Y = r(2, 3)
P = (np.abs(X) + 0.5).astype(np.float32)
R234 = r(2, 3, 4)
_A = r(3, 3)
SPD = (_A @ _A.T + 3 * np.eye(3)).astype(np.float32)  # symmetric positive definite
PROB = (1 / (1 + np.exp(-X))).astype(np.float32)  # in (0, 1)
BIN = np.array([[0, 1, 1], [1, 0, 0]], np.float32)
SIGN = np.array([1, -1], np.float32)
MASK = X > 0
IA, IB = i64(12, 5, -6, 7), i64(18, 3, 4, -21)
LOGP = np.log(np.array([[0.2, 0.5, 0.3], [0.1, 0.1, 0.8]], np.float32))
_CTC_T, _CTC_N, _CTC_C = 6, 2, 4
CTC_LOGP = (r(_CTC_T, _CTC_N, _CTC_C) - np.log(np.exp(r(1)).sum())).astype(np.float32)
CTC_LOGP = (CTC_LOGP - np.log(np.exp(CTC_LOGP).sum(-1, keepdims=True))).astype(np.float32)  # log_softmax
CTC = (CTC_LOGP, np.array([[1, 2, 3], [3, 1, 0]], np.int64), i64(6, 5), i64(3, 2))
_POOL_IN = r(1, 2, 4, 4)

FUNCS = {
    "torch.Tensor.expand": [call(r(1, 3), (2, 3)), call(r(2, 1), (2, 4))],
    "torch.Tensor.item": [call(np.array([1.5], np.float32)), call(i64(3))],
    "torch.Tensor.permute": [call(R234, 2, 0, 1)],
    "torch.Tensor.view": [call(R234, 4, 6), call(R234, -1)],
    "torch.addbmm": [call(r(3, 5), r(2, 3, 4), r(2, 4, 5)), call(r(3, 5), r(2, 3, 4), r(2, 4, 5), beta=0.5, alpha=2.0)],
    "torch.addcdiv": [call(X, Y, P, value=0.5)],
    "torch.addcmul": [call(X, Y, P, value=0.5)],
    "torch.addmm": [call(r(2, 5), r(2, 4), r(4, 5)), call(r(2, 5), r(2, 4), r(4, 5), beta=0.5, alpha=2.0)],
    "torch.addmv": [call(r(2), r(2, 3), r(3)), call(r(2), r(2, 3), r(3), beta=0.5, alpha=2.0)],
    "torch.arange": [call(5), call(1, 7, 2), call(0.0, 1.0, 0.25), call(0, 3, dtype=D("float32"))],
    "torch.baddbmm": [call(r(2, 3, 5), r(2, 3, 4), r(2, 4, 5)), call(r(2, 3, 5), r(2, 3, 4), r(2, 4, 5), beta=0.5, alpha=2.0)],
    "torch.bincount": [call(i64(0, 1, 1, 3, 2, 1)), call(i64(0, 1, 1, 3), r(4), minlength=6)],
    "torch.bitwise_and": [call(IA, IB), call(MASK, ~MASK)],
    "torch.bitwise_not": [call(IA), call(MASK)],
    "torch.bitwise_or": [call(IA, IB), call(MASK, ~MASK)],
    "torch.bitwise_xor": [call(IA, IB), call(MASK, ~MASK)],
    "torch.bmm": [call(r(2, 3, 4), r(2, 4, 5))],
    "torch.broadcast_to": [call(r(1, 3), (2, 3)), call(r(3, 1), (2, 3, 4))],
    "torch.column_stack": [call([r(3), r(3)]), call([r(3, 2), r(3)])],
    "torch.combinations": [call(r(4)), call(r(4), r=3), call(r(3), with_replacement=True)],
    "torch.dstack": [call([X, Y])],
    "torch.einsum": [call("ij,jk->ik", X, r(3, 4)), call("bij->bji", R234)],
    "torch.eye": [call(3), call(2, 4)],
    "torch.full": [call((2, 3), 1.5), call((2, 3), 2), call((2,), True)],
    "torch.gcd": [call(IA, IB)],
    "torch.hstack": [call([X, Y])],
    "torch.inverse": [call(SPD)],
    "torch.lcm": [call(IA, IB)],
    "torch.lerp": [call(X, Y, 0.3), call(X, Y, PROB)],
    "torch.linalg.cholesky": [call(SPD), call(SPD, upper=True)],
    "torch.linalg.det": [call(SPD), call(r(2, 3, 3))],
    "torch.linalg.inv": [call(SPD)],
    "torch.logspace": [call(0.0, 2.0, 5), call(0.0, 3.0, 4, 2.0)],
    "torch.masked_fill": [call(X, MASK, 0.5)],
    "torch.masked_select": [call(X, MASK), call(R234, r(3, 4) > 0)],
    "torch.matmul": [call(X, r(3, 4)), call(R234, r(4)), call(r(5, 2, 3), r(3, 4))],
    "torch.mm": [call(X, r(3, 4))],
    "torch.moveaxis": [call(R234, 0, 2), call(R234, (0, 1), (2, 0))],
    "torch.movedim": [call(R234, 0, 2), call(R234, (0, 1), (2, 0))],
    "torch.mv": [call(X, r(3))],
    "torch.narrow": [call(R234, 1, 1, 2), call(R234, -1, 0, 3)],
    "torch.ones": [call((2, 3)), call((2,), dtype=D("int32"))],
    "torch.outer": [call(r(3), r(4))],
    "torch.permute": [call(R234, (2, 0, 1))],
    "torch.renorm": [call(R234, 2, 0, 1.0), call(R234, 1, 2, 0.5)],
    "torch.reshape": [call(R234, (4, 6)), call(R234, (-1, 3))],
    "torch.scatter": [call(np.zeros((3, 5), np.float32), 0, np.array([[0, 1, 2, 0, 1], [2, 0, 1, 1, 0]], np.int64),
                           r(2, 5))],
    "torch.swapaxes": [call(R234, 0, 2)],
    "torch.take": [call(X, i64(0, 5, 2)), call(X, np.array([[1, 3]], np.int64))],
    "torch.tile": [call(X, (2, 1)), call(X, (2, 1, 2))],
    "torch.vstack": [call([X, Y]), call([r(3), r(3)])],
    "torch.zeros": [call((2, 3)), call((4,), dtype=D("int64"))],
    "torch.angle": [call(np.array([1 + 1j, -2 + 0j, -1 - 3j], np.complex64))],  # MindSpore 2.10's CPU kernel: complex only
    "torch.nn.functional.adaptive_avg_pool2d": [call(r(1, 2, 5, 7), (2, 3)), call(r(2, 4, 4), 2)],
    "torch.nn.functional.adaptive_max_pool2d": [call(r(1, 2, 5, 5), (2, 2)), call(r(1, 2, 5, 7), 3, return_indices=True)],
    "torch.nn.functional.affine_grid": [call(r(1, 2, 3), (1, 1, 4, 5), align_corners=False),
                                         call(r(2, 2, 3), (2, 1, 3, 3), align_corners=True)],
    "torch.nn.functional.binary_cross_entropy": [call(PROB, BIN), call(PROB, BIN, P, reduction="sum")],
    "torch.nn.functional.conv_transpose2d": [call(r(1, 2, 4, 4), r(2, 3, 3, 3)),
                                              call(r(1, 2, 4, 4), r(2, 3, 3, 3), r(3), stride=2, padding=1)],
    "torch.nn.functional.ctc_loss": [call(*CTC), call(*CTC, reduction="sum")],
    "torch.nn.functional.embedding": [call(np.array([[0, 2], [1, 3]], np.int64), r(4, 3))],
    "torch.nn.functional.glu": [call(r(2, 4)), call(r(4, 3), 0)],
    "torch.nn.functional.grid_sample": [call(r(1, 1, 4, 4), np.clip(r(1, 3, 3, 2), -1, 1), align_corners=False),
                                         call(r(1, 2, 4, 4), np.clip(r(1, 2, 3, 2), -1, 1), mode="nearest",
                                              align_corners=True)],
    "torch.nn.functional.interpolate": [call(r(1, 1, 3, 3), scale_factor=2.0, mode="nearest"),
                                         call(r(1, 1, 3, 3), size=(5, 4), mode="bilinear", align_corners=False),
                                         call(r(1, 1, 3, 3), size=(5, 4), mode="bilinear", align_corners=True)],
    "torch.nn.functional.layer_norm": [call(R234, (4,), r(4), r(4)), call(R234, (3, 4))],
    "torch.nn.functional.margin_ranking_loss": [call(r(4), r(4), np.array([1, -1, 1, -1], np.float32), margin=0.2)],
    "torch.nn.functional.max_pool2d": [call(r(1, 2, 6, 6), 2), call(r(1, 2, 6, 6), 3, 2, 1),
                                        call(r(1, 2, 5, 5), 2, ceil_mode=True)],
    "torch.nn.functional.max_pool3d": [call(r(1, 1, 4, 4, 4), 2), call(r(1, 1, 5, 5, 5), 3, 2, 1)],
    "torch.nn.functional.nll_loss": [call(LOGP, i64(0, 2)), call(LOGP, i64(1, 2), reduction="none")],
    "torch.nn.functional.pad": [call(R234, (1, 2)), call(R234, (1, 1, 0, 2), value=0.5),
                                 call(r(1, 2, 4), (2, 1), mode="reflect"), call(r(1, 2, 3, 3), (1, 1, 1, 1), mode="replicate")],
    "torch.nn.functional.pixel_shuffle": [call(r(1, 8, 2, 3), 2)],
    "torch.nn.functional.prelu": [call(r(1, 3, 2, 2), np.array([0.1, 0.2, 0.3], np.float32))],
    "torch.nn.functional.triplet_margin_loss": [call(r(3, 4), r(3, 4), r(3, 4)), call(r(3, 4), r(3, 4), r(3, 4), margin=0.5, p=1)],
    "torch.nn.functional.unfold": [call(r(1, 2, 4, 4), 2), call(r(1, 2, 5, 5), 3, padding=1, stride=2)],
}

LAYERS = {
    "torch.nn.AdaptiveAvgPool1d": [layer([3], [r(1, 2, 7)])],
    "torch.nn.AdaptiveAvgPool2d": [layer([(2, 3)], [r(1, 2, 5, 7)]), layer([2], [r(1, 2, 5, 5)])],
    "torch.nn.AdaptiveAvgPool3d": [layer([(2, 2, 2)], [r(1, 1, 4, 5, 6)])],
    "torch.nn.AdaptiveMaxPool1d": [layer([3], [r(1, 2, 7)])],
    "torch.nn.AdaptiveMaxPool2d": [layer([(2, 3)], [r(1, 2, 5, 7)])],
    "torch.nn.BCELoss": [layer([], [PROB, BIN]), layer([], [PROB, BIN], reduction="sum")],
    "torch.nn.BCEWithLogitsLoss": [layer([], [X, BIN]), layer([], [X, BIN], pos_weight=P[0])],
    "torch.nn.CTCLoss": [layer([], CTC), layer([0, "sum"], CTC)],
    "torch.nn.ChannelShuffle": [layer([2], [r(1, 4, 2, 2)])],
    "torch.nn.ConstantPad1d": [layer([2, 0.5], [r(1, 2, 3)]), layer([(1, 2), -1.0], [r(1, 2, 3)])],
    "torch.nn.ConstantPad2d": [layer([(1, 0, 2, 1), 0.5], [r(1, 2, 3, 3)])],
    "torch.nn.CosineEmbeddingLoss": [layer([0.1], [r(2, 4), r(2, 4), SIGN])],
    "torch.nn.GLU": [layer([], [r(2, 4)]), layer([0], [r(4, 3)])],
    "torch.nn.GRUCell": [layer([3, 4], [r(2, 3), r(2, 4)])],
    "torch.nn.GaussianNLLLoss": [layer([], [X, Y, P]), layer([], [X, Y, P], full=True, reduction="sum")],
    "torch.nn.HingeEmbeddingLoss": [layer([], [X, np.array([[1, -1, 1], [-1, 1, 1]], np.float32)])],
    "torch.nn.HuberLoss": [layer([], [X, Y]), layer([], [X, Y], delta=0.5)],
    "torch.nn.KLDivLoss": [layer([], [LOGP, np.exp(LOGP[::-1]).copy()]),
                           layer([], [LOGP, np.exp(LOGP[::-1]).copy()], reduction="batchmean")],
    "torch.nn.L1Loss": [layer([], [X, Y]), layer([], [X, Y], reduction="none")],
    "torch.nn.LPPool1d": [layer([2, 2], [r(1, 2, 6)]), layer([1.5, 3, 2], [r(1, 2, 7)])],
    "torch.nn.LPPool2d": [layer([2, 2], [r(1, 2, 4, 4)])],
    "torch.nn.LSTMCell": [layer([3, 4], [r(2, 3), (r(2, 4), r(2, 4))])],
    "torch.nn.MSELoss": [layer([], [X, Y]), layer([], [X, Y], reduction="sum")],
    "torch.nn.MarginRankingLoss": [layer([0.1], [r(4), r(4), np.array([1, -1, 1, -1], np.float32)])],
    "torch.nn.MultiLabelSoftMarginLoss": [layer([], [X, BIN])],
    "torch.nn.MultiMarginLoss": [layer([], [X, i64(0, 2)]), layer([], [X, i64(1, 2)], p=2, margin=0.5)],
    "torch.nn.MultiheadAttention": [layer([4, 2], [r(3, 2, 4), r(5, 2, 4), r(5, 2, 4)]),
                                    layer([4, 2], [r(2, 3, 4), r(2, 5, 4), r(2, 5, 4)], batch_first=True)],
    "torch.nn.PixelShuffle": [layer([2], [r(1, 8, 2, 3)])],
    "torch.nn.PixelUnshuffle": [layer([2], [r(1, 2, 4, 6)])],
    "torch.nn.PoissonNLLLoss": [layer([], [X, P]), layer([False], [P, P])],
    "torch.nn.RNNCell": [layer([3, 4], [r(2, 3), r(2, 4)]), layer([3, 4, True, "relu"], [r(2, 3), r(2, 4)])],
    "torch.nn.ReflectionPad1d": [layer([2], [r(1, 2, 4)]), layer([(1, 2)], [r(1, 2, 4)])],
    "torch.nn.ReflectionPad2d": [layer([1], [r(1, 2, 3, 3)]), layer([(1, 0, 2, 1)], [r(1, 2, 3, 3)])],
    "torch.nn.ReplicationPad2d": [layer([1], [r(1, 2, 3, 3)]), layer([(1, 0, 2, 1)], [r(1, 2, 3, 3)])],
    "torch.nn.SoftMarginLoss": [layer([], [X, np.array([[1, -1, 1], [-1, 1, 1]], np.float32)])],
    "torch.nn.Threshold": [layer([0.1, 20.0], [X])],
    "torch.nn.Transformer": [layer([8, 2, 1, 1, 16, 0.0], [r(5, 2, 8), r(3, 2, 8)])],
    "torch.nn.TransformerDecoder": [layer([Make("nn.TransformerDecoderLayer", 8, 2, 16, 0.0), 2],
                                          [r(3, 2, 8), r(5, 2, 8)])],
    "torch.nn.TransformerDecoderLayer": [layer([8, 2, 16, 0.0], [r(3, 2, 8), r(5, 2, 8)])],
    "torch.nn.TransformerEncoder": [layer([Make("nn.TransformerEncoderLayer", 8, 2, 16, 0.0), 2], [r(5, 2, 8)])],
    "torch.nn.TransformerEncoderLayer": [layer([8, 2, 16, 0.0], [r(5, 2, 8)]),
                                         layer([8, 2, 16, 0.0], [r(2, 5, 8)], batch_first=True, norm_first=True)],
    "torch.nn.TripletMarginLoss": [layer([], [r(3, 4), r(3, 4), r(3, 4)]), layer([0.5, 1], [r(3, 4), r(3, 4), r(3, 4)])],
    "torch.nn.Unflatten": [layer([1, (2, 2)], [r(2, 4)])],
    "torch.nn.Upsample": [layer([], [r(1, 1, 2, 3)], scale_factor=2.0), layer([(3, 5)], [r(1, 1, 2, 3)], mode="bilinear"),
                          layer([], [r(1, 1, 2, 3)], scale_factor=2.0, mode="bilinear", align_corners=True)],
    "torch.nn.ZeroPad2d": [layer([1], [r(1, 2, 3, 3)]), layer([(1, 0, 2, 1)], [r(1, 2, 3, 3)])],
}
