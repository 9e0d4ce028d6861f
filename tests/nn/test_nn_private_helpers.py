"""mindspore.nn's private helpers (cell, layer.container, layer.pooling); messages and values from MindSpore 2.10."""
import pytest

import sporetorch as ms
from sporetorch import nn
from sporetorch.nn import cell as cell_mod
from sporetorch.nn.layer import container, pooling


def test_cell_helpers():
    assert cell_mod._addindent("a\nb", 2) == "a\n  b" and cell_mod._addindent("a", 2) == "a"
    assert cell_mod._is_complex(ms.complex64) and not cell_mod._is_complex(ms.float32)
    assert cell_mod._is_float_or_complex(ms.float16) and not cell_mod._is_float_or_complex(ms.int32)
    p = ms.Parameter(ms.Tensor([1.0]), "p")
    assert cell_mod._is_parameter_list_or_tuple([p]) and not cell_mod._is_parameter_list_or_tuple([])
    assert not cell_mod._is_traceable_tensor_subclass(ms.Tensor([1.0]))
    with pytest.raises(TypeError, match="Cell.to only accepts floating point or complex dtypes"):
        cell_mod._validate_to_dtype(ms.int32)


def test_container_helpers():
    assert container._valid_cell(nn.ReLU())
    with pytest.raises(TypeError, match="For 'x', each cell must be subclass of Cell, but got int."):
        container._valid_cell(1, "x")
    # MindSpore 2.10: 1, 3, 0
    assert container._valid_index_for_inserting(3, -2) == 1
    assert container._valid_index_for_inserting(3, 3) == 3
    assert container._valid_index_for_inserting(0, 0) == 0
    with pytest.raises(IndexError, match=r"must be a number in range \[-3, 3\], but got 4."):
        container._valid_index_for_inserting(3, 4)


def test_pooling_normalisers():
    # MindSpore 2.10: (0, 0, 1, 1, 1, 1), (0, 0, 0, 0, 1, 1), (0, 1, 2), (1, 2, 3), 2
    assert pooling._cal_padding(1, "P", 2) == (0, 0, 1, 1, 1, 1)
    assert pooling._cal_padding((1,), "P", 1) == (0, 0, 0, 0, 1, 1)
    assert pooling._check_maxpool_padding((1, 2), 2, "P") == (0, 1, 2)
    assert pooling._cal_dilation((2, 3), 2, "P") == (1, 2, 3)
    assert pooling._cal_dilation((2,), 2, "P") == 2
    with pytest.raises(ValueError, match="the length of padding must equal to 2, but got 3."):
        pooling._check_maxpool_padding((1, 2, 3), 2, "P")
    with pytest.raises(ValueError, match="the length of kernel_size must be equal to 2, but got 1."):
        pooling._check_tuple_length((1,), "kernel_size", 2, "P")
