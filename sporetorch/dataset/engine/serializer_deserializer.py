"""Pipeline serialization (``mindspore.dataset.engine.serializer_deserializer``): ``serialize``, ``show`` and
``compare`` (in ``engine._utils``) and the path helper of deserialization."""
import os

from ._utils import compare, serialize, show  # noqa: F401 - MindSpore's names of this module


def expand_path(node_repr, key, val):
    """Store ``val`` (a path or a list of paths) as absolute, resolved paths in ``node_repr[key]``."""
    if isinstance(val, list):
        node_repr[key] = [os.path.realpath(f) for f in val]
    else:
        node_repr[key] = os.path.realpath(val)
