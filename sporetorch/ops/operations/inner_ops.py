"""Assorted Primitive classes: views, format permutation, n-gram blocking, the regularized incomplete beta
function, AdagradDA and Adam-without-update kernels, candidate samplers, Python-function and debugging ops."""
import numpy as np
import torch

from ...common import jit as _jit
from ...common.tensor import Tensor, _wrap
from ...common._inplace import _set
from ..function import array_func, random_func
from ..function._utils import FLOATS, _ut
from ..primitive import Primitive, prim_attr_register
from ._errors import tensor_of

__all__ = [
    "AdamNoUpdateParam",
    "ApplyAdagradDA",
    "Betainc",
    "CTCLossV2",
    "ComputeAccidentalHits",
    "CopyWithSlice",
    "DataFormatVecPermute",
    "DumpGradient",
    "LogUniformCandidateSampler",
    "NoRepeatNGram",
    "ParameterizedTruncatedNormal",
    "PyFunc",
    "SelectView",
    "SubAndFilter",
    "TransposeExtView",
    "TransposeView",
    "UniformCandidateSampler",
]

_I32_I64 = (torch.int32, torch.int64)


def _int_arg(prim, name, value):
    """TypeError unless ``value`` is a Python int, as MindSpore 2.10's argument parser requires it."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{prim}', the '{name}' must be an int, but got {type(value).__name__}")


class TransposeView(Primitive):
    """``Transpose`` returning a view: ``TransposeView()(x, perm)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input, input_perm):
        return array_func.transpose(input, input_perm)


class TransposeExtView(Primitive):
    """Swap two axes, returning a view: ``TransposeExtView()(x, dim0, dim1)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input, dim0, dim1):
        _int_arg("TransposeExtView", "dim0", dim0)
        _int_arg("TransposeExtView", "dim1", dim1)
        return array_func.swapaxes(input, dim0, dim1)


class SelectView(Primitive):
    """The view of ``input_tensor`` at ``input_indices`` along ``axis`` (that axis removed):
    ``SelectView()(x, index, axis)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input_tensor, input_indices, axis):
        _int_arg("SelectView", "input_indices", input_indices)
        _int_arg("SelectView", "axis", axis)
        return _wrap(input_tensor._t.select(axis, input_indices))


