"""MindSpore 2.10's ``checkpoint.proto`` message classes (what protoc's ``checkpoint_pb2`` binds): the schema
``.ckpt`` files are read and written with."""
from ._checkpoint_proto import Checkpoint, MapTensorProto, TensorProto

__all__ = ["Checkpoint", "MapTensorProto", "TensorProto"]
