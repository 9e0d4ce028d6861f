"""Calls of MindSpore 2.10's private ``mindspore.train`` helpers, written against a module argument so that
the same calls run on sporetorch (the tests) and on MindSpore 2.10 (which recorded the expected strings in
test_train_private_helpers_ms210.py). Imports nothing of either package itself."""
import importlib
import os

import numpy as np

_LAYOUT = {"w": [[2, 4], [1, -1], [], [], [], ""], "b": [[2, 4], [-1, 0], [], [], [], ""],
           "a": [[2, 4], [-1, -1], [], [], [], ""]}


def _mod(ms, path):
    return importlib.import_module(f"{ms.__name__}.{path}")


def _utils_cases(ms, tmp):
    u = _mod(ms, "train._utils")
    red = u.get_parameter_redundancy(_LAYOUT)

    def without(layout):
        d = {}
        u._get_parameter_redundancy_without_opt_shard(layout, d, 0)
        return d

    def strat(d, opt):
        u._get_strategy_opt_shard(d, opt)
        return d

    wrapped = u._mstx_range_decorator("msg")(lambda x: x + 1)
    return [
        ("redundancy", lambda: u.get_parameter_redundancy(_LAYOUT)),
        ("redundancy_rank8", lambda: u.get_parameter_redundancy(_LAYOUT, 8)),
        ("initial_rank", lambda: u._get_initial_rank(_LAYOUT)),
        ("without_opt_shard", lambda: without({"x": [[2, 2, 2], [2, -1]]})),
        ("without_opt_shard_3d", lambda: without({"x": [[2, 3, 2], [0, 2]]})),
        ("pp_size", lambda: u._get_pp_size_from_redundancy_map(red)),
        ("collect", lambda: u._collect_settings_by_rank(red)),
        ("remove", lambda: sorted((k, sorted(v)) for k, v in u.remove_param_redundancy(red).items())),
        ("remove2", lambda: sorted((k, sorted(v)) for k, v in u.remove_param_redundancy(red, 2).items())),
        ("strategy_opt_shard", lambda: strat({"w": ((0, 1, 2, 3),), "b": ((0, 2), (1, 3))},
                                             {"w": [1, 2], "b": [0, 0]})),
        ("strategy_opt_shard_whole", lambda: strat({"w": ((0, 1, 2, 3),)}, {"w": [2, -1]})),
        ("strategy_opt_shard_err", lambda: strat({}, {"w": [2, -1]})),
        ("data_broadcast", lambda: u.enable_data_broadcast()),
        ("load_and_transform", lambda: u._load_and_transform("p", {"a": "A"}, lambda p: {"a": 1, "b": 2})),
        ("load_and_transform_none", lambda: u._load_and_transform("p", None, lambda p: {"a": 1, "b": 2})),
        ("mstx_range", lambda: (wrapped(2), wrapped.__name__)),
    ]


