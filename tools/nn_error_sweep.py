"""Error-type sweep of the ``mindspore.nn`` layers, losses and optimizers: each cell, built from a small recipe,
is called with a good input and with generated bad ones (wrong dtype, wrong rank, wrong
channel/feature size, mismatched loss operands, a numpy array instead of a Tensor). A result is
``ok`` with the outputs' dtypes and shapes, or the exception's type name and first message words.
MindSpore 2.10's results are recorded once; sporetorch's are compared on every test run
(``tests/nn/test_nn_error_sweep.py``): the exception type, or the outputs' dtypes and shapes.

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/nn_error_sweep.py record tests/data/nn_error_sweep.json
    ... record tests/data/nn_error_sweep.json Adam SGD     # re-records these classes only, keeps the rest
    python tools/nn_error_sweep.py compare tests/data/nn_error_sweep.json      # sporetorch; prints the differences
"""
import importlib.util
import json
import os
import sys
import warnings

import numpy as np

# Input kinds: f float32 normal, p float32 in (0, 1), b float32 0/1, l int32 class labels in [0, 3),
# i int32 ids in [0, 10), s float32 +-1 signs, n int32 lengths (value = the shape's single entry).
# Recipe: name -> (constructor args, constructor kwargs, [(kind, shape), ...][, pack]). The args may be a
# function of the package (mindspore or sporetorch) that returns them, for cells built around other cells;
# ``pack(ms, inputs)`` (optional) turns the list of input Tensors into the call's arguments (a tuple state, a
# sparse tensor).
C1, C2, C3 = (1, 3, 8), (1, 3, 8, 8), (1, 3, 5, 5, 5)
ACT = [("f", (2, 3))]
PAIR = [("f", (2, 3)), ("f", (2, 3))]
RECIPES = {
    # activations and shape cells
    **{n: ((), {}, ACT) for n in (
        "CELU", "ELU", "FastGelu", "GELU", "HShrink", "HSigmoid", "HSwish", "Hardtanh", "LeakyReLU", "LogSigmoid",
        "LogSoftmax", "LogSoftmaxExt", "Mish", "PReLU", "PReLUExt", "ReLU", "ReLU6", "SeLU", "SiLU", "Sigmoid",
        "SoftShrink", "Softmax", "Softmin", "Softsign", "Tanh", "Tanhshrink", "Identity", "Flatten", "Dropout",
        "DropoutExt", "Tril", "Triu", "DiGamma", "LGamma")},
    "GLU": ((), {}, [("f", (2, 4))]),
    "Threshold": ((0.1, 20.0), {}, ACT),
    "Softmax2d": ((), {}, [("f", (1, 2, 3, 3))]),
    "Unflatten": ((1, (3, 1)), {}, ACT),
    "Dropout1d": ((), {}, [("f", (2, 3, 4))]),
    "Dropout2d": ((), {}, [("f", (2, 3, 4, 4))]),
    "Dropout2dExt": ((), {}, [("f", (2, 3, 4, 4))]),
    "Dropout3d": ((), {}, [("f", (2, 3, 2, 2, 2))]),
    # dense, conv
    "Dense": ((4, 3), {}, [("f", (2, 4))]),
    "Linear": ((4, 3), {}, [("f", (2, 4))]),
    "BiDense": ((4, 5, 3), {}, [("f", (2, 4)), ("f", (2, 5))]),
    "Conv1d": ((3, 4, 3), {}, [("f", C1)]),
    "Conv2d": ((3, 4, 3), {}, [("f", C2)]),
    "Conv3d": ((3, 4, 3), {}, [("f", C3)]),
    "Conv1dTranspose": ((3, 4, 3), {}, [("f", C1)]),
    "Conv2dTranspose": ((3, 4, 3), {}, [("f", C2)]),
    "Conv3dTranspose": ((3, 4, 3), {}, [("f", C3)]),
    "Conv2dBnAct": ((3, 4, 3), {"has_bn": True, "activation": "relu"}, [("f", C2)]),
    "DenseBnAct": ((4, 3), {"has_bn": True, "activation": "relu"}, [("f", (2, 4))]),
    # normalization
    "BatchNorm1d": ((3,), {}, [("f", (4, 3))]),
    "BatchNorm2d": ((3,), {}, [("f", (2, 3, 4, 4))]),
    "BatchNorm3d": ((3,), {}, [("f", (2, 3, 2, 2, 2))]),
    "GroupNorm": ((3, 3), {}, [("f", (2, 3, 4, 4))]),
    "InstanceNorm1d": ((3,), {}, [("f", (2, 3, 5))]),
    "InstanceNorm2d": ((3,), {}, [("f", (2, 3, 4, 4))]),
    "InstanceNorm3d": ((3,), {}, [("f", (2, 3, 2, 2, 2))]),
    "LayerNorm": (((3,),), {}, ACT),
    "LayerNormExt": ((3,), {}, ACT),
    "LRN": ((), {}, [("f", (1, 3, 4, 4))]),
    # pooling
    "AvgPool1d": ((2,), {}, [("f", C1)]),
    "AvgPool2d": ((2,), {}, [("f", C2)]),
    "AvgPool3d": ((2,), {}, [("f", C3)]),
    "AvgPool1dExt": ((2,), {}, [("f", C1)]),
    "AvgPool2dExt": ((2,), {}, [("f", C2)]),
    "AvgPool3dExt": ((2,), {}, [("f", C3)]),
    "MaxPool1d": ((2,), {}, [("f", C1)]),
    "MaxPool2d": ((2,), {}, [("f", C2)]),
    "MaxPool3d": ((2,), {}, [("f", C3)]),
    "MaxPool2dExt": ((2,), {}, [("f", C2)]),
    "AdaptiveAvgPool1d": ((2,), {}, [("f", C1)]),
    "AdaptiveAvgPool2d": ((2,), {}, [("f", C2)]),
    "AdaptiveAvgPool3d": ((2,), {}, [("f", C3)]),
    "AdaptiveMaxPool1d": ((2,), {}, [("f", C1)]),
    "AdaptiveMaxPool2d": ((2,), {}, [("f", C2)]),
    "AdaptiveMaxPool3d": ((2,), {}, [("f", C3)]),
    "LPPool1d": ((2, 2), {}, [("f", C1)]),
    "LPPool2d": ((2, 2), {}, [("f", C2)]),
    # padding
    "ConstantPad1d": ((1, 0.5), {}, [("f", (1, 2, 3))]),
    "ConstantPad2d": ((1, 0.5), {}, [("f", (1, 2, 3, 3))]),
    "ConstantPad3d": ((1, 0.5), {}, [("f", (1, 2, 3, 3, 3))]),
    "ReflectionPad1d": ((1,), {}, [("f", (1, 2, 3))]),
    "ReflectionPad2d": ((1,), {}, [("f", (1, 2, 3, 3))]),
    "ReflectionPad3d": ((1,), {}, [("f", (1, 2, 3, 3, 3))]),
    "ReplicationPad1d": ((1,), {}, [("f", (1, 2, 3))]),
    "ReplicationPad2d": ((1,), {}, [("f", (1, 2, 3, 3))]),
    "ReplicationPad3d": ((1,), {}, [("f", (1, 2, 3, 3, 3))]),
    "ZeroPad2d": ((1,), {}, [("f", (1, 2, 3, 3))]),
    "Pad": ((((0, 0), (1, 1)),), {}, ACT),
    # embedding, recurrent
    "Embedding": ((10, 3), {}, [("i", (2, 3))]),
    "EmbeddingExt": ((10, 3), {}, [("i", (2, 3))]),
    "EmbeddingLookup": ((10, 3), {}, [("i", (2, 3))]),
    "LSTM": ((4, 5), {}, [("f", (2, 3, 4))]),
    "GRU": ((4, 5), {}, [("f", (2, 3, 4))]),
    "RNN": ((4, 5), {}, [("f", (2, 3, 4))]),
    "GRUCell": ((4, 5), {}, [("f", (2, 4)), ("f", (2, 5))]),
    "RNNCell": ((4, 5), {}, [("f", (2, 4)), ("f", (2, 5))]),
    "MultiheadAttention": ((4, 2), {}, [("f", (3, 2, 4)), ("f", (3, 2, 4)), ("f", (3, 2, 4))]),
    "TransformerEncoderLayer": ((4, 2), {"dim_feedforward": 8, "dropout": 0.0}, [("f", (3, 2, 4))]),
    "TransformerDecoderLayer": ((4, 2), {"dim_feedforward": 8, "dropout": 0.0}, [("f", (3, 2, 4)), ("f", (3, 2, 4))]),
    # image, math, misc
    "CentralCrop": ((0.5,), {}, [("f", (1, 3, 4, 4))]),
    "ImageGradients": ((), {}, [("f", (1, 1, 4, 4))]),
    "PixelShuffle": ((2,), {}, [("f", (1, 4, 2, 2))]),
    "PixelUnshuffle": ((2,), {}, [("f", (1, 1, 4, 4))]),
    "ChannelShuffle": ((2,), {}, [("f", (1, 4, 2, 2))]),
    "Upsample": ((), {"scale_factor": 2.0, "mode": "nearest", "recompute_scale_factor": True}, [("f", (1, 1, 2, 2))]),
    "Unfold": (([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1]), {}, [("f", (1, 1, 4, 4))]),
    "PSNR": ((), {}, [("p", (1, 1, 8, 8)), ("p", (1, 1, 8, 8))]),
    "SSIM": ((), {"filter_size": 3}, [("p", (1, 1, 8, 8)), ("p", (1, 1, 8, 8))]),
    "Moments": ((), {}, ACT),
    "Norm": ((), {}, ACT),
    "ReduceLogSumExp": ((1,), {}, ACT),
    "Roll": ((1, 0), {}, ACT),
    "MatMul": ((), {}, [("f", (2, 3)), ("f", (3, 2))]),
    "MatDet": ((), {}, [("f", (2, 3, 3))]),
    "MatInverse": ((), {}, [("f", (2, 3, 3))]),
    "MatrixDiag": ((), {}, ACT),
    "MatrixDiagPart": ((), {}, [("f", (2, 3, 3))]),
    "ClipByNorm": ((), {}, [("f", (2, 3)), ("p", ())]),
    "OneHot": ((), {"depth": 3}, [("l", (4,))]),
    "LBeta": ((), {}, [("p", (2, 3)), ("p", (2, 3))]),
    "IGamma": ((), {}, [("p", (2, 3)), ("p", (2, 3))]),
    # losses
    **{n: ((), {}, PAIR) for n in (
        "L1Loss", "L1LossExt", "MSELoss", "SmoothL1Loss", "HuberLoss", "RMSELoss", "MAELoss")},
    "SoftMarginLoss": ((), {}, [("f", (2, 3)), ("s", (2, 3))]),
    "BCELoss": ((), {}, [("p", (2, 3)), ("b", (2, 3))]),
    "BCEWithLogitsLoss": ((), {}, [("f", (2, 3)), ("b", (2, 3))]),
    "CrossEntropyLoss": ((), {}, [("f", (2, 3)), ("l", (2,))]),
    "NLLLoss": ((), {}, [("f", (2, 3)), ("l", (2,))]),
    "SoftmaxCrossEntropyWithLogits": ((), {"sparse": True}, [("f", (2, 3)), ("l", (2,))]),
    "KLDivLoss": ((), {}, [("f", (2, 3)), ("p", (2, 3))]),
    "CosineEmbeddingLoss": ((), {}, [("f", (2, 3)), ("f", (2, 3)), ("s", (2,))]),
    "MarginRankingLoss": ((), {}, [("f", (4,)), ("f", (4,)), ("s", (4,))]),
    "HingeEmbeddingLoss": ((), {}, [("f", (2, 3)), ("s", (2, 3))]),
    "MultiMarginLoss": ((), {}, [("f", (2, 3)), ("L", (2,))]),
    "MultiLabelSoftMarginLoss": ((), {}, [("f", (2, 3)), ("b", (2, 3))]),
    "MultilabelMarginLoss": ((), {}, [("f", (2, 3)), ("l", (2, 3))]),
    "PoissonNLLLoss": ((), {}, [("f", (2, 3)), ("p", (2, 3))]),
    "GaussianNLLLoss": ((), {}, [("f", (2, 3)), ("f", (2, 3)), ("p", (2, 3))]),
    "TripletMarginLoss": ((), {}, [("f", (2, 3)), ("f", (2, 3)), ("f", (2, 3))]),
    "TripletMarginWithDistanceLoss": ((), {}, [("f", (2, 3)), ("f", (2, 3)), ("f", (2, 3))]),
    "FocalLoss": ((), {}, [("f", (2, 3)), ("l", (2, 1))]),
    "DiceLoss": ((), {}, [("p", (2, 3)), ("b", (2, 3))]),
    "MultiClassDiceLoss": ((), {}, [("p", (2, 3, 4)), ("b", (2, 3, 4))]),
    "CTCLoss": ((), {}, [("f", (5, 2, 3)), ("l1", (2, 2)), ("n5", (2,)), ("n2", (2,))]),
    "SampledSoftmaxLoss": ((2, 5), {}, [("f", (5, 3)), ("f", (5,)), ("l", (2, 1)), ("f", (2, 3))]),
    "L1Regularizer": ((0.1,), {}, ACT),
    # the cells added after the first recording: pooling, recurrent, transformer, containers
    "FractionalMaxPool2d": ((2,), {"output_size": (4, 4)}, [("f", C2)]),
    "FractionalMaxPool3d": ((2,), {"output_size": (2, 2, 2)}, [("f", C3)]),
    "MaxUnpool1d": ((2,), {}, [("f", (1, 2, 4)), ("I", (1, 2, 4))]),
    "MaxUnpool2d": ((2,), {}, [("f", (1, 2, 2, 2)), ("I", (1, 2, 2, 2))]),
    "MaxUnpool3d": ((2,), {}, [("f", (1, 2, 2, 2, 2)), ("I", (1, 2, 2, 2, 2))]),
    "RReLU": ((), {}, ACT),
    "SyncBatchNorm": ((3,), {}, [("f", (2, 3, 4, 4))]),
    "MSSSIM": ((), {"filter_size": 3, "power_factors": (0.5, 0.5)}, [("p", (1, 1, 8, 8)), ("p", (1, 1, 8, 8))]),
    "MatrixSetDiag": ((), {}, [("f", (2, 3, 3)), ("f", (2, 3))]),
    "Range": ((1, 7, 2), {}, []),
    "MultiFieldEmbeddingLookup": ((10, 3, 3), {}, [("i", (2, 3)), ("f", (2, 3)), ("l", (2, 3))]),
    "SparseTensorDenseMatmul": ((), {}, [("I2", (2, 2)), ("f", (2,)), ("f", (3, 2))],
                                lambda ms, x: (x[0], x[1], (2, 3), x[2])),
    "SparseToDense": ((), {}, [("I2", (2, 2)), ("f", (2,))], lambda ms, x: (ms.COOTensor(x[0], x[1], (2, 3)),)),
    "LSTMCell": ((4, 5), {}, [("f", (2, 4)), ("f", (2, 5)), ("f", (2, 5))], lambda ms, x: (x[0], (x[1], x[2]))),
    "TimeDistributed": (lambda ms: (ms.nn.Dense(4, 3), 1), {}, [("f", (2, 5, 4))]),
    "Transformer": ((4, 2), {"num_encoder_layers": 1, "num_decoder_layers": 1, "dim_feedforward": 8, "dropout": 0.0},
                    [("f", (3, 2, 4)), ("f", (3, 2, 4))]),
    "TransformerEncoder": (lambda ms: (ms.nn.TransformerEncoderLayer(4, 2, 8, 0.0), 2), {}, [("f", (3, 2, 4))]),
    "TransformerDecoder": (lambda ms: (ms.nn.TransformerDecoderLayer(4, 2, 8, 0.0), 2), {},
                           [("f", (3, 2, 4)), ("f", (3, 2, 4))]),
    "SequentialCell": (lambda ms: (ms.nn.Dense(4, 3), ms.nn.ReLU()), {}, [("f", (2, 4))]),
    "WithLossCell": (lambda ms: (ms.nn.Dense(4, 3), ms.nn.MSELoss()), {}, [("f", (2, 4)), ("f", (2, 3))]),
    "WithEvalCell": (lambda ms: (ms.nn.Dense(4, 3), ms.nn.MSELoss()), {}, [("f", (2, 4)), ("f", (2, 3))]),
    "TrainOneStepCell": (lambda ms: _train_step(ms), {}, [("f", (2, 4)), ("f", (2, 3))]),
    "TrainOneStepWithLossScaleCell": (lambda ms: _train_step(ms) + (ms.Tensor(np.float32(1024.0)),), {},
                                      [("f", (2, 4)), ("f", (2, 3))]),
    "WithGradCell": (lambda ms: (ms.nn.Dense(4, 3), ms.nn.MSELoss()), {}, [("f", (2, 4)), ("f", (2, 3))]),
    "ForwardValueAndGrad": (lambda ms: _value_and_grad(ms), {}, [("f", (2, 4)), ("f", (2, 3))]),
    # learning-rate schedules, called with the global step
    "CosineDecayLR": ((0.01, 0.1, 4), {}, [("n3", ())]),
    "ExponentialDecayLR": ((0.1, 0.9, 4), {}, [("n3", ())]),
    "InverseDecayLR": ((0.1, 0.9, 4), {}, [("n3", ())]),
    "NaturalExpDecayLR": ((0.1, 0.9, 4), {}, [("n3", ())]),
    "PolynomialDecayLR": ((0.1, 0.01, 4, 0.5), {}, [("n3", ())]),
    "WarmUpLR": ((0.1, 4), {}, [("n3", ())]),
}
# Optimizers: name -> (constructor args after the Parameters, constructor kwargs); a function of the package
# and the Parameters builds a wrapper (LARS). Each is built on a fresh Dense(4, 3) and called with its
# gradients (OPTIMIZER_VARIANTS); the result is the call's return value (one bool per Parameter, or one bool).
OPTIMIZERS = {
    "ASGD": ((0.1,), {}),
    "AdaFactor": ((), {}),
    "AdaMax": ((0.1,), {}),
    "Adadelta": ((0.1,), {}),
    "Adagrad": ((), {"learning_rate": 0.1}),
    "Adam": ((0.1,), {}),
    "AdamOffload": ((0.1,), {}),
    "AdamWeightDecay": ((0.1,), {}),
    "FTRL": ((), {"learning_rate": 0.1}),
    "LARS": (lambda ms, params: (ms.nn.SGD(params, 0.1),), {}),
    "Lamb": ((0.1,), {}),
    "LazyAdam": ((0.1,), {}),
    "Momentum": ((0.1, 0.9), {}),
    "ProximalAdagrad": ((), {"learning_rate": 0.1}),
    "RMSProp": ((0.1,), {}),
    "Rprop": ((0.1,), {}),
    "SGD": ((0.1,), {}),
}
# good: float32 gradients; group: two parameter groups (weight with weight decay, bias), float32 gradients;
# dtype: int32 gradients; float16, float64: gradients of that dtype; shape: the weight's gradient one column wider;
# count: the weight's gradient only; numpy: NumPy arrays; list: a list instead of a tuple.
OPTIMIZER_VARIANTS = ("good", "group", "dtype", "float16", "float64", "shape", "count", "numpy", "list")
# MindSpore 2.10 on CPU cannot run these even on a good input (no CPU kernel, or a kernel error that
# also poisons the next calls), so there is nothing to compare: they are left out of the recording.
NOT_COMPARABLE = {
    **dict.fromkeys(("AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt", "EmbeddingExt", "InstanceNorm1d",
                     "InstanceNorm2d", "InstanceNorm3d", "L1LossExt", "LayerNormExt", "LogSoftmaxExt", "MatInverse",
                     "MatrixDiag", "MatrixSetDiag", "MatrixDiagPart", "MaxPool2dExt", "MultilabelMarginLoss", "Roll",
                     "SoftMarginLoss", "TripletMarginLoss", "Unfold"), "no MindSpore 2.10 CPU kernel"),
    "MatDet": "MindSpore 2.10 CPU computes it by Cholesky, rejecting non-SPD inputs",
    "PSNR": "MindSpore 2.10 fails on float32 images (ScalarCast)",
    "SSIM": "MindSpore 2.10 fails on float32 images (ScalarCast)",
    "MSSSIM": "MindSpore 2.10 fails on float32 images (ScalarCast)",
    "TrainOneStepWithLossScaleCell": "no MindSpore 2.10 CPU kernel for its overflow check",
    "AdaFactor": "MindSpore 2.10 fails on CPU even on good gradients, and its error leaks into the next cells built",
    **dict.fromkeys(("LARS", "Lamb"), "MindSpore 2.10 CPU fails kernel selection even on good float32 gradients"),
}
# The mindspore.nn Cells with no recipe: no Tensor-in, Tensor-out construct (or gradients-in) to call.
NOT_SWEPT = {
    "Cell": "the base class",
    "Optimizer": "the base class of the optimizers",
    "OptTFTWrapper": "a fault-tolerance wrapper for Ascend training",
    "LossBase": "the base class of the losses",
    "CellDict": "a container, no construct",
    "CellList": "a container, no construct",
    "GraphCell": "runs an exported MindIR graph",
    "Jvp": "a transform of a function (checked with the functional transforms)",
    "Vjp": "a transform of a function (checked with the functional transforms)",
    "ParameterUpdate": "assigns a Parameter",
    "DynamicLossScaleUpdateCell": "a loss-scale state update, called inside TrainOneStepWithLossScaleCell",
    "FixedLossScaleUpdateCell": "a loss-scale state update, called inside TrainOneStepWithLossScaleCell",
    **dict.fromkeys(("DistributedGradReducer", "GradAccumulationCell", "MicroBatchInterleaved", "PipelineCell",
                     "VirtualDatasetCellTriple"), "a parallel-training wrapper"),
}
# Single cases where MindSpore 2.10 crashes the process (segmentation fault): ours raise an error.
CRASHES = {"NLLLoss:rank", "CrossEntropyLoss:index_high"}


