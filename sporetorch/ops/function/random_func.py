"""Random operators with MindSpore's seed semantics.

MindSpore derives each random op's stream from the global seed (``set_seed``)
and the op-level ``seed`` argument:

* no op seed: the op draws from torch's global generator, which ``set_seed``
  reseeds, so rerunning a program with the same global seed repeats its values;
* an op seed: the op draws from its own generator keyed by (global seed, op seed).
  The generator keeps its state, so two calls in one program give different
  values while a rerun repeats the whole sequence. ``set_seed`` restarts it.
"""
import math

import torch

from ..._device import default_device
from ...common import dtype as mstype
from ...common import seed as _seed
from ...common.tensor import Tensor, _wrap
from ...common.tensor import _u
from ._utils import _float_of, _guard_module, _number, _shape, _tdtype, _ut

__all__ = [
    "uniform", "normal", "standard_normal", "standard_laplace", "laplace", "gamma", "poisson", "random_gamma",
    "random_poisson", "randint", "randint_like", "rand", "rand_like", "randn", "randn_like", "multinomial",
    "shuffle", "randperm", "random_categorical", "bernoulli", "uniform_", "normal_", "exponential_", "random_",
    "bernoulli_",
]

_generators = {}


def _generator(seed, device=None):
    """The torch generator for an op seed (None: torch's global generator)."""
    if seed is None or (seed == 0 and _seed.get_seed() is None):
        return None
    device = device or default_device()
    key = (_seed._state["generation"], _seed.get_seed(), int(seed), str(device))
    gen = _generators.get(key)
    if gen is None:
        gen = torch.Generator(device=device)
        gen.manual_seed((int(seed) * 1000003 + (_seed.get_seed() or 0)) % (2 ** 63))
        _generators[key] = gen
    return gen


def _size(op, size):
    if len(size) == 1 and isinstance(size[0], (list, tuple, Tensor)):
        size = size[0]
    return _shape(op, size, "size")


def uniform(shape, minval, maxval, seed=None, dtype=mstype.float32):
    """Values uniform in ``[minval, maxval)`` of ``shape``; integer dtypes draw integers."""
    shape = _shape("uniform", shape)
    gen = _generator(seed)
    lo, hi = _ut(minval), _ut(maxval)
    tdtype = _tdtype(dtype)
    device = default_device()
    if not tdtype.is_floating_point:
        return _wrap(torch.randint(int(lo), int(hi), shape, generator=gen, dtype=tdtype, device=device))
    u = torch.rand(shape, generator=gen, dtype=tdtype, device=device)
    return _wrap(lo.to(tdtype) + u * (hi - lo).to(tdtype))


def normal(shape, mean, stddev, seed=None):
    """Normal samples of ``shape`` broadcast with ``mean`` and ``stddev``."""
    shape = _shape("normal", shape)
    mean_t, std_t = _float_of(_ut(mean)), _float_of(_ut(stddev))
    out_shape = torch.broadcast_shapes(shape, mean_t.shape, std_t.shape)
    z = torch.randn(out_shape, generator=_generator(seed), dtype=mean_t.dtype, device=default_device())
    return _wrap(z * std_t + mean_t)


def standard_normal(shape, seed=None, *, generator=None):
    """Standard normal samples of ``shape`` (``generator``: a random Primitive's own stream instead of ``seed``)."""
    gen = generator if generator is not None else _generator(seed)
    return _wrap(torch.randn(_shape("standard_normal", shape), generator=gen, device=default_device()))


def standard_laplace(shape, seed=None, *, generator=None):
    """Standard Laplace samples of ``shape`` (``generator``: a random Primitive's own stream instead of ``seed``)."""
    gen = generator if generator is not None else _generator(seed)
    u = torch.rand(_shape("standard_laplace", shape), generator=gen, device=default_device()) - 0.5
    # rand can return exactly 0, whose inverse-CDF value is infinite
    u = u.clamp(min=-0.5 + torch.finfo(u.dtype).eps)
    return _wrap(-torch.sign(u) * torch.log1p(-2 * u.abs()))


def laplace(shape, mean, lambda_param, seed=None):
    """Laplace samples with location ``mean`` and scale ``lambda_param``."""
    std = standard_laplace(shape, seed)._t
    return _wrap(std * _ut(lambda_param) + _ut(mean))


