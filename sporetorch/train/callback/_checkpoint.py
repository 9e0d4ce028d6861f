"""ModelCheckpoint and CheckpointConfig: save ``.ckpt`` files during training."""
import logging
import os
import stat
import time

from .. import _checkpoint_crypto as _crypto
from ..serialization import _check_type, save_checkpoint
from ._callback import Callback

_logger = logging.getLogger("sporetorch")
_INT_ARGS = ("save_checkpoint_steps", "save_checkpoint_seconds", "keep_checkpoint_max",
             "keep_checkpoint_per_n_minutes")


class CheckpointConfig:
    """When ``ModelCheckpoint`` saves and how many files it keeps.

    Args:
        save_checkpoint_steps (int): save every this many steps. Default: 1.
        save_checkpoint_seconds (int): save every this many seconds (used when steps is 0/None).
        keep_checkpoint_max (int): keep at most this many files (oldest removed first). Default: 5.
        keep_checkpoint_per_n_minutes (int): keep one file per this many minutes instead.
        integrated_save (bool), async_save (bool), crc_check (bool), format (str): passed to
            ``save_checkpoint``.
        saved_network (Cell, optional): save this network instead of the training network.
        append_info (list, optional): ``"epoch_num"``, ``"step_num"`` and/or a dict of extra entries.
        enc_key (bytes, optional): encrypt every file with this key (16, 24 or 32 bytes for AES,
            16 for SM4); read them back with ``load_checkpoint(..., dec_key=, dec_mode=)``. Needs
            the optional ``cryptography`` package, otherwise ``NotImplementedError``.
        enc_mode (str): ``"AES-GCM"``, ``"AES-CBC"`` or ``"SM4-CBC"``; used only with ``enc_key``.

    Differences from MindSpore: with ``enc_key``, the mode and the key length are checked here
    instead of at the first save, and ``crc_check=True`` is a ``ValueError`` (MindSpore writes
    files that it cannot read back).
    """

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode="AES-GCM", exception_save=False, crc_check=False,
                 remove_redundancy=False, format="ckpt", **kwargs):
        values = dict(zip(_INT_ARGS, (save_checkpoint_steps, save_checkpoint_seconds, keep_checkpoint_max,
                                      keep_checkpoint_per_n_minutes)))
        for name, value in values.items():
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise ValueError(f"For 'CheckpointConfig', '{name}' must be an int >= 0 or None, but got {value!r}")
        if not save_checkpoint_steps and not save_checkpoint_seconds:
            raise ValueError("The input arguments 'save_checkpoint_steps' and 'save_checkpoint_seconds' "
                             "can not be None or 0 at the same time.")
        if not keep_checkpoint_max and not keep_checkpoint_per_n_minutes:
            keep_checkpoint_max = 1
        if format not in ("ckpt", "safetensors"):
            raise ValueError(f"For 'CheckpointConfig', 'format' must be 'ckpt' or 'safetensors', but got {format!r}")
        _check_type("enc_key", enc_key, (type(None), bytes), "CheckpointConfig")
        _check_type("enc_mode", enc_mode, (str,), "CheckpointConfig")
        if format == "safetensors":
            # MindSpore allows none of these with safetensors (a ValueError from CheckpointConfig too).
            not_default = {"enc_key": enc_key is not None, "enc_mode": enc_mode != "AES-GCM",
                           "crc_check": bool(crc_check), "exception_save": bool(exception_save)}
            changed = [name for name, flag in not_default.items() if flag]
            if changed:
                raise ValueError(f"For 'CheckpointConfig', when format is 'safetensors', "
                                 f"{', '.join(repr(n) for n in changed)} must keep their default values.")
        if enc_key is not None:
            # Fail now rather than at the first save, possibly after a long epoch.
            if crc_check:
                raise ValueError("For 'CheckpointConfig', 'enc_key' and 'crc_check' cannot be used together.")
            _crypto.check_key("CheckpointConfig", enc_key, enc_mode)
        if saved_network is not None and not hasattr(saved_network, "parameters_and_names"):
            raise TypeError(f"For 'CheckpointConfig', 'saved_network' must be a Cell, but got "
                            f"{type(saved_network).__name__}")
        self._save_checkpoint_steps = save_checkpoint_steps or None
        self._save_checkpoint_seconds = save_checkpoint_seconds or None
        if self._save_checkpoint_steps:
            self._save_checkpoint_seconds = None
        self._keep_checkpoint_max = keep_checkpoint_max or None
        self._keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes or None
        if self._keep_checkpoint_max:
            self._keep_checkpoint_per_n_minutes = None
        self._integrated_save = integrated_save
        self._async_save = async_save
        self._saved_network = saved_network
        self._append_dict = _append_info(append_info)
        self._enc_key = enc_key
        self._enc_mode = enc_mode
        self._crc_check = crc_check
        self._format = format
        self._exception_save = exception_save

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    append_dict = property(lambda self: self._append_dict)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)

    def get_checkpoint_policy(self):
        return {"save_checkpoint_steps": self.save_checkpoint_steps,
                "save_checkpoint_seconds": self.save_checkpoint_seconds,
                "keep_checkpoint_max": self.keep_checkpoint_max,
                "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
                "saved_network": self.saved_network}


