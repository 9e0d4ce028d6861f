"""``mindspore.ops`` functions that MindSpore 2.10 runs only on Ascend.

MindSpore's own CPU build has no kernel for them (it raises "kernel ... unregistered" or "only supported
on Ascend"), so sporetorch keeps their signatures and raises a RuntimeError that says so instead of
computing something else under their name (after the argument checks MindSpore makes before it gets there).
"""
import torch

from ...common.tensor import Tensor
from ._utils import _desc

__all__ = ['rotated_iou', 'multi_scale_deformable_attn_function', 'fused_infer_attention_score',
           'prompt_flash_attention', 'incre_flash_attention', 'speed_fusion_attention', 'moe_distribute_combine',
           'moe_distribute_dispatch', 'moe_init_routing_v2', 'moe_token_permute', 'moe_token_unpermute',
           'nsa_compress', 'nsa_compress_attention', 'nsa_select_attention', 'ring_attention_update',
           'lightning_indexer', 'sparse_flash_attention', 'all_gather_matmul', 'matmul_reduce_scatter']


def _ascend_only(name):
    return RuntimeError(f"ops.{name} is not supported on CPU/GPU: MindSpore 2.10 implements it only for Ascend "
                        f"(its CPU build raises for it too), and sporetorch has no Ascend backend.")


def _tensor(op, name, value):
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(value).__name__}")


def rotated_iou(boxes, query_boxes, trans=False, mode=0, is_cross=True, v_threshold=0.0, e_threshold=0.0):
    """Ascend-only in MindSpore 2.10: raises RuntimeError once the arguments pass MindSpore's own checks
    (Float16/Float32/BFloat16 boxes of rank 3: ValueError otherwise)."""
    for name, value in (("boxes", boxes), ("query_boxes", query_boxes)):
        _tensor("rotated_iou", name, value)
        if value._t.dtype not in (torch.float16, torch.float32, torch.bfloat16):
            raise ValueError(f"For 'rotated_iou', the '{name}' must be Float16, Float32 or BFloat16, "
                             f"but got {_desc(value)}")
    for name, value in (("boxes", boxes), ("query_boxes", query_boxes)):
        if value._t.dim() != 3:
            raise ValueError(f"For 'rotated_iou', the '{name}' must be 3-D, but got {_desc(value)}")
    raise _ascend_only("rotated_iou")


def multi_scale_deformable_attn_function(value, shape, offset, locations, weight):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("multi_scale_deformable_attn_function")


def fused_infer_attention_score(query, key, value, *, pse_shift=None, atten_mask=None, actual_seq_lengths=None,
                                actual_seq_lengths_kv=None, dequant_scale1=None, quant_scale1=None,
                                dequant_scale2=None, quant_scale2=None, quant_offset2=None, antiquant_scale=None,
                                antiquant_offset=None, key_antiquant_scale=None, key_antiquant_offset=None,
                                value_antiquant_scale=None, value_antiquant_offset=None, block_table=None,
                                query_padding_size=None, kv_padding_size=None, key_shared_prefix=None,
                                value_shared_prefix=None, actual_shared_prefix_len=None, num_heads=1, scale=1.0,
                                pre_tokens=2147483647, next_tokens=2147483647, input_layout='BSH',
                                num_key_value_heads=0, sparse_mode=0, inner_precise=1, block_size=0, antiquant_mode=0,
                                key_antiquant_mode=0, value_antiquant_mode=0, softmax_lse_flag=False):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("fused_infer_attention_score")


def prompt_flash_attention(query, key, value, attn_mask=None, actual_seq_lengths=None, actual_seq_lengths_kv=None,
                           pse_shift=None, deq_scale1=None, quant_scale1=None, deq_scale2=None, quant_scale2=None,
                           quant_offset2=None, num_heads=1, scale_value=1.0, pre_tokens=2147483647, next_tokens=0,
                           input_layout='BSH', num_key_value_heads=0, sparse_mode=0, inner_precise=1):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("prompt_flash_attention")


