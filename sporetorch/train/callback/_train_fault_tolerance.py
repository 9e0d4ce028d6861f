"""Helpers of MindSpore 2.10's training fault tolerance (TFT, ``TrainFaultTolerance``'s MindIO hooks). The
hooks that repair, stop or clean a device fail on MindSpore's CPU build (recorded as such); the checkpoint
hooks, the exit hook and the group rebuild (a no-op on CPU) run as there."""
import logging
import os

_logger = logging.getLogger("sporetorch")


def _get_ckpt_dir(step, ckpt_save_path, is_tmp_file):
    """The folder a fault-tolerance checkpoint of ``step`` is saved in (``..._tmp`` while it is written)."""
    tmp = "_tmp" if is_tmp_file else ""
    return os.path.join(ckpt_save_path, f"ttp_saved_checkpoints-step_{step}{tmp}")


# MindIO's callbacks of TrainFaultTolerance. Those that repair, stop or clean a device fail on MindSpore 2.10's
# CPU build (recorded in data/ms_cpu_cannot_run/train.json); the ones below run there and here.


def _save_checkpoint_on_failure(step, save_info, args, cb_ctx):
    """Save the training state when a rank fails: through ``cb_ctx.save_cb(cb_params, append_dict)`` when the
    user gave one, else as ``ttp_rank_R-EPOCH_STEP.ckpt`` under ``<ckpt_save_path>/ttp_saved_checkpoints-
    step_S_tmp/rank_R`` with the epoch, step, rank, batch count and global step appended."""
    from ...communication.management import get_rank
    from ..serialization import save_checkpoint
    if not cb_ctx._is_params_consistent():
        raise RuntimeError("Can't save parameters, because they are left in inconsistent state!")
    cb_params = args
    cb_params.cur_step_num = cb_ctx.cur_step_num
    cb_params.cur_epoch_num = cb_ctx.cur_epoch_num
    if cb_params.optimizer is not None:
        cb_params.optimizer.global_step = cb_ctx.global_step
    if getattr(cb_params.network, "optimizer", None) is not None:
        cb_params.network.optimizer.global_step = cb_ctx.global_step
    append_dict = {"__exception_save__": True}
    if cb_ctx.save_cb:
        cb_ctx.save_cb(cb_params, append_dict)
        return
    rank = get_rank()
    step_in_epoch = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
    append_dict.update(epoch_num=cb_params.cur_epoch_num, step_num=cb_params.cur_step_num, cur_rank=rank,
                       batch_num=cb_params.batch_num, global_step=cb_ctx.global_step)
    outputs = cb_params.net_outputs
    if isinstance(outputs, (tuple, list)) and len(outputs) >= 3:
        append_dict["loss_scale"] = outputs[2]
    folder = os.path.join(_get_ckpt_dir(step, cb_ctx.ckpt_save_path, True), f"rank_{rank}")
    os.makedirs(folder, exist_ok=True)
    save_checkpoint(cb_params.train_network, os.path.join(folder, f"ttp_rank_{rank}-{cb_params.cur_epoch_num}_"
                                                                   f"{step_in_epoch}.ckpt"),
                    integrated_save=False, append_dict=append_dict)


def _rename_save_result(step, cb_ctx):
    """After a successful failure save, rename its ``..._tmp`` folder to the final one (nothing to do when the
    user's save callback saved it)."""
    if cb_ctx.save_cb:
        return
    os.rename(_get_ckpt_dir(step, cb_ctx.ckpt_save_path, True), _get_ckpt_dir(step, cb_ctx.ckpt_save_path, False))


def _tft_exit_cb(ctx):
    """MindIO's exit callback (another rank failed): log it and end this process with status 1 at once."""
    _logger.error("Enter mindio ttp exit process, which means other ranks occur exception, check other ranks' logs!")
    os._exit(1)


def _tft_rebuild_groups(fault_ranks, args, ctx):
    """MindIO's callback that rebuilds the communication groups after a repair. MindSpore's CPU build accepts
    it and rebuilds nothing (its HCCL groups exist only on Ascend); so does sporetorch."""
    _logger.warning("Enter _tft_rebuild_groups, device id: %s", getattr(ctx, "device_id", None))


