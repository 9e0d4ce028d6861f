"""MindSpore 2.10's ``summary.proto`` message classes and enums (what protoc's ``summary_pb2`` binds), built from the stored
descriptor by ``_proto_schemas``."""
from ._proto_schemas import export

export(globals(), "summary_pb2")
