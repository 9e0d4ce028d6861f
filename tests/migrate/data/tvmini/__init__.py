"""A minimal stand-in for the torchvision package: the model files of torchvision 0.29.1
(BSD 3-Clause License, see LICENSE) with the helpers they import, so that the translation tests
follow the same relative imports without torchvision installed."""
