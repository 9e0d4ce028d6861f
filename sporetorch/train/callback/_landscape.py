"""Helpers of MindSpore 2.10's loss-landscape summary (``SummaryLandscape``): packing numpy arrays into
summary TensorProtos, the landscape record (``Points``, ``Landscape``) and the PCA of its directions. The
``SummaryLandscape`` callback itself trains and evaluates the network at each grid point in worker processes
and is not provided."""
import numbers
from collections import namedtuple

import numpy as np

from ...common.tensor import Tensor
from ..anf_ir_pb2 import DataType
from ..summary import _NP_TO_PROTO


def nptype_to_prototype(np_value):
    """The summary proto DataType name of a numpy array's dtype; None for None."""
    if np_value is None:
        return None
    proto = _NP_TO_PROTO.get(np_value.dtype.type)
    if proto is None:
        raise TypeError("No match for proto data type.")
    return proto


def fill_array_to_tensor(np_value, summary_tensor):
    """Fill the summary TensorProto ``summary_tensor`` with ``np_value``'s dtype, values (as floats) and dims."""
    summary_tensor.data_type = DataType.Value(nptype_to_prototype(np_value))
    summary_tensor.float_data.extend(np_value.reshape(-1).tolist())
    summary_tensor.dims.extend(np_value.shape)
    return summary_tensor


def transfer_tensor_to_tuple(inputs):
    """A Tensor as a 1-tuple; anything else unchanged."""
    return (inputs,) if isinstance(inputs, Tensor) else inputs


Points = namedtuple("Points", ["x", "y", "z"])


class Landscape:
    """A loss landscape: its grid of ``landscape_points``, the decomposition that made its directions, and
    optionally the training path and the convergence point."""

    def __init__(self, intervals, decomposition, landscape_points: Points, convergence_point=None, path_points=None):
        self.landscape_points = landscape_points
        self.decomposition = decomposition
        self.intervals = intervals
        self.num_samples = 2048
        self.convergence_point = convergence_point
        self.path_points = path_points
        self.unit = "step"
        self.step_per_epoch = 1

    def set_convergence_point(self, convergence_point: Points):
        """Set the convergence point."""
        self.convergence_point = convergence_point

    def transform_to_loss_landscape_msg(self, landscape_data):
        """``landscape_data`` as a ``LossLandscape`` summary message (the grid's x from its first row, y from
        its first column)."""
        from ..summary_pb2 import LossLandscape
        msg = LossLandscape()
        points = landscape_data.landscape_points
        fill_array_to_tensor(points.x[0], msg.landscape.x)
        fill_array_to_tensor(points.y[:, 0], msg.landscape.y)
        fill_array_to_tensor(points.z, msg.landscape.z)
        if landscape_data.path_points:
            msg.loss_path.intervals.extend(landscape_data.intervals)
            for axis in "xyz":
                fill_array_to_tensor(getattr(landscape_data.path_points, axis), getattr(msg.loss_path.points, axis))
        if landscape_data.convergence_point:
            for axis in "xyz":
                fill_array_to_tensor(getattr(landscape_data.convergence_point, axis),
                                     getattr(msg.convergence_point, axis))
        msg.metadata.decomposition = landscape_data.decomposition
        msg.metadata.unit = self.unit
        msg.metadata.step_per_epoch = self.step_per_epoch
        return msg


