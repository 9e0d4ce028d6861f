"""MindSpore 2.10's ``mindspore.train.data_sink``: ``data_sink`` (defined in dataset_helper.py) and the private
helpers that pick the GetNext op and the (jitted) sink function per dataset. Creating the device data queue
(``_init_sink_dataset``) is recorded as not runnable on MindSpore's CPU build (no InitDataSetQueue kernel)."""
from .dataset_helper import data_sink

__all__ = ["data_sink"]


class _DataSinkAux:
    """Per-dataset cache of sink mode's GetNext ops and sink functions; it is never copied."""

    @staticmethod
    def __deepcopy__(memodict):
        return None


def _get_next_op(dataset, ori_next_op, is_info_queue):
    """``(next_op, key_info)``: without a data-info queue, ``(ori_next_op, '')``. A data-info queue (the
    dynamic-shape sink of Ascend) needs the device queue, which does not exist here."""
    if not is_info_queue:
        return ori_next_op, ""
    raise RuntimeError("_get_next_op: the data-info queue of dynamic-shape data sinking reads the device data "
                       "queue, which MindSpore 2.10 creates only on Ascend (its CPU build has no InitDataSetQueue "
                       "kernel); sporetorch has none.")


def _get_jit_func(sink_fun, jit_config):
    """``sink_fun`` compiled with ``jit`` as ``jit_config`` asks (level O2 is O0 with the GE backend;
    STRICT syntax compiles the full graph)."""
    from ..common.jit import jit
    options = jit_config.jit_config_dict
    jit_level = options["jit_level"] or "O0"
    backend = ""
    if jit_level == "O2":
        jit_level, backend = "O0", "GE"
    backend = options.get("backend", backend)
    return jit(sink_fun, jit_level=jit_level, backend=backend,
               fullgraph=options["jit_syntax_level"] == "STRICT", exc_mode=options["exc_mode"],
               infer_boost=options["infer_boost"])


def _get_sink_fun(sink_fun, key_info, is_info_queue, dataset, jit_config):
    """The function data sinking runs for ``dataset``: ``sink_fun`` (jitted when ``jit_config`` is given),
    made once per dataset (``dataset.__sink_fun__``) or, with a data-info queue, once per data shape."""
    if not is_info_queue:
        if not hasattr(dataset, "__sink_fun__"):
            dataset.__sink_fun__ = sink_fun if jit_config is None else _get_jit_func(sink_fun, jit_config)
        return dataset.__sink_fun__
    funcs = dataset.__sink_aux__.sink_funcs
    key = key_info[0]
    if key not in funcs:
        funcs[key] = sink_fun if jit_config is None else _get_jit_func(sink_fun, jit_config)
    return funcs[key]