def _md5(path):
    import hashlib
    with open(path, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


class _Meta:
    def __init__(self, metadata):
        self._m = metadata

    def metadata(self):
        return self._m


def _serialization_cases(ms, tmp):
    import io
    import threading
    s = _mod(ms, "train.serialization")
    pb = _mod(ms, "train.checkpoint_pb2")
    mind_ir = _mod(ms, "train.mind_ir_pb2")
    nn, Tensor, Parameter = ms.nn, ms.Tensor, ms.Parameter

    def rel(text):
        return str(text).replace(tmp, "<tmp>")

    def net():
        ms.set_seed(1)
        n = nn.Dense(2, 3)
        n.weight.set_data(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)))
        n.bias.set_data(Tensor(np.array([0.5, -1.0, 2.0], np.float32)))
        return n

    def data_list():
        return {"w": [[2, 2], "Float32", np.arange(4, dtype=np.float32).reshape(2, 2)],
                "n": [[3], "Int64", np.array([1, 2, 3], np.int64)],
                "h": [[2], "Float16", np.array([0.5, 1.5], np.float16)]}

    def exec_save(name, **kw):
        path = os.path.join(tmp, name)
        s._exec_save(path, data_list(), **kw)
        if not name.endswith(".safetensors"):
            return _md5(path)
        # The safetensors writer orders the metadata keys at random: compare the parsed header and the data.
        import json
        with open(path, "rb") as f:
            raw = f.read()
        n = int.from_bytes(raw[:8], "little")
        return json.dumps(json.loads(raw[8:8 + n]), sort_keys=True), raw[8 + n:].rstrip(b" ").hex()

    def err(f):
        """A path-dependent error, with the scratch folder written as <tmp> before anything is cut."""
        try:
            return f()
        except Exception as e:  # noqa: BLE001 - the error is the expected value
            return f"{type(e).__name__}: {rel(e)}"

    def loaded(d, names=True):
        # MindSpore leaves the Parameters read from safetensors unnamed ("Parameter#N"): names only for .ckpt.
        return sorted((k, v if isinstance(v, str) else (v.asnumpy().tolist(), str(v.dtype)) + ((v.name,) if names
                                                                                                else ()))
                      for k, v in d.items())

    ckpt = os.path.join(tmp, "base.ckpt")
    s._exec_save(ckpt, data_list(), crc_check=True)
    sft = os.path.join(tmp, "base.safetensors")
    s._exec_save(sft, data_list(), format="safetensors")
    bad = os.path.join(tmp, "bad.ckpt")
    with open(bad, "wb") as f:
        f.write(b"\x0a\xff\xff\xff\xff garbage")

    def write_param(kind):
        buf = io.BytesIO()
        value = [[2, 2], "Float32", np.arange(4, dtype=np.float32).reshape(2, 2)]
        if kind == "bytes":
            value[2] = Tensor(value[2])
        crc, _ = getattr(s, "_write_parameter_data" if kind == "np" else "_write_parameter_bytes_data")(
            "w", value, buf, None, None, 0, True, 0)
        return crc, buf.getvalue().hex()

    def parse(path, crc):
        proto = s._parse_ckpt_proto(path, None, "AES-GCM", crc)
        return [(v.tag, list(v.tensor.dims), v.tensor.tensor_type, len(v.tensor.tensor_content)) for v in proto.value]

    def load_ckpt(specify, filt, choice):
        d = {}
        s._load_ckpt_into_param_dict(ckpt, d, specify, filt, choice, None, "AES-GCM", True)
        return loaded(d)

    def load_sft(rr):
        d = {}
        r = s._load_safetensors_into_param_dict(sft, d, lambda k: k != "n", True, rr)
        return r, loaded(d, False)

    def load_into(fmt):
        d = {}
        r = s._load_into_param_dict(ckpt if fmt == "ckpt" else sft, d, None, None, None, None, "AES-GCM", False,
                                    fmt, False)
        return r, loaded(d, fmt == "ckpt")

    def map_param():
        cp = pb.Checkpoint()
        for rows in ([1, 2], [3]):
            v = cp.value.add()
            v.tag = "emb"
            for arr in (np.array(rows, np.int32), np.ones((len(rows), 2), np.float32) * rows[0],
                        np.zeros(len(rows), np.int32)):
                t = v.maptensor.tensor.add()
                t.dims.extend(arr.shape)
                t.tensor_type = str(arr.dtype)
                t.tensor_content = arr.tobytes()
        d, data, shapes = {}, [[], [], []], [0, 0, 0]
        for i, element in enumerate(cp.value):
            s._load_map_parameter(cp, element, i, data, shapes, d)
        return [(a.tolist(), str(a.dtype)) for a in d["emb"]], shapes

    def update(old, new, strict):
        p = Parameter(Tensor(old), name="p")
        q = Parameter(Tensor(new), name="p")
        s._update_param(p, q, strict)
        return p.asnumpy().tolist(), str(p.dtype)

    def special(old, new):
        p = Parameter(Tensor(old), name="p")
        r = s._special_process_par(p, Parameter(Tensor(new), name="p"))
        return r, p.asnumpy().tolist()

    def warm(d):
        r = s._warm_up_host_cache(d, None)
        return r[0], sorted(r[1]), r[2]

    def convert_cell():
        return [(item["name"], type(item["data"]).__name__, item["data"].shape)
                for item in s._convert_cell_to_param_list(net(), True, None, None)]

    def convert_dict():
        out = s._convert_dict_to_param_dict({"a": np.ones(2, np.float32), "s": "text",
                                             "p": Parameter(Tensor(np.ones(1, np.float32)), name="p")},
                                            lambda k: k != "x")
        return [(item["name"], type(item["data"]).__name__) for item in out]

    def convert_list(obj, choice=None):
        return [(item["name"], type(item["data"]).__name__) for item in s._convert_list_to_param_list(obj, choice)]

    def param_list_data():
        d = {"k": []}
        s._save_param_list_data(d, "k", {"data": ["offload_parameter", "DATA", (2, 3), "Float32", 7]})
        return d

    def save_weight():
        folder = os.path.join(tmp, "weights")
        os.makedirs(folder, exist_ok=True)
        s._save_weight(folder, "m", "3", {"w": ["Float32", [2], [1.0, 2.0], 8]})
        s._save_weight(os.path.join(tmp, "absent"), "m", "3", {})
        return sorted(os.listdir(folder)), _md5(os.path.join(folder, "m_iteration_3.ckpt"))

    def async_save():
        cond = threading.Condition()
        path = os.path.join(tmp, "async.ckpt")
        s._async_process_save(path, data_list(), cond=cond)
        return _md5(path)

    def gather():
        root = os.path.join(tmp, "conv")
        for r in ("rank_0", "rank_1"):
            os.makedirs(os.path.join(root, r), exist_ok=True)
            s._exec_save(os.path.join(root, r, "a.ckpt"), data_list())
        tasks = s._gather_all_tasks(root, os.path.join(tmp, "conv_out"), None, {"w": "W"}, "safetensors")
        for t in tasks:
            s._process_file(t)
        out = os.path.join(tmp, "conv_out", "rank_0", "a.safetensors")
        return (sorted(rel((t[0], t[2], t[3], t[4])) for t in tasks),
                loaded(s._load_file_and_convert_name(out, None, format="safetensors"), False))

    def convert_file():
        src = os.path.join(tmp, "single.ckpt")
        s._exec_save(src, data_list())
        s._convert_checkpoint_file(src, os.path.join(tmp, "single_out"), {"n": "N"}, None, 1, "safetensors")
        return loaded(ms.load_checkpoint(os.path.join(tmp, "single_out", "single.safetensors"),
                                         format="safetensors"), False)

    def data_file():
        name = os.path.join(tmp, "data_0")
        f, size, offset = s._get_data_file(lambda: False, {}, name)
        f.write(b"abc")
        f2, size2, offset2 = s._change_file(f, tmp, "data_1", lambda: False, {})
        f2.close()
        with open(name, "rb") as g:
            head = g.read()
        return size, offset, size2, offset2, head.hex()

    def model_proto(names):
        model = mind_ir.ModelProto()
        for n in names:
            model.graph.parameter.add().name = n
        return model

    def together():
        n = net()
        d = n.parameters_dict()
        path = os.path.join(tmp, "m")
        s._save_mindir_together(d, model_proto(["0:weight", "1:bias"]), path, lambda: False)
        return s._save_together(d, model_proto(["0:weight", "1:bias"])), _md5(path + ".mindir")

    def split_save():
        n = net()
        d = n.parameters_dict()
        folder = os.path.join(tmp, "split")
        os.makedirs(folder, exist_ok=True)
        model = model_proto(["0:weight", "1:bias"])
        s._split_save(d, model, os.path.join(folder, "m.mindir"), lambda: False)
        files = sorted(os.path.relpath(os.path.join(r, f), folder) for r, _, fs in os.walk(folder) for f in fs)
        return (files, [(p.name, p.external_data.location, p.external_data.offset, p.external_data.length)
                        for p in model.graph.parameter],
                _md5(os.path.join(folder, "m_variables", "data_0")), _md5(os.path.join(folder, "m_graph.mindir")))

    def merged(layout, integrated):
        n = net()
        n.parallel_parameter_merge_net_dict = {}
        x = Tensor(np.arange(4, dtype=np.float32).reshape(2, 2))
        try:
            out = s._get_merged_param_data(n, {"w": layout}, "w", x, integrated).asnumpy().tolist()
        except RuntimeError as e:
            out = "RuntimeError" if "uniform" not in str(e) else str(e)
        # MindSpore caches the AllGather cell it builds before the gather fails; only the None entries compare.
        return out, {k: v for k, v in n.parallel_parameter_merge_net_dict.items() if v is None}

    class _FakeDataset:
        def to_json(self):
            return {"op_type": "Batch", "children": [
                {"op_type": "Map", "input_columns": ["a"], "output_columns": ["b"], "operations": [{"x": 1}],
                 "children": [{"op_type": "Generator", "children": []}]}]}

    def dataset_to_mindir():
        model = mind_ir.ModelProto()
        s._save_dataset_to_mindir(model, _FakeDataset())
        return [(op.input_columns, op.output_columns, op.op_type, op.operations, op.offload)
                for op in model.preprocessor.op]

    def fs():
        f = _mod(ms, "common.file_system").FileSystem()
        s.init_ckpt_file_system(f)
        return f.create_args, f.open_args, f.backend, s._ensure_ckpt_fs_initialized()

    graph_file = os.path.join(tmp, "g.pb")
    empty_dir = os.path.join(tmp, "empty")
    os.makedirs(empty_dir, exist_ok=True)
    return [
        ("check_async_save", lambda: [s._check_async_save(v) for v in (True, "thread", "process")]),
        ("check_async_save_str", lambda: s._check_async_save("x")),
        ("check_async_save_type", lambda: s._check_async_save(3)),
        ("save_obj_name", lambda: rel(s._check_save_obj_and_ckpt_file_name({}, os.path.join(tmp, "a"), "ckpt"))),
        ("save_obj_name_keep", lambda: rel(s._check_save_obj_and_ckpt_file_name([], os.path.join(tmp, "a.ckpt"),
                                                                                "ckpt"))),
        ("save_obj_name_format", lambda: s._check_save_obj_and_ckpt_file_name({}, "a", "npz")),
        ("save_obj_name_obj", lambda: s._check_save_obj_and_ckpt_file_name(3, "a", "ckpt")),
        ("save_obj_name_str", lambda: s._check_save_obj_and_ckpt_file_name({}, 5, "ckpt")),
        ("save_obj_name_dir", lambda: rel(s._check_save_obj_and_ckpt_file_name({}, tmp, "ckpt"))),
        ("load_unsupported", lambda: s._check_load_checkpoint_unsupported_param("safetensors", None, "AES-CBC")),
        ("load_unsupported_ckpt", lambda: s._check_load_checkpoint_unsupported_param("ckpt", b"k", "AES-CBC")),
        ("save_unsupported", lambda: s._check_save_checkpoint_unsupported_param("safetensors", None, "AES-GCM",
                                                                                 False, 3)),
        ("memory_error", lambda: s._checkpoint_protobuf_memory_error("f.ckpt", 20, 10)),
        ("memory_error_short", lambda: s._checkpoint_protobuf_memory_error("f.ckpt")),
        ("protobuf_size", lambda: s._check_checkpoint_protobuf_size("f.ckpt", 20, 10)),
        ("protobuf_size_ok", lambda: s._check_checkpoint_protobuf_size("f.ckpt", 10, 20)),
        ("file_size_ok", lambda: s._check_checkpoint_file_size(ckpt)),
        ("available_memory", lambda: type(s._get_available_memory()).__name__),
        ("check_file", lambda: rel(s._check_file(ckpt, "ckpt"))),
        ("check_file_format", lambda: s._check_file(ckpt, "npz")),
        ("check_file_bytesio", lambda: s._check_file(io.BytesIO(b""), "ckpt")),
        ("check_file_bytesio_sft", lambda: type(s._check_file(io.BytesIO(b""), "safetensors")).__name__),
        ("check_file_type", lambda: s._check_file(3, "ckpt")),
        ("check_file_suffix", lambda: s._check_file("a.safetensors", "ckpt")),
        ("check_file_absent", lambda: err(lambda: s._check_file(os.path.join(tmp, "none.ckpt"), "ckpt"))),
        ("whether_load", lambda: [s._whether_load_param(sp, fp, n) for sp, fp, n in [
            (None, None, "a.w"), (("a",), None, "b.w"), (("a", "b"), ("b.x",), "b.w"), (("a",), ("a",), "a.w")]]),
        ("check_load_net", lambda: s._check_load_param_into_net(3, {})),
        ("check_load_dict", lambda: s._check_load_param_into_net(net(), [])),
        ("check_load_value", lambda: s._check_load_param_into_net(net(), {"a": 1})),
        ("check_load_ok", lambda: s._check_load_param_into_net(net(), {"a": "s", "b": []})),
        ("remove_redundancy_net", lambda: s._check_remove_redundancy_net(net())),
        ("remove_redundancy", lambda: [s._check_remove_redundancy(r, _Meta(m)) for r, m in [
            (False, {"remove_redundancy": "True"}), (True, {"remove_redundancy": "False"}), (True, None),
            (False, {"remove_redundancy": "False"})]]),
        ("integrate_save_pp", lambda: s._check_param_for_integrate_save(2, 1)),
        ("integrate_save_split", lambda: s._check_param_for_integrate_save(1, 0)),
        ("integrate_save_ok", lambda: s._check_param_for_integrate_save(1, 1)),
        ("auto_parallel", lambda: s._is_auto_parallel_mode(net())),
        ("shared_param", lambda: [i["name"] for i in s._handle_shared_param_for_pipeline_parallel(
            [{"name": "a", "data": net().weight}, {"name": "b", "data": "text"}])]),
        ("convert_list_params", lambda: convert_list(list(net().get_parameters()), lambda k: k != "bias")),
        ("convert_list_dicts", lambda: convert_list([{"name": "x", "data": Tensor(np.ones(1))}])),
        ("convert_list_bad_item", lambda: convert_list([{"name": "x"}])),
        ("convert_list_bad_name", lambda: convert_list([{"name": 1, "data": Tensor(np.ones(1))}])),
        ("convert_list_bad_data", lambda: convert_list([{"name": "x", "data": 1}])),
        ("convert_list_bad_param", lambda: convert_list([net().weight, 3])),
        ("convert_list_empty", lambda: convert_list([])),
        ("convert_dict", convert_dict),
        ("convert_dict_key", lambda: s._convert_dict_to_param_dict({1: "x"}, None)),
        ("convert_cell_dict", lambda: list(s._convert_cell_param_and_names_to_dict(net(), None, False))),
        ("convert_cell", convert_cell),
        ("convert_save_obj", lambda: [i["name"] for i in s._convert_save_obj_to_param_list(
            {"a": "x", "b": np.ones(1)}, True, None, None)]),
        ("convert_save_obj_type", lambda: s._convert_save_obj_to_param_list(3, True, None, None)),
        ("save_param_list_data", param_list_data),
        ("net_size", lambda: s._calculation_net_size(net())),
        ("exec_save", lambda: exec_save("e1.ckpt")),
        ("exec_save_crc", lambda: exec_save("e2.ckpt", crc_check=True)),
        ("exec_save_safetensors", lambda: exec_save("e3.safetensors", format="safetensors")),
        ("exec_save_safetensors_crc", lambda: exec_save("e4.safetensors", format="safetensors", crc_check=True)),
        ("write_parameter_data", lambda: write_param("np")),
        ("write_parameter_bytes_data", lambda: write_param("bytes")),
        ("save_weight", save_weight),
        ("async_process_save", async_save),
        ("async_close", lambda: (s._async_save_close(), s._wait_async_process_save_ckpt(),
                                 s._wait_async_thread_save_ckpt())),
        ("parse_ckpt_proto", lambda: parse(ckpt, True)),
        ("parse_ckpt_proto_bad", lambda: err(lambda: parse(bad, False))),
        ("load_ckpt_into", lambda: load_ckpt(None, None, lambda k: k != "h")),
        ("load_ckpt_into_prefix", lambda: load_ckpt(("w", "h"), ("h",), lambda k: False)),
        ("load_safetensors_into", lambda: load_sft(True)),
        ("load_into_ckpt", lambda: load_into("ckpt")),
        ("load_into_safetensors", lambda: load_into("safetensors")),
        ("load_map_parameter", map_param),
        ("update_param", lambda: update(np.zeros(2, np.float32), np.ones(2, np.float16), False)),
        ("update_param_strict", lambda: update(np.zeros(2, np.float32), np.ones(2, np.float16), True)),
        ("update_param_shape", lambda: update(np.zeros(2, np.float32), np.ones(3, np.float32), False)),
        ("update_param_squeeze", lambda: update(np.zeros((2,), np.float32), np.ones((2, 1), np.float32), False)),
        ("update_param_int_float", lambda: update(np.zeros(2, np.int32), np.ones(2, np.float32), False)),
        ("special_process_par", lambda: special(np.zeros((2,), np.float32), np.ones((2, 1, 1), np.float32))),
        ("special_process_par_no", lambda: special(np.zeros((2,), np.float32), np.ones((2, 2), np.float32))),
        ("warm_up_enabled", lambda: [s._warm_up_host_cache_enabled(d) for d in ({"a.__param_key__1": 1}, {"a": 1})]),
        ("warm_up", lambda: warm({"a.__param_key__3": "x", "b": "y"})),
        ("warm_up_post", lambda: s._warm_up_host_cache_post_process(False, {}, {"a": 1})),
        ("cur_rank_dp", lambda: s._get_cur_rank_dp(_LAYOUT)),
        ("gather_and_process", gather),
        ("gather_no_rank", lambda: err(lambda: s._gather_all_tasks(empty_dir, None, None, None, "ckpt"))),
        ("convert_checkpoint_file", convert_file),
        ("front_info", lambda: s._generate_front_info_for_param_data_file(lambda: False, {}).hex()),
        ("data_file", data_file),
        ("encrypt_data_plain", lambda: s._encrypt_data(lambda: False, b"abc", {})),
        ("encrypt_data_custom", lambda: s._encrypt_data(lambda: True, b"abc", {"enc_key": b"k",
                                                                                  "enc_mode": lambda d, k: d + k})),
        ("save_together", together),
        ("save_together_missing", lambda: s._save_together({}, model_proto(["0:w"]))),
        ("save_dataset_to_mindir", dataset_to_mindir),
        ("split_save", split_save),
        ("merged_short_layout", lambda: merged([[2], [0]], True)),
        ("merged_not_split", lambda: merged([[2], [-1, -1], [2, 2], 0, 1, "", [], []], True)),
        ("merged_not_integrated", lambda: merged([[2], [0, -1], [1, 2], 0, 1, "", [], []], False)),
        ("merged_nonuniform", lambda: merged([[2], [0, -1], [1, 2], 0, 0, "", [], []], True)),
        ("merged_split", lambda: merged([[2], [0, -1], [1, 2], 0, 1, "", [], []], True)),
        ("export_custom_func", lambda: s._export(net(), "x", "ONNX", custom_func=len)),
        ("save_onnx_cell", lambda: s._save_onnx(len, "x")),
        ("save_graph", lambda: (s._save_graph(net(), graph_file), os.path.exists(graph_file))),
        ("file_system", fs),
    ]


