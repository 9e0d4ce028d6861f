"""``mindspore.dataset.text`` utilities: Vocab, word-vector tables, enums, str/bytes conversion."""
import os
from enum import IntEnum

import numpy as np


class JiebaMode(IntEnum):
    """Segmentation mode of JiebaTokenizer (MindSpore's values)."""
    MIX = 0
    MP = 1
    HMM = 2


class NormalizeForm(IntEnum):
    """Unicode normalization forms of ``NormalizeUTF8`` and ``BasicTokenizer``."""
    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


class SPieceTokenizerLoadType(IntEnum):
    FILE = 0
    MODEL = 1


class SPieceTokenizerOutType(IntEnum):
    STRING = 0
    INT = 1


class SentencePieceModel(IntEnum):
    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


def to_str(array, encoding="utf8"):
    """Decode a NumPy array of bytes into an array of str."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"For 'to_str', the input must be a numpy.ndarray, but got {type(array).__name__}")
    return np.char.decode(array, encoding)


def to_bytes(array, encoding="utf8"):
    """Encode a NumPy array of str into an array of bytes."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"For 'to_bytes', the input must be a numpy.ndarray, but got {type(array).__name__}")
    return np.char.encode(array, encoding)


def _check_specials(special_tokens, special_first):
    special_tokens = list(special_tokens or [])
    if any(not isinstance(t, str) for t in special_tokens):
        raise TypeError(f"For 'Vocab', 'special_tokens' must be a list of str, but got {special_tokens!r}")
    if len(set(special_tokens)) != len(special_tokens):
        raise ValueError(f"For 'Vocab', 'special_tokens' has duplicate elements: {special_tokens!r}")
    if not isinstance(special_first, bool):
        raise TypeError(f"For 'Vocab', 'special_first' must be a bool, but got {special_first!r}")
    return special_tokens


class Vocab:
    """A token ↔ id table. Build it with ``from_list``, ``from_dict``, ``from_file`` or ``from_dataset``."""

    def __init__(self):
        self._ids = {}

    @classmethod
    def _build(cls, words, special_tokens, special_first):
        specials = _check_specials(special_tokens, special_first)
        words = [w for w in words if w not in specials]
        order = specials + words if special_first else words + specials
        vocab = cls()
        for w in order:
            vocab._ids.setdefault(w, len(vocab._ids))
        return vocab

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True):
        """Ids in list order, special tokens first (or last)."""
        if not isinstance(word_list, list) or any(not isinstance(w, str) for w in word_list):
            raise TypeError(f"For 'Vocab.from_list', 'word_list' must be a list of str, but got {word_list!r}")
        if len(set(word_list)) != len(word_list):
            raise ValueError("For 'Vocab.from_list', 'word_list' has duplicate words")
        return cls._build(word_list, special_tokens, special_first)

    @classmethod
    def from_dict(cls, word_dict):
        """Use the given ``{token: id}`` mapping (ids must be non-negative)."""
        if not isinstance(word_dict, dict) or any(not isinstance(i, int) or i < 0 for i in word_dict.values()):
            raise ValueError(f"For 'Vocab.from_dict', 'word_dict' must map str to non-negative ints, "
                             f"but got {word_dict!r}")
        vocab = cls()
        vocab._ids = dict(word_dict)
        return vocab

    @classmethod
    def from_file(cls, file_path, delimiter="", vocab_size=None, special_tokens=None, special_first=True):
        """One token per line (the text before ``delimiter``), at most ``vocab_size`` tokens."""
        if not isinstance(file_path, str) or not os.path.isfile(file_path):
            raise RuntimeError(f"For 'Vocab.from_file', the file {file_path!r} does not exist")
        if vocab_size is not None and vocab_size <= 0:
            raise ValueError(f"For 'Vocab.from_file', 'vocab_size' must be positive, but got {vocab_size}")
        words = []
        with open(file_path, encoding="utf8") as f:
            for line in f:
                word = line.rstrip("\r\n")
                if delimiter:
                    word = word.split(delimiter, 1)[0]
                if word and word not in words:
                    words.append(word)
                if vocab_size is not None and len(words) == vocab_size:
                    break
        return cls._build(words, special_tokens, special_first)

    @classmethod
    def from_dataset(cls, dataset, columns=None, freq_range=None, top_k=None, special_tokens=None,
                     special_first=True):
        """Count the words of ``columns`` of a dataset of string tokens; most frequent first
        (ties alphabetically), within ``freq_range`` (min, max) and the ``top_k`` most frequent."""
        counts = {}
        cols = [columns] if isinstance(columns, str) else columns
        for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
            for name in cols or list(row):
                for w in np.asarray(row[name]).ravel().tolist():
                    w = w.decode() if isinstance(w, bytes) else str(w)
                    counts[w] = counts.get(w, 0) + 1
        low, high = freq_range if freq_range is not None else (0, None)
        items = [(w, c) for w, c in counts.items() if c >= (low or 0) and (high is None or c <= high)]
        items.sort(key=lambda wc: (-wc[1], wc[0]))
        if top_k is not None:
            items = items[:top_k]
        return cls._build([w for w, _ in items], special_tokens, special_first)

    def vocab(self):
        """The ``{token: id}`` dictionary."""
        return dict(self._ids)

    def tokens_to_ids(self, tokens):
        """Id of each token (-1 when unknown); a single str gives a single id."""
        if isinstance(tokens, str):
            return self._ids.get(tokens, -1)
        return [self._ids.get(str(t), -1) for t in np.asarray(tokens).tolist()]

    def ids_to_tokens(self, ids):
        """Token of each id ('' when unknown); a single int gives a single token."""
        reverse = {i: w for w, i in self._ids.items()}
        if isinstance(ids, (int, np.integer)):
            return reverse.get(int(ids), "")
        return [reverse.get(int(i), "") for i in np.asarray(ids).tolist()]


