"""MindSpore 2.10's module tree under the alias (``python -m sporetorch run``), and the alias as a package
to importlib. The tree (``tests/data/api/ms_module_tree.json.gz``) was recorded from MindSpore 2.10 by
``tools/gen_ms_module_tree.py``; names and behaviours below were checked against MindSpore 2.10 (CPU)."""
import filecmp
import json
import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREE = os.path.join(ROOT, "tests", "data", "api", "ms_module_tree.json.gz")


def _run_aliased(tmp_path, body, *args):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(body))
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script), *args],
                          capture_output=True, text=True, env=env, cwd=str(tmp_path), check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_package_copy_of_the_tree_is_the_stored_tree():
    assert filecmp.cmp(TREE, os.path.join(ROOT, "sporetorch", "data", "ms_module_tree.json.gz"), shallow=False)


def test_every_module_path_imports_under_the_alias(tmp_path):
    out = _run_aliased(tmp_path, """
        import gzip, importlib, json, sys, warnings
        warnings.filterwarnings("ignore")
        tree = json.load(gzip.open(sys.argv[1]))
        bad = {}
        for path in tree["modules"]:
            try:
                importlib.import_module(path)
            except BaseException as exc:
                bad[path] = f"{type(exc).__name__}: {exc}"
        fails_there = {}
        for path in tree["failed"]:
            try:
                importlib.import_module(path)
                fails_there[path] = "imports"
            except ImportError:
                pass
        print(json.dumps({"n": len(tree["modules"]), "bad": bad, "failed_import": fails_there}))
    """, TREE)
    assert out["n"] == 1394  # module paths that import on MindSpore 2.10's CPU build
    assert out["bad"] == {}
    assert out["failed_import"] == {}  # paths that fail on MindSpore's CPU build fail here too


def test_names_as_in_mindspore(tmp_path):
    out = _run_aliased(tmp_path, """
        import json
        import mindspore
        from mindspore import ops
        res = {}
        # Re-exports: a module holds the names it imports from elsewhere in mindspore.
        from mindspore.nn.layer.conv import Conv2d
        from mindspore.ops.operations.nn_ops import Conv2D
        res["reexport"] = [Conv2d is mindspore.nn.Conv2d, Conv2D is ops.Conv2D]
        # Names MindSpore 2.10 lacks raise as there (zoos probe with hasattr / try-import).
        res["hasattr"] = [hasattr(mindspore.ops, "no_such_op"), hasattr(mindspore, "ms_function"),
                          hasattr(mindspore.nn.layer.rnn_cells, "RNNCellBase")]
        try:
            from mindspore.nn.layer.flash_attention import FlashAttention
            res["flash"] = "imported"
        except ImportError:
            res["flash"] = "ImportError"
        try:
            import mindspore.parallel._transformer
            res["transformer"] = "imported"
        except ImportError:
            res["transformer"] = "ImportError"
        # A generated Primitive sporetorch lacks: builds at module level, raises when called.
        from mindspore.ops.auto_generate.gen_ops_prim import FlashAttentionScore
        prim = FlashAttentionScore(head_num=1)
        try:
            prim(1, 2, 3)
        except RuntimeError as exc:
            res["fa"] = str(exc)
        # Ascend settings: MindSpore's CPU build accepts them and sets nothing.
        from mindspore.device_context.ascend import op_precision
        res["ascend"] = [op_precision.precision_mode("force_fp16"), mindspore.device_context.ascend.is_available()]
        from mindspore.train.amp import AMP_BLACK_LIST
        res["amp"] = [c.__name__ for c in AMP_BLACK_LIST]
        from mindspore.ops.auto_generate.gen_ops_def import abs as gen_abs
        res["gen_abs"] = gen_abs(mindspore.Tensor([-1.5])).asnumpy().tolist()
        print(json.dumps(res))
    """)
    assert out["reexport"] == [True, True]
    assert out["hasattr"] == [False, False, True]
    assert out["flash"] == "ImportError" and out["transformer"] == "ImportError"
    assert "FlashAttentionScore" in out["fa"] and "Ascend" in out["fa"]
    assert out["ascend"] == [None, False]
    assert out["amp"] == ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm"]  # MindSpore 2.10
    assert out["gen_abs"] == [1.5]


def test_alias_is_a_package_to_importlib(tmp_path):
    out = _run_aliased(tmp_path, """
        import importlib.metadata, importlib.util, json, os, sys
        import mindspore
        import PIL
        spec = importlib.util.find_spec("mindspore")
        print(json.dumps({
            "spec": [spec.name, mindspore.__spec__.name, spec.submodule_search_locations is not None],
            "version": importlib.metadata.version("mindspore"),
            "file": os.path.isfile(mindspore.__file__), "path": os.path.isdir(mindspore.__path__[0]),
            "pil": hasattr(PIL, "Image"),
            "sub": importlib.util.find_spec("mindspore.nn") is not None,
        }))
    """)
    assert out == {"spec": ["mindspore", "mindspore", True], "version": "2.10.0", "file": True, "path": True,
                   "pil": True, "sub": True}


def test_no_mindspore_distribution_without_the_alias():
    env = dict(os.environ, PYTHONPATH=ROOT)
    code = ("import importlib.metadata as m, sporetorch\n"
            "try:\n    m.version('mindspore'); print('found')\n"
            "except m.PackageNotFoundError:\n    print('absent')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert proc.stdout.strip() == "absent", proc.stderr


@pytest.mark.parametrize("path,name,kind", [
    ("mindspore.ops.auto_generate.gen_ops_prim", "NPUGetFloatStatusV2", "ascend"),
    ("mindspore._c_expression", "GraphExecutor_", "internal"),
    ("mindspore.ops.auto_generate.gen_ops_prim", "Abs", "missing"),
    # MindSpore 2.10's CPU build: "RuntimeError: The kernel OneHotExt unregistered."
    ("mindspore.ops.function.array_func", "one_hot_ext", "ascend"),
])
def test_reasons(path, name, kind):
    from sporetorch import _module_tree
    assert _module_tree.reason(path, name)[0] == kind
