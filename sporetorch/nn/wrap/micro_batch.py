"""Micro-batch wrappers of MindSpore's parallel training (``MicroBatchInterleaved``, ``PipelineCell``) and
``VirtualDatasetCellTriple``, for one process.

In MindSpore these split the batch so that the parallel compiler can overlap communication with compute
(interleaving) or feed pipeline stages. On one device the split and the summed outputs are computed as
MindSpore computes them: the inputs' first axis is cut into equal parts, the network runs on each part and
the outputs are added.
"""
from ...ops.function import array_func
from ..cell import Cell

__all__ = ["MicroBatchInterleaved", "PipelineCell", "VirtualDatasetCellTriple", "GraphCell"]


def _parts(cell_name, inputs, n):
    sizes = []
    for x in inputs:
        if x.shape[0] % n:
            raise ValueError(f"For '{cell_name}', the first dimension of each input must be divisible by {n}, but "
                             f"got shape {tuple(x.shape)}.")
        sizes.append(x.shape[0] // n)
    return [tuple(array_func.narrow(x, 0, i * s, s) for x, s in zip(inputs, sizes)) for i in range(n)]


def _check_count(cell_name, arg, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{cell_name}', the argument '{arg}' must be integer, but got the type : "
                        f"{type(value)}.")
    if value <= 0:
        raise ValueError(f"For '{cell_name}', the argument '{arg}' must be large than 0, but got {value}.")


class MicroBatchInterleaved(Cell):
    """Run ``network`` on ``interleave_num`` equal slices of the batch (first axis) and add the outputs.

    Args:
        network (Cell): the network; its outputs must support ``+``.
        interleave_num (int): the number of slices. Default: 2.
    """

    def __init__(self, network, interleave_num=2):
        super().__init__(auto_prefix=False)
        _check_count("MicroBatchInterleaved", "interleave_num", interleave_num)
        self.network = network
        self.interleave_num = interleave_num

    def construct(self, *inputs):
        output = 0.0
        for part in _parts("MicroBatchInterleaved", inputs, self.interleave_num):
            output = output + self.network(*part)
        return output


class PipelineCell(Cell):
    """Run ``network`` on ``micro_size`` micro-batches (equal slices of the first axis) and add the outputs.

    Args:
        network (Cell): the network (with its loss).
        micro_size (int): the number of micro-batches.
        stage_config (dict): ``{cell name: stage}``; sets ``pipeline_stage`` on those cells (one stage runs
            everything here).
        segment_config (dict): MindSpore's segment assignment; kept, not used on one device.
    """

    def __init__(self, network, micro_size, stage_config=None, segment_config=None):
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            raise TypeError(f"For 'PipelineCell', the argument 'network' must cell type, but got the type : "
                            f"{type(network)}.")
        _check_count("PipelineCell", "micro_size", micro_size)
        self.network = network
        self.micro_size = micro_size
        self.segment_config = segment_config
        if stage_config:
            cells = dict(network.cells_and_names())
            for name, stage in stage_config.items():
                target = cells.get(name) or (network if str(network) == name else None)
                if target is None:
                    raise KeyError(f"For 'PipelineCell', the cell '{name}' of 'stage_config' is not in the network.")
                target.pipeline_stage = stage

    def construct(self, *inputs):
        out = None
        for part in _parts("PipelineCell", inputs, self.micro_size):
            y = self.network(*part)
            out = y if out is None else out + y
        return out


class VirtualDatasetCellTriple(Cell):
    """Feed three inputs to ``backbone``; in MindSpore it marks the data-parallel split of the dataset, which one
    process does not need."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, a, b, c):
        return self._backbone(a, b, c)


class GraphCell(Cell):
    """Run a MindIR graph returned by ``load``. sporetorch cannot load MindIR (``load`` raises), so a GraphCell
    cannot be built: TypeError, as MindSpore raises for a ``graph`` that is not a FuncGraph."""

    def __init__(self, graph, params_init=None, obf_random_seed=None):
        super().__init__()
        raise TypeError(f"For 'GraphCell', the argument 'graph' must be a FuncGraph loaded from MindIR, but got "
                        f"{type(graph).__name__}; sporetorch cannot load MindIR graphs (export and load ONNX, or "
                        f"rebuild the network and load its checkpoint).")
