"""``mindspore.numpy`` (``import mindspore.numpy as mnp``): NumPy's interface on Tensors.

A façade: every function translates numpy's conventions (``axis``/``keepdims``, Python numbers and
lists as arrays) and MindSpore's dtype rules (Python ints are int32, floats float32, MindSpore's
promotion table), then calls the one implementation of the op in :mod:`sporetorch.ops` or the
Tensor methods. One module per family, as in MindSpore: ``array_creations``, ``array_ops``,
``math_ops``, ``logic_ops``, ``dtypes``.
"""
from .array_ops import (transpose, expand_dims, squeeze, rollaxis, swapaxes, reshape, ravel, concatenate, where,
                        atleast_1d, atleast_2d, atleast_3d, column_stack, hstack, dstack, vstack, stack, unique,
                        moveaxis, tile, broadcast_to, broadcast_arrays, roll, append, split, vsplit, flip, flipud,
                        fliplr, hsplit, dsplit, take_along_axis, take, repeat, rot90, select, array_split, choose,
                        size, array_str, apply_along_axis, piecewise, unravel_index, apply_over_axes, argwhere,
                        intersect1d)
from .array_creations import copy_ as copy
from .array_creations import (array, asarray, asfarray, ones, zeros, full, randn, rand, randint, linspace, logspace,
                              eye, identity, empty, empty_like, arange, ones_like, zeros_like, full_like, diagonal,
                              tril, triu, tri, trace, meshgrid, mgrid, ogrid, diagflat, diag, diag_indices, ix_,
                              indices, geomspace, vander, hamming, hanning, bartlett, blackman, triu_indices,
                              tril_indices, triu_indices_from, tril_indices_from, histogram_bin_edges, pad)
from .dtypes import (int_, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float_, float16, float32,
                     float64, bool_, inf, nan, pi, numeric_types, PINF, NINF)
from .math_ops import (mean, inner, add, subtract, multiply, divide, true_divide, power, dot, outer, tensordot,
                       absolute, std, var, average, minimum, matmul, square, sqrt, reciprocal, log, maximum, heaviside,
                       amax, amin, hypot, float_power, floor, ptp, deg2rad, rad2deg, count_nonzero, positive,
                       negative, clip, floor_divide, remainder, fix, fmod, trunc, exp, expm1, exp2, kron,
                       promote_types, divmod_, diff, cbrt, cross, ceil, trapz, gcd, lcm, convolve, log1p, logaddexp,
                       log2, logaddexp2, log10, ediff1d, nansum, nanmean, nanvar, nanstd, cumsum, nancumsum, sin, cos,
                       tan, arcsin, arccos, arctan, sinh, cosh, tanh, arcsinh, arccosh, arctanh, arctan2, cov,
                       multi_dot, nanmax, nanmin, argmax, argmin, searchsorted, interp, sum_, corrcoef, gradient, sign,
                       copysign, digitize, bincount, histogram, histogramdd, histogram2d, matrix_power, around,
                       polyadd, polysub, polyval, polyder, polymul, polyint, result_type, unwrap, cumprod,
                       ravel_multi_index, norm, bitwise_and, bitwise_or, bitwise_xor, invert, rint, correlate,
                       radians)
from .logic_ops import (not_equal, less_equal, less, greater_equal, greater, equal, isfinite, isnan, isinf, isposinf,
                        isneginf, isscalar, logical_and, logical_not, logical_or, logical_xor, in1d, isin, isclose,
                        signbit, sometrue, array_equal, array_equiv, setdiff1d)
from . import array_creations, array_ops, dtypes, fft, logic_ops, math_ops  # noqa: F401

mod = remainder
fabs = absolute
round = around  # noqa: A001 - numpy's name
divmod = divmod_  # noqa: A001 - numpy's name
del divmod_
abs = absolute  # noqa: A001 - numpy's name
max = amax  # noqa: A001 - numpy's name
min = amin  # noqa: A001 - numpy's name
sum = sum_  # noqa: A001 - numpy's name
del sum_
bitwise_not = invert

array_ops_module = list(array_ops.__all__)
array_creations_module = [n for n in array_creations.__all__ if n != "copy_"] + ["copy"]
math_module = [n for n in math_ops.__all__ if n not in ("divmod_", "sum_")] + ["mod", "fabs", "round", "divmod", "abs",
                                                                              "max", "min", "sum", "bitwise_not"]
logic_module = list(logic_ops.__all__)

__all__ = array_ops_module + array_creations_module + math_module + logic_module + numeric_types + \
    ["inf", "nan", "pi", "PINF", "NINF"]
