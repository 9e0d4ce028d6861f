"""MindSpore 2.10's ``node_strategy.proto`` message classes and enums (what protoc's ``node_strategy_pb2`` binds), built from the stored
descriptor by ``_proto_schemas``."""
from ._proto_schemas import export

export(globals(), "node_strategy_pb2")
