"""``Distribution``: the base Cell of MindSpore's probability distributions.

A distribution holds its default parameters (``_add_parameter``) and evaluates its functions with them, or with
parameters passed at the call (``_check_param_type`` broadcasts and casts them). A subclass implements some of
``_prob``/``_log_prob``, ``_cdf``/``_log_cdf``/``_survival_function``/``_log_survival``, ``_sd``/``_var``; the
others are derived from them as MindSpore derives them (``prob = exp(log_prob)``, ``survival = 1 - cdf``...).
Calling the Cell dispatches by function name: ``dist('prob', value)``."""
from ...._checkparam import check_non_negative_int, check_value_type
from ...cell import Cell
from ._utils.utils import CheckTensor, CheckTuple, cast_to_tensor, cast_type_for_device, set_param_type


def _not_implemented(func_name, name):
    error = NotImplementedError(f"{func_name} is not implemented for {name} distribution.")
    error._sporetorch_cell = name  # the distribution's own verdict: Cell.__call__ passes it on as it is
    raise error


def _check_float_dtype(dtype, cls_name, valid=None):
    """A distribution's dtype must be a float type, or one of ``valid`` (MindSpore's message)."""
    from ....common import dtype as mstype
    valid = mstype.float_type if valid is None else valid
    if dtype not in valid:
        raise TypeError(f"For '{cls_name}', the 'dtype' should be one of "
                        f"[{', '.join(repr(t) for t in valid)}], but got '{dtype!r}'.")


def _check_dist(dist, expected):
    """The ``dist`` argument of ``kl_loss``/``cross_entropy`` must name this distribution's type."""
    if dist is None:
        raise ValueError("Input dist must be a constant which is not None.")
    if dist != expected:
        raise ValueError(f"Expected dist input is {expected}, but got {dist}.")


def _squeeze_scalar(value, origin_shape):
    """A sample drawn with shape (1,) for a scalar request, back to shape ()."""
    return value.reshape(()) if not origin_shape else value


