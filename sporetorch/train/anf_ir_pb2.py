"""MindSpore 2.10's ``anf_ir.proto`` message classes and enums (what protoc's ``anf_ir_pb2`` binds), built from the stored
descriptor by ``_proto_schemas``."""
from ._proto_schemas import export

export(globals(), "anf_ir_pb2")
