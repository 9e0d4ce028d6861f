"""The adapter layers (``nn``, the Primitives of ``ops/operations``, the Tensor and its methods, ``mint``,
``numpy`` and ``experimental``) call the functional ops of ``sporetorch.ops``, not torch (docs/design.md, "Op layering"). This counts the call sites that still reach torch
directly (``torch.X(...)``, ``F.X(...)``; non-computational plumbing such as ``torch.no_grad`` excluded),
the rule of ``../shared/tools/torch_calls.py``, and keeps each folder at or under its budget: a new direct
call belongs in a functional op under ``sporetorch/ops/function`` instead. Each call left carries a comment
saying why (plumbing, a fused torch kernel of the fast path, a layer with no functional op)."""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOTS = {"torch", "F", "_VF", "aten", "_F", "tF", "TF"}
PLUMBING = {"no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "is_tensor", "device", "dtype",
            "Size", "Generator", "get_default_dtype", "finfo", "iinfo", "is_floating_point", "is_complex",
            "result_type", "promote_types", "can_cast", "is_inference_mode_enabled", "inference_mode",
            "is_autocast_enabled", "get_autocast_dtype", "autocast", "compiler", "is_compiling", "_C",
            "manual_seed", "initial_seed", "get_rng_state", "set_rng_state", "cuda", "backends", "distributed",
            "jit", "fx", "library", "overrides", "utils", "testing", "version", "Tensor", "typename"}
# The counts when the op bodies moved into ops/function; lower a budget as calls go.
BUDGET = {"sporetorch/nn": 5, "sporetorch/ops/operations": 0, "sporetorch/common/tensor.py": 8,
          "sporetorch/common/tensor_methods": 0, "sporetorch/mint": 1, "sporetorch/numpy": 0,
          "sporetorch/experimental": 1}


def _chain(node):
    names = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
        return names[::-1]
    return None


def _direct_calls(folder, with_lines=False):
    sites = []
    top = os.path.join(ROOT, folder)
    walked = [(os.path.dirname(top), [os.path.basename(top)])] if top.endswith(".py") else \
        [(base, files) for base, _, files in os.walk(top)]
    for base, files in walked:
        for name in files:
            if not name.endswith(".py") or "/_accel" in base:
                continue
            path = os.path.join(base, name)
            with open(path, encoding="utf-8") as f:
                source = f.read()
            tree, lines = ast.parse(source), source.splitlines()
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                ch = _chain(node.func)
                if not ch or ch[0] not in ROOTS or len(ch) < 2:
                    continue
                if ch[0] == "torch" and (ch[1] in PLUMBING or (ch[1] == "nn" and (len(ch) == 2 or ch[2] != "functional"))):
                    continue
                site = f"{os.path.relpath(path, ROOT)}:{node.lineno}: {'.'.join(ch)}"
                # The call's own lines and the line above it: where its "# torch: <why>" comment may stand.
                sites.append((site, lines[max(node.lineno - 2, 0):node.end_lineno]) if with_lines else site)
    return sites


@pytest.mark.parametrize("folder", sorted(BUDGET))
def test_direct_torch_calls_stay_within_budget(folder):
    sites = _direct_calls(folder)
    assert len(sites) <= BUDGET[folder], (
        f"{folder} calls torch directly {len(sites)} times (budget {BUDGET[folder]}); call the functional op "
        f"in sporetorch/ops instead:\n" + "\n".join(sorted(sites)))


# The folders whose every remaining direct call carries a ``# torch: <why>`` comment (at the end of one of the
# call's lines, or on the line above it): every folder of the budget.
COMMENTED = sorted(BUDGET)


def _uncommented_calls(folder):
    return [site for site, lines in _direct_calls(folder, with_lines=True)
            if not any("# torch:" in line for line in lines)]


@pytest.mark.parametrize("folder", COMMENTED)
def test_each_direct_torch_call_says_why(folder):
    missing = _uncommented_calls(folder)
    assert not missing, (f"{folder}: each direct torch call needs a '# torch: <why>' comment (or a call to the "
                         f"functional op in sporetorch/ops instead):\n" + "\n".join(sorted(missing)))