def _train_step(ms):
    net = ms.nn.WithLossCell(ms.nn.Dense(4, 3), ms.nn.MSELoss())
    return net, ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)


def _value_and_grad(ms):
    net = ms.nn.WithLossCell(ms.nn.Dense(4, 3), ms.nn.MSELoss())
    return net, net.trainable_params(), False, True


def _array(kind, shape, rs):
    if kind == "f":
        return rs.randn(*shape).astype(np.float32)
    if kind == "p":
        return np.asarray(rs.rand(*shape) * 0.8 + 0.1, np.float32)
    if kind == "b":
        return (rs.rand(*shape) > 0.5).astype(np.float32)
    if kind == "s":
        return np.where(rs.rand(*shape) > 0.5, 1.0, -1.0).astype(np.float32)
    if kind == "l":
        return rs.randint(0, 3, shape).astype(np.int32)
    if kind == "L":
        return rs.randint(0, 3, shape).astype(np.int64)
    if kind == "l1":
        return rs.randint(1, 3, shape).astype(np.int32)
    if kind == "i":
        return rs.randint(0, 10, shape).astype(np.int32)
    if kind == "I":
        return rs.randint(0, 4, shape).astype(np.int64)
    if kind == "I2":  # COO indices of a 2x3 sparse matrix, one per row
        return np.array([[0, 1], [1, 2]], np.int64)
    return np.full(shape, int(kind[1:]), np.int32)  # "nK": lengths K


