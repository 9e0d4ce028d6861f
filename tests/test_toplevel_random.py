"""Generator, default_generator, seed/manual_seed/initial_seed, get_rng_state/set_rng_state.

Expected behaviour from MindSpore 2.10 (the oracle) unless a comment says otherwise.
"""
import pytest
import torch

import sporetorch as ms
from sporetorch import ops


@pytest.fixture(autouse=True)
def _keep_torch_rng():
    state = torch.get_rng_state()
    yield
    torch.set_rng_state(state)


def test_new_generator_starts_at_seed_zero():
    # MindSpore 2.10: Generator().initial_seed() == 0
    g = ms.Generator()
    assert g.initial_seed() == 0
    assert torch.equal(ms.Generator().get_state()._t, g.get_state()._t)


def test_manual_seed_returns_the_generator_and_sets_initial_seed():
    g = ms.Generator()
    assert g.manual_seed(3) is g  # MindSpore returns the generator itself
    assert g.initial_seed() == 3
    assert ms.manual_seed(5) is ms.default_generator
    assert ms.initial_seed() == 5


def test_seed_draws_a_32_bit_seed_and_uses_it():
    # MindSpore 2.10's seed() values lie in [0, 2**32) and become initial_seed().
    values = {ms.seed() for _ in range(8)}
    assert all(isinstance(v, int) and 0 <= v < 2 ** 32 for v in values)
    assert len(values) > 1
    g = ms.Generator()
    s = g.seed()
    assert g.initial_seed() == s


def test_state_is_a_uint8_tensor_and_round_trips():
    state = ms.get_rng_state()
    assert isinstance(state, ms.Tensor)
    assert state.dtype == ms.uint8 and state.ndim == 1
    a = ops.rand(4)
    ms.set_rng_state(state)
    b = ops.rand(4)
    assert torch.equal(a._t, b._t)


def test_manual_seed_makes_random_ops_reproducible():
    ms.manual_seed(7)
    a = ops.standard_normal((3,))
    ms.manual_seed(7)
    b = ops.standard_normal((3,))
    assert torch.equal(a._t, b._t)
    torch.manual_seed(7)
    assert torch.equal(a._t, torch.randn(3))  # the default generator is torch's global generator


def test_generator_state_restores_its_seed():
    g = ms.Generator().manual_seed(5)
    state = g.get_state()
    g.seed()
    g.set_state(state)
    assert g.initial_seed() == 5  # MindSpore docstring example
    assert torch.equal(g.get_state()._t, state._t)


def test_set_seed_reseeds_the_default_generator():
    # Differs from MindSpore 2.10 (initial_seed() stays 5 there): in sporetorch set_seed and the
    # default generator drive the same torch generator.
    ms.manual_seed(5)
    ms.set_seed(9)
    assert ms.initial_seed() == 9


def test_bad_seeds_and_states():
    g = ms.Generator()
    for bad in (1.5, "3", None):
        with pytest.raises(TypeError, match="Seed must be an integer."):
            g.manual_seed(bad)
    with pytest.raises(RuntimeError):
        g.manual_seed(2 ** 64)
    with pytest.raises(RuntimeError, match="State data size must be"):
        g.set_state(ms.Tensor([1, 2, 3], ms.uint8))
    with pytest.raises(RuntimeError):
        g.set_state([0] * 16)
    with pytest.raises(RuntimeError):
        g.set_state(ms.Tensor([1.0] * 5056))
