"""Dataset offload (``mindspore.dataset.engine.offload``): map operations of a pipeline run as a Cell on whole
batches (NHWC), ahead of the network (``ApplyPreTransform``) or in the iterator (``apply_offload_iterators``).

The random Cells draw one factor per image from ``numpy.random`` (seeded by ``dataset.config.set_seed``), in
MindSpore's order, so a seeded run gives MindSpore's values. ``RandomColorAdjust`` returns what MindSpore 2.10's
returns: brightness, contrast and saturation applied (its hue step does not reach the output there).
"""
import json

import numpy as np

from ... import log as logger
from ... import nn, ops
from ...common import dtype as mstype
from ...common.tensor import Tensor


def check_add_offload_sink_mode(dataset, dataset_helper, network):
    """``network`` preceded by the dataset's offloaded map operations (unchanged when none were offloaded or the
    dataset is not sent to a device)."""
    if hasattr(dataset, "__no_send__"):
        return network
    offload_model = dataset.__transfer_dataset__.get_offload_model()
    if offload_model.transform_list != []:
        check_concat_zip_dataset(dataset.__transfer_dataset__)
        network = ApplyPreTransform(offload_model, network)
    return network


def check_concat_zip_dataset(dataset):
    """RuntimeError when the pipeline concatenates or zips datasets (offload cannot follow several inputs)."""
    while len(dataset.children) == 1:
        dataset = dataset.children[0]
    if len(dataset.children) > 1:
        raise RuntimeError("Offload module currently does not support concatenated or zipped datasets.")


def get_col_idxs(node_cols, ds_cols):
    """The positions in ``ds_cols`` of a map operation's input column (one at most)."""
    if len(node_cols) > 1:
        raise RuntimeError("Offload hardware accelerator currently does not support map operations with multiple "
                           "input columns")
    missing = [c for c in node_cols if c not in ds_cols]
    if missing:
        raise RuntimeError(f"The following input column(s) for an offloaded map operation do not exist: {missing}")
    return [ds_cols.index(c) for c in node_cols]


def apply_offload_iterators(data, offload_model):
    """Run ``offload_model`` on one row (a list of columns); NumPy columns go in as float32 Tensors and come back
    as NumPy arrays."""
    data = list(data)
    was_numpy = []
    for i, col in enumerate(data):
        if not isinstance(col, Tensor):
            data[i] = Tensor(col, dtype=mstype.float32)
            was_numpy.append(i)
    data = list(offload_model(*data))
    for i in was_numpy:
        data[i] = data[i].asnumpy()
    return data


def check_input_dims(x_shape, required_dim, offload_op_name):
    """ValueError unless ``x_shape`` has ``required_dim`` dimensions."""
    if len(x_shape) != required_dim:
        raise ValueError(f"For {offload_op_name} offload operation, the dimension of input should be {required_dim}, "
                         f"but got {len(x_shape)}.")


def assign_min_max_params(in_params, center=1):
    """``(min, max)`` of a range given as a pair, or as a spread around ``center`` (min clipped at 0)."""
    if isinstance(in_params, (list, tuple)):
        return in_params[0], in_params[1]
    return max(0, center - in_params), center + in_params


def _per_image(values, shape):
    """A (batch, 1) factor broadcast over an NHWC batch."""
    return ops.broadcast_to(ops.reshape(values, (shape[0], 1, 1, 1)), tuple(shape))


def _uniform_batch(bs):
    return Tensor(np.random.uniform(size=(bs, 1)), dtype=mstype.float32)


class ApplyPreTransform(nn.Cell):
    """``model(*transform(*inputs))``: the offloaded pipeline operations, then the network."""

    def __init__(self, transform, model):
        super().__init__(auto_prefix=False, flags=model.get_flags())
        self.transform = transform
        self.model = model

    def construct(self, *x):
        return self.model(*self.transform(*x))


class IdentityCell(nn.Cell):
    """The input unchanged."""

    def construct(self, x):
        return ops.Identity()(x)


class _RandomFlip(nn.Cell):
    _axis = None
    _name = None

    def __init__(self, prob):
        super().__init__()
        self.prob = Tensor(prob, dtype=mstype.float32)

    def construct(self, x):
        x = ops.cast(x, mstype.float32)
        check_input_dims(x.shape, 4, self._name)
        chosen = ops.cast(self.prob > _uniform_batch(x.shape[0]), mstype.float32)
        chosen = _per_image(chosen, x.shape)
        return ops.flip(x, (self._axis,)) * chosen + (1 - chosen) * x


