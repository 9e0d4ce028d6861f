"""``mindspore.dataset.config``: the seed and worker defaults every pipeline reads.

The seed drives shuffling, samplers, ``split(randomize=True)`` and the random vision
ops. Without ``set_seed`` each iterator draws fresh entropy, as MindSpore does.
"""
import numpy as np

_state = {"seed": None, "num_parallel_workers": 1, "prefetch_size": 16, "callback_timeout": 60}


def set_seed(seed):
    """Make every later shuffle and random transform deterministic."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= 2 ** 32 - 1:
        raise ValueError(f"For 'set_seed', the seed must be an int in [0, 2**32 - 1], but got {seed!r}")
    _state["seed"] = seed


def get_seed():
    """Return the seed set by ``set_seed`` (MindSpore's default 5489 when none was set)."""
    return 5489 if _state["seed"] is None else _state["seed"]


def set_num_parallel_workers(num):
    if isinstance(num, bool) or not isinstance(num, int) or num < 1:
        raise ValueError(f"For 'set_num_parallel_workers', num must be a positive int, but got {num!r}")
    _state["num_parallel_workers"] = num


def get_num_parallel_workers():
    return _state["num_parallel_workers"]


def set_prefetch_size(size):
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"For 'set_prefetch_size', size must be a positive int, but got {size!r}")
    _state["prefetch_size"] = size


def get_prefetch_size():
    return _state["prefetch_size"]


def _new_base_seed():
    """The seed for one iterator: fixed under ``set_seed``, fresh entropy otherwise."""
    if _state["seed"] is not None:
        return _state["seed"]
    return int(np.random.SeedSequence().entropy % (2 ** 32))


def _rng(*salt):
    """A NumPy generator for one random decision, derived from the pipeline seed and ``salt``."""
    return np.random.default_rng([_new_base_seed(), *salt])


def set_callback_timeout(timeout):
    """Seconds a ``sync_wait`` waits for its ``sync_update`` before failing."""
    if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout <= 0:
        raise ValueError(f"For 'set_callback_timeout', timeout must be a positive int, but got {timeout!r}")
    _state["callback_timeout"] = timeout


def get_callback_timeout():
    return _state["callback_timeout"]
