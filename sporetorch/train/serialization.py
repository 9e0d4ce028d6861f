"""Checkpoint save/load in MindSpore's .ckpt and safetensors formats."""
__all__ = []
