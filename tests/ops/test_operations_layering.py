"""The Primitive classes (``ops/operations``) adapt argument conventions and call the functional ops of
``ops/function``, where an op's semantics live (issue 40): this keeps the direct torch computation calls
left in ``ops/operations`` from growing, and checks that the grab-bag modules only re-export."""
import ast
import inspect
import os

import sporetorch
from sporetorch.ops.operations import extra_ops, inner_ops

OPERATIONS = os.path.join(os.path.dirname(sporetorch.__file__), "ops", "operations")

# Counted as ../shared/tools/torch_calls.py counts them: torch.X(...), F.X(...) and friends, less plumbing.
_ROOTS = {"torch", "F", "_VF", "aten", "_F", "tF", "TF"}
_PLUMBING = {"no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "is_tensor", "device", "dtype",
             "Size", "Generator", "get_default_dtype", "finfo", "iinfo", "is_floating_point", "is_complex",
             "result_type", "promote_types", "can_cast", "is_inference_mode_enabled", "inference_mode",
             "is_autocast_enabled", "get_autocast_dtype", "autocast", "compiler", "is_compiling", "_C",
             "manual_seed", "initial_seed", "get_rng_state", "set_rng_state", "cuda", "backends", "distributed",
             "jit", "fx", "library", "overrides", "utils", "testing", "version", "Tensor", "typename"}
# The count when the Primitive maths moved to ops/function; lower it as more Primitives call their op.
CEILING = 101


def _chain(node):
    names = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *reversed(names)]
    return None


def _torch_calls(path):
    sites = []
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        chain = _chain(node.func)
        if not chain or chain[0] not in _ROOTS or len(chain) < 2:
            continue
        if chain[0] == "torch" and (chain[1] in _PLUMBING or (chain[1] == "nn" and (len(chain) == 2 or
                                                                                    chain[2] != "functional"))):
            continue
        sites.append(f"{os.path.basename(path)}:{node.lineno}: {'.'.join(chain)}")
    return sites


def test_direct_torch_calls_in_operations_do_not_grow():
    sites = [s for f in sorted(os.listdir(OPERATIONS)) if f.endswith(".py")
             for s in _torch_calls(os.path.join(OPERATIONS, f))]
    assert len(sites) <= CEILING, ("new direct torch calls in ops/operations: put the maths in ops/function and "
                                   "call it\n" + "\n".join(sites))


def test_grab_bag_modules_define_nothing_but_re_export():
    # extra_ops and inner_ops keep their import paths; each class lives in its MindSpore family module
    # (inner_ops keeps NoRepeatNGram, as mindspore.ops.operations.inner_ops does).
    for module in (extra_ops, inner_ops):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) and name != "NoRepeatNGram":
                assert obj.__module__ != module.__name__, f"{module.__name__}.{name} is defined there"
