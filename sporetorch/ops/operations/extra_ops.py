"""Import path of Primitive classes that live in their family modules (MindSpore's module for each):
``nn_ops``, ``array_ops``, ``math_ops``, ``random_ops``, ``optim_ops``, ``image_ops``, ``sparse_ops``,
``other_ops``, ``debug_ops``, ``custom_ops``, ``manually_defined``, ``_inner_ops``; kept because code imports
them from here."""
from ._inner_ops import ExtractImagePatches
from .array_ops import (
    BatchToSpace,
    BatchToSpaceND,
    BatchToSpaceNDV2,
    CheckNumerics,
    ExtractVolumePatches,
    ListDiff,
    LogSpace,
    Lstsq,
    MatrixDiagPartV3,
    MatrixDiagV3,
    MatrixSetDiagV3,
    ScalarToArray,
    SpaceToBatch,
    SpaceToBatchND,
    UniqueWithPad,
)
from .comm_ops import AlltoAll, Reduce
from .custom_ops import Custom
from .debug_ops import Assert, InsertGradientOf, TensorDump
from .image_ops import HSVToRGB, NonMaxSuppressionV3, ResizeArea, RGBToHSV
from .manually_defined import ForiLoop, Scan, WhileLoop
from .math_ops import (
    STFT,
    AccumulateNV2,
    Cauchy,
    CompareAndBitpack,
    Eig,
    EqualCount,
    FFTWithSize,
    FloatStatus,
    HistogramFixedWidth,
    LerpScalar,
    LuUnpack,
    MatrixLogarithm,
    MatrixSolveLs,
    NMSWithMask,
    Ormqr,
    Quantile,
    TridiagonalMatMul,
)
from .nn_ops import (
    Conv2DBackpropInput,
    Conv3DTranspose,
    CTCGreedyDecoder,
    DataFormatDimMap,
    DepthwiseConv2dNative,
    DropoutDoMask,
    DropoutGenMask,
    LogSoftmaxExt,
    MaxPool3DWithArgmax,
    MaxUnpool2D,
    MaxUnpool3D,
    NuclearNorm,
    RmsNorm,
)
from .optim_ops import (
    ApplyAdamWithAmsgrad,
    ApplyAdamWithAmsgradV2,
    ApplyProximalAdagrad,
    LARSUpdate,
    SparseApplyAdagrad,
    SparseApplyAdagradV2,
    SparseApplyFtrl,
    SparseApplyProximalAdagrad,
    SparseApplyRMSProp,
)
from .other_ops import (
    BoundingBoxDecode,
    BoundingBoxEncode,
    CheckValid,
    ConfusionMatrix,
    MoveTo,
)
from .random_ops import (
    LogNormalReverse,
    MultinomialWithReplacement,
    NonDeterministicInts,
    RandomChoiceWithMask,
    RandomGamma,
    RandomPoisson,
    RandpermV2,
)
from .sparse_ops import SparseTensorDenseAdd, SparseTensorDenseMatmul, SparseToDense

# AlltoAll and Reduce stay listed: they were defined here before the collectives moved to comm_ops.
__all__ = ["STFT", "AccumulateNV2", "AlltoAll", "ApplyAdamWithAmsgrad", "ApplyAdamWithAmsgradV2", "ApplyProximalAdagrad", "Assert", "BatchToSpace", "BatchToSpaceND", "BatchToSpaceNDV2", "BoundingBoxDecode", "BoundingBoxEncode", "CTCGreedyDecoder", "Cauchy", "CheckNumerics", "CheckValid", "CompareAndBitpack", "ConfusionMatrix", "Conv2DBackpropInput", "Conv3DTranspose", "Custom", "DataFormatDimMap", "DepthwiseConv2dNative", "DropoutDoMask", "DropoutGenMask", "Eig", "EqualCount", "ExtractImagePatches", "ExtractVolumePatches", "FFTWithSize", "FloatStatus", "ForiLoop", "HSVToRGB", "HistogramFixedWidth", "InsertGradientOf", "LARSUpdate", "LerpScalar", "ListDiff", "LogNormalReverse", "LogSoftmaxExt", "LogSpace", "Lstsq", "LuUnpack", "MatrixDiagPartV3", "MatrixDiagV3", "MatrixLogarithm", "MatrixSetDiagV3", "MatrixSolveLs", "MaxPool3DWithArgmax", "MaxUnpool2D", "MaxUnpool3D", "MoveTo", "MultinomialWithReplacement", "NMSWithMask", "NonDeterministicInts", "NonMaxSuppressionV3", "NuclearNorm", "Ormqr", "Quantile", "RGBToHSV", "RandomChoiceWithMask", "RandomGamma", "RandomPoisson", "RandpermV2", "Reduce", "ResizeArea", "RmsNorm", "ScalarToArray", "Scan", "SpaceToBatch", "SpaceToBatchND", "SparseApplyAdagrad", "SparseApplyAdagradV2", "SparseApplyFtrl", "SparseApplyProximalAdagrad", "SparseApplyRMSProp", "SparseTensorDenseAdd", "SparseTensorDenseMatmul", "SparseToDense", "TensorDump", "TridiagonalMatMul", "UniqueWithPad", "WhileLoop"]