class Vectors:
    """Word vectors read from a text file of ``token v1 v2 ...`` lines (``from_file``)."""
    _suffix = None

    def __init__(self, tokens=None, vectors=None):
        self._index = {t: i for i, t in enumerate(tokens or [])}
        self._vectors = np.zeros((0, 0), np.float32) if vectors is None else vectors

    @classmethod
    def _check_file(cls, file_path):
        name = os.path.basename(str(file_path))
        if not os.path.isfile(file_path) or (cls._suffix and not cls._matches(name)):
            raise RuntimeError(f"{cls.__name__}: invalid file, can not find file '{file_path}'")

    @classmethod
    def _matches(cls, name):
        return name.endswith(cls._suffix)

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        """Read at most ``max_vectors`` vectors; a leading ``count dim`` header line is skipped."""
        cls._check_file(file_path)
        tokens, rows = [], []
        with open(file_path, encoding="utf8") as f:
            for n, line in enumerate(f):
                parts = line.rstrip().split(" ")
                if n == 0 and len(parts) == 2 and all(p.isdigit() for p in parts):
                    continue
                if len(parts) < 2:
                    continue
                try:
                    values = [float(p) for p in parts[1:]]
                except ValueError as err:
                    raise RuntimeError(f"{cls.__name__}: line {n + 1} of {file_path} is not 'token v1 v2 ...'") \
                        from err
                if rows and len(values) != len(rows[0]):
                    raise RuntimeError(f"{cls.__name__}: line {n + 1} of {file_path} has {len(values)} values, "
                                       f"expected {len(rows[0])}")
                if parts[0] not in tokens:
                    tokens.append(parts[0])
                    rows.append(values)
                if max_vectors is not None and len(rows) == max_vectors:
                    break
        return cls(tokens, np.asarray(rows, np.float32))

    @property
    def dim(self):
        return self._vectors.shape[1] if self._vectors.ndim == 2 else 0

    def _lookup(self, token, unk, lower_case_backup):
        i = self._index.get(token)
        if i is None and lower_case_backup:
            i = self._index.get(token.lower())
        return self._vectors[i] if i is not None else unk


class FastText(Vectors):
    """FastText ``.vec`` files."""
    _suffix = ".vec"


class GloVe(Vectors):
    """GloVe ``glove.*.txt`` files."""
    _suffix = ".txt"

    @classmethod
    def _matches(cls, name):
        return name.startswith("glove.") and name.endswith(".txt")


class CharNGram(Vectors):
    """CharNGram vector files (``token v1 v2 ...``, tokens like ``1gram-a``)."""
    _suffix = ".txt"
