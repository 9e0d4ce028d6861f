"""MindRecord's exception classes, error codes and their enums (``mindspore.mindrecord``).

Every error is a ``MindRecordException`` with a number; ``error_code`` packs it with the
host runtime, the error type, the level, the system id and the module id (number // 100 + 1)
into one int, bit for bit as MindSpore 2.10 does.
"""

SYS_ID = 0b00101010


from .common.enums import ErrorCodeType, ErrorLevel, LogRuntime  # noqa: E402 - MindSpore's enums module


# name: [number, default message]
EXCEPTIONS = {
    "UnknownError": [0, "Unknown Error."],
    "ParamTypeError": [1, "Param type is error."],
    "ParamValueError": [2, "Param value is error."],
    "ParamMissError": [3, "Param missing."],
    "PathNotExistsError": [4, "Path does not exist."],
    "DbConnectionError": [5, "Db connection is error."],
    "MRMOpenError": [100, "MindRecord could not open."],
    "MRMOpenForAppendError": [101, "MindRecord could not open for append."],
    "MRMInvalidPageSizeError": [102, "Failed to set page size."],
    "MRMInvalidHeaderSizeError": [103, "Failed to set header size."],
    "MRMSetHeaderError": [104, "Failed to set header."],
    "MRMWriteDatasetError": [105, "Failed to write dataset."],
    "MRMCommitError": [107, "Failed to commit."],
    "MRMLaunchError": [108, "Failed to launch."],
    "MRMFinishError": [109, "Failed to finish."],
    "MRMCloseError": [110, "Failed to close."],
    "MRMAddSchemaError": [111, "Failed to add schema."],
    "MRMAddIndexError": [112, "Failed to add index field."],
    "MRMBuildSchemaError": [113, "Failed to build schema."],
    "MRMGetMetaError": [114, "Failed to get meta info."],
    "MRMIndexGeneratorError": [115, "Failed to create index generator."],
    "MRMGenerateIndexError": [116, "Failed to generate index."],
    "MRMInitSegmentError": [117, "Failed to initialize segment."],
    "MRMFetchCandidateFieldsError": [118, "Failed to fetch candidate category fields."],
    "MRMReadCategoryInfoError": [119, "Failed to read category information."],
    "MRMFetchDataError": [120, "Failed to fetch data by category."],
    "MRMInvalidSchemaError": [200, "Schema is error."],
    "MRMValidateDataError": [201, "Raw data is valid."],
    "MRMDefineIndexError": [202, "Index field is error."],
    "MRMDefineBlobError": [203, "Blob field is error."],
    "MRMUnsupportedSchemaError": [204, "Schema is not supported."],
    "MRMDefineCategoryError": [205, "Category field is error."],
}


class MindRecordException(Exception):
    """Base class of MindRecord errors: ``error_msg`` and the numeric ``error_code``."""

    def __init__(self):
        super().__init__()
        number, message = EXCEPTIONS.get(type(self).__name__, EXCEPTIONS["UnknownError"])
        self._error_msg = message
        self._error_code = MindRecordException.transform_error_code(number)

    def __str__(self):
        return f"[{type(self).__name__}]: {self._error_msg}"

    @property
    def error_msg(self):
        return self._error_msg

    @error_msg.setter
    def error_msg(self, msg):
        self._error_msg = msg

    @property
    def error_code(self):
        return self._error_code

    @staticmethod
    def transform_error_code(exception_no):
        """Pack ``exception_no`` with runtime, code type, level, system and module id."""
        mod_id = exception_no // 100 + 1
        return (((0xFF & LogRuntime.RT_HOST) << 30) | ((0xFF & ErrorCodeType.ERROR_CODE) << 28)
                | ((0xFF & ErrorLevel.COMMON_LEVEL) << 25) | ((0xFF & SYS_ID) << 17) | ((0xFF & mod_id) << 12)
                | (0x0FFF & exception_no))


def _detailed(name, template):
    """An exception class whose constructor arguments fill ``template``."""
    def __init__(self, error_detail):
        MindRecordException.__init__(self)
        self.error_msg = template.format(error_detail)
    return type(name, (MindRecordException,), {"__init__": __init__, "__doc__": EXCEPTIONS[name][1]})


class UnknownError(MindRecordException):
    """Unknown Error."""


class ParamValueError(MindRecordException):
    """A parameter has an invalid value."""

    def __init__(self, error_detail):
        super().__init__()
        self.error_msg = f"Invalid parameter value. {error_detail}"


