"""Primitive classes without a functional twin in the OpInfo table: each entry computes the
primitive and a reference with NumPy, torch (called directly on torch tensors) or a
closed form, and compares values, shapes and dtypes."""
import os

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import sporetorch as ms
from sporetorch import Parameter, Tensor
from sporetorch.ops import operations as P

RS = np.random.RandomState(0)
A = RS.uniform(-2, 2, (2, 3)).astype(np.float32)
B = RS.uniform(-2, 2, (2, 3)).astype(np.float32)
POS = RS.uniform(0.5, 2, (2, 3)).astype(np.float32)
IMG = RS.uniform(-1, 1, (1, 2, 4, 4)).astype(np.float32)
VOL = RS.uniform(-1, 1, (1, 2, 4, 4, 4)).astype(np.float32)
SPD = np.array([[4.0, 1.0], [1.0, 3.0]], np.float32)


def _t(a, dtype=None):
    a = np.asarray(a) if dtype is None else np.asarray(a, dtype)
    return Tensor(a.astype(np.float32) if a.dtype == np.float64 else a)


def _tt(a):
    return torch.from_numpy(np.ascontiguousarray(a))


# (name, primitive call, reference returning a NumPy array or a tuple of them)
CASES = [
    ("TensorShape", lambda: P.TensorShape()(_t(A)), lambda: np.array([2, 3], np.int64)),
    ("DynamicShape", lambda: P.DynamicShape()(_t(A)), lambda: np.array([2, 3], np.int64)),
    ("BroadcastTo", lambda: P.BroadcastTo((4, 2, 3))(_t(A)), lambda: np.broadcast_to(A, (4, 2, 3))),
    ("GatherV2", lambda: P.GatherV2()(_t(A), _t([2, 0], np.int32), 1), lambda: A[:, [2, 0]]),
    ("Eye", lambda: P.Eye()(2, 3, ms.int32), lambda: np.eye(2, 3, dtype=np.int32)),
    ("ReverseV2", lambda: P.ReverseV2(axis=[1])(_t(A)), lambda: A[:, ::-1]),
    ("Meshgrid", lambda: P.Meshgrid(indexing="ij")((_t([1.0, 2.0]), _t([3.0, 4.0, 5.0]))),
     lambda: tuple(np.meshgrid(np.array([1.0, 2.0], np.float32), np.array([3.0, 4.0, 5.0], np.float32),
                               indexing="ij"))),
    ("Tril", lambda: P.Tril()(_t(A)), lambda: np.tril(A)),
    ("Triu", lambda: P.Triu(1)(_t(A)), lambda: np.triu(A, 1)),
    ("Roll", lambda: P.Roll(1, 1)(_t(A)), lambda: np.roll(A, 1, 1)),
    ("Pack", lambda: P.Pack(1)([_t(A), _t(B)]), lambda: np.stack([A, B], 1)),
    ("Unpack", lambda: P.Unpack(0)(_t(A)), lambda: (A[0], A[1])),
    ("DiagPart", lambda: P.DiagPart()(_t(np.diag([1.0, 2.0]).astype(np.float32))),
     lambda: np.array([1.0, 2.0], np.float32)),
    ("FillV2", lambda: P.FillV2()((2, 2), _t(3, np.int32)), lambda: np.full((2, 2), 3, np.int32)),
    ("FillDiagonal", lambda: P.FillDiagonal(9.0)(_t(A)), lambda: _fill_diag(A, 9.0)),
    ("IndexPut", lambda: P.IndexPut()(_t(A), _t([7.0], np.float32), (_t([1], np.int64), _t([2], np.int64))),
     lambda: _set_at(A, (1, 2), 7.0)),
    ("InplaceSub", lambda: P.InplaceSub((1,))(_t(A), _t(B[:1])), lambda: np.stack([A[0], A[1] - B[0]])),
    ("InplaceUpdate", lambda: P.InplaceUpdate((0,))(_t(A), _t(B[1:])), lambda: np.stack([B[1], A[1]])),
    ("InplaceUpdateV2", lambda: P.InplaceUpdateV2()(_t(A), (1,), _t(B[:1])), lambda: np.stack([A[0], B[0]])),
    ("TensorScatterElements", lambda: P.TensorScatterElements(axis=1)(_t(A), _t([[0], [2]], np.int64),
                                                                      _t([[5.0], [6.0]], np.float32)),
     lambda: _set_at(_set_at(A, (0, 0), 5.0), (1, 2), 6.0)),
    ("ScatterAddWithAxis", lambda: P.ScatterAddWithAxis(axis=1)(_t(A), _t([[0], [0]], np.int64),
                                                                _t([[1.0], [1.0]], np.float32)),
     lambda: A + np.array([[1.0, 0, 0], [1.0, 0, 0]], np.float32)),
    ("SegmentSum", lambda: P.SegmentSum()(_t(A), _t([0, 0], np.int32)), lambda: A.sum(0, keepdims=True)),
    ("SegmentMean", lambda: P.SegmentMean()(_t(A), _t([0, 1], np.int32)), lambda: A),
    ("SegmentMin", lambda: P.SegmentMin()(_t(A), _t([0, 0], np.int32)), lambda: A.min(0, keepdims=True)),
    ("SegmentProd", lambda: P.SegmentProd()(_t(A), _t([0, 0], np.int32)), lambda: A.prod(0, keepdims=True)),
    ("UniqueConsecutive", lambda: P.UniqueConsecutive()(_t([1, 1, 2, 2, 1], np.int64)),
     lambda: (np.array([1, 2, 1]), np.array([0, 0, 1, 1, 2]), np.array([2, 2, 1]))),
    ("ReverseSequence", lambda: P.ReverseSequence(seq_dim=1)(_t(np.arange(6).reshape(2, 3).astype(np.float32)),
                                                            _t([2, 3], np.int32)),
     lambda: np.array([[1.0, 0.0, 2.0], [5.0, 4.0, 3.0]], np.float32)),
    ("SplitV", lambda: P.SplitV([1, -1], 1, 2)(_t(A)), lambda: (A[:, :1], A[:, 1:])),
    ("SpaceToDepth", lambda: P.SpaceToDepth(2)(_t(IMG)), lambda: F.pixel_unshuffle(_tt(IMG), 2).numpy()),
    ("DepthToSpace", lambda: P.DepthToSpace(2)(_t(IMG.reshape(1, 8, 2, 2))),
     lambda: F.pixel_shuffle(_tt(IMG.reshape(1, 8, 2, 2)), 2).numpy()),
    ("TensorToTuple", lambda: P.TensorToTuple()(_t([1, 2], np.int64)), lambda: (1, 2)),
    ("UnravelIndex", lambda: P.UnravelIndex()(_t([5, 1], np.int64), _t([2, 3], np.int64)),
     lambda: np.stack(np.unravel_index([5, 1], (2, 3))).astype(np.int64)),
    ("TrilIndices", lambda: P.TrilIndices(3, 3)(), lambda: np.stack(np.tril_indices(3)).astype(np.int32)),
    ("TriuIndices", lambda: P.TriuIndices(3, 3, 1)(), lambda: np.stack(np.triu_indices(3, 1)).astype(np.int32)),
    ("UpperBound", lambda: P.UpperBound()(_t([[1.0, 2.0, 2.0, 3.0]]), _t([[2.0, 0.5]])),
     lambda: np.array([[3, 0]], np.int32)),
    ("LowerBound", lambda: P.LowerBound()(_t([[1.0, 2.0, 2.0, 3.0]]), _t([[2.0, 4.0]])),
     lambda: np.array([[1, 4]], np.int32)),
    ("ConjugateTranspose", lambda: P.ConjugateTranspose()(_t(A), (1, 0)), lambda: A.T),
    ("IdentityN", lambda: P.IdentityN()((_t(A), _t(B))), lambda: (A, B)),
    ("ParallelConcat", lambda: P.ParallelConcat()((_t(A), _t(B))), lambda: np.concatenate([A, B])),
    ("EmbeddingLookup", lambda: P.EmbeddingLookup()(_t(A), _t([1, 0, 5], np.int32), 0),
     lambda: np.stack([A[1], A[0], np.zeros(3, np.float32)])),
    ("SparseGatherV2", lambda: P.SparseGatherV2()(_t(A), _t([1], np.int32), 0), lambda: A[[1]]),
    ("Rint", lambda: P.Rint()(_t([0.5, 1.5, -2.5], np.float32)), lambda: np.array([0.0, 2.0, -2.0], np.float32)),
    ("ComplexAbs", lambda: P.ComplexAbs()(_t(A.astype(np.complex64) + 1j)), lambda: np.abs(A + 1j).astype(np.float32)),
    ("Complex", lambda: P.Complex()(_t(A), _t(B)), lambda: (A + 1j * B).astype(np.complex64)),
    ("Eps", lambda: P.Eps()(_t(A)), lambda: np.full_like(A, np.finfo(np.float32).tiny)),
    ("RealDiv", lambda: P.RealDiv()(_t(A), _t(POS)), lambda: A / POS),
    ("DivNoNan", lambda: P.DivNoNan()(_t(A), _t([[1.0, 0.0, 2.0]] * 2)),
     lambda: np.where(np.array([[1.0, 0.0, 2.0]] * 2) == 0, 0, A / np.array([[1.0, 1.0, 2.0]] * 2)).astype(np.float32)),
    ("Mod", lambda: P.Mod()(_t(A), 0.7), lambda: np.fmod(A, np.float32(0.7))),
    ("LeftShift", lambda: P.LeftShift()(_t([1, 2], np.int32), _t([2, 1], np.int32)), lambda: np.array([4, 4], np.int32)),
    ("RightShift", lambda: P.RightShift()(_t([8, 2], np.int32), _t([2, 1], np.int32)), lambda: np.array([2, 1], np.int32)),
    ("MulNoNan", lambda: P.MulNoNan()(_t([np.inf, 2.0], np.float32), _t([0.0, 3.0], np.float32)),
     lambda: np.array([0.0, 6.0], np.float32)),
    ("ApproximateEqual", lambda: P.ApproximateEqual(0.1)(_t(A), _t(A + 0.05)), lambda: np.ones_like(A, bool)),
    ("Addcmul", lambda: P.Addcmul()(_t(A), _t(B), _t(POS), _t([0.5], np.float32)), lambda: A + 0.5 * B * POS),
    ("Addcdiv", lambda: P.Addcdiv()(_t(A), _t(B), _t(POS), _t([0.5], np.float32)), lambda: A + 0.5 * B / POS),
    ("Einsum", lambda: P.Einsum("ij,kj->ik")((_t(A), _t(B))), lambda: A @ B.T),
    ("SquareSumAll", lambda: P.SquareSumAll()(_t(A), _t(B)),
     lambda: (np.float32((A ** 2).sum()), np.float32((B ** 2).sum()))),
    ("Mvlgamma", lambda: P.Mvlgamma(2)(_t(POS + 1)), lambda: torch.mvlgamma(_tt(POS + 1), 2).numpy()),
    ("CountNonZero", lambda: P.CountNonZero()(_t([[0, 1], [2, 0]], np.int32)), lambda: np.int64(2)),
    ("Cummax", lambda: P.Cummax(1)(_t(A)), lambda: tuple(o.numpy() for o in torch.cummax(_tt(A), 1))),
    ("CumulativeLogsumexp", lambda: P.CumulativeLogsumexp()(_t(A), _t(1, np.int32)),
     lambda: np.logaddexp.accumulate(A, axis=1)),
    ("Median", lambda: P.Median(axis=1)(_t(A)), lambda: tuple(o.numpy() for o in torch.median(_tt(A), 1))),
    ("EuclideanNorm", lambda: P.EuclideanNorm()(_t(A), _t([1], np.int32)), lambda: np.sqrt((A ** 2).sum(1))),
    ("MatrixPower", lambda: P.MatrixPower(3)(_t(SPD)), lambda: SPD @ SPD @ SPD),
    ("Svd", lambda: P.Svd(compute_uv=False)(_t(SPD))[0], lambda: np.linalg.svd(SPD, compute_uv=False)),
    ("MatrixTriangularSolve", lambda: P.MatrixTriangularSolve()(_t(np.tril(SPD)), _t([[1.0], [2.0]])),
     lambda: np.linalg.solve(np.tril(SPD), np.array([[1.0], [2.0]], np.float32))),
    ("Renorm", lambda: P.Renorm(2, 0, 1.0)(_t(A)), lambda: A / np.maximum(np.linalg.norm(A, axis=1, keepdims=True), 1.0)),
    ("Bincount", lambda: P.Bincount()(_t([0, 1, 1, 3], np.int32), _t(4, np.int32), _t([1.0, 1.0, 1.0, 1.0])),
     lambda: np.array([1.0, 2.0, 0.0, 1.0], np.float32)),
    # MindSpore 2.10 literals (Lerp has Float16/Float32 kernels, Angle complex, Polygamma's a and LinSpace's
    # start/stop are Tensors).
    ("Lerp", lambda: P.Lerp()(_t([1.0, 2.0]), _t([3.0, 6.0]), 0.25), lambda: np.array([1.5, 3.0], np.float32)),
    ("Angle", lambda: P.Angle()(_t([1 + 1j, -2j], np.complex64)), lambda: np.array([0.7853982, -1.5707964], np.float32)),
    ("Polygamma", lambda: P.Polygamma()(_t(1, np.int32), _t([0.5, 1.0, 2.5])),
     lambda: np.array([4.934802, 1.644934, 0.490358], np.float32)),
    ("LinSpace", lambda: P.LinSpace()(_t(0.7), _t(2.0), 5), lambda: np.array([0.7, 1.025, 1.35, 1.675, 2.0], np.float32)),
    ("Histogram", lambda: P.Histogram(bins=4, min=0.0, max=4.0)(_t([0.5, 1.5, 1.7, 3.9])),
     lambda: np.array([1, 2, 0, 1], np.float32)),
    ("InTopK", lambda: P.InTopK(1)(_t(A), _t(A.argmax(1).astype(np.int32))), lambda: np.array([True, True])),
    ("NthElement", lambda: P.NthElement()(_t(A), 1), lambda: np.sort(A, 1)[:, 1]),
    # MindSpore 2.10's GeLU Primitive computes the tanh approximation (its values in tests/data/prim_sweep.json).
    ("GeLU", lambda: P.GeLU()(_t(A)), lambda: F.gelu(_tt(A), approximate="tanh").numpy()),
    ("FastGeLU", lambda: P.FastGeLU()(_t(A)), lambda: A / (1 + np.exp(-1.702 * A))),
    ("HSwish", lambda: P.HSwish()(_t(A)), lambda: A * np.clip(A + 3, 0, 6) / 6),
    ("HSigmoid", lambda: P.HSigmoid()(_t(A)), lambda: np.clip(A + 3, 0, 6) / 6),
    ("Softplus", lambda: P.Softplus()(_t(A)), lambda: np.log1p(np.exp(A))),
    ("HShrink", lambda: P.HShrink(0.5)(_t(A)), lambda: np.where(np.abs(A) > 0.5, A, 0)),
    ("Conv3D", lambda: P.Conv3D(1, 2)(_t(VOL), _t(np.ones((1, 2, 2, 2, 2), np.float32))),
     lambda: F.conv3d(_tt(VOL), torch.ones(1, 2, 2, 2, 2)).numpy()),
    ("Conv2DTranspose", lambda: P.Conv2DTranspose(2, 2, pad_mode="valid")(
        _t(IMG[:, :1, :3, :3]), _t(np.ones((1, 2, 2, 2), np.float32)), (1, 2, 4, 4)),
     lambda: F.conv_transpose2d(_tt(IMG[:, :1, :3, :3]), torch.ones(1, 2, 2, 2)).numpy()),
    ("L2Loss", lambda: P.L2Loss()(_t(A)), lambda: np.float32((A ** 2).sum() / 2)),
    ("BCEWithLogitsLoss", lambda: P.BCEWithLogitsLoss()(_t(A), _t((B > 0).astype(np.float32)), _t(POS), _t(POS)),
     lambda: F.binary_cross_entropy_with_logits(_tt(A), _tt((B > 0).astype(np.float32)), _tt(POS),
                                                pos_weight=_tt(POS)).numpy()),
    ("NLLLoss", lambda: P.NLLLoss()(_t(A), _t([2, 0], np.int32), _t([1.0, 2.0, 3.0], np.float32)),
     lambda: (np.float32(-(A[0, 2] * 3 + A[1, 0] * 1) / 4), np.float32(4.0))),
    ("KLDivLoss", lambda: P.KLDivLoss("sum")(_t(A), _t(POS)), lambda: np.float32((POS * (np.log(POS) - A)).sum())),
    # torch's bilinear/bicubic are MindSpore's half-pixel and aligned-corner modes (a = -0.75, the cubic weights
    # of MindSpore's table exactly at the half-way offsets of 4 -> 7)
    ("ResizeBilinearV2", lambda: P.ResizeBilinearV2(half_pixel_centers=True)(_t(IMG), (8, 8)),
     lambda: F.interpolate(_tt(IMG), (8, 8), mode="bilinear").numpy()),
    ("ResizeNearestNeighbor", lambda: P.ResizeNearestNeighbor((8, 8))(_t(IMG)), lambda: IMG.repeat(2, 2).repeat(2, 3)),
    ("ResizeNearestNeighborV2", lambda: P.ResizeNearestNeighborV2()(_t(IMG), (2, 2)), lambda: IMG[:, :, ::2, ::2]),
    ("ResizeBicubic", lambda: P.ResizeBicubic(align_corners=True)(_t(IMG), (7, 7)),
     lambda: F.interpolate(_tt(IMG), (7, 7), mode="bicubic", align_corners=True).numpy()),
    ("ResizeLinear1D", lambda: P.ResizeLinear1D()(_t(IMG[0]), (7,)),
     lambda: F.interpolate(_tt(IMG[0]), 7, mode="linear", align_corners=True).numpy()),
    ("UpsampleNearest3D", lambda: P.UpsampleNearest3D()(_t(VOL), (8, 8, 8)),
     lambda: VOL.repeat(2, 2).repeat(2, 3).repeat(2, 4)),
    ("UpsampleTrilinear3D", lambda: P.UpsampleTrilinear3D()(_t(VOL), (5, 5, 5)),
     lambda: F.interpolate(_tt(VOL), (5, 5, 5), mode="trilinear").numpy()),
    ("AdaptiveAvgPool2D", lambda: P.AdaptiveAvgPool2D(2)(_t(IMG)), lambda: IMG.reshape(1, 2, 2, 2, 2, 2).mean((3, 5))),
    ("AdaptiveAvgPool3D", lambda: P.AdaptiveAvgPool3D(1)(_t(VOL)), lambda: VOL.mean((2, 3, 4), keepdims=True)),
    ("AdaptiveMaxPool2D", lambda: P.AdaptiveMaxPool2D(1)(_t(IMG))[0], lambda: IMG.max((2, 3), keepdims=True)),
    ("AdaptiveMaxPool3D", lambda: P.AdaptiveMaxPool3D()(_t(VOL), _t([1, 1, 1], np.int32))[0], lambda: VOL.max((2, 3, 4), keepdims=True)),
    ("MaxPool3D", lambda: P.MaxPool3D(2, 2)(_t(VOL)), lambda: VOL.reshape(1, 2, 2, 2, 2, 2, 2, 2).max((3, 5, 7))),
    ("AvgPool3D", lambda: P.AvgPool3D(2, 2)(_t(VOL)), lambda: VOL.reshape(1, 2, 2, 2, 2, 2, 2, 2).mean((3, 5, 7))),
    ("MaxPoolWithArgmax", lambda: P.MaxPoolWithArgmax(2, 2)(_t(IMG))[0], lambda: IMG.reshape(1, 2, 2, 2, 2, 2).max((3, 5))),
    ("MaxPoolWithArgmaxV2", lambda: P.MaxPoolWithArgmaxV2(2, 2)(_t(IMG))[0],
     lambda: IMG.reshape(1, 2, 2, 2, 2, 2).max((3, 5))),
    ("Im2Col", lambda: P.Im2Col(2, strides=2)(_t(IMG)),
     lambda: F.unfold(_tt(IMG), 2, stride=2).reshape(1, 2, 4, -1).numpy()),
    ("Col2Im", lambda: P.Col2Im(2, stride=2)(_t(F.unfold(_tt(IMG), 2, stride=2).reshape(1, 2, 4, -1).numpy()), _t([4, 4], np.int32)),
     lambda: IMG),
    ("PadV3", lambda: P.PadV3()(_t(A), (1, 1), _t(0.5, np.float32)), lambda: np.pad(A, ((0, 0), (1, 1)), constant_values=0.5)),
    ("Padding", lambda: P.Padding(3)(_t(A[:, :1])), lambda: np.pad(A[:, :1], ((0, 0), (0, 2)))),
    ("ChannelShuffle", lambda: P.ChannelShuffle(2)(_t(IMG)), lambda: IMG[:, [0, 1]]),
    ("TripletMarginLoss", lambda: P.TripletMarginLoss()(_t(A), _t(B), _t(POS), _t(1.0, np.float32)),
     lambda: F.triplet_margin_loss(_tt(A), _tt(B), _tt(POS), 1.0).numpy()),
    ("GridSampler2D", lambda: P.GridSampler2D()(_t(IMG), _t(np.zeros((1, 1, 1, 2), np.float32))),
     lambda: F.grid_sample(_tt(IMG), torch.zeros(1, 1, 1, 2), align_corners=False).numpy()),
    ("GridSampler3D", lambda: P.GridSampler3D()(_t(VOL), _t(np.zeros((1, 1, 1, 1, 3), np.float32))),
     lambda: F.grid_sample(_tt(VOL), torch.zeros(1, 1, 1, 1, 3), align_corners=False).numpy()),
    # MindSpore 2.10 counts box sides inclusively (width x2 - x1 + 1): 4 / (9 + 9 - 4) = 0.2857143.
    ("IOU", lambda: P.IOU()(_t([[0.0, 0.0, 2.0, 2.0]]), _t([[1.0, 1.0, 3.0, 3.0]])), lambda: np.array([[2 / 7]], np.float32)),
    ("StopGradient", lambda: P.StopGradient()(_t(A)), lambda: A),
    ("Dropout_keep_all", lambda: P.Dropout(keep_prob=1.0)(_t(A)), lambda: (A, np.ones_like(A))),
    ("Conv2DBackpropInput", lambda: P.Conv2DBackpropInput(2, 2)(_t(IMG[:, :2, :3, :3]),
                                                               _t(np.ones((2, 1, 2, 2), np.float32)), (1, 1, 4, 4)),
     lambda: F.conv_transpose2d(_tt(IMG[:, :2, :3, :3]), torch.ones(2, 1, 2, 2)).numpy()),
    ("Conv3DTranspose", lambda: P.Conv3DTranspose(2, 1, 2)(_t(VOL), _t(np.ones((2, 1, 2, 2, 2), np.float32))),
     lambda: F.conv_transpose3d(_tt(VOL), torch.ones(2, 1, 2, 2, 2)).numpy()),
    ("DepthwiseConv2dNative", lambda: P.DepthwiseConv2dNative(1, 2)(_t(IMG), _t(np.ones((1, 2, 2, 2), np.float32))),
     lambda: F.conv2d(_tt(IMG), torch.ones(2, 1, 2, 2), groups=2).numpy()),
    ("ExtractImagePatches", lambda: P.ExtractImagePatches((1, 1, 2, 2), (1, 1, 2, 2), (1, 1, 1, 1))(_t(IMG[:, :1])),
     lambda: IMG[:, :1].reshape(1, 2, 2, 2, 2).transpose(0, 2, 4, 1, 3).reshape(1, 4, 2, 2)),
    ("MaxUnpool2D", lambda: P.MaxUnpool2D(2)(*P.MaxPoolWithArgmaxV2(2, 2)(_t(IMG))),
     lambda: F.max_unpool2d(*F.max_pool2d(_tt(IMG), 2, 2, return_indices=True), 2).numpy()),
    ("MaxUnpool3D", lambda: P.MaxUnpool3D(2)(*[_t(o.numpy()) for o in F.max_pool3d(_tt(VOL), 2, 2, return_indices=True)]),
     lambda: F.max_unpool3d(*F.max_pool3d(_tt(VOL), 2, 2, return_indices=True), 2).numpy()),
    ("SpaceToBatchND", lambda: P.SpaceToBatchND((2, 2), ((0, 0), (0, 0)))(_t(np.arange(4.0).reshape(1, 1, 2, 2))),
     lambda: np.arange(4.0, dtype=np.float32).reshape(4, 1, 1, 1)),
    ("BatchToSpaceND", lambda: P.BatchToSpaceND((2, 2), ((0, 0), (0, 0)))(_t(np.arange(4.0).reshape(4, 1, 1, 1))),
     lambda: np.arange(4.0, dtype=np.float32).reshape(1, 1, 2, 2)),
    ("SpaceToBatch", lambda: P.SpaceToBatch(2, ((0, 0), (0, 0)))(_t(IMG)), lambda: _s2b(IMG)),
    ("BatchToSpace", lambda: P.BatchToSpace(2, ((0, 0), (0, 0)))(_t(_s2b(IMG))), lambda: IMG),
    ("LogSpace", lambda: P.LogSpace(3, 2)(_t(0.0, np.float32), _t(2.0, np.float32)), lambda: np.array([1.0, 2.0, 4.0], np.float32)),
    ("Lstsq", lambda: P.Lstsq()(_t(SPD), _t([[1.0], [2.0]])), lambda: np.linalg.solve(SPD, [[1.0], [2.0]]).astype(np.float32)),
    ("MatrixSolveLs", lambda: P.MatrixSolveLs()(_t(SPD), _t([[1.0], [2.0]]), Tensor(np.float64(0.0))),
     lambda: np.linalg.solve(SPD, [[1.0], [2.0]]).astype(np.float32)),
    ("NuclearNorm", lambda: P.NuclearNorm()(_t(SPD)), lambda: np.float32(np.linalg.svd(SPD, compute_uv=False).sum())),
    ("Quantile", lambda: P.Quantile(dim=1)(_t(A), _t(0.5, np.float32)), lambda: np.quantile(A, 0.5, axis=1)),
    ("Eig", lambda: P.Eig()(_t(np.diag([2.0, 3.0])))[0],
     lambda: np.array([2.0, 3.0], np.complex64)),
    ("LuUnpack", lambda: P.LuUnpack()(*[_t(o.numpy()) for o in torch.linalg.lu_factor(_tt(SPD))])[2],
     lambda: torch.lu_unpack(*torch.linalg.lu_factor(_tt(SPD)))[2].numpy()),
    ("ScalarToArray", lambda: P.ScalarToArray()(2.5), lambda: np.float32(2.5)),
    ("EqualCount", lambda: P.EqualCount()(_t([1, 2, 3], np.int32), _t([1, 0, 3], np.int32)), lambda: np.array([2], np.int32)),
    ("HistogramFixedWidth", lambda: P.HistogramFixedWidth(4)(_t([-1.0, 0.5, 1.5, 9.0]), _t([0.0, 4.0])),
     lambda: np.array([2, 1, 0, 1], np.int32)),
    ("CompareAndBitpack", lambda: P.CompareAndBitpack()(_t(np.arange(8.0)), _t(3.5, np.float32)), lambda: np.array([15], np.uint8)),
    ("ListDiff", lambda: P.ListDiff()(_t([1, 2, 3, 4], np.int32), _t([2, 4], np.int32)),
     lambda: (np.array([1, 3], np.int32), np.array([0, 2], np.int32))),
    ("LerpScalar", lambda: P.LerpScalar()(_t(A), _t(B), 0.25), lambda: A + 0.25 * (B - A)),
    ("WhileLoop", lambda: P.WhileLoop()(lambda v: v < 10, lambda v: v * 2, 1), lambda: 16),
    ("ForiLoop", lambda: P.ForiLoop()(0, 4, lambda i, v: v + i, 0), lambda: 6),
    ("Scan", lambda: P.Scan()(lambda c, x: (c + x, c * x), 0, [1, 2, 3]), lambda: (6, [0, 2, 9])),
    ("AlltoAll", lambda: P.AlltoAll(1, 0, 0)(_t(A)), lambda: A),
    ("Reduce", lambda: P.Reduce(0)(_t(A)), lambda: A),
    ("MoveTo", lambda: P.MoveTo()(_t(A), "CPU"), lambda: A),
    ("FloatStatus", lambda: P.FloatStatus()(_t([1.0, np.inf])), lambda: np.array([1.0], np.float32)),
    ("ConfusionMatrix", lambda: P.ConfusionMatrix(2)(_t([0, 1, 1], np.int32), _t([0, 0, 1], np.int32)),
     lambda: np.array([[1, 0], [1, 1]], np.int32)),
    ("CheckValid", lambda: P.CheckValid()(_t([[0.0, 0.0, 5.0, 5.0], [0.0, 0.0, 50.0, 5.0]]), _t([10.0, 10.0, 1.0])),
     lambda: np.array([True, False])),
    ("BoundingBoxEncode", lambda: P.BoundingBoxEncode()(_t([[0.0, 0.0, 3.0, 3.0]]), _t([[0.0, 0.0, 3.0, 3.0]])),
     lambda: np.zeros((1, 4), np.float32)),
    ("BoundingBoxDecode", lambda: P.BoundingBoxDecode((10, 10))(_t([[0.0, 0.0, 3.0, 3.0]]), _t(np.zeros((1, 4)))),
     lambda: np.array([[0.0, 0.0, 3.0, 3.0]], np.float32)),
    ("DropoutDoMask", lambda: P.DropoutDoMask()(_t(A), P.DropoutGenMask()((2, 3), _t(1.0, np.float32)), _t(1.0, np.float32)),
     lambda: A),
    ("RmsNorm", lambda: P.RmsNorm()(_t(A), _t(np.ones(3, np.float32)))[0],
     lambda: A / np.sqrt((A ** 2).mean(-1, keepdims=True) + 1e-6)),
    ("LogSoftmaxExt", lambda: P.LogSoftmaxExt()(_t(A), 0), lambda: torch.log_softmax(_tt(A), 0).numpy()),
    ("AccumulateNV2", lambda: P.AccumulateNV2()((_t(A), _t(B))), lambda: A + B),
    ("CheckNumerics", lambda: P.CheckNumerics()(_t(A)), lambda: A),
    ("UniqueWithPad", lambda: P.UniqueWithPad()(_t([1, 1, 3, 2], np.int32), 0),
     lambda: (np.array([1, 3, 2, 0], np.int32), np.array([0, 0, 1, 2], np.int32))),
    ("MatrixDiagV3", lambda: P.MatrixDiagV3()(_t([1.0, 2.0]), _t(1, np.int32), _t(-1, np.int32), _t(-1, np.int32),
                                              _t(0.0, np.float32)), lambda: np.diag(np.array([1.0, 2.0], np.float32), 1)),
    ("MatrixDiagPartV3", lambda: P.MatrixDiagPartV3()(_t(A), _t(1, np.int32), _t(0.0, np.float32)),
     lambda: np.diagonal(A, 1)),
    ("MatrixSetDiagV3", lambda: P.MatrixSetDiagV3()(_t(A), _t([7.0, 8.0]), _t(0, np.int32)),
     lambda: _set_at(_set_at(A, (0, 0), 7.0), (1, 1), 8.0)),
    ("TridiagonalMatMul", lambda: P.TridiagonalMatMul()(_t([[1.0, 2.0, 0.0]]), _t([[3.0, 4.0, 5.0]]),
                                                        _t([[0.0, 6.0, 7.0]]), _t(np.eye(3, dtype=np.float32))),
     lambda: np.array([[3.0, 1.0, 0.0], [6.0, 4.0, 2.0], [0.0, 7.0, 5.0]], np.float32)),
    ("Ormqr", lambda: P.Ormqr()(*[_t(o.numpy()) for o in torch.geqrf(_tt(SPD))], _t(np.eye(2, dtype=np.float32))),
     lambda: torch.linalg.qr(_tt(SPD))[0].numpy()),
    ("SparseToDense", lambda: P.SparseToDense()(_t([[0, 1], [1, 2]], np.int64), _t([5.0, 6.0]), (2, 3)),
     lambda: np.array([[0.0, 5.0, 0.0], [0.0, 0.0, 6.0]], np.float32)),
    ("SparseTensorDenseMatmul", lambda: P.SparseTensorDenseMatmul()(_t([[0, 1]], np.int64), _t([2.0]), (2, 2), _t(SPD)),
     lambda: np.array([[0.0, 2.0], [0.0, 0.0]], np.float32) @ SPD),
    ("SparseTensorDenseAdd", lambda: P.SparseTensorDenseAdd()(_t([[0, 1]], np.int64), _t([2.0]), (2, 3), _t(A)),
     lambda: _set_at(A, (0, 1), A[0, 1] + 2.0)),
    # [0, 3, 1, 2]: MindSpore 2.10's result (and its documentation's example).
    ("DataFormatDimMap", lambda: P.DataFormatDimMap()(_t([0, 1, 2, 3], np.int32)), lambda: np.array([0, 3, 1, 2], np.int32)),
    ("LARSUpdate", lambda: P.LARSUpdate()(_t(A), _t(B), _t((A ** 2).sum(), np.float32), _t((B ** 2).sum(), np.float32),
                                          0.0, 1.0),
     lambda: (0.001 * np.linalg.norm(A) / (np.linalg.norm(B) + 1e-5) * B).astype(np.float32)),
    ("HSVToRGB_roundtrip", lambda: P.HSVToRGB()(P.RGBToHSV()(_t(np.abs(A).reshape(1, 1, 2, 3) / 3))),
     lambda: np.abs(A).reshape(1, 1, 2, 3) / 3),
    ("RGBToHSV", lambda: P.RGBToHSV()(_t([[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]])),
     lambda: np.array([[0.0, 1.0, 1.0], [0.5, 1.0, 0.5]], np.float32)),
    ("MaxPool3DWithArgmax", lambda: P.MaxPool3DWithArgmax(2, 2, 0)(_t(VOL))[0],
     lambda: VOL.reshape(1, 2, 2, 2, 2, 2, 2, 2).max((3, 5, 7))),
    ("BatchToSpaceNDV2", lambda: P.BatchToSpaceNDV2()(_t(np.arange(4.0).reshape(4, 1, 1, 1)), (2, 2), ((0, 0), (0, 0))),
     lambda: np.arange(4.0, dtype=np.float32).reshape(1, 1, 2, 2)),
    ("ResizeArea", lambda: P.ResizeArea()(_t(IMG.transpose(0, 2, 3, 1)), _t([2, 2], np.int32)),
     lambda: IMG.reshape(1, 2, 2, 2, 2, 2).mean((3, 5)).transpose(0, 2, 3, 1)),
    ("NonMaxSuppressionV3", lambda: P.NonMaxSuppressionV3()(_t([[0.0, 0.0, 2.0, 2.0], [0.0, 0.0, 2.0, 1.9],
                                                                 [5.0, 5.0, 6.0, 6.0]]), _t([0.9, 0.8, 0.7]),
                                                             _t(3, np.int32), _t(0.5), _t(0.0)),
     lambda: np.array([0, 2], np.int32)),
    ("CTCGreedyDecoder", lambda: P.CTCGreedyDecoder()(_t(np.eye(3, dtype=np.float32)[[0, 0, 2, 1]][:, None, :]),
                                                      _t([4], np.int32))[1], lambda: np.array([0, 1], np.int64)),
    ("ExtractVolumePatches", lambda: P.ExtractVolumePatches((1, 1, 2, 2, 2), (1, 1, 2, 2, 2), "VALID")(_t(VOL[:, :1])),
     lambda: VOL[:, :1].reshape(1, 2, 2, 2, 2, 2, 2).transpose(0, 2, 4, 6, 1, 3, 5).reshape(1, 8, 2, 2, 2)),
    ("STFT", lambda: P.STFT(8, 4, 8, False, True, True)(_t(np.sin(np.arange(32) / 3)), _t(np.hanning(8))),
     lambda: torch.stft(torch.sin(torch.arange(32.0) / 3), 8, 4, 8, torch.from_numpy(np.hanning(8).astype(np.float32)),
                        center=False, return_complex=True).numpy()),
    ("FFTWithSize", lambda: P.FFTWithSize(1, False, True)(_t(A)), lambda: np.fft.rfft(A).astype(np.complex64)),
    ("MatrixLogarithm", lambda: P.MatrixLogarithm()(_t(np.diag([1.0, np.e]).astype(np.complex64))),
     lambda: np.diag([0.0, 1.0]).astype(np.complex64)),
    ("NMSWithMask", lambda: P.NMSWithMask(0.5)(_t([[0.0, 0.0, 2.0, 2.0, 0.9], [0.0, 0.0, 2.0, 1.9, 0.8],
                                                  [5.0, 5.0, 6.0, 6.0, 0.7]]))[2], lambda: np.array([True, False, True])),
]


