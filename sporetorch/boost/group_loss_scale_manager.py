"""GroupLossScaleManager: a loss scale per group of layers."""
from ..common import dtype as mstype
from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor, _wrap
from ..nn.cell import Cell

__all__ = ["GroupLossScaleManager"]


class GroupLossScaleManager(Cell):
    """Loss scales per layer group, applied to the gradients flowing back between groups.

    Args:
        init_loss_scale (float): the overall loss scale (``get_loss_scale()``).
        loss_scale_groups (list): the groups, as the network marks them.

    ``set_loss_scale_status(n, init)`` creates ``n`` group scales (Parameters
    ``layer_loss_scale_<i>``; ``init`` a float or a list); calling the manager as
    ``manager(x, layer1, layer2)`` returns ``x`` unchanged and multiplies the gradient flowing back
    through it by ``scale[layer1] / scale[layer2]``.
    """

    def __init__(self, init_loss_scale, loss_scale_groups):
        super().__init__()
        self._loss_scale = init_loss_scale
        self.loss_scale_groups = loss_scale_groups
        self.loss_scale_number = 0
        self.layer_loss_scale = None
        self.dynamic_loss_scale = None

    def set_loss_scale_status(self, loss_scale_number, init_loss_scale):
        self.loss_scale_number = loss_scale_number
        self.dynamic_loss_scale = ParameterTuple(
            Parameter(Tensor(1, mstype.float32), name=f"layer_loss_scale_{i}", requires_grad=False)
            for i in range(loss_scale_number + 2))
        values = init_loss_scale if isinstance(init_loss_scale, list) else [init_loss_scale] * loss_scale_number
        for i, value in enumerate(values):
            self.dynamic_loss_scale[i + 1].set_data(Tensor(value, mstype.float32))

    def update_loss_scale_status(self, layer, update_ratio):
        """Multiply group ``layer``'s scale by ``update_ratio``; returns the new scale."""
        p = self.dynamic_loss_scale[layer + 1]
        p._t.mul_(update_ratio)
        return p

    def construct(self, x, layer1, layer2):
        ratio = (self.dynamic_loss_scale[layer1]._t / self.dynamic_loss_scale[layer2]._t).to(x._t.dtype)
        t = x._t
        return _wrap(t * ratio + (t - t * ratio).detach())  # forward x, backward grad * ratio

    def get_loss_scale(self):
        return self._loss_scale

    def get_update_cell(self):
        return self