class RandomHorizontalFlip(_RandomFlip):
    """Flips each image of an NHWC batch left-right with probability ``prob``."""
    _axis, _name = 2, "RandomHorizontalFlip"


class RandomVerticalFlip(_RandomFlip):
    """Flips each image of an NHWC batch upside down with probability ``prob``."""
    _axis, _name = 1, "RandomVerticalFlip"


class GenerateRandBatch(nn.Cell):
    """A per-image factor uniform in ``[degree_min, degree_max]`` (``degree_min`` when ``check_rand``), broadcast to
    ``shape`` (NHWC). One ``numpy.random`` draw per image is made either way."""

    def construct(self, degree_min, degree_max, check_rand, shape):
        bs = shape[0]
        drawn = degree_min + (degree_max - degree_min) * _uniform_batch(bs)
        fixed = degree_min * ops.ones((bs, 1), mstype.float32)
        check = ops.cast(check_rand, mstype.float32)
        return _per_image(check * fixed + (1 - check) * drawn, shape)


class RandomColorAdjust(nn.Cell):
    """Random brightness, contrast and saturation of an NHWC RGB batch in [0, 255] (see the module note on hue)."""

    def __init__(self, brightness, contrast, saturation, hue):
        super().__init__()
        self.br_min, self.br_max = assign_min_max_params(brightness)
        self.cont_min, self.cont_max = assign_min_max_params(contrast)
        self.sa_min, self.sa_max = assign_min_max_params(saturation)
        self.hue_min, self.hue_max = assign_min_max_params(hue)
        self.check_rand_br = Tensor(self.br_min == self.br_max)
        self.check_rand_cont = Tensor(self.cont_min == self.cont_max)
        self.check_rand_sa = Tensor(self.sa_min == self.sa_max)
        self.check_rand_hue = Tensor(self.hue_min == self.hue_max)
        self.generate_rand_batch = GenerateRandBatch()

    def construct(self, x):
        x = ops.cast(x, mstype.float32)
        shape = x.shape
        check_input_dims(shape, 4, "RandomColorAdjust")
        br = self.generate_rand_batch(self.br_min, self.br_max, self.check_rand_br, shape)
        cont = self.generate_rand_batch(self.cont_min, self.cont_max, self.check_rand_cont, shape)
        sat = self.generate_rand_batch(self.sa_min, self.sa_max, self.check_rand_sa, shape)
        _uniform_batch(shape[0])  # the hue factor's draw, kept so the random sequence matches MindSpore's
        gray = 0.2989 * x[..., 0] + 0.587 * x[..., 1] + 0.114 * x[..., 2]
        gray_mean = _per_image(ops.mean(gray, (1, 2)) + 0.5, shape)
        gray = ops.broadcast_to(ops.expand_dims(gray, -1), tuple(shape))
        x = ops.clip_by_value(x * br, 0.0, 255.0)
        x = ops.clip_by_value(x * cont + (1 - cont) * gray_mean, 0.0, 255.0)
        return ops.clip_by_value(x * sat + (1 - sat) * gray, 0.0, 255.0)


class RandomSharpness(nn.Cell):
    """Blends each image of an NHWC batch with a 3x3 smoothing of it by a random factor in ``degrees``.

    As in MindSpore, the smoothing kernel sums over the three channels ((1 1 1; 1 5 1; 1 1 1) / 13 for each).
    """

    def __init__(self, degrees):
        super().__init__()
        self.degree_min, self.degree_max = assign_min_max_params(degrees)
        self.check_rand = Tensor(self.degree_min == self.degree_max)
        kernel = np.array([[1, 1, 1], [1, 5, 1], [1, 1, 1]]) / 13.0
        self.weight = Tensor(np.broadcast_to(kernel, (3, 3, 3, 3)).copy(), mstype.float32)

    def construct(self, x):
        x = ops.cast(x, mstype.float32)
        shape = x.shape
        check_input_dims(shape, 4, "RandomSharpness")
        bs = shape[0]
        drawn = self.degree_min + (self.degree_max - self.degree_min) * _uniform_batch(bs)
        fixed = self.degree_min * ops.ones((bs, 1), mstype.float32)
        check = ops.cast(self.check_rand, mstype.float32)
        factor = _per_image(check * fixed + (1 - check) * drawn, shape)
        smooth = ops.conv2d(ops.transpose(x, (0, 3, 1, 2)), self.weight, pad_mode="pad", padding=1)
        smooth = ops.transpose(smooth, (0, 2, 3, 1))
        return ops.clip_by_value(x * factor + (1 - factor) * smooth, 0.0, 255.0)