def _s2b(x):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // 2, 2, w // 2, 2).transpose(3, 5, 0, 1, 2, 4).reshape(4 * n, c, h // 2, w // 2)


def _fill_diag(a, v):
    out = a.copy()
    np.fill_diagonal(out, v)
    return out


def _set_at(a, idx, v):
    out = a.copy()
    out[idx] = v
    return out


@pytest.mark.parametrize("call,ref", [pytest.param(c, r, id=n) for n, c, r in CASES])
def test_primitive_against_reference(call, ref):
    got = call()
    want = ref()
    gots = got if isinstance(got, tuple) else (got,)
    wants = want if isinstance(want, tuple) else (want,)
    assert len(gots) == len(wants)
    for g, w in zip(gots, wants):
        g = g.asnumpy() if isinstance(g, Tensor) else np.asarray(g)
        w = np.asarray(w)
        assert g.shape == w.shape
        if w.dtype.kind in "biu" and g.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w)
        else:
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


def _param(a, name):
    return Parameter(Tensor(np.array(a, np.float32)), name=name)


def test_parameter_scatter_and_index_primitives():
    p = _param(A, "p")
    P.ScatterNdSub()(p, _t([[0, 0]], np.int32), _t([1.0], np.float32))
    P.ScatterNdMul()(p, _t([[0, 1]], np.int32), _t([2.0], np.float32))
    P.ScatterNdDiv()(p, _t([[1, 0]], np.int32), _t([4.0], np.float32))
    P.ScatterDiv()(p, _t([1], np.int32), _t([[1.0, 2.0, 2.0]], np.float32))
    P.ScatterNonAliasingAdd()(p, _t([[1, 2]], np.int32), _t([1.0], np.float32))
    P.IndexAdd(axis=1)(p, _t([0], np.int32), _t([[1.0], [1.0]], np.float32))
    P.InplaceIndexAdd(0)(p, _t([0], np.int32), _t([[1.0, 1.0, 1.0]], np.float32))
    want = A.copy()
    want[0, 0] -= 1
    want[0, 1] *= 2
    want[1, 0] /= 4
    want[1] /= np.array([1.0, 2.0, 2.0], np.float32)
    want[1, 2] += 1
    want[:, 0] += 1
    want[0] += 1
    np.testing.assert_allclose(p.asnumpy(), want, rtol=1e-6)


