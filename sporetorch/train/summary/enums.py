"""The enumerations of MindSpore 2.10's summary: plugins, writer plugins and modes."""
from enum import Enum


class BaseEnum(Enum):
    """An Enum with ``to_list``: the values of its members."""

    @classmethod
    def to_list(cls):
        return [member.value for member in cls.__members__.values()]


class PluginEnum(BaseEnum):
    """The kinds of data a summary records."""
    GRAPH = "graph"
    SCALAR = "scalar"
    IMAGE = "image"
    TENSOR = "tensor"
    HISTOGRAM = "histogram"
    TRAIN_LINEAGE = "train_lineage"
    EVAL_LINEAGE = "eval_lineage"
    CUSTOM_LINEAGE_DATA = "custom_lineage_data"
    DATASET_GRAPH = "dataset_graph"
    EXPLAINER = "explainer"
    LANDSCAPE = "landscape"


class WriterPluginEnum(Enum):
    """The writers a summary record feeds."""
    EXPORTER = "exporter"
    EXPLAINER = "explainer"
    SUMMARY = "summary"
    LINEAGE = "lineage"


class ModeEnum(BaseEnum):
    """The modes a summary records in."""
    TRAIN = "train"
    EVAL = "eval"