def _gamma_samples(alpha, generator=None):
    """Gamma samples of rate 1, one per concentration of the torch tensor ``alpha``, drawn from
    ``generator`` (None: torch's global generator), with ``alpha``'s dtype and shape.

    Marsaglia and Tsang's method (ACM TOMS 26(3), 2000) in public torch ops: a normal and a uniform
    draw per sample, and the candidates rejected (under 5 %) drawn again until none is left.
    ``alpha < 1`` samples ``Gamma(alpha + 1) * U ** (1 / alpha)``. As MindSpore 2.10's RandomGamma:
    ``alpha == 0`` gives 0, a negative or NaN ``alpha`` gives NaN, and samples below the dtype's
    range are 0 (torch's own sampler raises them to the smallest normal number, and takes a
    generator only as the private ``torch._standard_gamma``)."""
    device = alpha.device
    work = torch.float64 if alpha.dtype == torch.float64 else torch.float32
    a = alpha.detach().to(work).reshape(-1)
    boosted = a < 1
    d = torch.where(boosted, a + 1, a) - 1.0 / 3.0
    c = torch.rsqrt(9 * d)

    def candidates(dd, cc):
        x = torch.randn(dd.shape, generator=generator, dtype=work, device=device)
        u = torch.rand(dd.shape, generator=generator, dtype=work, device=device)
        v = (1 + cc * x) ** 3
        # v <= 0 is rejected (its log is NaN, which compares false)
        return dd * v, (v > 0) & (torch.log(u) < 0.5 * x * x + dd - dd * v + dd * torch.log(v))

    out, ok = candidates(d, c)
    boost = torch.rand(a.shape, generator=generator, dtype=work, device=device) ** (1 / a)
    todo = torch.nonzero(~ok & (a > 0)).reshape(-1)
    while todo.numel():
        value, ok = candidates(d[todo], c[todo])
        out[todo[ok]] = value[ok]
        todo = todo[~ok]
    out = torch.where(boosted, out * boost, out)
    out = torch.where(a > 0, out, torch.where(a == 0, 0.0, math.nan))
    return out.to(alpha.dtype).reshape(alpha.shape)


def gamma(shape, alpha, beta, seed=None, *, generator=None):
    """Gamma samples with shape ``alpha`` and rate ``beta``, of shape ``shape + broadcast(alpha, beta).shape``
    (``generator``: a random Primitive's own stream instead of ``seed``)."""
    a, b = torch.broadcast_tensors(_float_of(_ut(alpha)), _float_of(_ut(beta)))
    a = a.expand(_shape("gamma", shape) + tuple(a.shape))
    gen = generator if generator is not None else _generator(seed)
    return _wrap(_gamma_samples(a, gen) / b)


def random_gamma(shape, alpha, seed=None, *, generator=None):
    """Gamma samples with shape ``alpha`` and rate 1 (``generator``: a random Primitive's own stream)."""
    a = _float_of(_ut(alpha))
    a = a.expand(_shape("random_gamma", shape) + tuple(a.shape))
    gen = generator if generator is not None else _generator(seed)
    return _wrap(_gamma_samples(a, gen))


def poisson(shape, mean, seed=None, *, generator=None):
    """Poisson samples with rate ``mean`` (``generator``: a random Primitive's own stream instead of ``seed``)."""
    m = _float_of(_ut(mean))
    m = m.expand(_shape("poisson", shape) + tuple(m.shape))
    gen = generator if generator is not None else _generator(seed)
    return _wrap(torch.poisson(m.contiguous(), generator=gen))


def random_poisson(shape, rate, seed=None, dtype=mstype.float32, *, generator=None):
    """Poisson samples with rate ``rate`` as ``dtype``."""
    return _wrap(poisson(shape, rate, seed, generator=generator)._t.to(_tdtype(dtype)))


def randint(low, high, size, seed=None, *, dtype=None):
    """Integers uniform in ``[low, high)`` of shape ``size`` (default Int64)."""
    return _wrap(torch.randint(int(_number(low)), int(_number(high)), _shape("randint", size, "size"),
                               generator=_generator(seed), dtype=_tdtype(dtype) or torch.int64,
                               device=default_device()))


