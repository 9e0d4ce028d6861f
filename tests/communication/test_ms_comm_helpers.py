"""MindSpore 2.10's helpers of the collectives (``ops.function.comm_func``, ``mint.distributed``, ``communication.comm_func``): objects pickled into Int8 Tensors, Tensor-list and split-size checks, TCP init URLs.

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor
from sporetorch.ops.function import comm_func as cf
from sporetorch.mint import distributed as md
from sporetorch.mint import distributed as mu
from sporetorch.communication import comm_func as cc
from _ms_literals import show as _show
t = Tensor(np.ones((2, 3), np.float32))





CASES = {
    'obj2t': (lambda: (lambda r: (r[0].shape, str(r[0].dtype), r[1]))(cf._object_to_tensor({"a": 1})), "[(21,), 'Int8', 21]"),
    'roundtrip': (lambda: cf._tensor_to_object(*cf._object_to_tensor([1, "x", (2.5,)], 100)), "[1, 'x', (2.5,)]"),
    'roundtrip_md': (lambda: md._tensor_to_object(*md._object_to_tensor({3}, 10)), '{3}'),
    'size_pad': (lambda: cf._object_to_tensor(7, 64)[1], '64'),
    'rloads': (lambda: cf.restricted_loads(__import__("pickle").dumps(range(3))), 'range(0, 3)'),
    'runpickle': (lambda: cf.RestrictedUnpickler(__import__("io").BytesIO(__import__("pickle").dumps(set([1])))).load(), '{1}'),
    'runpickle_e': (lambda: cf.RestrictedUnpickler(__import__("io").BytesIO(__import__("pickle").dumps(np.float32))).load(), "ERR UnpicklingError global 'numpy.float32' is forbidden"),
    'grouplist': (lambda: cf._check_group_tensor_list([t], 2), 'ERR TypeError The argument list tensor len must be equal to group rank size, but got 1.'),
    'tlist_ok': (lambda: cf._check_tensor_list([t, t], t, 2), 'None'),
    'tlist_dtype': (lambda: md._check_tensor_list([t.astype(ms.int32)], t, 1), 'ERR TypeError The argument list tensor type must be equal to tensor type, but got Int32.'),
    'tlist_shape': (lambda: md._check_tensor_list([t.reshape(3, 2)], t, 1), 'ERR TypeError The argument list tensor shape must be equal to tensor shape, but got (3, 2).'),
    'getsize': (lambda: (cf._get_size((2, 3, 4)), cc._get_size(())), '[24, 1]'),
    'splitempty': (lambda: (cf._is_split_sizes_empty(None), cf._is_split_sizes_empty([]), cc._is_split_sizes_empty([1])), '[True, True, False]'),
    'inplace': (lambda: (cf.is_inplace_func("all_reduce"), cf.is_inplace_func("all_gather"), cf.is_inplace_func("foo")), '[True, True, False]'),
    'splitseq': (lambda: cc._check_split_sizes_sequence(t, [1, 1]), 'None'),
    'splitseq_e1': (lambda: cc._check_split_sizes_sequence(t, []), 'ERR TypeError sequence can not be empty list.'),
    'splitseq_e2': (lambda: cc._check_split_sizes_sequence(t, [1, 2]), 'ERR TypeError sequence containing different elements is not supported yet. Elements must be the same.'),
    'splitseq_e3': (lambda: cc._check_split_sizes_sequence(t, [1, 1, 1]), 'ERR TypeError  The sum of sequence should equal to tensor.shape[0].'),
    'contig': (lambda: cc._contiguous(t.T), "([[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]], 'Float32')"),
    'ipv4': (lambda: (mu._is_valid_ipv4("10.0.0.255"), mu._is_valid_ipv4("256.1.1.1"), mu._is_valid_ipv4("1.2.3")), '[True, False, False]'),
    'url': (lambda: mu._parse_tcp_url_for_ipv4("tcp://127.0.0.1:8118"), "['127.0.0.1', 8118]"),
    'url_e1': (lambda: mu._parse_tcp_url_for_ipv4("http://1.2.3.4:5"), "ERR ValueError Failed to parse TCP URL 'http://1.2.3.4:5': must start with 'tcp://'"),
    'url_e2': (lambda: mu._parse_tcp_url_for_ipv4("tcp://1.2.3.4"), "ERR ValueError Failed to parse TCP URL 'tcp://1.2.3.4': missing port separator ':'"),
    'url_e3': (lambda: mu._parse_tcp_url_for_ipv4("tcp://1.2.3.4:70000"), "ERR ValueError Failed to parse TCP URL 'tcp://1.2.3.4:70000': port out of range [1, 65535] - 70000"),
    'url_e4': (lambda: mu._parse_tcp_url_for_ipv4("tcp://1.2.3.4:5:6"), "ERR ValueError Failed to parse TCP URL 'tcp://1.2.3.4:5:6': IPv6 addresses are not supported"),
    'url_e5': (lambda: mu._parse_tcp_url_for_ipv4("tcp://1.2.3.400:5"), "ERR ValueError Failed to parse TCP URL 'tcp://1.2.3.400:5': invalid IPv4 address - 1.2.3.400"),
    'url_e6': (lambda: mu._parse_tcp_url_for_ipv4("tcp://1.2.3.4:x"), "ERR ValueError Failed to parse TCP URL 'tcp://1.2.3.4:x': port must be numeric - x"),
    'url_e7': (lambda: mu._parse_tcp_url_for_ipv4(5), 'ERR TypeError URL must be a string.'),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
