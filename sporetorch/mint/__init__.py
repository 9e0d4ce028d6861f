"""``mindspore.mint``: MindSpore 2.10's PyTorch-style namespace (``dim``/``keepdim`` arguments).

A façade: every name translates torch-style arguments and calls the one implementation of the op
in :mod:`sporetorch.ops`.
"""
from ..common.tensor import Tensor  # noqa: F401 - mindspore.mint.Tensor