def _cast(arr):
    """The wrong dtype: int32 for a float input, float32 for an integer one."""
    return arr.astype(np.float32) if arr.dtype.kind == "i" else np.round(arr).astype(np.int32)


_BOUND = {"l": 3, "L": 3, "i": 10}  # the kinds holding class labels (3 classes) or ids (10 rows)


def variants(spec):
    """``{variant: [arrays]}``: the good input and the generated bad ones, reproducibly."""
    rs = np.random.RandomState(7)
    good = [_array(k, s, rs) for k, s in spec]
    if not good:
        return {"good": good}
    out = {"good": good, "dtype": [_cast(good[0])] + good[1:]}
    first = good[0]
    if first.ndim >= 1:
        out["rank"] = [first[..., 0]] + good[1:]
        grown = list(first.shape)
        grown[1 if first.ndim >= 2 else 0] += 1
        out["feature"] = [np.resize(first, grown)] + good[1:]
    out["rank_up"] = [first[None]] + good[1:]
    out["numpy"] = good
    if len(good) >= 2:
        out["dtype_second"] = [good[0], _cast(good[1])] + good[2:]
        if good[1].ndim >= 1:
            grown = list(good[1].shape)
            grown[-1] += 1
            out["pair"] = [good[0], np.resize(good[1], grown)] + good[2:]
    ids = [i for i, (k, _) in enumerate(spec) if k in _BOUND]
    if ids:  # class labels or ids: one at the bound, one counted from the end, one below -bound
        i, bound = ids[0], _BOUND[spec[ids[0]][0]]
        for variant, value in (("index_high", bound), ("index_negative", -1), ("index_low", -bound - 1)):
            arr = good[i].copy()
            arr.flat[0] = value
            out[variant] = good[:i] + [arr] + good[i + 1:]
    return out


