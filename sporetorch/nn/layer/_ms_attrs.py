"""The attributes MindSpore 2.10's ``nn`` layers hold after ``__init__`` that our layers do not need.

Model zoos subclass MindSpore layers and call what the parent holds: mindcv's ConvNeXt subclasses
``nn.LayerNorm`` and calls ``self.layer_norm(x, self.gamma, self.beta)``. Our layers compute with
torch directly, so these Primitive operators and flags are installed on the classes as lazy
attributes: each is built from the instance's own configuration on first access and then cached in
the instance's ``__dict__`` (so a subclass may also assign its own), and the forward path never
pays for them. The names, the Primitives and their arguments were read from MindSpore 2.10's
instances (``vars()`` after ``__init__``); tests/nn/test_layer_attributes.py keeps that list.
"""
from ...common.tensor import Tensor
from ...ops import operations as P
from ...ops.function.array_func import shape as _shape_fn

__all__ = ["install"]


class _Lazy:
    """A non-data descriptor: ``make(cell)`` on first access, then cached on the instance."""

    __slots__ = ("name", "make")

    def __init__(self, name, make):
        self.name = name
        self.make = make

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = self.make(obj)
        obj.__dict__[self.name] = value
        return value


def _a(name):
    """The instance attribute ``name``."""
    return lambda c: getattr(c, name)


def _prim(prim, **kw):
    """``P.<prim>(**kw)``; a callable value is computed from the cell."""
    def make(cell):
        return getattr(P, prim)(**{k: (v(cell) if callable(v) else v) for k, v in kw.items()})
    return make


def _const(value):
    return lambda c: value


def _plain(*names):
    """Argument-less Primitives under MindSpore's attribute names: ``"attr:Prim"`` or ``"Prim"``-named."""
    out = {}
    for spec in names:
        attr, prim = spec.split(":")
        out[attr] = _prim(prim)
    return out


def _pool_1d(cell, value):
    """MindSpore's 1-D pools run a 2-D Primitive over ``(1, value)``."""
    return value if isinstance(value, tuple) else (1, value)


def _tb_lr(cell):
    p = cell.padding
    return (p, p, p, p) if isinstance(p, int) else tuple(p)


_CONV2D = dict(out_channel=_a("out_channels"), kernel_size=_a("kernel_size"), mode=1, pad_mode=_a("pad_mode"),
               pad=_a("padding"), stride=_a("stride"), dilation=_a("dilation"), group=_a("group"),
               data_format=_a("data_format"))
_CONV_T = dict(out_channel=_a("in_channels"), kernel_size=_a("kernel_size"), pad_mode=_a("pad_mode"),
               pad=_a("padding"), mode=1, stride=_a("stride"), dilation=_a("dilation"), group=_a("group"),
               data_format=_a("data_format"))
_CONV_T_FLAGS = {
    "is_same": lambda c: c.pad_mode.lower() == "same",
    "is_valid": lambda c: c.pad_mode.lower() == "valid",
    "is_pad": lambda c: c.pad_mode.lower() == "pad",
}
_BN = {
    "_target": _const("CPU"), "parallel_mode": _const("stand_alone"),
    "bn_train": _prim("BatchNorm", is_training=True, epsilon=_a("eps"), momentum=_a("momentum"),
                      data_format=_a("format")),
    "bn_infer": _prim("BatchNorm", is_training=False, epsilon=_a("eps"), data_format=_a("format")),
    "reduce_mean": _prim("ReduceMean", keep_dims=True),
    **_plain("assign_sub_mean:AssignSub", "assign_sub_var:AssignSub", "cast:Cast", "dtype:DType",
             "mul_mean:Mul", "mul_var:Mul", "reshape:Reshape", "shape:Shape", "sqrt:Sqrt", "square:Square",
             "sub_mean:Sub", "sub_var:Sub"),
}
_ADAPTIVE_1D = {"shape": _const(_shape_fn), "squeeze": _prim("Squeeze", axis=2),
                **_plain("dtype:DType", "expand:ExpandDims")}
_RNN = {"reverse": _prim("ReverseV2", axis=[0]), "reverse_sequence": _prim("ReverseSequence", seq_dim=0, batch_dim=1)}
_PAD_NAME = {"name": lambda c: type(c).__name__}
_MATRIX = {"dtype": _prim("DType")}

