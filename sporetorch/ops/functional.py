"""``mindspore.ops.functional`` (imported as ``F``): the functional operators under their MindSpore names."""
from .function import *  # noqa: F401,F403
from .function import __all__  # noqa: F401