def _append_info(append_info):
    if append_info is None:
        return None
    if not isinstance(append_info, list):
        raise TypeError(f"For 'CheckpointConfig', 'append_info' must be a list, but got {append_info!r}")
    out = {}
    for item in append_info:
        if item in ("epoch_num", "step_num"):
            out[item] = 0
        elif isinstance(item, dict):
            out.update(item)
        else:
            raise ValueError(f"For 'CheckpointConfig', 'append_info' items must be 'epoch_num', 'step_num' or a "
                             f"dict, but got {item!r}")
    return out


def _chg_ckpt_file_name_if_same_exist(directory, prefix, exception=False):
    """MindSpore's rule: when checkpoint files of ``prefix`` exist in ``directory``, ``prefix_N`` with N one more
    than the largest suffix taken (``exception=True`` looks at the ``_breakpoint.ckpt`` files only)."""
    if callable(prefix) or callable(directory):
        return prefix
    suffix_num = 0
    pre_len = len(prefix)
    for filename in os.listdir(directory):
        ext = os.path.splitext(filename)[-1]
        breakpoint_file = filename[-16:] == "_breakpoint.ckpt"
        if (exception and not breakpoint_file) or \
                (not exception and (ext not in (".ckpt", ".safetensors") or breakpoint_file)):
            continue
        if filename.find(prefix) == 0 and not filename[pre_len].isalpha():
            index = filename[pre_len:].find("-")
            if index == 0:
                suffix_num = max(suffix_num, 1)
            elif index != -1:
                num = filename[pre_len + 1:pre_len + index]
                if num.isdigit():
                    suffix_num = max(suffix_num, int(num) + 1)
    return f"{prefix}_{suffix_num}" if suffix_num else prefix


def _free_prefix(directory, prefix):
    if not os.path.isdir(directory):
        return prefix
    return _chg_ckpt_file_name_if_same_exist(directory, prefix)


def _check_format_and_other_params(format, enc_key, enc_mode, crc_check=False, exception_save=False,  # noqa: A002
                                   map_param_inc=False, global_step_num=None):
    """ValueError when a safetensors checkpoint is asked for with a non-default ckpt-only option."""
    if format == "safetensors" and (enc_key is not None or enc_mode != "AES-GCM" or crc_check or exception_save
                                    or map_param_inc or global_step_num is not None):
        raise ValueError("For 'save_checkpoint', when format is 'safetensors', other param must be default.")


def _wait_async_save_ckpt(async_save=False):
    """Wait for the asynchronous checkpoint saves (thread or process) to finish."""
    if async_save:
        from ..serialization import _wait_async_saves
        _wait_async_saves()


class ModelCheckpoint(Callback):
    """Save the training network's Parameters (with the optimizer state) to
    ``{directory}/{prefix}-{epoch}_{step}.ckpt`` as ``config`` says, and once more at the
    end of training when the last step was not saved.

    Args:
        prefix (str): the file name prefix; ``prefix_1``, ``prefix_2``, ... when files of the
            prefix already exist in ``directory``. Default: ``"CKP"``.
        directory (str, optional): the folder (created if missing). Default: the working directory.
        config (CheckpointConfig, optional): the policy. Default: ``CheckpointConfig()``.
    """

    def __init__(self, prefix="CKP", directory=None, config=None):
        super().__init__()
        if not isinstance(prefix, str) or not prefix or "/" in prefix or os.sep in prefix:
            raise ValueError(f"For 'ModelCheckpoint', 'prefix' must be a non-empty file name prefix, "
                             f"but got {prefix!r}")
        if config is None:
            config = CheckpointConfig()
        if not isinstance(config, CheckpointConfig):
            raise TypeError(f"For 'ModelCheckpoint', 'config' must be a CheckpointConfig, but got "
                            f"{type(config).__name__}")
        self._base_prefix = prefix
        self._prefix = prefix
        self._directory = os.path.abspath(directory if directory is not None else os.getcwd())
        self._config = config
        self._last_triggered_step = 0
        self._last_time = time.time()
        self._last_keep_time = time.time()
        self._saved = []
        self._latest_ckpt_file_name = ""

    @property
    def latest_ckpt_file_name(self):
        """The path of the last file written."""
        return self._latest_ckpt_file_name

    @property
    def _get_save_checkpoint_steps(self):
        return self._config.save_checkpoint_steps

    @property
    def _get_last_trigger_step(self):
        return self._last_triggered_step

    def on_train_begin(self, run_context):
        os.makedirs(self._directory, exist_ok=True)
        self._prefix = _free_prefix(self._directory, self._base_prefix)
        self._last_triggered_step = 0
        self._last_time = time.time()
        self._saved = []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        if self._should_save(cb_params.cur_step_num):
            self._save(cb_params)

    def on_train_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_step_num > self._last_triggered_step:
            self._save(cb_params)

    def _should_save(self, step):
        steps = self._config.save_checkpoint_steps
        if steps:
            return step - self._last_triggered_step >= steps
        return time.time() - self._last_time >= self._config.save_checkpoint_seconds

    def _save(self, cb_params):
        step = cb_params.cur_step_num
        step_in_epoch = (step - 1) % cb_params.batch_num + 1
        ext = "safetensors" if self._config.format == "safetensors" else "ckpt"
        path = os.path.join(self._directory, f"{self._prefix}-{cb_params.cur_epoch_num}_{step_in_epoch}.{ext}")
        append = self._config.append_dict
        if append is not None:
            append = dict(append)
            if "epoch_num" in append:
                append["epoch_num"] = cb_params.cur_epoch_num
            if "step_num" in append:
                append["step_num"] = step
        network = self._config.saved_network or cb_params.train_network
        self._remove_old()
        save_checkpoint(network, path, integrated_save=self._config.integrated_save,
                        async_save=self._config.async_save, append_dict=append, enc_key=self._config.enc_key,
                        enc_mode=self._config.enc_mode, crc_check=self._config.crc_check, format=self._config.format)
        self._saved.append(path)
        self._last_triggered_step = step
        self._last_time = time.time()
        self._latest_ckpt_file_name = path
        cb_params.last_save_ckpt_step = step
        cb_params.latest_ckpt_file = path

    def _remove_old(self):
        keep = self._config.keep_checkpoint_max
        if keep:
            while len(self._saved) >= keep:
                _remove(self._saved.pop(0))
            return
        minutes = self._config.keep_checkpoint_per_n_minutes
        if minutes and self._saved and time.time() - self._last_keep_time < minutes * 60:
            _remove(self._saved.pop())
        elif minutes:
            self._last_keep_time = time.time()


