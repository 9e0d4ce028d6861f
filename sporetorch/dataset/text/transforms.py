"""Text transforms (``mindspore.dataset.text``) on NumPy arrays of str, in pure Python.

Tokenizers take one string (a 0-d array) and return a 1-D str array; with
``with_offsets=True`` they also return the start and end of each token as UTF-8 byte
offsets (uint32), as MindSpore does. MindSpore's ICU-based ops (case folding,
normalisation, regexes, BERT tokenisation) use Python's ``unicodedata`` and ``re`` here.
"""
import numbers
import re
import unicodedata

import numpy as np

from ...common import dtype as mstype
from ..transforms.transforms import TensorOperation, _numpy_dtype
from .utils import NormalizeForm, Vectors, Vocab


class TextTensorOperation(TensorOperation):
    """Base class of the text transforms."""


def _text(op, x):
    x = np.asarray(x)
    if x.dtype.kind == "S":
        x = np.char.decode(x, "utf8")
    if x.dtype.kind != "U":
        raise RuntimeError(f"For '{op}', the input must be a string tensor, but got dtype {x.dtype}")
    return x


def _scalar_text(op, x):
    x = _text(op, x)
    if x.ndim != 0:
        raise RuntimeError(f"For '{op}', the input shape should be scalar (one string), but got shape {x.shape}")
    return str(x)


def _tokens_out(tokens, spans, text, with_offsets):
    """The token array, plus UTF-8 byte offsets of the character ``spans`` in ``text``."""
    arr = np.array(tokens if tokens else [""], dtype=str)
    if not with_offsets:
        return arr
    byte_pos = np.concatenate([[0], np.cumsum([len(c.encode("utf8")) for c in text])]).astype(np.uint32)
    spans = spans if spans else [(0, 0)]
    return (arr, np.array([byte_pos[s] for s, _ in spans], np.uint32),
            np.array([byte_pos[e] for _, e in spans], np.uint32))


class WhitespaceTokenizer(TextTensorOperation):
    """Split one string on whitespace."""

    def __init__(self, with_offsets=False):
        self.with_offsets = bool(with_offsets)

    def _apply(self, x):
        text = _scalar_text("WhitespaceTokenizer", x)
        spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
        return _tokens_out([text[s:e] for s, e in spans], spans, text, self.with_offsets)


class UnicodeCharTokenizer(TextTensorOperation):
    """Split one string into its characters."""

    def __init__(self, with_offsets=False):
        self.with_offsets = bool(with_offsets)

    def _apply(self, x):
        text = _scalar_text("UnicodeCharTokenizer", x)
        spans = [(i, i + 1) for i in range(len(text))]
        return _tokens_out(list(text), spans, text, self.with_offsets)


def _script(c):
    """A character's script class: whitespace, 'common' (digits, punctuation, symbols) or its script name."""
    if c.isspace():
        return "space"
    if unicodedata.category(c)[0] != "L":
        return "common"
    name = unicodedata.name(c, "UNKNOWN")
    return name.split(" ")[0]


class UnicodeScriptTokenizer(TextTensorOperation):
    """Split one string where the Unicode script changes (whitespace dropped unless ``keep_whitespace``)."""

    def __init__(self, keep_whitespace=False, with_offsets=False):
        self.keep_whitespace = bool(keep_whitespace)
        self.with_offsets = bool(with_offsets)

    def _apply(self, x):
        text = _scalar_text("UnicodeScriptTokenizer", x)
        spans, start = [], 0
        for i in range(1, len(text) + 1):
            if i == len(text) or _script(text[i]) != _script(text[start]):
                if self.keep_whitespace or _script(text[start]) != "space":
                    spans.append((start, i))
                start = i
        return _tokens_out([text[s:e] for s, e in spans], spans, text, self.with_offsets)


def _icu_to_python_replacement(replace):
    return re.sub(r"\$(\d+)", r"\\g<\1>", replace)


class RegexReplace(TextTensorOperation):
    """Replace matches of ``pattern`` with ``replace`` (``$1`` refers to a group), all or only the first."""

    def __init__(self, pattern, replace, replace_all=True):
        if not isinstance(pattern, str) or not isinstance(replace, str):
            raise TypeError("For 'RegexReplace', 'pattern' and 'replace' must be str")
        self.pattern = pattern
        self.replace = replace
        self.replace_all = bool(replace_all)
        self._re = re.compile(pattern)
        self._repl = _icu_to_python_replacement(replace)

    def _apply(self, x):
        x = _text("RegexReplace", x)
        count = 0 if self.replace_all else 1
        if x.ndim == 0:
            return np.array(self._re.sub(self._repl, str(x), count=count))
        return np.vectorize(lambda s: self._re.sub(self._repl, s, count=count), otypes=[str])(x)


