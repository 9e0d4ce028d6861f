"""MindSpore 2.10's ``profiling_parallel.proto`` message classes and enums (what protoc's ``profiling_parallel_pb2`` binds), built from the stored
descriptor by ``_proto_schemas``."""
from ._proto_schemas import export

export(globals(), "profiling_parallel_pb2")
