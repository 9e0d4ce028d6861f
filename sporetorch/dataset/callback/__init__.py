"""``mindspore.dataset.callback``: dataset callbacks (``DSCallback``, ``WaitedDSCallback``, served from the engine)
and their argument checks."""
from ..engine._callback import DSCallback, WaitedDSCallback