class CopyWithSlice(Primitive):
    """Copy Tensor ``y`` into ``x`` in place; returns ``x``.

    Differences from PyTorch (``copy_``): as MindSpore 2.10's kernel, ``y`` must be a Tensor of ``x``'s shape
    and dtype (no broadcast, no cast); anything else is a RuntimeError.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, y):
        if not isinstance(y, Tensor):
            got = type(y).__name__
            raise RuntimeError(f"For 'CopyWithSlice', the 'y' must be a Tensor, but got {got}")  # noqa: TRY004
        if y._t.dtype != x._t.dtype:
            raise RuntimeError(f"For 'CopyWithSlice', the 'y' must have the dtype of 'x', but got {y.dtype} and "
                               f"{x.dtype}")
        if y._t.shape != x._t.shape:
            raise RuntimeError(f"For 'CopyWithSlice', the 'y' must have the shape of 'x', but got "
                               f"{tuple(y._t.shape)} and {tuple(x._t.shape)}")
        return _set(x, y._t)


class DataFormatVecPermute(Primitive):
    """Permute a vector (4,) or a matrix (4, 2) of per-dimension values from ``src_format`` to ``dst_format``.

    Args:
        src_format (str): ``"NHWC"`` (default) or ``"NCHW"``.
        dst_format (str): ``"NCHW"`` (default) or ``"NHWC"``.
    """

    @prim_attr_register
    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        for name, value in (("src_format", src_format), ("dst_format", dst_format)):
            if value not in ("NHWC", "NCHW"):
                raise ValueError(f"For 'DataFormatVecPermute', the '{name}' must be 'NHWC' or 'NCHW', but got "
                                 f"{value!r}")

    def __call__(self, x):
        tensor_of("DataFormatVecPermute", "x", x, _I32_I64)
        t = x._t
        if tuple(t.shape) not in ((4,), (4, 2)):
            raise ValueError(f"For 'DataFormatVecPermute', the input shape must be (4,) or (4, 2), but got "
                             f"{tuple(t.shape)}")
        order = [self.src_format.index(c) for c in self.dst_format]
        return _wrap(t[order])


class NoRepeatNGram(Primitive):
    """Block n-grams that would repeat: set to the lowest float the ``log_probs`` of every token that would
    complete an ``ngram_size``-gram already present in ``state_seq``.

    Inputs:
        - **state_seq** (Tensor) - (batch, beam, seq_len) int32, the tokens so far.
        - **log_probs** (Tensor) - (batch, beam, vocab) float.

    Outputs:
        ``log_probs`` with the blocked tokens set to the dtype's lowest value.
    """

    @prim_attr_register
    def __init__(self, ngram_size=1):
        if not isinstance(ngram_size, int) or isinstance(ngram_size, bool) or ngram_size <= 0:
            raise ValueError(f"For 'NoRepeatNGram', the 'ngram_size' must be a positive int, but got {ngram_size}")

    def __call__(self, state_seq, log_probs):
        tensor_of("NoRepeatNGram", "state_seq", state_seq, (torch.int32,))
        tensor_of("NoRepeatNGram", "log_probs", log_probs, FLOATS)
        seq, lp = state_seq._t, log_probs._t
        if seq.dim() != 3 or lp.dim() != 3 or seq.shape[:2] != lp.shape[:2]:
            raise ValueError(f"For 'NoRepeatNGram', 'state_seq' and 'log_probs' must be 3-D with the same first two "
                             f"dimensions, but got {tuple(seq.shape)} and {tuple(lp.shape)}")
        n = self.ngram_size
        out = lp.clone()
        low = torch.finfo(lp.dtype).min
        for b in range(seq.shape[0]):
            for k in range(seq.shape[1]):
                tokens = seq[b, k].tolist()
                tail = tokens[len(tokens) - n + 1:] if n > 1 else []
                for i in range(len(tokens) - n + 1):
                    if tokens[i:i + n - 1] == tail and 0 <= tokens[i + n - 1] < lp.shape[-1]:
                        out[b, k, tokens[i + n - 1]] = low
        return _wrap(out)


def _betainc(a, b, x, iterations=300):
    """The regularized incomplete beta function I_x(a, b) by its continued fraction (float64)."""
    tiny = 1e-300

    def fraction(a, b, x):
        qab, qap, qam = a + b, a + 1, a - 1
        c = torch.ones_like(x)
        d = 1 - qab * x / qap
        d = 1 / torch.where(d.abs() < tiny, torch.full_like(d, tiny), d)
        h = d
        for m in range(1, iterations + 1):
            m2 = 2 * m
            for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
                d = 1 + aa * d
                d = 1 / torch.where(d.abs() < tiny, torch.full_like(d, tiny), d)
                c = 1 + aa / c
                c = torch.where(c.abs() < tiny, torch.full_like(c, tiny), c)
                h = h * d * c
        return h

    inner = (0 < x) & (x < 1)
    xs = torch.where(inner, x, torch.full_like(x, 0.5))
    log_front = torch.lgamma(a + b) - torch.lgamma(a) - torch.lgamma(b) + a * torch.log(xs) + b * torch.log1p(-xs)
    front = torch.exp(log_front)
    direct = xs < (a + 1) / (a + b + 2)
    value = torch.where(direct, front * fraction(a, b, xs) / a, 1 - front * fraction(b, a, 1 - xs) / b)
    return torch.where(inner, value, torch.where(x <= 0, torch.zeros_like(x), torch.ones_like(x)))


class Betainc(Primitive):
    """The regularized incomplete beta function ``I_x(a, b)``, element-wise.

    Inputs:
        - **a**, **b** (Tensor) - positive, float32 or float64.
        - **x** (Tensor) - in [0, 1], of the same shape and dtype.

    Outputs:
        Tensor of the inputs' shape and dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, a, b, x):
        ta, tb, tx = a._t, b._t, x._t
        if not (ta.dtype == tb.dtype == tx.dtype) or ta.dtype not in (torch.float32, torch.float64):
            raise TypeError(f"For 'Betainc', 'a', 'b' and 'x' must all be float32 or all float64, but got "
                            f"{a.dtype}, {b.dtype} and {x.dtype}")
        if not (ta.shape == tb.shape == tx.shape):
            raise ValueError(f"For 'Betainc', 'a', 'b' and 'x' must have the same shape, but got "
                             f"{tuple(ta.shape)}, {tuple(tb.shape)} and {tuple(tx.shape)}")
        a64, b64, x64 = ta.double(), tb.double(), tx.double()
        # outside the domain (a, b > 0, 0 <= x <= 1) the result is NaN, as MindSpore 2.10's kernel gives it
        outside = (a64 <= 0) | (b64 <= 0) | (x64 < 0) | (x64 > 1)
        value = _betainc(a64.clamp_min(1e-300), b64.clamp_min(1e-300), x64.clamp(0, 1))
        return _wrap(torch.where(outside, torch.full_like(value, float("nan")), value).to(ta.dtype))


