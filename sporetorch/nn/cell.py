"""``nn.Cell``: the base class of every network, layer, loss and optimizer.

Child cells and Parameters assigned as attributes are registered in ``_cells`` and
``_params`` and also kept in ``__dict__``, so that attribute access inside
``construct`` is an ordinary (fast) lookup. Parameter names follow MindSpore's
``auto_prefix`` rule: assigning a child cell renames the child's Parameters to
``<attribute>.<path inside the child>``.
"""
import sys
from collections import OrderedDict, namedtuple

import torch

from .. import _accel
from .. import context as _context
from ..autodiff.bprop import cell_call
from ..common import dtype as mstype
from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor, _wrap

_graph_state = _context.state

# Hooks called by every Cell's register_buffer (register_cell_buffer_registration_hook)
_global_buffer_registration_hooks = OrderedDict()


def register_cell_buffer_registration_hook(hook):
    """Register ``hook(cell, name, tensor)``, called by every Cell's ``register_buffer`` before the buffer is
    kept; a non-None result replaces the tensor. Returns a :class:`HookHandle` whose ``remove()`` unregisters
    it."""
    from ..common.hook_handle import HookHandle
    handle = HookHandle(_global_buffer_registration_hooks)
    _global_buffer_registration_hooks[handle.handle_id] = hook
    return handle


def _input_type_error(cell, args, kwargs, error):
    """What a cell raises when ``construct`` failed with ``error``: where an op met an input that is
    not a Tensor (a NumPy array, a list...) it is MindSpore's TypeError naming the cell and the
    input; any other AttributeError is ``error`` itself."""
    text = str(error)
    if not text.endswith("object has no attribute '_t'"):
        return error
    type_name = text.split("'")[1]
    for where, value in [*enumerate(args), *kwargs.items()]:
        kind = type(value)
        if type_name in (kind.__name__, f"{kind.__module__}.{kind.__qualname__}"):
            return TypeError(f"For '{type(cell).__name__}', the input argument must be Tensor, but input "
                             f"{where!r} is {kind}.")
    return error


_DTYPE_WORDS = ("not implemented for", "scalar type", "dtype", "must be float", "floating point", "be cast",
                "Integral", "promot")


