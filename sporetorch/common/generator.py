"""``Generator``, ``default_generator`` and the functions on it (``seed``, ``manual_seed``,
``initial_seed``, ``get_rng_state``, ``set_rng_state``), on ``torch.Generator``.

A sporetorch ``Generator`` owns one CPU ``torch.Generator``. ``default_generator`` stands for
torch's global generators, the ones every sporetorch random op without an op seed draws from:
seeding it seeds torch's CPU generator and every CUDA generator (``torch.manual_seed``), and its
state is the state of the generator of the default device (``set_context(device_target=...)``).

Differences from MindSpore 2.10:
- a state is torch's generator state (a 1-D UInt8 Tensor, 5056 bytes on CPU), not MindSpore's
  16 bytes of seed and offset; it round-trips through ``get_state``/``set_state`` all the same.
- ``set_seed`` seeds the default generator too (sporetorch's global seed and the default
  generator drive the same torch generator), so ``initial_seed()`` reports the last seed given to
  either; MindSpore 2.10 keeps the two apart.
"""
import secrets

import torch

from .. import _device
from .tensor import Tensor, _wrap

__all__ = ["Generator", "default_generator", "seed", "manual_seed", "initial_seed", "get_rng_state",
           "set_rng_state"]

_INT64_MIN, _UINT64_MAX = -2 ** 63, 2 ** 64 - 1


def _check_seed(seed):
    # MindSpore 2.10 accepts bool (an int subclass) and negative seeds; both go to torch as they are.
    if not isinstance(seed, int):
        raise TypeError("Seed must be an integer.")
    if not _INT64_MIN <= seed <= _UINT64_MAX:
        raise RuntimeError(f"For 'Generator.manual_seed', the seed must fit in 64 bits, but got {seed}.")


def _state_tensor(state, expected_numel):
    """Return the torch uint8 tensor behind a state given to ``set_state``, checked."""
    if isinstance(state, Tensor):
        t = state._t
    elif isinstance(state, torch.Tensor):
        t = state
    else:
        raise RuntimeError(f"For 'Generator.set_state', the state must be a Tensor of UInt8 (from get_state), "
                           f"but got {type(state).__name__}.")
    if t.dtype != torch.uint8 or t.dim() != 1:
        raise RuntimeError(f"For 'Generator.set_state', the state must be a 1-D Tensor of UInt8 (from get_state), "
                           f"but got shape {tuple(t.shape)} and dtype {t.dtype}.")
    if t.numel() != expected_numel:
        raise RuntimeError(f"State data size must be {expected_numel}, but got {t.numel()}")
    return t.detach().cpu().contiguous()


class Generator:
    """A random number generator with its own seed and state.

    A new Generator is seeded with 0 (as in MindSpore), so ``Generator().initial_seed()`` is 0
    and two new generators give the same sequence.

    Differences from PyTorch: ``manual_seed`` rejects non-integers with MindSpore's TypeError, and
    ``seed()`` draws a 32-bit seed as MindSpore does.
    """

    def __init__(self):
        self._gen = torch.Generator()
        self._gen.manual_seed(0)

    def _torch_generator(self):
        """The torch.Generator that random ops given this generator draw from."""
        return self._gen

    def manual_seed(self, seed):  # pylint: disable=redefined-outer-name
        """Seed the generator with ``seed`` (int) and return the generator."""
        _check_seed(seed)
        self._gen.manual_seed(seed)
        return self

    def seed(self):  # pylint: disable=redefined-outer-name
        """Seed the generator with a fresh nondeterministic 32-bit seed and return that seed."""
        value = secrets.randbits(32)
        self.manual_seed(value)
        return value

    def initial_seed(self):
        """Return the seed the generator was last seeded with."""
        return self._torch_generator().initial_seed()

    def get_state(self):
        """Return the generator's state, a 1-D UInt8 Tensor (a copy)."""
        return _wrap(self._torch_generator().get_state())

    def set_state(self, state):
        """Restore a state returned by ``get_state``; the sequence continues from there."""
        gen = self._torch_generator()
        gen.set_state(_state_tensor(state, gen.get_state().numel()))


class _DefaultGenerator(Generator):
    """``mindspore.default_generator``: torch's global generators (CPU and every CUDA device)."""

    def __init__(self):  # pylint: disable=super-init-not-called - it owns no generator of its own
        pass

    def _torch_generator(self):
        device = _device.default_device()
        if device.type == "cuda":
            torch.cuda.init()  # default_generators is filled when CUDA starts
            index = device.index if device.index is not None else torch.cuda.current_device()
            return torch.cuda.default_generators[index]
        return torch.default_generator

    def manual_seed(self, seed):  # pylint: disable=redefined-outer-name
        _check_seed(seed)
        torch.manual_seed(seed)
        return self


default_generator = _DefaultGenerator()


def seed():  # pylint: disable=redefined-outer-name
    """Seed the default generator with a nondeterministic 32-bit seed and return it."""
    return default_generator.seed()


def manual_seed(seed):  # pylint: disable=redefined-outer-name
    """Seed the default generator (torch's CPU and CUDA generators); returns ``default_generator``
    as MindSpore 2.10 does."""
    return default_generator.manual_seed(seed)


def initial_seed():
    """Return the seed the default generator was last seeded with."""
    return default_generator.initial_seed()


def get_rng_state():
    """Return the state of the default generator (a 1-D UInt8 Tensor)."""
    return default_generator.get_state()


def set_rng_state(state):  # pylint: disable=redefined-outer-name
    """Restore a state returned by ``get_rng_state``."""
    default_generator.set_state(state)


def vm_impl_generator(self):
    """MindSpore 2.10's VM implementation of ``GeneratorOp`` (its unit-test compilation needs one): a
    function of ``(cmd, inputs)`` returning 0."""
    def vm_impl(cmd, inputs):
        return 0
    return vm_impl
