"""``debug``/``info``/``warning``/``error``/``critical`` log on sporetorch's logger (model zoos call
them as ``from mindspore import log as logger``); ``get_level``/``get_log_config`` give its level in
MindSpore's GLOG terms.

sporetorch logs through the standard ``logging`` logger named ``"sporetorch"``; configure it with
``logging.getLogger("sporetorch").setLevel(...)``. MindSpore's GLOG levels map onto it as
0 DEBUG, 1 INFO, 2 WARNING, 3 ERROR, 4 CRITICAL.
"""
import logging

__all__ = ["get_level", "get_log_config"]

_LOGGER = logging.getLogger("sporetorch")
_GLOG_LEVELS = ((logging.DEBUG, "0"), (logging.INFO, "1"), (logging.WARNING, "2"), (logging.ERROR, "3"),
                (logging.CRITICAL, "4"))


def get_level():
    """The GLOG level ('0'-'4') of sporetorch's logger; '2' (WARNING) unless configured."""
    level = _LOGGER.getEffectiveLevel()
    for threshold, glog in reversed(_GLOG_LEVELS):
        if level >= threshold:
            return glog
    return "0"


def get_log_config():
    """MindSpore's log configuration dict: ``{'GLOG_v': get_level(), 'GLOG_logtostderr': '1'}``
    (sporetorch logs to stderr through ``logging``, never to MindSpore's log files)."""
    return {"GLOG_v": get_level(), "GLOG_logtostderr": "1"}


def debug(msg, *args, **kwargs):
    """Log ``msg % args`` with severity DEBUG on sporetorch's logger (MindSpore 2.10: its own logger)."""
    _LOGGER.debug(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    """Log ``msg % args`` with severity INFO on sporetorch's logger."""
    _LOGGER.info(msg, *args, **kwargs)


def warning(msg, *args, **kwargs):
    """Log ``msg % args`` with severity WARNING on sporetorch's logger."""
    _LOGGER.warning(msg, *args, **kwargs)


def error(msg, *args, **kwargs):
    """Log ``msg % args`` with severity ERROR on sporetorch's logger."""
    _LOGGER.error(msg, *args, **kwargs)


def critical(msg, *args, **kwargs):
    """Log ``msg % args`` with severity CRITICAL on sporetorch's logger."""
    _LOGGER.critical(msg, *args, **kwargs)


class _LogActionOnce:
    """Decorator: the wrapped function's ``logger.warning`` calls are shown only the first time any
    function decorated with the same ``key`` runs (never with ``no_warning``); model zoos use it to
    silence repeated warnings."""

    is_logged = {}

    def __init__(self, logger, key, no_warning=False):
        self.logger = logger
        self.key = key
        self.no_warning = no_warning

    def __call__(self, func):
        def wrapper(*args, **kwargs):
            if not hasattr(self.logger, "warning"):
                return func(*args, **kwargs)
            if not self.no_warning and self.key not in _LogActionOnce.is_logged:
                _LogActionOnce.is_logged[self.key] = True
                return func(*args, **kwargs)
            original = self.logger.warning
            self.logger.warning = lambda *a, **k: None
            try:
                return func(*args, **kwargs)
            finally:
                self.logger.warning = original
        return wrapper
