"""MindSpore 2.10's ``mindspore.train.summary.summary_record``: ``SummaryRecord`` and its helpers (defined in
the package's ``__init__``)."""
from . import (SummaryRecord, _cache_summary_tensor_data, _get_summary_tensor_data,  # noqa: F401
               _record_summary_tensor_data, process_export_options)

__all__ = ["SummaryRecord"]
