"""Primitive classes that MindSpore 2.10 cannot run on CPU.

They keep MindSpore's constructor (so scripts that build them at import time still load) and raise a
RuntimeError naming the reason when called: the op has an Ascend kernel only, needs a device data queue or a
parameter server, or is a graph-compiler primitive that MindSpore itself cannot run eagerly (its PyNative mode
raises for it as well). Where MindSpore 2.10 checks the inputs before it finds no kernel, the same checks come
first here, with its error types.
"""
import torch

from ...common.tensor import Tensor
from ..primitive import Primitive, prim_attr_register
from ._errors import tensor_of

__all__ = [
    'ApplyRotaryPosEmb',
    'BasicLSTMCell',
    'DynamicGRUV2',
    'DynamicRNN',
    'FusedAdaFactor',
    'FusedAdaFactorWithGlobalNorm',
    'FusedCastAdamWeightDecay',
    'FusedWeightScaleApplyMomentum',
    'GeSwitch',
    'GetNext',
    'GroupTopk',
    'MapCacheIdx',
    'MapUniform',
    'Merge',
    'Morph',
    'NPUAllocFloatStatus',
    'NPUClearFloatStatus',
    'NPUGetFloatStatus',
    'PagedAttention',
    'PagedAttentionMask',
    'Pull',
    'Push',
    'PyExecute',
    'RNNTLoss',
    'ReshapeAndCache',
    'Reshard',
    'Reusing',
    'SparseApplyAdadelta',
    'SparseApplyFtrlV2',
    'geswitch',
    'merge',
]

_REASONS = {
    "ascend": "MindSpore 2.10 implements it only for Ascend (its CPU build raises 'Unsupported op' too)",
    "device": "it reads a device data queue or a parameter server, which MindSpore 2.10 has only on Ascend/GPU "
              "clusters (its CPU build raises 'Unsupported op')",
    "graph": "it is a graph-compiler primitive that MindSpore 2.10 cannot run eagerly either",
}


class _Unsupported(Primitive):
    _reason = "ascend"
    _error = RuntimeError

    def __call__(self, *args, **kwargs):
        raise self._error(f"ops.{self.name} is not supported by sporetorch: {_REASONS[self._reason]}.")


class ApplyRotaryPosEmb(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, cos_format=0):
        pass


class BasicLSTMCell(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, keep_prob=1.0, forget_bias=1.0, state_is_tuple=True, activation='tanh'):
        pass


class DynamicGRUV2(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, direction='UNIDIRECTIONAL', cell_depth=1, keep_prob=1.0, cell_clip=-1.0, num_proj=0,
                 time_major=True, activation='tanh', gate_order='rzh', reset_after=True, is_training=True):
        pass


class DynamicRNN(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, cell_type='LSTM', direction='UNIDIRECTIONAL', cell_depth=1, use_peephole=False, keep_prob=1.0,
                 cell_clip=-1.0, num_proj=0, time_major=True, activation='tanh', forget_bias=0.0, is_training=True):
        pass


class FusedAdaFactor(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, enable_scale_parameter=False, enable_first_moment=False, enable_weight_decay=False):
        pass


class FusedAdaFactorWithGlobalNorm(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, enable_scale_parameter=False, enable_first_moment=False, enable_weight_decay=False):
        pass


