"""Message classes of MindSpore 2.10's protobuf file formats (``mindspore.train.*_pb2``), built at import
time from the file descriptors stored in ``data/ms_protos.json.gz`` (written by ``tools/gen_ms_protos.py``
from real MindSpore 2.10), so that no ``protoc`` step is needed.

The descriptors live in a private descriptor pool, so they cannot clash with another library's protos of
the same names; field numbers and types are MindSpore's, so ``SerializeToString`` writes MindSpore's bytes
(MindIR, ANF IR, summary events, lineage, parallel strategy, print records).
"""
import base64
import functools
import gzip
import json
import os

from google.protobuf import descriptor_pool, message_factory

_DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "ms_protos.json.gz")


@functools.cache
def _pool():
    with gzip.open(_DATA, "rt", encoding="utf-8") as f:
        files = json.load(f)["files"]
    pool = descriptor_pool.DescriptorPool()
    by_module = {}
    for entry in files:  # stored in dependency order
        pool.AddSerializedFile(base64.b64decode(entry["pb"]))
        by_module[entry["module"]] = entry["file"]
    return pool, by_module


def _message_class(desc):
    if hasattr(message_factory, "GetMessageClass"):
        return message_factory.GetMessageClass(desc)
    return message_factory.MessageFactory(desc.file.pool).GetPrototype(desc)  # protobuf < 4.22


def export(namespace, module):
    """Bind in ``namespace`` (a module's globals) what protoc's ``<module>.py`` binds: ``DESCRIPTOR``, each
    top-level message class, each top-level enum (an ``EnumTypeWrapper``) and each of its values."""
    from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper

    pool, by_module = _pool()
    fd = pool.FindFileByName(by_module[module])
    namespace["DESCRIPTOR"] = fd
    for name, desc in fd.message_types_by_name.items():
        namespace[name] = _message_class(desc)
    for name, desc in fd.enum_types_by_name.items():
        namespace[name] = EnumTypeWrapper(desc)
        for value in desc.values:
            namespace[value.name] = value.number
