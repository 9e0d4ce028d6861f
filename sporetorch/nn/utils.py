"""``mindspore.nn.utils``: ``no_init_parameters``."""
import contextlib

__all__ = ["no_init_parameters"]


@contextlib.contextmanager
def no_init_parameters():
    """A scope in which MindSpore defers the initialisation of the Parameters it creates (to save the time and
    memory of random values that a checkpoint will overwrite).

    Differences from MindSpore: Parameters created in the scope are initialised as usual; the loaded
    checkpoint overwrites them in place, so results are the same and only the deferral is lost.
    """
    yield