def _torch_error(cell, args, kwargs, error):
    """What a built-in cell raises where torch rejected its inputs with ``error`` (a RuntimeError, or
    torch's NotImplementedError, IndexError or AssertionError about dtypes, dims and shapes):
    MindSpore's TypeError for a dtype the kernel lacks, its ValueError for a shape that does not
    fit, naming the cell and the inputs' shapes and dtypes. A user's own cell keeps its exceptions
    as they are."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    torch_message = {NotImplementedError: "not implemented for" in text,
                     IndexError: text.startswith("Dimension out of range"),
                     AssertionError: "should" in text or "match" in text}.get(type(error), bool(text))
    if (not type(cell).__module__.startswith("sporetorch.") or text.startswith("For '") or not torch_message
            or isinstance(error, torch.OutOfMemoryError) or "to allocate" in text or "allocate memory" in text):
        return error  # a user's cell, a message of ours, or out of memory: not a verdict on the inputs
    inputs = ", ".join(f"{where}: {tuple(v.shape)} {v.dtype}" for where, v in [*enumerate(args), *kwargs.items()]
                       if isinstance(v, Tensor))
    kind = TypeError if isinstance(error, NotImplementedError) or any(
        w in text for w in _DTYPE_WORDS) else ValueError
    return kind(f"For '{type(cell).__name__}', the inputs ({inputs}) are not supported: {text}")


class Cell:
    """Base class of all networks.

    Args:
        auto_prefix (bool): whether the Parameters of child cells are renamed with
            the attribute path of the child. Default: True.
        flags (dict): attributes to set on the cell.

    Subclasses define ``construct(*inputs)``; calling the cell runs it. A cell is
    in inference mode (``training == False``) until ``set_train()``.

    Differences from PyTorch: ``construct`` instead of ``forward``; the default mode is
    inference, not training; Parameter names are stored on the Parameters themselves.
    """

    IGNORE_LIST = ["_scope", "_cell_init_args", "_auto_prefix", "_cells", "_params"]

    def __init__(self, auto_prefix=True, flags=None):
        d = self.__dict__
        d["_cells"] = OrderedDict()
        d["_params"] = OrderedDict()
        d["_tuple_param_id"] = 1
        d["_auto_prefix"] = auto_prefix
        d["training"] = False
        d["requires_grad"] = False
        d["_call_hook"] = None
        d["_cast_inputs"] = None
        d["_forward_pre_hooks"] = OrderedDict()
        d["_forward_hooks"] = OrderedDict()
        d["_scope"] = None
        d["cell_type"] = None
        d["_phase"] = "train"
        if getattr(type(self), "bprop", None) is not None:
            _refresh_call_hook(self)
        if flags:
            self.add_flags(**flags)

    # ------------------------------------------------------------------ calling
    def construct(self, *args, **kwargs):
        raise NotImplementedError(f"Cell '{type(self).__name__}' must define construct()")

    def __call__(self, *args, **kwargs):
        if self._call_hook is None and not _graph_state["graph"]:
            try:
                return self.construct(*args, **kwargs)
            except AttributeError as e:
                raise _input_type_error(self, args, kwargs, e) from None
            except (RuntimeError, NotImplementedError, IndexError, AssertionError) as e:
                if getattr(e, "_sporetorch_cell", None) is not None:
                    raise  # an inner cell already decided what this error is: the outer ones pass it on
                translated = _torch_error(self, args, kwargs, e)
                if translated is e:
                    e._sporetorch_cell = type(self).__name__
                    raise
                raise translated from e
        return _special_call(self, args, kwargs)

    def __bool__(self):
        # As in MindSpore, a cell is true even where it has a length (an empty CellDict); only
        # CellList and SequentialCell are false when empty.
        return True

    # ------------------------------------------------------------------ attributes
    def __getattr__(self, name):
        # Only reached when normal lookup fails.
        if "_cells" not in self.__dict__:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'; "
                                 f"did you forget to call super().__init__() in {type(self).__name__}.__init__?")
        raise AttributeError(f"The '{type(self).__name__}' object has no attribute '{name}'.")

    def __setattr__(self, name, value):
        d = self.__dict__
        if "_cells" not in d:
            if isinstance(value, (Cell, Parameter)):
                raise AttributeError(f"Cannot assign '{name}' before Cell.__init__() of "
                                     f"{type(self).__name__} has been called")
            object.__setattr__(self, name, value)
            return
        if isinstance(value, Parameter):
            self._set_param_attr(name, value)
        elif isinstance(value, Cell):
            self._set_cell_attr(name, value)
        elif isinstance(value, ParameterTuple):
            self._set_param_tuple_attr(name, value)
        else:
            if name in d["_params"]:
                if value is None:
                    d["_params"][name] = None
                    d[name] = None
                    return
                if isinstance(value, Tensor):
                    d["_params"][name].set_data(value)
                    return
                if type(value) in (bool, int, float) and _in_compiled_code():
                    # MindSpore compiles ``self.param = number`` in a GRAPH_MODE construct or a jit
                    # function into an Assign (mindcv's GradientAccumulation resets its step counter so).
                    with torch.no_grad():
                        d["_params"][name]._t.fill_(value)
                    return
                raise TypeError(f"Parameter '{name}' already exists in network, can not assign this type: "
                                f"'{type(value)}' as a parameter.")
            if name in d["_cells"]:
                if value is not None:
                    raise TypeError(f"Sub cell '{name}' already exists in network, can not assign this type: "
                                    f"'{type(value)}' as a cell.")
                d["_cells"][name] = None
            buffers = d.get("_buffers")
            if buffers is not None and name in buffers:
                _check_buffer(name, value)
                buffers[name] = value
            object.__setattr__(self, name, value)

    def __delattr__(self, name):
        d = self.__dict__
        for reg in ("_params", "_cells", "_buffers"):
            if name in d.get(reg, ()):
                del d[reg][name]
        object.__delattr__(self, name)

    def _drop_plain_attr(self, name):
        # As in MindSpore, a Parameter or child cell replaces a plain attribute (a ParameterTuple
        # included), but not another kind of registered attribute: insert_param_to_cell and
        # insert_child_to_cell raise KeyError for those.
        d = self.__dict__
        if name not in d["_params"] and name not in d["_cells"] and name not in d.get("_buffers", ()):
            d.pop(name, None)

    def _set_param_attr(self, name, value):
        self._drop_plain_attr(name)
        self.insert_param_to_cell(name, value)

    def _set_param_tuple_attr(self, name, value):
        # As in MindSpore, each Parameter of the tuple is registered under its own name (a default
        # name becomes "Parameter$<n>", counted per cell), so the cell lists it in assignment order
        # among its other Parameters; a replaced tuple's Parameters stay registered.
        d = self.__dict__
        seen, names = set(), set()
        for item in value:
            if id(item) in seen:
                continue
            seen.add(id(item))
            if item._has_default_name():
                item.name = f"Parameter${d['_tuple_param_id']}"
                d["_tuple_param_id"] += 1
            if item.name in names:
                raise ValueError(f"The value {value} , its name '{item.name}' already exists. "
                                 "Please set a unique name for the parameter.")
            names.add(item.name)
            self.insert_param_to_cell(item.name, item, check_name_contain_dot=False)
        d[name] = value

    def _set_cell_attr(self, name, value):
        self._drop_plain_attr(name)
        if self._auto_prefix:
            value.update_parameters_name(name + ".")
        self.insert_child_to_cell(name, value)

    def add_flags(self, **flags):
        for k, v in flags.items():
            object.__setattr__(self, k, v)
        return self

    def add_flags_recursive(self, **flags):
        for cell in self._all_cells():
            cell.add_flags(**flags)
        return self

    def _all_cells(self, seen=None):
        # This cell and its descendants, each once. Unlike cells_and_names it includes empty
        # CellLists and SequentialCells, which MindSpore's add_flags_recursive (hence set_train
        # and to_float) reaches.
        seen = set() if seen is None else seen
        seen.add(id(self))
        yield self
        for cell in self._cells.values():
            if cell is not None and id(cell) not in seen:
                yield from cell._all_cells(seen)

    # ------------------------------------------------------------------ children
    def insert_child_to_cell(self, child_name, child_cell):
        """Register ``child_cell`` (a Cell or None) under ``child_name`` without renaming its
        Parameters; an existing child of that name is replaced."""
        if not isinstance(child_name, str):
            raise TypeError("For 'insert_child_to_cell', the type of parameter 'child_name' must be str, "
                            f"but got {type(child_name)}.")
        if not child_name or "." in child_name:
            raise KeyError("For 'insert_child_to_cell', the parameter 'child_name' can not be None and "
                           "can not contain '.' ")
        d = self.__dict__
        if child_name not in d["_cells"] and (child_name in d or hasattr(type(self), child_name)):
            raise KeyError(f"For 'insert_child_to_cell', the {child_name} child cell already exists in the "
                           "network.Cannot insert another child cell with the same name.")
        if child_cell is not None and not isinstance(child_cell, Cell):
            raise TypeError("For 'insert_child_to_cell', the argument 'child_cell' must be 'Cell' if not None, "
                            f"but got type {type(child_cell)}.")
        d["_cells"][child_name] = child_cell
        d[child_name] = child_cell

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        """Register ``param`` under ``param_name``."""
        if not isinstance(param_name, str) or not param_name:
            raise KeyError(f"For 'insert_param_to_cell', the name must be a non-empty str, but got {param_name!r}")
        if check_name_contain_dot and "." in param_name:
            raise KeyError(f"For 'insert_param_to_cell', the name must not contain '.', but got {param_name!r}")
        d = self.__dict__
        if param_name not in d["_params"] and (param_name in d or hasattr(type(self), param_name)):
            raise KeyError(f"For 'insert_param_to_cell', the {param_name} parameter already exists in the network."
                           "Cannot insert another parameter with the same name.")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"For 'insert_param_to_cell', the param must be a Parameter, "
                            f"but got {type(param).__name__}")
        if param is not None and param._has_default_name():
            param.name = param_name
        d["_params"][param_name] = param
        d[param_name] = param

    def cells_and_names(self, cells=None, name_prefix=""):
        """Yield ``(path, cell)`` for this cell and every descendant, depth first, each cell once."""
        seen = set() if cells is None else cells
        if id(self) not in seen:
            seen.add(id(self))
            yield name_prefix, self
        for name, cell in self._cells.items():
            # As in MindSpore, an empty CellList or SequentialCell (falsy) is skipped.
            if not cell or id(cell) in seen:
                continue
            path = f"{name_prefix}.{name}" if name_prefix else name
            yield from cell.cells_and_names(seen, path)

    def name_cells(self):
        """Return an OrderedDict of the direct children by attribute name."""
        out = OrderedDict()
        for name, cell in self._cells.items():
            if cell is not None and cell not in out.values():
                out[name] = cell
        return out

    def cells(self):
        """Return the direct children."""
        return self.name_cells().values()

    def get_flags(self):
        return {}

    # ------------------------------------------------------------------ buffers
    def register_buffer(self, name, tensor, persistent=True):
        """Keep ``tensor`` (a Tensor or None) as the attribute ``name``: state that is not a
        Parameter, such as a running statistic. ``persistent`` is recorded."""
        if not isinstance(name, str):
            raise TypeError(f"buffer name should be a string, but got {type(name)}")
        if "." in name:
            raise KeyError('buffer name can\'t contain "."')
        if not name:
            raise KeyError('buffer name can\'t be empty string ""')
        d = self.__dict__
        if name in d and name not in d.get("_buffers", ()) or hasattr(type(self), name):
            raise KeyError(f"attribute '{name}' already exists")
        _check_buffer(name, tensor)
        for hook in _global_buffer_registration_hooks.values():
            output = hook(self, name, tensor)
            if output is not None:
                tensor = output
        d.setdefault("_buffers", OrderedDict())[name] = tensor
        d.setdefault("_non_persistent_buffers", set()).discard(name)
        if not persistent:
            d["_non_persistent_buffers"].add(name)
        d[name] = tensor

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        """Yield ``(path, Tensor)`` for the buffers of this cell (and its descendants when ``recurse``)."""
        cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
        seen = set()
        for cell_name, cell in cells:
            for name, buf in cell.__dict__.get("_buffers", {}).items():
                if buf is None or (remove_duplicate and id(buf) in seen):
                    continue
                seen.add(id(buf))
                yield (f"{cell_name}.{name}" if cell_name else name), buf

    def buffers(self, recurse=True):
        """Yield the buffers of this cell (and its descendants when ``recurse``)."""
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def get_buffer(self, target):
        """Return the buffer at the dotted path ``target`` (``"block.running_mean"``)."""
        *path, name = target.split(".")
        cell = self
        for part in path:
            cell = cell._cells.get(part) if isinstance(cell, Cell) else None
            if cell is None:
                raise AttributeError(f"The cell has no child cell '{part}' on the path '{target}'.")
        if name not in cell.__dict__.get("_buffers", {}):
            raise AttributeError(f"'{name}' is not a buffer of {type(cell).__name__}.")
        return cell.__dict__["_buffers"][name]

    # ------------------------------------------------------------------ MindSpore housekeeping
    def get_scope(self):
        """The scope name of this cell (None outside MindSpore's graph compiler)."""
        return self._scope

    def update_cell_type(self, cell_type):
        """Record the cell type (``"quant"``, ...); it does not change the computation."""
        self.__dict__["cell_type"] = cell_type

    def update_cell_prefix(self):
        """Set ``param_prefix`` of every descendant to its path from this cell."""
        for path, cell in self.cells_and_names():
            cell.__dict__["_param_prefix"] = path

    def cast_inputs(self, inputs, dst_type):
        """Return ``inputs`` with every floating Tensor cast to ``dst_type``."""
        tdtype = mstype.to_torch(dst_type)
        return tuple(_cast(x, tdtype) for x in inputs)

    def run_construct(self, cast_inputs, kwargs):
        """Run ``construct`` on already prepared inputs (no hooks)."""
        return self.construct(*cast_inputs, **kwargs)

    def recompute(self, **kwargs):
        """Accepted for compatibility: recomputation only trades memory for time in MindSpore's
        graph compiler; eager torch execution computes the same values without it."""

    def set_boost(self, boost_type):
        """Accepted for compatibility; boost modes tune MindSpore's Ascend training. Returns self."""
        return self

    def set_data_parallel(self):
        """Accepted for compatibility; one process has nothing to parallelise. Returns self."""
        return self

    def set_comm_fusion(self, fusion_type, recurse=True):
        """Accepted for compatibility; one process runs no collectives."""

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None, device="Ascend", level=0):
        """Accepted for compatibility; a single process runs the unsharded cell. Returns self."""
        return self

    # ------------------------------------------------------------------ parameters
    def parameters_and_names(self, name_prefix="", expand=True):
        """Yield ``(path, Parameter)`` for this cell's Parameters (then the children's when ``expand``)."""
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        seen = set()
        for cell_name, cell in cells:
            for par_name, par in cell._params.items():
                if par is None or id(par) in seen:
                    continue
                seen.add(id(par))
                yield (f"{cell_name}.{par_name}" if cell_name else par_name), par

    def get_parameters(self, expand=True):
        """Yield this cell's Parameters (recursively when ``expand``)."""
        for _, p in self.parameters_and_names(expand=expand):
            yield p

    def trainable_params(self, recurse=True):
        """Return the list of Parameters with ``requires_grad=True``."""
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse=True):
        """Return the list of Parameters with ``requires_grad=False``."""
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse=True):
        """Return an OrderedDict ``{Parameter.name: Parameter}``."""
        out = OrderedDict()
        for p in self.get_parameters(expand=recurse):
            out[p.name] = p
        return out

    def update_parameters_name(self, prefix="", recurse=True):
        """Rename every Parameter to ``prefix + <its path inside this cell>``."""
        if not isinstance(prefix, str):
            raise TypeError(f"For 'update_parameters_name', the 'prefix' must be a str, but got {prefix!r}")
        for name, param in self.parameters_and_names(expand=recurse):
            if prefix:
                param.is_init = False
            param.name = prefix + name

    def check_names(self):
        names = set()
        for p in self.get_parameters():
            if p.name in names:
                raise ValueError(f"The value {p.name} of Parameter names is duplicated in {type(self).__name__}")
            names.add(p.name)

    def init_parameters_data(self, auto_parallel_mode=False):
        return {p: p for p in self.get_parameters()}

    def load_parameter_slice(self, params):
        """Copy the values of ``params`` (``{name: Parameter}``) into this cell's Parameters of the same names.

        MindSpore replaces the parameters with their slices under a parallel strategy; standalone, each slice is
        the whole parameter. (No import of ``train.serialization``: nn sits below train.)
        """
        for param in self.get_parameters():
            value = params.get(param.name)
            if value is not None:
                param.set_data(value)

    # ------------------------------------------------------------------ modes
    def set_train(self, mode=True):
        """Put this cell and its descendants in training (``True``) or inference mode; returns self."""
        mode = bool(mode)
        for cell in self._all_cells():
            cell.__dict__["training"] = mode
            cell.__dict__["_phase"] = "train" if mode else "predict"
        return self

    @property
    def phase(self):
        return self._phase

    def set_grad(self, requires_grad=True):
        """Mark this cell for reuse of its forward by ``grad``: a plain call records the forward and
        ``grad(cell)`` with the same inputs differentiates it instead of running ``construct`` again."""
        d = self.__dict__
        d["requires_grad"] = requires_grad
        d["_grad_forward"] = None
        d["_grad_params"] = None
        _refresh_call_hook(self)
        return self

    def set_inputs(self, *inputs):
        """Declare input signatures for GRAPH_MODE; ``None`` dimensions in
        ``Tensor(shape=[None, 3], dtype=...)`` are compiled as dynamic."""
        from ..common.jit import set_inputs
        set_inputs(self, *inputs)

    def set_jit_config(self, jit_config):
        """Set this cell's compilation options (a ``JitConfig``); ``backend`` picks the torch.compile backend."""
        options = getattr(jit_config, "jit_config_dict", jit_config)
        self.__dict__["_jit_config"] = dict(options)
        if options.get("backend"):
            self.__dict__["_jit_backend"] = options["backend"]
        self.__dict__.pop("_graph_compiled", None)

    def to_float(self, dst_type):
        """Compute this cell and its descendants in ``dst_type`` (float16, bfloat16 or float32);
        returns self. As in MindSpore 2.10, floating inputs are cast on entry and each cell
        computes with low-precision copies of its floating Parameters, while the stored
        Parameters keep their dtype (gradients reach them through the casts). A descendant's
        own ``to_float`` call afterwards overrides it (e.g. BatchNorm kept in float32)."""
        if dst_type not in (mstype.float16, mstype.float32, mstype.bfloat16):
            raise ValueError("For 'to_float', the argument 'dst_type' must be mstype.float32, mstype.float16 or "
                             f"mstype.bfloat16, but got type: {type(dst_type)} and value: {dst_type}.")
        tdtype = mstype.to_torch(dst_type)
        for cell in self._all_cells():
            cell.__dict__["_cast_inputs"] = tdtype
            _refresh_call_hook(cell)
        return self

    def to(self, dtype):
        """Cast the stored floating Parameters of this cell and its descendants to ``dtype``; returns self."""
        tdtype = mstype.to_torch(dtype)
        for p in self.get_parameters():
            if p._t.is_floating_point() and p._t.dtype != tdtype:
                p.set_dtype(dtype)
        return self

    def state_dict(self, destination=None, prefix="", keep_vars=False):
        """Return an OrderedDict of path name → Parameter, then the persistent buffers."""
        out = OrderedDict() if destination is None else destination
        for name, param in self.parameters_and_names(name_prefix=prefix.rstrip(".")):
            out[name] = param
        for path, cell in self.cells_and_names(name_prefix=prefix.rstrip(".")):
            skip = cell.__dict__.get("_non_persistent_buffers", ())
            for name, buf in cell.__dict__.get("_buffers", {}).items():
                if buf is not None and name not in skip:
                    out[f"{path}.{name}" if path else name] = buf
        return out

    def load_state_dict(self, state_dict, strict=True):
        """Copy values from ``state_dict`` (path name → Tensor) into the Parameters and buffers.

        With ``strict`` a missing or unexpected key is a RuntimeError and nothing is changed.
        Returns ``(missing_keys, unexpected_keys)``.
        """
        own = self.state_dict()
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        if strict and (missing or unexpected):
            lines = []
            if missing:
                lines.append("Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing) + ". ")
            if unexpected:
                lines.append("Unexpected key(s) in state_dict: " + ", ".join(f'"{k}"' for k in unexpected) + ". ")
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}:\n\t" + "\n\t".join(lines))
        for key, target in own.items():
            if key not in state_dict:
                continue
            value = state_dict[key]
            if isinstance(target, Parameter):
                target.set_data(value)
            else:
                value = value if isinstance(value, Tensor) else Tensor(value)  # a Python/numpy value
                with torch.no_grad():
                    target._t.copy_(value._t)
        return _IncompatibleKeys(missing, unexpected)

    def apply(self, fn):
        """Call ``fn`` on every descendant cell and then on this cell; returns self."""
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    # ------------------------------------------------------------------ hooks
    def register_forward_pre_hook(self, hook_fn):
        """``hook_fn(cell, inputs)`` runs before ``construct``; a non-None result replaces the inputs."""
        handle = _HookHandle(self._forward_pre_hooks, self)
        self._forward_pre_hooks[handle.id] = hook_fn
        _refresh_call_hook(self)
        return handle

    def register_forward_hook(self, hook_fn):
        """``hook_fn(cell, inputs, output)`` runs after ``construct``; a non-None result replaces the output."""
        handle = _HookHandle(self._forward_hooks, self)
        self._forward_hooks[handle.id] = hook_fn
        _refresh_call_hook(self)
        return handle

    def register_backward_hook(self, hook_fn):
        """``hook_fn(cell, grad_input, grad_output)`` runs in the backward with the gradients of this
        cell's inputs and outputs; a returned tuple replaces ``grad_input``."""
        return _add_backward_hook(self, hook_fn, pre=False)

    def register_backward_pre_hook(self, hook_fn):
        """``hook_fn(cell, grad_output)`` runs before this cell's backward; a returned tuple replaces
        ``grad_output``."""
        return _add_backward_hook(self, hook_fn, pre=True)

    # ------------------------------------------------------------------ printing
    def extend_repr(self):
        """Extra text shown inside this cell's repr."""
        return ""

    def __repr__(self):
        extend = self.extend_repr()
        extra_lines = extend.split("\n") if extend else []
        child_lines = [f"({name}): " + repr(cell).replace("\n", "\n  ") for name, cell in self._cells.items()]
        text = type(self).__name__ + "("
        if len(extra_lines) == 1 and not child_lines:
            text += extra_lines[0]
        elif extra_lines or child_lines:
            text += "\n  " + "\n  ".join(extra_lines + child_lines) + "\n"
        return text + ")"

    __str__ = __repr__

    @property
    def cls_name(self):
        return type(self).__name__

    @property
    def param_prefix(self):
        """The path set by ``update_cell_prefix`` ("" until then)."""
        return self.__dict__.get("_param_prefix", "")

    def __getstate__(self):
        return self.__dict__.copy()

    def __setstate__(self, state):
        self.__dict__.update(state)


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return f"_IncompatibleKeys(missing_keys={self.missing_keys}, unexpected_keys={self.unexpected_keys})"

    __str__ = __repr__


