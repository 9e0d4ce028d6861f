"""Text sources: ``TextFileDataset`` (one row per non-empty line) and the text data sets
stored as CSV or line files (AG News, DBpedia, Penn Treebank, WikiText, ...)."""
import csv
import json
import os

import numpy as np

from .datasets import MappableDataset
from .datasets_standard_format import Shuffle, _FileRowsDataset


class TextFileDataset(_FileRowsDataset):
    """The non-empty lines of text files, one row each (column ``text``).

    Args:
        dataset_files (str or list[str]): the files.
        num_samples, num_parallel_workers, shuffle (default True), num_shards, shard_id: as
            for the file sources (read in MindSpore's order, see ``_FileRowsDataset``).

    Outputs: ``text``, a 0-d ``str`` array (line breaks removed).
    """

    _sort_files = True  # MindSpore sorts the file list

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__("TextFileDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id)

    def _column_names(self):
        return ["text"]

    def _file_rows(self, path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.rstrip("\r\n")
                if line:
                    yield (np.array(line),)


def _usage_files(op, dataset_dir, usage, files):
    """The files of ``usage`` (``files``: {usage: file name}; ``"all"`` takes them all)."""
    if not os.path.isdir(dataset_dir):
        raise ValueError(f"For '{op}', the folder {dataset_dir} does not exist or is not a directory")
    usage = "all" if usage is None else usage
    if usage != "all" and usage not in files:
        raise ValueError(f"For '{op}', 'usage' must be one of {list(files) + ['all']}, but got {usage!r}")
    names = list(files.values()) if usage == "all" else [files[usage]]
    paths = [os.path.join(dataset_dir, n) for n in names]
    found = [p for p in paths if os.path.isfile(p)]
    if not found:
        raise ValueError(f"For '{op}', none of the files {names} was found in {dataset_dir}")
    return found


class _HeaderlessCsvDataset(_FileRowsDataset):
    """A text data set stored as header-less CSV files with fixed string columns."""
    _op = ""
    _columns = ()
    _files = {"train": "train.csv", "test": "test.csv"}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        files = _usage_files(self._op, dataset_dir, usage, self._files)
        super().__init__(self._op, files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _column_names(self):
        return list(self._columns)

    def _file_rows(self, path):
        with open(path, newline="", encoding="utf-8") as fh:
            for line_no, fields in enumerate(csv.reader(fh), start=1):
                if not fields:
                    continue
                if len(fields) != len(self._columns):
                    raise ValueError(f"For '{self._op}', {path} line {line_no} has {len(fields)} fields, expected "
                                     f"{len(self._columns)} ({list(self._columns)})")
                yield tuple(np.array(f) for f in fields)


def _csv_dataset(name, columns, doc):
    cls = type(name, (_HeaderlessCsvDataset,), {"_op": name, "_columns": tuple(columns), "__doc__": doc})
    return cls


AGNewsDataset = _csv_dataset("AGNewsDataset", ["index", "title", "description"],
                             "AG News: ``train.csv``/``test.csv``; string columns index, title, description.")
AmazonReviewDataset = _csv_dataset("AmazonReviewDataset", ["label", "title", "content"],
                                   "Amazon reviews: ``train.csv``/``test.csv``; string columns label, title, content.")
DBpediaDataset = _csv_dataset("DBpediaDataset", ["class", "title", "content"],
                              "DBpedia: ``train.csv``/``test.csv``; string columns class, title, content.")
YahooAnswersDataset = _csv_dataset("YahooAnswersDataset", ["class", "title", "content", "answer"],
                                   "Yahoo! Answers: ``train.csv``/``test.csv``; string columns class, title, "
                                   "content, answer.")
YelpReviewDataset = _csv_dataset("YelpReviewDataset", ["label", "text"],
                                 "Yelp reviews: ``train.csv``/``test.csv``; string columns label, text.")
SogouNewsDataset = _csv_dataset("SogouNewsDataset", ["index", "title", "content"],
                                "Sogou News: ``train.csv``/``test.csv``; string columns index, title, content.")


class _LinesDataset(TextFileDataset):
    """A text data set of plain line files per usage; column ``text``."""
    _op = ""
    _files = {}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        files = _usage_files(self._op, dataset_dir, usage, self._files)
        _FileRowsDataset.__init__(self, self._op, files, num_samples, num_parallel_workers, shuffle, num_shards,
                                  shard_id)


class PennTreebankDataset(_LinesDataset):
    """Penn Treebank: ``ptb.train.txt``, ``ptb.valid.txt``, ``ptb.test.txt``; column ``text``."""
    _op = "PennTreebankDataset"
    _files = {"train": "ptb.train.txt", "valid": "ptb.valid.txt", "test": "ptb.test.txt"}


class WikiTextDataset(_LinesDataset):
    """WikiText: ``wiki.train.tokens``, ``wiki.valid.tokens``, ``wiki.test.tokens``; column ``text``."""
    _op = "WikiTextDataset"
    _files = {"train": "wiki.train.tokens", "valid": "wiki.valid.tokens", "test": "wiki.test.tokens"}


class EnWik9Dataset(_LinesDataset):
    """EnWik9: the file ``enwik9`` in ``dataset_dir``; column ``text``."""
    _op = "EnWik9Dataset"
    _files = {"all": "enwik9"}

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        super().__init__(dataset_dir, None, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)


class IMDBDataset(MappableDataset):
    """IMDB reviews: ``<usage>/pos/*.txt`` and ``<usage>/neg/*.txt`` under ``dataset_dir``.

    Outputs: ``text`` (str), ``label`` uint32 (neg 0, pos 1)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        usage = "all" if usage is None else usage
        if usage not in ("train", "test", "all"):
            raise ValueError(f"For 'IMDBDataset', 'usage' must be 'train', 'test' or 'all', but got {usage!r}")
        self._items = []
        for part in (("train", "test") if usage == "all" else (usage,)):
            for label, name in ((1, "pos"), (0, "neg")):
                folder = os.path.join(dataset_dir, part, name)
                if os.path.isdir(folder):
                    self._items += [(os.path.join(folder, f), label) for f in sorted(os.listdir(folder))
                                    if f.endswith(".txt")]
        if not self._items:
            raise ValueError(f"For 'IMDBDataset', no review files were found under {dataset_dir}")
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["text", "label"]

    def _num_rows(self):
        return len(self._items)

    def _read_row(self, index):
        path, label = self._items[index]
        with open(path, encoding="utf-8") as fh:
            return np.array(fh.read()), np.array(label, dtype=np.uint32)


class SST2Dataset(_FileRowsDataset):
    """SST-2: ``train.tsv``/``dev.tsv`` (columns ``sentence``, ``label``) and ``test.tsv``
    (column ``sentence``), each with a header line; values are strings."""

    _files = {"train": "train.tsv", "dev": "dev.tsv", "test": "test.tsv"}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        usage = "train" if usage is None else usage
        if usage not in self._files:
            raise ValueError(f"For 'SST2Dataset', 'usage' must be 'train', 'dev' or 'test', but got {usage!r}")
        self.usage = usage
        files = _usage_files("SST2Dataset", dataset_dir, usage, self._files)
        super().__init__("SST2Dataset", files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _column_names(self):
        return ["sentence"] if self.usage == "test" else ["sentence", "label"]

    def _file_rows(self, path):
        with open(path, encoding="utf-8") as fh:
            header = fh.readline().rstrip("\r\n").split("\t")
            for line in fh:
                fields = dict(zip(header, line.rstrip("\r\n").split("\t")))
                if fields:
                    yield tuple(np.array(fields.get(c, "")) for c in self._column_names())


class _TaggedTokensDataset(_FileRowsDataset):
    """Sentences of one token per line (``word tag tag``), separated by blank lines; each
    row holds one 1-D string array per column."""
    _op = ""
    _columns = ()
    _files = {}

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=Shuffle.GLOBAL, num_shards=None,
                 shard_id=None, num_parallel_workers=None, cache=None):
        files = _usage_files(self._op, dataset_dir, usage, self._files)
        super().__init__(self._op, files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _column_names(self):
        return list(self._columns)

    def _file_rows(self, path):
        sentence = []
        with open(path, encoding="utf-8") as fh:
            for line_no, line in enumerate(fh, start=1):
                parts = line.split()
                if parts:
                    if len(parts) != len(self._columns):
                        raise ValueError(f"For '{self._op}', {path} line {line_no} has {len(parts)} fields, "
                                         f"expected {len(self._columns)}")
                    sentence.append(parts)
                elif sentence:
                    yield tuple(np.array(col) for col in zip(*sentence))
                    sentence = []
        if sentence:
            yield tuple(np.array(col) for col in zip(*sentence))


class CoNLL2000Dataset(_TaggedTokensDataset):
    """CoNLL-2000 chunking: ``train.txt``/``test.txt``; columns ``word``, ``pos_tag``, ``chunk_tag``."""
    _op = "CoNLL2000Dataset"
    _columns = ("word", "pos_tag", "chunk_tag")
    _files = {"train": "train.txt", "test": "test.txt"}


class UDPOSDataset(_TaggedTokensDataset):
    """UDPOS: ``en-ud-tag.v2.{train,dev,test}.txt``; columns ``word``, ``universal``, ``stanford``."""
    _op = "UDPOSDataset"
    _columns = ("word", "universal", "stanford")
    _files = {"train": "en-ud-tag.v2.train.txt", "valid": "en-ud-tag.v2.dev.txt", "test": "en-ud-tag.v2.test.txt"}


class Multi30kDataset(_FileRowsDataset):
    """Multi30k: parallel files ``{train,val,test2016}.{de,en}``; one row per line pair.

    Args:
        language_pair (list[str]): ``["en", "de"]`` (default) or ``["de", "en"]``: the
            ``text`` and ``translation`` languages.

    Outputs: ``text``, ``translation`` (str).
    """

    _parts = {"train": "train", "valid": "val", "test": "test2016"}

    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, num_shards=None, shard_id=None, cache=None):
        usage = "all" if usage is None else usage
        if usage not in ("train", "valid", "test", "all"):
            raise ValueError(f"For 'Multi30kDataset', 'usage' must be 'train', 'valid', 'test' or 'all', "
                             f"but got {usage!r}")
        pair = list(language_pair or ["en", "de"])
        if sorted(pair) != ["de", "en"]:
            raise ValueError(f"For 'Multi30kDataset', 'language_pair' must be ['en', 'de'] or ['de', 'en'], "
                             f"but got {language_pair!r}")
        self.language_pair = pair
        parts = list(self._parts.values()) if usage == "all" else [self._parts[usage]]
        files = [os.path.join(dataset_dir, p) for p in parts if os.path.isfile(os.path.join(dataset_dir, p + ".de"))]
        if not files:
            raise ValueError(f"For 'Multi30kDataset', no {parts} .de/.en files were found in {dataset_dir}")
        super().__init__("Multi30kDataset", [f + ".de" for f in files], num_samples, num_parallel_workers,
                         True if shuffle is None else shuffle, num_shards, shard_id)

    def _column_names(self):
        return ["text", "translation"]

    def _file_rows(self, path):
        stem = path[:-3]
        with open(f"{stem}.{self.language_pair[0]}", encoding="utf-8") as a, \
                open(f"{stem}.{self.language_pair[1]}", encoding="utf-8") as b:
            for x, y in zip(a, b):
                x, y = x.rstrip("\r\n"), y.rstrip("\r\n")
                if x or y:
                    yield np.array(x), np.array(y)


class SQuADDataset(_FileRowsDataset):
    """SQuAD 1.1/2.0: ``train-v*.json``/``dev-v*.json``; one row per question.

    Outputs: ``context``, ``question`` (str), ``text`` (str array of the answers),
    ``answer_start`` (uint32 array).
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        usage = "all" if usage is None else usage
        if usage not in ("train", "dev", "all"):
            raise ValueError(f"For 'SQuADDataset', 'usage' must be 'train', 'dev' or 'all', but got {usage!r}")
        if not os.path.isdir(dataset_dir):
            raise ValueError(f"For 'SQuADDataset', the folder {dataset_dir} does not exist")
        parts = ("train", "dev") if usage == "all" else (usage,)
        files = [os.path.join(dataset_dir, f) for f in sorted(os.listdir(dataset_dir))
                 if f.endswith(".json") and f.split("-")[0] in parts]
        if not files:
            raise ValueError(f"For 'SQuADDataset', no {list(parts)} JSON files were found in {dataset_dir}")
        super().__init__("SQuADDataset", files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _column_names(self):
        return ["context", "question", "text", "answer_start"]

    def _file_rows(self, path):
        import json
        try:
            with open(path, encoding="utf-8") as fh:
                articles = json.load(fh)["data"]
        except (OSError, ValueError, KeyError) as err:
            raise ValueError(f"For 'SQuADDataset', cannot read {path}: {type(err).__name__}: {err}") from None
        for article in articles:
            for para in article["paragraphs"]:
                for qa in para["qas"]:
                    answers = qa.get("answers") or [{"text": "", "answer_start": -1}]
                    yield (np.array(para["context"]), np.array(qa["question"]),
                           np.array([a["text"] for a in answers]),
                           np.array([a["answer_start"] for a in answers], dtype=np.int64).astype(np.uint32))


# CLUE task -> {usage: [(column, JSON key path, is integer)]}; columns come out in name order, as in MindSpore 2.10.
_CLUE_PAIR = {"train": [("sentence1",), ("sentence2",), ("label",)], "eval": [("sentence1",), ("sentence2",),
                                                                             ("label",)],
              "test": [("id",), ("sentence1",), ("sentence2",)]}
_CLUE_WSC = [("span1_index", "target"), ("span2_index", "target"), ("span1_text", "target"),
             ("span2_text", "target"), ("idx",), ("text",)]
_CLUE_COLUMNS = {
    "AFQMC": _CLUE_PAIR,
    "CMNLI": _CLUE_PAIR,
    "TNEWS": {u: [("label",), ("label_desc",), ("sentence",), ("keywords",)] for u in ("train", "eval")}
    | {"test": [("id",), ("sentence",), ("keywords",)]},
    "IFLYTEK": {u: [("label",), ("label_des",), ("sentence",)] for u in ("train", "eval")}
    | {"test": [("id",), ("sentence",)]},
    "WSC": {"train": _CLUE_WSC + [("label",)], "eval": _CLUE_WSC + [("label",)], "test": _CLUE_WSC},
    "CSL": {u: [("id",), ("abst",), ("keyword",), ("label",)] for u in ("train", "eval")}
    | {"test": [("id",), ("abst",), ("keyword",)]},
}
_CLUE_INTEGER = {"id", "idx", "span1_index", "span2_index"}


class CLUEDataset(_FileRowsDataset):
    """CLUE benchmark tasks from JSON-lines files (one object per line).

    Args:
        dataset_files (str or list[str]): the files.
        task (str): ``"AFQMC"`` (default), ``"TNEWS"``, ``"IFLYTEK"``, ``"CMNLI"``, ``"WSC"`` or ``"CSL"``.
        usage (str): ``"train"`` (default), ``"test"`` or ``"eval"``.
        num_samples, num_parallel_workers, shuffle (default ``Shuffle.GLOBAL``), num_shards, shard_id: as for the
            file sources.

    Outputs: the task's fields (WSC's span fields from its ``target`` object) in name order; ``id``, ``idx`` and
    the span indices uint32, the others str (a list, such as CSL's ``keyword``, a str array). A missing key is a
    RuntimeError, as in MindSpore.
    """

    _sort_files = True  # MindSpore sorts the file list

    def __init__(self, dataset_files, task="AFQMC", usage="train", num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        task = "AFQMC" if task is None else task
        usage = "train" if usage is None else usage
        if task not in _CLUE_COLUMNS:
            raise ValueError("task should be 'AFQMC', 'TNEWS', 'IFLYTEK', 'CMNLI', 'WSC' or 'CSL'.")
        if usage not in ("train", "test", "eval"):
            raise ValueError("usage should be 'train', 'test' or 'eval'.")
        super().__init__("CLUEDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id)
        self.task, self.usage = task, usage
        self._fields = sorted(_CLUE_COLUMNS[task][usage], key=lambda f: f[0])

    def _column_names(self):
        return [f[0] for f in self._fields]

    def _file_rows(self, path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                obj = json.loads(line)
                row = []
                for name, *outer in self._fields:
                    node = obj
                    for key in outer + [name]:
                        if not isinstance(node, dict) or key not in node:
                            raise RuntimeError(f"Invalid json file, in given JSON file, failed to find key: {key}")
                        node = node[key]
                    row.append(np.array(node, dtype=np.uint32) if name in _CLUE_INTEGER else np.array(node))
                yield tuple(row)


class _IWSLTDataset(_FileRowsDataset):
    """IWSLT TED translations: ``train.tags.<src>-<tgt>.<lang>`` (text lines; lines starting with ``<`` are
    metadata) and ``IWSLT<yy>.TED.<set>.<src>-<tgt>.<lang>.xml`` (``<seg>`` elements) under ``texts/...``; rows are
    ``(text, translation)`` pairs of the source and target files. ``"all"`` reads train, valid and test.

    Differences from MindSpore: the cleaned copies MindSpore writes next to the files are not written.
    """

    _op = ""
    _year = ""
    _pairs = ()

    def _setup(self, dataset_dir, usage, language_pair, sets, num_samples, num_parallel_workers, shuffle,
               num_shards, shard_id):
        if not isinstance(dataset_dir, (str, os.PathLike)) or not os.path.isdir(dataset_dir):
            raise ValueError(f"The folder {dataset_dir} does not exist or is not a directory or permission denied!")
        usage = "all" if usage is None else usage
        if usage not in ("train", "test", "valid", "all"):
            raise ValueError("Input usage is not within the valid set of ['train', 'test', 'valid', 'all'].")
        language_pair = ["de", "en"] if language_pair is None else language_pair
        if not isinstance(language_pair, (list, tuple)):
            raise TypeError("language_pair should be a type list or tuple of length 2.")
        if tuple(language_pair) not in self._pairs:
            valid = [list(p) for p in self._pairs] if isinstance(language_pair, list) else tuple(self._pairs)
            raise ValueError(f"Input language_pair{language_pair} is not within the valid set of {valid}.")
        src, tgt = language_pair
        folder = self._folder(os.fspath(dataset_dir), src, tgt)
        wanted = {"train": ["train"], "valid": ["valid"], "test": ["test"], "all": ["train", "valid", "test"]}[usage]
        self._targets = {}
        files = []
        for part in wanted:
            if part == "train":
                base = os.path.join(folder, f"train.tags.{src}-{tgt}.")
                source, target = base + src, base + tgt
            else:
                base = os.path.join(folder, f"IWSLT{self._year}.TED.{sets[part]}.{src}-{tgt}.")
                source, target = base + src + ".xml", base + tgt + ".xml"
            for f in (source, target):
                if not os.path.isfile(f):
                    raise RuntimeError(f"Invalid file, failed to open {self._op} file: {f}")
            self._targets[source] = target
            files.append(source)
        super().__init__(self._op, files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self.usage, self.language_pair = usage, list(language_pair)

    def _column_names(self):
        return ["text", "translation"]

    @staticmethod
    def _sentences(path):
        import re
        with open(path, encoding="utf-8") as fh:
            if path.endswith(".xml"):
                return [m.strip() for m in re.findall(r"<seg[^>]*>(.*?)</seg>", fh.read(), flags=re.S)]
            return [line.strip() for line in fh if line.strip() and not line.strip().startswith("<")]

    def _file_rows(self, path):
        src, tgt = self._sentences(path), self._sentences(self._targets[path])
        if len(src) != len(tgt):
            raise RuntimeError(f"Invalid data, {path} has {len(src)} sentences but {self._targets[path]} has "
                               f"{len(tgt)}.")
        for a, b in zip(src, tgt):
            yield np.array(a), np.array(b)


class IWSLT2016Dataset(_IWSLTDataset):
    """IWSLT 2016 (``texts/<src>/<tgt>/<src>-<tgt>/``); ``valid_set``/``test_set`` name the dev/tst files
    (default ``"tst2013"``/``"tst2014"``). See ``_IWSLTDataset``."""

    _op, _year = "IWSLT2016Dataset", "16"
    # MindSpore's list (with its repeated pair)
    _pairs = (("en", "ar"), ("en", "ar"), ("en", "de"), ("en", "fr"), ("en", "cs"), ("ar", "en"), ("fr", "en"),
              ("de", "en"), ("cs", "en"))
    _SETS = ("dev2010", "tst2010", "tst2011", "tst2012", "tst2013", "tst2014")

    def __init__(self, dataset_dir, usage=None, language_pair=None, valid_set=None, test_set=None, num_samples=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        valid_set = "tst2013" if valid_set is None else valid_set
        test_set = "tst2014" if test_set is None else test_set
        for name, value in (("valid_set", valid_set), ("test_set", test_set)):
            if value not in self._SETS:
                raise ValueError(f"Input {name} is not within the valid set of {list(self._SETS)}.")
        self._setup(dataset_dir, usage, language_pair, {"valid": valid_set, "test": test_set}, num_samples,
                    num_parallel_workers, shuffle, num_shards, shard_id)

    @staticmethod
    def _folder(root, src, tgt):
        return os.path.join(root, "texts", src, tgt, f"{src}-{tgt}")


class IWSLT2017Dataset(_IWSLTDataset):
    """IWSLT 2017 (``texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo/``; valid = dev2010, test = tst2010). See
    ``_IWSLTDataset``."""

    _op, _year = "IWSLT2017Dataset", "17"
    _pairs = (("en", "nl"), ("en", "de"), ("en", "it"), ("en", "ro"), ("ro", "de"), ("ro", "en"), ("ro", "nl"),
              ("ro", "it"), ("de", "ro"), ("de", "en"), ("de", "nl"), ("de", "it"), ("it", "en"), ("it", "nl"),
              ("it", "de"), ("it", "ro"), ("nl", "de"), ("nl", "en"), ("nl", "it"), ("nl", "ro"))

    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        self._setup(dataset_dir, usage, language_pair, {"valid": "dev2010", "test": "tst2010"}, num_samples,
                    num_parallel_workers, shuffle, num_shards, shard_id)

    @staticmethod
    def _folder(root, src, tgt):
        d = "DeEnItNlRo"
        return os.path.join(root, "texts", d, d, f"{d}-{d}")