class Distribution(Cell):
    """Base class of the distributions.

    Args:
        seed (int): the seed of ``sample`` (None: 0). dtype (mindspore.dtype): the distribution's dtype.
        name (str): its name. param (dict): the constructor's arguments (``param['param_dict']`` holds the
            distribution's parameters by name).
    """

    _FALLBACKS = {
        "_call_prob": ("_prob", ("_log_prob", "_calc_prob_from_log_prob")),
        "_call_log_prob": ("_log_prob", ("_prob", "_calc_log_prob_from_prob")),
        "_call_sd": ("_sd", ("_var", "_calc_sd_from_var")),
        "_call_var": ("_var", ("_sd", "_calc_var_from_sd")),
        "_call_cdf": ("_cdf", ("_log_cdf", "_calc_cdf_from_log_cdf"), ("_survival_function", "_calc_cdf_from_survival"),
                      ("_log_survival", "_calc_cdf_from_log_survival")),
    }

    def __init__(self, seed, dtype, name, param):
        super().__init__()
        seed = 0 if seed is None else seed
        check_value_type('name', name, [str], type(self).__name__)
        check_non_negative_int(seed, 'seed', name)
        self._name, self._seed = name, seed
        self._dtype = cast_type_for_device(dtype)
        self._parameters = {k: v for k, v in param.items() if not (k == 'self' or k.startswith('_'))}
        self.default_parameters, self.parameter_names = [], []
        if 'distribution' not in self._parameters:
            self.parameter_type = set_param_type(self._parameters.get('param_dict', {}), dtype)
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = self._check_is_scalar_batch()
            self._broadcast_shape = self._batch_shape
        self._set_functions()
        self.checktuple = CheckTuple()
        self.checktensor = CheckTensor()

    def _set_functions(self):
        """Pick each function's implementation: the subclass's own, or one derived from another."""
        for target, (own, *derived) in self._FALLBACKS.items():
            func = getattr(self, own, None)
            for source, via in derived:
                if func is None and hasattr(self, source):
                    func = getattr(self, via)
            setattr(self, target, func or self._raise_not_implemented_error(target[len("_call_"):]))
        has = {n: hasattr(self, n) for n in ("_cdf", "_log_cdf", "_survival_function", "_log_survival")}
        any_cdf = any(has.values())
        if has["_survival_function"]:
            self._call_survival = self._survival_function
        elif has["_log_survival"]:
            self._call_survival = self._calc_survival_from_log_survival
        elif any_cdf:
            self._call_survival = self._calc_survival_from_call_cdf
        else:
            self._call_survival = self._raise_not_implemented_error('survival_function')
        if has["_log_cdf"]:
            self._call_log_cdf = self._log_cdf
        elif any_cdf:
            self._call_log_cdf = self._calc_log_cdf_from_call_cdf
        else:
            self._call_log_cdf = self._raise_not_implemented_error('log_cdf')
        if has["_log_survival"]:
            self._call_log_survival = self._log_survival
        elif any_cdf:
            self._call_log_survival = self._calc_log_survival_from_call_survival
        else:
            self._call_log_survival = self._raise_not_implemented_error('log_cdf')
        self._call_cross_entropy = getattr(self, "_cross_entropy", None) or \
            self._raise_not_implemented_error('cross_entropy')

    # ------------------------------------------------------------------ properties
    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def seed(self):
        return self._seed

    @property
    def parameters(self):
        return self._parameters

    @property
    def is_scalar_batch(self):
        return self._is_scalar_batch

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def broadcast_shape(self):
        return self._broadcast_shape

    # ------------------------------------------------------------------ parameters
    def _reset_parameters(self):
        self.default_parameters, self.parameter_names = [], []

    def _add_parameter(self, value, name):
        """Keep ``value`` (cast to the parameter dtype; None stays None) as the default of parameter ``name``."""
        if not hasattr(self, 'default_parameters'):
            self.default_parameters, self.parameter_names = [], []
        value_t = None if value is None else cast_to_tensor(value, self.parameter_type)
        self.default_parameters.append(value_t)
        self.parameter_names.append(name)
        return value_t

    def _check_param_type(self, *args):
        """The parameters for one call: each given Tensor or else its default (a TypeError when neither is
        set), broadcast to a common shape and cast to the parameter dtype; one Tensor or a tuple."""
        from .... import ops
        out = []
        for arg, name, default in zip(args, self.parameter_names, self.default_parameters):
            if arg is not None:
                self.checktensor(arg, name)
            elif default is not None:
                arg = default
            else:
                raise TypeError(f"the type {name} must be subclass of Tensor. It can not be None since it is not "
                                "specified during initialization.")
            out.append(arg)
        if len(out) == 1:
            return ops.cast(out[0], self.parameter_type)
        out = [ops.cast(arg, self.parameter_type) for arg in out]
        total = out[0]
        for arg in out[1:]:
            total = total + arg
        shape = total.shape
        return tuple(ops.broadcast_to(arg, shape) for arg in out)

    def _check_value(self, value, name):
        self.checktensor(value, name)
        return value

    def _check_is_scalar_batch(self):
        return all(v is None or isinstance(v, (int, float)) for v in self.parameters.get('param_dict').values())

    def _calc_batch_shape(self):
        total = None
        for value in self.parameters.get('param_dict').values():
            if value is None:
                return None
            value = cast_to_tensor(value)
            total = value if total is None else value + total
        return None if total is None else total.shape

    # ------------------------------------------------------------------ derived functions
    def _raise_not_implemented_error(self, func_name):
        name = self.name

        def raise_error(*args, **kwargs):
            return _not_implemented(func_name, name)
        return raise_error

    def _calc_prob_from_log_prob(self, value, *args, **kwargs):
        from .... import ops
        return ops.exp(self._log_prob(value, *args, **kwargs))

    def _calc_log_prob_from_prob(self, value, *args, **kwargs):
        from .... import ops
        return ops.log(self._prob(value, *args, **kwargs))

    def _calc_cdf_from_log_cdf(self, value, *args, **kwargs):
        from .... import ops
        return ops.exp(self._log_cdf(value, *args, **kwargs))

    def _calc_cdf_from_survival(self, value, *args, **kwargs):
        return 1.0 - self._survival_function(value, *args, **kwargs)

    def _calc_cdf_from_log_survival(self, value, *args, **kwargs):
        from .... import ops
        return 1.0 - ops.exp(self._log_survival(value, *args, **kwargs))

    def _calc_log_cdf_from_call_cdf(self, value, *args, **kwargs):
        from .... import ops
        return ops.log(self._call_cdf(value, *args, **kwargs))

    def _calc_survival_from_call_cdf(self, value, *args, **kwargs):
        return 1.0 - self._call_cdf(value, *args, **kwargs)

    def _calc_survival_from_log_survival(self, value, *args, **kwargs):
        from .... import ops
        return ops.exp(self._log_survival(value, *args, **kwargs))

    def _calc_log_survival_from_call_survival(self, value, *args, **kwargs):
        from .... import ops
        return ops.log(self._call_survival(value, *args, **kwargs))

    def _calc_sd_from_var(self, *args, **kwargs):
        from .... import ops
        return ops.sqrt(self._var(*args, **kwargs))

    def _calc_var_from_sd(self, *args, **kwargs):
        from .... import ops
        return ops.square(self._sd(*args, **kwargs))

    def _calc_cross_entropy(self, dist, *args, **kwargs):
        return self._entropy(*args, **kwargs) + self._kl_loss(dist, *args, **kwargs)

    # ------------------------------------------------------------------ the public functions
    def log_prob(self, value, *args, **kwargs):
        return self._call_log_prob(value, *args, **kwargs)

    def prob(self, value, *args, **kwargs):
        return self._call_prob(value, *args, **kwargs)

    def cdf(self, value, *args, **kwargs):
        return self._call_cdf(value, *args, **kwargs)

    def log_cdf(self, value, *args, **kwargs):
        return self._call_log_cdf(value, *args, **kwargs)

    def survival_function(self, value, *args, **kwargs):
        return self._call_survival(value, *args, **kwargs)

    def log_survival(self, value, *args, **kwargs):
        return self._call_log_survival(value, *args, **kwargs)

    def kl_loss(self, dist, *args, **kwargs):
        return self._kl_loss(dist, *args, **kwargs)

    def mean(self, *args, **kwargs):
        return self._mean(*args, **kwargs)

    def mode(self, *args, **kwargs):
        return self._mode(*args, **kwargs)

    def sd(self, *args, **kwargs):
        return self._call_sd(*args, **kwargs)

    def var(self, *args, **kwargs):
        return self._call_var(*args, **kwargs)

    def entropy(self, *args, **kwargs):
        return self._entropy(*args, **kwargs)

    def cross_entropy(self, dist, *args, **kwargs):
        return self._call_cross_entropy(dist, *args, **kwargs)

    def sample(self, *args, **kwargs):
        return self._sample(*args, **kwargs)

    def get_dist_args(self, *args, **kwargs):
        return self._get_dist_args(*args, **kwargs)

    def get_dist_type(self):
        return self._get_dist_type()

    def _kl_loss(self, *args, **kwargs):
        return _not_implemented('kl_loss', self.name)

    def _mean(self, *args, **kwargs):
        return _not_implemented('mean', self.name)

    def _mode(self, *args, **kwargs):
        return _not_implemented('mode', self.name)

    def _entropy(self, *args, **kwargs):
        return _not_implemented('entropy', self.name)

    def _sample(self, *args, **kwargs):
        return _not_implemented('sample', self.name)

    def _get_dist_args(self, *args, **kwargs):
        return _not_implemented('get_dist_args', self.name)

    def _get_dist_type(self):
        return _not_implemented('get_dist_type', self.name)

    _DISPATCH = {"log_prob": "_call_log_prob", "prob": "_call_prob", "cdf": "_call_cdf", "log_cdf": "_call_log_cdf",
                 "survival_function": "_call_survival", "log_survival": "_call_log_survival", "kl_loss": "_kl_loss",
                 "mean": "_mean", "mode": "_mode", "sd": "_call_sd", "var": "_call_var", "entropy": "_entropy",
                 "cross_entropy": "_call_cross_entropy", "sample": "_sample", "get_dist_args": "_get_dist_args",
                 "get_dist_type": "_get_dist_type"}

    def construct(self, name, *args, **kwargs):
        """``dist(name, *args)``: the function ``name`` ('prob', 'cdf', 'mean', 'sample'...) of the
        distribution."""
        target = self._DISPATCH.get(name)
        if target is None:
            return _not_implemented(name, self.name)
        return getattr(self, target)(*args, **kwargs)


__all__ = ["Distribution"]
