"""Random-number Primitive classes with MindSpore's seed semantics.

A primitive built with a non-zero ``seed``/``seed2``, or while a global seed is set
(``set_seed``), owns a torch Generator seeded from both: two calls of one primitive
draw different numbers, and rerunning the program repeats them. Otherwise it draws
from torch's global generator.
"""

from ...common import dtype as mstype
from ..function import random_func
from ..primitive import Primitive, prim_attr_register

__all__ = ["UniformReal", "StandardNormal", "UniformInt", "Multinomial", "RandomCategorical", "Bernoulli",
           "RandomShuffle", "Randperm", "Gamma", "Poisson", "StandardLaplace", "TruncatedNormal"]


class _Random(Primitive):
    """Base: builds the primitive's generator from the global and op-level seeds."""

    def _init_generator(self, seed, seed2):
        self._generator = random_func._primitive_generator(seed, seed2)


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
        return random_func.standard_normal(shape, generator=self._generator)


class StandardLaplace(_Random):
    """Standard Laplace samples of ``shape`` (Float32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape):
        return random_func.standard_laplace(shape, generator=self._generator)


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
        return random_func.multinomial(x, int(num_sample), True, dtype=self.dtype, generator=self._generator)


class RandomCategorical(_Random):
    """``num_sample`` category indices per row of unnormalised log-probabilities ``logits``."""

    @prim_attr_register
    def __init__(self, dtype=mstype.int64):
        self._init_generator(0, 0)

    def __call__(self, logits, num_sample, seed=0):
        return random_func.random_categorical(logits, int(num_sample), dtype=self.dtype, generator=self._generator)


class Bernoulli(_Random):
    """0/1 samples with probability ``p`` of 1, shaped and typed like ``x``."""

    @prim_attr_register
    def __init__(self, seed=-1, offset=0):
        self._init_generator(max(seed, 0), 0)

    def __call__(self, x, p):
        return random_func.bernoulli(x, p, generator=self._generator)


class RandomShuffle(_Random):
    """Shuffle ``x`` along its first axis."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, x):
        return random_func.shuffle(x, generator=self._generator)


class Randperm(_Random):
    """A random permutation of ``[0, n)`` padded with ``pad`` to ``max_length``."""

    @prim_attr_register
    def __init__(self, max_length=1, pad=-1, dtype=mstype.int32):
        self._init_generator(0, 0)

    def __call__(self, n):
        return random_func._randperm_padded(n, max_length=self.max_length, pad=self.pad, dtype=self.dtype,
                                            generator=self._generator)


class Gamma(_Random):
    """Gamma samples of ``shape`` with concentration ``alpha`` and rate ``beta``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, alpha, beta):
        return random_func.gamma(shape, alpha, beta, generator=self._generator)


class Poisson(_Random):
    """Poisson samples of ``shape`` with rate ``mean`` (Int32)."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, mean):
        return random_func.random_poisson(shape, mean, dtype=mstype.int32, generator=self._generator)


class MultinomialWithReplacement(Primitive):
    """``numsamples`` category indices per row of the probabilities ``x`` (Int64)."""

    @prim_attr_register
    def __init__(self, numsamples, replacement=False):
        pass

    def __call__(self, x, seed, offset):
        g = random_func._seed_offset_generator(seed, offset, x._t.device)
        return random_func.multinomial(x, self.numsamples, self.replacement, dtype=mstype.int64, generator=g)


class RandomGamma(_Random):
    """Gamma samples of ``shape`` for each concentration in ``alpha``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, alpha):
        return random_func.random_gamma(shape, alpha, generator=self._generator)


class RandomPoisson(_Random):
    """Poisson samples of ``shape`` for each rate in ``rate``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0, dtype=mstype.int64):
        self._init_generator(seed, seed2)

    def __call__(self, shape, rate):
        return random_func.random_poisson(shape, rate, dtype=self.dtype, generator=self._generator)


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


class Uniform(Primitive):
    """Values uniform in ``[minval, maxval)`` of ``x``'s shape and dtype: ``Uniform(minval, maxval)(x)``
    (``seed`` and ``offset`` as MindSpore's seed attributes; values drawn from torch's generator)."""

    @prim_attr_register
    def __init__(self, minval=0., maxval=1., seed=0, offset=0):
        from ... import _checkparam as validator
        validator.check_value_type("seed", seed, [int], self.name)
        validator.check_value_type("offset", offset, [int], self.name)
        if minval > maxval:
            raise ValueError(f"For '{self.name}', the 'minval' must be <= 'maxval': {maxval}, but got {minval}.")
        for name, value in (("minval", minval), ("maxval", maxval)):
            if not isinstance(value, float) or value < 0:
                raise (TypeError if not isinstance(value, float) else ValueError)(
                    f"For '{self.name}', the '{name}' must be a non-negative float, but got {value!r}.")

    def __call__(self, x):
        return random_func.uniform(tuple(x.shape), float(self.minval), float(self.maxval), dtype=x.dtype)


__all__ += ["Uniform"]