class ParamTypeError(MindRecordException):
    """A parameter has the wrong type."""

    def __init__(self, param_name, expected_type):
        super().__init__()
        self.error_msg = f"Invalid parameter type. '{param_name}' expect {expected_type} type."


class ParamMissError(MindRecordException):
    """A required parameter is missing."""

    def __init__(self, param_name):
        super().__init__()
        self.error_msg = f"Param missing. '{param_name}' is required."


class PathNotExistsError(MindRecordException):
    """A path does not exist."""

    def __init__(self, error_path):
        super().__init__()
        self.error_msg = f"Invalid path. {error_path}"


class DbConnectionError(MindRecordException):
    """The index database cannot be used."""

    def __init__(self, error_detail):
        super().__init__()
        self.error_msg = f"Db connection is error. Detail: {error_detail}"


MRMOpenError = type("MRMOpenError", (MindRecordException,), {"__doc__": "MindRecord could not open."})
MRMOpenForAppendError = type("MRMOpenForAppendError", (MindRecordException,), {"__doc__": "Open for append failed."})
MRMInvalidPageSizeError = type("MRMInvalidPageSizeError", (MindRecordException,), {"__doc__": "Bad page size."})
MRMInvalidHeaderSizeError = type("MRMInvalidHeaderSizeError", (MindRecordException,), {"__doc__": "Bad header size."})
MRMSetHeaderError = type("MRMSetHeaderError", (MindRecordException,), {"__doc__": "Failed to set header."})
MRMWriteDatasetError = type("MRMWriteDatasetError", (MindRecordException,), {"__doc__": "Failed to write."})
MRMCommitError = type("MRMCommitError", (MindRecordException,), {"__doc__": "Failed to commit."})
MRMLaunchError = type("MRMLaunchError", (MindRecordException,), {"__doc__": "Failed to launch."})
MRMFinishError = type("MRMFinishError", (MindRecordException,), {"__doc__": "Failed to finish."})
MRMCloseError = type("MRMCloseError", (MindRecordException,), {"__doc__": "Failed to close."})
MRMAddSchemaError = type("MRMAddSchemaError", (MindRecordException,), {"__doc__": "Failed to add schema."})
MRMAddIndexError = type("MRMAddIndexError", (MindRecordException,), {"__doc__": "Failed to add index field."})
MRMBuildSchemaError = type("MRMBuildSchemaError", (MindRecordException,), {"__doc__": "Failed to build schema."})
MRMGetMetaError = type("MRMGetMetaError", (MindRecordException,), {"__doc__": "Failed to get meta info."})
MRMIndexGeneratorError = type("MRMIndexGeneratorError", (MindRecordException,), {"__doc__": "Index generator."})
MRMGenerateIndexError = type("MRMGenerateIndexError", (MindRecordException,), {"__doc__": "Failed to generate index."})
MRMInitSegmentError = type("MRMInitSegmentError", (MindRecordException,), {"__doc__": "Failed to init segment."})
MRMFetchCandidateFieldsError = type("MRMFetchCandidateFieldsError", (MindRecordException,),
                                    {"__doc__": "Failed to fetch candidate category fields."})
MRMReadCategoryInfoError = type("MRMReadCategoryInfoError", (MindRecordException,),
                                {"__doc__": "Failed to read category information."})
MRMFetchDataError = type("MRMFetchDataError", (MindRecordException,), {"__doc__": "Failed to fetch data."})
MRMInvalidSchemaError = _detailed("MRMInvalidSchemaError", "Schema format is error. Detail: {}")
MRMValidateDataError = _detailed("MRMValidateDataError", "Raw data do not match the schema. Detail: {}")
MRMDefineIndexError = _detailed("MRMDefineIndexError", "Failed to define index field. Detail: {}")
MRMDefineBlobError = _detailed("MRMDefineBlobError", "Failed to define blob field. Detail: {}")
MRMUnsupportedSchemaError = _detailed("MRMUnsupportedSchemaError", "Schema is not supported. Detail: {}")
MRMDefineCategoryError = _detailed("MRMDefineCategoryError", "Failed to define category field. Detail: {}")

__all__ = ["EXCEPTIONS", "MindRecordException", "LogRuntime", "ErrorCodeType", "ErrorLevel", "SYS_ID",
           *[name for name in EXCEPTIONS]]
