"""mindspore.mint.nn layers and losses: Parameter names, shapes, dtypes and initial values as MindSpore 2.10 makes
them, outputs recorded with MindSpore 2.10 on CPU, and (for the layers MindSpore 2.10 cannot run on CPU) torch.nn's."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, mint

nn = mint.nn
F = mint.nn.functional

rs = np.random.RandomState(5)
x4 = Tensor(rs.randn(2, 4, 5, 5).astype(np.float32))
x3 = Tensor(rs.randn(2, 4, 6).astype(np.float32))
x5 = Tensor(rs.randn(1, 4, 3, 4, 4).astype(np.float32))
x2 = Tensor(rs.randn(3, 4).astype(np.float32))
p2 = Tensor(rs.rand(3, 4).astype(np.float32))
t2 = Tensor((rs.rand(3, 4) > 0.5).astype(np.float32))
lbl = Tensor(np.array([1, 0, 3], np.int64))


def setw(cell, seed):
    """Deterministic float weights, as the recording script set them."""
    r = np.random.RandomState(seed)
    for _, p in cell.parameters_and_names():
        if p.dtype == ms.float32:
            p.set_data(Tensor((r.randn(*p.shape) * 0.3).astype(np.float32)))
    return cell


def lin():
    return setw(nn.Linear(4, 3), 1)


# (name, call, expected): recorded with MindSpore 2.10 on CPU; a Tensor is (dtype, shape, its first 40 values).
MINDSPORE_2_10 = [
    ('Linear', lambda: lin()(x2), ('Float32', (3, 3), '-0.255381 0.554934 -0.401533 0.29887 -0.798786 0.093343 -0.01374 0.399634 1.515219')),
    ('GroupNorm', lambda: setw(nn.GroupNorm(2, 4), 8)(x4), ('Float32', (2, 4, 5, 5), '-0.677808 -0.702753 -0.613529 -0.700208 -0.688522 -0.640936 -0.721439 -0.711178 -0.686002 -0.702721 -0.7306 -0.698682 -0.703656 -0.672566 -0.74585 -0.714685 -0.654864 -0.632056 -0.740887 -0.671229 -0.723745 -0.719747 -0.720232 -0.705714 -0.65987 0.961075 0.708533 0.545222 0.686941 0.644719 0.992246 0.441518 0.683275 0.646599 0.665448 0.782011 0.76208 1.201691 0.652085 1.289322')),
    ('PReLU', lambda: nn.PReLU()(x2), ('Float32', (3, 4), '-0.017533 -0.376381 -0.02627 1.296821 0.717192 0.697771 -0.201124 -0.036263 0.202323 0.6787 1.342512 -0.249833')),
    ('ReLU', lambda: nn.ReLU()(x2), ('Float32', (3, 4), '0. 0. 0. 1.296821 0.717192 0.697771 0. 0. 0.202323 0.6787 1.342512 0.')),
    ('GLU', lambda: nn.GLU()(x2), ('Float32', (3, 2), '-0.033225 -1.182287 0.221659 0.323627 0.160422 0.18262')),
    ('Hardshrink', lambda: nn.Hardshrink()(x2), ('Float32', (3, 4), '0. -1.505523 0. 1.296821 0.717192 0.697771 -0.804498 0. 0. 0.6787 1.342512 -0.999331')),
    ('Hardsigmoid', lambda: nn.Hardsigmoid()(x2), ('Float32', (3, 4), '0.488311 0.249079 0.482487 0.716137 0.619532 0.616295 0.365917 0.475825 0.53372 0.613117 0.723752 0.333445')),
    ('Hardswish', lambda: nn.Hardswish()(x2), ('Float32', (3, 4), '-0.034246 -0.374995 -0.0507 0.928701 0.444324 0.430033 -0.294379 -0.069019 0.107984 0.416122 0.971646 -0.333222')),
    ('SiLU', lambda: nn.SiLU()(x2), ('Float32', (3, 4), '-0.033836 -0.273408 -0.049782 1.018393 0.481945 0.465897 -0.248641 -0.067275 0.11136 0.450282 1.064481 -0.268893')),
    ('Sigmoid', lambda: nn.Sigmoid()(x2), ('Float32', (3, 4), '0.482474 0.181603 0.473754 0.7853 0.671988 0.667693 0.309064 0.463801 0.550409 0.663448 0.792903 0.269073')),
    ('Softmax', lambda: nn.Softmax(0)(x2), ('Float32', (3, 4), '0.221696 0.052802 0.173921 0.74787 0.487178 0.478115 0.086417 0.17686 0.291127 0.469083 0.739662 0.07527')),
    ('Softshrink', lambda: nn.Softshrink(0.3)(x2), ('Float32', (3, 4), '0. -1.205523 0. 0.996821 0.417192 0.397771 -0.504498 0. 0. 0.3787 1.042512 -0.699331')),
    ('Tanh', lambda: nn.Tanh()(x2), ('Float32', (3, 4), '-0.070016 -0.906141 -0.104695 0.860902 0.615167 0.602951 -0.666544 -0.144043 0.199607 0.590673 0.872274 -0.761313')),
    ('AdaptiveMaxPool2d', lambda: nn.AdaptiveMaxPool2d(2, True)(x4), (('Float32', (2, 4, 2, 2), '2.430771 2.430771 1.857331 1.857331 1.334849 1.561532 1.334849 1.561532 2.260107 2.260107 1.821365 1.821365 2.088515 1.018421 1.141508 0.500487 2.520808 2.520808 2.237966 2.237966 2.073616 1.463095 2.073616 1.463095 2.233271 0.390421 1.443881 1.443881 0.956262 1.222171 1.147202 0.910111'), ('Int64', (2, 4, 2, 2), '2 2 17 17 12 14 12 14 7 7 22 22 5 9 15 24 7 7 17 17 11 14 11 14 6 3 22 22 5 3 16 23'))),
    ('Dropout_eval', lambda: nn.Dropout()(x2), ('Float32', (3, 4), '-0.070131 -1.505523 -0.10508 1.296821 0.717192 0.697771 -0.804498 -0.145052 0.202323 0.6787 1.342512 -0.999331')),
    ('Flatten', lambda: nn.Flatten()(x4).shape, '(2, 100)'),
    ('PixelShuffle', lambda: nn.PixelShuffle(2)(x4).shape, '(2, 1, 10, 10)'),
    ('Upsample', lambda: nn.Upsample(scale_factor=2.0)(x4[:, :1, :2, :2]), ('Float32', (2, 1, 4, 4), '0.441227 0.441227 -0.33087 -0.33087 0.441227 0.441227 -0.33087 -0.33087 1.582481 1.582481 -0.909232 -0.909232 1.582481 1.582481 -0.909232 -0.909232 0.792423 0.792423 0.170764 0.170764 0.792423 0.792423 0.170764 0.170764 1.018138 1.018138 -0.846469 -0.846469 1.018138 1.018138 -0.846469 -0.846469')),
    ('UpsamplingNearest2d', lambda: nn.UpsamplingNearest2d(size=(3, 3))(x4[:, :1, :2, :2]), ('Float32', (2, 1, 3, 3), '0.441227 0.441227 -0.33087 0.441227 0.441227 -0.33087 1.582481 1.582481 -0.909232 0.792423 0.792423 0.170764 0.792423 0.792423 0.170764 1.018138 1.018138 -0.846469')),
    ('BCELoss', lambda: nn.BCELoss()(p2, t2), ('Float32', (), '0.977991')),
    ('BCEWithLogitsLoss_pw', lambda: nn.BCEWithLogitsLoss(pos_weight=Tensor(np.array([1., 2., 3., 4.], np.float32)))(x2, t2), ('Float32', (), '1.624205')),
    ('NLLLoss', lambda: nn.NLLLoss(ignore_index=0)(x2, lbl), ('Float32', (), '1.252427')),
    ('SmoothL1Loss', lambda: nn.SmoothL1Loss(beta=0.5)(x2, p2), ('Float32', (), '0.668111')),
    ('F_softmax_none', lambda: F.softmax(x4[0, 0]), ('Float32', (5, 5), '0.100081 0.046242 0.731811 0.050032 0.071834 0.628112 0.051988 0.071422 0.155686 0.092793 0.079123 0.212489 0.182169 0.476867 0.049352 0.040723 0.259398 0.525475 0.018098 0.156306 0.081864 0.092649 0.091267 0.143045 0.591174')),
    ('F_softplus', lambda: F.softplus(x2, 2), ('Float32', (3, 4), '0.312737 0.024033 0.296789 1.332864 0.824047 0.808422 0.091198 0.279289 0.4579 0.793194 1.375509 0.063544')),
    ('F_linear', lambda: F.linear(x2, x2), ('Float32', (3, 3), '3.964305 -1.204378 -2.473011 -1.204378 1.669506 -0.316412 -2.473011 -0.316412 3.302568')),
    ('F_glu', lambda: F.glu(x2, 0 if False else -1), ('Float32', (3, 2), '-0.033225 -1.182287 0.221659 0.323627 0.160422 0.18262')),
    ('F_grid_sample', lambda: F.grid_sample(x4[:, :1, :3, :3], Tensor(np.zeros((2, 2, 2, 2), np.float32)), align_corners=False), ('Float32', (2, 1, 2, 2), '-0.909232 -0.909232 -0.909232 -0.909232 -0.846469 -0.846469 -0.846469 -0.846469')),
    ('F_smooth_l1', lambda: F.smooth_l1_loss(x2, p2, 'sum', 0.5), ('Float32', (), '8.017328')),
    ('nllloss', lambda: mint.nn.nllloss(x2, lbl), ('Float32', (), '0.595887')),
    ('upsample_nearest2d_op', lambda: mint.nn.upsample_nearest2d_op(x4[:, :1, :2, :2], (3, 3)), ('Float32', (2, 1, 3, 3), '0.441227 0.441227 -0.33087 0.441227 0.441227 -0.33087 1.582481 1.582481 -0.909232 0.792423 0.792423 0.170764 0.792423 0.792423 0.170764 1.018138 1.018138 -0.846469')),
]


def _check(got, expected):
    if isinstance(expected, str):
        assert str(got) == expected
    elif isinstance(expected[0], tuple):
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            _check(g, e)
    else:
        dtype, shape, values = expected
        assert str(got.dtype) == dtype and tuple(got.shape) == shape
        want = np.array([float(v) for v in values.split()])
        np.testing.assert_allclose(got.asnumpy().astype(np.float64).ravel()[:40], want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("name,call,expected", MINDSPORE_2_10, ids=[c[0] for c in MINDSPORE_2_10])
def test_matches_mindspore(name, call, expected):
    _check(call(), expected)
