"""MindSpore 2.10's ``mindspore.train.summary._lineage_adapter``: wrapping serialized lineage messages in a
``LineageEvent``."""
import time

from ..lineage_pb2 import LineageEvent


def serialize_to_lineage_event(name, value):
    """The serialized ``LineageEvent`` holding ``value`` (a serialized message of kind ``name``)."""
    event = LineageEvent()
    event.wall_time = time.time()
    _get_lineage_content(name, event).ParseFromString(value)
    return event.SerializeToString()


def _get_lineage_content(name, event):
    """The field of ``event`` for lineage kind ``name``; KeyError for another name."""
    fields = {"dataset_graph": "dataset_graph", "eval_lineage": "evaluation_lineage",
              "train_lineage": "train_lineage", "custom_lineage_data": "user_defined_info"}
    if name not in fields:
        raise KeyError("No such field in LineageEvent")
    return getattr(event, fields[name])
