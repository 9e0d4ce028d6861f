"""MindSpore 2.10's ``mind_ir.proto`` message classes and enums (what protoc's ``mind_ir_pb2`` binds), built from the stored
descriptor by ``_proto_schemas``."""
from ._proto_schemas import export

export(globals(), "mind_ir_pb2")