class _HookHandle:
    _next = 0

    def __init__(self, registry, cell=None):
        _HookHandle._next += 1
        self.id = _HookHandle._next
        self._registry = registry
        self._cell = cell

    def remove(self):
        self._registry.pop(self.id, None)
        if self._cell is not None:
            # The last hook gone puts the cell back on Cell.__call__'s fast path.
            _refresh_call_hook(self._cell)


def _refresh_call_hook(cell):
    """Derive the call path from the cell's state: ``_extra_call`` for set_grad recording, a custom
    bprop or backward hooks; ``_call_hook`` (the slow path) for those, input casting or forward hooks."""
    d = cell.__dict__
    autodiff = d["requires_grad"] or getattr(type(cell), "bprop", None) is not None \
        or bool(d.get("_backward_hooks")) or bool(d.get("_backward_pre_hooks"))
    d["_extra_call"] = _autodiff_call if autodiff else None
    needs = autodiff or d["_cast_inputs"] is not None or d["_forward_pre_hooks"] or d["_forward_hooks"]
    d["_call_hook"] = _hooked_call if needs else None


def _autodiff_call(cell, args, kwargs):
    # Custom bprop and set_grad() recording live with the autodiff package (below nn).
    return cell_call(cell, args, kwargs)


def _add_backward_hook(cell, hook_fn, pre):
    """Register ``hook_fn`` on ``cell`` (``Cell.register_backward_hook``/``..._pre_hook``)."""
    api = "register_backward_pre_hook" if pre else "register_backward_hook"
    if not callable(hook_fn):
        raise TypeError(f"For '{api}' of '{type(cell).__name__}', the 'hook_fn' must be callable, "
                        f"but got {type(hook_fn).__name__}")
    d = cell.__dict__
    key = "_backward_pre_hooks" if pre else "_backward_hooks"
    registry = d.get(key)
    if registry is None:
        registry = d[key] = OrderedDict()
    handle = _HookHandle(registry, cell)
    registry[handle.id] = hook_fn
    _refresh_call_hook(cell)
    return handle


