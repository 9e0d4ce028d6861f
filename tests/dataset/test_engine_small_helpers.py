"""engine.queue, callback.validators and engine.serializer_deserializer helpers, against MindSpore 2.10 CPU."""
import os
import queue
import threading

import numpy as np
import pytest

from sporetorch.dataset.callback import validators
from sporetorch.dataset.engine import queue as dq
from sporetorch.dataset.engine import serializer_deserializer as sd


def test_queues():
    # MindSpore 2.10 CPU
    assert dq.get_total_size([np.zeros((2, 3), np.float32), 5, "x", np.zeros(4, np.int8)]) == 28
    q = dq._Queue(1)
    q.put_until(1)
    stop = threading.Event()
    stop.set()
    assert q.put_until(2, timeout=0.05, exit_signal=stop) is None
    with pytest.raises(queue.Full):
        q.put_until(3, timeout=0.05)
    go = threading.Event()
    assert q.get_until(timeout=0.05, exit_signal=go) == 1
    assert q.get_until(timeout=0.05, exit_signal=stop) is None
    with pytest.raises(queue.Empty):
        q.get_until(timeout=0.05)
    q.put(None)
    assert q.get_until(timeout=1, exit_signal=go) is None
    s = dq._SharedQueue(2, None)
    s.put([np.arange(3), np.ones((2, 2))])
    r = s.get()
    assert isinstance(r, tuple) and len(r) == 1 and isinstance(r[0], list) and r[0][0].tolist() == [0, 1, 2]
    s.put((np.arange(30000).reshape(100, 300), 5, {"a": 1}))
    r = s.get()
    assert [type(x).__name__ for x in r] == ["ndarray", "int", "dict"] and int(r[0].sum()) == 449985000
    s.put(np.arange(4))
    assert repr(s.get()) == "(array([0, 1, 2, 3]),)"
    with pytest.raises(TypeError, match="Cannot pickle <class 'generator'> object"):
        s.put(((x for x in range(2)),))


class _CB:
    @validators.check_callback
    def __init__(self, step_size=1):
        self.step_size = step_size


@pytest.mark.parametrize("value, err, msg", [  # MindSpore 2.10 CPU
    (0, ValueError, "Input step_size is not within the required interval of [1, 2147483647]."),
    (2 ** 31, ValueError, "Input step_size is not within the required interval of [1, 2147483647]."),
    ("a", TypeError, "Argument step_size with value a is not of type [<class 'int'>], but got <class 'str'>."),
    (True, TypeError, "Argument step_size with value True is not of type (<class 'int'>,), but got <class 'bool'>."),
])
def test_check_callback(value, err, msg):
    assert _CB(3).step_size == 3
    with pytest.raises(err) as info:
        _CB(value)
    assert str(info.value) == msg


def test_expand_path():
    node = {}
    sd.expand_path(node, "a", "x/../y")
    sd.expand_path(node, "b", ["p", "/q/./r"])
    # MindSpore 2.10 CPU (from its working directory)
    assert node == {"a": os.path.join(os.getcwd(), "y"), "b": [os.path.join(os.getcwd(), "p"), "/q/r"]}