def randint_like(input, low, high, seed=None, *, dtype=None):
    """Integers uniform in ``[low, high)`` with ``input``'s shape and (integer) dtype."""
    dtype = dtype or input.dtype
    if dtype.is_floating_point:
        raise ValueError(f"For 'randint_like', the 'dtype' must be an int type, but got {dtype}")
    return randint(low, high, tuple(input._t.shape), seed, dtype=dtype)


def rand(*size, dtype=None, seed=None):
    """Values uniform in ``[0, 1)`` of shape ``size`` (default Float32)."""
    return _wrap(torch.rand(_size("rand", size), generator=_generator(seed), dtype=_tdtype(dtype) or torch.float32,
                            device=default_device()))


def rand_like(input, seed=None, *, dtype=None):
    """Values uniform in ``[0, 1)`` with ``input``'s shape."""
    t = input._t
    return _wrap(torch.rand(t.shape, generator=_generator(seed, t.device), dtype=_tdtype(dtype) or t.dtype,
                            device=t.device))


def randn(*size, dtype=None, seed=None):
    """Standard normal values of shape ``size`` (default Float32)."""
    return _wrap(torch.randn(_size("randn", size), generator=_generator(seed), dtype=_tdtype(dtype) or torch.float32,
                             device=default_device()))


def randn_like(input, seed=None, *, dtype=None):
    """Standard normal values with ``input``'s shape (Float32 unless ``dtype`` is given, as in MindSpore 2.10)."""
    t = input._t
    return _wrap(torch.randn(t.shape, generator=_generator(seed, t.device), dtype=_tdtype(dtype) or torch.float32,
                             device=t.device))


def multinomial(input, num_samples, replacement=True, seed=None, *, dtype=mstype.int32, generator=None):
    """Indices sampled from the (unnormalised) probabilities in the last axis of ``input``, Int32 (the
    Primitives pass their ``dtype`` and their own ``generator``)."""
    t = input._t
    if t.is_floating_point() is False:
        raise TypeError(f"For 'multinomial', the 'input' must be a float tensor, but got {input.dtype}")
    gen = generator if generator is not None else _generator(seed, t.device)
    out = torch.multinomial(t, num_samples, replacement, generator=gen)
    return _wrap(out.to(_tdtype(dtype)))


def shuffle(x, seed=None, *, generator=None):
    """A random permutation of ``x`` along axis 0 (``generator``: a random Primitive's own stream)."""
    t = x._t
    gen = generator if generator is not None else _generator(seed, t.device)
    perm = torch.randperm(t.shape[0], generator=gen, device=t.device)
    return _wrap(t[perm])


def randperm(n, seed=0, offset=0, dtype=mstype.int64):
    """A random permutation of ``0..n-1``."""
    return _wrap(torch.randperm(int(_number(n)), generator=_generator(seed or None), dtype=_tdtype(dtype),
                                device=default_device()))


def random_categorical(logits, num_sample, seed=0, dtype=mstype.int64, *, generator=None):
    """Samples of class indices from unnormalised log-probabilities ``logits`` (batch, classes)
    (``generator``: a random Primitive's own stream instead of ``seed``)."""
    t = logits._t
    probs = torch.softmax(_float_of(t), -1)
    gen = generator if generator is not None else _generator(seed or None, t.device)
    return _wrap(torch.multinomial(probs, num_sample, True, generator=gen).to(_tdtype(dtype)))


def bernoulli(input, p=0.5, seed=None, *, generator=None):
    """Bernoulli draws with probability ``p``, shaped and typed like ``input`` (``generator``: a random
    Primitive's own stream instead of ``seed``)."""
    t = input._t
    prob = _ut(p, t)
    probs = torch.broadcast_to(prob.to(t.dtype if t.is_floating_point() else torch.float32), t.shape)
    gen = generator if generator is not None else _generator(seed, t.device)
    return _wrap(torch.bernoulli(probs, generator=gen).to(t.dtype))


def uniform_(input, from_=0, to=1, *, generator=None):
    """Fill ``input`` in place with values uniform in ``[from_, to)``."""
    with torch.no_grad():
        input._t.uniform_(from_, to, generator=generator)
    return input


def normal_(input, mean=0, std=1, *, generator=None):
    """Fill ``input`` in place with normal values."""
    with torch.no_grad():
        input._t.normal_(mean, std, generator=generator)
    return input


