"""MindSpore 2.10's ``StubTensor``: an empty class kept for modules that still name it."""


class StubTensor:
    """Kept for compatibility; MindSpore 2.10 no longer builds stub tensors."""