def _remove(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def _get_dp_tp_from_redundancy(redundancy_tuple):
    """``(dp, tp)``: the data-parallel groups (the redundancy groups) and the tensor-parallel ones (their
    i-th members)."""
    dp = [list(group) for group in redundancy_tuple]
    tp = [[group[i] for group in redundancy_tuple] for i in range(len(redundancy_tuple[0]))]
    return dp, tp


def _get_dp_tp_from_layout(parameter_redundancy_dict):
    """``(dp, tp)`` of the parameter with the most redundancy groups in a redundancy map."""
    dp, tp, most = [], [], 0
    for groups in parameter_redundancy_dict.values():
        if len(groups) > most:
            most = len(groups)
            dp, tp = _get_dp_tp_from_redundancy(groups)
    return dp, tp


class CheckpointManager:
    """MindSpore 2.10's bookkeeping of the checkpoint files of one prefix in a folder (``PREFIX-*.FORMAT`` whose
    middle part has no letters): listing them, removing the oldest, keeping one per N minutes."""

    def __init__(self, format="ckpt"):  # noqa: A002 - MindSpore's argument name
        self._ckpoint_filelist = []
        self._format = format

    @property
    def ckpoint_filelist(self):
        """The managed files."""
        return self._ckpoint_filelist

    @property
    def ckpoint_num(self):
        """How many files are managed."""
        return len(self._ckpoint_filelist)

    def update_ckpoint_filelist(self, directory, prefix):
        """List ``directory``'s files of ``prefix`` and this format."""
        suffix = f".{self._format}"
        self._ckpoint_filelist = [
            os.path.join(directory, name) for name in os.listdir(directory)
            if os.path.splitext(name)[-1] == suffix and name.startswith(prefix + "-")
            and not any(c.isalpha() for c in name[len(prefix):-len(suffix)])]

    def remove_ckpoint_file(self, file_name):
        """Delete ``file_name`` and forget it (a failure is logged, not raised)."""
        try:
            os.chmod(file_name, stat.S_IWRITE)
            os.remove(file_name)
            self._ckpoint_filelist.remove(file_name)
        except (OSError, ValueError):
            _logger.warning("Failed to remove the older ckpt file %s.", file_name)

    def remove_oldest_ckpoint_file(self):
        """Delete the file modified longest ago."""
        self.remove_ckpoint_file(sorted(self._ckpoint_filelist, key=os.path.getmtime)[0])

    def keep_one_ckpoint_per_minutes(self, minutes, cur_time):
        """Of the files modified in the last ``minutes`` before ``cur_time``, keep only the oldest."""
        recent = [f for f in self._ckpoint_filelist if cur_time - os.path.getmtime(f) < 60 * minutes]
        oldest, oldest_time = "", cur_time
        for f in recent:
            if os.path.getmtime(f) < oldest_time:
                oldest, oldest_time = f, os.path.getmtime(f)
        for f in recent:
            if f != oldest:
                self.remove_ckpoint_file(f)
