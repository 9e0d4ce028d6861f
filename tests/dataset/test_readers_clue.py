"""CLUEDataset on small JSON-lines files of each task, against MindSpore 2.10 CPU."""
import pytest

import sporetorch.dataset as ds

FILES = {
    'afqmc_train.json': '{"sentence1": "花呗如何还款", "sentence2": "花呗怎么还款", "label": "1"}\n{"sentence1": "a b", "sentence2": "c", "label": "0"}\n',
    'afqmc_test.json': '{"id": 0, "sentence1": "x", "sentence2": "y"}\n{"id": 7, "sentence1": "p", "sentence2": "q"}\n',
    'tnews_train.json': '{"label": "102", "label_desc": "news_entertainment", "sentence": "s1", "keywords": "k1,k2"}\n',
    'tnews_test.json': '{"id": 3, "sentence": "s2", "keywords": ""}\n',
    'iflytek_test.json': '{"id": 5, "sentence": "s3"}\n',
    'wsc_train.json': '{"target": {"span2_index": 37, "span1_index": 5, "span1_text": "床", "span2_text": "它"}, "idx": 0, "label": "false", "text": "t1"}\n',
    'csl_train.json': '{"id": 1, "abst": "ab", "keyword": ["k1", "k2"], "label": "1"}\n',
    'cmnli_eval.json': '{"sentence1": "a", "sentence2": "b", "label": "neutral"}\n',
}


@pytest.fixture(scope="module")
def clue(tmp_path_factory):
    root = tmp_path_factory.mktemp("clue")
    for name, text in FILES.items():
        (root / name).write_text(text, encoding="utf-8")
    return str(root)


def rows(root, f, **kw):
    d = ds.CLUEDataset(f"{root}/{f}", shuffle=False, **kw)
    return d.get_dataset_size(), d.get_col_names(), [tuple((c.tolist(), str(c.dtype)) for c in r)
                                                     for r in d.create_tuple_iterator(output_numpy=True)]


# MindSpore 2.10 CPU: (arguments, repr of rows())
CASES = [
    (lambda root: rows(root, "afqmc_train.json"),
     "(2, ['label', 'sentence1', 'sentence2'], [(('1', '<U1'), ('花呗如何还款', '<U6'), ('花呗怎么还款', '<U6')), (('0', '<U1'), ('a b', '<U3'), ('c', '<U1'))])"),
    (lambda root: rows(root, "afqmc_test.json", usage="test"),
     "(2, ['id', 'sentence1', 'sentence2'], [((0, 'uint32'), ('x', '<U1'), ('y', '<U1')), ((7, 'uint32'), ('p', '<U1'), ('q', '<U1'))])"),
    (lambda root: rows(root, "afqmc_train.json", usage="eval"),
     "(2, ['label', 'sentence1', 'sentence2'], [(('1', '<U1'), ('花呗如何还款', '<U6'), ('花呗怎么还款', '<U6')), (('0', '<U1'), ('a b', '<U3'), ('c', '<U1'))])"),
    (lambda root: rows(root, "tnews_train.json", task="TNEWS"),
     "(1, ['keywords', 'label', 'label_desc', 'sentence'], [(('k1,k2', '<U5'), ('102', '<U3'), ('news_entertainment', '<U18'), ('s1', '<U2'))])"),
    (lambda root: rows(root, "tnews_test.json", task="TNEWS", usage="test"),
     "(1, ['id', 'keywords', 'sentence'], [((3, 'uint32'), ('', '<U1'), ('s2', '<U2'))])"),
    (lambda root: rows(root, "iflytek_test.json", task="IFLYTEK", usage="test"),
     "(1, ['id', 'sentence'], [((5, 'uint32'), ('s3', '<U2'))])"),
    (lambda root: rows(root, "wsc_train.json", task="WSC"),
     "(1, ['idx', 'label', 'span1_index', 'span1_text', 'span2_index', 'span2_text', 'text'], [((0, 'uint32'), ('false', '<U5'), (5, 'uint32'), ('床', '<U1'), (37, 'uint32'), ('它', '<U1'), ('t1', '<U2'))])"),
    (lambda root: rows(root, "csl_train.json", task="CSL"),
     "(1, ['abst', 'id', 'keyword', 'label'], [(('ab', '<U2'), (1, 'uint32'), (['k1', 'k2'], '<U2'), ('1', '<U1'))])"),
    (lambda root: rows(root, "cmnli_eval.json", task="CMNLI", usage="eval"),
     "(1, ['label', 'sentence1', 'sentence2'], [(('neutral', '<U7'), ('a', '<U1'), ('b', '<U1'))])"),
]


@pytest.mark.parametrize("k", range(len(CASES)))
def test_clue(clue, k):
    run, expected = CASES[k]
    assert repr(run(clue)) == expected


def test_clue_errors(clue):
    # MindSpore 2.10 CPU
    with pytest.raises(RuntimeError, match="Invalid json file, in given JSON file, failed to find key: label"):
        rows(clue, "afqmc_test.json", task="AFQMC", usage="train")
    with pytest.raises(ValueError, match="task should be 'AFQMC', 'TNEWS', 'IFLYTEK', 'CMNLI', 'WSC' or 'CSL'."):
        ds.CLUEDataset(f"{clue}/afqmc_train.json", task="X")
    with pytest.raises(ValueError, match="usage should be 'train', 'test' or 'eval'."):
        ds.CLUEDataset(f"{clue}/afqmc_train.json", usage="x")
