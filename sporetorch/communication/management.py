"""``mindspore.communication.management``: the same functions as ``sporetorch.communication``."""
from . import *  # noqa: F401,F403 - MindSpore scripts import these names from here
from . import __all__  # noqa: F401
