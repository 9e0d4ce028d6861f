"""Recall (defined beside Precision, with which it shares its bookkeeping)."""
from .precision import Recall

__all__ = ["Recall"]
