"""MindSpore 2.10's private ``mindspore.train`` helpers (layout redundancy, checkpoint, summary, dataset
and model internals): the calls of _helper_cases.py on sporetorch against the strings MindSpore 2.10 gave
for the same calls."""
import pytest

import sporetorch
from _ms_literals import show
from _helper_cases import all_cases

# MindSpore 2.10 CPU
EXPECTED = {
    'utils/redundancy': "{'a': ((0, 1, 2, 3, 4, 5, 6, 7),), 'b': ((0, 4), (1, 5), (2, 6), (3, 7)), 'w': ((0, 1, 2, 3), (4, 5, 6, 7))}",
    'utils/redundancy_rank8': "{'a': ((8, 9, 10, 11, 12, 13, 14, 15),), 'b': ((8, 12), (9, 13), (10, 14), (11, 15)), 'w': ((8, 9, 10, 11), (12, 13, 14, 15))}",
    'utils/initial_rank': '0',
    'utils/without_opt_shard': "{'x': ((0, 1, 2, 3), (4, 5, 6, 7))}",
    'utils/without_opt_shard_3d': "{'x': ((0, 2, 4), (6, 8, 10), (1, 3, 5), (7, 9, 11))}",
    'utils/pp_size': '8',
    'utils/collect': "{(0, 1, 2, 3, 4, 5, 6, 7): [('a', 0)], (0, 4): [('b', 0)], (1, 5): [('b', 1)], (2, 6): [('b', 2)], (3, 7): [('b', 3)], (0, 1, 2, 3): [('w', 0)], (4, 5, 6, 7): [('w', 1)]}",
    'utils/remove': "[(0, ['a', 'b', 'w']), (1, ['b']), (2, ['b']), (3, ['b']), (4, ['w'])]",
    'utils/remove2': "[(0, ['a', 'b', 'w']), (1, ['a', 'b', 'w']), (2, ['b']), (3, ['b']), (4, ['b', 'w']), (5, ['b', 'w']), (6, ['b']), (7, ['b'])]",
    'utils/strategy_opt_shard': "{'w': ((0, 2), (1, 3)), 'b': ((0, 2), (1, 3))}",
    'utils/strategy_opt_shard_whole': "{'w': ((0, 2), (1, 3))}",
    'utils/strategy_opt_shard_err': 'ERR ValueError For get_parameter_redundancy, the format of the parallel communication domain for the optimizer is incorrect.',
    'utils/data_broadcast': 'False',
    'utils/load_and_transform': "{'A': 1, 'b': 2}",
    'utils/load_and_transform_none': "{'a': 1, 'b': 2}",
    'utils/mstx_range': "[3, '<lambda>']",
}


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    return dict(all_cases(sporetorch, str(tmp_path_factory.mktemp("helpers"))))


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_helper_matches_mindspore(cases, label):
    assert show(cases[label]) == EXPECTED[label]


def test_every_case_has_a_literal(cases):
    assert sorted(cases) == sorted(EXPECTED)
