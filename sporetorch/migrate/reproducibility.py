"""``fix_random``: one seed for Python, NumPy, torch and sporetorch, and deterministic kernels."""
import torch

__all__ = ["fix_random"]


class fix_random:  # noqa: N801 - used like a function, as MindSpore's set_seed is
    """Seed Python's ``random``, NumPy, torch and sporetorch's global seed with ``seed``, and make
    torch pick deterministic kernels.

    Both sides of a comparison draw from the same torch generator here (sporetorch's Dropout and
    random ops call torch), so seeding once before each side's forward gives them the very same
    random numbers.

    Used as a plain call, the settings stay; used as a context manager, the deterministic-kernel
    settings in force before are restored on exit (the seeds, by their nature, are not).

    Args:
        seed (int): the seed, in [0, 2**32 - 1].
        deterministic (bool): also call ``torch.use_deterministic_algorithms(True, warn_only=True)``
            and turn off cuDNN autotuning. Default: True.
    """

    def __init__(self, seed=0, deterministic=True):
        from ..common.seed import set_seed
        if not isinstance(deterministic, bool):
            raise TypeError(f"For 'fix_random', 'deterministic' must be bool, but got {type(deterministic).__name__}")
        self._saved = (torch.are_deterministic_algorithms_enabled(),
                       torch.is_deterministic_algorithms_warn_only_enabled(),
                       torch.backends.cudnn.deterministic, torch.backends.cudnn.benchmark)
        set_seed(seed)  # seeds torch, NumPy and random as well
        if deterministic:
            torch.use_deterministic_algorithms(True, warn_only=True)
            torch.backends.cudnn.deterministic = True
            torch.backends.cudnn.benchmark = False
        self.seed = seed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        enabled, warn_only, cudnn_det, cudnn_bench = self._saved
        torch.use_deterministic_algorithms(enabled, warn_only=warn_only)
        torch.backends.cudnn.deterministic = cudnn_det
        torch.backends.cudnn.benchmark = cudnn_bench
        return False
