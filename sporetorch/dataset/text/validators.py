"""MindSpore's argument-check decorators of the text operations (``mindspore.dataset.text.validators``).

Each decorator binds the call to the method's signature first, so a wrong or missing argument is a
``TypeError`` naming the operation before anything runs; the value checks themselves live in the
operation classes, which raise MindSpore's ``ValueError``/``TypeError``.
"""
from ..core.validator_helpers import binding_check as _binding_check
from ..core.validator_helpers import type_check


check_add_token = _binding_check("add_token")
check_lookup = _binding_check("lookup")
check_from_file = _binding_check("from_file")
check_tokens_to_ids = _binding_check("tokens_to_ids")
check_ids_to_tokens = _binding_check("ids_to_tokens")
check_from_list = _binding_check("from_list")
check_from_dict = _binding_check("from_dict")
check_jieba_init = _binding_check("jieba_init")
check_jieba_add_word = _binding_check("jieba_add_word")
check_jieba_add_dict = _binding_check("jieba_add_dict")
check_with_offsets = _binding_check("with_offsets")
check_unicode_script_tokenizer = _binding_check("unicode_script_tokenizer")
check_wordpiece_tokenizer = _binding_check("wordpiece_tokenizer")
check_regex_replace = _binding_check("regex_replace")
check_regex_tokenizer = _binding_check("regex_tokenizer")
check_basic_tokenizer = _binding_check("basic_tokenizer")
check_bert_tokenizer = _binding_check("bert_tokenizer")
check_from_dataset = _binding_check("from_dataset")
check_slidingwindow = _binding_check("slidingwindow")
check_ngram = _binding_check("ngram")
check_truncate = _binding_check("truncate")
check_pair_truncate = _binding_check("pair_truncate")
check_to_number = _binding_check("to_number")
check_python_tokenizer = _binding_check("python_tokenizer")
check_from_dataset_sentencepiece = _binding_check("from_dataset_sentencepiece")
check_from_file_sentencepiece = _binding_check("from_file_sentencepiece")
check_save_model = _binding_check("save_model")
check_sentence_piece_tokenizer = _binding_check("sentence_piece_tokenizer")
check_from_file_vectors = _binding_check("from_file_vectors")
check_to_vectors = _binding_check("to_vectors")


def check_unique_list_of_words(words, arg_name):
    """A list of distinct strings; returns them as a set."""
    type_check(words, (list,), arg_name)
    seen = set()
    for word in words:
        type_check(word, (str,), arg_name)
        if word in seen:
            raise ValueError(arg_name + " contains duplicate word: " + word + ".")
        seen.add(word)
    return seen


def check_vocab(c_vocab):
    """A built Vocab."""
    from .utils import Vocab
    if not isinstance(c_vocab, Vocab):
        raise RuntimeError(f"The Vocab has not built yet, got type {type(c_vocab)}. Use Vocab.from_dataset(), "
                           "Vocab.from_list(), Vocab.from_file() or Vocab.from_dict() to build a Vocab.")
