"""``mindspore.nn.probability``: here the helpers of its distributions (``distribution._utils.utils``). The
distribution, bijector and Bayesian-layer classes come from MindSpore's module tree until they are
implemented."""
