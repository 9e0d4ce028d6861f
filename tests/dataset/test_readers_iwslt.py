"""IWSLT2016Dataset and IWSLT2017Dataset on tiny TED files in their documented layouts, against MindSpore 2.10
CPU."""
import pytest

import sporetorch.dataset as ds

TRAIN = {"de": "<url>http://x</url>\n<keywords>k</keywords>\nHallo Welt\n  Guten Tag  \n<talkid>1</talkid>\n",
         "en": "<url>http://x</url>\n<keywords>k</keywords>\nHello world\n  Good day  \n<talkid>1</talkid>\n"}


def _xml(kind, a, b):
    return (f'<mteval>\n<{kind}>\n<doc docid="1">\n<seg id="1"> {a} </seg>\n<seg id="2">{b}</seg>\n</doc>\n'
            f"</{kind}>\n</mteval>\n")


@pytest.fixture(scope="module")
def iwslt(tmp_path_factory):
    root = tmp_path_factory.mktemp("iwslt")
    d17 = root / "texts" / "DeEnItNlRo" / "DeEnItNlRo" / "DeEnItNlRo-DeEnItNlRo"
    d16 = root / "texts" / "de" / "en" / "de-en"
    for folder, year, valid, test in ((d17, "17", "dev2010", "tst2010"), (d16, "16", "tst2013", "tst2014")):
        folder.mkdir(parents=True)
        for lang, text in TRAIN.items():
            (folder / f"train.tags.de-en.{lang}").write_text(text)
        (folder / f"IWSLT{year}.TED.{valid}.de-en.de.xml").write_text(_xml("srcset", "Eins", "Zwei"))
        (folder / f"IWSLT{year}.TED.{valid}.de-en.en.xml").write_text(_xml("refset", "One", "Two"))
        (folder / f"IWSLT{year}.TED.{test}.de-en.de.xml").write_text(_xml("srcset", "Drei", "Vier"))
        (folder / f"IWSLT{year}.TED.{test}.de-en.en.xml").write_text(_xml("refset", "Three", "Four"))
    return str(root)


def rows(root, cls, **kw):
    try:
        d = getattr(ds, cls)(root, shuffle=False, num_parallel_workers=2, **kw)
        return d.get_dataset_size(), d.get_col_names(), [[str(c) for c in r]
                                                         for r in d.create_tuple_iterator(output_numpy=True)]
    except Exception as e:  # noqa: BLE001 - the error is part of the compared output
        return type(e).__name__, str(e).replace("\n", " ")[:150]


# MindSpore 2.10 CPU
CASES = [
    ('IWSLT2017Dataset', 'train', "(2, ['text', 'translation'], [['Hallo Welt', 'Hello world'], ['Guten Tag', 'Good day']])"),
    ('IWSLT2017Dataset', 'valid', "(2, ['text', 'translation'], [['Eins', 'One'], ['Zwei', 'Two']])"),
    ('IWSLT2017Dataset', 'test', "(2, ['text', 'translation'], [['Drei', 'Three'], ['Vier', 'Four']])"),
    ('IWSLT2017Dataset', 'all', "(6, ['text', 'translation'], [['Hallo Welt', 'Hello world'], ['Eins', 'One'], ['Guten Tag', 'Good day'], ['Zwei', 'Two'], ['Drei', 'Three'], ['Vier', 'Four']])"),
    ('IWSLT2016Dataset', 'train', "(2, ['text', 'translation'], [['Hallo Welt', 'Hello world'], ['Guten Tag', 'Good day']])"),
    ('IWSLT2016Dataset', 'valid', "(2, ['text', 'translation'], [['Eins', 'One'], ['Zwei', 'Two']])"),
    ('IWSLT2016Dataset', 'test', "(2, ['text', 'translation'], [['Drei', 'Three'], ['Vier', 'Four']])"),
    ('IWSLT2016Dataset', 'all', "(6, ['text', 'translation'], [['Hallo Welt', 'Hello world'], ['Eins', 'One'], ['Guten Tag', 'Good day'], ['Zwei', 'Two'], ['Drei', 'Three'], ['Vier', 'Four']])"),
]


@pytest.mark.parametrize("cls, usage, expected", CASES)
def test_iwslt(iwslt, cls, usage, expected):
    assert repr(rows(iwslt, cls, usage=usage)) == expected


def test_iwslt_errors(iwslt):
    # MindSpore 2.10 CPU
    assert repr(rows(iwslt, "IWSLT2017Dataset", language_pair=["xx", "en"])) == '(\'ValueError\', "Input language_pair[\'xx\', \'en\'] is not within the valid set of [[\'en\', \'nl\'], [\'en\', \'de\'], [\'en\', \'it\'], [\'en\', \'ro\'], [\'ro\', \'de\'], [\'ro\', \'en\'], [\'")'
    assert repr(rows(iwslt, "IWSLT2016Dataset", valid_set="tst2099")) == '(\'ValueError\', "Input valid_set is not within the valid set of [\'dev2010\', \'tst2010\', \'tst2011\', \'tst2012\', \'tst2013\', \'tst2014\'].")'
    assert repr(rows(iwslt, "IWSLT2016Dataset", language_pair="de")) == "('TypeError', 'language_pair should be a type list or tuple of length 2.')"
