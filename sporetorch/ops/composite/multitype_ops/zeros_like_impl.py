"""``zeros_like`` leaf by leaf (``zeros_like_leaf``): the zero of a number or Tensor; strings and tuples give 0,
types, slices and None themselves."""
from ... import functional as F
from ..base import MultitypeFuncGraph

zeros_like_leaf = MultitypeFuncGraph("zeros_like", True)


@zeros_like_leaf.register("Number")
def _zeros_like_scalar(x):
    return 0 if isinstance(x, int) else 0.0


@zeros_like_leaf.register("Bool")
def _zeros_like_bool(x):
    return False


@zeros_like_leaf.register("String")
def _zeros_like_string(x):
    return 0


@zeros_like_leaf.register("Tuple")
def _zeros_like_tuple(x):
    return 0


@zeros_like_leaf.register("Tensor")
def _zeros_like_tensor(x):
    return F.zeros_like(x)


@zeros_like_leaf.register("TypeType")
def _zeros_like_type_type(x):
    return x


@zeros_like_leaf.register("None")
def _zeros_like_type_none(x):
    return x


@zeros_like_leaf.register("Slice")
def _zeros_like_slice(x):
    return x


# Graph-only values (map tensors, ref keys, monads, an abstract error) are their own zero.
@zeros_like_leaf.register("MapTensor")
def _zeros_like_map_tensor(x):
    return x


@zeros_like_leaf.register("RefKeyType")
def _zeros_like_refkey_type(x):
    return x


@zeros_like_leaf.register("Problem")
def _zeros_like_abstract_error(x):
    return x


@zeros_like_leaf.register("UMonad")
def _zeros_like_u_monad(x):
    return x


@zeros_like_leaf.register("IOMonad")
def _zeros_like_io_monad(x):
    return x


# The zero of a function or an environment is a new, empty gradient environment.
@zeros_like_leaf.register("Function")
def _zeros_like_func(x):
    return F.environ_create()


@zeros_like_leaf.register("EnvType")
def _zeros_like_env_type(x):
    return F.environ_create()


class _ZerosLike:
    """``zeros_like``: ``fn_leaf`` applied to a value (MindSpore's MetaFuncGraph of the same role)."""

    def __init__(self, name, fn_leaf):
        self.name = name
        self.fn_leaf = fn_leaf

    def __call__(self, x):
        return self.fn_leaf(x)


zeros_like = _ZerosLike("zeros_like", zeros_like_leaf)
