"""Small data sets bundled with sporetorch (see each ``*_LICENSE.txt`` for source and licence)."""
import os

import numpy as np

_HERE = os.path.dirname(os.path.abspath(__file__))
DIGITS_PATH = os.path.join(_HERE, "digits.npz")


def load_digits():
    """Return ``(images, labels)`` of the 8x8 handwritten digits set (UCI, CC BY 4.0).

    ``images`` is a uint8 array of shape (1797, 8, 8) with values 0..16 and ``labels``
    a uint8 array of shape (1797,) with classes 0..9. The archive holds plain arrays
    only and is read with ``allow_pickle=False``.
    """
    with np.load(DIGITS_PATH, allow_pickle=False) as archive:
        return archive["images"], archive["labels"]