def _check_buffer(name, value):
    if value is not None and not isinstance(value, Tensor):
        raise TypeError(f"cannot assign '{type(value)}' object to buffer '{name}' (mindspore Tensor or None required)")


def _cast(x, tdtype):
    if isinstance(x, Tensor) and x._t.is_floating_point() and x._t.dtype != tdtype:
        return _wrap(x._t.to(tdtype))
    return x


def _cast_params(cell, tdtype):
    """Give ``cell``'s floating Parameters ``tdtype`` copies for one call; return what to restore."""
    swapped = []
    for p in cell._params.values():
        if p is not None and p._t.is_floating_point() and p._t.dtype != tdtype:
            low = p._t.to(tdtype)
            swapped.append((p, p._t, low, _accel.tensor_version(low)))
            p._t = low
    return swapped


def _restore_params(swapped):
    """Put the stored tensors back, keeping what ``construct`` wrote (e.g. BatchNorm's moving mean)."""
    for p, stored, low, version in swapped:
        current = p._t
        p._t = stored
        if current is not low or _written(low, version, stored):
            with torch.no_grad():
                if current.shape == stored.shape:
                    stored.copy_(current)
                else:
                    p._t = current.detach().to(stored.dtype)


def _written(low, version, stored):
    """Whether the call wrote into ``low``, the cast copy of ``stored``: its version counter moved, or its
    values are no longer the cast of ``stored``. The values are compared for tensors without gradient
    (running statistics: torch's batch_norm updates them without moving the counter) and wherever torch
    keeps no counter."""
    if version is not None and _accel.tensor_version(low) != version:
        return True
    if version is not None and stored.requires_grad:
        return False
    return not torch.equal(low, stored.to(low.dtype))  # torch: bookkeeping of the cast copy, not an op