class _Transfer:
    """A transfer dataset as sink mode's callers hold it: records what it was asked to send."""

    queue_name = "q"

    def __init__(self):
        self.sent = []

    def send(self, epoch_num):
        self.sent.append(epoch_num)


class _Cfg:
    def __init__(self, **options):
        self.jit_config_dict = dict(jit_level="", exc_mode="auto", jit_syntax_level="", infer_boost="off")
        self.jit_config_dict.update(options)


def _dataset_cases(ms, tmp):
    import copy
    import types
    h = _mod(ms, "train.dataset_helper")
    sink = _mod(ms, "train.data_sink")
    thor_h = _mod(ms, "train.train_thor.dataset_helper")
    thor_m = _mod(ms, "train.train_thor.model_thor")
    ds = ms.dataset

    def data():
        return ds.NumpySlicesDataset({"a": np.arange(8, dtype=np.float32).reshape(4, 2), "b": np.arange(4)},
                                     shuffle=False).batch(2)

    def send(mod, twice):
        d = data()
        d.__transfer_dataset__ = _Transfer()
        mod._send_data(d, 3)
        mod._send_data(d, 4)
        mod._send_data_no_flag(d, 5)
        return d.__transfer_dataset__.sent, hasattr(d, "__has_sent__")

    def normal():
        return [[x.asnumpy().tolist() for x in row] for row in h._DatasetIterNormal(data(), 1)]

    def aux():
        d = data()
        a = h._get_dataset_aux(d)
        return type(a).__name__, a is h._get_dataset_aux(d), copy.deepcopy(a)

    def sink_cases(mode):
        ms.set_context(mode=mode)
        try:
            one = types.SimpleNamespace(sink_size=1, sink_count=1)
            two = types.SimpleNamespace(sink_size=2, sink_count=1)
            return (h._dynamic_sink_data(data(), one), h._dynamic_sink_data(data(), two),
                    h._dynamic_sink_exception_scenario(one, False), h._dynamic_sink_exception_scenario(one, True),
                    h._dynamic_sink_scenario(data(), one, False), h._dynamic_sink_scenario(data(), one, True))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    def wrapper():
        net = ms.nn.Dense(2, 3)
        w = h._DataWrapper(net, [ms.float32], [[2, 2]], "q")
        helper = types.SimpleNamespace(types_shapes=lambda: ([ms.float32], [[2, 2]]))
        built = h._generate_network_with_dataset(net, helper, "q")
        return (type(w).__name__, w.info, w.network is net, h._generate_dataset_sink_mode_net(w, [], [], "") is w,
                type(built).__name__, built.info)

    def wrapper_runs():
        try:
            h._DataWrapper(ms.nn.Dense(2, 3), [ms.float32], [[2, 2]], "q")()
        except (RuntimeError, ValueError) as e:
            return "GetNext" in str(e)
        return "ran"

    def sink_fun():
        d = data()
        f = lambda x: x  # noqa: E731
        first = sink._get_sink_fun(f, None, False, d, None)
        again = sink._get_sink_fun(len, None, False, d, None)
        jitted = sink._get_sink_fun(f, None, False, data(), _Cfg(jit_level="O2"))
        # The jitted function is not called: compiling it would cost the fast tier seconds.
        return first is f, again is f, jitted is f, callable(jitted)

    def sink_aux():
        d = data()
        d.__sink_aux__ = sink._DataSinkAux()
        d.__sink_aux__.sink_funcs = {}
        f = lambda x: x  # noqa: E731
        return (sink._get_sink_fun(f, ("k",), True, d, None) is f, sink._get_sink_fun(len, ("k",), True, d, None) is f,
                copy.deepcopy(d.__sink_aux__))

    def thor_exec():
        d = data()
        d.__transfer_dataset__ = _Transfer()
        return thor_m._exec_datagraph(d, 2)

    return [
        ("send_data", lambda: send(h, False)),
        ("thor_send_data", lambda: send(thor_h, False)),
        ("dataset_iter_normal", normal),
        ("dataset_aux", aux),
        ("dynamic_sink_pynative", lambda: sink_cases(ms.PYNATIVE_MODE)),
        ("dynamic_sink_graph", lambda: sink_cases(ms.GRAPH_MODE)),
        ("has_dynamic_shape", lambda: [h._has_dynamic_shape(s) for s in ([[2, 2]], [[-1, 2]], [[-2]], [])]),
        ("data_wrapper", wrapper),
        ("data_wrapper_runs", wrapper_runs),
        ("get_next_op", lambda: sink._get_next_op(data(), "OP", False)),
        ("get_sink_fun", sink_fun),
        ("get_sink_fun_info_queue", sink_aux),
        ("get_jit_func", lambda: callable(sink._get_jit_func(lambda x: x * 2, _Cfg(jit_syntax_level="STRICT")))),
        ("thor_types", lambda: thor_m._convert_to_ms_type([np.float32, np.int64, np.bool_])),
        ("thor_types_shapes", lambda: thor_m._get_types_and_shapes(data())),
        ("thor_exec_datagraph", thor_exec),
    ]


