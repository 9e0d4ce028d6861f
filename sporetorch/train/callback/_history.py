"""History: record the network output and the metrics of every epoch."""
import numpy as np

from ...common.tensor import Tensor
from ._callback import Callback


class History(Callback):
    """Collect, per epoch, the last step's ``net_output`` (mean loss) and any evaluation metrics.

    After the run, ``history.epoch == {"epoch": [1, 2, ...]}`` and ``history.history`` maps
    ``"net_output"`` and each metric name to a list with one value per epoch.
    """

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = None

    def begin(self, run_context):
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        self.epoch["epoch"].append(cb_params.get("cur_epoch_num", 1))
        output = cb_params.get("net_outputs")
        if isinstance(output, (tuple, list)) and output and isinstance(output[0], Tensor):
            output = output[0]
        if isinstance(output, Tensor):
            output = np.mean(output.asnumpy())
        current = {"net_output": output}
        current.update(cb_params.get("metrics") or {})
        for key, value in current.items():
            self.history.setdefault(key, []).append(value)
