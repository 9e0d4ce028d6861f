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
BUDGET = {"sporetorch/nn": 22, "sporetorch/ops/operations": 101, "sporetorch/common/tensor.py": 8,
          "sporetorch/common/tensor_methods": 0, "sporetorch/mint": 1, "sporetorch/numpy": 62,
          "sporetorch/experimental": 1}
# The folders whose every remaining call carries a ``# torch: <why>`` comment, at the end of its line or on the
# line directly above.
COMMENTED = ["sporetorch/common/tensor.py", "sporetorch/common/tensor_methods", "sporetorch/experimental",
             "sporetorch/mint"]


def _chain(node):
    names = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
        return names[::-1]
    return None


def _direct_calls(folder):
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
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                ch = _chain(node.func)
                if not ch or ch[0] not in ROOTS or len(ch) < 2:
                    continue
                if ch[0] == "torch" and (ch[1] in PLUMBING or (ch[1] == "nn" and (len(ch) == 2 or ch[2] != "functional"))):
                    continue
                sites.append(f"{os.path.relpath(path, ROOT)}:{node.lineno}: {'.'.join(ch)}")
    return sites


@pytest.mark.parametrize("folder", sorted(BUDGET))
def test_direct_torch_calls_stay_within_budget(folder):
    sites = _direct_calls(folder)
    assert len(sites) <= BUDGET[folder], (
        f"{folder} calls torch directly {len(sites)} times (budget {BUDGET[folder]}); call the functional op "
        f"in sporetorch/ops instead:\n" + "\n".join(sorted(sites)))


def _uncommented(folder):
    """The direct call sites of ``folder`` with no ``# torch:`` comment on their line or the line above."""
    out = []
    for site in _direct_calls(folder):
        path, lineno, _ = site.split(":", 2)
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            lines = f.read().splitlines()
        n = int(lineno)
        if not any("# torch:" in lines[i - 1] for i in (n, n - 1) if i >= 1):
            out.append(site)
    return out


@pytest.mark.parametrize("folder", COMMENTED)
def test_each_direct_torch_call_says_why(folder):
    missing = _uncommented(folder)
    assert not missing, (f"{folder}: say why each call stays on torch with a '# torch: <why>' comment on its line "
                         f"or the line above:\n" + "\n".join(sorted(missing)))
