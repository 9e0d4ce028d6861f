"""MindSpore runtime bookkeeping of ``Tensor`` (parameter-server cache, init flags) and its matrix properties."""
from ..tensor import _wrap

# Attributes MindSpore's C++ tensor carries for its runtime (lazy initialisation, parameter-server caches,
# offloading, views of a parent tensor). A sporetorch Tensor is always materialised in torch, so they hold
# the values a plain MindSpore 2.10 Tensor reports. They are plain class attributes (not properties) so that
# Parameter, which sets some of them per instance, can still assign them.
_CONSTANTS = {"init_flag": False, "virtual_flag": False, "param_info": None, "init_finished": True, "delta_seed": 0,
              "index_of_parent_": None, "parent_tensor_": None}


def is_init(self):
    """Whether the tensor still waits for lazy initialisation: False, as for a MindSpore 2.10 Tensor."""
    return False


def hooks(self):
    """The backward hooks MindSpore's runtime keeps on the tensor object: ``[]`` (hooks registered with
    ``register_hook`` live in the autograd graph here)."""
    return []


def offload_file_path(self):
    """The file the tensor was offloaded to: ``''`` (tensors are never offloaded here)."""
    return ""


def flush_from_cache(self):
    """Write back a parameter-server cache (cache-enabled embeddings): nothing is cached here."""


# ---------------------------------------------------------------------------- attach
def _matrix(self, name):
    """The torch tensor, which must have at least 2 dimensions (MindSpore 2.10: ValueError)."""
    if self._t.dim() < 2:
        raise ValueError(f"For 'Tensor.{name}', the tensor must have at least 2 dimensions, but got shape "
                         f"{tuple(self._t.shape)}")
    return self._t


_PROPERTIES = {
    "mT": property(lambda self: _wrap(_matrix(self, "mT").mT), doc="The transpose of the last two dimensions."),
    "mH": property(lambda self: _wrap(_matrix(self, "mH").mH),
                   doc="The conjugate transpose of the last two dimensions."),
    "H": property(lambda self: _wrap(_matrix(self, "H").mH), doc="The conjugate transpose of a matrix."),
    "data": property(lambda self: _wrap(self._t.detach()), doc="The data without autograd history."),
}