_ATO_SECTION_PREFIX = "__SECTION__:"


def _group_size():
    from ...communication.management import get_group_size
    try:
        return get_group_size()
    except RuntimeError:  # communication not initialised: one process
        return 1


def _rank():
    from ...communication.management import get_rank
    return get_rank()


class AdaptTrainOptimizer:
    """MindSpore 2.10's adaptive-training (ATO) checkpoint advisor of fault-tolerant training: it keeps the
    failure count and trained steps in a JSON file (``ato_path``), and after ``ato_threshold`` failures it
    recommends the checkpoint interval ``sqrt(2 * t_ckpt / (failure_rate * t_step))`` in a printed table.
    It saves nothing itself."""

    def __init__(self, ato_path, ato_threshold):
        self._ato_path = ato_path
        self._ato_threshold = ato_threshold
        self._failure_count = 0
        self._total_steps = 0
        self._failure_rate = 0
        self._avg_checkpoint_time = None
        self._avg_step_time = None
        self.ckpt_obj = None
        self.step_start_time = None
        self._load_failure_rate_from_json(ato_path)
        self._group_size = _group_size()
        self.step_times = []
        self.checkpoint_times = []

    def bind_ckpt_obj(self, ckpt_obj):
        """Use ``ckpt_obj`` (a ModelCheckpoint) for the checkpoint interval and save times."""
        from ._checkpoint import ModelCheckpoint
        if not isinstance(ckpt_obj, ModelCheckpoint):
            raise ValueError("ATO checkpoint optimization expects a ModelCheckpoint instance.")
        self.ckpt_obj = ckpt_obj

    def _load_failure_rate_from_json(self, path):
        import json
        if not os.path.exists(path):
            self._failure_count, self._total_steps, self._failure_rate = 0, 0, 0
            return
        with open(path, "r", encoding="utf-8") as f:
            info = json.load(f)
        self._failure_count = info.get("failure_count")
        self._total_steps = info.get("total_steps", 0)
        self._failure_rate = self._failure_count / self._total_steps if self._total_steps else 0.0

    def _save_fault_info_json(self, failure_count, total_steps):
        import json
        if _rank() != 0:
            return
        folder = os.path.dirname(self._ato_path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(self._ato_path, "w", encoding="utf-8") as f:
            json.dump({"failure_count": failure_count, "total_steps": total_steps}, f, indent=4)

    def handle_fault(self, exc, cur_step):
        """Count a failure (a RuntimeError) at step ``cur_step``, persist the statistics and, with enough
        timing data and failures, print the recommended checkpoint interval."""
        if isinstance(exc, RuntimeError):
            self._failure_count += 1
        interval = self.ckpt_obj._config.save_checkpoint_steps
        self._total_steps += cur_step
        self._save_fault_info_json(self._failure_count, self._total_steps)
        self._collect_checkpoint_times()
        self._avg_checkpoint_time = self._get_avg_checkpoint_time()
        self._avg_step_time = self._get_avg_step_time()
        if self._avg_checkpoint_time is None or self._avg_step_time is None:
            _logger.warning("Insufficient timing data: only %s steps recorded; checkpoint interval is %s.",
                            cur_step, interval)
            return
        if self._failure_count < self._ato_threshold:
            _logger.warning("Insufficient statistics for ATO checkpoint calculation. Current failure_count: %s, "
                            "ato_threshold: %s", self._failure_count, self._ato_threshold)
            return
        self._failure_rate = self._failure_count / self._total_steps if self._total_steps else 0.0
        if self._failure_rate == 0:
            _logger.warning("Failure rate is zero, cannot compute failure-rate-based checkpoint interval.")
            return
        new_interval = self._calculate_failure_rate_phase_interval()
        self._generate_ckpt_suggestion_log(interval, new_interval, self._calculate_effective_training_ratio(interval),
                                           self._calculate_effective_training_ratio(new_interval))

    def _calculate_failure_rate_phase_interval(self):
        import math
        optimal = math.sqrt(2 * self._avg_checkpoint_time / (self._failure_rate * self._avg_step_time))
        return self._comm_interval_step(optimal)

    def _format_duration(self, duration):
        return f"{duration:.3f} s"

    def _format_ratio(self, ratio):
        return f"{ratio:.2%}"

    def _calculate_effective_training_ratio(self, interval):
        """The share of the time spent training with checkpoints every ``interval`` steps and the expected
        recomputation after failures."""
        recovery = 0.5 * self._failure_rate * interval * self._avg_step_time
        return self._avg_step_time / (self._avg_step_time + self._avg_checkpoint_time / interval + recovery)

    def _get_avg_checkpoint_time(self):
        return sum(self.checkpoint_times) / len(self.checkpoint_times) if self.checkpoint_times else None

    def _collect_checkpoint_times(self):
        """The save durations the checkpoint callback recorded (``save_info_list``), if it records them."""
        info = getattr(self.ckpt_obj, "save_info_list", None)
        if info is None:
            return
        times = []
        for entry in info.values():
            ckpt = entry.get("ckpt", {})
            start, end = ckpt.get("save_start_time"), ckpt.get("save_end_time")
            if start is not None and end is not None:
                times.append(max(0.0, end - start))
        self.checkpoint_times = times

    def _get_avg_step_time(self, interval_step=2000):
        """The mean step time, without the first step, over at most the last ``interval_step`` steps."""
        if len(self.step_times) <= 1:
            return None
        recent = self.step_times[1:] if len(self.step_times) <= interval_step else self.step_times[-interval_step:]
        return sum(recent) / len(recent)

    def _comm_interval_step(self, interval_step):
        """The interval as an int >= 1 (averaged over the ranks of a distributed run)."""
        if self._group_size == 1:
            return max(1, int(round(interval_step)))
        from ...common import dtype as mstype
        from ...common.tensor import Tensor
        from ...ops import operations as P
        total = P.AllReduce()(Tensor(int(round(interval_step)), dtype=mstype.int32))
        return max(1, int(total.asnumpy().item() / self._group_size))

    @staticmethod
    def _make_table_border(total_width):
        return "+" + "-" * total_width + "+"

    @staticmethod
    def _max_table_line_length(text):
        return max(len(line) for line in str(text).splitlines() or [""])

    @classmethod
    def _get_ckpt_suggestion_table_layout(cls, info_items, title):
        rows = [item for item in info_items if not item[0].startswith(_ATO_SECTION_PREFIX)]
        sections = [item[0][len(_ATO_SECTION_PREFIX):] for item in info_items
                    if item[0].startswith(_ATO_SECTION_PREFIX)]
        widths = (max(len("Item"), max(cls._max_table_line_length(r[0]) for r in rows)) + 2,
                  max(len("Value"), max(cls._max_table_line_length(r[1]) for r in rows)) + 2,
                  min(78, max(len("Description"), max(cls._max_table_line_length(r[2]) for r in rows))) + 2)
        total = max(sum(widths) + 8, len(title) + 2)
        if sections:
            total = max(total, max(len(t) for t in sections) + 2)
        return widths, total

    @staticmethod
    def _format_table_header(col_widths):
        w1, w2, w3 = col_widths
        return f"| {'Item':<{w1}} | {'Value':<{w2}} | {'Description':<{w3}} |"

    @classmethod
    def _append_table_section(cls, lines, key, total_width, header_line):
        lines.append(f"|{key[len(_ATO_SECTION_PREFIX):]:^{total_width}}|")
        lines += [cls._make_table_border(total_width), header_line, cls._make_table_border(total_width)]

    def _append_table_row(self, lines, item, col_widths, total_width):
        cells = [self._wrap_table_cell(text, width) for text, width in zip(item, col_widths)]
        for i in range(max(len(c) for c in cells)):
            a, b, c = (cell[i] if i < len(cell) else "" for cell in cells)
            lines.append(f"| {a:<{col_widths[0]}} | {b:<{col_widths[1]}} | {c:<{col_widths[2]}} |")
        lines.append(self._make_table_border(total_width))

    def _build_ckpt_suggestion_table(self, info_items, title="ATO CKPT Recommendations"):
        widths, total = self._get_ckpt_suggestion_table_layout(info_items, title)
        header = self._format_table_header(widths)
        lines = [self._make_table_border(total), f"|{title:^{total}}|", self._make_table_border(total)]
        for item in info_items:
            if item[0].startswith(_ATO_SECTION_PREFIX):
                self._append_table_section(lines, item[0], total, header)
            else:
                self._append_table_row(lines, item, widths, total)
        return "\n".join(lines)

    def _wrap_table_cell(self, text, width):
        """The cell's lines: each line of ``text`` wrapped at ``width - 2`` characters without breaking words."""
        import textwrap
        out = []
        for line in str(text).splitlines() or [""]:
            if not line:
                out.append("")
                continue
            out += textwrap.wrap(line, width=max(1, width - 2), break_long_words=False,
                                 break_on_hyphens=False) or [""]
        return out

    def _build_current_status_items(self, old_interval, old_interval_ratio):
        return [
            (_ATO_SECTION_PREFIX + "Current Status", "", ""),
            ("Failure Count", str(self._failure_count), "Observed training fault count"),
            ("Total Steps", str(self._total_steps), "Total training steps used for statistics"),
            ("Failure Rate", f"{self._failure_rate:.8f}", "Fault count divided by total training steps"),
            ("Step Time", self._format_duration(self._avg_step_time), "Average time per training step"),
            ("CKPT Save Time", self._format_duration(self._avg_checkpoint_time), "Average checkpoint save time"),
            ("Current CKPT Interval", f"{old_interval} steps", "Current checkpoint save interval"),
            ("Current Effective Training Ratio", self._format_ratio(old_interval_ratio),
             "Current pure-training share of the overall end-to-end time"),
        ]

    def _build_effective_training_tuning_items(self, old_interval, new_interval, old_interval_ratio,
                                               new_interval_ratio):
        section = (_ATO_SECTION_PREFIX + "Effective Training Time Tuning Suggestion", "", "")
        if old_interval == new_interval:
            return [section, ("Checkpoint Frequency Status", f"{old_interval} steps",
                              "The computed recommendation matches the current checkpoint save interval.\n"
                              "The current setting is already the optimal checkpoint save frequency under "
                              "the observed fault rate and timing statistics.\nNo yaml update is required.")]
        prefix = getattr(self.ckpt_obj, "origin_prefix", None)
        if not isinstance(prefix, str) or not prefix:
            prefix = "example"
        yaml_hint = ("callbacks:\n"
                     "  - type: MFLossMonitor  # Prints training progress information\n"
                     "  - type: CheckpointMonitor  # Saves model weights during training\n"
                     f"    prefix: \"{prefix}\"  # Prefix for saved file names\n"
                     f"    save_checkpoint_steps: {new_interval}  # Interval steps for saving model weights")
        value = self._format_ratio(new_interval_ratio)
        if old_interval_ratio > 0:
            value = f"{value} ({(new_interval_ratio - old_interval_ratio) / old_interval_ratio * 100:+.2f}%)"
        return [
            section,
            ("Suggested CKPT Interval", f"{new_interval} steps",
             "Recommended checkpoint save interval derived from the observed fault frequency and timing statistics.\n"
             f"Update the CheckpointMonitor save interval from {old_interval} to {new_interval}.\n"
             f"Example yaml configuration:\n{yaml_hint}\n"
             "Calculation formula: sqrt(2 * t_ckpt / (failure_rate * t_step))"),
            ("Suggested Effective Training Ratio", value,
             "Estimated pure-training share of the end-to-end time after applying the suggested checkpoint interval.\n"
             f"The effective training ratio is expected to increase from {self._format_ratio(old_interval_ratio)} "
             f"to {self._format_ratio(new_interval_ratio)}.\n"
             "Calculation formula: (t_step * N) / (t_step * N + t_ckpt * N / I + "
             "0.5 * failure_rate * I * t_step * N).\nIn this formula, I denotes the suggested checkpoint interval."),
        ]

    def _generate_ckpt_suggestion_log(self, old_interval, new_interval, old_interval_ratio, new_interval_ratio):
        """Print (on rank 0) and return the recommendation table."""
        if _rank() != 0:
            return None
        items = self._build_current_status_items(old_interval, old_interval_ratio)
        items += self._build_effective_training_tuning_items(old_interval, new_interval, old_interval_ratio,
                                                              new_interval_ratio)
        text = f"{self._build_ckpt_suggestion_table(items)}\n"
        print(text, flush=True)
        return text