TABLE = {
    # conv
    "Conv2d": {"_dilation": lambda c: c.dilation[0] if len(set(c.dilation)) == 1 else c.dilation,
               "conv2d": _prim("Conv2D", **_CONV2D), "bias_add": _prim("BiasAdd", data_format=_a("data_format"))},
    "Conv1d": {"conv2d": _prim("Conv2D", **_CONV2D), "bias_add": _prim("BiasAdd"), "squeeze": _prim("Squeeze", axis=2),
               **_plain("expand_dims:ExpandDims", "shape:Shape")},
    "Conv3d": {"conv3d": _prim("Conv3D", **_CONV2D), "bias_add": _prim("BiasAdd", data_format=_a("data_format")),
               "concat": _prim("Concat", axis=1), "shape": _prim("Shape"),
               "split_0": _prim("Split", axis=0, output_num=_a("group")),
               "split_1": _prim("Split", axis=1, output_num=_a("group"))},
    "Conv2dTranspose": {"conv2d_transpose": _prim("Conv2DTranspose", **_CONV_T), "bias_add": _prim("BiasAdd"),
                        "shape": _prim("Shape"), **_CONV_T_FLAGS,
                        "padding_top": lambda c: _tb_lr(c)[0], "padding_bottom": lambda c: _tb_lr(c)[1],
                        "padding_left": lambda c: _tb_lr(c)[2], "padding_right": lambda c: _tb_lr(c)[3]},
    "Conv1dTranspose": {"conv2d_transpose": _prim("Conv2DBackpropInput", **_CONV_T), "bias_add": _prim("BiasAdd"),
                        "squeeze": _prim("Squeeze", axis=2), **_CONV_T_FLAGS,
                        **_plain("expand_dims:ExpandDims", "shape:Shape")},
    "Conv3dTranspose": {"conv3d_transpose": _prim("Conv3DTranspose", in_channel=_a("in_channels"),
                                                  out_channel=_a("out_channels"), kernel_size=_a("kernel_size"),
                                                  mode=1, pad_mode=_a("pad_mode"), pad=_a("padding"),
                                                  stride=_a("stride"), dilation=_a("dilation"), group=_a("group"),
                                                  output_padding=_a("output_padding"),
                                                  data_format=_a("data_format")),
                        "bias_add": _prim("BiasAdd", data_format=_a("data_format")), "shape": _prim("Shape")},
    # dense
    "Dense": {"matmul": _prim("MatMul", transpose_b=True), "bias_add": _prim("BiasAdd"),
              **_plain("reshape:Reshape", "shape_op:Shape")},
    "BiDense": {"in_channels": _a("in1_channels"), "matmul": _prim("MatMul"), "bias_add": _prim("BiasAdd")},
    # normalization
    "BatchNorm1d": _BN, "BatchNorm2d": _BN, "SyncBatchNorm": {
        **_BN, "group_name": _const(None), "is_global": _const(False), "rank_id": _const(0), "rank_size": _const(1)},
    "BatchNorm3d": _plain("reshape:Reshape", "shape:Shape"),
    "LayerNorm": {"layer_norm": _prim("LayerNorm", begin_norm_axis=_a("begin_norm_axis"),
                                      begin_params_axis=_a("begin_params_axis"), epsilon=_a("epsilon"))},
    "InstanceNorm1d": {"shape": _prim("Shape")}, "InstanceNorm2d": {"shape": _prim("Shape")},
    "InstanceNorm3d": {"shape": _prim("Shape")},
    # pooling
    "MaxPool2d": {"max_pool": _prim("MaxPool", kernel_size=_a("kernel_size"), strides=_a("stride"),
                                    pad_mode=_a("pad_mode"), data_format=_a("format")),
                  "use_pad": lambda c: c.padding != 0 or c.dilation != 1 or c.return_indices or c.ceil_mode},
    "AvgPool2d": {"avg_pool": _prim("AvgPool", kernel_size=_a("kernel_size"), strides=_a("stride"),
                                    pad_mode=_a("pad_mode"), data_format=_a("format")),
                  "is_expand": _const(False), "ascend_910b_target": _const(False)},
    "MaxPool1d": {"max_pool": _prim("MaxPool", kernel_size=lambda c: _pool_1d(c, c.kernel_size),
                                    strides=lambda c: _pool_1d(c, c.stride), pad_mode=_a("pad_mode")),
                  "use_pad": lambda c: c.padding != 0 or c.dilation != 1 or c.return_indices or c.ceil_mode,
                  "format": _const("NCHW"), "reduce_mean": _prim("ReduceMean", keep_dims=True),
                  "squeeze": _prim("Squeeze", axis=2), "shape": _const(_shape_fn), "expand": _prim("ExpandDims")},
    "AvgPool1d": {"avg_pool": _prim("AvgPool", kernel_size=lambda c: _pool_1d(c, c.kernel_size),
                                    strides=lambda c: _pool_1d(c, c.stride), pad_mode=_a("pad_mode")),
                  "format": _const("NCHW"), "is_expand_3d": _const(False),
                  "reduce_mean": _prim("ReduceMean", keep_dims=True), "squeeze": _prim("Squeeze", axis=2),
                  "shape": _const(_shape_fn), **_plain("expand:ExpandDims", "slice:Slice")},
    "MaxPool3d": {"max_pool": _prim("MaxPool3D", kernel_size=_a("kernel_size"), strides=_a("stride"),
                                    pad_mode=_a("pad_mode")),
                  "format": _const("NCHW"), "only_pad": _const(False)},
    "AvgPool3d": {"avg_pool": _prim("AvgPool3D", kernel_size=_a("kernel_size"), strides=_a("stride"),
                                    pad_mode=_a("pad_mode"), ceil_mode=_a("ceil_mode"),
                                    count_include_pad=_a("count_include_pad"),
                                    divisor_override=lambda c: c.divisor_override or 0),
                  "format": _const("NCHW")},
    "AdaptiveAvgPool1d": _ADAPTIVE_1D, "AdaptiveMaxPool1d": _ADAPTIVE_1D,
    "AdaptiveAvgPool2d": {"adaptive_avgpool2d": _prim("AdaptiveAvgPool2D", output_size=_a("output_size"))},
    "AdaptiveAvgPool3d": {"adaptive_avg_pool3d": _prim("AdaptiveAvgPool3D", output_size=_a("output_size"))},
    "AdaptiveMaxPool3d": {"adaptive_max_pool3d": _prim("AdaptiveMaxPool3D")},
    # activations
    "ReLU": _plain("relu:ReLU"), "ReLU6": _plain("relu6:ReLU6"), "Sigmoid": _plain("sigmoid:Sigmoid"),
    "Tanh": _plain("tanh:Tanh"), "HSigmoid": _plain("hsigmoid:HSigmoid"), "HSwish": _plain("hswish:HSwish"),
    "Mish": _plain("mish:Mish"), "FastGelu": _plain("fast_gelu:FastGeLU"), "SeLU": _plain("selu:SeLU"),
    "Softsign": _plain("softsign:Softsign"), "PReLU": _plain("prelu:PReLU"),
    "Softmax": {"softmax": _prim("Softmax", axis=_a("axis"))},
    "LogSoftmax": {"log_softmax": _prim("LogSoftmax", axis=_a("axis"))},
    "Softmax2d": {"softmax": _prim("Softmax", axis=-3), "shape": _prim("Shape")},
    "CELU": {"celu": _prim("CeLU", alpha=_a("alpha"))}, "ELU": {"elu": _prim("Elu", alpha=_a("alpha"))},
    "HShrink": {"hshrink": _prim("HShrink", lambd=_a("lambd"))},
    "SoftShrink": {"softshrink": _prim("SoftShrink", lambd=_a("lambd"))},
    "LogSigmoid": _plain("mul:Mul", "exp:Exp", "add:Add", "rec:Reciprocal", "log:Log"),
    "GLU": {"dim": _a("axis"), "sigmoid": _prim("Sigmoid"), "spilt": _prim("Split", axis=_a("axis"), output_num=2)},
    "RReLU": _plain("sign:Sign"),
    "LRN": {"lrn_op": _prim("LRN", depth_radius=_a("depth_radius"), bias=_a("bias"), alpha=_a("alpha"),
                            beta=_a("beta"), norm_region=_a("norm_region"))},
    # dropout
    "Dropout": {"dropout": _prim("Dropout", keep_prob=_a("keep_prob"))},
    "Dropout1d": {"prob": _a("p")},
    "Dropout2d": {"dropout2d": _prim("Dropout2D", keep_prob=_a("keep_prob"))},
    "Dropout3d": {"dropout3d": _prim("Dropout3D", keep_prob=_a("keep_prob"))},
    # embedding
    "Embedding": {"shp_flat": _const((-1,)), "on_value": lambda c: Tensor(1.0, c.dtype),
                  "off_value": lambda c: Tensor(0.0, c.dtype), "gather": _prim("Gather"), "one_hot": _prim("OneHot"),
                  "concat": _prim("Concat", axis=0), "array_mul": _prim("MatMul"),
                  **_plain("expand:ExpandDims", "reshape_flat:Reshape", "get_shp:Shape", "reshape:Reshape")},
    "EmbeddingLookup": {"forward_unique": _const(False), "gather_revert": _prim("Gather"),
                        **_plain("embeddinglookup:EmbeddingLookup", "gatherv2:SparseGatherV2", "reshape:Reshape",
                                 "reshape_first:Reshape", "shape:Shape", "unique:Unique")},
    # padding
    "Pad": {"pad": _prim("Pad", paddings=_a("paddings"))},
    "ReflectionPad1d": _PAD_NAME, "ReflectionPad2d": _PAD_NAME, "ReflectionPad3d": _PAD_NAME,
    "ReplicationPad1d": {**_PAD_NAME, "padv3": _prim("PadV3", mode="edge")},
    "ReplicationPad2d": {**_PAD_NAME, "padv3": _prim("PadV3", mode="edge")},
    "ReplicationPad3d": {**_PAD_NAME, "padv3": _prim("PadV3", mode="edge")},
    # image / basic / math
    "CentralCrop": _plain("slice:Slice"),
    "ChannelShuffle": _plain("reshape:Reshape", "shape:Shape", "transpose:Transpose"),
    "Unflatten": _plain("reshape:Reshape", "shape:Shape"),
    "Unfold": {"extract_image_patches": _prim("ExtractImagePatches", ksizes=_a("ksizes"), strides=_a("strides"),
                                              rates=_a("rates"), padding=lambda c: c.padding.upper())},
    "L1Regularizer": _plain("abs:Abs", "reduce_sum:ReduceSum"),
    "Norm": {"reduce_sum": _prim("ReduceSum"), "sqrt": _prim("Sqrt"),
             "squeeze": _prim("Squeeze", axis=_a("axis"))},
    "OneHot": {"onehot": _prim("OneHot", axis=_a("axis"))},
    "Tril": _plain("cast:Cast", "dtype:DType", "mul:Mul"), "Triu": _plain("cast:Cast", "dtype:DType", "mul:Mul"),
    "Moments": {"reduce_mean": _prim("ReduceMean", keep_dims=True), "square_diff": _prim("SquaredDifference"),
                "squeeze": _prim("Squeeze", axis=_a("axis")), "cast": _prim("Cast")},
    "MatMul": {"expand_op": _prim("ExpandDims"), "reduce_sum_op": _prim("ReduceSum"), "shape_op": _prim("Shape"),
               "squeeze_left_op": _prim("Squeeze", axis=-2), "squeeze_right_op": _prim("Squeeze", axis=-1)},
    "ReduceLogSumExp": {"max": _prim("ReduceMax"), "sum": _prim("ReduceSum", keep_dims=_a("keep_dims")),
                        **_plain("exp:Exp", "log:Log")},
    "SSIM": {"concat": _prim("Concat", axis=1), "reduce_mean": _prim("ReduceMean")},
    "MatrixDiag": _MATRIX, "MatrixDiagPart": _MATRIX, "MatrixSetDiag": _MATRIX,
    "Roll": {"gpu": _const(False), "shape_op": _prim("Shape")},
    # rnn
    "LSTM": _RNN, "GRU": _RNN, "RNN": _RNN, "LSTMCell": {"support_non_tensor_inputs": _const(True)},
    "MultiheadAttention": {"k_is_v": _const(False), "q_is_k": _const(False)},
    # containers
    "CellList": {"__cell_as_list__": _const(True)}, "CellDict": {"__cell_as_dict__": _const(True)},
}


def install(namespace):
    """Put the lazy attributes on the layer classes found in ``namespace`` (a module or dict)."""
    get = namespace.get if isinstance(namespace, dict) else (lambda n: getattr(namespace, n, None))
    for cls_name, attrs in TABLE.items():
        cls = get(cls_name)
        if cls is None:
            continue
        for attr, make in attrs.items():
            if attr not in cls.__dict__:
                setattr(cls, attr, _Lazy(attr, make))