def _numpy_update(name, **s):
    """Closed-form updates of the optimizer primitives (MindSpore's documented formulas)."""
    g = s["g"]
    if name == "ApplyGradientDescent":
        return {"var": s["var"] - s["lr"] * g}
    if name == "ApplyAdagrad":
        acc = s["acc"] + g * g
        return {"var": s["var"] - s["lr"] * g / np.sqrt(acc), "acc": acc}
    if name == "ApplyAdagradV2":
        acc = s["acc"] + g * g
        return {"var": s["var"] - s["lr"] * g / (np.sqrt(acc) + 1e-6), "acc": acc}
    if name == "ApplyRMSProp":
        ms_ = 0.9 * s["acc"] + 0.1 * g * g
        mom = 0.5 * s["m"] + s["lr"] * g / np.sqrt(ms_ + 1e-6)
        return {"var": s["var"] - mom, "acc": ms_, "m": mom}
    if name == "ApplyAdaMax":
        m = 0.9 * s["m"] + 0.1 * g
        v = np.maximum(0.99 * s["acc"], np.abs(g))
        return {"var": s["var"] - s["lr"] / (1 - 0.9) * m / (v + 1e-6), "m": m, "acc": v}
    if name == "ApplyAddSign":
        m = 0.9 * s["m"] + 0.1 * g
        return {"var": s["var"] - s["lr"] * (1.0 + 0.5 * np.sign(g) * np.sign(m)) * g, "m": m}
    if name == "ApplyPowerSign":
        m = 0.9 * s["m"] + 0.1 * g
        return {"var": s["var"] - s["lr"] * np.exp(0.5 * np.sign(g) * np.sign(m)) * g, "m": m}
    if name == "ApplyKerasMomentum":
        acc = 0.9 * s["acc"] - s["lr"] * g
        return {"var": s["var"] + acc, "acc": acc}
    if name == "ApplyProximalGradientDescent":
        prox = s["var"] - s["lr"] * g
        return {"var": np.sign(prox) / (1 + s["lr"] * 0.1) * np.maximum(np.abs(prox) - s["lr"] * 0.05, 0)}
    if name == "AdamWeightDecay":
        m = 0.9 * s["m"] + 0.1 * g
        v = 0.999 * s["acc"] + 0.001 * g * g
        return {"var": s["var"] - s["lr"] * (m / (np.sqrt(v) + 1e-6) + 0.01 * s["var"]), "m": m, "acc": v}
    raise KeyError(name)


