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

# MindSpore's module names for classes that live in a family module here, so that
# ``from mindspore.nn.optim.momentum import Momentum`` keeps working under the launcher.
import sys as _sys  # noqa: E402
from . import adagrad as _adagrad, adam as _adam, asgd as _asgd, lamb as _lamb, sgd as _sgd  # noqa: E402

for _name, _module in (("momentum", _sgd), ("ada_grad", _adagrad), ("proximal_ada_grad", _adagrad),
                       ("adadelta", _adagrad), ("lazyadam", _adam), ("adamax", _adam), ("lars", _lamb),
                       ("rprop", _asgd)):
    _sys.modules.setdefault(f"{__name__}.{_name}", _module)
