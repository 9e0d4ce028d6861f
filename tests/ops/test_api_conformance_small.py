"""Small API conformance checks: diag ``align`` types, safetensors CheckpointConfig, Transformer relu.

Expected values and exception types are from MindSpore 2.10 (PyNative, CPU).
"""
import numpy as np
import pytest

from sporetorch import Tensor, nn, ops, train


@pytest.mark.parametrize("name", ["MatrixDiagV3", "MatrixDiagPartV3", "MatrixSetDiagV3"])
@pytest.mark.parametrize("align", [1, None])
def test_diag_primitives_non_str_align_is_type_error(name, align):
    # from MindSpore 2.10: TypeError "the type of 'align' should be 'str'" when the Primitive is built.
    with pytest.raises(TypeError, match=f"For '{name}', the type of 'align' should be 'str'"):
        getattr(ops, name)(align=align)


def test_diag_primitive_unknown_align_is_value_error():
    # from MindSpore 2.10: a str that is not one of the four aligns is a ValueError.
    with pytest.raises(ValueError, match="For 'MatrixDiagV3', the 'align' must be str"):
        ops.MatrixDiagV3(align="BAD")


def test_matrix_diag_function_align_errors():
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    # from MindSpore 2.10: TypeError for an int align, ValueError for an unknown str.
    with pytest.raises(TypeError, match="For 'MatrixDiagV3', the type of 'align' should be 'str'"):
        ops.matrix_diag(x, align=1)
    with pytest.raises(ValueError, match="For 'MatrixDiagV3', the 'align' must be str"):
        ops.matrix_diag(x, align="BAD")


@pytest.mark.parametrize("arg", ["crc_check", "exception_save"])
def test_checkpoint_config_safetensors_rejects_non_default(arg):
    # from MindSpore 2.10: ValueError ("when format is 'safetensors', other param must be default").
    with pytest.raises(ValueError, match=f"CheckpointConfig.*safetensors.*{arg}"):
        train.CheckpointConfig(format="safetensors", **{arg: True})


def test_checkpoint_config_safetensors_defaults_accepted():
    # from MindSpore 2.10: accepted.
    config = train.CheckpointConfig(format="safetensors", crc_check=False, exception_save=False)
    assert config.format == "safetensors"


def _fill_with_nan_hidden(layer):
    """Deterministic parameters, with a NaN bias on one feed-forward hidden unit."""
    for p in layer.get_parameters():
        n = int(np.prod(p.shape))
        v = (np.sin(np.arange(n, dtype=np.float32) + 1) * 0.5).reshape(p.shape).astype(np.float32)
        if p.name.endswith("dense1.bias"):
            v[1] = np.nan
        p.set_data(Tensor(v))
    layer.set_train(False)


# Expected values from MindSpore 2.10: "relu" is ops.relu, which maps the NaN hidden unit to 0.
@pytest.mark.parametrize("cls,n_inputs,expected", [
    (nn.TransformerEncoderLayer, 1, [[[0.9848769, 0.38877863, 0.0887743, 0.1718333]],
                                     [[0.98295736, 0.3971382, 0.08829833, 0.17451212]]]),
    (nn.TransformerDecoderLayer, 2, [[[1.0609022, 0.3572892, 0.06862212, 0.10592794]],
                                     [[1.0606797, 0.35960162, 0.06839918, 0.10645667]]]),
])
def test_transformer_relu_maps_nan_to_zero(cls, n_inputs, expected):
    layer = cls(d_model=4, nhead=1, dim_feedforward=3, dropout=0.0)
    _fill_with_nan_hidden(layer)
    x = Tensor(np.arange(8, dtype=np.float32).reshape(2, 1, 4) * 0.25)
    np.testing.assert_allclose(layer(*[x] * n_inputs).asnumpy(), expected, rtol=1e-5, atol=1e-6)