class _Tft:
    """MindIO's TTP handle as Model's fault-tolerance helpers use it: records the reported states."""

    class ReportState:
        pass

    def __init__(self):
        import enum
        self.reports = []
        self.ReportState = enum.Enum("ReportState", ["RS_NORMAL", "RS_UCE", "RS_HCCL_FAILED", "RS_UNKNOWN",
                                                     "RS_PREREPAIR_FINISH", "RS_STEP_FINISH"])

    def tft_report_error(self, state):
        self.reports.append(self.ReportState(state).name)


def _callback_cases(ms, tmp):
    import types
    cm = _mod(ms, "train.callback._cluster_monitor")
    ck = _mod(ms, "train.callback._checkpoint")
    tft = _mod(ms, "train.callback._train_fault_tolerance")
    model = _mod(ms, "train.model")

    def rel(text):
        return str(text).replace(tmp, "<tmp>")

    def with_env(env, f):
        old = {k: os.environ.get(k) for k in env}
        os.environ.update({k: v for k, v in env.items() if v is not None})
        for k, v in env.items():
            if v is None:
                os.environ.pop(k, None)
        try:
            return f()
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v

    perf = os.path.join(tmp, "perf")
    os.makedirs(perf, exist_ok=True)

    def monitor():
        m = cm.ClusterMonitor()
        ctx = types.SimpleNamespace(original_args=lambda: types.SimpleNamespace(
            train_network=types.SimpleNamespace(parameter_layout_dict=_LAYOUT)))
        m.begin(ctx)
        m.step_begin(ctx)
        m.step_end(ctx)
        with open(m.full_path) as f:
            lines = [line if not line.startswith("STEPTIME:") else "STEPTIME" for line in f.read().splitlines()]
        return (m.enabled, m.enable_step_time, m.enabled_dtp_group, m.uuid_value, m.global_rank, m.device_id,
                m.log_name == f"perf_ms_{os.getpid()}_0.log", lines)

    def manager():
        folder = os.path.join(tmp, "mgr")
        os.makedirs(folder, exist_ok=True)
        for i, name in enumerate(["net-1_1.ckpt", "net-1_2.ckpt", "net-a_1.ckpt", "other-1_1.ckpt", "net-2_1.txt",
                                  "net-3_1.ckpt"]):
            path = os.path.join(folder, name)
            with open(path, "w") as f:
                f.write("x")
            os.utime(path, (1000 + i, 1000 + i))
        m = ck.CheckpointManager()
        m.update_ckpoint_filelist(folder, "net")
        first = sorted(os.path.basename(f) for f in m.ckpoint_filelist), m.ckpoint_num
        m.remove_oldest_ckpoint_file()
        second = sorted(os.path.basename(f) for f in m.ckpoint_filelist)
        m.keep_one_ckpoint_per_minutes(1, 1000 + 30)
        m.remove_ckpoint_file(os.path.join(folder, "absent.ckpt"))
        return first, second, sorted(os.path.basename(f) for f in m.ckpoint_filelist), sorted(os.listdir(folder))

    def failure_save(save_cb):
        net = ms.nn.Dense(2, 2)
        net.weight.set_data(ms.Tensor(np.ones((2, 2), np.float32)))
        net.bias.set_data(ms.Tensor(np.zeros(2, np.float32)))
        saved = []
        ctx = types.SimpleNamespace(_is_params_consistent=lambda: True, cur_step_num=6, cur_epoch_num=2,
                                    global_step=6, ckpt_save_path=os.path.join(tmp, "tft"),
                                    save_cb=(lambda p, d: saved.append(sorted(d))) if save_cb else None)
        args = types.SimpleNamespace(optimizer=None, network=net, train_network=net, batch_num=4,
                                     net_outputs=(1, 2, ms.Tensor(np.array(8.0, np.float32))))
        tft._save_checkpoint_on_failure(3, None, args, ctx)
        tft._rename_save_result(3, ctx)
        if save_cb:
            return saved
        root = os.path.join(tmp, "tft")
        files = sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)
        loaded = ms.load_checkpoint(os.path.join(root, files[0]))
        return files, sorted((k, v if isinstance(v, str) else v.asnumpy().tolist()) for k, v in loaded.items())

    def exit_cb():
        # os._exit is replaced for the call (a child process would cost the fast tier seconds of imports).
        codes = []

        class _Exit(Exception):
            pass

        def fake_exit(code):
            codes.append(code)
            raise _Exit()

        real_exit = os._exit
        os._exit = fake_exit
        try:
            tft._tft_exit_cb(None)
        except _Exit:
            pass
        finally:
            os._exit = real_exit
        return codes

    def exception_info(text, uce):
        t = _Tft()
        obj = types.SimpleNamespace(is_uce_rank=False)
        try:
            model._handle_exception_info(obj, uce, t, RuntimeError(text))
            raised = False
        except RuntimeError:
            raised = True
        return t.reports, raised, obj.is_uce_rank

    class _Data:
        def __init__(self):
            self.init = None

        def set_init_step(self, step):
            self.init = step

        def get_dataset_size(self):
            return 10

    def initial_step(*args, **kwargs):
        d = _Data()
        return model._calc_cb_initial_step(2, 3, 5, d, *args, **kwargs), d.init

    def final_ckpt(fail):
        class _M:
            _current_epoch_num = 1
            _current_step_num = 2

            @model._save_final_ckpt
            def train(self, x, callbacks=None):
                if fail:
                    raise ValueError("boom")
                return x

        return _M().train(3, callbacks=[])

    def handle_tft():
        @model._handle_tft
        def train(self, x, callbacks=None):
            return x * 2

        return train(None, 4, callbacks=[])

    def ccae(callbacks):
        out = model._append_ccae(callbacks)
        if isinstance(out, list):
            return [type(c).__name__ for c in out]
        return type(out).__name__

    on = "enable:true,steptime:true,dtpGroup:true"
    return [
        ("dp_tp_from_redundancy", lambda: cm._get_dp_tp_from_redundancy(((0, 4), (1, 5), (2, 6)))),
        ("dp_tp_from_layout", lambda: cm._get_dp_tp_from_layout(_LAYOUT)),
        ("dp_tp_from_layout_rank8", lambda: cm._get_dp_tp_from_layout(_LAYOUT, 8)),
        ("check_perf_config", lambda: cm._check_perf_config({"enable": True, "steptime": 1, "dtpGroup": True})),
        ("check_perf_config_missing", lambda: cm._check_perf_config({"enable": True})),
        ("parse_perf_config", lambda: with_env({"PERF_DUMP_CONFIG": "enable:true,steptime:FALSE,dtpGroup:true,"
                                                                    "n:12,s:abc"}, cm._parse_perf_config)),
        ("parse_perf_config_unset", lambda: with_env({"PERF_DUMP_CONFIG": None}, cm._parse_perf_config)),
        ("parse_perf_config_bad", lambda: with_env({"PERF_DUMP_CONFIG": "enable:1"}, cm._parse_perf_config)),
        ("cluster_monitor", lambda: with_env({"PERF_DUMP_CONFIG": on, "PERF_DUMP_PATH": perf}, monitor)),
        ("remove_pre_log", lambda: with_env({"PERF_DUMP_PATH": perf}, lambda: (cm._remove_pre_log(),
                                                                              os.listdir(perf)))),
        ("checkpoint_dp_tp", lambda: ck._get_dp_tp_from_layout({"a": ((0, 1),), "b": ((0, 2), (1, 3))})),
        ("checkpoint_dp_tp_redundancy", lambda: ck._get_dp_tp_from_redundancy(((0, 2), (1, 3)))),
        ("checkpoint_manager", manager),
        ("save_on_failure", lambda: rel(failure_save(False))),
        ("save_on_failure_user_cb", lambda: failure_save(True)),
        ("save_on_failure_inconsistent", lambda: tft._save_checkpoint_on_failure(
            1, None, None, types.SimpleNamespace(_is_params_consistent=lambda: False))),
        ("rename_user_cb", lambda: tft._rename_save_result(1, types.SimpleNamespace(save_cb=len))),
        ("tft_exit_cb", exit_cb),
        ("tft_rebuild_groups", lambda: tft._tft_rebuild_groups([], None, types.SimpleNamespace(device_id=0))),
        ("step_sync", lambda: model._StepSync().step_end(None)),
        ("framework_profiler_cb", lambda: (model._FrameworkProfilerCallback().step_begin(None),
                                           model._FrameworkProfilerCallback().step_end(None))),
        ("save_final_ckpt", lambda: final_ckpt(False)),
        ("save_final_ckpt_raises", lambda: final_ckpt(True)),
        ("handle_tft_plain", handle_tft),
        ("exception_info_no_uce", lambda: exception_info("x", False)),
        ("exception_info_uce", lambda: exception_info("UCEError happened", True)),
        ("exception_info_kinds", lambda: [exception_info(t, True) for t in (
            "HCCEError", "SuspectRemoteError", "ForceStopError", "STEP FINISH", "other")]),
        ("calc_initial_step_sink", lambda: initial_step(True, -1)),
        ("calc_initial_step_sink_size", lambda: initial_step(True, 4)),
        ("calc_initial_step_no_sink", lambda: initial_step(dataset_sink_mode=False)),
        ("append_ccae_unset", lambda: with_env({"PERF_DUMP_CONFIG": None}, lambda: model._append_ccae([1]))),
        ("append_ccae_off", lambda: with_env({"PERF_DUMP_CONFIG": "enable:false"}, lambda: ccae(None))),
        ("append_ccae", lambda: with_env({"PERF_DUMP_CONFIG": on, "PERF_DUMP_PATH": perf},
                                         lambda: (ccae(None), ccae([]), ccae(ms.train.LossMonitor())))),
        ("check_tft_reset_dataset", lambda: [with_env({"MS_ENABLE_TFT": v}, model._check_tft_reset_dataset)
                                             for v in (None, "{TTP:1}", "{TRE:1}", "{UCE:1,TTP:1}")]),
    ]


