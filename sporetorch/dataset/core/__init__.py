"""Pipeline-wide settings (``mindspore.dataset.config``)."""
