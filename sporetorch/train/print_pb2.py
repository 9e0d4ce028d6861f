"""MindSpore 2.10's ``print.proto`` message classes and enums (what protoc's ``print_pb2`` binds), built from the stored
descriptor by ``_proto_schemas``."""
from ._proto_schemas import export

export(globals(), "print_pb2")
