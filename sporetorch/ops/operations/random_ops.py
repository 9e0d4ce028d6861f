"""Random-number Primitive classes with MindSpore's seed semantics.

A primitive built with a non-zero ``seed``/``seed2``, or while a global seed is set
(``set_seed``), owns a torch Generator seeded from both: two calls of one primitive
draw different numbers, and rerunning the program repeats them. Otherwise it draws
from torch's global generator.
"""
import torch

from ...common import dtype as mstype
from ...common.seed import get_seed
from ...common.tensor import Tensor, _wrap
from ..._device import default_device
from ..primitive import Primitive, prim_attr_register

__all__ = ["UniformReal", "StandardNormal", "UniformInt", "Multinomial", "RandomCategorical", "Bernoulli",
           "RandomShuffle", "Randperm", "Gamma", "Poisson", "StandardLaplace", "TruncatedNormal"]


def _shape(shape):
    if isinstance(shape, Tensor):
        return tuple(shape._t.tolist())
    return tuple(shape)


class _Random(Primitive):
    """Base: builds the primitive's generator from the global and op-level seeds."""

    def _init_generator(self, seed, seed2):
        global_seed = get_seed()
        if not seed and not seed2 and global_seed is None:
            self._generator = None
            return
        g = torch.Generator(device=default_device())
        g.manual_seed(((global_seed or 0) * 1000003 + seed * 7919 + seed2) % (2 ** 63))
        self._generator = g


class UniformReal(_Random):
    """Floats uniform in ``[0, 1)`` of ``shape`` (Float32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        return _wrap(torch.rand(_shape(shape), generator=self._generator, device=default_device()))


class StandardNormal(_Random):
    """Standard normal samples of ``shape`` (Float32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        return _wrap(torch.randn(_shape(shape), generator=self._generator, device=default_device()))


class StandardLaplace(_Random):
    """Standard Laplace samples of ``shape`` (Float32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        u = torch.rand(_shape(shape), generator=self._generator, device=default_device()) - 0.5
        return _wrap(-torch.sign(u) * torch.log1p(-2 * torch.abs(u)))


class TruncatedNormal(_Random):
    """Normal samples of ``shape`` truncated to two standard deviations."""

    @prim_attr_register
    def __init__(self, dtype=mstype.float32, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        t = torch.empty(_shape(shape), dtype=mstype.to_torch(self.dtype), device=default_device())
        return _wrap(torch.nn.init.trunc_normal_(t, 0.0, 1.0, -2.0, 2.0, generator=self._generator))


class UniformInt(_Random):
    """Integers uniform in ``[minval, maxval)`` of ``shape`` (Int32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, minval, maxval):
        lo = int(minval._t.item()) if isinstance(minval, Tensor) else int(minval)
        hi = int(maxval._t.item()) if isinstance(maxval, Tensor) else int(maxval)
        return _wrap(torch.randint(lo, hi, _shape(shape), generator=self._generator, dtype=torch.int32,
                                   device=default_device()))


class Multinomial(_Random):
    """``num_sample`` category indices per row of the probability tensor ``x`` (with replacement)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0, dtype=mstype.int32):
        self._init_generator(seed, seed2)

    def __call__(self, x, num_sample):
        out = torch.multinomial(x._t, int(num_sample), True, generator=self._generator)
        return _wrap(out.to(mstype.to_torch(self.dtype)))


class RandomCategorical(_Random):
    """``num_sample`` category indices per row of unnormalised log-probabilities ``logits``."""

    @prim_attr_register
    def __init__(self, dtype=mstype.int64):
        self._init_generator(0, 0)

    def __call__(self, logits, num_sample, seed=0):
        probs = torch.softmax(logits._t.float(), -1)
        out = torch.multinomial(probs, int(num_sample), True, generator=self._generator)
        return _wrap(out.to(mstype.to_torch(self.dtype)))


class Bernoulli(_Random):
    """0/1 samples with probability ``p`` of 1, shaped and typed like ``x``."""

    @prim_attr_register
    def __init__(self, seed=-1, offset=0):
        self._init_generator(max(seed, 0), 0)

    def __call__(self, x, p):
        t = x._t
        prob = p._t if isinstance(p, Tensor) else torch.full_like(t, p, dtype=torch.float32)
        return _wrap(torch.bernoulli(prob.expand(t.shape).float(), generator=self._generator).to(t.dtype))


class RandomShuffle(_Random):
    """Shuffle ``x`` along its first axis."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, x):
        t = x._t
        return _wrap(t[torch.randperm(t.shape[0], generator=self._generator, device=t.device)])


class Randperm(_Random):
    """A random permutation of ``[0, n)`` padded with ``pad`` to ``max_length``."""

    @prim_attr_register
    def __init__(self, max_length=1, pad=-1, dtype=mstype.int32):
        self._init_generator(0, 0)

    def __call__(self, n):
        k = int(n._t.reshape(-1)[0].item()) if isinstance(n, Tensor) else int(n)
        perm = torch.randperm(k, generator=self._generator, device=default_device())
        out = torch.full((self.max_length,), self.pad, dtype=torch.int64, device=perm.device)
        out[:k] = perm[:self.max_length]
        return _wrap(out.to(mstype.to_torch(self.dtype)))


class Gamma(_Random):
    """Gamma samples of ``shape`` with concentration ``alpha`` and rate ``beta``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, alpha, beta):
        a, b = alpha._t, beta._t
        dist = torch.distributions.Gamma(a, b)
        return _wrap(dist.sample(_shape(shape)).reshape(_shape(shape) + torch.broadcast_shapes(a.shape, b.shape)))


class Poisson(_Random):
    """Poisson samples of ``shape`` with rate ``mean`` (Int32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, mean):
        m = mean._t
        rates = m.expand(_shape(shape) + tuple(m.shape)).float()
        return _wrap(torch.poisson(rates, generator=self._generator).to(torch.int32))