class _PCA:
    """The first ``n_comps`` principal components of the rows of ``x`` (``u * s`` of the SVD of the centred
    data, signs fixed so that the output is deterministic): a full SVD up to 500 rows or columns, else a
    randomized truncated SVD."""

    def __init__(self, n_comps):
        self._n_comps = n_comps
        self._random_status = None
        self._iterated_power = "auto"
        self._n_oversamples = 10

    @staticmethod
    def _safe_dot(a, b):
        """``a @ b`` (``np.dot`` when an operand has more than two axes)."""
        if a.ndim > 2 or b.ndim > 2:
            return np.dot(a, b)
        return a @ b

    @staticmethod
    def _svd_turn(u, v, u_decision=True):
        """Flip the signs of singular-vector pairs so that the largest entry of each column of ``u`` (or row of
        ``v``) is positive."""
        if u_decision:
            signs = np.sign(u[np.argmax(np.abs(u), axis=0), list(range(u.shape[1]))])
        else:
            signs = np.sign(v[list(range(v.shape[0])), np.argmax(np.abs(v), axis=1)])
        v *= signs[:, np.newaxis]
        u *= signs
        return u, v

    @staticmethod
    def _check_random_status(seed):
        """``seed`` as a ``np.random.RandomState``."""
        if isinstance(seed, np.random.RandomState):
            return seed
        if seed is None or seed is np.random:
            return np.random.RandomState()
        if isinstance(seed, numbers.Integral):
            return np.random.RandomState(seed)
        raise ValueError(f"{seed!r} cannot be used to seed a numpy.random.RandomState instance")

    def compute(self, x):
        """The principal components of ``x`` (centred in place), ``(rows, n_comps)``."""
        if max(x.shape) <= 500:
            u, s, _ = self._fit_few(x)
        elif 1 <= self._n_comps < 0.8 * min(x.shape):
            u, s, _ = self._fit_much(x, self._n_comps)
        else:
            u, s, _ = self._fit_few(x)
        s = np.where(s == 0, 1e-19, s)  # a zero singular value would zero its component
        u = u[:, :self._n_comps]
        u *= s[:self._n_comps]
        return u

    def _fit_few(self, x):
        x -= np.mean(x, axis=0)
        u, s, vt = np.linalg.svd(x, full_matrices=False)
        u, vt = self._svd_turn(u, vt)
        return u, s, vt

    def _fit_much(self, x, n_components):
        random_state = self._check_random_status(self._random_status)
        x -= np.mean(x, axis=0)
        return self._random_svd(x, n_components, n_oversamples=self._n_oversamples, random_state=random_state)

    def _random_svd(self, m, n_components, n_oversamples=10, random_state="warn"):
        n_samples, n_features = m.shape
        n_iter = 7 if n_components < 0.1 * min(m.shape) else 4
        if n_samples < n_features:
            m = m.T
        q = self._random_range_finder(m, size=n_components + n_oversamples, n_iter=n_iter, random_state=random_state)
        uhat, s, vt = np.linalg.svd(self._safe_dot(q.T, m), full_matrices=False)
        u = np.dot(q, uhat)
        u, vt = self._svd_turn(u, vt, u_decision=n_samples >= n_features)
        if n_samples < n_features:
            return vt[:n_components, :].T, s[:n_components], u[:, :n_components].T
        return u[:, :n_components], s[:n_components], vt[:n_components, :]

    @staticmethod
    def _lu_permuted(a):
        """``P @ L`` of the LU factorisation of ``a`` (scipy's ``lu(a, permute_l=True)[0]``)."""
        import torch
        p, lower, _ = torch.linalg.lu(torch.from_numpy(np.ascontiguousarray(a)))
        return (p @ lower).numpy()

    def _random_range_finder(self, a, size, n_iter, random_state=None):
        """An orthonormal basis approximating the range of ``a`` (power iterations normalised by LU)."""
        random_state = self._check_random_status(random_state)
        q = random_state.normal(size=(a.shape[1], size))
        if a.dtype.kind == "f":
            q = q.astype(a.dtype, copy=False)
        for _ in range(n_iter):
            if n_iter <= 2:
                q = self._safe_dot(a.T, self._safe_dot(a, q))
            else:
                q = self._lu_permuted(self._safe_dot(a, q))
                q = self._lu_permuted(self._safe_dot(a.T, q))
        q, _ = np.linalg.qr(self._safe_dot(a, q), mode="reduced")
        return q
