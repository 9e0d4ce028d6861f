"""Loss cells (`mindspore.nn.loss`)."""
__all__ = []