def _amp_cases(ms, tmp):
    amp = _mod(ms, "train.amp")
    nn = ms.nn

    def net():
        ms.set_seed(0)
        return nn.SequentialCell([nn.Dense(2, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Dense(3, 2)])

    def structure(n):
        return [(name, type(c).__name__) for name, c in n.name_cells().items()]

    def run(n):
        x = ms.Tensor(np.array([[0.5, -1.0], [2.0, 0.25]], np.float32))
        n.set_train(False)
        return str(n(x).dtype)

    def black():
        n = amp._auto_black_list(net(), [nn.BatchNorm1d], ms.float16)
        return structure(n), len(n.cell_list), run(n)

    def keep_bn():
        n = net()
        n.to_float(ms.float16)
        amp._do_keep_batchnorm_fp32(n)
        return structure(n), run(n)

    def process(cast, keep, level):
        n = amp._auto_mixed_precision_process(net(), {"cast_model_type": cast, "keep_batchnorm_fp32": keep}, level)
        return type(n).__name__, structure(n), run(n)

    def config():
        amp._config_amp(cast_op=len)
        first = amp._amp_cast_op is len
        amp._config_amp(cast_op=amp.amp_cast)
        return first, amp._amp_cast_op is amp.amp_cast

    def user_set():
        a, b = nn.Dense(2, 2), nn.Dense(2, 2)
        b.to_float(ms.float32)
        return amp._precision_set_by_user(a), amp._precision_set_by_user(b)

    return [
        ("amp_cast_op", lambda: str(amp._amp_cast_op(ms.Tensor(np.ones(2, np.float32)), ms.float16).dtype)),
        ("precision_set_by_user", user_set),
        ("config_amp", config),
        ("auto_black_list", black),
        ("keep_batchnorm_fp32", keep_bn),
        ("process_fp16_keep", lambda: process(ms.float16, True, "O2")),
        ("process_fp16", lambda: process(ms.float16, False, "O3")),
        ("process_o2_no_keep", lambda: process(ms.float32, False, "O2")),
        ("process_fp32_o3", lambda: process(ms.float32, True, "O3")),
        ("process_o0", lambda: process(ms.float32, False, "O0")),
    ]


def _metric_cases(ms, tmp):
    hd = _mod(ms, "train.metrics.hausdorff_distance")
    roc = _mod(ms, "train.metrics.roc")
    data = np.arange(2 * 4 * 5).reshape(2, 4, 5)

    def crop(**kw):
        r = hd._ROISpatialData(**kw)
        return r.roi_start.tolist(), r.roi_end.tolist(), r(data).tolist()

    def curve(y_pred, y, class_num, pos_label):
        p, t, c, pl = roc._precision_recall_curve_update(np.array(y_pred), np.array(y), class_num, pos_label)
        return p.tolist(), t.tolist(), c, pl

    return [
        ("roi_center", lambda: crop(roi_center=(1, 2), roi_size=(2, 3))),
        ("roi_start_end", lambda: crop(roi_start=(-1, 1), roi_end=(3, 0))),
        ("roi_missing", lambda: crop(roi_center=(1, 1))),
        ("is_iterable", lambda: [hd._is_iterable_sequence(v) for v in (
            [1], "ab", 3, (), ms.Tensor(np.ones(2)), ms.Tensor(np.array(1.0)), np.ones(2))]),
        ("curve_binary", lambda: curve([[0.1, 0.9]], [[0, 1]], None, None)),
        ("curve_binary_label", lambda: curve([0.1, 0.9], [0, 1], 1, 0)),
        ("curve_binary_classes", lambda: curve([0.1, 0.9], [0, 1], 2, None)),
        ("curve_multi", lambda: curve([[0.1, 0.9], [0.7, 0.3], [0.5, 0.5]], [1, 0, 1], 2, None)),
        ("curve_multi_label", lambda: curve([[0.1, 0.9]], [1], 2, 1)),
        ("curve_multi_classes", lambda: curve([[0.1, 0.9]], [1], 3, None)),
        ("curve_ndim", lambda: curve([[[0.1]]], [1], 1, None)),
    ]


def _summary_cases(ms, tmp):
    import hashlib
    import platform
    sa = _mod(ms, "train.summary._summary_adapter")
    summary_pb2 = _mod(ms, "train.summary_pb2")
    anf = _mod(ms, "train.anf_ir_pb2")

    def hist(values):
        h = summary_pb2.Summary.Histogram()
        sa._fill_histogram_summary("h", np.array(values), h)
        return (h.count, h.nan_count, h.pos_inf_count, h.neg_inf_count, round(h.min, 6), round(h.max, 6),
                round(h.sum, 6), [(round(b.left, 5), round(b.width, 5), b.count) for b in h.buckets])

    def image(arr, fmt="NCHW"):
        img = summary_pb2.Summary.Image()
        ok = sa._fill_image_summary("i", arr, img, fmt)
        return ok, img.height, img.width, img.colorspace, hashlib.md5(img.encoded_image).hexdigest()

    def event():
        rng = np.random.RandomState(0)
        data = [{"_type": "Scalar", "name": "s", "data": np.array([2.5, 1.0], np.float32)},
                {"_type": "Scalar", "name": "empty", "data": np.array([], np.float32)},
                {"_type": "Tensor", "name": "t", "data": np.arange(6, dtype=np.int32).reshape(2, 3)},
                {"_type": "Histogram", "name": "h", "data": np.array([1.0, 2.0, 2.5], np.float32)},
                {"_type": "Image", "name": "i", "data": rng.rand(2, 3, 4, 5).astype(np.float32)},
                {"_type": "Image", "name": "bad", "data": np.ones((2, 2), np.float32)},
                {"_type": "Other", "name": "o", "data": 1}]
        e = sa.package_summary_event(data, 7, 12.5)
        return e.step, e.wall_time, [(v.tag, v.WhichOneof("value")) for v in e.summary.value], \
            e.summary.value[0].scalar_value, list(e.summary.value[1].tensor.dims), \
            list(e.summary.value[1].tensor.float_data), e.summary.value[1].tensor.data_type

    def graph():
        model = anf.ModelProto()
        model.graph.name = "g"
        model.graph.node.add().op_type = "Add"
        e = sa.package_graph_event(model.SerializeToString())
        return e.graph_def.name, [n.op_type for n in e.graph_def.node], e.wall_time > 0

    def tensor():
        t = summary_pb2.Summary.Value().tensor
        sa._fill_tensor_summary("t", np.array([[True, False]]), t)
        return t.data_type, list(t.dims), list(t.float_data)

    def bucket():
        h = summary_pb2.Summary.Histogram()
        h.min, h.max = 3.0, 3.0
        sa._fill_bucket(4, np.array([3.0, 3.0, 3.0, 3.0], np.float16), h)
        return [(b.left, b.width, b.count) for b in h.buckets]

    rng = np.random.RandomState(1)
    batch = rng.rand(3, 1, 2, 2)
    return [
        ("event_file_name", lambda: sa.get_event_file_name("run", "_lineage", "1234").replace(platform.node(),
                                                                                              "<host>")),
        ("event_file_name_bad", lambda: sa.get_event_file_name("a b", "", "1")),
        ("init_event", lambda: (sa.package_init_event().version, sa.package_init_event().wall_time > 0)),
        ("graph_event", graph),
        ("summary_event", event),
        ("histogram_bins", lambda: [sa._calc_histogram_bins(c) for c in (0, 1, 5, 6, 10, 11, 880, 881, 10 ** 6)]),
        ("histogram", lambda: hist(np.array([0.5, -1.0, 2.0, 3.5, 0.0, 1.25, 7.0], np.float32))),
        ("histogram_invalid", lambda: hist(np.array([np.nan, np.inf, -np.inf, 1.0, 2.0], np.float64))),
        ("histogram_all_invalid", lambda: hist(np.array([np.nan, np.inf], np.float32))),
        ("histogram_int", lambda: hist(np.arange(12, dtype=np.int32))),
        ("histogram_float16", lambda: hist(np.array([1.0, 2.0, 65504.0], np.float16))),
        ("fill_bucket_equal", bucket),
        ("fill_tensor", tensor),
        ("fill_scalar", lambda: (lambda v: (sa._fill_scalar_summary("s", np.array([[4.0, 5.0]]), v),
                                            v.scalar_value))(summary_pb2.Summary.Value())),
        ("image_float", lambda: image(np.random.RandomState(2).rand(2, 3, 4, 5).astype(np.float32))),
        ("image_range", lambda: image(np.arange(2 * 1 * 3 * 3, dtype=np.float64).reshape(2, 1, 3, 3) - 4)),
        ("image_uint8", lambda: image(np.arange(12, dtype=np.uint8).reshape(1, 3, 2, 2))),
        ("image_nhwc", lambda: image(np.ones((1, 2, 2, 3), np.float32) * 0.5, "NHWC")),
        ("image_bad", lambda: image(np.ones((1, 2, 2, 2), np.float32))),
        ("image_empty", lambda: image(np.ones((0, 3, 2, 2), np.float32))),
        ("canvas", lambda: sa._make_canvas_for_imgs(batch, 2).round(6).tolist()),
        ("canvas_shape", lambda: sa._make_canvas_for_imgs(np.ones((10, 3, 2, 3)), 8).shape),
        ("convert_format", lambda: sa._convert_image_format(batch, "nchw", "HWC").shape),
        ("make_image", lambda: (lambda r: r[:3] + (hashlib.md5(r[3]).hexdigest(),))(
            sa._make_image(np.arange(24, dtype=np.uint8).reshape(2, 4, 3), 2))),
    ]


def _records(path):
    """The records of an event file, checked against their framing (lengths and masked CRC-32C)."""
    import struct
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)

    def masked(b):
        c = 0xFFFFFFFF
        for x in b:
            c = table[(c ^ x) & 0xFF] ^ (c >> 8)
        c ^= 0xFFFFFFFF
        return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF

    with open(path, "rb") as f:
        raw = f.read()
    out, pos = [], 0
    while pos < len(raw):
        n = struct.unpack("<Q", raw[pos:pos + 8])[0]
        assert struct.unpack("<I", raw[pos + 8:pos + 12])[0] == masked(raw[pos:pos + 8])
        data = raw[pos + 12:pos + 12 + n]
        assert struct.unpack("<I", raw[pos + 12 + n:pos + 16 + n])[0] == masked(data)
        out.append(data)
        pos += 16 + n
    return out


