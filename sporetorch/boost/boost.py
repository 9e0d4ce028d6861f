"""AutoBoost: the boost configuration behind ``Model(boost_level=...)``."""
import threading

from .base import OptimizerProcess, ParameterProcess
from .grad_freeze import GradientFreeze
from .less_batch_normalization import LessBN

__all__ = ["AutoBoost"]

_MODES = ["auto", "manual", "enable_all", "disable_all"]
_LEVELS = {
    "O0": dict(less_bn=False, grad_freeze=False, adasum=False, grad_accumulation=False, dim_reduce=False,
               loss_scale_group=False),
    "O1": dict(less_bn=True, grad_freeze=True, adasum=False, grad_accumulation=False, dim_reduce=False,
               loss_scale_group=False),
    "O2": dict(less_bn=True, grad_freeze=True, adasum=True, grad_accumulation=False, dim_reduce=False,
               loss_scale_group=False),
}
# boost_config_dict keys (in the "common" section or a switched-on feature's section) -> attribute
_SETTINGS = {"fn_flag": "_fn_flag", "gc_flag": "_gc_flag", "param_groups": "_param_groups",
             "freeze_type": "_freeze_type", "freeze_p": "_freeze_p", "total_steps": "_total_steps",
             "device_number": "device_number", "gradient_split_groups": "gradient_groups",
             "grad_accumulation_step": "grad_accumulation_step", "rho": "rho", "gamma": "gamma", "alpha": "alpha",
             "sigma": "sigma", "n_components": "n_components", "pca_mat_path": "pca_mat_path",
             "weight_load_dir": "weight_load_dir", "timeout": "timeout"}


class AutoBoost:
    """The process-wide boost configuration (a singleton, as in MindSpore: the first construction's
    level and dict stay in force).

    Args:
        level (str): ``"O0"`` (nothing), ``"O1"`` (less_bn, grad_freeze) or ``"O2"`` (also adasum);
            anything else is ``"O0"``.
        boost_config_dict (dict): ``{"boost": {"mode": "auto"|"manual"|"enable_all"|"disable_all",
            <feature>: bool}, "common": {...}, "less_bn": {...}, "grad_freeze": {...}, ...}``.

    ``network_auto_process_train(network, optimizer)`` applies LessBN (with grad centralization of
    Conv2d weights) and gradient freezing. Differences from MindSpore: the gradient-freezing schedule
    trains every parameter group at every step (see :class:`GradientFreeze`); adasum acts as one
    device; dim_reduce is not available.
    """

    _lock = threading.Lock()
    _instance = None

    def __new__(cls, level="O0", boost_config_dict=""):
        with cls._lock:
            if cls._instance is None:
                cls._instance = object.__new__(cls)
                cls._instance.level = None
        return cls._instance

    def __init__(self, level="O0", boost_config_dict=""):
        if level not in _LEVELS:
            level = "O0"
        if self.level is not None:
            return
        self.level = level
        self.boost_config_dict = boost_config_dict
        self._fn_flag, self._gc_flag = True, True
        self._param_groups, self._freeze_type, self._freeze_p, self._total_steps = 10, 1, 0.7, 65536
        self.gradient_groups, self.device_number, self.grad_accumulation_step = None, 8, 1
        self.rho, self.gamma, self.alpha, self.sigma, self.n_components = 0.55, 0.9, 0.001, 0.4, 32
        self.pca_mat_path = self.weight_load_dir = self.local_pca_mat_path = None
        self.timeout = 1800
        self.boost_config = self._get_configuration(level, boost_config_dict)
        self._param_processer = ParameterProcess()

    def _get_configuration(self, level, config):
        level_config = dict(_LEVELS[level])
        if not config:
            return level_config
        mode = config.get("boost", {}).get("mode", "auto")
        if mode not in _MODES:
            raise ValueError(f"The boost mode must be in {_MODES}, but got {mode}")
        if mode == "manual":
            level_config.update({k: v for k, v in config["boost"].items() if k in level_config})
        elif mode == "enable_all":
            level_config = {k: True for k in level_config}
        elif mode == "disable_all":
            level_config = {k: False for k in level_config}
        for key, section in config.items():
            if key == "common" or level_config.get(key):
                for name, value in section.items():
                    if name in _SETTINGS:
                        setattr(self, _SETTINGS[name], value)
        return level_config

    def network_auto_process_train(self, network, optimizer):
        """Apply the configured boosts to a training network and its optimizer."""
        if self.boost_config.get("dim_reduce"):
            raise NotImplementedError("AutoBoost: dim_reduce needs PCA matrices computed across Ascend devices "
                                      "and is not available in sporetorch")
        if self.boost_config.get("less_bn"):
            network = LessBN(network, fn_flag=self._fn_flag)
            process = OptimizerProcess(optimizer)
            if self._gc_flag:
                process.add_grad_centralization(network)
            optimizer = process.generate_new_optimizer()
        if self.boost_config.get("grad_freeze"):
            freeze = GradientFreeze(self._param_groups, self._freeze_type, self._freeze_p, self._total_steps)
            network, optimizer = freeze.freeze_generate(network, optimizer)
        if self.boost_config.get("adasum"):
            optimizer.adasum = True
        return network, optimizer

    def network_auto_process_eval(self, network):
        """Apply the configured boosts to an evaluation network."""
        if self.boost_config.get("less_bn") and not self.boost_config.get("dim_reduce"):
            return LessBN(network)
        return network