_OPTIM_CALLS = {
    "ApplyGradientDescent": lambda p: P.ApplyGradientDescent()(p["var"], 0.1, p["g"]),
    "ApplyAdagrad": lambda p: P.ApplyAdagrad()(p["var"], p["acc"], 0.1, p["g"]),
    "ApplyAdagradV2": lambda p: P.ApplyAdagradV2(1e-6)(p["var"], p["acc"], 0.1, p["g"]),
    "ApplyRMSProp": lambda p: P.ApplyRMSProp()(p["var"], p["acc"], p["m"], 0.1, p["g"], 0.9, 0.5, 1e-6),
    "ApplyAdaMax": lambda p: P.ApplyAdaMax()(p["var"], p["m"], p["acc"], 0.9, 0.1, 0.9, 0.99, 1e-6, p["g"]),
    "ApplyAddSign": lambda p: P.ApplyAddSign()(p["var"], p["m"], 0.1, 1.0, 0.5, 0.9, p["g"]),
    "ApplyPowerSign": lambda p: P.ApplyPowerSign()(p["var"], p["m"], 0.1, 1.0, 0.5, 0.9, p["g"]),
    "ApplyKerasMomentum": lambda p: P.ApplyKerasMomentum()(p["var"], p["acc"], 0.1, p["g"], 0.9),
    "ApplyProximalGradientDescent": lambda p: P.ApplyProximalGradientDescent()(p["var"], 0.1, 0.05, 0.1, p["g"]),
    "AdamWeightDecay": lambda p: P.AdamWeightDecay()(p["var"], p["m"], p["acc"], 0.1, 0.9, 0.999, 1e-6, 0.01, p["g"]),
}