def _writer_cases(ms, tmp):
    import stat
    w = _mod(ms, "train.summary.writer")
    la = _mod(ms, "train.summary._lineage_adapter")
    wp = _mod(ms, "train.summary._writer_pool")
    sr = _mod(ms, "train.summary.summary_record")
    lineage = _mod(ms, "train.lineage_pb2")
    summary_pb2 = _mod(ms, "train.summary_pb2")
    anf = _mod(ms, "train.anf_ir_pb2")

    def train_lineage():
        t = lineage.TrainLineage()
        t.hyper_parameters.epoch = 3
        return t.SerializeToString()

    def lineage_writer():
        path = os.path.join(tmp, "lineage.out")
        writer = w.LineageWriter(path)
        writer.write("train_lineage", b"abc")
        writer.write("graph", b"ignored")
        writer.write("custom_lineage_data", b"")
        writer.flush()
        writer.close()
        return _records(path), oct(stat.S_IMODE(os.stat(path).st_mode))

    def summary_writer():
        path = os.path.join(tmp, "summary.out")
        writer = w.SummaryWriter(path, max_file_size=200)
        writer.write("summary", b"xyz")
        writer.write("train_lineage", b"ignored")
        try:
            writer.write("graph", bytes(300))
        except RuntimeWarning as e:
            warned = str(e).replace(tmp, "<tmp>")
        writer.close()
        records = _records(path)
        e = summary_pb2.Event()
        e.ParseFromString(records[0])
        return e.version, records[1:], warned

    def export_writer():
        folder = os.path.join(tmp, "export")
        os.makedirs(folder, exist_ok=True)
        writer = w.ExportWriter(folder)
        writer.write("exporter", {"tag": "a/b c", "step": 3, "value": np.arange(3.0), "export_option": "npy"})
        writer.write("exporter", {"tag": "x", "step": 1, "value": np.arange(2.0), "export_option": None})
        writer.flush()
        writer.close()
        files = sorted(os.listdir(os.path.join(folder, "tensor")))
        return files, np.load(os.path.join(folder, "tensor", files[0])).tolist()

    def lineage_event(name):
        e = lineage.LineageEvent()
        e.ParseFromString(la.serialize_to_lineage_event(name, train_lineage() if name == "train_lineage" else b""))
        return [f.name for f, _ in e.ListFields()], e.train_lineage.hyper_parameters.epoch, e.wall_time > 0

    def pack():
        model = anf.ModelProto()
        model.graph.name = "g"
        data = {"graph": [{"value": model.SerializeToString()}],
                "train_lineage": [{"value": train_lineage()}],
                "scalar": [{"tag": "loss", "value": np.array(0.5, np.float32), "step": 4}],
                "tensor": [{"tag": "t", "value": np.ones(2, np.float32), "step": 4, "export_option": "npy"}]}
        out = wp._pack_data(data, 9.0)
        e = summary_pb2.Event()
        e.ParseFromString(out[-1][1])
        return [p for p, _ in out], e.step, e.wall_time, [(v.tag, v.WhichOneof("value")) for v in e.summary.value]

    return [
        ("lineage_event_train", lambda: lineage_event("train_lineage")),
        ("lineage_event_graph", lambda: lineage_event("dataset_graph")),
        ("lineage_event_bad", lambda: lineage_event("graph")),
        ("lineage_content", lambda: [type(la._get_lineage_content(n, lineage.LineageEvent())).__name__ for n in (
            "dataset_graph", "eval_lineage", "train_lineage", "custom_lineage_data")]),
        ("lineage_writer", lineage_writer),
        ("summary_writer", summary_writer),
        ("export_writer", export_writer),
        ("base_writer_lazy", lambda: (w.BaseWriter(os.path.join(tmp, "never.out")).flush(),
                                      os.path.exists(os.path.join(tmp, "never.out")))),
        ("pack_data", pack),
        ("record_summary_tensor_data", lambda: sr._record_summary_tensor_data()),
    ]


