"""``mindspore.dataset.text``: tokenizers, Vocab/Lookup, n-grams and word vectors in pure Python.

Not provided: JiebaTokenizer and the SentencePiece ops, which need native libraries.
"""
from .transforms import (TextTensorOperation, AddToken, BasicTokenizer, BertTokenizer, CaseFold, FilterWikipediaXML,
                         Lookup, Ngram, NormalizeUTF8, PythonTokenizer, RegexReplace, RegexTokenizer, SlidingWindow,
                         ToNumber, ToVectors, Truncate, TruncateSequencePair, UnicodeCharTokenizer,
                         UnicodeScriptTokenizer, WhitespaceTokenizer, WordpieceTokenizer)
from .utils import (CharNGram, FastText, GloVe, JiebaMode, NormalizeForm, SentencePieceModel, SPieceTokenizerLoadType,
                    SPieceTokenizerOutType, Vectors, Vocab, to_bytes, to_str)

__all__ = [name for name in dir() if not name.startswith("_") and name not in ("transforms", "utils")]
