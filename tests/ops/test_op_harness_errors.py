"""Bad input to the functional ops: the error type MindSpore 2.10 raises (recorded from it) and a
message that names the op, the offending argument and the shapes or dtypes involved."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import ops, Tensor

X = Tensor(np.ones((2, 3), np.float32))
Y = Tensor(np.ones((4,), np.float32))
FI = Tensor(np.array([0.0, 1.0], np.float32))
II = Tensor(np.array([0, 1], np.int32))
IMG = Tensor(np.ones((1, 2, 4, 4), np.float32))

# (id, call, exception type as MindSpore 2.10 raises it, substrings the message must contain)
CASES = [
    ("add_shape", lambda: ops.add(X, Y), ValueError, ["add", "(2, 3)", "(4,)"]),
    ("mul_shape", lambda: ops.mul(X, Y), ValueError, ["mul", "(2, 3)", "(4,)"]),
    ("maximum_shape", lambda: ops.maximum(X, Y), ValueError, ["maximum", "(2, 3)"]),
    ("where_shape", lambda: ops.where(X > 0, X, Y), ValueError, ["where", "(4,)"]),
    ("gather_float_indices", lambda: ops.gather(X, FI, 0), TypeError, ["gather", "input_indices", "Float32"]),
    ("gather_axis", lambda: ops.gather(X, II, 5), ValueError, ["gather", "axis", "5"]),
    ("index_select_float", lambda: ops.index_select(X, 0, FI), TypeError, ["index_select", "index", "Float32"]),
    ("gather_elements_float", lambda: ops.gather_elements(X, 0, Tensor(np.zeros((2, 3), np.float32))), TypeError,
     ["gather_elements", "index", "Float32"]),
    ("one_hot_float", lambda: ops.one_hot(FI, 3), TypeError, ["one_hot", "indices", "Float32"]),
    ("segment_ids_float", lambda: ops.unsorted_segment_sum(X, FI, 2), TypeError,
     ["unsorted_segment_sum", "segment_ids", "Float32"]),
    ("masked_fill_float_mask", lambda: ops.masked_fill(X, X, 1.0), TypeError, ["masked_fill", "mask", "Float32"]),
    ("sum_axis", lambda: ops.sum(X, 5), ValueError, ["sum", "5"]),
    ("mean_axis", lambda: ops.mean(X, 5), ValueError, ["mean", "5"]),
    ("argmax_axis", lambda: ops.argmax(X, 5), ValueError, ["argmax", "5"]),
    ("softmax_axis", lambda: ops.softmax(X, 5), ValueError, ["softmax", "5"]),
    ("cumsum_axis", lambda: ops.cumsum(X, 4), ValueError, ["cumsum", "axis", "4"]),
    ("sort_axis", lambda: ops.sort(X, 3), ValueError, ["sort", "axis", "3"]),
    ("concat_axis", lambda: ops.concat([X, X], 5), ValueError, ["concat", "axis"]),
    ("expand_dims_axis", lambda: ops.expand_dims(X, 5), ValueError, ["expand_dims", "axis", "5"]),
    ("reshape_size", lambda: ops.reshape(X, (4,)), ValueError, ["reshape", "(2, 3)", "(4,)"]),
    ("transpose_perm", lambda: ops.transpose(X, (0,)), ValueError, ["transpose", "dims"]),
    ("split_sections", lambda: ops.split(X, [1, 1], 1), ValueError, ["split", "split_size_or_sections", "3"]),
    ("stack_shapes", lambda: ops.stack([X, Y]), ValueError, ["stack", "(2, 3)", "(4,)"]),
    ("concat_shapes", lambda: ops.concat((X, Tensor(np.ones((2, 2), np.float32))), 0), ValueError,
     ["concat", "(2, 3)", "(2, 2)"]),
    ("broadcast_to_shape", lambda: ops.broadcast_to(X, (4, 4)), ValueError, ["broadcast_to", "(2, 3)", "(4, 4)"]),
    ("bmm_shapes", lambda: ops.bmm(Tensor(np.ones((2, 2, 3), np.float32)), Tensor(np.ones((2, 2, 3), np.float32))),
     ValueError, ["bmm", "(2, 2, 3)"]),
    ("dense_shapes", lambda: ops.dense(X, Tensor(np.ones((4, 2), np.float32))), ValueError, ["dense", "(4, 2)"]),
    ("matmul_shapes", lambda: ops.matmul(X, X), RuntimeError, ["matmul", "(2, 3)"]),
    ("matmul_dtypes", lambda: ops.matmul(Tensor(np.ones((2, 2), np.int32)), Tensor(np.ones((2, 2), np.float32))),
     TypeError, ["matmul", "Int32", "Float32"]),
    ("topk_k", lambda: ops.topk(X, 5), ValueError, ["topk", "k"]),
    ("pad_odd", lambda: ops.pad(X, (1,)), ValueError, ["pad", "padding"]),
    ("scatter_nd_updates", lambda: ops.scatter_nd(Tensor(np.array([[0]], np.int32)),
                                                   Tensor(np.ones((2,), np.float32)), (3,)), ValueError,
     ["scatter_nd", "updates", "(1,)", "(2,)"]),
    ("add_string", lambda: ops.add(X, "a"), TypeError, ["add", "str"]),
    ("relu_list", lambda: ops.relu([1.0]), TypeError, ["relu", "input", "list"]),
    ("exp_float", lambda: ops.exp(1.0), TypeError, ["exp", "input", "float"]),
    ("tile_float_dims", lambda: ops.tile(X, (0.5,)), TypeError, ["tile", "dims"]),
    ("zeros_float_size", lambda: ops.zeros((2.5,)), TypeError, ["zeros", "size"]),
    ("arange_step0", lambda: ops.arange(0, 5, 0), ValueError, ["arange", "step"]),
    ("interpolate_mode", lambda: ops.interpolate(IMG, size=(8, 8), mode="foo"), ValueError, ["interpolate", "mode"]),
    ("mse_reduction", lambda: ops.mse_loss(X, X, "foo"), ValueError, ["mse_loss", "reduction"]),
    ("cross_entropy_shapes", lambda: ops.cross_entropy(X, Tensor(np.array([0, 1, 2], np.int32))), ValueError,
     ["cross_entropy", "(2, 3)", "(3,)"]),
    ("conv2d_channels", lambda: ops.conv2d(IMG, Tensor(np.ones((3, 3, 3, 3), np.float32))), RuntimeError,
     ["conv2d", "(1, 2, 4, 4)", "(3, 3, 3, 3)"]),
    ("dropout_p", lambda: ops.dropout(X, 1.5), RuntimeError, ["dropout", "p", "1.5"]),
    ("cast_dtype", lambda: ops.cast(X, "float32x"), TypeError, ["cast", "dtype"]),
    ("split_zero", lambda: ops.split(X, 0), ValueError, ["split", "split_size_or_sections"]),
    ("tile_negative", lambda: ops.tile(X, (-1, 1)), ValueError, ["tile", "dims"]),
    # out-of-range index values are found by the kernel: RuntimeError in MindSpore 2.10
    ("gather_index_value", lambda: ops.gather(X, Tensor(np.array([5], np.int32)), 0), RuntimeError,
     ["gather", "input_indices"]),
    ("gather_elements_index_value", lambda: ops.gather_elements(X, 1, Tensor(np.array([[5, 0, 0], [0, 0, 0]]))),
     RuntimeError, ["gather_elements", "index"]),
    ("scatter_nd_index_value", lambda: ops.scatter_nd(Tensor(np.array([[5]], np.int32)),
                                                       Tensor(np.ones((1,), np.float32)), (3,)), RuntimeError,
     ["scatter_nd", "indices"]),
    ("cross_entropy_class_value", lambda: ops.cross_entropy(X, Tensor(np.array([0, 5], np.int32))), RuntimeError,
     ["cross_entropy"]),
    ("matmul_vector", lambda: ops.matmul(X, Tensor(np.ones((2,), np.float32))), ValueError, ["matmul", "(2,)"]),
    ("conv2d_kernel_too_large", lambda: ops.conv2d(IMG, Tensor(np.ones((3, 2, 9, 9), np.float32))), ValueError,
     ["conv2d", "(3, 2, 9, 9)"]),
    ("conv2d_rank", lambda: ops.conv2d(X, Tensor(np.ones((3, 2, 3, 3), np.float32))), ValueError, ["conv2d", "(2, 3)"]),
    ("avg_pool2d_kernel", lambda: ops.avg_pool2d(IMG, 9), RuntimeError, ["avg_pool2d", "kernel_size"]),
    ("mse_loss_shapes", lambda: ops.mse_loss(X, Y), ValueError, ["mse_loss", "(2, 3)", "(4,)"]),
    ("zeros_negative", lambda: ops.zeros((-1, 2)), ValueError, ["zeros", "size"]),
    ("eye_negative", lambda: ops.eye(-1), ValueError, ["eye", "-1"]),
    ("tril_rank", lambda: ops.tril(Y), ValueError, ["tril", "(4,)"]),
    ("diagonal_dims", lambda: ops.diagonal(X, 0, 0, 0), ValueError, ["diagonal", "dim1"]),
    ("cdist_columns", lambda: ops.cdist(X, Tensor(np.ones((2, 4), np.float32))), ValueError, ["cdist", "(2, 4)"]),
    ("rand_size", lambda: ops.rand(-1), ValueError, ["'rand'", "size"]),
    ("randn_size", lambda: ops.randn(-1), ValueError, ["'randn'", "size"]),
]


@pytest.mark.parametrize("call,exc,parts", [pytest.param(c, e, p, id=i) for i, c, e, p in CASES])
def test_bad_input_raises_named_error(call, exc, parts):
    with pytest.raises(exc) as info:
        call()
    msg = str(info.value)
    for part in parts:
        assert part in msg, f"{part!r} not in {msg!r}"
    assert type(info.value).__name__ == exc.__name__


def test_failed_op_leaves_inputs_unchanged():
    x = ms.Parameter(Tensor(np.ones((3, 2), np.float32)), name="x")
    with pytest.raises(ValueError):
        ops.scatter_add(x, Tensor(np.array([0, 1], np.int32)), Tensor(np.ones((3, 2), np.float32)))
    np.testing.assert_array_equal(x.asnumpy(), np.ones((3, 2), np.float32))


@pytest.mark.parametrize("name", ["sum", "mean", "matmul", "softmax", "relu", "exp", "transpose", "cumsum",
                                  "argmax", "sort", "dense", "conv2d", "cross_entropy", "norm", "unique"])
def test_non_tensor_input_is_a_type_error_naming_the_op(name):
    fn = getattr(ops, name)
    args = {"transpose": ([[1.0]], (0, 1)), "cumsum": ([1.0], 0), "dense": ([[1.0]], X), "conv2d": ([[1.0]], X),
            "cross_entropy": ([[1.0]], II), "matmul": ([[1.0]], X)}.get(name, ([[1.0, 2.0]],))
    with pytest.raises(TypeError, match=f"For '{name}'.*list"):
        fn(*args)


def test_max_with_no_axis_and_full_follow_mindspore():
    # MindSpore 2.10: axis=None reduces everything, reports index 0 and ignores keepdims
    values, idx = ops.max(Tensor(np.array([[1.0, 5.0], [7.0, 2.0]], np.float32)), keepdims=True)
    assert values.shape == () and values.item() == 7.0 and idx.item() == 0 and str(idx.dtype) == "Int64"
    # MindSpore 2.10: a Python-scalar fill without dtype gives Int64
    full = ops.full((2,), 1.5)
    assert str(full.dtype) == "Int64" and full.asnumpy().tolist() == [1, 1]
    assert ops.full((2,), 1.5, dtype=ms.float32).asnumpy().tolist() == [1.5, 1.5]