def _landscape_cases(ms, tmp):
    ls = _mod(ms, "train.callback._landscape")
    sc = _mod(ms, "train.callback._summary_collector")

    def msg():
        grid = np.arange(6, dtype=np.float32).reshape(2, 3)
        points = ls.Points(grid, grid * 2, grid * 3)
        path = ls.Points(np.array([1.0, 2.0]), np.array([3.0, 4.0]), np.array([5.0, 6.0]))
        land = ls.Landscape([1, 2], "PCA", points, path_points=path)
        land.set_convergence_point(ls.Points(np.array([0.5]), np.array([0.25]), np.array([0.125])))
        m = land.transform_to_loss_landscape_msg(land)
        return (list(m.landscape.x.float_data), list(m.landscape.y.float_data), list(m.landscape.z.dims),
                list(m.loss_path.intervals), list(m.loss_path.points.z.float_data),
                list(m.convergence_point.y.float_data), m.metadata.decomposition, m.metadata.unit,
                m.metadata.step_per_epoch, land.num_samples)

    def pca(shape, n):
        x = np.random.RandomState(3).rand(*shape)
        pc = ls._PCA(n)
        pc._random_status = 0
        u = pc.compute(x)
        return u.shape, np.round(u[:4], 6).tolist()

    return [
        ("points", lambda: ls.Points._fields),
        ("landscape_msg", msg),
        ("pca_small", lambda: pca((6, 4), 2)),
        ("pca_zero", lambda: ls._PCA(2).compute(np.ones((3, 2))).tolist()),
        ("pca_large", lambda: pca((600, 40), 2)),
        ("pca_wide", lambda: pca((30, 700), 2)),
        ("pca_seed", lambda: [type(ls._PCA._check_random_status(v)).__name__ for v in (None, 3)]),
        ("pca_seed_bad", lambda: ls._PCA._check_random_status("x")),
        ("lineage_metadata", lambda: sorted((k, v) for k, v in vars(sc.LineageMetadata).items()
                                            if not k.startswith("_"))),
    ]


