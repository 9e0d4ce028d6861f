"""``mindspore.experimental``: the PyTorch-style optimizers and learning-rate schedulers."""
from . import optim

__all__ = ["optim"]