class RegexTokenizer(TextTensorOperation):
    """Split one string at matches of ``delim_pattern``; delimiters matching ``keep_delim_pattern`` stay as tokens."""

    def __init__(self, delim_pattern, keep_delim_pattern="", with_offsets=False):
        self.delim_pattern = delim_pattern
        self.keep_delim_pattern = keep_delim_pattern
        self.with_offsets = bool(with_offsets)
        self._delim = re.compile(delim_pattern)
        self._keep = re.compile(keep_delim_pattern) if keep_delim_pattern else None

    def _apply(self, x):
        text = _scalar_text("RegexTokenizer", x)
        spans, pos = [], 0
        for m in self._delim.finditer(text):
            if m.start() == m.end():
                continue
            if m.start() > pos:
                spans.append((pos, m.start()))
            if self._keep is not None and self._keep.fullmatch(m.group()):
                spans.append((m.start(), m.end()))
            pos = m.end()
        if pos < len(text):
            spans.append((pos, len(text)))
        return _tokens_out([text[s:e] for s, e in spans], spans, text, self.with_offsets)


class CaseFold(TextTensorOperation):
    """Unicode full case folding (``'ß'`` → ``'ss'``)."""

    def _apply(self, x):
        x = _text("CaseFold", x)
        return np.array(str(x).casefold()) if x.ndim == 0 else np.vectorize(str.casefold, otypes=[str])(x)


def _normalize(form, s):
    return s if form == NormalizeForm.NONE else unicodedata.normalize(NormalizeForm(form).name, s)


class NormalizeUTF8(TextTensorOperation):
    """Unicode normalisation (``normalize_form``: NFC, NFKC (default), NFD, NFKD or NONE)."""

    def __init__(self, normalize_form=NormalizeForm.NFKC):
        if not isinstance(normalize_form, NormalizeForm):
            raise TypeError(f"For 'NormalizeUTF8', 'normalize_form' must be a NormalizeForm, but got "
                            f"{normalize_form!r}")
        self.normalize_form = normalize_form

    def _apply(self, x):
        x = _text("NormalizeUTF8", x)
        if x.ndim == 0:
            return np.array(_normalize(self.normalize_form, str(x)))
        return np.vectorize(lambda s: _normalize(self.normalize_form, s), otypes=[str])(x)


_UNUSED = re.compile(r"\[(UNK|CLS|SEP|PAD|MASK|unused\d+)\]")


def _is_punct(c):
    cp = ord(c)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def _is_cjk(c):
    cp = ord(c)
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF
            or 0x2F800 <= cp <= 0x2FA1F)


def _strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def _basic_spans(text, keep_whitespace, preserve_unused_token):
    """BERT's basic split: whitespace, punctuation and CJK characters each end a token."""
    spans, start = [], None
    protected = [(m.start(), m.end()) for m in _UNUSED.finditer(text)] if preserve_unused_token else []
    i = 0
    while i < len(text):
        hit = next((p for p in protected if p[0] == i), None)
        c = text[i]
        single = hit or _is_punct(c) or _is_cjk(c)
        if c.isspace() or single:
            if start is not None:
                spans.append((start, i))
                start = None
        if hit:
            spans.append(hit)
            i = hit[1]
            continue
        if c.isspace():
            if keep_whitespace:
                j = i
                while j < len(text) and text[j].isspace():
                    j += 1
                spans.append((i, j))
                i = j
                continue
        elif single:
            spans.append((i, i + 1))
        elif start is None:
            start = i
        i += 1
    if start is not None:
        spans.append((start, len(text)))
    return spans


def _control_free(text):
    return "".join(" " if c in "\t\n\r" else c for c in text
                   if not (ord(c) == 0 or ord(c) == 0xFFFD or (unicodedata.category(c).startswith("C")
                                                                and c not in "\t\n\r")))


