"""``mindspore._c_expression.amp``: the automatic mixed-precision strategy stack that MindSpore's
``amp.autocast`` pushes and pops. Kept as plain records; the casting itself is ``sporetorch.amp``'s."""
import enum

__all__ = []


class AmpLevel(enum.Enum):
    AmpO0 = 0
    AmpO1 = 1
    AmpO2 = 2
    AmpO3 = 3
    AmpAuto = 4


class AmpStrategy:
    """One mixed-precision strategy: level, compute dtype, white and black lists."""

    def __init__(self, amp_level, amp_dtype, white_list, black_list):
        self.amp_level = amp_level
        self.amp_dtype = amp_dtype
        self.white_list = white_list
        self.black_list = black_list

    def get_amp_level(self):
        return self.amp_level

    def get_amp_dtype(self):
        return self.amp_dtype

    def get_white_list(self):
        return self.white_list

    def get_black_list(self):
        return self.black_list


_STACK = []


def create_amp_strategy(amp_level, amp_dtype, white_list, black_list):
    return AmpStrategy(amp_level, amp_dtype, white_list, black_list)


def push_amp_strategy(amp_level, amp_dtype, white_list, black_list):
    _STACK.append(AmpStrategy(amp_level, amp_dtype, white_list, black_list))


def pop_amp_strategy():
    if _STACK:
        _STACK.pop()


def get_curr_amp_strategy():
    return _STACK[-1] if _STACK else None
