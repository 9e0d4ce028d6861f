"""Record MindSpore's module tree: every module under ``mindspore`` and the names it holds.

Run with the reference interpreter (real MindSpore 2.10, CPU build):

    ONEDNN_MAX_CPU_ISA=AVX2 /tmp/ms/bin/python tools/gen_ms_module_tree.py tests/data/api/ms_module_tree.json.gz

Output (gzip-compressed JSON)::

    {"version": "2.10.0",
     "modules": {"mindspore.nn.layer.conv": {
         "pkg": bool,                      # a package (has __path__)
         "d": {name: kind},                # defined here: __module__ is this module
                                           # (c=class, p=Primitive class, n=Cell class, e=exception class,
                                           #  f=function, i:CLS=instance of class CLS)
         "v": {name: {"=": value} | {"refs": [[module, name], ...]} | null},
                                           # module-level constants of builtin types: the value when small,
                                           # the classes/functions a list of them holds, else null
         "a": [name, ...],                 # __all__, where the module has one
         "r": {name: source_module},       # re-exported from another mindspore module
         "m": {name: module},              # submodules bound as attributes (mindspore.* only)
     }},
     "failed": {"mindspore.x": "ExceptionType: message"},   # module paths that do not import on CPU
     "aliases": {"mindspore.ops.auto_generate.gen_ops_def.add_ext": ["mindspore.mint.add", ...]}}
                                           # the public spellings of an object defined elsewhere

Names imported from outside ``mindspore`` (``np``, ``Tensor`` of another package, ``typing.List``) are
not recorded: they are the imported library's names, not MindSpore's.
"""
import gzip
import importlib
import inspect
import json
import pkgutil
import sys
import types
import warnings


def _kind(obj):
    """c: class, p: Primitive class, n: Cell class, e: exception class, f: function,
    i:CLASS: an instance of CLASS (a Primitive instance such as ``abs_op = Abs()``)."""
    from mindspore.nn import Cell
    from mindspore.ops.primitive import Primitive
    if isinstance(obj, type):
        if issubclass(obj, BaseException):
            return "e"
        if issubclass(obj, Primitive):
            return "p"
        if issubclass(obj, Cell):
            return "n"
        return "c"
    if inspect.isroutine(obj):
        return "f"
    return "i:" + type(obj).__name__


def _module_of(obj):
    """``obj.__module__`` (an instance reports its class's module), or None."""
    try:
        mod = getattr(obj, "__module__", None)
    except Exception:  # noqa: BLE001 - lazy proxies may raise anything
        return None
    return mod if isinstance(mod, str) else None


def _constant(obj):
    """The value of a small JSON-able constant, else None (the name is recorded, its value is not)."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return {"=": obj} if not isinstance(obj, str) or len(obj) < 200 else None
    if isinstance(obj, (list, tuple)) and len(obj) < 50 and all(isinstance(x, (bool, int, float, str)) for x in obj):
        return {"=": list(obj), "t": type(obj).__name__}
    if isinstance(obj, (list, tuple)) and 0 < len(obj) < 200 and all(isinstance(x, type) or inspect.isroutine(x)
                                                                     for x in obj):
        refs = [[_module_of(x), x.__name__] for x in obj]
        if all(m and m.startswith("mindspore") for m, _ in refs):
            return {"refs": refs, "t": type(obj).__name__}   # e.g. AMP_BLACK_LIST: a list of Cell classes
    return None


def describe(modname, module):
    entry = {"pkg": hasattr(module, "__path__"), "d": {}, "v": {}, "r": {}, "m": {}}
    all_names = getattr(module, "__all__", None)
    if isinstance(all_names, (list, tuple)):
        entry["a"] = [str(n) for n in all_names]
    for name, obj in sorted(vars(module).items()):
        if name.startswith("__") and name.endswith("__"):
            continue
        if isinstance(obj, types.ModuleType):
            if obj.__name__.startswith("mindspore"):
                entry["m"][name] = obj.__name__
            continue
        src = _module_of(obj)
        if src == modname or (src == modname.rsplit(".", 1)[-1] and isinstance(obj, type)):
            # (protobuf's generated classes name their module by its file name: ``node_strategy_pb2``)
            entry["d"][name] = _kind(obj)
        elif src and (src == "mindspore" or src.startswith("mindspore.")):
            entry["r"][name] = src
        elif src in (None, "builtins") and not inspect.isroutine(obj) and not isinstance(obj, type):
            entry["v"][name] = _constant(obj)   # a constant: number, string, tuple, dict...
    return entry


# Public namespaces whose names are often the generated functions under another name
# (``mindspore.mint.add`` is ``ops.auto_generate.gen_ops_def.add_ext``).
PUBLIC = ("mindspore", "mindspore.ops", "mindspore.mint", "mindspore.mint.nn.functional", "mindspore.mint.linalg",
          "mindspore.mint.special", "mindspore.nn", "mindspore.numpy", "mindspore.ops.functional")


def public_aliases():
    """``{"module.name": ["public.module.public_name", ...]}`` for every public name that is an object defined
    in another module or under another name: the same object, reachable by its public spelling."""
    aliases = {}
    for ns in PUBLIC:
        module = importlib.import_module(ns)
        for name, obj in sorted(vars(module).items()):
            if name.startswith("_") or isinstance(obj, types.ModuleType):
                continue
            home, own = _module_of(obj), getattr(obj, "__name__", None)
            if not (isinstance(home, str) and home.startswith("mindspore") and isinstance(own, str)):
                continue
            if (home, own) != (ns, name):
                aliases.setdefault(f"{home}.{own}", []).append(f"{ns}.{name}")
    return aliases


def main(out_path):
    warnings.filterwarnings("ignore")
    import mindspore
    failed = {}
    modules = {}
    names = ["mindspore"]

    def onerror(name):
        exc = sys.exc_info()[1]
        failed[name] = f"{type(exc).__name__}: {exc}"[:300]

    for info in pkgutil.walk_packages(mindspore.__path__, "mindspore.", onerror=onerror):
        names.append(info.name)
    for name in names:
        if name in failed:
            continue
        try:
            module = importlib.import_module(name)
        except BaseException as exc:  # noqa: BLE001 - SystemExit from scripts counts as a failure too
            failed[name] = f"{type(exc).__name__}: {exc}"[:300]
            continue
        modules[name] = describe(name, module)
    # Modules imported as a side effect that walk_packages does not list (none expected; recorded anyway).
    for name, module in list(sys.modules.items()):
        if (name.startswith("mindspore.")) and name not in modules and name not in failed and module is not None:
            if getattr(module, "__file__", None) or hasattr(module, "__path__"):
                modules[name] = describe(name, module)
    data = {"version": mindspore.__version__, "modules": dict(sorted(modules.items())),
            "failed": dict(sorted(failed.items())), "aliases": public_aliases()}
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    with gzip.open(out_path, "wb", compresslevel=9) as f:
        f.write(raw)
    n_def = sum(len(m["d"]) for m in modules.values())
    print(f"{len(modules)} modules import, {len(failed)} fail; {n_def} self-defined names; {len(raw)} bytes raw")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/data/api/ms_module_tree.json.gz")
