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