class Rescale(nn.Cell):
    """``x * rescale + shift`` in float32."""

    def __init__(self, rescale, shift):
        super().__init__()
        self.rescale = Tensor(rescale, dtype=mstype.float32)
        self.shift = Tensor(shift, dtype=mstype.float32)

    def construct(self, x):
        return ops.cast(x, mstype.float32) * self.rescale + self.shift


class HwcToChw(nn.Cell):
    """NHWC -> NCHW."""

    def construct(self, x):
        check_input_dims(x.shape, 4, "HwcToChw")
        return ops.transpose(x, (0, 3, 1, 2))


class Normalize(nn.Cell):
    """``(x - mean) / std`` in float32, per channel (last axis, or axis 1 with ``is_hwc=False``)."""

    def __init__(self, mean, std, is_hwc=True):
        super().__init__()
        if is_hwc is False:
            mean = np.expand_dims(np.array(mean), (1, 2))
            std = np.expand_dims(np.array(std), (1, 2))
        self.mean = Tensor(mean, mstype.float32)
        self.std = Tensor(std, mstype.float32)

    def construct(self, x):
        return (ops.cast(x, mstype.float32) - self.mean) / self.std


def _type_from_str(name):
    if name in ("bool", "bool_"):
        return mstype.bool_
    return mstype.from_numpy(np.dtype(name))


class TypeCast(nn.Cell):
    """Casts to the type named ``data_type_str`` (``"float16"``, ``"int32"``, ...)."""

    def __init__(self, data_type_str):
        super().__init__()
        self.data_type = _type_from_str(data_type_str)

    def construct(self, x):
        return ops.cast(x, self.data_type)


class OffloadModel:
    """A Cell class and the names of its constructor arguments in the offload description."""

    def __init__(self, func, args_names=None):
        self.func = func
        self.args_names = args_names


# Pipeline operation name -> its offload Cell.
op_to_model = {
    "HWC2CHW": OffloadModel(HwcToChw),
    "HwcToChw": OffloadModel(HwcToChw),
    "Normalize": OffloadModel(Normalize, ["mean", "std", "is_hwc"]),
    "RandomColorAdjust": OffloadModel(RandomColorAdjust, ["brightness", "contrast", "saturation", "hue"]),
    "RandomHorizontalFlip": OffloadModel(RandomHorizontalFlip, ["prob"]),
    "RandomSharpness": OffloadModel(RandomSharpness, ["degrees"]),
    "RandomVerticalFlip": OffloadModel(RandomVerticalFlip, ["prob"]),
    "Rescale": OffloadModel(Rescale, ["rescale", "shift"]),
    "TypeCast": OffloadModel(TypeCast, ["data_type"]),
}


class GetModelFromJson2Col(nn.Cell):
    """The offloaded operations of one map node (its JSON description) applied to its input column of a row
    (the first column when the map names none)."""

    def __init__(self, json_offload, col_idxs):
        super().__init__()
        self.col_idxs = col_idxs
        self.me_ops = []
        self.input_cols = []
        if not self.col_idxs:
            self.col_idxs = [0]
            logger.warning("input_columns attr in map op is not defined, so offload op will be applied to first "
                           "column of dataset.")
        if json_offload is None:
            raise RuntimeError("Offload hardware accelarator cannot be applied for this pipeline.")
        for op in json_offload["operations"]:
            model = op_to_model[op["tensor_op_name"]]
            params = op["tensor_op_params"]
            self.me_ops.append(model.func(*[params[k] for k in (model.args_names or ())]))
        self.cell = nn.SequentialCell(self.me_ops)

    def construct(self, x):
        idx = self.col_idxs[0]
        x[idx] = self.cell(x[idx])
        return x


class GetOffloadModel(nn.Cell):
    """The offload model of a pipeline: one ``GetModelFromJson2Col`` per offloaded map node (from
    ``dataset_consumer.GetOffload()``, a JSON list of nodes), applied first node last-listed.
    ``dataset_consumer=None`` means nothing was offloaded."""

    def __init__(self, dataset_consumer, ds_cols):
        super().__init__()
        self.transform_list = []
        nodes = json.loads(dataset_consumer.GetOffload()) if dataset_consumer is not None else None
        for node in nodes or ():
            if node["op_type"] == "Map":
                self.transform_list.append(GetModelFromJson2Col(node, get_col_idxs(node["input_columns"], ds_cols)))
        self.transform_list.reverse()

    def construct(self, *x):
        data = list(x)
        for transform in self.transform_list:
            data = transform(data)
        return data
