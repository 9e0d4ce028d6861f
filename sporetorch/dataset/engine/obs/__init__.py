"""``mindspore.dataset.engine.obs``: the helpers behind ``OBSMindDataset`` (MindRecord files read from Huawei OBS
cloud storage). The local-file parts (sharding, cache bookkeeping, file locks, the config object) run here as in
MindSpore 2.10; whatever talks to OBS needs the OBS SDK (``obs``), which MindSpore's CPU install lacks too."""
from .obs_mindrecord_dataset import sync_wait_for_dataset  # noqa: F401
# MindRecordFromOBS needs OBS (see obs_mindrecord_dataset); the module tree serves it.

__all__ = ["MindRecordFromOBS", "sync_wait_for_dataset"]