class FusedCastAdamWeightDecay(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass


class FusedWeightScaleApplyMomentum(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self):
        pass


class GroupTopk(_Unsupported):
    """Not supported: see the module docstring (ascend). MindSpore 2.10 first reads ``group_num``, ``k`` and
    ``k_inner`` as scalars (a ValueError for a Tensor that is not 0-D)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, token, idx_arr, group_num, k, k_inner=1):
        for name, value in (("group_num", group_num), ("k", k), ("k_inner", k_inner)):
            if isinstance(value, Tensor) and value._t.dim() != 0:
                raise ValueError(f"For 'GroupTopk', the '{name}' must be an int or a 0-D Tensor, but got a Tensor of "
                                 f"shape {tuple(value._t.shape)}")
        return super().__call__(token, idx_arr, group_num, k, k_inner)


class NPUAllocFloatStatus(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self):
        pass


class NPUClearFloatStatus(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self):
        pass


class NPUGetFloatStatus(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self):
        pass


class PagedAttention(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, head_num, scale_value, kv_head_num, kv_cache_quant_mode='DEFAULT', mask_mode='MASK_DEFAULT',
                 mla_v_dim=0):
        pass


class PagedAttentionMask(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, head_num, scale_value, kv_head_num, kv_cache_quant_mode='DEFAULT'):
        pass


class ReshapeAndCache(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self):
        pass


class RNNTLoss(_Unsupported):
    """Not supported: see the module docstring (ascend). MindSpore 2.10 checks the dtypes first."""

    @prim_attr_register
    def __init__(self, blank_label=0):
        pass

    def __call__(self, acts, labels, input_length, label_length):
        tensor_of("RNNTLoss", "acts", acts, (torch.float16, torch.float32))
        for name, value in (("labels", labels), ("input_length", input_length), ("label_length", label_length)):
            tensor_of("RNNTLoss", name, value, (torch.int32,))
        shapes = [tuple(v._t.shape) for v in (acts, labels, input_length, label_length)]
        if [len(s) for s in shapes] != [4, 2, 1, 1] or shapes[1] != (shapes[0][0], shapes[0][2] - 1) \
                or shapes[2][0] != shapes[0][0] or shapes[3][0] != shapes[0][0]:
            raise ValueError(f"For 'RNNTLoss', the shapes must be acts (B, T, U, V), labels (B, U - 1), input_length "
                             f"(B,) and label_length (B,), but got {shapes[0]}, {shapes[1]}, {shapes[2]} and "
                             f"{shapes[3]}")
        return super().__call__(acts, labels, input_length, label_length)


class SparseApplyAdadelta(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, epsilon, use_locking=False):
        pass


class SparseApplyFtrlV2(_Unsupported):
    """Not supported: see the module docstring (ascend)."""

    @prim_attr_register
    def __init__(self, lr, l1, l2, l2_shrinkage, lr_power, use_locking=False):
        pass


class GetNext(_Unsupported):
    """Not supported: see the module docstring (device)."""

    _reason = "device"

    @prim_attr_register
    def __init__(self, types, shapes, output_num, shared_name):
        pass


class Pull(_Unsupported):
    """Not supported: see the module docstring (device)."""

    _reason = "device"

    @prim_attr_register
    def __init__(self):
        pass


class Push(_Unsupported):
    """Not supported: see the module docstring (device)."""

    _reason = "device"

    @prim_attr_register
    def __init__(self, optim_type='ApplyMomentum', only_shape_indices=None):
        pass


class MapCacheIdx(_Unsupported):
    """Not supported: see the module docstring (device)."""

    _reason = "device"

    @prim_attr_register
    def __init__(self):
        pass


class MapUniform(_Unsupported):
    """Not supported: see the module docstring (device)."""

    _reason = "device"

    @prim_attr_register
    def __init__(self):
        pass


class GeSwitch(_Unsupported):
    """Not supported: see the module docstring (graph)."""

    _reason = "graph"
    _error = NotImplementedError  # what MindSpore 2.10's PyNative call raises

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, data, pred):
        return super().__call__(data, pred)


class Merge(_Unsupported):
    """Not supported: see the module docstring (graph)."""

    _reason = "graph"
    _error = NotImplementedError  # what MindSpore 2.10's PyNative call raises

    @prim_attr_register
    def __init__(self):
        pass


class PyExecute(_Unsupported):
    """Not supported: see the module docstring (graph)."""

    _reason = "graph"

    @prim_attr_register
    def __init__(self):
        pass


class Morph(_Unsupported):
    """Not supported: see the module docstring (graph)."""

    _reason = "graph"

    @prim_attr_register
    def __init__(self, fn, infer_shape, infer_dtype, bprop_fn=None):
        pass


class Reshard(_Unsupported):
    """Not supported: see the module docstring (graph)."""

    _reason = "graph"

    @prim_attr_register
    def __init__(self, in_layout, out_layout, in_strategy):
        pass


class Reusing(_Unsupported):
    """Not supported: see the module docstring (graph)."""

    _reason = "graph"

    @prim_attr_register
    def __init__(self):
        pass


# MindSpore exports instances of the control-flow primitives under these names
geswitch = GeSwitch()
merge = Merge()
