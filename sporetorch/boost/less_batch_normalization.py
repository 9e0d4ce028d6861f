"""LessBN: MindSpore's "fewer BatchNorm" boost, and its feature-normalized last layer."""
import numpy as np

from ..common import dtype as mstype
from ..common.initializer import initializer
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..nn.cell import Cell
from ..nn.layer.basic import Dense
from ..ops import operations as P

__all__ = ["LessBN", "CommonHeadLastFN"]


class CommonHeadLastFN(Cell):
    """The feature-normalized last layer: ``multiplier * (l2norm(x) @ l2norm(weight).T + bias)``.

    Args:
        in_channels (int), out_channels (int): the feature sizes.
        weight_init, bias_init: initializers (or the Parameters of a Dense being replaced).
        has_bias (bool): add ``bias``. Default: True.
    """

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros", has_bias=True):
        super().__init__()
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels]), name="weight")
        self.x_norm = P.L2Normalize(axis=1)
        self.w_norm = P.L2Normalize(axis=1)
        self.fc = P.MatMul(transpose_a=False, transpose_b=True)
        self.multiplier = Parameter(Tensor(np.ones([1]), mstype.float32), name="multiplier")
        self.has_bias = has_bias
        if has_bias:
            self.bias_add = P.BiasAdd()
            self.bias = Parameter(initializer(bias_init, [out_channels]), name="bias")

    def construct(self, x):
        x = self.fc(self.x_norm(x), self.w_norm(self.weight))
        if self.has_bias:
            x = self.bias_add(x, self.bias)
        return self.multiplier * x


class LessBN(Cell):
    """Wrap ``network`` for the "less BN" boost.

    Args:
        network (Cell): the network. fn_flag (bool): replace the last Dense of each cell that has
            Dense children by :class:`CommonHeadLastFN` with the same weights. Default: False.

    MindSpore also marks the network for a graph pass that drops BatchNorm layers on Ascend; that
    pass has no counterpart here, so only the ``fn_flag`` replacement changes the computation.
    """

    def __init__(self, network, fn_flag=False):
        super().__init__()
        self.network = network
        if not getattr(network, "_less_bn", False):
            network._less_bn = True
            if fn_flag:
                self._convert_to_less_bn_net(network)

    def construct(self, *inputs):
        return self.network(*inputs)

    @staticmethod
    def _convert_dense(dense):
        return CommonHeadLastFN(dense.in_channels, dense.out_channels, dense.weight,
                                dense.bias if dense.has_bias else "zeros", False)

    def _convert_to_less_bn_net(self, net):
        dense = []
        for name, sub in net.name_cells().items():
            if sub is net:
                continue
            if isinstance(sub, Dense):
                dense.append((name, sub))
            else:
                self._convert_to_less_bn_net(sub)
        if dense:
            name, sub = dense[-1]
            net.insert_child_to_cell(name, self._convert_dense(sub))
