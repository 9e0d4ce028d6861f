"""Optimizers (`mindspore.nn.optim`)."""
from .optimizer import Optimizer, opt_init_args_register
from .sgd import SGD, Momentum
from .adam import Adam, AdamOffload, LazyAdam, AdamWeightDecay, AdaMax
from .adagrad import Adagrad, ProximalAdagrad, Adadelta
from .rmsprop import RMSProp
from .ftrl import FTRL
from .asgd import ASGD, Rprop
from .lamb import Lamb, LARS
from .adafactor import AdaFactor
from .extensions import AdamW, NAdam, RAdam

__all__ = ["Optimizer", "opt_init_args_register", "SGD", "Momentum", "Adam", "AdamOffload", "LazyAdam",
           "AdamWeightDecay", "AdaMax", "Adagrad", "ProximalAdagrad", "Adadelta", "RMSProp", "FTRL", "ASGD", "Rprop",
           "Lamb", "LARS", "AdaFactor", "AdamW", "NAdam", "RAdam"]

# MindSpore's module name for a class that lives in a family module here, so that
# ``from mindspore.nn.optim.rprop import Rprop`` keeps working under the launcher (the other MindSpore module
# names, ``momentum``, ``ada_grad``, ``lazyadam``..., are modules of their own with MindSpore's helpers).
import sys as _sys  # noqa: E402
from . import asgd as _asgd  # noqa: E402

_sys.modules.setdefault(f"{__name__}.rprop", _asgd)
