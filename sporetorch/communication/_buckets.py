"""Gradient buckets: all-reduce gradients in a few large messages, overlapped with the backward pass.

The parameters are split into buckets in reverse order (the order a backward pass produces their
gradients), the first bucket small (1 MiB) so that communication starts early, the others up to
25 MiB, one dtype and device per bucket: DDP's layout. Each bucket is flattened into one tensor
and all-reduced asynchronously; :meth:`GradBuckets.reduce` waits and hands back views.

Overlap: while :meth:`GradBuckets.overlap` is active, a hook on each parameter's torch tensor
(``Tensor.register_hook``, which ``torch.autograd.grad`` runs when it has computed that
parameter's gradient) records the gradient, and a bucket whose gradients are all there starts
its all-reduce while the backward pass goes on. Buckets start strictly in order, so every rank
issues the same collectives in the same order even when a parameter gets no gradient on some
rank (its bucket then starts in ``reduce``, from the zeros the grad function returns). ``reduce``
uses a started bucket only if the gradients it is given are the very tensors the hooks saw;
otherwise it reduces the given ones again, so results never depend on the overlap.
"""
import contextlib

import torch
import torch.distributed as dist

_FIRST_CAP = 1 << 20
_CAP = 25 << 20


class GradBuckets:
    """Bucketed, optionally backward-overlapped all-reduce of the gradients of ``params``."""

    def __init__(self, params, pg=None, first_cap=_FIRST_CAP, cap=_CAP):
        self.params = list(params)
        self.pg = pg
        self.first_cap, self.cap = first_cap, cap
        self.buckets = None
        self._hooked = [None] * len(self.params)
        self._handles = [None] * len(self.params)
        self._armed = False
        self._reset()

    def _layout(self):
        buckets, open_ = [], {}
        for i in reversed(range(len(self.params))):
            t = self.params[i]._t
            key = (t.dtype, t.device)
            size = t.numel() * t.element_size()
            cur = open_.get(key)
            limit = self.first_cap if not buckets else self.cap
            if cur is None or (cur[1] + size > limit and cur[0]):
                cur = [[], 0]
                open_[key] = cur
                buckets.append(cur[0])
            cur[0].append(i)
            cur[1] += size
        self.buckets = buckets
        self._bucket_of = {i: b for b, ids in enumerate(buckets) for i in ids}

    def _reset(self):
        n = 0 if self.buckets is None else len(self.buckets)
        self._seen = [None] * len(self.params)
        self._count = [0] * n
        self._stale = [False] * n
        self._works = [None] * n
        self._next = 0

    def _hook(self, i):
        def hook(grad):
            if self._armed:
                self._on_grad(i, grad)
        return hook

    def _register(self):
        for i, p in enumerate(self.params):
            t = p._t
            if self._hooked[i] is t:
                continue
            if self._handles[i] is not None:
                self._handles[i].remove()
            was = t.requires_grad
            if not t.is_leaf or not t.is_floating_point():
                self._hooked[i], self._handles[i] = t, None
                continue
            t.requires_grad_(True)
            self._handles[i] = t.register_hook(self._hook(i))
            t.requires_grad_(was)
            self._hooked[i] = t

    def _on_grad(self, i, grad):
        b = self._bucket_of[i]
        if self._seen[i] is not None or self._works[b] is not None:
            self._stale[b] = True  # a second backward before reduce: reduce decides from what it gets
        self._seen[i] = grad
        self._count[b] += 1
        while self._next < len(self.buckets) and self._count[self._next] >= len(self.buckets[self._next]) \
                and self._works[self._next] is None:
            ids = self.buckets[self._next]
            self._launch(self._next, [self._seen[j] for j in ids])
            self._next += 1

    def _launch(self, b, grads):
        dtype = grads[0].dtype  # a bucket holds one dtype; a stray gradient dtype is cast both ways
        flat = torch.cat([g.detach().reshape(-1).to(dtype) for g in grads])
        self._works[b] = (dist.all_reduce(flat, group=self.pg, async_op=True), flat)

    @contextlib.contextmanager
    def overlap(self):
        """Start each bucket's all-reduce as soon as the backward pass inside has produced it."""
        if self.buckets is None:
            self._layout()
        self._drain()
        self._register()
        self._armed = True
        try:
            yield
        except BaseException:
            self._armed = False
            self._drain()
            raise

    def _drain(self):
        for work in self._works:
            if work is not None:
                work[0].wait()
        self._reset()

    def reduce(self, grads, divisor=None):
        """All-reduce ``grads`` (torch tensors, one per parameter) and return the sums (divided by
        ``divisor`` when given), viewed from the flat buckets."""
        self._armed = False
        if self.buckets is None:
            self._layout()
            self._reset()
        for b, ids in enumerate(self.buckets):
            current = [grads[i] for i in ids]
            work = self._works[b]
            if work is not None and not self._stale[b] and all(g is self._seen[i] for g, i in zip(current, ids)):
                continue
            if work is not None:
                work[0].wait()
            self._launch(b, current)
        out = [None] * len(grads)
        for b, ids in enumerate(self.buckets):
            work, flat = self._works[b]
            work.wait()
            if divisor is not None:
                flat.div_(divisor)
            offset = 0
            for i in ids:
                n = grads[i].numel()
                out[i] = flat[offset:offset + n].view_as(grads[i]).to(grads[i].dtype)
                offset += n
        self._reset()
        return out
