"""``mindspore.train.train_thor``: switching a network and Model to the THOR second-order optimizer
(``convert_utils``), THOR's Model (``model_thor``) and its sink-mode dataset helpers (``dataset_helper``)."""
from .convert_utils import ConvertModelUtils, ConvertNetUtils

__all__ = ["ConvertNetUtils", "ConvertModelUtils"]