def exponential_(input, lambd=1, *, generator=None):
    """Fill ``input`` in place with exponential values of rate ``lambd``."""
    with torch.no_grad():
        input._t.exponential_(lambd, generator=generator)
    return input


def random_(input, from_=0, to=None, *, generator=None):
    """Fill ``input`` in place with integers uniform in ``[from_, to)``."""
    with torch.no_grad():
        input._t.random_(from_, to, generator=generator)
    return input


def bernoulli_(input, p=0.5, *, generator=None):
    """Fill ``input`` in place with Bernoulli draws of probability ``p``."""
    with torch.no_grad():
        input._t.bernoulli_(_ut(p, input._t) if isinstance(p, Tensor) else p, generator=generator)
    return input



def _candidate_sampler(op, true_classes, num_true, num_sampled, unique, range_max, seed, log_uniform):
    t = true_classes._t
    if t.dim() != 2 or t.shape[1] != num_true:
        raise ValueError(f"For '{op}', the 'true_classes' must be 2-D with num_true={num_true} columns, but got "
                         f"shape {tuple(t.shape)}")
    if t.is_floating_point():
        raise TypeError(f"For '{op}', the 'true_classes' must be an integer tensor, but got {true_classes.dtype}")
    if num_sampled < 1 or range_max < 1 or (unique and num_sampled > range_max):
        raise ValueError(f"For '{op}', 'num_sampled' and 'range_max' must be positive and, with unique=True, "
                         f"num_sampled <= range_max, but got num_sampled={num_sampled}, range_max={range_max}")
    gen = _generator(seed or None, torch.device("cpu"))

    def draw(n):
        u = torch.rand(n, generator=gen, dtype=torch.float64)
        if log_uniform:
            return ((u * math.log(range_max + 1)).exp().floor().long() - 1).clamp(0, range_max - 1)
        return (u * range_max).floor().long().clamp(max=range_max - 1)

    def prob(c):
        c = c.double()
        if log_uniform:
            return ((c + 2).log() - (c + 1).log()) / math.log(range_max + 1)
        return torch.full_like(c, 1.0 / range_max)
    if unique:
        # draw with replacement until num_sampled distinct classes appeared, counting the tries
        seen, tries = [], 0
        while len(seen) < num_sampled:
            for c in draw(num_sampled).tolist():
                tries += 1
                if c not in seen:
                    seen.append(c)
                    if len(seen) == num_sampled:
                        break
        sampled = torch.tensor(seen, dtype=torch.int64)
    else:
        sampled, tries = draw(num_sampled), num_sampled

    def expected(c):
        p = prob(c)
        # the expected number of times a class appears in `tries` draws (TensorFlow's candidate samplers)
        return (p * tries if tries == num_sampled else -torch.expm1(tries * torch.log1p(-p))).float()
    dev = t.device
    return _wrap(sampled.to(dev)), _wrap(expected(t.cpu()).to(dev)), _wrap(expected(sampled).to(dev))


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    """Sample ``num_sampled`` classes uniformly from ``[0, range_max)`` (without repeats when ``unique``).

    Outputs:
        ``(sampled_candidates, true_expected_count, sampled_expected_count)``: int64 (num_sampled,), and the
        expected count of each true and each sampled class under the sampling, float32.
    """
    return _candidate_sampler("uniform_candidate_sampler", true_classes, num_true, num_sampled, unique, range_max,
                              seed, False)


def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
    """Sample ``num_sampled`` classes from the log-uniform (Zipfian) distribution
    ``P(c) = (log(c + 2) - log(c + 1)) / log(range_max + 1)`` over ``[0, range_max)``.

    Outputs:
        ``(sampled_candidates, true_expected_count, sampled_expected_count)`` as in ``uniform_candidate_sampler``.
    """
    return _candidate_sampler("log_uniform_candidate_sampler", true_classes, num_true, num_sampled, unique,
                              range_max, seed, True)


__all__ += ["uniform_candidate_sampler", "log_uniform_candidate_sampler"]


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def cauchy(*, median, sigma, size):
    """``Cauchy``: Cauchy samples of ``size`` with ``median`` and scale ``sigma``."""
    return _wrap(torch.empty(tuple(size), device=default_device()).cauchy_(median, sigma))