def _hooked_call(cell, args, kwargs):
    if cell._cast_inputs is not None:
        tdtype = cell._cast_inputs
        args = tuple(_cast(a, tdtype) for a in args)
        swapped = _cast_params(cell, tdtype)
        if swapped:
            try:
                return _run_hooks(cell, args, kwargs)
            finally:
                _restore_params(swapped)
    return _run_hooks(cell, args, kwargs)


def _run_hooks(cell, args, kwargs):
    for hook in list(cell._forward_pre_hooks.values()):
        res = hook(cell, args)
        if res is not None:
            args = res if isinstance(res, tuple) else (res,)
    extra = cell.__dict__.get("_extra_call")
    out = extra(cell, args, kwargs) if extra is not None else cell.construct(*args, **kwargs)
    for hook in list(cell._forward_hooks.values()):
        res = hook(cell, args, out)
        if res is not None:
            out = res
    return out


def _in_compiled_code():
    """Whether the code setting an attribute (two frames up) runs where MindSpore compiles."""
    from ..common.jit import in_graph_code
    return in_graph_code(sys._getframe(2))


def _special_call(cell, args, kwargs):
    """The slow path of ``Cell.__call__``: hooks, input casting, custom bprop and GRAPH_MODE."""
    if _graph_state["graph"]:
        runner = _graph_state.get("graph_call")
        if runner is not None:
            return runner(cell, args, kwargs)
    hook = cell._call_hook
    if hook is not None:
        return hook(cell, args, kwargs)
    return cell.construct(*args, **kwargs)