def incre_flash_attention(query, key, value, attn_mask=None, actual_seq_lengths=None, pse_shift=None,
                          dequant_scale1=None, quant_scale1=None, dequant_scale2=None, quant_scale2=None,
                          quant_offset2=None, antiquant_scale=None, antiquant_offset=None, block_table=None,
                          num_heads=1, input_layout='BSH', scale_value=1.0, num_key_value_heads=0, block_size=0,
                          inner_precise=1, kv_padding_size=None):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("incre_flash_attention")


def speed_fusion_attention(query, key, value, head_num, input_layout, *, pse=None, padding_mask=None, atten_mask=None,
                           scale=1.0, keep_prob=1.0, pre_tokens=2147483647, next_tokens=2147483647, inner_precise=0,
                           prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None, sparse_mode=0,
                           gen_mask_parallel=True, sync=False, pse_type=1, q_start_idx=None, kv_start_idx=None):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("speed_fusion_attention")


def moe_distribute_combine(expand_x, expert_ids, expand_idx, ep_send_counts, expert_scales, ep_world_size, ep_rank_id,
                           moe_expert_num, tp_send_counts=None, x_active_mask=None, activate_scale=None,
                           weight_scale=None, group_list=None, expand_scales=None, group_ep=None, group_tp=None,
                           tp_world_size=0, tp_rank_id=0, expert_shard_type=0, shared_expert_num=0,
                           shared_export_rank_num=0, global_bs=0, out_dtype=0, common_quant_mode=0, group_list_type=0):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("moe_distribute_combine")


def moe_distribute_dispatch(x, expert_ids, ep_world_size, ep_rank_id, moe_expert_num, expert_scales=None, scales=None,
                            x_active_mask=None, group_ep=None, group_tp=None, tp_world_size=0, tp_rank_id=0,
                            expert_shard_type=0, shared_expert_num=0, shared_expert_rank_num=0, quant_mode=0,
                            global_bs=0, expert_token_nums_type=0):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("moe_distribute_dispatch")


def moe_init_routing_v2(x, expert_idx, active_num, expert_capacity, expert_num, drop_pad_mode,
                        expert_tokens_count_or_cumsum_flag, expert_tokens_before_capacity_flag):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("moe_init_routing_v2")


def moe_token_permute(tokens, indices, num_out_tokens=None, padded_mode=False):
    """Ascend-only in MindSpore 2.10: raises RuntimeError once the arguments pass MindSpore's own checks
    (2-D ``tokens``: ValueError; Int32/Int64 ``indices``: TypeError)."""
    _tensor("moe_token_permute", "tokens", tokens)
    _tensor("moe_token_permute", "indices", indices)
    if tokens._t.dim() != 2:
        raise ValueError(f"For 'moe_token_permute', the 'tokens' must be 2-D, but got {_desc(tokens)}")
    if indices._t.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For 'moe_token_permute', the 'indices' must be Int32 or Int64, but got {_desc(indices)}")
    raise _ascend_only("moe_token_permute")


def moe_token_unpermute(permuted_tokens, sorted_indices, probs=None, padded_mode=False, restore_shape=None):
    """Ascend-only in MindSpore 2.10: raises RuntimeError (TypeError for non-Tensor arguments)."""
    _tensor("moe_token_unpermute", "permuted_tokens", permuted_tokens)
    _tensor("moe_token_unpermute", "sorted_indices", sorted_indices)
    raise _ascend_only("moe_token_unpermute")


def nsa_compress(*args, **kwargs):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("nsa_compress")


def nsa_compress_attention(*args, **kwargs):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("nsa_compress_attention")


def nsa_select_attention(*args, **kwargs):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("nsa_select_attention")


def ring_attention_update(prev_attn_out, prev_softmax_max, prev_softmax_sum, cur_attn_out, cur_softmax_max,
                          cur_softmax_sum, actual_seq_qlen=None, layout='SBH'):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("ring_attention_update")


def lightning_indexer(*args, **kwargs):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("lightning_indexer")


def sparse_flash_attention(*args, **kwargs):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("sparse_flash_attention")


def all_gather_matmul(*args, **kwargs):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("all_gather_matmul")


def matmul_reduce_scatter(*args, **kwargs):
    """Ascend-only in MindSpore 2.10: raises RuntimeError."""
    raise _ascend_only("matmul_reduce_scatter")