def _dataset_graph_cases(ms, tmp):
    from google.protobuf import text_format
    dg = _mod(ms, "train.callback._dataset_graph")
    lineage = _mod(ms, "train.lineage_pb2")

    def pack(description):
        message = lineage.DatasetGraph()
        children = description.pop("children")
        g = dg.DatasetGraph()
        g._package_children(children, message)
        g._package_current_dataset(description, message)
        return text_format.MessageToString(message, as_one_line=True)

    def sample():
        return {"op_type": "Batch", "batch_size": 2, "drop_remainder": False, "pad": None, "rate": 0.5,
                "cols": ["a", None, 3], "empty": [], "extra": {"k": 1}, "obj": object(),
                "children": [{"op_type": "Map", "children": [],
                              "operations": [{"tensor_op_name": "Resize", "size": [4, 4], "w": (0.5, 1),
                                              "flag": True}, None],
                              "sampler": {"sampler_name": "SequentialSampler", "num_samples": 3,
                                          "child_sampler": []}},
                             {}, {"op_type": "Gen", "children": [{"op_type": "Leaf", "children": []}]}]}

    def real():
        d = ms.dataset.NumpySlicesDataset({"a": np.ones((4, 2), np.float32)}, shuffle=False).batch(2)
        m = dg.DatasetGraph().package_dataset_graph(d)
        return type(m).__name__, len(m.children), m.parameter.mapInt["batch_size"]

    return [
        ("pack", lambda: pack(sample())),
        ("package_dataset_graph", real),
    ]


def _ato_cases(ms, tmp):
    import json
    import types
    tft = _mod(ms, "train.callback._train_fault_tolerance")

    def ato(stats=None, steps=(), ckpt_times=(), interval=10, threshold=2):
        path = os.path.join(tmp, f"ato_{len(os.listdir(tmp))}.json")
        if stats is not None:
            with open(path, "w") as f:
                json.dump(stats, f)
        a = tft.AdaptTrainOptimizer(path, threshold)
        a.step_times = list(steps)
        # A stand-in checkpoint callback: its interval and the save times it recorded.
        a.ckpt_obj = types.SimpleNamespace(
            _config=types.SimpleNamespace(save_checkpoint_steps=interval), origin_prefix="llama",
            save_info_list={i: {"ckpt": {"save_start_time": 0.0, "save_end_time": t}}
                            for i, t in enumerate(ckpt_times)})
        return a, path

    def state(a, path):
        with open(path) as f:
            saved = json.load(f) if os.path.exists(path) else None
        return (a._failure_count, a._total_steps, round(a._failure_rate, 8), a._avg_step_time,
                a._avg_checkpoint_time, saved)

    def loaded():
        a, path = ato({"failure_count": 3, "total_steps": 600})
        return a._failure_count, a._total_steps, a._failure_rate, a.checkpoint_times

    def fault(n_faults, steps, ckpt_times, interval=10):
        a, path = ato({"failure_count": n_faults, "total_steps": 900}, steps, ckpt_times, interval)
        a.handle_fault(RuntimeError("x"), 100)
        return state(a, path)

    def table(interval):
        a, path = ato({"failure_count": 4, "total_steps": 900}, [1.0, 2.0, 2.0], [30.0, 50.0], interval)
        a.handle_fault(RuntimeError("x"), 100)
        new = a._calculate_failure_rate_phase_interval()
        text = a._generate_ckpt_suggestion_log(interval, new, a._calculate_effective_training_ratio(interval),
                                               a._calculate_effective_training_ratio(new))
        return new, text

    return [
        ("load_stats", loaded),
        ("fresh", lambda: (lambda a: (a[0]._failure_count, a[0]._total_steps, a[0]._failure_rate))(ato())),
        ("fault_no_timing", lambda: fault(0, [1.0], [])),
        ("fault_below_threshold", lambda: fault(0, [1.0, 2.0, 4.0], [40.0])),
        ("fault_recommend", lambda: fault(5, [1.0, 2.0, 4.0], [40.0, 20.0])),
        ("fault_not_runtime", lambda: (lambda a: (a[0].handle_fault(ValueError(), 5), state(*a)))(
            ato(None, [1.0, 3.0], [2.0]))),
        ("table_new_interval", lambda: table(10)),
        ("table_same_interval", lambda: table(89)),
        ("effective_ratio", lambda: (lambda a: (setattr(a, "_failure_rate", 0.01), setattr(a, "_avg_step_time", 2.0),
                                                setattr(a, "_avg_checkpoint_time", 30.0),
                                                round(a._calculate_effective_training_ratio(25), 10)))(ato()[0])),
        ("bind_bad", lambda: ato()[0].bind_ckpt_obj(object())),
        ("avg_step_time_window", lambda: (lambda a: (a.__setattr__("step_times", list(range(10))),
                                                     a._get_avg_step_time(4), a._get_avg_step_time()))(ato()[0])),
        ("wrap_cell", lambda: tft.AdaptTrainOptimizer._wrap_table_cell(ato()[0], "alpha beta gamma\n\ndelta", 8)),
    ]


FAMILIES = {"utils": _utils_cases, "serialization": _serialization_cases, "dataset": _dataset_cases,
            "callback": _callback_cases, "amp": _amp_cases, "metrics": _metric_cases, "summary": _summary_cases,
            "writer": _writer_cases, "landscape": _landscape_cases, "dataset_graph": _dataset_graph_cases,
            "ato": _ato_cases}


def all_cases(ms, tmp):
    """``[(family/label, thunk)]`` of every family; ``tmp`` is a scratch folder (written as ``<tmp>`` in the
    expected strings)."""
    out = []
    for family, make in FAMILIES.items():
        folder = os.path.join(tmp, family)
        os.makedirs(folder, exist_ok=True)
        out += [(f"{family}/{label}", f) for label, f in make(ms, folder)]
    return out