def generate():
    """``[(case id, class name, variant)]`` in a fixed order: the layers and losses, then the optimizers."""
    cells = [(f"{name}:{v}", name, v) for name in sorted(RECIPES) if name not in NOT_COMPARABLE
             for v in variants(RECIPES[name][2]) if f"{name}:{v}" not in CRASHES]
    return cells + [(f"{name}:{v}", name, v) for name in sorted(OPTIMIZERS) if name not in NOT_COMPARABLE
                    for v in OPTIMIZER_VARIANTS]


def _optimizer_grads(ms, params, variant):
    """The gradients of ``variant`` for ``params`` (a Dense layer's weight and bias)."""
    rs = np.random.RandomState(7)
    arrays = [rs.randn(*p.shape).astype(np.float32) for p in params]
    if variant == "dtype":
        arrays = [np.round(a).astype(np.int32) for a in arrays]
    elif variant in ("float16", "float64"):
        arrays = [a.astype(variant) for a in arrays]
    elif variant == "shape":
        arrays[0] = np.resize(arrays[0], (arrays[0].shape[0], arrays[0].shape[1] + 1))
    elif variant == "count":
        arrays = arrays[:1]
    if variant == "numpy":
        return tuple(arrays)
    grads = [ms.Tensor(a) for a in arrays]
    return grads if variant == "list" else tuple(grads)


