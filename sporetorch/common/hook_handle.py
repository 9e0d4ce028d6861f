"""MindSpore 2.10's ``mindspore.common.hook_handle``: removable handles of Cell and Tensor hooks, the hook
version counter and the helpers that register and run a dict of hooks."""
import weakref
from collections import OrderedDict

# Bumped when a Cell/Parameter hook is removed, so cached call paths know to refresh.
_HOOK_VERSION = 0


def _update_hook_version():
    global _HOOK_VERSION
    _HOOK_VERSION += 1


def _hook_version():
    return _HOOK_VERSION


class _TensorHookHandle:
    """Handle of a tensor hook: ``remove()`` unregisters it (``id`` is what ``Tensor.register_hook``
    returned; the tensor is held weakly)."""

    def __init__(self, tensor):
        self.id = None
        self.tensor_weakref = weakref.ref(tensor)

    def remove(self):
        """Remove the tensor hook this handle stands for (nothing when it was never set)."""
        if self.id is not None and hasattr(self.id, "remove"):
            self.id.remove()


class HookHandle:
    """Handle of a hook kept in ``hook_dict`` under ``handle_id``; ``remove()`` deletes it from that dict
    and from ``extra_dict`` (a dict or a list of dicts), all held weakly.

    Args:
        hook_dict (dict, optional): the dict the hook is registered in. Default: ``None``.
        extra_dict (dict | list[dict], optional): more dicts holding the same id. Default: ``None``.
    """
    unique_id = 0

    def __init__(self, hook_dict=None, *, extra_dict=None):
        self.hook_dict_ref = None
        self.extra_dict_ref = None
        if hook_dict is not None:
            self.hook_dict_ref = weakref.ref(hook_dict)
            self.handle_id = HookHandle.unique_id
            HookHandle.unique_id += 1
            if isinstance(extra_dict, dict):
                self.extra_dict_ref = (weakref.ref(extra_dict),)
            elif isinstance(extra_dict, (list, tuple)):
                self.extra_dict_ref = tuple(weakref.ref(ed) for ed in extra_dict)

    def remove(self):
        """Remove the hook from its dicts."""
        _update_hook_version()
        refs = ((self.hook_dict_ref,) if self.hook_dict_ref is not None else ()) + (self.extra_dict_ref or ())
        for ref in refs:
            d = ref()
            if d is not None and self.handle_id in d:
                del d[self.handle_id]


def _check_hook_results(pre_res, new_res, hook_fn):
    """A hook that replaces the gradients must return a tuple of the same length."""
    if not isinstance(new_res, tuple):
        raise RuntimeError(f"hook {hook_fn.__name__} should return a tuple of grad.")
    if len(new_res) != len(pre_res):
        raise RuntimeError(f"hook {hook_fn.__name__} returned incorrect length {len(new_res)}, "
                           f"expected {len(pre_res)}.")


class _HookUtils:
    """Register hooks in an ordered dict and run them in order."""

    @staticmethod
    def register_hook(hook_dict, hook_fn):
        """Add ``hook_fn`` to ``hook_dict`` (created when None); returns ``(hook_dict, HookHandle)``."""
        if hook_dict is None:
            hook_dict = OrderedDict()
        handle = HookHandle(hook_dict)
        hook_dict[handle.handle_id] = hook_fn
        return hook_dict, handle

    @staticmethod
    def run_hook(hook_dict, args):
        """Call each hook with ``args``; a non-None result replaces the first argument. Returns the
        replaced first argument, or None when no hook returned anything."""
        is_modify = False
        args_list = list(args)
        for hook_fn in list(hook_dict.values()):
            res = hook_fn(*args_list)
            if res is not None:
                _check_hook_results(args_list[0], res, hook_fn)
                args_list[0] = res
                is_modify = True
        return args_list[0] if is_modify else None
