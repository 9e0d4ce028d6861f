"""Global random seed (``set_seed``/``get_seed``), seeding torch, NumPy and ``random`` together."""
import random

import numpy as np
import torch

_state = {"seed": None}


def set_seed(seed):
    """Set the global seed. Rerunning a program with the same seed repeats its random sequence."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"For 'set_seed', the 'seed' must be an int, but got {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"For 'set_seed', the 'seed' must be non-negative, but got {seed}")
    _state["seed"] = seed
    # Ops with an op-level seed restart their sequences after every set_seed call.
    _state["generation"] = _state.get("generation", 0) + 1
    torch.manual_seed(seed)
    np.random.seed(seed % (2 ** 32))
    random.seed(seed)


def get_seed():
    """Return the global seed set by ``set_seed``, or None."""
    return _state["seed"]
