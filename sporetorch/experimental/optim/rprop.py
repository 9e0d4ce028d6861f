"""Rprop: resilient back-propagation (the update of ``nn.Rprop``)."""
from ...ops.function.optim_func import rprop_update_
from ._checks import check_greater_than
from .optimizer import Optimizer

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Rprop (Riedmiller & Braun), as ``torch.optim.Rprop``: each element's step size grows by
    ``etas[1]`` while its gradient keeps its sign and shrinks by ``etas[0]`` when it flips (that
    step is skipped); ``p = p - sign(g) * step_size``, step sizes clipped to ``step_sizes``.

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): the initial step size. Default: 1e-2.
        etas (tuple[float]): (decrease, increase) factors, ``0 < etas[0] < 1 < etas[1]``.
            Default: (0.5, 1.2).
        step_sizes (tuple[float]): (minimum, maximum) step size. Default: (1e-6, 50).
        maximize (bool): Default: False.

    State: ``prev.<name>``, ``step_size.<name>``, ``step_t``.
    """

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False):
        check_greater_than(lr, "lr", self.cls_name)
        check_greater_than(etas[1], "etas[1]", self.cls_name, 1.0)
        if not isinstance(etas[0], float) or not 0.0 < etas[0] < 1.0:
            raise ValueError(f"For '{self.cls_name}', the 'etas[0]' must be in range of (0.0, 1.0), "
                             f"but got {etas[0]} with type '{type(etas[0]).__name__}'.")
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes, maximize=maximize)
        super().__init__(params, defaults)
        self.prev = self._clone_state("prev")
        self.step_size = self._clone_state("step_size")
        self._add_step_counter("step_t")

    def _update(self, group, start, end, params, grads, lr):
        step_sizes = self._state_t(self.step_size, start, end)
        if self._step == 1:
            for s in step_sizes:
                s.fill_(lr)
        etaminus, etaplus = group["etas"]
        rprop_update_(params, self._maximize(group["maximize"], grads), self._state_t(self.prev, start, end),
                      step_sizes, etaminus=etaminus, etaplus=etaplus, step_size_min=group["step_sizes"][0],
                      step_size_max=group["step_sizes"][1])
