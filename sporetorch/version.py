"""``mindspore.version``: the MindSpore version whose behaviour this package implements.

Model zoos branch on it (``from mindspore import version; version.__version__ >= "2.3"``).
sporetorch's own release is ``sporetorch.__version__``.
"""
__version__ = "2.10.0"
