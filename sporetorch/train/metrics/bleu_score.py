"""BLEU score of tokenised translations."""
from collections import Counter

import numpy as np

from .metric import Metric, rearrange_inputs


def _ngrams(tokens, n_gram):
    counter = Counter()
    for n in range(1, n_gram + 1):
        for i in range(len(tokens) - n + 1):
            counter[tuple(tokens[i:i + n])] += 1
    return counter


class BleuScore(Metric):
    """Corpus BLEU: the geometric mean of clipped 1..n-gram precisions times the brevity penalty.

    Args:
        n_gram (int): the largest n-gram, 1..4. Default: 4.
        smooth (bool): add-one smoothing of the precisions. Default: False.

    Inputs of ``update``: candidate sentences (lists of tokens) and, per candidate, a list
    of reference sentences.
    """

    def __init__(self, n_gram=4, smooth=False):
        super().__init__()
        if isinstance(n_gram, bool) or not isinstance(n_gram, int) or not 1 <= n_gram <= 4:
            raise ValueError(f"For 'BleuScore', 'n_gram' must be an int in [1, 4], but got {n_gram!r}")
        if not isinstance(smooth, bool):
            raise TypeError(f"For 'BleuScore', 'smooth' must be a bool, but got {smooth!r}")
        self.n_gram = n_gram
        self.smooth = smooth
        self.clear()

    def clear(self):
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._c = 0.0
        self._r = 0.0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        self._check_inputs(inputs, 2, "candidate_corpus, reference_corpus")
        candidates, references = inputs
        if len(candidates) != len(references):
            raise ValueError(f"For 'BleuScore.update', there are {len(candidates)} candidates but "
                             f"{len(references)} reference lists")
        for candidate, refs in zip(candidates, references):
            self._c += len(candidate)
            lengths = [len(r) for r in refs]
            diffs = [abs(len(candidate) - n) for n in lengths]
            self._r += lengths[diffs.index(min(diffs))]
            counts = _ngrams(candidate, self.n_gram)
            ref_counts = Counter()
            for ref in refs:
                ref_counts |= _ngrams(ref, self.n_gram)
            for gram, k in (counts & ref_counts).items():
                self._numerator[len(gram) - 1] += k
            for gram, k in counts.items():
                self._denominator[len(gram) - 1] += k
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self._numerator.min() == 0.0:
            return np.array(0.0)
        if self.smooth:
            precision = (self._numerator + 1) / (self._denominator + 1)
        else:
            precision = self._numerator / self._denominator
        geometric_mean = np.exp(np.sum(np.log(precision) / self.n_gram))
        brevity = np.array(1.0) if self._c > self._r else np.exp(1 - self._r / self._c)
        return brevity * geometric_mean
