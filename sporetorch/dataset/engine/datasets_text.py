"""Text sources: ``TextFileDataset`` (one row per non-empty line)."""
from .datasets_standard_format import Shuffle, _FileRowsDataset

import numpy as np


class TextFileDataset(_FileRowsDataset):
    """The non-empty lines of text files, one row each (column ``text``).

    Args:
        dataset_files (str or list[str]): the files.
        num_samples, num_parallel_workers, shuffle (default True), num_shards, shard_id: as
            for the file sources (files are read side by side, one line of each in turn).

    Outputs: ``text``, a 0-d ``str`` array (line breaks removed).
    """

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__("TextFileDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id)

    def _column_names(self):
        return ["text"]

    def _file_rows(self, path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.rstrip("\r\n")
                if line:
                    yield (np.array(line),)
