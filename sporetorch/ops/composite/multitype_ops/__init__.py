"""``mindspore.ops.composite.multitype_ops``: the functions MindSpore registers on its operator
``MultitypeFuncGraph`` objects (``add``, ``getitem``, ``zeros_like``, ...), one module per operator.

Each module holds sporetorch ``MultitypeFuncGraph`` objects of MindSpore's names with the implementations
registered under MindSpore's type signatures. An implementation adapts its arguments (a tuple or list
operand becomes a Tensor of the other operand's dtype) and calls the single op in ``sporetorch.ops``.
Those that MindSpore 2.10's CPU build cannot run eagerly are recorded in
``data/ms_cpu_cannot_run/ops_composite.json`` (``tools/probe_ms_composite.py``) and not defined here.
"""
