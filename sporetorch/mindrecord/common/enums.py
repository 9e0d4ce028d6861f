"""Enums of MindRecord's error codes (``mindspore.mindrecord.common.enums``)."""


class BaseEnum:
    """Base of the error-code enums (plain classes of int constants)."""


class LogRuntime(BaseEnum):
    """Where an error happened."""
    RT_HOST = 0b01
    RT_DEVICE = 0b10


class ErrorCodeType(BaseEnum):
    """Error or exception code."""
    ERROR_CODE = 0b01
    EXCEPTION_CODE = 0b10


class ErrorLevel(BaseEnum):
    """How serious an error is."""
    COMMON_LEVEL = 0b000
    SUGGESTION_LEVEL = 0b001
    MINOR_LEVEL = 0b010
    MAJOR_LEVEL = 0b011
    CRITICAL_LEVEL = 0b100