def run_optimizer_case(ms, name, variant):
    """Builds optimizer ``name`` on a fresh Dense(4, 3) and calls it with the gradients of ``variant``."""
    args, kwargs = OPTIMIZERS[name]
    net = ms.nn.Dense(4, 3)
    params = net.trainable_params()
    _flush(ms)
    try:
        if variant == "group":
            params = [{"params": [params[0]], "weight_decay": 0.01}, {"params": [params[1]]}]
        opt = getattr(ms.nn, name)(*(args(ms, params) if callable(args) else (params,) + args), **kwargs)
    except Exception as e:  # noqa: BLE001 - a constructor failure is a result too
        return {"error": "ctor " + type(e).__name__, "message": " ".join(str(e).split()[:8])}
    try:
        return {"ok": _encode(opt(_optimizer_grads(ms, net.trainable_params(), variant)), ms)}
    except Exception as e:  # noqa: BLE001 - the exception's type is the result being compared
        return {"error": type(e).__name__, "message": " ".join(str(e).split()[:8])}
    finally:
        _flush(ms)


def _encode(value, ms):
    if isinstance(value, ms.Tensor):
        value.asnumpy()  # runs the computation now, so that its errors belong to this case
        return [str(value.dtype), list(value.shape)]
    if isinstance(value, (tuple, list)):
        return [_encode(v, ms) for v in value]
    return type(value).__name__


