"""The settings object of ``OBSMindDataset``: class defaults, overridden by environment variables."""
import os


class Config:
    """Default settings of an OBS-backed MindRecord dataset (local cache folder, download tuning)."""
    WORKING_PATH = "/cache"
    DATASET_LOCAL_PATH = os.path.join(WORKING_PATH, "dataset")
    DISK_THRESHOLD = 0.75
    TASK_NUM = 8
    PART_SIZE = 10 * 1024 * 1024
    MAX_RETRY = 3
    RETRY_DELTA_TIME = 10
    WARMINGUP_TIME = 10
    WAIT_STEP_TIME = 0.1
    WAIT_META_TIME = 1
    SEED = 1


class _Config:
    """One dataset's settings. Reading a name looks in the environment first (converted to the type of the
    default when there is one), then in the settings; an unknown name raises RuntimeError."""

    def __init__(self):
        self.config = {k: v for k, v in vars(Config).items() if not k.startswith("__") and not callable(v)}

    def __getattr__(self, key):
        if key in os.environ:
            return self._convert_type(key)
        if key in self.config:
            return self.config[key]
        raise RuntimeError(f"Variable {key} can not be found in configuration file or environment variables.")

    def __setattr__(self, key, value):
        if key == "config":
            self.__dict__["config"] = value
        else:
            self.config[key] = value

    def _convert_type(self, key):
        raw = os.environ[key]
        default = self.config.get(key)
        # bool is not special-cased: an int default converts with int() (float defaults with float()).
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, float):
            return float(raw)
        return raw

    def copy(self):
        """An independent settings object with the current values."""
        other = _Config()
        other.config = dict(self.config)
        return other


def create_obs_config():
    """A fresh settings object for one dataset."""
    return _Config()
