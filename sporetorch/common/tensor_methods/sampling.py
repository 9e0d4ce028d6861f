"""Random in-place and sampling methods of ``Tensor``: uniform_, normal_, bernoulli, multinomial ...

The in-place draws take the caller's Generator (a MindSpore ``Generator`` or a torch one) and are
``ops.function.random_func._draw_like``; the sampling methods are the seeded functional ops."""
from ...ops.function import random_func
from .. import dtype as mstype
from .._inplace import _set


def _generator(generator):
    return None if generator is None else getattr(generator, "_generator", generator)


def _draw(self, kind, *params, generator=None):
    return random_func._draw_like(self, kind, *params, generator=_generator(generator))


def uniform(self, from_=0.0, to=1.0, generator=None):
    """A new tensor like this one with values drawn uniformly from ``[from_, to)``."""
    return _draw(self, "uniform", from_, to, generator=generator)


def uniform_(self, from_=0, to=1, *, generator=None):
    """Fill with values uniform in ``[from_, to)`` in place; returns ``self``."""
    return _set(self, _draw(self, "uniform", from_, to, generator=generator)._t)


def normal_(self, mean=0, std=1, *, generator=None):
    """Fill with normal values in place; returns ``self``."""
    return _set(self, _draw(self, "normal", mean, std, generator=generator)._t)


def bernoulli(self, *, generator=None):
    """0/1 draws with the probabilities in this tensor, in its dtype."""
    return _draw(self, "bernoulli", self, generator=generator)


def bernoulli_(self, p=0.5, *, generator=None):
    """Fill with Bernoulli draws of probability ``p`` (a number or a Tensor) in place; returns ``self``."""
    return _set(self, _draw(self, "bernoulli", p, generator=generator)._t)


def random_(self, from_=0, to=None, *, generator=None):
    """Fill with integers uniform in ``[from_, to)`` (``[0, from_)`` without ``to``) in place; returns ``self``."""
    params = (from_,) if to is None else (from_, to)
    return _set(self, _draw(self, "random", *params, generator=generator)._t)


def exponential_(self, lambd=1, *, generator=None):
    """Fill with exponential values of rate ``lambd`` in place; returns ``self``."""
    return _set(self, _draw(self, "exponential", lambd, generator=generator)._t)


def cauchy(self, median=0.0, sigma=1.0):
    """Fill with Cauchy values in place; returns ``self`` (MindSpore 2.10's ``Tensor.cauchy``)."""
    return _set(self, _draw(self, "cauchy", median, sigma)._t)


def log_normal(self, mean=1.0, std=2.0):
    """Fill with log-normal values in place; returns ``self`` (MindSpore 2.10's ``Tensor.log_normal``)."""
    return _set(self, _draw(self, "log_normal", mean, std)._t)


def multinomial(self, num_samples, replacement=True, seed=None):
    """``ops.multinomial``: ``num_samples`` category indices per row of the probabilities ``self`` (Int32)."""
    return random_func.multinomial(self, num_samples, replacement, seed)


def random_categorical(self, num_sample, seed=0, dtype=mstype.int64):
    """``ops.random_categorical``: class indices drawn from the unnormalised log-probabilities ``self``."""
    return random_func.random_categorical(self, num_sample, seed, dtype)