@pytest.mark.parametrize("name", sorted(_OPTIM_CALLS))
def test_optimizer_primitive_formulas(name):
    start = {"var": A, "acc": POS, "m": B}
    params = {k: _param(v, k) for k, v in start.items()}
    params["g"] = _t(B * 0.5)
    _OPTIM_CALLS[name](params)
    want = _numpy_update(name, var=A, acc=POS, m=B, g=B * 0.5, lr=0.1)
    for key, value in want.items():
        np.testing.assert_allclose(params[key].asnumpy(), value, rtol=1e-5, atol=1e-6, err_msg=f"{name}.{key}")


def test_centered_rmsprop_adadelta_ftrl_formulas():
    var, mg, ms_, mom = _param(A, "v"), _param(B * 0.1, "mg"), _param(POS, "ms"), _param(B, "mom")
    g = B * 0.5
    P.ApplyCenteredRMSProp()(var, mg, ms_, mom, _t(g), 0.1, 0.9, 0.5, 1e-6)
    mg_w = 0.9 * B * 0.1 + 0.1 * g
    ms_w = 0.9 * POS + 0.1 * g * g
    mom_w = 0.5 * B + 0.1 * g / np.sqrt(ms_w - mg_w ** 2 + 1e-6)
    np.testing.assert_allclose(var.asnumpy(), A - mom_w, rtol=1e-5)
    var, acc, upd = _param(A, "v"), _param(POS, "acc"), _param(POS * 0.5, "upd")
    P.ApplyAdadelta()(var, acc, upd, 1.0, 0.9, 1e-6, _t(g))
    acc_w = 0.9 * POS + 0.1 * g * g
    step = np.sqrt(POS * 0.5 + 1e-6) / np.sqrt(acc_w + 1e-6) * g
    np.testing.assert_allclose(var.asnumpy(), A - step, rtol=1e-5)
    var, acc, lin = _param(A, "v"), _param(POS, "acc"), _param(B, "lin")
    P.ApplyFtrl()(var, acc, lin, _t(g), 0.1, 0.01, 0.01, -0.5)
    acc_w = POS + g * g
    lin_w = B + g - (np.sqrt(acc_w) - np.sqrt(POS)) / 0.1 * A
    quad = np.sqrt(acc_w) / 0.1 + 0.02
    var_w = np.where(np.abs(lin_w) > 0.01, (np.sign(lin_w) * 0.01 - lin_w) / quad, 0)
    np.testing.assert_allclose(var.asnumpy(), var_w, rtol=1e-4, atol=1e-6)


