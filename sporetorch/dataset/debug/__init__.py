"""``mindspore.dataset.debug``: debug hooks of the pipeline's debug mode."""
from ..engine._utils import DebugHook
from .pre_defined_hook import PrintDataHook, PrintMetaDataHook

__all__ = ["DebugHook", "PrintMetaDataHook", "PrintDataHook"]
