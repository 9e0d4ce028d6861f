"""``mindspore.dataset.dataloader``: MindSpore 2.10's PyTorch-style data loading utilities (collation and
argument checks here; the loader classes are served from the stored module tree)."""
