"""OptimizerProcess and ParameterProcess: rebuild an optimizer with grad centralization or with
parameter groups, as the boost passes do."""
from ..common.parameter import Parameter
from ..nn.layer.conv import Conv2d

__all__ = ["OptimizerProcess", "ParameterProcess"]


class OptimizerProcess:
    """Rebuild ``opt`` (same class and settings) over changed parameter groups.

    Args:
        opt (Optimizer): the optimizer; its parameters become ``origin_params``.

    ``add_grad_centralization(network)`` turns on grad centralization for the weights of the
    network's Conv2d layers; ``generate_new_optimizer()`` builds the optimizer anew.
    """

    def __init__(self, opt):
        self.origin_params = list(opt.parameters)
        self.opt_class = type(opt)
        self.opt_init_args = dict(getattr(opt, "init_args", {}) or {})
        self.opt_init_args.pop("params", None)

    @staticmethod
    def build_params_dict(network):
        """``{id(parameter): cell}`` for every parameter held directly by a cell of ``network``."""
        out = {}
        for _, cell in network.cells_and_names():
            for p in cell._params.values():
                out[id(p)] = cell
        return out

    @staticmethod
    def build_gc_params_group(params_dict, parameters):
        """Split ``parameters`` into Conv2d weights (grad centralization) and the rest."""
        gc, rest = [], []
        for p in parameters:
            cell = params_dict.get(id(p))
            (gc if isinstance(cell, Conv2d) and p is cell.weight else rest).append(p)
        groups = []
        if gc:
            groups.append({"params": gc, "grad_centralization": True})
        if rest:
            groups.append({"params": rest})
        return groups

    def add_grad_centralization(self, network):
        params = self.origin_params
        if params and isinstance(params[0], dict):
            flat = [p for g in params for p in g["params"]]
        else:
            flat = params
        self.origin_params = self.build_gc_params_group(self.build_params_dict(network), flat)

    def generate_new_optimizer(self):
        return self.opt_class(self.origin_params, **self.opt_init_args)


class ParameterProcess:
    """Split parameters into groups at given indices and carry per-group settings over."""

    def __init__(self):
        self._parameter_indices = 1

    @staticmethod
    def generate_group_params(parameters, origin_params):
        """Groups of ``parameters`` (lists), each taking the settings of the ``origin_params``
        group that held its first parameter."""
        if not origin_params or not isinstance(origin_params[0], dict):
            return [{"params": list(g)} for g in parameters]
        out = []
        for group in parameters:
            setting = next((g for g in origin_params if any(p is group[0] for p in g["params"])), {})
            out.append({**{k: v for k, v in setting.items() if k != "params"}, "params": list(group)})
        return out

    def assign_parameter_group(self, parameters, split_point=None):
        """Split the list ``parameters`` at the indices ``split_point`` (default: halves)."""
        parameters = [p for p in parameters if isinstance(p, Parameter)]
        if not split_point:
            split_point = [len(parameters) // 2]
        bounds = [0] + [min(int(s), len(parameters)) for s in split_point] + [len(parameters)]
        return [parameters[a:b] for a, b in zip(bounds, bounds[1:]) if b > a]