def run_case(ms, name, variant, cache):
    if name in OPTIMIZERS:
        return run_optimizer_case(ms, name, variant)
    if name not in cache:
        args, kwargs, spec = RECIPES[name][:3]
        try:
            cell = getattr(ms.nn, name)(*(args(ms) if callable(args) else args), **kwargs)
            cell.set_train(False)
        except Exception as e:  # noqa: BLE001 - a constructor failure is a result too
            cell = {"error": "ctor " + type(e).__name__, "message": " ".join(str(e).split()[:8])}
        cache[name] = (cell, variants(spec))
    cell, inputs = cache[name]
    if isinstance(cell, dict):
        return cell
    arrays = inputs[variant]
    call = [ms.Tensor(a) for a in arrays] if variant != "numpy" else arrays
    _flush(ms)
    try:
        if len(RECIPES[name]) > 3:
            call = RECIPES[name][3](ms, call)
        return {"ok": _encode(cell(*call), ms)}
    except Exception as e:  # noqa: BLE001 - the exception's type is the result being compared
        return {"error": type(e).__name__, "message": " ".join(str(e).split()[:8])}


def _flush(ms):
    """Lets MindSpore report a previous case's pending asynchronous error before this case runs."""
    sync = getattr(getattr(ms, "runtime", None), "synchronize", None)
    if sync is not None:
        try:
            sync()
        except Exception:  # noqa: BLE001 - it belongs to the previous case, already recorded
            pass