class BasicTokenizer(TextTensorOperation):
    """BERT's basic tokenizer: split on whitespace and punctuation, CJK characters alone.

    ``lower_case`` folds case and strips accents; otherwise ``normalization_form`` is applied.
    ``preserve_unused_token`` keeps ``[CLS]``, ``[SEP]``, ``[UNK]``, ``[PAD]``, ``[MASK]``, ``[unusedN]`` whole.
    """

    def __init__(self, lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        self.lower_case = bool(lower_case)
        self.keep_whitespace = bool(keep_whitespace)
        self.normalization_form = NormalizeForm(normalization_form)
        self.preserve_unused_token = bool(preserve_unused_token)
        self.with_offsets = bool(with_offsets)

    def _tokenize(self, text):
        spans = _basic_spans(text, self.keep_whitespace, self.preserve_unused_token)
        tokens = []
        for s, e in spans:
            tok = text[s:e]
            if self.lower_case and not (self.preserve_unused_token and _UNUSED.fullmatch(tok)):
                tok = _strip_accents(tok.casefold())
            elif not self.lower_case:
                tok = _normalize(self.normalization_form, tok)
            tokens.append(tok)
        return tokens, spans

    def _apply(self, x):
        text = _scalar_text(type(self).__name__, x)
        tokens, spans = self._tokenize(text)
        return _tokens_out(tokens, spans, text, self.with_offsets)


def _vocab_ids(op, vocab):
    if not isinstance(vocab, Vocab):
        raise TypeError(f"For '{op}', 'vocab' must be a text.Vocab, but got {type(vocab).__name__}")
    return vocab._ids


def _wordpiece(token, ids, suffix, max_bytes, unknown):
    """Greedy longest-match-first pieces of ``token`` as (piece, start, end) in characters."""
    if len(token.encode("utf8")) > max_bytes:
        return [(unknown if unknown else token, 0, len(token))]
    pieces, start = [], 0
    while start < len(token):
        end = len(token)
        while end > start:
            piece = token[start:end] if start == 0 else suffix + token[start:end]
            if piece in ids:
                pieces.append((piece, start, end))
                break
            end -= 1
        if end == start:
            return [(unknown if unknown else token, 0, len(token))]
        start = end
    return pieces


class WordpieceTokenizer(TextTensorOperation):
    """Split each token into the longest vocabulary pieces (continuations prefixed by ``suffix_indicator``)."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]",
                 with_offsets=False):
        self._ids = _vocab_ids("WordpieceTokenizer", vocab)
        self.vocab = vocab
        self.suffix_indicator = suffix_indicator
        self.max_bytes_per_token = max_bytes_per_token
        self.unknown_token = unknown_token
        self.with_offsets = bool(with_offsets)

    def _pieces(self, token):
        return _wordpiece(token, self._ids, self.suffix_indicator, self.max_bytes_per_token, self.unknown_token)

    def _apply(self, x):
        x = _text("WordpieceTokenizer", x)
        tokens, starts, ends = [], [], []
        for tok in np.atleast_1d(x).tolist():
            for piece, s, e in self._pieces(tok):
                tokens.append(piece)
                starts.append(len(tok[:s].encode("utf8")))
                ends.append(len(tok[:e].encode("utf8")))
        arr = np.array(tokens if tokens else [""], dtype=str)
        if not self.with_offsets:
            return arr
        return arr, np.array(starts, np.uint32), np.array(ends, np.uint32)


class BertTokenizer(BasicTokenizer):
    """``BasicTokenizer`` followed by ``WordpieceTokenizer`` on each token."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]",
                 lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        super().__init__(lower_case, keep_whitespace, normalization_form, preserve_unused_token, with_offsets)
        self._ids = _vocab_ids("BertTokenizer", vocab)
        self.vocab = vocab
        self.suffix_indicator = suffix_indicator
        self.max_bytes_per_token = max_bytes_per_token
        self.unknown_token = unknown_token

    def _apply(self, x):
        text = _scalar_text("BertTokenizer", x)
        byte_pos = np.concatenate([[0], np.cumsum([len(c.encode("utf8")) for c in text])]).astype(np.int64)
        tokens, starts, ends = [], [], []
        for tok, (s, e) in zip(*self._tokenize(text)):
            for piece, ps, pe in _wordpiece(tok, self._ids, self.suffix_indicator, self.max_bytes_per_token,
                                            self.unknown_token):
                tokens.append(piece)
                # Offsets follow the original text; a piece of a changed (case-folded) token maps linearly.
                starts.append(byte_pos[min(s + ps, e)])
                ends.append(byte_pos[min(s + pe, e)])
        arr = np.array(tokens if tokens else [""], dtype=str)
        if not self.with_offsets:
            return arr
        return arr, np.array(starts, np.uint32), np.array(ends, np.uint32)


class Lookup(TextTensorOperation):
    """Map tokens to their ids in ``vocab``; unknown tokens get ``unknown_token``'s id."""

    def __init__(self, vocab, unknown_token=None, data_type=mstype.int32):
        self._ids = _vocab_ids("Lookup", vocab)
        self.vocab = vocab
        if unknown_token is not None and unknown_token not in self._ids:
            raise RuntimeError(f"For 'Lookup', 'unknown_token' {unknown_token!r} is not in the vocab")
        self.unknown_token = unknown_token
        self.data_type = _numpy_dtype("Lookup", data_type)

    def _apply(self, x):
        x = _text("Lookup", x)
        unk = self._ids.get(self.unknown_token) if self.unknown_token is not None else None

        def one(token):
            i = self._ids.get(token, unk)
            if i is None:
                raise RuntimeError(f"For 'Lookup', the token {token!r} is not in the vocab and no "
                                   "'unknown_token' was given")
            return i
        return np.array([one(t) for t in x.ravel().tolist()], dtype=self.data_type).reshape(x.shape)


class Ngram(TextTensorOperation):
    """The n-grams of a 1-D token array for each n in ``n``, joined by ``separator``.

    ``left_pad``/``right_pad`` = (token, width) pad the sequence (at most n - 1 tokens per side).
    """

    def __init__(self, n, left_pad=("", 0), right_pad=("", 0), separator=" "):
        n = [n] if isinstance(n, numbers.Integral) else list(n)
        if not n or any(isinstance(k, bool) or not isinstance(k, numbers.Integral) or k <= 0 for k in n):
            raise ValueError(f"For 'Ngram', 'n' must be a positive int or a list of them, but got {n!r}")
        for name, pad in (("left_pad", left_pad), ("right_pad", right_pad)):
            if not isinstance(pad, tuple) or len(pad) != 2 or not isinstance(pad[0], str) or pad[1] < 0:
                raise ValueError(f"For 'Ngram', '{name}' must be a (str, width >= 0) tuple, but got {pad!r}")
        self.n, self.left_pad, self.right_pad, self.separator = n, left_pad, right_pad, separator

    def _apply(self, x):
        x = _text("Ngram", x)
        if x.ndim != 1:
            raise RuntimeError(f"For 'Ngram', the input must be 1-D, but got shape {x.shape}")
        tokens = x.tolist()
        out = []
        for k in self.n:
            seq = ([self.left_pad[0]] * min(self.left_pad[1], k - 1) + tokens
                   + [self.right_pad[0]] * min(self.right_pad[1], k - 1))
            out += [self.separator.join(seq[i:i + k]) for i in range(len(seq) - k + 1)]
        return np.array(out if out else [""], dtype=str)


class PythonTokenizer(TextTensorOperation):
    """Tokenize one string with a Python function returning a list of str."""

    def __init__(self, tokenizer):
        if not callable(tokenizer):
            raise TypeError(f"For 'PythonTokenizer', 'tokenizer' must be callable, but got {tokenizer!r}")
        self.tokenizer = tokenizer

    def _apply(self, x):
        tokens = self.tokenizer(_scalar_text("PythonTokenizer", x))
        return np.array(list(tokens) if len(tokens) else [""], dtype=str)


class SlidingWindow(TextTensorOperation):
    """Windows of ``width`` consecutive elements of a 1-D array, one per row."""

    def __init__(self, width, axis=0):
        if isinstance(width, bool) or not isinstance(width, numbers.Integral) or width < 1:
            raise ValueError(f"For 'SlidingWindow', 'width' must be a positive int, but got {width!r}")
        self.width = int(width)
        self.axis = axis

    def _apply(self, x):
        if x.ndim != 1:
            raise RuntimeError(f"For 'SlidingWindow', SlidingWindow supports 1D input only, but got shape {x.shape}")
        if self.width > len(x):
            return np.empty((0, self.width), x.dtype)
        return np.ascontiguousarray(np.lib.stride_tricks.sliding_window_view(x, self.width))


class ToNumber(TextTensorOperation):
    """Parse strings as numbers of ``data_type`` (out-of-range or malformed strings raise)."""

    def __init__(self, data_type):
        self.data_type = _numpy_dtype("ToNumber", data_type)
        if self.data_type.kind not in "iuf":
            raise TypeError(f"For 'ToNumber', 'data_type' must be numeric, but got {data_type!r}")

    def _apply(self, x):
        x = _text("ToNumber", x)
        out = []
        for s in x.ravel().tolist():
            try:
                value = int(s) if self.data_type.kind in "iu" else float(s)
            except ValueError as err:
                raise RuntimeError(f"For 'ToNumber', {s!r} is not a valid {self.data_type} number") from err
            if self.data_type.kind in "iu":
                info = np.iinfo(self.data_type)
                if not info.min <= value <= info.max:
                    raise RuntimeError(f"For 'ToNumber', {s!r} is out of range for {self.data_type}")
            out.append(value)
        return np.array(out, dtype=self.data_type).reshape(x.shape)


class Truncate(TextTensorOperation):
    """Keep the first ``max_seq_len`` elements along the last axis (1-D or 2-D input)."""

    def __init__(self, max_seq_len):
        if isinstance(max_seq_len, bool) or not isinstance(max_seq_len, numbers.Integral) or max_seq_len < 1:
            raise ValueError(f"For 'Truncate', 'max_seq_len' must be a positive int, but got {max_seq_len!r}")
        self.max_seq_len = int(max_seq_len)

    def _apply(self, x):
        if x.ndim not in (1, 2):
            raise RuntimeError(f"For 'Truncate', the input must be 1-D or 2-D, but got shape {x.shape}")
        return np.ascontiguousarray(x[..., :self.max_seq_len])


class TruncateSequencePair(TextTensorOperation):
    """Shorten two 1-D arrays, the longer one first, until their total length is at most ``max_length``."""

    def __init__(self, max_length):
        if isinstance(max_length, bool) or not isinstance(max_length, numbers.Integral) or max_length < 0:
            raise ValueError(f"For 'TruncateSequencePair', 'max_length' must be an int >= 0, "
                             f"but got {max_length!r}")
        self.max_length = int(max_length)

    def _apply(self, a, b):
        la, lb = len(a), len(b)
        while la + lb > self.max_length:
            if la > lb:
                la -= 1
            else:
                lb -= 1
        return a[:la].copy(), b[:lb].copy()


class AddToken(TextTensorOperation):
    """Insert ``token`` at the beginning (``begin=True``) or the end of a 1-D str array."""

    def __init__(self, token, begin=True):
        if not isinstance(token, str):
            raise TypeError(f"For 'AddToken', 'token' must be a str, but got {type(token).__name__}")
        self.token = token
        self.begin = bool(begin)

    def _apply(self, x):
        x = _text("AddToken", x)
        if x.ndim != 1:
            raise RuntimeError(f"For 'AddToken', the input must be 1-D, but got shape {x.shape}")
        items = [self.token] + x.tolist() if self.begin else x.tolist() + [self.token]
        return np.array(items, dtype=str)


_DIGITS = {str(d): f" {w} " for d, w in enumerate("zero one two three four five six seven eight nine".split())}


class FilterWikipediaXML(TextTensorOperation):
    """Clean Wikipedia XML markup: drop references and tags, lower-case, spell out digits, keep a-z."""

    def _apply(self, x):
        text = _scalar_text("FilterWikipediaXML", x)
        text = re.sub(r"<ref[^<]*</ref>", " ", text)
        text = re.sub(r"<[^>]*>", " ", text)
        text = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
        text = "".join(_DIGITS.get(c, c) for c in text.lower())
        text = re.sub(r"[^a-z]+", " ", text)
        return np.array(text.strip())


class ToVectors(TextTensorOperation):
    """Replace each token by its vector (``unk_init`` or zeros when unknown), as float32 rows."""

    def __init__(self, vectors, unk_init=None, lower_case_backup=False):
        if not isinstance(vectors, Vectors):
            raise TypeError(f"For 'ToVectors', 'vectors' must be a text.Vectors, but got {type(vectors).__name__}")
        self.vectors = vectors
        self.unk_init = unk_init
        self.lower_case_backup = bool(lower_case_backup)

    def _apply(self, x):
        x = _text("ToVectors", x)
        dim = self.vectors.dim
        unk = np.zeros(dim, np.float32) if self.unk_init is None else np.asarray(self.unk_init, np.float32)
        if unk.shape != (dim,):
            raise RuntimeError(f"For 'ToVectors', 'unk_init' must have {dim} values, but got {len(unk)}")
        rows = [self.vectors._lookup(t, unk, self.lower_case_backup) for t in np.atleast_1d(x).tolist()]
        out = np.stack(rows).astype(np.float32) if rows else np.zeros((0, dim), np.float32)
        return out[0] if x.size == 1 else out  # MindSpore 2.10 gives one token's vector as 1-D
