"""MindSpore 2.10's private argument checks and shape helpers of ``ops.function.nn_func``, ``linalg_func``, ``random_func`` and ``sparse_func``.

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

from sporetorch import Tensor
from sporetorch.ops.function import nn_func as nf, linalg_func as lf, random_func as rf, sparse_func as sf
from _ms_literals import show as _show
x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
SUP = {"nearest": {3: (), 4: ("scale_factor",)}, "linear": {3: ("align_corners", "scale_factor")}}





CASES = {
    'ap3d': (lambda: [nf._check_avg_pool3d_padding(1), nf._check_avg_pool3d_padding((0,) * 6)], '[None, None]'),
    'ap3d_e1': (lambda: nf._check_avg_pool3d_padding(-1), "ERR ValueError For 'avg_pool3d', the 'padding' must be int and must >= 0, but got '-1' with type 'int'."),
    'ap3d_e2': (lambda: nf._check_avg_pool3d_padding((1, 2)), 'ERR ValueError For avg_pool3d, padding should be int or tuple of length 6.'),
    'ap3d_e3': (lambda: nf._check_avg_pool3d_padding([1] * 6), 'ERR TypeError For avg_pool3d, padding should be int or tuple of length 6.'),
    'convlen': (lambda: nf._check_conv_iterable_lengths((1, 2, 3), 2, "stride"), "ERR ValueError For 'conv2d', the stride must be a int or a tuple/list with length 2, but got (1, 2, 3)."),
    'densebias': (lambda: nf._check_dense_add_bias_shape((2, 3), (2, 4), (4,)), 'ERR ValueError For dense, the bias shape (4,) does not match the input shape (2, 3).'),
    'fracratio': (lambda: nf._check_fractional_output_size_ratio(None, None, "FractionalMaxPool2d"), "ERR ValueError For FractionalMaxPool2d, 'output_size' and 'output_ratio' can not be Noneat the same time, but got None and None ."),
    'stridesame': (lambda: [nf._check_stride_when_same_mode(1), nf._check_stride_when_same_mode((1, 1))], '[None, None]'),
    'stridesame_e1': (lambda: nf._check_stride_when_same_mode(2), "ERR ValueError For conv2d, 'padding=same' is not supported for stride convolution, but got 2"),
    'stridesame_e2': (lambda: nf._check_stride_when_same_mode((1, 1, 1)), "ERR ValueError For 'conv2d', the 'stride' must be int and must = 2, but got '3' with type 'int'."),
    'stridesame_e3': (lambda: nf._check_stride_when_same_mode([1, 1]), "ERR TypeError For conv2d, the parameter 'stride' must be a int/tuple, but got <class 'list'>"),
    'getaxis': (lambda: nf._get_axis(x), '[0, 1]'),
    'flip': (lambda: [nf._get_flip_start(3, (2, 3, 4), (0, 2)), nf._get_flip_end(3, (2, 3, 4), (0, 2))], '[(1, 0, 3), (-3, 4, -5)]'),
    'smdim': (lambda: [nf._get_softmax_implicit_dim(n) for n in range(5)], '[0, 0, 1, 0, 1]'),
    'padinfo': (lambda: nf._get_pad_info((1, 2), Tensor(np.ones((1, 1, 3, 4), np.float32))), '[False, (1, 3), (1, 3)]'),
    'padnd': (lambda: nf._get_pad_nd_info((1, 2), (1, 3)), '[(0, 1, 0, 0), (1, 2)]'),
    'padnd2': (lambda: nf._get_pad_nd_info((2, 1), (1, 1)), '[(0, 0, -1, 0), (1, 1)]'),
    'imode': (lambda: nf._interpolate_mode_check("cubic", SUP), "ERR ValueError For 'interpolate', 'mode' must be in '['nearest', 'linear']', but got cubic"),
    'irank': (lambda: nf._interpolate_rank_check(5, "nearest", SUP), "ERR ValueError For 'interpolate', nearest only support '[3, 4]'D, but got 5D"),
    'isf': (lambda: nf._interpolate_scale_factor_check(2.0, "nearest", 3, SUP), "ERR ValueError For 'interpolate', 'scale_factor' option cannot currently be set with the mode = nearest and dim = 3D."),
    'iac': (lambda: nf._interpolate_align_corners_mode_check(4, "nearest", SUP), "ERR ValueError For 'interpolate', 'align_corners' option cannot currently be set with the mode = nearest, and dim = 4D"),
    'isfr': (lambda: nf._interpolate_scale_factor_check_with_rank((2.0,), 4), "ERR ValueError For 'interpolate', 'input' and 'scale_factor' must have the same spatial dimensions, but got 'input' is 2D, 'scale_factor' is 1D"),
    'isr': (lambda: nf._interpolate_size_check_with_rank((2, 2, 2), 4), "ERR ValueError For 'interpolate', 'input' and 'size' must have the same spatial dimensions, but got 'input' is 2D, 'size' is 3D"),
    'iok': (lambda: [nf._interpolate_mode_check("linear", SUP), nf._interpolate_rank_check(3, "linear", SUP), nf._interpolate_scale_factor_check(2.0, "linear", 3, SUP), nf._interpolate_align_corners_mode_check(3, "linear", SUP)], '[None, None, None, None]'),
    'dimunk': (lambda: [nf._is_dim_unknown((-2,)), nf._is_dim_unknown((1, 2)), nf._is_dim_unknown([-2])], '[True, False, False]'),
    'shpempty': (lambda: [nf._is_shape_empty(0), nf._is_shape_empty((2, 0)), nf._is_shape_empty((2, 3))], '[True, True, False]'),
    'manipad': (lambda: nf._manipulate_padding((1, 2), 2), '[1, 1, 2, 2]'),
    'manipad_e1': (lambda: nf._manipulate_padding(1, 2), "ERR TypeError For 'conv2d', 'padding' must be a tuple, list or int, but got <class 'int'>."),
    'manipad_e2': (lambda: nf._manipulate_padding((1,), 2), "ERR ValueError For 'conv2d', 'padding' must be a tuple or list of 2 integers, but got (1,)."),
    'dimmanip': (lambda: [nf._dim_manipulation(3, "stride"), nf._dim_manipulation([2], "stride")], '[(1, 3), (1, 2)]'),
    'dimmanip_e1': (lambda: nf._dim_manipulation(0, "stride"), "ERR ValueError For 'conv1d', stride must be a positive int, but got 0."),
    'dimmanip_e2': (lambda: nf._dim_manipulation((1, 2), "stride"), "ERR ValueError For 'conv1d', stride must be a tuple/list with 1 element or int, but got (1, 2)."),
    'dimmanip_e3': (lambda: nf._dim_manipulation((0,), "stride"), "ERR ValueError For 'conv1d', elements in stride must be positive int, but got (0,)."),
    'dimmanip_e4': (lambda: nf._dim_manipulation(1.5, "stride"), "ERR ValueError For 'conv1d', stride must be an int or a tuple/list with 1 element, but got 1.5."),
    'unpool': (lambda: [nf._normalize_max_unpool2d_output_size((2, 3, 4, 5), (8, 10)), nf._normalize_max_unpool2d_output_size((3, 4, 5), (1, 3, 8, 10)), nf._normalize_max_unpool2d_output_size((3, 4, 5), None), nf._normalize_max_unpool2d_output_size((3, 4, 5), ())], '[(2, 3, 8, 10), (1, 3, 8, 10), (), ()]'),
    'unpool_e1': (lambda: nf._normalize_max_unpool2d_output_size((3, 4, 5), [8, 10]), "ERR ValueError For max_unpool2d, output_size must be tuple, but got <class 'list'>."),
    'unpool_e2': (lambda: nf._normalize_max_unpool2d_output_size((3, 4, 5), (8,)), 'ERR ValueError For max_unpool2d, length of output_size with tuple must be 0, 2, 3, 4, but got 1.'),
    'narrow': (lambda: lf._narrow(x, 1, 1, 2), "([[1.0, 2.0], [5.0, 6.0], [9.0, 10.0]], 'Float32')"),
    'ndt': (lambda: lf._nd_transpose(Tensor(np.arange(6, dtype=np.float32).reshape(1, 2, 3))), "([[[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]], 'Float32')"),
    'ndt_e': (lambda: lf._nd_transpose(Tensor([1., 2.])), "ERR TypeError to do _nd_transpose for input a's ndim is not greater or equal to 2d, which is invalid."),
    'rparam': (lambda: [rf._check_param("normal", "mean", 1), rf._check_param("normal", "mean", np.ones(2))], '[True, True]'),
    'rparam_e': (lambda: rf._check_param("normal", "mean", "a"), "ERR TypeError For 'normal', the type of 'mean' must be Tensor, int, or float, but got: <class 'str'>"),
    'rshape': (lambda: rf._check_shape((2, 3)), 'True'),
    'rshape_e1': (lambda: rf._check_shape([2, 3]), "ERR TypeError Type of 'shape' must be tuple, but got: <class 'list'>"),
    'rshape_e2': (lambda: rf._check_shape((2, 3.0)), "ERR TypeError Elements of 'shape' must be int, but got: <class 'float'>"),
    'rshape_e3': (lambda: rf._check_shape((2, 0)), "ERR ValueError Elements of 'shape' must be positive int, but got: 0"),
    'convshape': (lambda: sf._convert_shape([2, 3]), '[2, 3]'),
    'isscalar': (lambda: [sf.is_scalar(Tensor([[1.]])), sf.is_scalar(Tensor([[[1.]]])), sf.is_scalar(Tensor([1., 2.]))], '[True, False, False]'),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
