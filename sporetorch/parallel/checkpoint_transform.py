"""Distributed-checkpoint tools (``mindspore.parallel.checkpoint_transform``) for one process.

MindSpore reshards checkpoints between parallel layouts with the strategy files its auto-parallel compiler
writes. sporetorch runs one process and writes no strategy files, so the tools do what they do for
unsharded checkpoints (no strategy on either side): a transform copies the checkpoint, a distributed load
is a plain load, a broadcast or pipeline synchronisation changes nothing. Given a strategy file they check
the paths as MindSpore does and then raise NotImplementedError, since reading one needs MindSpore's
strategy format.
"""
import os

__all__ = ["build_searched_strategy", "restore_group_info_list", "get_ckpt_path_with_strategy",
           "load_distributed_checkpoint", "merge_pipeline_strategys", "rank_list_for_transform",
           "transform_checkpoint_by_rank", "transform_checkpoints", "unified_safetensors",
           "sync_pipeline_shared_parameters", "parameter_broadcast", "reshard"]


def _no_strategy_format(fn, path):
    raise NotImplementedError(f"'{fn}' reads the parallel strategy file '{path}' written by MindSpore's "
                              f"auto-parallel compiler; sporetorch runs one process and cannot read those files. "
                              f"Unsharded checkpoints (no strategy) are handled directly.")


def _check_strategy(path, fn="build_searched_strategy"):
    if not isinstance(path, str) or not os.path.isfile(path):
        raise ValueError(f"For '{fn}', no such strategy file: {path}. Please check whether the 'strategy_filename' "
                         f"exists.")


def build_searched_strategy(strategy_filename):
    """The per-parameter layouts of a strategy file (MindSpore's format: NotImplementedError)."""
    _check_strategy(strategy_filename)
    _no_strategy_format("build_searched_strategy", strategy_filename)


def restore_group_info_list(group_info_file_name):
    """The rank list saved in a group-information file (MindSpore's format: NotImplementedError)."""
    if not isinstance(group_info_file_name, str) or not os.path.isfile(group_info_file_name):
        raise ValueError(f"For 'restore_group_info_list', no such group information file: {group_info_file_name}.")
    _no_strategy_format("restore_group_info_list", group_info_file_name)


def get_ckpt_path_with_strategy(cur_ckpt_path, cur_strategy_path):
    """The checkpoint path usable with a strategy (MindSpore's format: NotImplementedError)."""
    if not os.path.exists(cur_strategy_path):
        raise FileNotFoundError(f"[Errno 2] No such file or directory: '{cur_strategy_path}'")
    _no_strategy_format("get_ckpt_path_with_strategy", cur_strategy_path)


def load_distributed_checkpoint(network, checkpoint_filenames=None, predict_strategy=None,
                                train_strategy_filename=None, strict_load=False, dec_key=None, dec_mode="AES-GCM",
                                format="ckpt", unified_safetensors_dir=None, dst_safetensors_dir=None, rank_id=None,
                                output_format="safetensors", name_map=None, max_process_num=64,
                                return_param_dict=False):
    """Load the checkpoint of an unsharded training run into ``network`` (one file, no strategies).

    Returns the loaded parameter dict when ``return_param_dict``, else None.
    """
    from ..train.serialization import load_checkpoint, load_param_into_net

    files = checkpoint_filenames or []
    for i, name in enumerate(files):
        if not (isinstance(name, str) and name.endswith(".ckpt") and os.path.isfile(name) and os.path.getsize(name)):
            raise ValueError(f"For 'load_distributed_checkpoint', please check 'checkpoint_filenames', and make sure "
                             f"the {name} at index {i} is a valid checkpoint file, it must be a string ending with "
                             f"'.ckpt', and the checkpoint file it represents must be exist and not empty.")
    if predict_strategy is not None or train_strategy_filename is not None:
        _no_strategy_format("load_distributed_checkpoint", train_strategy_filename or "predict_strategy")
    if len(files) != 1:
        raise ValueError(f"For 'load_distributed_checkpoint', without strategy files the checkpoint is unsharded, "
                         f"so exactly one file is expected, but got {len(files)}.")
    params = load_checkpoint(files[0], dec_key=dec_key, dec_mode=dec_mode)
    load_param_into_net(network, params, strict_load=strict_load)
    return params if return_param_dict else None


