"""MindSpore 2.10's ``mindspore.train.summary.writer``: the writers of MindInsight's summary, lineage and
export files. Records are framed as MindSpore's C++ event writer frames them (the TFRecord framing: the
length as 8 little-endian bytes, its masked CRC-32C, the data, the data's masked CRC-32C)."""
import os
import stat
import struct
from shutil import disk_usage
from urllib.parse import quote

import numpy as np

from .._utils import _make_directory
from ._summary_adapter import package_init_event
from .enums import PluginEnum, WriterPluginEnum

FREE_DISK_SPACE_TIMES = 32
FILE_MODE = 0o400


def _crc32c_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_CRC32C = _crc32c_table()


def _masked_crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC32C[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


class _EventWriter:
    """Append framed records to a file (MindSpore's ``EventWriter_``)."""

    def __init__(self, path):
        self._file = open(path, "ab")  # noqa: SIM115 - closed by Shut()

    def Write(self, data):  # noqa: N802 - MindSpore's method names
        length = struct.pack("<Q", len(data))
        self._file.write(length + struct.pack("<I", _masked_crc32c(length)) + data
                         + struct.pack("<I", _masked_crc32c(data)))
        return True

    def Flush(self):  # noqa: N802
        self._file.flush()
        return True

    def Shut(self):  # noqa: N802
        self._file.close()
        return True


class BaseWriter:
    """Write records to ``filepath`` (created on the first write, read-only once closed), at most
    ``max_file_size`` bytes in all."""

    def __init__(self, filepath, max_file_size=None) -> None:
        self._filepath, self._max_file_size = filepath, max_file_size
        self._writer = None

    def init_writer(self):
        """Write the file's first records (none here)."""

    @property
    def writer(self):
        """The record writer, created (with the file) on first use."""
        if self._writer is not None:
            return self._writer
        with open(self._filepath, "w"):
            os.chmod(self._filepath, stat.S_IWUSR | stat.S_IRUSR)
        self._writer = _EventWriter(self._filepath)
        self.init_writer()
        return self._writer

    def write(self, plugin, data):
        """Write one record; RuntimeError when the disk is nearly full, RuntimeWarning past ``max_file_size``."""
        required = len(data) + 8 + 4 + 4
        if self.writer and disk_usage(self._filepath).free < required * FREE_DISK_SPACE_TIMES:
            raise RuntimeError(f"The disk space may be soon exhausted by the '{self._filepath}'.")
        if self._max_file_size is None:
            self.writer.Write(data)
        elif self._max_file_size >= required:
            self._max_file_size -= required
            self.writer.Write(data)
        else:
            raise RuntimeWarning(f"'max_file_size' reached: There are {self._max_file_size} bytes remaining, "
                                 f"but the '{self._filepath}' requires to write {required} bytes.")

    def flush(self):
        """Flush the written records to the file."""
        if self._writer is not None:
            self._writer.Flush()

    def close(self):
        """Make the file read-only and close it."""
        try:
            os.chmod(self._filepath, FILE_MODE)
        except FileNotFoundError:
            pass
        if self._writer is not None:
            self._writer.Shut()


class SummaryWriter(BaseWriter):
    """The summary file's writer: the init event first, then summary and graph records."""

    def init_writer(self):
        """Write the init event."""
        self.write(WriterPluginEnum.SUMMARY.value, package_init_event().SerializeToString())

    def write(self, plugin, data):
        """Write summary and graph records (others are ignored)."""
        if plugin in (WriterPluginEnum.SUMMARY.value, PluginEnum.GRAPH.value):
            super().write(plugin, data)


class LineageWriter(BaseWriter):
    """The lineage file's writer: dataset graph, train, eval and custom lineage records."""

    def write(self, plugin, data):
        """Write lineage records (others are ignored)."""
        if plugin in (PluginEnum.DATASET_GRAPH.value, PluginEnum.TRAIN_LINEAGE.value, PluginEnum.EVAL_LINEAGE.value,
                      PluginEnum.CUSTOM_LINEAGE_DATA.value):
            super().write(plugin, data)


class ExportWriter(BaseWriter):
    """Export tensors as ``<filepath>/tensor/TAG_STEP.npy`` (``export_option`` ``"npy"``)."""

    def write(self, plugin, data):
        """Export the data of an exporter record."""
        if plugin == WriterPluginEnum.EXPORTER.value:
            self.export_data(data, data.get("export_option"))

    def flush(self):
        """Nothing is buffered."""

    def close(self):
        """Nothing is open."""

    def export_data(self, data, export_option):
        """Export ``data`` (``{"tag", "step", "value"}``) in ``export_option``'s format (only ``"npy"``)."""
        if export_option == "npy":
            self._export_npy(data, self._filepath)

    @staticmethod
    def _export_npy(data, export_dir):
        tag = quote(data.get("tag"), safe="")
        value = data.get("value")
        path = _make_directory(os.path.join(export_dir, "tensor"))
        if disk_usage(path).free < (value.nbytes + 128) * FREE_DISK_SPACE_TIMES:
            raise RuntimeError(f"The disk space may be soon exhausted by the '{path}'.")
        np_path = f"{path}/{tag}_{int(data.get('step'))}.npy"
        np.save(np_path, value)
        os.chmod(np_path, FILE_MODE)
