"""MindSpore 2.10's ``mindspore.train.train_thor.dataset_helper``: THOR's sink-mode data sending. THOR's
dataset iterators create the device data queue, which MindSpore's CPU build cannot (no InitDataSetQueue
kernel); they are recorded as such. The sending helpers are those of ``train.dataset_helper``."""
from ..dataset_helper import _send_data, _send_data_no_flag  # noqa: F401 - MindSpore defines them here too

__all__ = []
