"""``Layout``: how a tensor is laid out over a device matrix, for ``shard`` strategies.

In one process a layout describes slicing that never happens (``shard`` ignores strategies), but
building and inspecting it works as in MindSpore, so scripts that declare layouts run unchanged.
"""
import copy
import math

__all__ = ["Layout"]


class Layout:
    """A device matrix with a name per axis; calling it maps tensor dimensions to axes.

    Args:
        device_matrix (tuple[int]): the devices arranged as a matrix, e.g. ``(2, 4)``.
        alias_name (tuple[str]): a name per axis, e.g. ``("dp", "mp")``; ``"None"`` is reserved.
        rank_list (list[int]): the ranks the matrix covers. Default: ``range(prod(device_matrix))``.

    ``layout("dp", "None")`` returns a new Layout whose tensor dimension 0 is split over ``dp`` and
    dimension 1 is not split; a tuple of names splits one dimension over several axes.
    """

    def __init__(self, device_matrix, alias_name, rank_list=None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f"device_matrix must be tuple type, but got:{type(device_matrix)}")
        for d in device_matrix:
            if not isinstance(d, int) or isinstance(d, bool):
                raise TypeError(f"The element of device_matrix must be int type, but got:{type(d)}")
        if not isinstance(alias_name, tuple):
            raise TypeError(f"alias_name must be tuple type, but got:{type(alias_name)}")
        if len(device_matrix) != len(alias_name):
            raise ValueError("device_matrix length should be equal to alias_name length")
        for name in alias_name:
            if not isinstance(name, str):
                raise TypeError(f"The element of alias_name must be str type, but got:{type(name)}")
            if name == "None":
                raise ValueError("The element of alias_name can not set 'None', because 'None' means no sharding.")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f"Each element of alias_name {alias_name} should be different")
        size = math.prod(device_matrix)
        if rank_list is None:
            rank_list = list(range(size))
        elif not isinstance(rank_list, list) or len(rank_list) != size:
            got = len(rank_list) if isinstance(rank_list, list) else type(rank_list)
            raise ValueError(f"The length of rank_list should be equal to the product of device_matrix, but got {got} "
                             f"and {size}.")
        self._device_matrix = device_matrix
        self._alias_name = alias_name
        self._rank_list = list(rank_list)
        self._tensor_map = None

    def _axis(self, name):
        if name == "None":
            return -1
        if name not in self._alias_name:
            raise ValueError(f"The axis {name} is not found in {self._alias_name}")
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map):
        mapped = []
        for entry in tensor_map:
            if isinstance(entry, tuple):
                mapped.append(tuple(self._axis(name) for name in entry))
            else:
                mapped.append(self._axis(entry))
        out = copy.copy(self)
        out._tensor_map = tuple(mapped)
        return out

    def to_dict(self):
        """``{'device_matrix', 'tensor_map', 'interleaved_parallel', 'alias_name', 'rank_list'}``."""
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_matrix, "tensor_map": self._tensor_map, "interleaved_parallel": False,
                "alias_name": self._alias_name, "rank_list": list(self._rank_list)}
