"""Global random seed (``set_seed``/``get_seed``), seeding torch, NumPy and ``random`` together."""
import random

import numpy as np
import torch

# "generation" counts set_seed calls: ops with an op-level seed restart their sequences after each.
_state = {"seed": None, "generation": 0}


def set_seed(seed):
    """Set the global seed (an int in [0, 2**32 - 1]) of torch, NumPy and ``random``.
    Rerunning a program with the same seed repeats its random sequence."""
    if isinstance(seed, bool):
        raise TypeError(f"For 'global_seed', the 'seed' must be int and must >= 0, but got '{seed}' with type 'bool'.")
    if not isinstance(seed, int):
        raise TypeError(f"The argument 'seed' must be type of int, but got {type(seed)}.")
    if seed < 0:
        raise ValueError(f"For 'global_seed', the 'seed' must be int and must >= 0, but got '{seed}' with type 'int'.")
    if seed > 2 ** 32 - 1:
        raise ValueError("Seed must be between 0 and 2**32 - 1")
    _state["seed"] = seed
    _state["generation"] += 1
    torch.manual_seed(seed)
    np.random.seed(seed)
    random.seed(seed)


def get_seed():
    """Return the global seed set by ``set_seed``, or None."""
    return _state["seed"]


# Op-level seed bookkeeping of MindSpore 2.10's random ops (``_get_graph_seed(op_seed, kernel_name)``):
# the graph seed and a per-(kernel, op seed) counter that advances on each call, so two calls with the
# same op seed differ and a rerun repeats them.
_MAXINT32 = 2 ** 31 - 1
DEFAULT_GRAPH_SEED = 87654321
keyConstant = [3528531795, 2654435769, 3449720151, 3144134277]
_KERNEL_SEED = {}


def _truncate_seed(seed):
    """Return ``seed`` modulo 2**31 - 1."""
    return seed % _MAXINT32


def _get_op_seed(op_seed, kernel_name):
    """Return the current seed of ``(kernel_name, op_seed)``, registering it on first use."""
    if (kernel_name, op_seed) not in _KERNEL_SEED:
        _KERNEL_SEED[(kernel_name, op_seed)] = op_seed
    return _KERNEL_SEED[(kernel_name, op_seed)]


def _update_seeds(op_seed, kernel_name):
    """Advance the seed of ``(kernel_name, op_seed)`` after a call."""
    if op_seed is not None:
        _KERNEL_SEED[(kernel_name, op_seed)] = _KERNEL_SEED.get((kernel_name, op_seed)) + \
            (keyConstant[0] ^ keyConstant[2])


def _reset_op_seed():
    """Restart every registered op seed at its initial value."""
    for key in _KERNEL_SEED:
        _KERNEL_SEED[key] = key[1]


def _get_graph_seed(op_seed, kernel_name):
    """Return ``(graph seed, op seed)`` for a random op: ``(0, 0)`` when neither the global seed nor the
    op seed is set (the kernel picks a random seed), else both truncated, advancing the op's counter."""
    from .._checkparam import check_non_negative_int
    global_seed = get_seed()
    if global_seed == 0:
        global_seed = DEFAULT_GRAPH_SEED
    elif global_seed is None:
        global_seed = 0
    if op_seed is None:
        op_seed = 0
    if global_seed == 0 and op_seed == 0:
        return 0, 0
    check_non_negative_int(op_seed, "seed", kernel_name)
    seeds = _truncate_seed(global_seed), _truncate_seed(_get_op_seed(op_seed, kernel_name))
    _update_seeds(op_seed, kernel_name)
    return seeds
