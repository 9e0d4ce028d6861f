"""A short equivalent of torchvision.models._meta (written for the tests)."""
_IMAGENET_CATEGORIES = ["tench", "goldfish", "great white shark"]
