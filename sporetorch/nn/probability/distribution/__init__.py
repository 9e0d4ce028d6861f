"""``mindspore.nn.probability.distribution``: its helpers (``_utils.utils``)."""
