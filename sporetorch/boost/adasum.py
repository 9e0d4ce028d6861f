"""AdaSum: adaptive summation of the weight updates of several devices."""
from ..nn.cell import Cell

__all__ = ["AdaSum"]


class AdaSum(Cell):
    """Combine the weight deltas of ``device_number`` devices by adaptive summation.

    Args:
        rank (int), device_number (int), group_number (int): the device layout.
        parameter_tuple (tuple(Parameter)): the parameters whose deltas are combined.

    Inputs:
        - **delta_weights** (tuple(Tensor)) - this device's weight deltas.
        - **parameters** (tuple(Parameter)), **old_parameters** (tuple(Parameter)) - the current and
          the saved weights.

    With one process (the only layout sporetorch runs) the adaptive sum of one delta is the delta
    itself, so the call returns ``delta_weights`` and leaves the parameters as they are.
    """

    def __init__(self, rank, device_number, group_number, parameter_tuple):
        super().__init__()
        self.rank = rank
        self.device_number = device_number
        self.group_number = group_number
        self.parameter_tuple = parameter_tuple

    def construct(self, delta_weights, parameters, old_parameters):
        return delta_weights
