"""``vmap``: vectorising map over a batch axis, on ``torch.func.vmap``."""
import torch

from ..common.tensor import Tensor, _wrap

__all__ = ["vmap"]


def _to_torch(x):
    if isinstance(x, Tensor):
        return x._t
    if isinstance(x, tuple):
        return tuple(_to_torch(v) for v in x)
    if isinstance(x, list):
        return [_to_torch(v) for v in x]
    if isinstance(x, dict):
        return {k: _to_torch(v) for k, v in x.items()}
    return x


def _to_ms(x, sequence=None):
    """Wrap the torch tensors of a nested structure; ``sequence`` (e.g. ``tuple``) replaces the
    type of every tuple and list when given."""
    if isinstance(x, torch.Tensor):
        return _wrap(x)
    if isinstance(x, (tuple, list)):
        return (sequence or type(x))(_to_ms(v, sequence) for v in x)
    if isinstance(x, dict):
        return {k: _to_ms(v, sequence) for k, v in x.items()}
    return x


def _axes(axes, name):
    if axes is None or (isinstance(axes, int) and not isinstance(axes, bool)):
        return axes
    if isinstance(axes, (tuple, list)):
        return tuple(_axes(a, name) for a in axes)
    raise TypeError(f"For 'vmap', the '{name}' must be an int, None, or a (nested) tuple or list of them, "
                    f"but got {type(axes).__name__}")


def vmap(fn, in_axes=0, out_axes=0):
    """Return ``fn`` mapped over an axis of its inputs (``mindspore.vmap``).

    Args:
        fn (function or Cell): the function of one example.
        in_axes (int, None, or nested tuple/list): the mapped axis of each input (None: not mapped).
        out_axes (int, None, or nested tuple/list): where the mapped axis goes in each output.

    Inside ``fn`` the inputs have the per-example shape; ``fn`` must be pure Tensor code
    (no ``asnumpy()`` or ``item()`` on mapped values), as in MindSpore.
    """
    if not callable(fn):
        raise TypeError(f"For 'vmap', the 'fn' must be a function or a Cell, but got {type(fn).__name__}")
    in_dims = _axes(in_axes, "in_axes")
    out_dims = _axes(out_axes, "out_axes")

    def per_example(*targs):
        return _to_torch(fn(*_to_ms(targs)))

    mapped = torch.func.vmap(per_example, in_dims=in_dims, out_dims=out_dims)

    def vmapped(*args):
        return _to_ms(mapped(*_to_torch(args)), sequence=tuple)  # MindSpore returns lists as tuples

    return vmapped
