"""sporetorch: MindSpore 2.10's programming model on PyTorch.

``import sporetorch as ms`` gives the names a MindSpore user imports from ``mindspore``;
``python -m sporetorch run script.py`` runs an unmodified MindSpore script.
"""
from __future__ import absolute_import  # noqa: F401 - MindSpore's namespaces export this name

__version__ = "0.1.0"

from .common import dtype
from .common.dtype import (  # noqa: F401 - MindSpore exports every dtype at top level
    Type, TensorType, bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32,
    float64, bfloat16, complex64, complex128, string, type_none, number, int_, uint, float_, tensor_type,
    list_, tuple_, half, single, double, short, intc, long, intp, byte, ubyte, ushort, uintc, uintp, cfloat,
    cdouble, dtype_to_nptype, dtype_to_pytype, pytype_to_dtype, get_py_obj_dtype,
)
from .common.dtype import bool, int, float  # noqa: F401,A004 - mindspore.bool / int / float
from .common.tensor import Tensor, tensor, is_tensor, from_numpy, from_dlpack, to_dlpack
from .common.parameter import Parameter, ParameterTuple
from .common.seed import set_seed, get_seed
from .common import initializer as _initializer_module  # noqa: F401
from .context import (GRAPH_MODE, PYNATIVE_MODE, STRICT, COMPATIBLE, LAX, set_context, get_context,
                      set_device, get_current_device)
from .common import tensor_methods as _tensor_methods  # noqa: F401 - attaches Tensor methods
from .autodiff import *  # noqa: F401,F403
from .common.jit import jit, JitConfig, GraphCaptureError
from .train.serialization import *  # noqa: F401,F403
from .train.model import Model
from .train.callback import (Callback, RunContext, LossMonitor, TimeMonitor, ModelCheckpoint, CheckpointConfig,
                             EarlyStopping, ReduceLROnPlateau, History, LambdaCallback, SummaryCollector,
                             LearningRateScheduler, BackupAndRestore)
from .train.metrics import Metric, Accuracy, MAE, Loss, auc, get_metric_fn, names, rearrange_inputs
from .train.dataset_helper import DatasetHelper, connect_network_with_dataset, data_sink
from .train.summary import SummaryRecord
from . import common, context, nn, ops, train, dataset, amp, communication, device_context
from . import interop  # noqa: F401,E402 - PyTorch state_dict interop (beyond MindSpore)
from .common.generator import (Generator, default_generator, seed, manual_seed, initial_seed, get_rng_state,
                               set_rng_state)
from .common.dtype import float8_e4m3fn, float8_e5m2
from .common.sparse_tensor import COOTensor, CSRTensor, RowTensor, SparseTensor
from .common.api_helpers import mutable, constexpr, jit_class, lazy_inline, no_inline, recompute, set_recursion_limit
from .common.mindir import export, load
from .parallel_context import (ParallelMode, set_auto_parallel_context, get_auto_parallel_context,
                               reset_auto_parallel_context, set_algo_parameters, get_algo_parameters,
                               reset_algo_parameters, set_ps_context, get_ps_context, reset_ps_context)
from .runtime import (synchronize, empty_cache, memory_allocated, max_memory_allocated, memory_reserved,
                      max_memory_reserved, memory_stats, memory_summary, reset_peak_memory_stats,
                      reset_max_memory_allocated, reset_max_memory_reserved, set_deterministic, run_check, Stream,
                      Event, current_stream, default_stream, set_cur_stream, StreamCtx, communication_stream,
                      set_memory, set_cpu_affinity)
from .profiler import Profiler
from . import runtime, profiler, hal, parallel  # noqa: F401 - mindspore.runtime / .profiler / .hal / .parallel
from . import boost  # noqa: F401,E402 - mindspore.boost
from .train import (BleuScore, ConfusionMatrix, CosineSimilarity, Dice, F1, Fbeta, MSE, Perplexity, Precision,
                    ROC, Recall, Top1CategoricalAccuracy, Top5CategoricalAccuracy, TopKCategoricalAccuracy,
                    LossScaleManager, FixedLossScaleManager, DynamicLossScaleManager)
from .train import (ConfusionMatrixMetric, HausdorffDistance, MeanSurfaceDistance,  # noqa: F401,E402
                    RootMeanSquareDistance, OcclusionSensitivity)
from .amp import build_train_network
from .common.tensor_utils import frombuffer, swap_tensors, merge_sliced_parameter
from .common.api_helpers import shard, enable_dynamic, _no_grad
from .parallel.layout import Layout
from .common.mindir import save_mindir, load_mindir, export_split_mindir
from .runtime import launch_blocking, ms_memory_recycle, set_dump, dispatch_threads_num
from .log import get_level, get_log_config
from . import log  # noqa: F401 - mindspore.log
from . import experimental  # noqa: F401,E402 - mindspore.experimental (optim, lr_scheduler)
from . import numpy  # noqa: F401,E402 - mindspore.numpy (the real numpy stays ``import numpy`` elsewhere)
from . import mint  # noqa: F401,E402 - mindspore.mint (PyTorch-style namespace)
from .mindrecord import (FileWriter, FileReader, MindPage, Cifar10ToMR, Cifar100ToMR, CsvToMR,  # noqa: E402
                         ImageNetToMR, MnistToMR, TFRecordToMR, SUCCESS, FAILED, set_enc_key, set_enc_mode,
                         set_dec_mode)
from . import utils  # noqa: F401,E402 - mindspore.utils
from .utils import (ExitByRequest, RSCPluginHandle, TFTCommValue, MsDispatchMode, sdc_detect_start,  # noqa: E402
                    sdc_detect_stop, get_sdc_detect_result, stress_detect, comm_exec_order_check,
                    runtime_execution_order_check)
from ._runtime_limits import *  # noqa: F401,F403,E402 - device/stream limits, memory pools, MindIO hooks
from .common.dtype import hifloat8, qint4x2, Int, QuantDtype, _null, _NullType  # noqa: F401,E402
from .parallel.checkpoint_transform import *  # noqa: F401,F403,E402 - distributed-checkpoint tools
from .train import OnRequestExit, TrainFaultTolerance, ConvertModelUtils, ConvertNetUtils  # noqa: F401,E402
from .common.symbol import Symbol, flops_collection  # noqa: F401,E402
from .common._grad_function import _Function  # noqa: F401,E402 - custom forward/backward functions

mstype = dtype
