"""``mindspore.experimental.optim``: optimizers with torch-style parameter groups, called as
``optimizer(grads)``, and the :mod:`lr_scheduler` family that steps them per epoch."""
from .optimizer import Optimizer
from .sgd import SGD
from .adam import Adam
from .adamw import AdamW
from .adamax import Adamax
from .nadam import NAdam
from .radam import RAdam
from .adagrad import Adagrad
from .adadelta import Adadelta
from .rmsprop import RMSprop
from .rprop import Rprop
from .asgd import ASGD
from . import lr_scheduler

__all__ = ["Optimizer", "AdamW", "SGD", "Adam", "Adadelta", "Adagrad", "ASGD", "Adamax", "RMSprop", "Rprop", "RAdam",
           "NAdam", "lr_scheduler"]