def test_random_primitives_shapes_dtypes_ranges():
    ms.set_seed(3)
    cat = P.RandomCategorical()(_t([[0.0, 50.0, 0.0]]), 4)
    assert cat.asnumpy().tolist() == [[1, 1, 1, 1]] and str(cat.dtype) == "Int64"
    bern = P.Bernoulli(seed=1)(_t(A), 1.0)
    assert bern.asnumpy().tolist() == np.ones_like(A).tolist()
    shuffled = P.RandomShuffle(seed=1)(_t(np.arange(6, dtype=np.float32)))
    assert sorted(shuffled.asnumpy().tolist()) == list(range(6))
    perm = P.Randperm(max_length=6, pad=-1)(_t([4], np.int32))
    assert sorted(perm.asnumpy().tolist()[:4]) == [0, 1, 2, 3] and perm.asnumpy().tolist()[4:] == [-1, -1]
    assert P.Gamma(seed=1)((3,), _t([2.0]), _t([1.0])).shape == (3, 1)
    assert (P.Poisson(seed=1)((5,), _t([3.0])).asnumpy() >= 0).all()
    assert P.StandardLaplace(seed=1)((2, 2)).shape == (2, 2)
    trunc = P.TruncatedNormal(seed=1)((1000,)).asnumpy()
    assert (np.abs(trunc) <= 2).all()


