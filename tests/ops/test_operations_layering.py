"""The Primitive classes live in their MindSpore family modules: the old grab-bag modules only re-export
(the direct torch calls left in ``ops/operations`` are counted by tests/test_torch_call_budget.py)."""
import inspect

from sporetorch.ops.operations import extra_ops, inner_ops


def test_grab_bag_modules_define_nothing_but_re_export():
    # extra_ops and inner_ops keep their import paths; each class lives in its MindSpore family module
    # (inner_ops keeps NoRepeatNGram, as mindspore.ops.operations.inner_ops does).
    for module in (extra_ops, inner_ops):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) and name != "NoRepeatNGram":
                assert obj.__module__ != module.__name__, f"{module.__name__}.{name} is defined there"
