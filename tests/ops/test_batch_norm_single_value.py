"""batch_norm in training with one value per channel: MindSpore 2.10 normalises it (output = bias, the
running variance becomes NaN from the unbiased estimate); torch's F.batch_norm refuses it. Met in mindocr's
svtr_tiny (BatchNorm1d on a (1, C) batch). Expected values recorded with MindSpore 2.10.0 on CPU."""
import numpy as np

import sporetorch as ms
from sporetorch import nn, ops


def test_batchnorm1d_single_row_in_training():
    bn = nn.BatchNorm1d(3, momentum=0.9)
    bn.set_train(True)
    out = bn(ms.Tensor(np.array([[1.5, -2.0, 0.25]], np.float32)))
    # MindSpore 2.10: [[0. 0. 0.]], moving_mean [0.15 -0.2 0.025], moving_variance [nan nan nan]
    np.testing.assert_allclose(out.asnumpy(), [[0.0, 0.0, 0.0]], atol=1e-4)
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), [0.15, -0.2, 0.025], rtol=1e-6)
    assert np.isnan(bn.moving_variance.asnumpy()).all()


def test_batch_norm_function_single_pixel_in_training():
    x = ms.Tensor(np.array([[1.5, -2.0]], np.float32))
    out = ops.batch_norm(x, ms.Tensor(np.zeros(2, np.float32)), ms.Tensor(np.ones(2, np.float32)),
                         ms.Tensor(np.ones(2, np.float32)), ms.Tensor(np.full(2, 0.5, np.float32)), training=True)
    # MindSpore 2.10 gives [[0. 0.]] with bias [0, 0]; the output is the bias (closed form)
    np.testing.assert_allclose(out.asnumpy(), [[0.5, 0.5]], atol=1e-4)
