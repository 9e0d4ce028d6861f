"""A tiny regression problem shared by the Model and callback tests (6 rows, batches of 3)."""
import numpy as np

import sporetorch.dataset as ds
from sporetorch import nn
from sporetorch.train import Model

X = np.random.RandomState(0).randn(6, 3).astype(np.float32)
Y = np.random.RandomState(1).randn(6, 2).astype(np.float32)


def data(batch=3):
    return ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(batch)


def model(lr=0.1, metrics=("mae",)):
    net = nn.Dense(3, 2)
    return Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), lr), metrics=set(metrics) if metrics else None)
