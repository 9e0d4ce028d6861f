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

__all__ = ["Optimizer", "opt_init_args_register", "SGD", "Momentum", "Adam", "AdamOffload", "LazyAdam", "AdamWeightDecay",
           "AdaMax", "Adagrad", "ProximalAdagrad", "Adadelta", "RMSProp", "FTRL",
           "ASGD", "Rprop", "Lamb", "LARS", "AdaFactor",
           "AdamW", "NAdam", "RAdam"]
