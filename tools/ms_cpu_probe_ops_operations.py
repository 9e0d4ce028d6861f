"""Which Primitives of ``mindspore.ops.operations`` MindSpore 2.10's CPU build cannot run: builds each class
listed in ``CASES`` with simple arguments, calls it with small inputs on real MindSpore and records the
failures that say the CPU build has no kernel for it (or cannot call it eagerly) in
``sporetorch/data/ms_cpu_cannot_run/ops_operations.json``.

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/ms_cpu_probe_ops_operations.py [--write] [NAME ...]

Without ``--write`` it prints each name's outcome (``OK`` with the output's shapes, or the error).
Each case runs in a child process, so a case that kills MindSpore is reported as such.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "sporetorch", "data", "ms_cpu_cannot_run", "ops_operations.json")

# name -> (module, constructor kwargs, inputs): inputs are Python expressions over ``np``, ``T`` (a Tensor
# from a numpy value), ``ms``; ``f(*s)`` is a float32 Tensor of ones of shape s, ``i(*s)`` an int32 one.
CASES = {}


def case(module, name, kwargs, inputs):
    CASES[name] = (module, kwargs, inputs)


G, Q, I, N, A, S = "_grad_ops", "_quant_ops", "_inner_ops", "nn_ops", "array_ops", "sparse_ops"
# --- gradient Primitives
case(G, "AdaptiveAvgPool2DGrad", "", "f(1,1,2,2), i64v([1,1,4,4])")
case(G, "AdaptiveAvgPool3DGrad", "", "f(1,1,2,2,2), i32v([1,1,4,4,4])")
case(G, "AdaptiveMaxPool3DGrad", "", "f(1,1,2,2,2), f(1,1,4,4,4), i32(1,1,2,2,2)")
case(G, "AffineGridGrad", "align_corners=False", "f(1,4,4,2), (1,1,4,4)")
case(G, "AvgPool3DGrad", "kernel_size=1", "(1,1,1,4,4), f(1,1,1,4,4)")
case(G, "AvgPoolGradGe", "kernel_size=2, strides=2", "i32v([1,1,4,4]), f(1,1,2,2)")
case(G, "AvgPoolGradV1", "kernel_size=2, strides=2", "i32v([1,1,4,4]), f(1,1,2,2)")
case(G, "BasicLSTMCellCStateGrad", "forget_bias=1.0, activation='tanh'", "f(1,2), f(1,2), f(1,2), f(1,2), f(1,2), f(1,2), f(1,2), f(1,2)")
case(G, "BasicLSTMCellWeightGrad", "", "f(1,2), f(1,2), f(1,8)")
case(G, "ConcatOffset", "2, 1", "(f(1,2), f(1,3))")
case(G, "Conv2DBackpropFilter", "out_channel=1, kernel_size=2", "f(1,1,3,3), f(1,1,4,4), (1,1,2,2)")
case(G, "Conv3DBackpropFilter", "out_channel=1, kernel_size=2", "f(1,1,3,3,3), f(1,1,2,2,2), (1,1,2,2,2)")
case(G, "DeformableOffsetsGrad", "strides=(1,1,1,1), pads=(0,0,0,0), ksize=(1,1)",
     "f(1,1,2,2), f(1,1,2,2), f(1,3,2,2)")
case(G, "DepthwiseConv2dNativeBackpropFilter", "channel_multiplier=1, kernel_size=2", "f(1,1,4,4), (1,1,2,2), f(1,1,3,3)")
case(G, "Dilation2DBackpropFilter", "stride=1, dilation=1", "f(1,1,4,4), f(1,2,2), f(1,1,3,3)")
case(G, "DropoutGrad", "keep_prob=0.5", "f(2,3), f(2,3)")
case(G, "DynamicGRUV2Grad", "", "f(2,1,4), f(4,12), f(4,12), f(2,1,4), f(1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), i32(1), f(1,4)")
case(G, "DynamicRNNGrad", "", "f(2,1,4), f(8,16), f(16), f(2,1,4), f(2,1,4), f(2,1,4), f(1,4), f(1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(2,1,4), f(1,4), f(1,4)")
case(G, "EmbeddingLookupCommGrad", "", "f(2,3), 2")
case(G, "FlattenGrad", "", "f(2,6), (2,2,3)")
case(G, "FractionalAvgPoolGrad", "", "i64v([1,4,4,1]), f(1,2,2,1), i64v([0,2,4]), i64v([0,2,4])")
case(G, "FractionalMaxPool3DGradWithFixedKsize", "", "f(1,1,4,4,4), f(1,1,2,2,2), i64(1,1,2,2,2)")
case(G, "FractionalMaxPoolGrad", "", "f(1,4,4,1), f(1,2,2,1), f(1,2,2,1), i64v([0,2,4]), i64v([0,2,4])")
case(G, "FractionalMaxPoolGradWithFixedKsize", "", "f(1,1,4,4), f(1,1,2,2), i64(1,1,2,2)")
case(G, "GRUV2Grad", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0", "f(1,1,2), f(1,1,2), f(18,1,1), f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2), i32v([1])")
case(G, "GruGradData", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0", "f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2), f(18,1,1), f(1,1,2), f(1,1,2), f(1,1,2)")
case(G, "GruGradWeight", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0", "f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2)")
case(G, "IgammaGradA", "", "f(3)*2, f(3)")
case(G, "InstanceNormGrad", "", "f(1,2,2,2), f(1,2,2,2), f(2), f(1,2,1,1), f(1,2,1,1)")
case(G, "InstanceNormV2Grad", "", "f(1,2,2,2), f(1,2,2,2), f(1,2,1,1), f(1,2,1,1), f(1,2,1,1), f(1,2,1,1), f(1,2,1,1)")
case(G, "KLDivLossGrad", "", "f(2,3), f(2,3), f(2,3)")
case(G, "L2NormalizeGrad", "", "f(2,3), f(2,3), f(2,3)")
case(G, "LRNGrad", "", "f(1,2,2,2), f(1,2,2,2), f(1,2,2,2)")
case(G, "LSTMGrad", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0",
     "f(1,1,2), f(1,1,2), f(1,1,2), f(24,1,1), f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2)")
case(G, "LSTMGradData", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0",
     "f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2), f(24,1,1), f(1,1,2), f(1,1,2), f(1,1,2)")
case(G, "LSTMGradWeight", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0",
     "f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2), f(1,1,2)")
case(G, "LuUnpackGrad", "L_grad_flag=True, U_grad_flag=True", "f(2,2), f(2,2), f(2,2)")
case(G, "MapTensorGetGrad", "", "f(2,3), i32v([0]), f(1,3)")
case(G, "MaxPool3DGrad", "kernel_size=2, strides=2", "f(1,1,2,4,4), f(1,1,1,2,2), f(1,1,1,2,2)")
case(G, "MaxPool3DGradGrad", "kernel_size=2, strides=2", "fr(1,1,2,4,4), fr(1,1,1,2,2), fr(1,1,2,4,4)")
case(G, "MaxPool3DGradWithArgmax", "ksize=2, strides=2, pads=0", "f(1,1,2,4,4), f(1,1,1,2,2), i32(1,1,1,2,2)")
case(G, "MaxPoolGrad", "kernel_size=2, strides=2", "f(1,1,4,4), f(1,1,2,2), f(1,1,2,2)")
case(G, "MaxPoolGradGrad", "kernel_size=2, strides=2", "fr(1,1,4,4), fr(1,1,2,2), fr(1,1,4,4)")
case(G, "MaxPoolGradGradWithArgmax", "kernel_size=2, strides=2", "f(1,1,4,4), f(1,1,4,4), i32(1,1,2,2)")
case(G, "MaxPoolGradV1", "kernel_size=(1,1,2,2), strides=(1,1,2,2)", "f(1,1,4,4), f(1,1,2,2), f(1,1,2,2)")
case(G, "MaxPoolGradWithArgmax", "kernel_size=2, strides=2", "f(1,1,4,4), f(1,1,2,2), i32(1,1,2,2)")
case(G, "MaxPoolGradWithArgmaxV2", "kernel_size=2, strides=2", "f(1,1,4,4), f(1,1,2,2), i64(1,1,2,2)")
case(G, "MaxUnpool2DGrad", "ksize=(1,1,2,2), strides=(1,1,2,2)", "f(1,1,2,2), f(1,1,4,4), i64(1,1,2,2)")
case(G, "MaxUnpool3DGrad", "ksize=(1,1,2,2,2), strides=(1,1,2,2,2)", "f(1,1,2,2,2), f(1,1,4,4,4), i64(1,1,2,2,2)")
case(G, "MedianGrad", "global_median=True", "f(1), f(2,3), f(1)")
case(G, "MinimumGradGrad", "", "f(2,3), f(2,3), f(2,3), f(2,3)")
case(G, "MirrorPadGrad", "mode='REFLECT'", "f(4,5), i32v([[1,1],[1,1]])")
case(G, "MultiMarginLossGrad", "", "f(2,3), f(2,3), i64v([0,1])")
case(G, "MultilabelMarginLossGrad", "", "f(2,3), f(2,3), i32v([[0,-1,0],[1,-1,0]]), i32(2,3)")
case(G, "MvlgammaGrad", "p=1", "f(3), f(3)*2")
case(G, "NeighborExchangeV2Grad", "send_rank_ids=[-1]*8, send_lens=[0,0,0,0], recv_rank_ids=[-1]*8, recv_lens=[0,0,0,0], data_format='NCHW'", "f(1,1,2,2)")
case(G, "PSROIPoolingGrad", "input_size=(2,2), spatial_scale=1.0, group_size=2, output_dim=1", "f(1,1,2,2), f(1,5,1)")
case(G, "PadV3Grad", "mode='reflect'", "f(1,1,4), i64v([1,1])")
case(G, "ParallelResizeBilinearGrad", "ori_image_size=(4,4), src_start_w=0, dst_start_w=0, align_corners=False", "f(1,1,2,2), f(1,1,4,4), (2,2)")
case(G, "PdistGrad", "", "f(3), f(3,2), f(3)")
case(G, "PsROIPoolingGrad", "batch_size=1, channels=4, height=2, width=2, num_rois=1, pooled_height=2, pooled_width=2, spatial_scale=1.0, out_dim=1", "f(1,1,2,2), f(1,5,1), (1,4,2,2)")
case(G, "ROIAlignGrad", "pooled_height=1, pooled_width=1, spatial_scale=1.0", "f(1,1,1,1), f(1,5), (1,1,4,4)")
case(G, "RefToEmbed", "", "P(f(2))")
case(G, "ResizeV2Grad", "", "f(1,1,2,2), f(4), f(4), i64v([1,1,4,4])")
case(G, "ScaleAndTranslateGrad", "", "f(1,2,2,1), f(1,4,4,1), f(2)*2, f(2)")
case(G, "SigmoidCrossEntropyWithLogitsGrad", "", "f(2,3), f(2,3), f(2,3)")
case(G, "SliceGrad", "", "f(1,2), f(2,3), (0,1), (1,2)")
case(G, "SoftmaxGrad", "", "f(2,3), f(2,3)")
case(G, "SparseFillEmptyRowsGrad", "", "i64v([1,0,2]), f(3)")
case(G, "SparseSegmentMeanGrad", "", "f(2,3), i32v([0,1]), i32v([0,1]), i32v(3)")
case(G, "SparseSegmentSqrtNGrad", "", "f(2,3), i32v([0,1]), i32v([0,1]), i32v(3)")
case(G, "SparseSegmentSumGrad", "", "f(2,3), i32v([0,1]), i32v([0,1]), i32v(3)")
case(G, "SparseSliceGrad", "", "f(1), i64v([[0,0],[1,1]]), i64v([0,0]), i64v([[0,0]])")
case(G, "StridedSliceGrad", "", "f(1,2), (2,3), (0,1), (1,3), (1,1)")
case(G, "SyncBatchNormGrad", "", "f(2,2), f(2,2), f(2), f(2), f(2)")
case(G, "TraceGrad", "", "f(), i64v([2,2])")
case(G, "UniqueGrad", "", "(f(2), i32v([0,1,0])), i32v([0,1,0])")
case(G, "WKVGrad", "", "f(2), f(2), f(1,1,2), f(1,1,2), f(1,1,2)")
# --- quantisation Primitives
case(Q, "ActULQClampMaxGrad", "", "f(2,3), f(2,3), f(1)")
case(Q, "ActULQClampMinGrad", "", "f(2,3), f(2,3), f(1)")
case(Q, "ActsULQ", "", "f(2,3), f(1,1), f(1,1)")
case(Q, "BatchNormFold", "", "f(1,2,2,2), f(2), f(2), i32v([1])")
case(Q, "BatchNormFold2", "", "f(1,2,2,2), f(2), f(2), f(2), f(2), f(2), f(2), i32v([1])")
case(Q, "BatchNormFold2Grad", "", "f(1,2,2,2), f(1,2,2,2), f(2), f(2), f(2), f(2), f(2), i32v([1])")
case(Q, "BatchNormFoldGrad", "", "f(2), f(2), f(1,2,2,2), f(2), f(2), i32v([1])")
case(Q, "FakeLearnedScaleQuantPerChannel", "", "f(2,3), f(2), f(2)")
case(Q, "FakeQuantParam", "", "f(2,3)")
case(Q, "FakeQuantPerChannel", "", "f(2,3), f(3)*-1, f(3)")
case(Q, "FakeQuantPerLayer", "", "f(2,3), f(1)*-1, f(1)")
case(Q, "FakeQuantPerLayerGrad", "", "f(2,3), f(2,3), f(1)*-1, f(1)")
case(Q, "FakeQuantWithMinMaxVars", "", "f(2,3), f(1)*-1, f(1)")
case(Q, "FakeQuantWithMinMaxVarsGradient", "", "f(2,3), f(2,3), f(1)*-1, f(1)")
case(Q, "FakeQuantWithMinMaxVarsPerChannel", "", "f(2,3), f(3)*-1, f(3)")
case(Q, "FakeQuantWithMinMaxVarsPerChannelGradient", "", "f(2,3), f(2,3), f(3)*-1, f(3)")
case(Q, "IFMR", "", "f(2,3), f(1), f(1), i32v([1,2,3,4])")
case(Q, "MinMaxUpdatePerChannel", "", "f(2,3), f(2)*-1, f(2)")
case(Q, "MinMaxUpdatePerLayer", "", "f(2,3), f(1)*-1, f(1)")
case(Q, "WtsARQ", "num_bits=8, offset_flag=False", "f(2,3), f(2,1), f(2,1)")
# --- inner Primitives
case(I, "AntiQuant", "", "i8(2,3), f(1), f(1)")
case(I, "Centralization", "", "f(2,3), -1")
case(I, "ClipByNorm", "", "f(2,3), T(np.array(1.0, np.float32))")
case(I, "ConvertToDynamic", "", "f(2,3)")
case(I, "Dequant", "", "i32(2,3), u64v([1])")
case(I, "DynamicBroadcastTo", "", "f(3), (2,3)")
case(I, "DynamicResizeNearestNeighbor", "", "f(1,1,2,2), (4,4)")
case(I, "DynamicStitch", "", "[i32v([0,1]), i32v([2])], [f(2,3), f(1,3)]")
case(I, "FFN", "activation='relu', inner_precise=0", "f16(2,4), f16(4,4), f16(4,4)")
case(I, "KMeansCentroids", "use_actual_distance=False", "f(4,2), f(2,2), f(1,2), f(4,1)")
case(I, "Lamb", "", "f(2), f(2), f(2), f(), f(), f(), f(), f(), f(), f(2)")
case(I, "MatrixDiag", "", "f(2), f(2,2)")
case(I, "MatrixSetDiag", "", "f(2,2), f(2), f(2,2)")
case(I, "ParallelResizeBilinear", "ori_image_size=(4,4), split_size=(4,4), src_start_w=0, dst_start_w=0, align_corners=False", "f(1,1,4,4), (2,2)")
case(I, "PsROIPooling", "pooled_height=2, pooled_width=2, num_rois=1, spatial_scale=1.0, out_dim=1, group_size=2", "f(1,4,2,2), f(1,5,1)")
case(I, "Quant", "scale=1.0, offset=0.0", "f(2,3)")
case(I, "SequenceMask", "", "i32v([1,2]), 3")
case(I, "SyncBatchNorm", "", "f(2,2), f(2), f(2), f(2), f(2)")
case(I, "StackPop", "", "")
# --- nn / array / math / image / other Primitives
case(N, "AllFinite", "", "[f(2,3)]")
case(N, "CTCLossV2Grad", "blank=0, reduction='none', zero_infinity=False", "f(2), f(3,2,4), i64v([3,3]), i64v([1,1]), f(2), f(2,3,4)")
case(N, "DeformableOffsets", "strides=(1,1,1,1), pads=(0,0,0,0), ksize=(1,1)", "f(1,1,2,2), f(1,3,2,2)")
case(N, "FractionalAvgPool", "pooling_ratio=[1.0,2.0,2.0,1.0]", "f(1,4,4,1)")
case(N, "FractionalMaxPool", "pooling_ratio=[1.0,2.0,2.0,1.0]", "f(1,4,4,1)")
case(N, "FractionalMaxPool3DWithFixedKsize", "ksize=2, output_shape=(2,2,2)", "f(1,1,4,4,4), f(1,1,3)")
case(N, "FractionalMaxPoolWithFixedKsize", "ksize=2, output_shape=(2,2)", "f(1,1,4,4), f(1,1,2)")
case(N, "FusedBatchNorm", "", "f(1,2,2,2), P(f(2)), P(f(2)), P(f(2)), P(f(2))")
case(N, "FusedBatchNormEx", "", "f(1,2,2,2), P(f(2)), P(f(2)), P(f(2)), P(f(2))")
case(N, "FusedSparseAdam", "", "P(f(3,2)), P(f(3,2)), P(f(3,2)), f(), f(), f(), f(), f(), f(), f(), f(2,2), i32v([0,1])")
case(N, "FusedSparseFtrl", "lr=0.1, l1=0.0, l2=0.0, lr_power=-0.5", "P(f(3,2)), P(f(3,2)), P(f(3,2)), f(2,2), i32v([0,1])")
case(N, "FusedSparseLazyAdam", "", "P(f(3,2)), P(f(3,2)), P(f(3,2)), f(), f(), f(), f(), f(), f(), f(), f(2,2), i32v([0,1])")
case(N, "FusedSparseProximalAdagrad", "", "P(f(3,2)), P(f(3,2)), f(), f(), f(), f(2,2), i32v([0,1])")
case(N, "InstanceNorm", "", "f(1,2,2,2), f(2), f(2), P(f(2)), P(f(2))")
case(N, "InstanceNormV2", "", "f(1,2,2,2), f(1,2,1,1), f(1,2,1,1), f(1,2,1,1), f(1,2,1,1)")
case(N, "LSTM", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0",
     "f(1,1,2), f(1,1,2), f(1,1,2), f(24,1,1)")
case(N, "PSROIPooling", "spatial_scale=1.0, group_size=2, output_dim=1", "f(1,4,2,2), f(1,5,1)")
case(N, "ReLUV3", "", "fr(2,3)")
case(N, "SparseApplyAdagradDA", "", "P(f(3,2)), P(f(3,2)), P(f(3,2)), f(2,2), i32v([0,1]), f(), f(), f(), i64v(1)")
case(N, "SparseApplyCenteredRMSProp", "", "P(f(3,2)), P(f(3,2)), P(f(3,2)), P(f(3,2)), f(), f(), f(), f(), f(2,2), i32v([0,1])")
case(N, "SparseApplyMomentum", "", "P(f(3,2)), P(f(3,2)), f(), f(2,2), i32v([0,1]), f()")
case(N, "SparseApplyProximalGradientDescent", "", "P(f(3,2)), f(), f(), f(), f(2,2), i32v([0,1])")
case(N, "SparseSoftmaxCrossEntropyWithLogitsV2", "", "fr(2,3), i32v([0,2])")
case(N, "WKV", "", "f(2), f(2), f(1,1,2), f(1,1,2), f(1,1,2), f(1,2), f(1,2), f(1,2)")
case(A, "ArgminV2", "", "fr(2,3), 1")
case(A, "ConcatOffsetV1", "", "i32v(0), (i32v([1,2]), i32v([1,3]))")
case(A, "EditDistance", "", "i64v([[0,0,0],[1,0,1]]), f(2), i64v([2,2,2]), i64v([[0,1,0]]), f(1), i64v([2,2,2])")
case(A, "RangeV2", "", "T(np.array(0, np.int32)), T(np.array(4, np.int32)), T(np.array(1, np.int32))")
case(A, "TransShape", "", "f(2,3), (3,2)")
case(A, "Unsqueeze", "axis=0", "f(2,3)")
case("math_ops", "Lu", "output_idx_type=ms.int32", "fr(3,3)")
case("math_ops", "SelfAdjointEig", "", "spd(2)")
case("math_ops", "SparseSegmentMean", "", "f(3,2), i32v([0,1]), i32v([0,0])")
case("math_ops", "TridiagonalSolve", "", "f(3,3), f(3,1)")
case("linalg_ops", "Eigh", "", "spd(2)")
case("image_ops", "AdjustContrastv2", "", "f(2,2,3), f()")
case("image_ops", "CombinedNonMaxSuppression", "", "fr(1,2,1,4), fr(1,2,1), i32v(1), i32v(2), f()*0.5, f()*0")
case("image_ops", "CropAndResizeGradBoxes", "", "f(1,2,2,1), f(1,4,4,1), T(np.array([[0,0,1,1]], np.float32)), i32v([0])")
case("image_ops", "CropAndResizeGradImage", "ms.float32", "f(1,2,2,1), T(np.array([[0,0,1,1]], np.float32)), i32v([0]), i32v([1,4,4,1])")
case("image_ops", "ResizeV2", "", "f(1,1,2,2), f(0), f(0), i64v([1,1,4,4])")
case("inner_ops", "GenerateEodMask", "eod_token_id=0, n_pos=0, n_step=[0], n_error_mode='specific'", "f(1,4)")
case("inner_ops", "KVCacheMgr", "", "f16(1,1,4,2), f16(1,1,1,2), i32v([0])")
case("inner_ops", "ScaleGrad", "", "f(), (f(2),)")
case("other_ops", "SampleDistortedBoundingBoxV2", "", "i32v([4,4,3]), T(np.array([[[0,0,1,1]]], np.float32)), f()*0.1")
case("random_ops", "Uniform", "minval=0.0, maxval=1.0", "f(2,3)")
case("_rl_inner_ops", "CudnnGRU", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0", "f(1,1,2), f(1,1,2), f(18,1,1)")
case("_rl_inner_ops", "GRUV2", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0", "f(1,1,2), f(1,1,2), f(18,1,1), i32v([1])")
case("_rl_inner_ops", "LSTMV2", "input_size=2, hidden_size=2, num_layers=1, has_bias=True, bidirectional=False, dropout=0.0", "f(1,1,2), f(1,1,2), f(1,1,2), f(24,1,1), i32v([1])")
case("_thor_ops", "LoadIm2Col", "ksizes=(1,1), strides=(1,1)", "f(1,1,4,4)")
case("_thor_ops", "NewIm2Col", "ksizes=(1,1), strides=(1,1)", "f16(1,1,4,4)")
case("_ocr_ops", "Dequeue", "output_type=ms.float32, output_shape=(2,)", "")
case("_ocr_ops", "GetShape", "", "[f(2,3)]")
case("_ocr_ops", "OCRIdentifyPreHandle", "size=(4,4)", "u8(1,4), i32v([[0,4]]), i32v([[1,4,1]])")
case("_embedding_cache_ops", "DynamicAssign", "", "P(f(3,2)), f(3,2)")
case("_embedding_cache_ops", "PadAndShift", "", "i32v([9,3,1,4,11,10]), i32v(8), i32v(3)")
case("_embedding_cache_ops", "UpdateCache", "", "P(f(3,2)), i64v([0,1]), f(2,2), i64v(3)")
case("_sequence_ops", "SequenceAddN", "", "(1, 2)")
case("_sequence_ops", "SequenceSliceGrad", "", "(1,2,3), (0,0,0), 0, 2, 1")
case("_sequence_ops", "SequenceSliceSetItem", "", "[1,2,3], [9], 0, 1, 1")
case("_sparse_grad_ops", "SparseAddGrad", "", "f(2), i64v([[0,0],[1,1]]), i64v([[0,0]]), i64v([[0,0],[1,1]])")
case("_map_tensor_ops", "MapTensorGet", "", "f(2)")
case("comm_ops", "AlltoAllVC", "", "f(2)")
case("comm_ops", "NeighborExchangeV2", "send_rank_ids=[-1]*8, send_lens=[0,0,0,0], recv_rank_ids=[-1]*8, recv_lens=[0,0,0,0], data_format='NCHW'", "f(1,1,2,2)")
case(I, "CheckBprop", "", "(f(2),), (f(2),)")
case(A, "_ScatterNdOp", "", "P(f(3)), i32v([[0]]), f(1)")
case(A, "_ScatterOpDynamic", "", "P(f(3)), i32v([0]), f(1)")
case(A, "_TensorScatterOp", "", "f(3), i32v([[0]]), f(1)")
# module-level instances ("<instance>": called as MindSpore builds them)
case(I, "check_bprop", "<instance>", "(f(2),), (f(2),)")
for _name, _inputs in (("mirror", "f(2)"), ("mirror_mini_step", "f(2), f(2)"), ("virtual_accu_grad", "f(2), f(2)"),
                       ("virtual_assign_add", "f(2), f(2)"), ("virtual_dataset", "f(2)"), ("virtual_div", "f(2)"),
                       ("virtual_pipeline_end", "f(2)")):
    case("comm_ops", _name, "<instance>", _inputs)
case("other_ops", "PyInterpret", "", "'1+1', {}, {}")
case("other_ops", "_DynamicLossScale", "", "f(2), f()")
case("comm_ops", "_HostAllGather", "group=(0, 1)", "f(2)")
case("comm_ops", "_HostReduceScatter", "group=(0, 1)", "f(2)")
case("comm_ops", "BatchISendIRecv", "('isend',), (0,), (), ()", "(f(2),)")
# --- sparse (COO / CSR)
IDX, VAL, SH = "i64v([[0,0],[1,2]])", "f(2)", "i64v([2,3])"
case(S, "CSRSparseMatrixToDense", "", "i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2)")
case(S, "CSRSparseMatrixToSparseTensor", "", "i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2)")
case(S, "DenseToCSRSparseMatrix", "", f"f(2,3), {IDX}")
case(S, "DenseToDenseSetOperation", "set_operation='a-b'", "i32v([[1,2]]), i32v([[2,3]])")
case(S, "DenseToSparseSetOperation", "set_operation='a-b'", "i32v([[1,2]]), i64v([[0,0]]), i32v([2]), i64v([1,2])")
case(S, "RaggedTensorToSparse", "", "[i64v([0,1,3])], f(3)")
case(S, "RaggedTensorToTensor", "row_partition_types=['ROW_SPLITS']", "i64v([2,3]), f(3), f(), [i64v([0,1,3])]")
case(S, "SetSize", "", "i64v([[0,0],[0,1]]), i32v([1,2]), i64v([1,2])")
case(S, "SparseAdd", "", f"{IDX}, {VAL}, {SH}, {IDX}, {VAL}, {SH}, f()")
case(S, "SparseAddmm", "", f"{IDX}, {VAL}, {SH}, f(3,2), f(2,2), f(), f()")
case(S, "SparseConcat", "concat_dim=0", f"({IDX},{IDX}), ({VAL},{VAL}), ({SH},{SH})")
case(S, "SparseCountSparseOutput", "", f"{IDX}, i64v([1,2]), {SH}, f(0)")
case(S, "SparseDenseCwiseAdd", "", f"{IDX}, {VAL}, {SH}, f(2,3)")
case(S, "SparseDenseCwiseDiv", "", f"{IDX}, {VAL}, {SH}, f(2,3)")
case(S, "SparseDenseCwiseMul", "", f"{IDX}, {VAL}, {SH}, f(2,3)")
case(S, "SparseFillEmptyRows", "", f"{IDX}, {VAL}, i64v([3,3]), f()")
case(S, "SparseMatrixAdd", "", "i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2), i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2), f(), f()")
case(S, "SparseMatrixMatMul", "", "i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2), f(3,2)")
case(S, "SparseMatrixNNZ", "", "i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2)")
case(S, "SparseMatrixOrderingAMD", "", "i64v([2,2]), i64v([0,2]), i64v([0,1,2]), i64v([0,1]), f(2)")
case(S, "SparseMatrixSoftmax", "dtype=ms.float32", "i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2)")
case(S, "SparseMatrixSparseMatMul", "", "i32v([2,2]), i32v([0,2]), i32v([0,1,2]), i32v([0,1]), f(2), i32v([2,2]), i32v([0,2]), i32v([0,1,2]), i32v([0,1]), f(2)")
case(S, "SparseMatrixTranspose", "", "i32v([2,3]), i32v([0,2]), i32v([0,1,2]), i32v([0,2]), f(2)")
case(S, "SparseReorder", "", f"i64v([[1,2],[0,0]]), {VAL}, {SH}")
case(S, "SparseReshape", "", f"{IDX}, {SH}, i64v([3,2])")
case(S, "SparseSegmentMeanWithNumSegments", "", "f(3,2), i32v([0,1]), i32v([0,0]), i32v(2)")
case(S, "SparseSegmentSqrtN", "", "f(3,2), i32v([0,1]), i32v([0,0])")
case(S, "SparseSegmentSqrtNWithNumSegments", "", "f(3,2), i32v([0,1]), i32v([0,0]), i32v(2)")
case(S, "SparseSegmentSum", "", "f(3,2), i32v([0,1]), i32v([0,0])")
case(S, "SparseSegmentSumWithNumSegments", "", "f(3,2), i32v([0,1]), i32v([0,0]), i32v(2)")
case(S, "SparseSoftmax", "", f"{IDX}, {VAL}, {SH}")
case(S, "SparseSparseMaximum", "", f"{IDX}, {VAL}, {SH}, {IDX}, {VAL}, {SH}")
case(S, "SparseSparseMinimum", "", f"{IDX}, {VAL}, {SH}, {IDX}, {VAL}, {SH}")
case(S, "SparseSplit", "num_split=1", f"i64v(0), {IDX}, {VAL}, {SH}")
case(S, "SparseTensorToCSRSparseMatrix", "", f"{IDX}, {VAL}, {SH}")
case(S, "SparseToDenseV2", "", f"{IDX}, {SH}, {VAL}, f()")
case(S, "Sspaddmm", "", f"{IDX}, {VAL}, {SH}, {IDX}, {VAL}, {SH}, f(3,2), f(), f()")
CSR = "_csr_ops"
case(CSR, "COO2CSR", "", "i32v([0,1]), 2")
case(CSR, "CSR2COO", "", "i32v([0,1,2]), 2")
case(CSR, "CSRDiv", "", "i32v([0,1,2]), i32v([0,2]), f(2), (2,3), f(2,3)")
case(CSR, "CSRGather", "", "i32v([0,1,2]), i32v([0,2]), f(2,3), (2,3)")
case(CSR, "CSRMM", "", "i32v([0,1,2]), i32v([0,2]), f(2), (2,3), f(3,2)")
case(CSR, "CSRMV", "", "i32v([0,1,2]), i32v([0,2]), f(2), (2,3), f(3,1)")
case(CSR, "CSRMul", "", "i32v([0,1,2]), i32v([0,2]), f(2), (2,3), f(2,3)")
case(CSR, "CSRReduceSum", "", "i32v([0,1,2]), i32v([0,2]), f(2), (2,3), 1")

# Messages that say MindSpore's CPU build has no kernel for the Primitive, or cannot call it eagerly.
CANNOT = ("Unsupported op", "not support", "not registered", "is not supported on CPU", "No module named 'te'",
          "No module named 'tbe'", "kernel", "The pointer", "dynamic_shape")

CHILD = r'''
import sys, numpy as np, mindspore as ms, importlib
from mindspore import Tensor as T, Parameter
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
def f(*s): return T(np.full(s, 0.5, np.float32))
def fr(*s): return T(np.arange(int(np.prod(s)), dtype=np.float32).reshape(s) / 4 - 1)
def i32(*s): return T(np.zeros(s, np.int32))
def i64(*s): return T(np.zeros(s, np.int64))
def i8(*s): return T(np.ones(s, np.int8))
def f16(*s): return T(np.full(s, 0.5, np.float16))
def u8(*s): return T(np.ones(s, np.uint8))
def i32v(v): return T(np.array(v, np.int32))
def i64v(v): return T(np.array(v, np.int64))
def u64v(v): return T(np.array(v, np.uint64))
def spd(n): return T(np.eye(n, dtype=np.float32) * 2 + 0.5)
def P(t): return Parameter(t)
module, name, kwargs, inputs = sys.argv[1:5]
cls = getattr(importlib.import_module("mindspore.ops.operations." + module), name)
op = cls if kwargs == "<instance>" else eval(f"cls({kwargs})")  # a module-level instance as it is
out = eval(f"op({inputs})")
def shp(o):
    return [shp(v) for v in o] if isinstance(o, (tuple, list)) else getattr(o, "shape", repr(o)[:40])
print("OK", shp(out))
'''


def run(name):
    module, kwargs, inputs = CASES[name]
    env = dict(os.environ, GLOG_v="3")
    try:
        # run outside the checkout: MindSpore writes kernel build files into the working directory
        p = subprocess.run([sys.executable, "-c", CHILD, module, name, kwargs, inputs], capture_output=True,
                           text=True, timeout=120, env=env, cwd=tempfile.gettempdir())
    except subprocess.TimeoutExpired:
        return "HANG", "hangs when called"
    if p.returncode == 0:
        return "OK", p.stdout.strip().splitlines()[-1]
    err = [ln for ln in p.stderr.strip().splitlines() if ln.strip()]
    # MindSpore's message is the last "XxxError: ..." line (a C++ call stack may follow it).
    heads = [i for i, ln in enumerate(err) if re.match(r"^[A-Za-z_.]*(Error|Exception)(: |$)", ln)]
    tail = err[heads[-1]] if heads else (err[-1] if err else "")
    if heads and not tail.split(":", 1)[-1].strip():
        # MindSpore's own report: the message follows a "- Kernel select failed:"-style header
        rest = [ln for ln in err[heads[-1] + 1:] if not ln.startswith(("---", "- "))]
        tail = tail.rstrip(": ") + ": " + (rest[0] if rest else "")
    if p.returncode < 0:
        return "CRASH", f"crashes MindSpore when called (signal {-p.returncode})"
    return "ERR", tail


def reason(line):
    """The clause recorded for an error line that says the CPU build cannot run the Primitive, else None."""
    msg = line.split(":", 1)[-1].strip()
    if "Unsupported op" in msg:
        return f"has no CPU kernel ({msg.split(',')[0]})"
    if "unregistered" in msg:
        return f"has no CPU kernel ({msg.rstrip('.')})"
    if "Response is empty" in msg:
        return "fails when called eagerly (its kernel is not built: Response is empty)"
    if "output addr" in msg:
        return "fails when called eagerly (its kernel graph's output has no device address)"
    if "has no attr:__infer__" in msg or "pointer[" in msg or "NotImplementedError" in line \
            or "No module named" in msg:
        return f"fails when called eagerly ({(msg or line.strip())[:100]})"
    if "should be dynamic length" in msg:
        return f"runs only inside graph compilation ({msg[:110]})"
    return None


def main(argv):
    write = "--write" in argv
    names = [a for a in argv if not a.startswith("--")] or list(CASES)
    found = {}
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        outcomes = list(pool.map(run, names))
    for name, (status, text) in zip(names, outcomes):
        print(f"{CASES[name][0]}.{name}: {status} {text}", flush=True)
        why = reason(text) if status == "ERR" else (text if status in ("CRASH", "HANG") else None)
        if why:
            found[f"mindspore.ops.operations.{CASES[name][0]}.{name}"] = why
    if write:
        old = {}
        if os.path.exists(OUT):
            with open(OUT) as fh:
                old = json.load(fh)
        old.update(found)
        with open(OUT, "w") as fh:
            json.dump(dict(sorted(old.items())), fh, indent=1)
            fh.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
