"""The garbage collector around a compiling child's fork: objects that exist at the fork sit out
the collections while the child lives.

The child shares its parent's pages until either writes them. The collector's full passes write to
every object they track, so each would copy every page of Python objects while the child lives:
0.2 s at the exit of a process that ends before its child (demo --mode graph). ``freeze`` at the
fork moves the objects of that moment to the permanent generation; ``thaw`` puts them back once
the child's verdict has come. Objects the user froze stay frozen.
"""
import gc

from ._common import engage, turned_off

__all__ = ["freeze", "thaw"]


def freeze():
    """Freeze the collector's objects; returns whether ``thaw`` should unfreeze them later (False where
    the user had frozen some: those are the user's to unfreeze)."""
    if turned_off("gc_freeze"):
        return False
    engage("gc_freeze")
    owned = gc.get_freeze_count() == 0
    gc.freeze()
    return owned


def thaw(owned):
    if owned:
        gc.unfreeze()
