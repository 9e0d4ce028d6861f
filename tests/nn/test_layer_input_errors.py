"""Bad inputs to layers and losses raise what MindSpore 2.10 raises (type recorded from the
reference with the same calls), with the cell's name, the argument and the shapes in the message."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn, Tensor

LOGITS = Tensor(np.array([[0.2, -1.0, 0.5, 1.5], [1.0, 0.0, -0.5, 0.3], [-0.7, 0.4, 0.9, -1.2]], np.float32))


def _ce_rows(logits, labels):
    """Closed form of the per-row sparse softmax cross entropy; labels outside [0, C) give 0."""
    x = logits.asnumpy().astype(np.float64)
    logp = x - np.log(np.exp(x).sum(-1, keepdims=True))
    return np.array([-logp[i, c] if 0 <= c < x.shape[1] else 0.0 for i, c in enumerate(labels)])


def test_sparse_ce_float_labels_is_a_type_error():
    # MindSpore 2.10: TypeError "... the input argument[labels_type] must be a type of {Tensor[Int32], Tensor[Int64]}"
    with pytest.raises(TypeError, match="SoftmaxCrossEntropyWithLogits.*Int32 or Int64.*Float32"):
        nn.SoftmaxCrossEntropyWithLogits(sparse=True)(LOGITS, Tensor(np.array([0.9, 1.0, 2.0], np.float32)))


@pytest.mark.parametrize("labels", [[-1, 1, 2], [4, 1, 2], [40, 1, 2]])
def test_sparse_ce_labels_outside_the_classes_give_zero_loss(labels):
    # MindSpore 2.10 (reduction='none'): such rows have loss 0, the others the usual value.
    out = nn.SoftmaxCrossEntropyWithLogits(sparse=True)(LOGITS, Tensor(np.array(labels, np.int32)))
    np.testing.assert_allclose(out.asnumpy(), _ce_rows(LOGITS, labels), rtol=1e-6, atol=1e-7)


def test_sparse_ce_mean_counts_rows_outside_the_classes_and_refuses_negative_labels():
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    np.testing.assert_allclose(loss(LOGITS, Tensor(np.array([4, 1, 2], np.int32))).asnumpy(),
                               _ce_rows(LOGITS, [4, 1, 2]).mean(), rtol=1e-6)
    # MindSpore 2.10: RuntimeError "... label[index] must >= 0, but got index = 0 label[index] = -1"
    with pytest.raises(RuntimeError, match="must be >= 0, but got -1"):
        loss(LOGITS, Tensor(np.array([-1, 1, 2], np.int32)))


def test_sparse_ce_in_range_gradient_is_unchanged():
    """The out-of-range path only replaces the loss of the rows outside; gradients of the others agree."""
    net = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="sum")
    grad = ms.grad(lambda x: net(x, Tensor(np.array([4, 1, 2], np.int32))))(LOGITS).asnumpy()
    full = ms.grad(lambda x: net(x, Tensor(np.array([0, 1, 2], np.int32))))(LOGITS).asnumpy()
    np.testing.assert_allclose(grad[0], 0.0)
    np.testing.assert_allclose(grad[1:], full[1:], rtol=1e-6)


def test_numpy_input_to_a_layer_is_a_type_error():
    # MindSpore 2.10: TypeError "For primitive[Shape], the input argument must be Tensor, but got <class 'numpy.ndarray'>."
    with pytest.raises(TypeError, match="For 'Dense', the input argument must be Tensor.*numpy.ndarray"):
        nn.Dense(4, 3)(np.ones((2, 4), np.float32))


def test_other_attribute_errors_in_construct_are_left_as_they_are():
    class Broken(nn.Cell):
        def construct(self, x):
            return self.missing(x)

    with pytest.raises(AttributeError, match="missing"):
        Broken()(Tensor(np.ones(2, np.float32)))


@pytest.mark.parametrize("ids", [[1, 7], [1, -6]])
def test_embedding_ids_out_of_range(ids):
    # MindSpore 2.10: RuntimeError "For 'Gather', the 'input_indices' should be in the range [0, 5), but got 7"
    # (ids in [-5, 0) count from the end: [1, -1] gives rows 1 and 4)
    with pytest.raises(RuntimeError, match=r"For 'Embedding', the input ids must be in the range \[0, 5\)"):
        nn.Embedding(5, 3)(Tensor(np.array(ids, np.int32)))


def test_conv_kernel_larger_than_input_is_a_value_error():
    # MindSpore 2.10: ValueError "For 'Conv2d', input shape's h and w after padding must be greater than or
    # equal to kernel_size's h and w respectively."
    with pytest.raises(ValueError, match=r"For 'Conv2d'.*kernel_size \(5, 5\).*\(1, 3, 3, 3\)"):
        nn.Conv2d(3, 4, 5, pad_mode="valid")(Tensor(np.ones((1, 3, 3, 3), np.float32)))


def test_a_users_runtime_error_inside_a_builtin_container_keeps_its_type():
    class Fails(nn.Cell):
        def construct(self, x):
            raise RuntimeError("my own failure")

    with pytest.raises(RuntimeError, match="my own failure"):
        nn.SequentialCell([nn.ReLU(), Fails()])(Tensor(np.ones(2, np.float32)))


def test_out_of_memory_inside_a_builtin_cell_is_not_called_an_input_error():
    def oom(self, x):  # a built-in cell whose kernel runs out of memory
        raise RuntimeError("DefaultCPUAllocator: can't allocate memory: you tried to allocate 10 bytes")

    cell = nn.Dense(2, 2)
    cell.construct = oom.__get__(cell)
    with pytest.raises(RuntimeError, match="allocate"):
        cell(Tensor(np.ones((1, 2), np.float32)))
