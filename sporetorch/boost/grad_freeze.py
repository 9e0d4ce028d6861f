"""Gradient freezing: train only some parameter groups at each step."""
import numpy as np

from ..nn.cell import Cell
from ..nn.wrap.cell_wrapper import TrainOneStepCell

__all__ = ["GradientFreeze", "FreezeOpt", "freeze_cell"]

_CONTINUOUS, _INTERVAL = 0, 1


class FreezeOpt(Cell):
    """An optimizer over parameter groups, each step updating the groups ``train_strategy`` names.

    Args:
        opt (Optimizer): the optimizer. train_parameter_groups (list[list[Parameter]]): the groups.
        train_strategy (list[int]): for each step, the index of the group to train.

    Difference from MindSpore: one optimizer serves every step; the gradients of the frozen
    parameters are zeroed instead of building one optimizer per group (an optimizer with state,
    such as Momentum, still decays its state for frozen parameters).
    """

    def __init__(self, opt, train_parameter_groups=None, train_strategy=None):
        super().__init__(auto_prefix=False)
        self._optimizer = opt
        self.parameters = opt.parameters
        self.train_parameter_groups = train_parameter_groups
        self.train_strategy = train_strategy
        self._step = 0

    def construct(self, grads):
        if self.train_strategy is not None and self.train_parameter_groups is not None:
            group = self.train_parameter_groups[self.train_strategy[self._step % len(self.train_strategy)]]
            self._step += 1
            trained = {id(p) for p in group}
            grads = tuple(g if id(p) in trained else g * 0 for g, p in zip(grads, self.parameters))
        return self._optimizer(grads)

    def get_lr(self):
        return self._optimizer.get_lr()


class GradientFreeze:
    """Build a gradient-freezing schedule.

    Args:
        param_groups (int): how many parameter groups. freeze_type (int): 0 for MindSpore's
        continuous schedule, 1 for its interval schedule (drawn with NumPy's global generator).
        freeze_p (float): the freezing probability. total_steps (int): the schedule's length.
    """

    def __init__(self, param_groups, freeze_type, freeze_p, total_steps):
        self._param_groups = param_groups
        self._freeze_type = freeze_type
        self._freeze_p = freeze_p
        self._total_steps = total_steps

    def split_parameters_groups(self, net, freeze_para_groups_number):
        """MindSpore's grouping: chunks of about three trainable parameters (BatchNorm and bias
        parameters join the current chunk); group ``i`` holds the chunks from ``i * stride`` on."""
        chunks, tmp = [], []
        for p in net.trainable_params():
            if "bn" in p.name or "bias" in p.name or len(tmp) < 3:
                tmp.append(p)
            else:
                chunks.append(tmp)
                tmp = [p]
        if tmp:
            chunks.append(tmp)
        stride = len(chunks) // freeze_para_groups_number
        return [sum(chunks[i * stride:], []) for i in range(freeze_para_groups_number)]

    def generate_freeze_index_sequence(self, parameter_groups_number, freeze_strategy, freeze_p, total_steps):
        """For each step, the group to train (0: every parameter), as MindSpore draws them."""
        total_step = int(total_steps * 1.01)
        if parameter_groups_number <= 1:
            return [0] * total_step
        if freeze_strategy == _CONTINUOUS:
            zero_cnt = int(freeze_p * (parameter_groups_number - 1) // (1 - freeze_p) + 0.5)
            cycle = [0] * zero_cnt + list(range(1, parameter_groups_number))
            out = []
            while len(out) < total_step:
                out += cycle
            return out
        if freeze_strategy == _INTERVAL:
            index_all = list(range(1, parameter_groups_number))
            prob = [x / sum(index_all) for x in index_all]
            out, zero_cnt, freeze_cnt = [0], 1, 0
            while len(out) < total_step:
                if freeze_cnt / (zero_cnt + freeze_cnt) < 1 - freeze_p:
                    out.append(int(np.random.choice(index_all[::-1], p=prob)))
                    freeze_cnt += 1
                else:
                    out.append(0)
                    zero_cnt += 1
            return out
        raise ValueError(f"Unsupported freezing training strategy '{freeze_strategy}'")

    def freeze_generate(self, network, optimizer):
        """``(network, FreezeOpt)`` with the schedule."""
        groups = self.split_parameters_groups(network, self._param_groups)
        strategy = self.generate_freeze_index_sequence(self._param_groups, self._freeze_type, self._freeze_p,
                                                       self._total_steps)
        return network, FreezeOpt(optimizer, groups, strategy)


def freeze_cell(reducer_flag, network, optimizer, sens, grad, use_grad_accumulation, mean=None, degree=None,
                max_accumulation_step=1):
    """The training cells of a gradient-freezing run: one ``TrainOneStepCell`` over ``optimizer``
    (a :class:`FreezeOpt` chooses the trained groups itself)."""
    return (TrainOneStepCell(network, optimizer, sens),)