def test_collectives_on_a_single_process_return_the_input():
    x = _t(A)
    for op in (P.AllReduce(), P.AllGather(), P.ReduceScatter()):
        np.testing.assert_array_equal(op(x).asnumpy(), A)
    np.testing.assert_array_equal(P.Broadcast(0)((x,))[0].asnumpy(), A)
    P.Barrier()()
    assert P.ReduceOp.SUM == "sum"


def test_control_primitives():
    x = _t(A)
    assert P.UpdateState()(x, None) is x
    for summary in (P.ScalarSummary(), P.TensorSummary(), P.ImageSummary(), P.HistogramSummary()):
        assert summary("name", x) is None
    P.Print()("value:", _t([1.0]))


def test_print_puts_each_input_on_its_own_line(capsys):
    # Expected output from MindSpore 2.10 (PYNATIVE): Tensors and Parameters as Tensor reprs, the rest as str.
    x = ms.Tensor(np.array([[1.5, -2e-5], [300000, 4]], np.float32))
    w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    args = ("s", x, w, ms.Tensor(3.25, ms.float32), [1, x[0]], None, 1e-7, True, (1, 2))
    assert P.Print()(*args) is None
    printed = capsys.readouterr().out
    assert ms.ops.print_(*args) is None
    assert capsys.readouterr().out == printed
    assert printed == (
        "s\n"
        "Tensor(shape=[2, 2], dtype=Float32, value=\n"
        "[[ 1.50000000e+00, -1.99999995e-05],\n"
        " [ 3.00000000e+05,  4.00000000e+00]])\n"
        "Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  2.00000000e+00])\n"
        "Tensor(shape=[], dtype=Float32, value= 3.25)\n"
        "[1, Tensor(shape=[2], dtype=Float32, value= [ 1.50000000e+00, -1.99999995e-05])]\n"
        "None\n"
        "1e-07\n"
        "True\n"
        "(1, 2)\n")


def test_extra_random_and_gradient_primitives():
    ms.set_seed(2)
    draws = P.MultinomialWithReplacement(3, True)(_t([[0.0, 1.0]]), 1, 0)
    assert draws.asnumpy().tolist() == [[1, 1, 1]]
    assert P.RandomGamma(seed=1)((2,), _t([1.0, 2.0])).shape == (2, 2)
    assert str(P.RandomPoisson(seed=1)((3,), _t([2.0])).dtype) == "Int64"
    assert str(P.NonDeterministicInts()((2,)).dtype) == "Int64"
    assert (P.LogNormalReverse()(_t(A)).asnumpy() > 0).all()
    assert sorted(P.RandpermV2(seed=1)(5).asnumpy().tolist()) == [0, 1, 2, 3, 4]
    idx, mask = P.RandomChoiceWithMask(count=4, seed=1)(_t([[True, False], [True, True]]))
    assert mask.asnumpy().tolist() == [True, True, True, False] and idx.shape == (4, 2)
    assert P.Cauchy((2, 3))().shape == (2, 3)
    with pytest.raises(ValueError, match="Assert"):
        P.Assert()(False, [_t([1.0, 2.0])])
    double_grad = P.InsertGradientOf(lambda g: g * 2)
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    double_grad(Tensor.from_torch(x)).to_torch().sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]
    var, m, v, vhat = (_param(a, n) for a, n in ((A, "var"), (B, "m"), (POS, "v"), (POS, "vhat")))
    P.ApplyAdamWithAmsgrad()(var, m, v, vhat, 0.9, 0.999, 0.01, _t(B))
    v_w = 0.999 * POS + 0.001 * B * B
    m_w = 0.9 * B + 0.1 * B
    lr_t = 0.01 * np.sqrt(1 - 0.999) / (1 - 0.9)
    np.testing.assert_allclose(var.asnumpy(), A - lr_t * m_w / (np.sqrt(np.maximum(POS, v_w)) + 1e-8), rtol=1e-5)
    var, acc = _param(A, "var"), _param(POS, "acc")
    P.ApplyProximalAdagrad()(var, acc, 0.1, 0.0, 0.0, _t(B))
    np.testing.assert_allclose(var.asnumpy(), A - 0.1 * B / np.sqrt(POS + B * B), rtol=1e-5)


