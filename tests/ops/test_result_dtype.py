"""ops' promoted-dtype helper (`_result_dtype`) against torch.result_type, and traceable by TorchDynamo
without a graph break (expected values: PyTorch)."""
import pytest
import torch

from sporetorch.ops.function._utils import _result_dtype

_DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16,
           torch.float32, torch.float64, torch.complex64, torch.complex128]
_OPERANDS = ([torch.ones(2, dtype=d) for d in _DTYPES] + [torch.ones((), dtype=d) for d in _DTYPES]
             + [True, 3, 2.5, 1 + 2j])


def _name(v):
    return f"{v.dtype}/{v.dim()}d" if isinstance(v, torch.Tensor) else repr(v)


@pytest.mark.parametrize("a", _OPERANDS, ids=_name)
def test_result_dtype_matches_torch(a):
    for b in _OPERANDS:
        try:
            want = torch.result_type(a, b)
        except (RuntimeError, TypeError):  # two Python numbers
            continue
        assert _result_dtype(a, b) == want, (_name(a), _name(b))


def test_result_dtype_traces_without_graph_break():
    import torch._dynamo as dynamo

    def f(x, y):
        return x + y if _result_dtype(x, 1.5).is_floating_point and _result_dtype(x, y) == torch.float32 else x

    explained = dynamo.explain(f)(torch.ones(3, dtype=torch.int32), torch.ones((), dtype=torch.float32))
    assert explained.graph_break_count == 0
