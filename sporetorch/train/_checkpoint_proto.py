"""The protobuf schema of MindSpore's ``.ckpt`` files, built at import time.

MindSpore's ``checkpoint.proto`` (proto2)::

    message Checkpoint {
      message Value {
        required string tag = 1;
        oneof value { TensorProto tensor = 2; MapTensorProto maptensor = 3; }
      }
      repeated Value value = 1;
    }
    message TensorProto {
      repeated int64 dims = 1;           // proto2: not packed, one field per dim
      required string tensor_type = 2;   // "Float32", "BFloat16", "str", ...
      required bytes tensor_content = 3;
    }
    message MapTensorProto { repeated TensorProto tensor = 1; }

The message classes are made from a ``FileDescriptorProto`` with
``google.protobuf.message_factory`` so that no ``protoc`` step (and no generated code)
is needed, and they live in a private descriptor pool so that they cannot clash with
another library's ``checkpoint.proto``. Field numbers, labels and types match
MindSpore's exactly, which makes ``SerializeToString`` produce MindSpore's bytes.
"""
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto


def _field(msg, name, number, label, ftype, type_name=None, oneof_index=None):
    f = msg.field.add(name=name, number=number, label=label, type=ftype)
    if type_name is not None:
        f.type_name = type_name
    if oneof_index is not None:
        f.oneof_index = oneof_index
    return f


def _build_file():
    fd = descriptor_pb2.FileDescriptorProto(name="sporetorch/checkpoint.proto", syntax="proto2")

    tensor = fd.message_type.add(name="TensorProto")
    _field(tensor, "dims", 1, _F.LABEL_REPEATED, _F.TYPE_INT64)
    _field(tensor, "tensor_type", 2, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(tensor, "tensor_content", 3, _F.LABEL_REQUIRED, _F.TYPE_BYTES)

    map_tensor = fd.message_type.add(name="MapTensorProto")
    _field(map_tensor, "tensor", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".TensorProto")

    ckpt = fd.message_type.add(name="Checkpoint")
    value = ckpt.nested_type.add(name="Value")
    value.oneof_decl.add(name="value")
    _field(value, "tag", 1, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(value, "tensor", 2, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".TensorProto", oneof_index=0)
    _field(value, "maptensor", 3, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".MapTensorProto", oneof_index=0)
    _field(ckpt, "value", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".Checkpoint.Value")
    return fd


_pool = descriptor_pool.DescriptorPool()
_pool.AddSerializedFile(_build_file().SerializeToString())



def _message_class(name):
    desc = _pool.FindMessageTypeByName(name)
    if hasattr(message_factory, "GetMessageClass"):
        return message_factory.GetMessageClass(desc)
    return message_factory.MessageFactory(_pool).GetPrototype(desc)  # protobuf < 4.22


Checkpoint = _message_class("Checkpoint")
TensorProto = _message_class("TensorProto")
MapTensorProto = _message_class("MapTensorProto")
