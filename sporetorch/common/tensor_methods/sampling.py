"""Random in-place and sampling methods of ``Tensor``: uniform_, normal_, bernoulli, multinomial ..."""
import torch

from .. import dtype as mstype
from .._inplace import _set
from ..tensor import _wrap
from ._common import _int32, _to_torch_dtype, _u


def _generator(generator):
    return None if generator is None else getattr(generator, "_generator", generator)


def uniform(self, from_=0.0, to=1.0, generator=None):
    """A new tensor like this one with values drawn uniformly from ``[from_, to)``."""
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    return _wrap(torch.empty_like(self._t).uniform_(from_, to, generator=_generator(generator)))


def uniform_(self, from_=0, to=1, *, generator=None):
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    return _set(self, torch.empty_like(self._t).uniform_(_u(from_), _u(to), generator=_generator(generator)))


def normal_(self, mean=0, std=1, *, generator=None):
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    return _set(self, torch.empty_like(self._t).normal_(mean, std, generator=_generator(generator)))


def bernoulli(self, *, generator=None):
    # torch call: draws with the caller's torch Generator, which ops' seeded random functions do not take.
    return _wrap(torch.bernoulli(self._t, generator=_generator(generator)))


def bernoulli_(self, p=0.5, *, generator=None):
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    return _set(self, torch.empty_like(self._t).bernoulli_(_u(p), generator=_generator(generator)))


def random_(self, from_=0, to=None, *, generator=None):
    g = _generator(generator)
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    t = torch.empty_like(self._t)
    return _set(self, t.random_(from_, to, generator=g) if to is not None else t.random_(from_, generator=g))


def exponential_(self, lambd=1, *, generator=None):
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    return _set(self, torch.empty_like(self._t).exponential_(lambd, generator=_generator(generator)))


def cauchy(self, median=0.0, sigma=1.0):
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    return _set(self, torch.empty_like(self._t).cauchy_(median, sigma))


def log_normal(self, mean=1.0, std=2.0):
    # torch call: drawn into a fresh buffer, with the caller's Generator (ops' random functions take a seed).
    return _set(self, torch.empty_like(self._t).log_normal_(mean, std))


def multinomial(self, num_samples, replacement=True, seed=None):
    """``num_samples`` category indices per row of the probabilities ``self`` (Int32, as MindSpore)."""
    # torch call: sampling indices from the tensor's own probabilities (no seeded ops function takes them).
    return _wrap(torch.multinomial(self._t, num_samples, replacement).to(_int32))


def random_categorical(self, num_sample, seed=0, dtype=mstype.int64):
    # torch call: sampling indices from the tensor's own probabilities (no seeded ops function takes them).
    out = torch.multinomial(torch.softmax(self._t, -1), num_sample, True)
    return _wrap(out.to(_to_torch_dtype(dtype)))
