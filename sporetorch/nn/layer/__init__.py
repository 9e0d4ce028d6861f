"""The layer families of ``sporetorch.nn``, one module each."""