def test_custom_primitive_pyfunc_and_bprop():
    square = P.Custom(lambda x: x * x, out_shape=lambda s: s, out_dtype=ms.float32, func_type="pyfunc")
    np.testing.assert_allclose(square(_t(A)).asnumpy(), A * A, rtol=1e-6)

    def bprop(x, out, dout):
        return (dout * 3,)
    triple_grad = P.Custom(lambda x: x * 2, func_type="hybrid", bprop=bprop)
    g = ms.grad(lambda x: triple_grad(x).sum())(_t(A))
    np.testing.assert_allclose(g.asnumpy(), np.full_like(A, 3.0))
    with pytest.raises(TypeError, match="Custom"):
        P.Custom("kernel.so:func")


def test_tensor_dump_writes_npy(tmp_path):
    # MindSpore 2.10 names TensorDump's files as ops.tensordump's, <file>_<dtype>_<id>.npy, on one
    # counter, and makes the folder; it returns None and checks its arguments so.
    from sporetorch.ops.function import debug_func
    first = next(debug_func._dump_ids) + 1
    assert P.TensorDump()(str(tmp_path / "d" / "x"), _t(A)) is None
    assert P.TensorDump("in")(str(tmp_path / "d" / "y.npy"), _t([1, 2], np.int32)) is None
    assert sorted(os.listdir(tmp_path / "d")) == [f"x_float32_{first}.npy", f"y_int32_{first + 1}.npy"]
    np.testing.assert_array_equal(np.load(tmp_path / "d" / f"x_float32_{first}.npy"), A)
    with pytest.raises(ValueError, match=r"should be one of \['in', 'out'\], but got: all"):
        P.TensorDump("all")
    with pytest.raises(TypeError, match="For 'TensorDump', the type of 'file' should be 'str', but got type 'int'"):
        P.TensorDump()(3, _t(A))
    with pytest.raises(ValueError, match="CheckNumerics"):
        P.CheckNumerics()(_t([np.nan]))


def test_sparse_optimizer_primitives_update_rows():
    var, acc = _param(A, "var"), _param(POS, "acc")
    P.SparseApplyAdagrad(0.1)(var, acc, _t(B[1:]), _t([1], np.int32))
    acc_w = POS.copy()
    acc_w[1] += B[1] ** 2
    var_w = A.copy()
    var_w[1] -= 0.1 * B[1] / np.sqrt(acc_w[1])
    np.testing.assert_allclose(var.asnumpy(), var_w, rtol=1e-5)
    np.testing.assert_allclose(acc.asnumpy(), acc_w, rtol=1e-5)
    var, acc = _param(A, "var"), _param(POS, "acc")
    P.SparseApplyAdagradV2(0.1, 1e-6)(var, acc, _t(B[:1]), _t([0], np.int32))
    np.testing.assert_allclose(var.asnumpy()[1], A[1])
    var, ms_, mom = _param(A, "var"), _param(POS, "ms"), _param(B, "mom")
    P.SparseApplyRMSProp(0.9, 0.5, 1e-6)(var, ms_, mom, 0.1, _t(B[:1]), _t([0], np.int32))
    ms_w = 0.9 * POS[0] + 0.1 * B[0] ** 2
    mom_w = 0.5 * B[0] + 0.1 * B[0] / np.sqrt(ms_w + 1e-6)
    np.testing.assert_allclose(var.asnumpy()[0], A[0] - mom_w, rtol=1e-5)
    var, acc = _param(A, "var"), _param(POS, "acc")
    P.SparseApplyProximalAdagrad()(var, acc, 0.1, 0.0, 0.0, _t(B[:1]), _t([0], np.int32))
    np.testing.assert_allclose(var.asnumpy()[0], A[0] - 0.1 * B[0] / np.sqrt(POS[0] + B[0] ** 2), rtol=1e-5)
    var, acc, lin = _param(A, "var"), _param(POS, "acc"), _param(B, "lin")
    P.SparseApplyFtrl(0.1, 0.01, 0.01, -0.5)(var, acc, lin, _t(B), _t([0, 1], np.int32))
    dense_var, dense_acc, dense_lin = _param(A, "v2"), _param(POS, "a2"), _param(B, "l2")
    P.ApplyFtrl()(dense_var, dense_acc, dense_lin, _t(B), 0.1, 0.01, 0.01, -0.5)
    np.testing.assert_allclose(var.asnumpy(), dense_var.asnumpy(), rtol=1e-5)
    var, m, v, vhat = (_param(a, n) for a, n in ((A, "var"), (B, "m"), (POS, "v"), (POS, "vhat")))
    P.ApplyAdamWithAmsgradV2()(var, m, v, vhat, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, _t(B))
    ref = [_param(a, n) for a, n in ((A, "r0"), (B, "r1"), (POS, "r2"), (POS, "r3"))]
    P.ApplyAdamWithAmsgrad()(*ref, 0.9, 0.999, 0.01, _t(B))
    np.testing.assert_allclose(var.asnumpy(), ref[0].asnumpy(), rtol=1e-6)


def test_multilabel_margin_and_ctc_losses():
    x = _t(A)
    loss, is_target = P.MultilabelMarginLoss()(x, _t([[2, -1, 0], [0, 1, -1]], np.int32))
    want = F.multilabel_margin_loss(_tt(A), torch.tensor([[2, -1, 0], [0, 1, -1]]))
    np.testing.assert_allclose(loss.asnumpy(), want.numpy(), rtol=1e-6)
    assert is_target.asnumpy().tolist() == [[0, 0, 1], [1, 1, 0]]
    logits = RS.uniform(-1, 1, (4, 1, 3)).astype(np.float32)
    ctc, _ = P.CTCLoss()(_t(logits), _t([[0, 0], [0, 1]], np.int64), _t([0, 1], np.int32), _t([4], np.int32))
    want = F.ctc_loss(torch.log_softmax(_tt(logits), -1), torch.tensor([0, 1]), torch.tensor([4]), torch.tensor([2]),
                      blank=2, reduction="none")
    np.testing.assert_allclose(ctc.asnumpy(), want.numpy(), rtol=1e-5)


def covered_primitives():
    """Primitive names these tests exercise (read by tools/api_coverage.py)."""
    import inspect
    import re
    import sys
    names = {n.split("_")[0] for n, _, _ in CASES} | set(_OPTIM_CALLS)
    for fn in [v for k, v in vars(sys.modules[__name__]).items() if k.startswith("test_")]:
        names.update(re.findall(r"P\.([A-Z][A-Za-z0-9]*)\(", inspect.getsource(fn)))
    return sorted(names)
