"""MindSpore 2.10's ``lineage.proto`` message classes and enums (what protoc's ``lineage_pb2`` binds), built from the stored
descriptor by ``_proto_schemas``."""
from ._proto_schemas import export

export(globals(), "lineage_pb2")
