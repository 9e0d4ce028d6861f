"""Calls of MindSpore 2.10's private ``mindspore.train`` helpers, written against a module argument so that
the same calls run on sporetorch (the tests) and on MindSpore 2.10 (which recorded the expected strings in
test_train_private_helpers_ms210.py). Imports nothing of either package itself."""
import importlib
import os

import numpy as np

_LAYOUT = {"w": [[2, 4], [1, -1], [], [], [], ""], "b": [[2, 4], [-1, 0], [], [], [], ""],
           "a": [[2, 4], [-1, -1], [], [], [], ""]}


def _mod(ms, path):
    return importlib.import_module(f"{ms.__name__}.{path}")


def _utils_cases(ms, tmp):
    u = _mod(ms, "train._utils")
    red = u.get_parameter_redundancy(_LAYOUT)

    def without(layout):
        d = {}
        u._get_parameter_redundancy_without_opt_shard(layout, d, 0)
        return d

    def strat(d, opt):
        u._get_strategy_opt_shard(d, opt)
        return d

    wrapped = u._mstx_range_decorator("msg")(lambda x: x + 1)
    return [
        ("redundancy", lambda: u.get_parameter_redundancy(_LAYOUT)),
        ("redundancy_rank8", lambda: u.get_parameter_redundancy(_LAYOUT, 8)),
        ("initial_rank", lambda: u._get_initial_rank(_LAYOUT)),
        ("without_opt_shard", lambda: without({"x": [[2, 2, 2], [2, -1]]})),
        ("without_opt_shard_3d", lambda: without({"x": [[2, 3, 2], [0, 2]]})),
        ("pp_size", lambda: u._get_pp_size_from_redundancy_map(red)),
        ("collect", lambda: u._collect_settings_by_rank(red)),
        ("remove", lambda: sorted((k, sorted(v)) for k, v in u.remove_param_redundancy(red).items())),
        ("remove2", lambda: sorted((k, sorted(v)) for k, v in u.remove_param_redundancy(red, 2).items())),
        ("strategy_opt_shard", lambda: strat({"w": ((0, 1, 2, 3),), "b": ((0, 2), (1, 3))},
                                             {"w": [1, 2], "b": [0, 0]})),
        ("strategy_opt_shard_whole", lambda: strat({"w": ((0, 1, 2, 3),)}, {"w": [2, -1]})),
        ("strategy_opt_shard_err", lambda: strat({}, {"w": [2, -1]})),
        ("data_broadcast", lambda: u.enable_data_broadcast()),
        ("load_and_transform", lambda: u._load_and_transform("p", {"a": "A"}, lambda p: {"a": 1, "b": 2})),
        ("load_and_transform_none", lambda: u._load_and_transform("p", None, lambda p: {"a": 1, "b": 2})),
        ("mstx_range", lambda: (wrapped(2), wrapped.__name__)),
    ]


FAMILIES = {"utils": _utils_cases}


def all_cases(ms, tmp):
    """``[(family/label, thunk)]`` of every family; ``tmp`` is a scratch folder."""
    out = []
    for family, make in FAMILIES.items():
        folder = os.path.join(tmp, family)
        os.makedirs(folder, exist_ok=True)
        out += [(f"{family}/{label}", f) for label, f in make(ms, folder)]
    return out
