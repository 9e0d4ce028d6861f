"""MindSpore 2.10's ``mindspore.train.summary._writer_pool``: packing a step's recorded data into the records
of the summary, lineage and export writers. (MindSpore writes them from a pool of forked processes;
sporetorch's ``SummaryRecord`` writes TensorBoard files instead and has no such pool.)"""
from ._lineage_adapter import serialize_to_lineage_event
from ._summary_adapter import package_graph_event, package_summary_event
from .enums import PluginEnum, WriterPluginEnum

_LINEAGE = (PluginEnum.TRAIN_LINEAGE.value, PluginEnum.EVAL_LINEAGE.value, PluginEnum.CUSTOM_LINEAGE_DATA.value,
            PluginEnum.DATASET_GRAPH.value)
_SUMMARY = (PluginEnum.SCALAR.value, PluginEnum.TENSOR.value, PluginEnum.HISTOGRAM.value, PluginEnum.IMAGE.value,
            PluginEnum.LANDSCAPE.value)


def _pack_data(datadict, wall_time):
    """``[[writer_plugin, record]]`` of ``{plugin: [{"tag", "value", "step", ...}]}``: graph and lineage
    records one by one, the summary values of the step in one summary event (last), and an exporter record
    for each value with an ``export_option``."""
    result, summaries, step = [], [], None
    for plugin, datalist in datadict.items():
        for data in datalist:
            if plugin == PluginEnum.GRAPH.value:
                result.append([plugin, package_graph_event(data.get("value")).SerializeToString()])
            elif plugin in _LINEAGE:
                result.append([plugin, serialize_to_lineage_event(plugin, data.get("value"))])
            elif plugin in _SUMMARY:
                summaries.append({"_type": plugin.title(), "name": data.get("tag"), "data": data.get("value")})
                step = data.get("step")
            if "export_option" in data:
                result.append([WriterPluginEnum.EXPORTER.value, data])
    if summaries:
        result.append([WriterPluginEnum.SUMMARY.value,
                       package_summary_event(summaries, step, wall_time).SerializeToString()])
    return result
