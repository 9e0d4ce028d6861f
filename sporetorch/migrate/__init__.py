"""Migration toolkit: PyTorch ⇄ MindSpore weight mapping, a layer-by-layer difference finder,
an API scan, reproducible seeding and a PyTorch-to-MindSpore source translator.

- ``weight_map(torch_module, cell)`` / ``convert`` / ``convert_back`` / ``copy_weights``
- ``compare(torch_module, cell, inputs)`` → ``DiffReport`` (terminal table, JSON, HTML)
- ``scan_torch`` / ``scan_mindspore`` / ``scan`` with the shipped torch → MindSpore API table
- ``fix_random(seed)``
- ``translate`` / ``translate_file`` / ``verify``

The command line is ``sporetorch migrate {map,convert,compare,scan,translate}``; docs/migration.md
walks through the method.
"""
from .finder import DiffReport, compare
from .reproducibility import fix_random
from .scan import api_table, format_scan, scan, scan_mindspore, scan_torch
from .translator import translate, translate_file, verify
from .weights import AmbiguousMappingError, WeightMap, convert, convert_back, copy_weights, weight_map

__all__ = ["weight_map", "WeightMap", "AmbiguousMappingError", "convert", "convert_back", "copy_weights",
           "compare", "DiffReport", "fix_random", "api_table", "scan", "scan_torch", "scan_mindspore",
           "format_scan", "translate", "translate_file", "verify"]