class ApplyAdagradDA(Primitive):
    """Adagrad dual averaging: ``grad_accum += grad``; ``grad_squared_accum += grad ** 2``;
    ``var = -lr * sign(grad_accum) * max(|grad_accum| - l1 * global_step, 0)
    / (l2 * global_step * lr + sqrt(grad_squared_accum))`` (no L1 shrinkage when ``l1 == 0``). Returns ``var``.
    """

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step):
        with torch.no_grad():
            g = grad._t.detach()
            acc = gradient_accumulator._t.detach() + g
            sq = gradient_squared_accumulator._t.detach() + g * g
            lr_, l1_, l2_, step = (_ut(v, g) for v in (lr, l1, l2, global_step))
            shrunk = torch.sign(acc) * torch.clamp_min(acc.abs() - l1_ * step, 0) if float(l1_) > 0 else acc
            _set(gradient_accumulator, acc)
            _set(gradient_squared_accumulator, sq)
            _set(var, -shrunk * lr_ / (l2_ * step * lr_ + torch.sqrt(sq)))
        return var


class AdamNoUpdateParam(Primitive):
    """Adam's moment updates, returning the step instead of applying it:
    ``m = beta1 * m + (1 - beta1) * g``; ``v = beta2 * v + (1 - beta2) * g ** 2``; returns
    ``-lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(v) + epsilon)``."""

    @prim_attr_register
    def __init__(self, use_locking=False, use_nesterov=False):
        pass

    def __call__(self, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        with torch.no_grad():
            g = gradient._t.detach()
            b1p, b2p, lr_, b1, b2, eps = (_ut(x, g) for x in (beta1_power, beta2_power, lr, beta1, beta2, epsilon))
            m_new = b1 * m._t.detach() + (1 - b1) * g
            v_new = b2 * v._t.detach() + (1 - b2) * g * g
            _set(m, m_new)
            _set(v, v_new)
            return _wrap(-lr_ * torch.sqrt(1 - b2p) / (1 - b1p) * m_new / (torch.sqrt(v_new) + eps))


class UniformCandidateSampler(Primitive):
    """``ops.uniform_candidate_sampler`` as a Primitive."""

    @prim_attr_register
    def __init__(self, num_true, num_sampled, unique, range_max, seed=0, remove_accidental_hits=False):
        pass

    def __call__(self, true_classes):
        return random_func.uniform_candidate_sampler(true_classes, self.num_true, self.num_sampled, self.unique,
                                                     self.range_max, self.seed, self.remove_accidental_hits)


class LogUniformCandidateSampler(Primitive):
    """``ops.log_uniform_candidate_sampler`` as a Primitive."""

    @prim_attr_register
    def __init__(self, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
        pass

    def __call__(self, true_classes):
        return random_func.log_uniform_candidate_sampler(true_classes, self.num_true, self.num_sampled, self.unique,
                                                         self.range_max, self.seed)


class PyFunc(Primitive):
    """Run a Python function on the inputs as NumPy arrays; its outputs become a tuple of Tensors.

    Args:
        fn (function): called with one NumPy array per input; returns an array or a tuple of them.
        in_types, in_shapes, out_types, out_shapes (list): MindSpore's declared types and shapes; the outputs
            are cast to ``out_types``.
        stateful (bool): whether ``fn`` has side effects (MindSpore's graph compiler uses it). Default: True.
    """

    @prim_attr_register
    def __init__(self, fn, in_types, in_shapes, out_types, out_shapes, stateful=True):
        if not callable(fn):
            raise TypeError(f"For 'PyFunc', the 'fn' must be callable, but got {type(fn).__name__}")

    def __call__(self, *args):
        arrays = [a.asnumpy() if isinstance(a, Tensor) else np.asarray(a) for a in args]
        outs = self.fn(*arrays)
        if not isinstance(outs, tuple):
            outs = (outs,)
        return tuple(Tensor(np.asarray(o), dtype=t) for o, t in zip(outs, self.out_types))


class _DumpGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, path):
        ctx.path = path
        return x.view_as(x)

    @staticmethod
    def backward(ctx, dout):
        if not _jit.in_compiling_child():
            np.save(ctx.path, dout.detach().cpu().numpy())
        return dout, None


class DumpGradient(Primitive):
    """Identity on ``x`` whose backward saves the gradient that reaches ``x`` to the ``.npy`` file ``path``.

    Inputs:
        - **path** (str) - the file.
        - **x** (Tensor) - the input, returned unchanged.
        - **input_output** (str) - ``"in"`` or ``"out"``.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, path, x, input_output):
        if input_output not in ("in", "out"):
            raise ValueError(f"For 'DumpGradient', the 'input_output' must be 'in' or 'out', but got "
                             f"{input_output!r}")
        t = x._t
        return _wrap(_DumpGrad.apply(t, path) if t.requires_grad else t)


def _logsumexp0(stack):
    """``logsumexp`` over axis 0 whose gradient stays finite where every term is ``-inf``."""
    m = stack.max(0).values
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    total = torch.exp(stack - m).sum(0)
    found = total > 0
    return torch.where(found, m + torch.log(torch.where(found, total, torch.ones_like(total))),
                       torch.full_like(total, float("-inf")))


class CTCLossV2(Primitive):
    """The CTC loss and its forward variables.

    Args:
        blank (int): the blank class. Default: 0.
        reduction (str): only ``"none"`` (MindSpore 2.10 accepts nothing else).
        zero_infinity (bool): report infinite losses (impossible alignments) as 0. Default: False.

    Inputs:
        - **log_probs** (Tensor) - (T, N, C) log-probabilities.
        - **targets** (Tensor) - (N, S) int class indices.
        - **input_lengths**, **target_lengths** (Tensor) - (N,) int.

    Outputs:
        ``(neg_log_likelihood, log_alpha)``: (N,) losses and the (N, T, 2 * S + 1) log forward variables over
        the blank-extended targets (``-inf`` where a state or step is outside a sample's lengths).
    """

    @prim_attr_register
    def __init__(self, blank=0, reduction="none", zero_infinity=False):
        if reduction != "none":
            raise ValueError(f"For 'CTCLossV2', the 'reduction' must be str and must be in '['none']', but got "
                             f"'{reduction}'.")

    def __call__(self, log_probs, targets, input_lengths, target_lengths):
        tensor_of("CTCLossV2", "log_probs", log_probs, (torch.float32, torch.float64))
        tensor_of("CTCLossV2", "targets", targets, _I32_I64)
        for name, lengths in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
            if isinstance(lengths, Tensor):  # or a tuple of ints
                tensor_of("CTCLossV2", name, lengths, _I32_I64)
        lp = log_probs._t
        tg = _ut(targets, lp).long()
        il, tl = _ut(input_lengths, lp).long().tolist(), _ut(target_lengths, lp).long().tolist()
        steps, batch, _ = lp.shape
        states = 2 * tg.shape[1] + 1
        ninf = torch.tensor(float("-inf"), dtype=lp.dtype, device=lp.device)
        ext = torch.full((batch, states), self.blank, dtype=torch.long, device=lp.device)
        ext[:, 1::2] = tg
        # a state may be entered from two back when it is a label different from the label two back
        skip = torch.zeros((batch, states), dtype=torch.bool, device=lp.device)
        skip[:, 2:] = (ext[:, 2:] != self.blank) & (ext[:, 2:] != ext[:, :-2])
        valid = torch.arange(states, device=lp.device)[None, :] < (2 * torch.tensor(tl, device=lp.device) + 1)[:, None]
        emit = lp.gather(2, ext[None].expand(steps, -1, -1))  # (T, N, states)
        alpha = torch.where(torch.arange(states, device=lp.device)[None, :] < 2, emit[0], ninf)
        alpha = torch.where(valid, alpha, ninf)
        rows = [alpha]
        for t in range(1, steps):
            prev = rows[-1]
            one = torch.cat([ninf.expand(batch, 1), prev[:, :-1]], 1)
            two = torch.where(skip, torch.cat([ninf.expand(batch, 2), prev[:, :-2]], 1), ninf)
            nxt = _logsumexp0(torch.stack([prev, one, two])) + emit[t]
            rows.append(torch.where(valid, nxt, ninf))
        log_alpha = torch.stack(rows, 1)  # (N, T, states)
        in_time = torch.arange(steps, device=lp.device)[None, :] < torch.tensor(il, device=lp.device)[:, None]
        log_alpha = torch.where(in_time[:, :, None], log_alpha, ninf)
        losses = []
        for b in range(batch):
            last = log_alpha[b, il[b] - 1] if il[b] > 0 else ninf.expand(states)
            end = 2 * tl[b]
            losses.append(-_logsumexp0(torch.stack([last[end], last[end - 1] if end > 0 else ninf])))
        loss = torch.stack(losses)
        if self.zero_infinity:
            loss = torch.where(torch.isinf(loss), torch.zeros_like(loss), loss)
        return _wrap(loss), _wrap(log_alpha)


class ParameterizedTruncatedNormal(Primitive):
    """Samples of normal distributions truncated to ``[min, max]``, with one mean, stddev and bounds per batch
    (the first dimension of ``shape``).

    Args:
        seed, seed2 (int): MindSpore's op seeds; ``seed`` keys this op's generator (0: the global stream).

    Inputs:
        - **shape** (Tensor) - 1-D int, ``(batch, ...)``.
        - **mean**, **stdevs**, **min**, **max** (Tensor) - 0-d or (batch,), float.

    Outputs:
        Tensor of ``shape`` and the parameters' dtype.

    Differences from MindSpore: MindSpore 2.10's CPU kernel draws every batch with the first batch's
    parameters; here each batch uses its own, as documented.
    """

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        pass

    def __call__(self, shape, mean, stdevs, min, max):
        dims = [int(d) for d in _ut(shape, mean._t).tolist()]
        params = []
        for name, value in (("mean", mean), ("stdevs", stdevs), ("min", min), ("max", max)):
            t = value._t
            if t.dim() > 1 or (t.dim() == 1 and t.shape[0] not in (1, dims[0])):
                got = "(" + ", ".join(str(d) for d in t.shape) + (", )" if t.dim() == 1 else ")")
                raise ValueError(f"For ParameterizedTruncatedNormal, {name} must be 0d, or {name}.shape = "
                                 f"({dims[0]}, ), but got {got}.")
            params.append(t.double().reshape(-1, *([1] * (len(dims) - 1))))
        mu, sigma, lo, hi = params
        normal = torch.distributions.Normal(torch.zeros((), dtype=torch.float64), torch.ones((), dtype=torch.float64))
        a, b = normal.cdf((lo - mu) / sigma), normal.cdf((hi - mu) / sigma)
        gen = random_func._generator(self.seed or None, torch.device("cpu"))
        u = torch.rand(dims, generator=gen, dtype=torch.float64)
        eps = torch.finfo(torch.float64).eps
        z = normal.icdf((a + u * (b - a)).clamp(eps, 1 - eps))
        return _wrap((mu + sigma * z).clamp(lo, hi).to(mean._t.dtype).to(mean._t.device))


class ComputeAccidentalHits(Primitive):
    """The accidental hits of sampled classes: every ``(i, j)`` where a target class of row ``i`` of
    ``true_classes`` equals ``sampled_candidates[j]`` (once per matching target).

    Args:
        num_true (int): the number of target classes per row. Default: 1.

    Inputs:
        - **true_classes** (Tensor) - (batch, num_true) int64.
        - **sampled_candidates** (Tensor) - (num_sampled,) int64.

    Outputs:
        ``(indices, ids, weights)``: the rows (int32), the sampled positions (int64) and the weights, the
        lowest float32, of the hits in row order.

    Differences from MindSpore: MindSpore 2.10 documents it but has no CPU kernel for it.
    """

    @prim_attr_register
    def __init__(self, num_true=1):
        pass

    def __call__(self, true_classes, sampled_candidates):
        tensor_of("ComputeAccidentalHits", "true_classes", true_classes, (torch.int64,))
        tensor_of("ComputeAccidentalHits", "sampled_candidates", sampled_candidates, (torch.int64,))
        tc, sc = true_classes._t, sampled_candidates._t
        if tc.dim() != 2 or sc.dim() != 1:
            raise ValueError(f"For 'ComputeAccidentalHits', the 'true_classes' must be 2-D and the "
                             f"'sampled_candidates' 1-D, but got shapes {tuple(tc.shape)} and {tuple(sc.shape)}")
        row, _, col = torch.nonzero(tc[:, :, None] == sc[None, None, :], as_tuple=True)
        weights = torch.full(row.shape, torch.finfo(torch.float32).min, dtype=torch.float32, device=tc.device)
        return _wrap(row.to(torch.int32)), _wrap(col), _wrap(weights)


class SubAndFilter(Primitive):
    """Subtract ``offset`` from ``input_x`` and keep the results in ``[0, max_num)``:
    ``(filter_res, filter_idx)``, the kept values and their flat positions in ``input_x``.

    Inputs:
        - **input_x** (Tensor) - int32 or int64.
        - **max_num**, **offset** (int or Tensor) - a Tensor gives its first element (as MindSpore 2.10 reads it).

    Outputs:
        Two 1-D Tensors of ``input_x``'s dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input_x, max_num, offset):
        tensor_of("SubAndFilter", "input_x", input_x, _I32_I64)
        t = input_x._t.reshape(-1)
        max_num, offset = (int(v._t.reshape(-1)[0]) if isinstance(v, Tensor) else int(v) for v in (max_num, offset))
        shifted = t - offset
        keep = torch.nonzero((shifted >= 0) & (shifted < max_num)).reshape(-1)
        return _wrap(shifted[keep]), _wrap(keep.to(t.dtype))
