"""Gradient Primitives of ``ops.operations._grad_ops`` (the vector-Jacobian products of our forward ops, and the
argmax-routed max-pool gradients) against MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

from sporetorch import Tensor as T
from sporetorch import ops
from sporetorch.ops.operations import _grad_ops as G
from _ms_literals import show


def fr(*s, k=7):
    n = int(np.prod(s))
    return T(((np.arange(n) * k) % 11 / 4 - 1).astype(np.float32).reshape(s))


def fp(*s):
    return T((np.arange(int(np.prod(s))) % 5 / 4 + 0.5).astype(np.float32).reshape(s))


x4, x5 = fr(1, 1, 4, 4), fr(1, 1, 2, 4, 4)
CASES = {
    "MaxPoolGrad": lambda: G.MaxPoolGrad(2, 2)(x4, fr(1, 1, 2, 2), fr(1, 1, 2, 2, k=3)),
    "MaxPoolGrad_same": lambda: G.MaxPoolGrad(3, 2, "SAME")(x4, fr(1, 1, 2, 2), fr(1, 1, 2, 2, k=3)),
    "MaxPoolGradGrad": lambda: G.MaxPoolGradGrad(2, 2)(x4, fr(1, 1, 2, 2), fr(1, 1, 4, 4, k=3)),
    "MaxPoolGradWithArgmax": lambda: G.MaxPoolGradWithArgmax(2, 2)(x4, fr(1, 1, 2, 2, k=3), T(np.zeros((1, 1, 2, 2), np.int32))),
    "MaxPoolGradGradWithArgmax": lambda: G.MaxPoolGradGradWithArgmax(2, 2)(x4, fr(1, 1, 4, 4, k=3), T(np.array([[[[5, 2], [8, 14]]]], np.int32))),
    "MaxPoolGradWithArgmaxV2": lambda: G.MaxPoolGradWithArgmaxV2((2, 2), (2, 2))(x4, fr(1, 1, 2, 2, k=3), T(np.array([[[[5, 2], [8, 14]]]], np.int64))),
    "MaxPool3DGrad": lambda: G.MaxPool3DGrad((1, 1, 2, 2, 2), (1, 1, 2, 2, 2))(x5, fr(1, 1, 1, 2, 2), fr(1, 1, 1, 2, 2, k=3)),
    "MaxPool3DGradGrad": lambda: G.MaxPool3DGradGrad((1, 1, 2, 2, 2), (1, 1, 2, 2, 2))(x5, fr(1, 1, 1, 2, 2), fr(1, 1, 2, 4, 4, k=3)),
    "AvgPool3DGrad": lambda: G.AvgPool3DGrad(kernel_size=2, strides=1)((1, 1, 2, 3, 3), fr(1, 1, 1, 2, 2)),
    "AdaptiveAvgPool2DGrad": lambda: G.AdaptiveAvgPool2DGrad()(fr(1, 1, 2, 2), T(np.array([1, 1, 4, 5], np.int64))),
    "AdaptiveAvgPool3DGrad": lambda: G.AdaptiveAvgPool3DGrad()(fr(1, 1, 1, 2, 2), T(np.array([1, 1, 2, 3, 3], np.int32))),
    "FlattenGrad": lambda: G.FlattenGrad()(fr(2, 6), (2, 2, 3)),
    "KLDivLossGrad": lambda: G.KLDivLossGrad("mean")(T(np.array(1.5, np.float32)), fr(2, 3), fp(2, 3)),
    "KLDivLossGrad_none": lambda: G.KLDivLossGrad("none")(fr(2, 3, k=3), fr(2, 3), fp(2, 3)),
    "SigmoidCrossEntropyWithLogitsGrad": lambda: G.SigmoidCrossEntropyWithLogitsGrad()(fr(2, 3), fp(2, 3), fr(2, 3, k=3)),
    "L2NormalizeGrad": lambda: G.L2NormalizeGrad(1)(fr(2, 3), ops.L2Normalize(1)(fr(2, 3)), fr(2, 3, k=3)),
    "LRNGrad": lambda: G.LRNGrad(2, 1.0, 0.5, 0.75)(fr(1, 3, 2, 2, k=3), fr(1, 3, 2, 2), fr(1, 3, 2, 2)),
    "PdistGrad": lambda: G.PdistGrad(2.0)(fr(3, k=3), fr(3, 2), ops.Pdist(2.0)(fr(3, 2))),
    "MirrorPadGrad": lambda: G.MirrorPadGrad("REFLECT")(fr(4, 6), T(np.array([[1, 1], [1, 2]], np.int32))),
    "MirrorPadGrad_sym": lambda: G.MirrorPadGrad("SYMMETRIC")(fr(4, 5), T(np.array([[1, 1], [1, 2]], np.int32))),
    "PadV3Grad": lambda: G.PadV3Grad("reflect")(fr(1, 1, 6), T(np.array([1, 2], np.int64))),
    "PadV3Grad_edge": lambda: G.PadV3Grad("edge")(fr(1, 1, 3, 4), T(np.array([1, 1, 0, 1], np.int64))),
    "MvlgammaGrad": lambda: G.MvlgammaGrad(2)(fr(3, k=3), T(np.array([1.5, 2.0, 3.5], np.float32))),
    "DropoutGrad": lambda: G.DropoutGrad(0.5)(fr(2, 3), T(np.array([[1, 0, 1], [0, 1, 1]], np.float32))),
    "TraceGrad": lambda: G.TraceGrad()(T(np.array(2.5, np.float32)), T(np.array([2, 3], np.int64))),
    "SliceGrad": lambda: G.SliceGrad()(fr(1, 2), fr(2, 3), (1, 0), (1, 2)),
    "StridedSliceGrad": lambda: G.StridedSliceGrad()(fr(1, 2), (2, 4), (1, 0), (2, 4), (1, 2)),
    "AffineGridGrad": lambda: G.AffineGridGrad(False)(fr(1, 2, 3, 2), (1, 1, 2, 3)),
    "MultiMarginLossGrad": lambda: G.MultiMarginLossGrad()(T(np.array(1.0, np.float32)), fr(2, 3), T(np.array([0, 2], np.int64))),
    "MultiMarginLossGrad_w": lambda: G.MultiMarginLossGrad(2, 0.5, "none")(fr(2, k=3), fr(2, 3), T(np.array([0, 2], np.int64)), fp(3)),
    "Conv2DBackpropFilter": lambda: G.Conv2DBackpropFilter(1, 2)(fr(1, 1, 3, 3, k=3), fr(1, 1, 4, 4), (1, 1, 2, 2)),
    "MinimumGradGrad": lambda: G.MinimumGradGrad()(fr(2, 3), fr(2, 3, k=3), fp(2, 3), fr(2, 3, k=5))[2],
}

# MindSpore 2.10 CPU (show(f, 4)); MinimumGradGrad's first two outputs are uninitialised memory there
EXPECTED = {
    'MaxPoolGrad': "([[[[0.0, -1.0, 0.0, -0.25], [0.0, 0.0, 0.0, 0.0], [0.0, 0.5, 0.0, 0.0], [0.0, 0.0, 1.25, 0.0]]]], 'Float32')",
    'MaxPoolGrad_same': "([[[[0.0, 0.0, 0.0, -0.25], [0.0, 0.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.75, 0.0]]]], 'Float32')",
    'MaxPoolGradGrad': "([[[[-0.25, 1.25], [0.25, 1.25]]]], 'Float32')",
    'MaxPoolGradWithArgmax': "([[[[0.5, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]]], 'Float32')",
    'MaxPoolGradGradWithArgmax': "([[[[0.0, 0.5], [-0.5, 1.25]]]], 'Float32')",
    'MaxPoolGradWithArgmaxV2': "([[[[0.0, 0.0, -0.25, 0.0], [0.0, -1.0, 0.0, 0.0], [0.5, 0.0, 0.0, 0.0], [0.0, 0.0, 1.25, 0.0]]]], 'Float32')",
    'MaxPool3DGrad': "([[[[[0.0, 0.0, 0.0, -0.25], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.25, 0.0]], [[0.0, -1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.5, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]]]], 'Float32')",
    'MaxPool3DGradGrad': "([[[[[0.75, 1.25], [1.25, 1.25]]]]], 'Float32')",
    'AvgPool3DGrad': "([[[[[-0.125, -0.031199999153614044, 0.09380000084638596], [-0.15620000660419464, 0.125, 0.28119999170303345], [-0.031199999153614044, 0.15620000660419464, 0.1875]], [[-0.125, -0.031199999153614044, 0.09380000084638596], [-0.15620000660419464, 0.125, 0.28119999170303345], [-0.031199999153614044, 0.15620000660419464, 0.1875]]]]], 'Float32')",
    'AdaptiveAvgPool2DGrad': "([[[[-0.16670000553131104, -0.16670000553131104, -0.04170000180602074, 0.125, 0.125], [-0.16670000553131104, -0.16670000553131104, -0.04170000180602074, 0.125, 0.125], [-0.04170000180602074, -0.04170000180602074, 0.20829999446868896, 0.25, 0.25], [-0.04170000180602074, -0.04170000180602074, 0.20829999446868896, 0.25, 0.25]]]], 'Float32')",
    'AdaptiveAvgPool3DGrad': "([[[[[-0.125, -0.031199999153614044, 0.09380000084638596], [-0.15620000660419464, 0.125, 0.28119999170303345], [-0.031199999153614044, 0.15620000660419464, 0.1875]], [[-0.125, -0.031199999153614044, 0.09380000084638596], [-0.15620000660419464, 0.125, 0.28119999170303345], [-0.031199999153614044, 0.15620000660419464, 0.1875]]]]], 'Float32')",
    'FlattenGrad': "([[[-1.0, 0.75, -0.25], [1.5, 0.5, -0.5]], [[1.25, 0.25, -0.75], [1.0, 0.0, -1.0]]], 'Float32')",
    'KLDivLossGrad': "([[-0.125, -0.1875, -0.25], [-0.3125, -0.375, -0.125]], 'Float32')",
    'KLDivLossGrad_none': "([[0.5, 0.1875, -0.5], [-1.5625, 1.125, -0.0]], 'Float32')",
    'SigmoidCrossEntropyWithLogitsGrad': "([[0.23109999299049377, 0.01769999973475933, -0.28110000491142273], [-0.5404999852180481, 0.6582000255584717, -0.0]], 'Float32')",
    'L2NormalizeGrad': "([[-0.45260000228881836, -0.4449999928474426, 0.47519999742507935], [0.2603999972343445, -0.6166999936103821, 0.16449999809265137]], 'Float32')",
    'LRNGrad': "([[[[-0.37389999628067017, -0.1655000001192093], [0.37389999628067017, -0.06080000102519989]], [[-0.5835999846458435, 0.007600000128149986], [0.2110999971628189, 0.6107000112533569]], [[-0.12630000710487366, 0.1388999968767166], [0.6402000188827515, -0.03959999978542328]]]], 'Float32')",
    'PdistGrad': "([[0.8992000222206116, 0.5471000075340271], [-0.8827000260353088, -0.23890000581741333], [-0.016499999910593033, -0.30809998512268066]], 'Float32')",
    'MirrorPadGrad': "([[-0.75, 0.75, 1.0], [1.25, 1.0, 2.0]], 'Float32')",
    'MirrorPadGrad_sym': "([[2.0, 0.75], [-0.25, 2.0]], 'Float32')",
    'PadV3Grad': "([[[0.25, -0.75, 1.5]]], 'Float32')",
    'PadV3Grad_edge': "([[[[-0.25, 1.25], [0.25, 0.5]]]], 'Float32')",
    'MvlgammaGrad': "([0.5407000184059143, -0.11479999870061874, 1.0130000114440918], 'Float32')",
    'DropoutGrad': "([[-2.0, 0.0, -0.5], [0.0, 1.0, -1.0]], 'Float32')",
    'TraceGrad': "([[2.5, 0.0, 0.0], [0.0, 2.5, 0.0]], 'Float32')",
    'SliceGrad': "([[0.0, 0.0, 0.0], [-1.0, 0.75, 0.0]], 'Float32')",
    'StridedSliceGrad': "([[0.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 0.75, 0.0]], 'Float32')",
    'AffineGridGrad': "([[[0.16670000553131104, 0.625, -0.25], [-1.666700005531311, -0.75, 2.0]]], 'Float32')",
    'MultiMarginLossGrad': "([[-0.33329999446868896, 0.16670000553131104, 0.16670000553131104], [0.16670000553131104, 0.16670000553131104, -0.33329999446868896]], 'Float32')",
    'MultiMarginLossGrad_w': "([[1.166700005531311, -0.75, -0.41670000553131104], [-0.41670000553131104, -0.25, 0.666700005531311]], 'Float32')",
    'Conv2DBackpropFilter': "([[[[2.625, -0.25], [-2.0, 3.375]]]], 'Float32')",
    'MinimumGradGrad': "([[0.5, 0.25, 1.0], [0.0, 1.25, 0.5]], 'Float32')",
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_grad_prims_match_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]
