"""Random-number Primitive classes with MindSpore's seed semantics.

A primitive built with a non-zero ``seed``/``seed2``, or while a global seed is set
(``set_seed``), owns a torch Generator seeded from both: two calls of one primitive
draw different numbers, and rerunning the program repeats them. Otherwise it draws
from torch's global generator.
"""

import torch

from ..._device import default_device
from ...common import dtype as mstype
from ...common.seed import get_seed
from ...common.tensor import Tensor, _wrap
from ...common.tensor import _u
from ..function import random_func
from ..function.random_func import _shape_of
from ..primitive import Primitive, prim_attr_register

__all__ = ["UniformReal", "StandardNormal", "UniformInt", "Multinomial", "RandomCategorical", "Bernoulli",
           "RandomShuffle", "Randperm", "Gamma", "Poisson", "StandardLaplace", "TruncatedNormal"]


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
        return random_func.uniform_real(shape, generator=self._generator)


class StandardNormal(_Random):
    """Standard normal samples of ``shape`` (Float32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        return _wrap(torch.randn(_shape_of(shape), generator=self._generator, device=default_device()))


class StandardLaplace(_Random):
    """Standard Laplace samples of ``shape`` (Float32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        u = torch.rand(_shape_of(shape), generator=self._generator, device=default_device()) - 0.5
        return _wrap(-torch.sign(u) * torch.log1p(-2 * torch.abs(u)))


class TruncatedNormal(_Random):
    """Normal samples of ``shape`` truncated to two standard deviations."""

    @prim_attr_register
    def __init__(self, dtype=mstype.float32, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        return random_func.truncated_normal(shape, dtype=self.dtype, generator=self._generator)


class UniformInt(_Random):
    """Integers uniform in ``[minval, maxval)`` of ``shape`` (Int32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, minval, maxval):
        return random_func.uniform_int(shape, minval, maxval, generator=self._generator)


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
        a, b = torch.broadcast_tensors(alpha._t, beta._t)
        a = a.expand(_shape_of(shape) + tuple(a.shape))
        return _wrap(random_func._gamma_samples(a, self._generator) / b)


class Poisson(_Random):
    """Poisson samples of ``shape`` with rate ``mean`` (Int32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, mean):
        m = mean._t
        rates = m.expand(_shape_of(shape) + tuple(m.shape)).float()
        return _wrap(torch.poisson(rates, generator=self._generator).to(torch.int32))


class MultinomialWithReplacement(Primitive):
    """``numsamples`` category indices per row of the probabilities ``x`` (Int64)."""

    @prim_attr_register
    def __init__(self, numsamples, replacement=False):
        pass

    def __call__(self, x, seed, offset):
        g = torch.Generator(device=x._t.device)
        g.manual_seed(int(_u(seed)) * 1000003 + int(_u(offset)))
        return _wrap(torch.multinomial(x._t.float(), self.numsamples, self.replacement, generator=g))


class RandomGamma(_Random):
    """Gamma samples of ``shape`` for each concentration in ``alpha``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, alpha):
        a = alpha._t
        conc = a.expand(_shape_of(shape) + tuple(a.shape))
        return _wrap(random_func._gamma_samples(conc, self._generator))


class RandomPoisson(_Random):
    """Poisson samples of ``shape`` for each rate in ``rate``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0, dtype=mstype.int64):
        self._init_generator(seed, seed2)

    def __call__(self, shape, rate):
        r = rate._t
        rates = r.expand(_shape_of(shape) + tuple(r.shape)).float()
        out = torch.poisson(rates, generator=self._generator)
        return _wrap(out.to(mstype.to_torch(self.dtype)))


class NonDeterministicInts(Primitive):
    """Random integers of ``shape`` over the whole range of ``dtype``."""

    @prim_attr_register
    def __init__(self, dtype=mstype.int64):
        pass

    def __call__(self, shape):
        return random_func.non_deterministic_ints(shape, dtype=self.dtype)


class LogNormalReverse(Primitive):
    """Log-normal samples shaped like ``input`` with ``mean`` and ``std`` of the underlying normal."""

    @prim_attr_register
    def __init__(self, mean=1.0, std=2.0):
        pass

    def __call__(self, input):
        return random_func.log_normal_reverse(input, mean=self.mean, std=self.std)


class RandpermV2(Primitive):
    """A random permutation of ``[0, n)`` from ``seed`` and ``offset``."""

    @prim_attr_register
    def __init__(self, seed=0, offset=0, dtype=mstype.int64):
        pass

    def __call__(self, n):
        return random_func.randperm_v2(n, offset=self.offset, seed=self.seed, dtype=self.dtype)


class RandomChoiceWithMask(_Random):
    """Up to ``count`` random positions of True values of a Bool tensor: ``(indices, mask)``."""

    @prim_attr_register
    def __init__(self, count=256, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, input_x):
        return random_func.random_choice_with_mask(input_x, count=self.count, generator=self._generator)


class UniformCandidateSampler(Primitive):
    """``ops.uniform_candidate_sampler`` as a Primitive."""

    @prim_attr_register
    def __init__(self, num_true, num_sampled, unique, range_max, seed=0, remove_accidental_hits=False):
        pass

    def __call__(self, true_classes):
        return random_func.uniform_candidate_sampler(true_classes, self.num_true, self.num_sampled, self.unique,
                                                     self.range_max, self.seed, self.remove_accidental_hits)


class LogUniformCandidateSampler(Primitive):
    """``ops.log_uniform_candidate_sampler`` as a Primitive."""

    @prim_attr_register
    def __init__(self, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
        pass

    def __call__(self, true_classes):
        return random_func.log_uniform_candidate_sampler(true_classes, self.num_true, self.num_sampled, self.unique,
                                                         self.range_max, self.seed)


class ParameterizedTruncatedNormal(Primitive):
    """Samples of normal distributions truncated to ``[min, max]``, with one mean, stddev and bounds per batch
    (the first dimension of ``shape``).

    Args:
        seed, seed2 (int): MindSpore's op seeds; ``seed`` keys this op's generator (0: the global stream).

    Inputs:
        - **shape** (Tensor) - 1-D int, ``(batch, ...)``.
        - **mean**, **stdevs**, **min**, **max** (Tensor) - 0-d or (batch,), float.

    Outputs:
        Tensor of ``shape`` and the parameters' dtype.

    Differences from MindSpore: MindSpore 2.10's CPU kernel draws every batch with the first batch's
    parameters; here each batch uses its own, as documented.
    """

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        pass

    def __call__(self, shape, mean, stdevs, min, max):
        return random_func.parameterized_truncated_normal(shape, mean, stdevs, min, max, seed=self.seed)

__all__ += ["MultinomialWithReplacement", "RandomGamma", "RandomPoisson", "NonDeterministicInts", "LogNormalReverse", "RandpermV2", "RandomChoiceWithMask", "UniformCandidateSampler", "LogUniformCandidateSampler", "ParameterizedTruncatedNormal"]
