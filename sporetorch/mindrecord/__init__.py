"""``mindspore.mindrecord``: MindSpore's record file format, written and read in pure Python.

The files are MindSpore 2.10's byte for byte (see ``_format``): files written here load in
MindSpore's ``MindDataset``/``FileReader``, and MindSpore's files load here.
"""
import enum

from .config import set_enc_key, set_enc_mode, set_dec_mode
from .exceptions import *  # noqa: F401,F403
from .exceptions import EXCEPTIONS, LogRuntime, ErrorCodeType, ErrorLevel, SYS_ID  # noqa: F401
from .filewriter import FileWriter
from .filereader import FileReader
from .mindpage import MindPage
from .tools import Cifar10ToMR, Cifar100ToMR, CsvToMR, ImageNetToMR, MnistToMR, TFRecordToMR


class MSRStatus(enum.Enum):
    """Status of a MindRecord call."""
    SUCCESS = 0
    FAILED = 1


SUCCESS = MSRStatus.SUCCESS
FAILED = MSRStatus.FAILED

__all__ = ["FileWriter", "FileReader", "MindPage", "Cifar10ToMR", "Cifar100ToMR", "CsvToMR", "ImageNetToMR",
           "MnistToMR", "TFRecordToMR", "set_enc_key", "set_enc_mode", "set_dec_mode", "SUCCESS", "FAILED"]