# ------------------------------------------------------------------ MindSpore 2.10's Cell helpers
_COMPLEX_TYPES = (mstype.complex64, mstype.complex128)


def _addindent(s_, num_spaces):
    """Indent every line of ``s_`` but the first by ``num_spaces`` (a single line is returned as is)."""
    s = s_.split("\n")
    if len(s) == 1:
        return s_
    first = s.pop(0)
    return first + "\n" + "\n".join((num_spaces * " ") + line for line in s)


def _is_complex(dtype) -> bool:
    """Whether ``dtype`` is complex64 or complex128."""
    return dtype in _COMPLEX_TYPES


def _is_float_or_complex(dtype) -> bool:
    """Whether ``dtype`` is a floating-point or complex dtype."""
    return dtype in mstype.float_type or dtype in _COMPLEX_TYPES


def _is_parameter_list_or_tuple(value):
    """Whether ``value`` is a non-empty list or tuple of Parameters only."""
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, Parameter) for v in value)


def _is_traceable_tensor_subclass(t) -> bool:
    """Whether ``t`` is an instance of a Tensor subclass with ``__tensor_flatten__``/``__tensor_unflatten__``."""
    return isinstance(t, Tensor) and t.__class__ is not Tensor and hasattr(t, "__tensor_flatten__") \
        and hasattr(t, "__tensor_unflatten__")


def _validate_to_dtype(dtype) -> None:
    """``Cell.to`` takes floating-point or complex dtypes only (TypeError); complex warns it is new."""
    import warnings
    if not _is_float_or_complex(dtype):
        raise TypeError(f"Cell.to only accepts floating point or complex dtypes, but got desired dtype={dtype}")
    if _is_complex(dtype):
        warnings.warn("Complex modules are a new feature under active development whose design may change, and "
                      "some modules might not work as expected when using complex tensors as parameters or buffers.",
                      stacklevel=2)