def merge_pipeline_strategys(src_strategy_dirs, dst_strategy_file):
    """Merge the strategy files of pipeline stages (MindSpore's format: NotImplementedError)."""
    if not os.path.isdir(src_strategy_dirs):
        raise NotADirectoryError(f"src_strategy_dirs {src_strategy_dirs} is not a directory.")
    _no_strategy_format("merge_pipeline_strategys", src_strategy_dirs)


def rank_list_for_transform(rank_id, src_strategy_file=None, dst_strategy_file=None):
    """The source ranks whose checkpoints ``rank_id`` needs: ``[rank_id]`` when neither side is sharded."""
    for path in (src_strategy_file, dst_strategy_file):
        if path is not None:
            _check_strategy(path)
            _no_strategy_format("rank_list_for_transform", path)
    return [rank_id]


def transform_checkpoint_by_rank(rank_id, checkpoint_files_map, save_checkpoint_file_name, src_strategy_file=None,
                                 dst_strategy_file=None):
    """Write the checkpoint of ``rank_id`` in the destination layout; unsharded on both sides, a copy."""
    from ..train.serialization import load_checkpoint, save_checkpoint

    for rank, path in checkpoint_files_map.items():
        if not os.path.isfile(path):
            raise ValueError(f"Checkpoint file {path} in rank {rank} not exits: ")
    for path in (src_strategy_file, dst_strategy_file):
        if path is not None:
            _check_strategy(path)
            _no_strategy_format("transform_checkpoint_by_rank", path)
    if rank_id not in checkpoint_files_map:
        raise ValueError(f"For 'transform_checkpoint_by_rank', the checkpoint of rank {rank_id} is missing from "
                         f"'checkpoint_files_map'.")
    params = load_checkpoint(checkpoint_files_map[rank_id])
    save_checkpoint([{"name": k, "data": v} for k, v in params.items()], save_checkpoint_file_name)


def transform_checkpoints(src_checkpoints_dir, dst_checkpoints_dir, ckpt_prefix, src_strategy_file=None,
                          dst_strategy_file=None, process_num=1, output_format="ckpt"):
    """Transform ``src_checkpoints_dir/rank_<i>/*.ckpt`` into ``dst_checkpoints_dir/rank_<i>/<prefix><i>.ckpt``;
    unsharded on both sides, each rank's checkpoint is copied."""
    if not os.path.isdir(src_checkpoints_dir) or not os.listdir(src_checkpoints_dir):
        raise ValueError("For 'transform_checkpoints', the 'src_checkpoints_dir' can not be empty.")
    for path in (src_strategy_file, dst_strategy_file):
        if path is not None:
            _check_strategy(path)
            _no_strategy_format("transform_checkpoints", path)
    for entry in sorted(os.listdir(src_checkpoints_dir)):
        folder = os.path.join(src_checkpoints_dir, entry)
        if not (entry.startswith("rank_") and entry[5:].isdigit() and os.path.isdir(folder)):
            continue
        ckpts = sorted(f for f in os.listdir(folder) if f.endswith(".ckpt"))
        if not ckpts:
            continue
        rank = int(entry[5:])
        out = os.path.join(dst_checkpoints_dir, entry)
        os.makedirs(out, exist_ok=True)
        transform_checkpoint_by_rank(rank, {rank: os.path.join(folder, ckpts[-1])},
                                     os.path.join(out, f"{ckpt_prefix}{rank}.ckpt"))


def unified_safetensors(src_dir, src_strategy_file, dst_dir, merge_with_redundancy=True, file_suffix=None,
                        max_process_num=64, choice_func=None, split_dst_file=()):
    """Merge sharded safetensors with their strategy (MindSpore's format: NotImplementedError)."""
    _check_strategy(src_strategy_file)
    _no_strategy_format("unified_safetensors", src_strategy_file)


def sync_pipeline_shared_parameters(net):
    """Synchronise parameters shared between pipeline stages: one stage here, nothing to do."""


def parameter_broadcast(net, layout, cur_rank=0, initial_rank=0):
    """Broadcast parameters from the ranks that hold them: one process here, nothing to do (as on MindSpore's
    CPU build)."""


def reshard(tensor, layout):
    """Redistribute ``tensor`` to ``layout``: with one device, the tensor itself (as MindSpore's PyNative mode)."""
    return tensor