def dropout_gen_mask(shape, keep_prob):
    """``DropoutGenMask``: A random keep-mask of ``shape`` (kept with probability ``keep_prob``), as a UInt8
    tensor."""
    p = float(_u(keep_prob))
    return _wrap((torch.rand(tuple(shape), device=default_device()) < p).to(torch.uint8))


def log_normal_reverse(input, *, mean, std):
    """``LogNormalReverse``: Log-normal samples shaped like ``input`` with ``mean`` and ``std`` of the underlying
    normal."""
    return _wrap(torch.empty_like(input._t).log_normal_(mean, std))


def randperm_v2(n, *, offset, seed, dtype):
    """``RandpermV2``: A random permutation of ``[0, n)`` from ``seed`` and ``offset``."""
    g = torch.Generator(device=default_device())
    g.manual_seed(seed * 1000003 + offset)
    k = int(_u(n).item()) if isinstance(n, Tensor) else int(n)
    return _wrap(torch.randperm(k, generator=g, device=default_device()).to(mstype.to_torch(dtype)))


def random_choice_with_mask(input_x, *, count, generator):
    """``RandomChoiceWithMask``: Up to ``count`` random positions of True values of a Bool tensor: ``(indices,
    mask)``."""
    t = input_x._t
    idx = torch.nonzero(t)
    perm = torch.randperm(idx.shape[0], generator=generator, device=t.device)[:count]
    chosen = idx[perm].to(torch.int32)
    out = torch.zeros((count, t.dim()), dtype=torch.int32, device=t.device)
    mask = torch.zeros((count,), dtype=torch.bool, device=t.device)
    out[:chosen.shape[0]] = chosen
    mask[:chosen.shape[0]] = True
    return _wrap(out), _wrap(mask)


def parameterized_truncated_normal(shape, mean, stdevs, min, max, *, seed):
    """``ParameterizedTruncatedNormal``: Samples of normal distributions truncated to ``[min, max]``, with one mean,
    stddev and bounds per batch (the first dimension of ``shape``)."""
    dims = [int(d) for d in _ut(shape, mean._t).tolist()]
    params = []
    for name, value in (("mean", mean), ("stdevs", stdevs), ("min", min), ("max", max)):
        t = value._t
        if t.dim() > 1 or (t.dim() == 1 and t.shape[0] not in (1, dims[0])):
            got = "(" + ", ".join(str(d) for d in t.shape) + (", )" if t.dim() == 1 else ")")
            raise ValueError(f"For ParameterizedTruncatedNormal, {name} must be 0d, or {name}.shape = "
                             f"({dims[0]}, ), but got {got}.")
        params.append(t.double().reshape(-1, *([1] * (len(dims) - 1))))
    mu, sigma, lo, hi = params
    normal = torch.distributions.Normal(torch.zeros((), dtype=torch.float64), torch.ones((), dtype=torch.float64))
    a, b = normal.cdf((lo - mu) / sigma), normal.cdf((hi - mu) / sigma)
    gen = _generator(seed or None, torch.device("cpu"))
    u = torch.rand(dims, generator=gen, dtype=torch.float64)
    eps = torch.finfo(torch.float64).eps
    z = normal.icdf((a + u * (b - a)).clamp(eps, 1 - eps))
    return _wrap((mu + sigma * z).clamp(lo, hi).to(mean._t.dtype).to(mean._t.device))


def _shape_of(shape):
    if isinstance(shape, Tensor):
        return tuple(shape._t.tolist())
    return tuple(shape)


def uniform_real(shape, *, generator):
    """``UniformReal``: Floats uniform in ``[0, 1)`` of ``shape`` (Float32)."""
    return _wrap(torch.rand(_shape_of(shape), generator=generator, device=default_device()))


def truncated_normal(shape, *, dtype, generator):
    """``TruncatedNormal``: Normal samples of ``shape`` truncated to two standard deviations."""
    t = torch.empty(_shape_of(shape), dtype=mstype.to_torch(dtype), device=default_device())
    return _wrap(torch.nn.init.trunc_normal_(t, 0.0, 1.0, -2.0, 2.0, generator=generator))