def same(ours, ref):
    """Whether two results agree: the same exception type, or outputs of the same dtypes and shapes."""
    if "error" in ref or "error" in ours:
        return ours.get("error") == ref.get("error")
    return ours == ref


def describe(result):
    if "error" in result:
        return f"{result['error']}({result.get('message', '')[:60]})"
    return json.dumps(result["ok"])


def compare(ms, recorded):
    """``{case id: (our result, MindSpore's)}`` for the recorded cases that disagree."""
    differences, cache = {}, {}
    for case_id, name, variant in generate():
        ref = recorded.get(case_id)
        if ref is None:
            continue
        ours = run_case(ms, name, variant, cache)
        if not same(ours, ref):
            differences[case_id] = (ours, ref)
    return differences


def _op_sweep():
    """tools/op_sweep.py, whose recording writer and report this tool shares (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("op_sweep", os.path.join(os.path.dirname(__file__), "op_sweep.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv):
    mode, path = argv[1], argv[2]
    warnings.simplefilter("ignore")
    if mode == "record":
        import mindspore as ms
        cache = {}
        only = set(argv[3:])
        results = {}
        if only:  # re-record these classes only, keeping the other recorded cases as they are
            with open(path, encoding="utf-8") as f:
                results = json.load(f)["results"]
        fresh = {}
        for cid, name, v in generate():
            if only and name not in only:
                continue
            print(cid, file=sys.stderr, flush=True)  # names the case if MindSpore crashes
            fresh[cid] = run_case(ms, name, v, cache)
        order = [cid for cid, _, _ in generate()]
        results = {cid: fresh.get(cid, results.get(cid)) for cid in order if cid in fresh or cid in results}
        _op_sweep().write_recording(path, ms.__version__, results)
        return 0
    import sporetorch as ms
    with open(path, encoding="utf-8") as f:
        recorded = json.load(f)["results"]
    differences = compare(ms, recorded)
    _op_sweep().print_differences(differences, describe)
    print(f"{len(recorded) - len(differences)} of {len(recorded)} cases agree")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
