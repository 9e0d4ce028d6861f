"""DimReduce: MindSpore's second-order boost in a PCA subspace (Ascend only)."""
from ..nn.cell import Cell

__all__ = ["DimReduce"]


class DimReduce(Cell):
    """The dimension-reduction training boost.

    Args:
        network, optimizer, weight, pca_mat_local, n_components, rho, gamma, alpha, sigma, rank,
        rank_size: as in MindSpore.

    It needs PCA matrices that MindSpore computes from checkpoints across Ascend devices; it is not
    available here and raises NotImplementedError when built.
    """

    def __init__(self, network, optimizer, weight, pca_mat_local, n_components, rho, gamma, alpha, sigma, rank,
                 rank_size):
        super().__init__()
        raise NotImplementedError("For 'DimReduce', the dimension-reduction boost runs on Ascend with PCA matrices "
                                  "computed across devices; it is not available in sporetorch. Train with an "
                                  "optimizer such as nn.Momentum instead.")
