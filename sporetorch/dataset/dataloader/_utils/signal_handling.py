"""SIGCHLD handling of the data loader (``mindspore.dataset.dataloader._utils.signal_handling``)."""
import signal
import threading

from .... import log as logger
from . import worker as _worker

_SIGCHLD_HANDLER_SET = False


def set_sigchld_handler():
    """Install (once, from the main thread) a SIGCHLD handler that raises RuntimeError in the main process when a
    registered data-loader worker died, then calls the previous handler."""
    global _SIGCHLD_HANDLER_SET
    if threading.current_thread() is not threading.main_thread():
        logger.warning("Cannot set signal handler in child threads.")
        return
    if _SIGCHLD_HANDLER_SET:
        return
    previous = signal.getsignal(signal.SIGCHLD)

    def handler(signum, frame):
        status = _worker.check_if_worker_exit()
        if status:
            raise RuntimeError(status)
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGCHLD, handler)
    _SIGCHLD_HANDLER_SET = True
