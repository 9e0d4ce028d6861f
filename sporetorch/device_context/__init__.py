"""``mindspore.device_context``: per-backend device queries and tuning knobs, on torch."""
from . import cpu, gpu

__all__ = ["cpu", "gpu"]