def uniform_int(shape, minval, maxval, *, generator):
    """``UniformInt``: Integers uniform in ``[minval, maxval)`` of ``shape`` (Int32)."""
    lo = int(minval._t.item()) if isinstance(minval, Tensor) else int(minval)
    hi = int(maxval._t.item()) if isinstance(maxval, Tensor) else int(maxval)
    return _wrap(torch.randint(lo, hi, _shape_of(shape), generator=generator, dtype=torch.int32,
                               device=default_device()))


def non_deterministic_ints(shape, *, dtype):
    """``NonDeterministicInts``: Random integers of ``shape`` over the whole range of ``dtype``."""
    dt = mstype.to_torch(dtype)
    info = torch.iinfo(dt)
    return _wrap(torch.randint(info.min, info.max, _shape_of(shape), dtype=dt, device=default_device()))


# ---- Random Primitives (ops/operations/random_ops.py): MindSpore's Primitive seed attributes -------------------
def _primitive_generator(seed, seed2):
    """The generator a random Primitive owns, built once from its ``seed``/``seed2`` and the global seed: two
    calls of one Primitive draw different numbers, a rerun repeats them. None (torch's global generator) when
    neither seed nor a global seed is set."""
    global_seed = _seed.get_seed()
    if not seed and not seed2 and global_seed is None:
        return None
    g = torch.Generator(device=default_device())
    g.manual_seed(((global_seed or 0) * 1000003 + seed * 7919 + seed2) % (2 ** 63))
    return g


def _seed_offset_generator(seed, offset, device=None):
    """A fresh generator keyed by a (``seed``, ``offset``) pair given at call time (MultinomialWithReplacement)."""
    g = torch.Generator(device=device or default_device())
    g.manual_seed(int(_u(seed)) * 1000003 + int(_u(offset)))
    return g


def _randperm_padded(n, *, max_length, pad, dtype, generator):
    """``Randperm``: a random permutation of ``[0, n)`` cut or padded with ``pad`` to ``max_length``."""
    k = int(_u(n).reshape(-1)[0].item()) if isinstance(n, Tensor) else int(n)
    perm = torch.randperm(k, generator=generator, device=default_device())
    out = torch.full((max_length,), pad, dtype=torch.int64, device=perm.device)
    out[:k] = perm[:max_length]
    return _wrap(out.to(mstype.to_torch(dtype)))


# ---------------------------------------------------------------------------- Tensor-method draws
# The in-place samplers of ``Tensor`` (``uniform_``, ``normal_``, ``bernoulli`` ...) draw with the caller's torch
# Generator, which the seeded functions above do not take; the Tensor methods adapt their arguments and call this.
_SAMPLERS = {"uniform": torch.Tensor.uniform_, "normal": torch.Tensor.normal_, "bernoulli": torch.Tensor.bernoulli_,
             "random": torch.Tensor.random_, "exponential": torch.Tensor.exponential_,
             "cauchy": torch.Tensor.cauchy_, "log_normal": torch.Tensor.log_normal_}


def _draw_like(input, kind, *params, generator=None):
    """A new tensor of ``input``'s shape, dtype and device drawn by the sampler ``kind`` (a key of ``_SAMPLERS``)
    with ``params`` (numbers or Tensors: a Tensor ``p`` of ``bernoulli`` gives per-element probabilities) and the
    torch ``generator`` (None: the global one)."""
    t = torch.empty_like(input._t)
    _SAMPLERS[kind](t, *(_u(p) for p in params), generator=generator)
    return _wrap(t)


_guard_module(globals(), __all__)


# ---------------------------------------------------------------------------- MindSpore 2.10's private checks
def _check_param(op_name, param_name, param_value):
    """A distribution parameter is a Tensor, an int, a float or a NumPy array."""
    import numpy as np
    if not isinstance(param_value, (Tensor, int, float, np.ndarray)):
        raise TypeError(f"For '{op_name}', the type of '{param_name}' must be Tensor, int, or float, but got: "
                        f"{type(param_value)}")
    return True


def _check_shape(input_shape):
    """A sample ``shape`` is a tuple of positive ints."""
    if not isinstance(input_shape, tuple):
        raise TypeError(f"Type of 'shape' must be tuple, but got: {type(input_shape)}")
    for item in input_shape:
        if not isinstance(item, int):
            raise TypeError(f"Elements of 'shape' must be int, but got: {type(item)}")
        if item < 1:
            raise ValueError(f"Elements of 'shape' must be positive int, but got: {item}")
    return True
