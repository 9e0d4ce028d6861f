"""nn layers carry the attributes MindSpore 2.10's instances hold after __init__ (Primitive operators,
flags), so that model-zoo subclasses can call them (mindcv's ConvNeXt calls
``self.layer_norm(x, self.gamma, self.beta)`` on its nn.LayerNorm subclass)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, nn

# class: (constructor arguments, attribute names in vars() of the MindSpore 2.10 instance, less its
# Parameters, child cells and Cell's own bookkeeping). Recorded with MindSpore 2.10.
MINDSPORE_ATTRS = {
    'AdaptiveAvgPool1d': ((2,), ['dtype', 'expand', 'output_size', 'shape', 'squeeze']),
    'AdaptiveAvgPool2d': ((2,), ['adaptive_avgpool2d']),
    'AdaptiveAvgPool3d': ((2,), ['adaptive_avg_pool3d']),
    'AdaptiveMaxPool1d': ((2,), ['dtype', 'expand', 'output_size', 'shape', 'squeeze']),
    'AdaptiveMaxPool3d': ((2,), ['adaptive_max_pool3d', 'output_size', 'return_indices']),
    'AvgPool1d': ((), ['avg_pool', 'expand', 'format', 'is_expand_3d', 'kernel_size', 'pad_mode', 'reduce_mean', 'shape', 'slice', 'squeeze', 'stride']),
    'AvgPool2d': ((), ['ascend_910b_target', 'avg_pool', 'format', 'is_expand', 'kernel_size', 'pad_mode', 'stride']),
    'AvgPool3d': ((), ['avg_pool', 'format', 'kernel_size', 'pad_mode', 'stride']),
    'BatchNorm1d': ((4,), ['_target', 'assign_sub_mean', 'assign_sub_var', 'beta_init', 'bn_infer', 'bn_train', 'cast', 'dtype', 'eps', 'format', 'gamma_init', 'momentum', 'moving_mean_init', 'moving_var_init', 'mul_mean', 'mul_var', 'num_features', 'parallel_mode', 'reduce_mean', 'reshape', 'shape', 'sqrt', 'square', 'sub_mean', 'sub_var', 'use_batch_statistics']),
    'BatchNorm2d': ((4,), ['_target', 'assign_sub_mean', 'assign_sub_var', 'beta_init', 'bn_infer', 'bn_train', 'cast', 'dtype', 'eps', 'format', 'gamma_init', 'momentum', 'moving_mean_init', 'moving_var_init', 'mul_mean', 'mul_var', 'num_features', 'parallel_mode', 'reduce_mean', 'reshape', 'shape', 'sqrt', 'square', 'sub_mean', 'sub_var', 'use_batch_statistics']),
    'BatchNorm3d': ((4,), ['reshape', 'shape']),
    'BiDense': ((3, 3, 4), ['bias_add', 'has_bias', 'in1_channels', 'in2_channels', 'in_channels', 'matmul', 'out_channels']),
    'CELU': ((), ['celu']),
    'CellDict': ((), ['__cell_as_dict__']),
    'CellList': ((), ['__cell_as_list__']),
    'CentralCrop': ((0.5,), ['central_fraction', 'slice']),
    'ChannelShuffle': ((2,), ['groups', 'reshape', 'shape', 'transpose']),
    'Conv1d': ((3, 4, 3), ['bias', 'bias_add', 'bias_init', 'conv2d', 'data_format', 'dilation', 'expand_dims', 'group', 'has_bias', 'in_channels', 'kernel_size', 'out_channels', 'pad_mode', 'padding', 'shape', 'squeeze', 'stride', 'weight_init']),
    'Conv1dTranspose': ((3, 4, 3), ['bias', 'bias_add', 'bias_init', 'conv2d_transpose', 'data_format', 'dilation', 'expand_dims', 'group', 'has_bias', 'in_channels', 'is_pad', 'is_same', 'is_valid', 'kernel_size', 'out_channels', 'pad_mode', 'padding', 'shape', 'squeeze', 'stride', 'weight_init']),
    'Conv2d': ((3, 4, 3), ['_dilation', 'bias', 'bias_add', 'bias_init', 'conv2d', 'data_format', 'dilation', 'group', 'has_bias', 'in_channels', 'kernel_size', 'out_channels', 'pad_mode', 'padding', 'stride', 'weight_init']),
    'Conv2dTranspose': ((3, 4, 3), ['bias', 'bias_add', 'bias_init', 'conv2d_transpose', 'data_format', 'dilation', 'group', 'has_bias', 'in_channels', 'is_pad', 'is_same', 'is_valid', 'kernel_size', 'out_channels', 'output_padding', 'pad_mode', 'padding', 'padding_bottom', 'padding_left', 'padding_right', 'padding_top', 'shape', 'stride', 'weight_init']),
    'Conv3d': ((3, 4, 3), ['bias', 'bias_add', 'bias_init', 'concat', 'conv3d', 'data_format', 'dilation', 'group', 'has_bias', 'in_channels', 'kernel_size', 'out_channels', 'pad_mode', 'padding', 'shape', 'split_0', 'split_1', 'stride', 'weight_init']),
    'Conv3dTranspose': ((3, 4, 3), ['bias', 'bias_add', 'bias_init', 'conv3d_transpose', 'data_format', 'dilation', 'group', 'has_bias', 'in_channels', 'kernel_size', 'out_channels', 'output_padding', 'pad_mode', 'padding', 'shape', 'stride', 'weight_init']),
    'Dense': ((3, 4), ['activation', 'activation_flag', 'bias_add', 'has_bias', 'in_channels', 'matmul', 'out_channels', 'reshape', 'shape_op']),
    'Dropout': ((), ['dropout', 'keep_prob', 'p']),
    'Dropout1d': ((), ['prob']),
    'Dropout2d': ((), ['dropout2d', 'keep_prob']),
    'Dropout3d': ((), ['dropout3d', 'keep_prob']),
    'ELU': ((), ['elu']),
    'Embedding': ((10, 4), ['array_mul', 'concat', 'dtype', 'embedding_size', 'expand', 'gather', 'get_shp', 'off_value', 'on_value', 'one_hot', 'padding_idx', 'reshape', 'reshape_flat', 'shp_flat', 'use_one_hot', 'vocab_size']),
    'EmbeddingLookup': ((10, 4), ['embedding_size', 'embeddinglookup', 'forward_unique', 'gather_revert', 'gatherv2', 'max_norm', 'reshape', 'reshape_first', 'shape', 'sparse', 'target', 'unique', 'vocab_size']),
    'FastGelu': ((), ['fast_gelu']),
    'GLU': ((), ['dim', 'sigmoid', 'spilt']),
    'GRU': ((3, 4), ['b_hh_list', 'b_ih_list', 'batch_first', 'bidirectional', 'dropout', 'has_bias', 'hidden_size', 'is_lstm', 'num_layers', 'reverse', 'reverse_sequence', 'w_hh_list', 'w_ih_list']),
    'HShrink': ((), ['hshrink']),
    'HSigmoid': ((), ['hsigmoid']),
    'HSwish': ((), ['hswish']),
    'InstanceNorm1d': ((4,), ['eps', 'instance_bn', 'momentum', 'num_features', 'shape']),
    'InstanceNorm2d': ((4,), ['eps', 'instance_bn', 'momentum', 'num_features', 'shape']),
    'InstanceNorm3d': ((4,), ['eps', 'instance_bn', 'momentum', 'num_features', 'shape']),
    'L1Regularizer': ((0.1,), ['abs', 'reduce_sum', 'scale']),
    'LRN': ((), ['lrn_op']),
    'LSTM': ((3, 4), ['b_hh_list', 'b_ih_list', 'batch_first', 'bidirectional', 'dropout', 'has_bias', 'hidden_size', 'is_lstm', 'num_layers', 'reverse', 'reverse_sequence', 'w_hh_list', 'w_ih_list']),
    'LSTMCell': ((3, 4), ['has_bias', 'hidden_size', 'input_size', 'support_non_tensor_inputs']),
    'LayerNorm': (((4,),), ['begin_norm_axis', 'begin_params_axis', 'epsilon', 'layer_norm', 'normalized_shape']),
    'LogSigmoid': ((), ['add', 'exp', 'log', 'mul', 'rec']),
    'LogSoftmax': ((), ['log_softmax']),
    'MatMul': ((), ['expand_op', 'reduce_sum_op', 'shape_op', 'squeeze_left_op', 'squeeze_right_op', 'transpose_x1', 'transpose_x2']),
    'MatrixDiag': ((), ['dtype', 'matrix_diag']),
    'MatrixDiagPart': ((), ['dtype', 'matrix_diag_part']),
    'MatrixSetDiag': ((), ['dtype', 'matrix_set_diag']),
    'MaxPool1d': ((), ['expand', 'format', 'kernel_size', 'max_pool', 'pad_mode', 'reduce_mean', 'return_indices', 'shape', 'squeeze', 'stride', 'use_pad']),
    'MaxPool2d': ((), ['format', 'kernel_size', 'max_pool', 'pad_mode', 'return_indices', 'stride', 'use_pad']),
    'MaxPool3d': ((), ['format', 'kernel_size', 'max_pool', 'only_pad', 'pad_mode', 'return_indices', 'stride']),
    'Mish': ((), ['mish']),
    'Moments': ((), ['axis', 'cast', 'keep_dims', 'reduce_mean', 'square_diff', 'squeeze']),
    'MultiheadAttention': ((8, 2), ['_qkv_same_embed_dim', 'add_zero_attn', 'batch_first', 'bias_k', 'bias_v', 'dropout', 'dtype', 'embed_dim', 'head_dim', 'k_is_v', 'k_proj_weight', 'kdim', 'num_heads', 'q_is_k', 'q_proj_weight', 'v_proj_weight', 'vdim']),
    'Norm': ((), ['axis', 'keep_dims', 'reduce_sum', 'sqrt', 'squeeze']),
    'OneHot': ((), ['depth', 'dtype', 'off_value', 'on_value', 'onehot']),
    'PReLU': ((), ['prelu']),
    'Pad': ((((1, 1),),), ['mode', 'pad', 'paddings']),
    'RNN': ((3, 4), ['b_hh_list', 'b_ih_list', 'batch_first', 'bidirectional', 'dropout', 'has_bias', 'hidden_size', 'is_lstm', 'num_layers', 'reverse', 'reverse_sequence', 'w_hh_list', 'w_ih_list']),
    'RReLU': ((), ['lower', 'sign', 'upper']),
    'ReLU': ((), ['relu']),
    'ReLU6': ((), ['relu6']),
    'ReduceLogSumExp': ((0,), ['axis', 'exp', 'log', 'max', 'sum']),
    'ReflectionPad1d': ((1,), ['name', 'padding']),
    'ReflectionPad2d': ((1,), ['name', 'padding']),
    'ReflectionPad3d': ((1,), ['name', 'padding']),
    'ReplicationPad1d': ((1,), ['name', 'padding', 'padv3']),
    'ReplicationPad2d': ((1,), ['name', 'padding', 'padv3']),
    'ReplicationPad3d': ((1,), ['name', 'padding', 'padv3']),
    'Roll': ((1, 0), ['axis', 'gpu', 'op_list', 'shape_op', 'shift']),
    'SSIM': ((), ['concat', 'filter_sigma', 'filter_size', 'k1', 'k2', 'max_val', 'reduce_mean']),
    'SeLU': ((), ['selu']),
    'Sigmoid': ((), ['sigmoid']),
    'SoftShrink': ((), ['softshrink']),
    'Softmax': ((), ['softmax']),
    'Softmax2d': ((), ['shape', 'softmax']),
    'Softsign': ((), ['softsign']),
    'SyncBatchNorm': ((4,), ['_target', 'assign_sub_mean', 'assign_sub_var', 'beta_init', 'bn_infer', 'bn_train', 'cast', 'dtype', 'eps', 'format', 'gamma_init', 'group_name', 'is_global', 'momentum', 'moving_mean_init', 'moving_var_init', 'mul_mean', 'mul_var', 'num_features', 'parallel_mode', 'process_groups', 'rank_id', 'rank_size', 'reduce_mean', 'reshape', 'shape', 'sqrt', 'square', 'sub_mean', 'sub_var', 'use_batch_statistics']),
    'Tanh': ((), ['tanh']),
    'Tril': ((), ['cast', 'dtype', 'mul']),
    'Triu': ((), ['cast', 'dtype', 'mul']),
    'Unflatten': ((0, (1, 1)), ['axis', 'reshape', 'shape', 'unflattened_size']),
    'Unfold': (([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1]), ['extract_image_patches']),
}

# Attributes MindSpore holds that we do not carry: Primitives sporetorch.ops does not have, and
# MindSpore's construction-time data.
NOT_CARRIED = {
    "InstanceNorm1d": {"instance_bn"}, "InstanceNorm2d": {"instance_bn"}, "InstanceNorm3d": {"instance_bn"},
    "Roll": {"op_list"}, "MatrixDiag": {"matrix_diag"}, "MatrixDiagPart": {"matrix_diag_part"},
    "MatrixSetDiag": {"matrix_set_diag"},
}


@pytest.mark.parametrize("name", sorted(MINDSPORE_ATTRS))
def test_attribute_names(name):
    args, names = MINDSPORE_ATTRS[name]
    cell = getattr(nn, name)(*args)
    missing = [n for n in names if n not in NOT_CARRIED.get(name, ()) and not hasattr(cell, n)]
    assert not missing, f"{name} lacks {missing}"


def _x(*shape):
    return Tensor(np.random.RandomState(0).randn(*shape).astype(np.float32))


def test_layer_norm_primitive_returns_output_mean_rstd():
    class ConvNextLayerNorm(nn.LayerNorm):  # as mindcv writes it
        def construct(self, x):
            return self.layer_norm(x, self.gamma, self.beta)[0]

    x = _x(2, 3, 4)
    sub, ref = ConvNextLayerNorm((4,), epsilon=1e-6), nn.LayerNorm((4,), epsilon=1e-6)
    out = sub.layer_norm(x, sub.gamma, sub.beta)
    assert isinstance(out, tuple) and len(out) == 3
    np.testing.assert_allclose(sub(x).asnumpy(), ref(x).asnumpy(), rtol=1e-6, atol=1e-6)
    assert sub.layer_norm is sub.layer_norm  # built once per instance


def test_conv_dense_primitives_match_the_layer():
    conv = nn.Conv2d(3, 4, 3, stride=2, pad_mode="pad", padding=1, has_bias=True)
    x = _x(1, 3, 7, 7)
    np.testing.assert_allclose(conv.bias_add(conv.conv2d(x, conv.weight), conv.bias).asnumpy(),
                               conv(x).asnumpy(), rtol=1e-5, atol=1e-6)
    dense = nn.Dense(5, 2)
    x = _x(3, 5)
    np.testing.assert_allclose(dense.bias_add(dense.matmul(x, dense.weight), dense.bias).asnumpy(),
                               dense(x).asnumpy(), rtol=1e-5, atol=1e-6)


def test_batchnorm_and_pool_primitives():
    bn = nn.BatchNorm2d(3)
    bn.set_train(False)
    x = _x(2, 3, 4, 4)
    y = bn.bn_infer(x, bn.gamma, bn.beta, bn.moving_mean, bn.moving_variance)[0]
    np.testing.assert_allclose(y.asnumpy(), bn(x).asnumpy(), rtol=1e-5, atol=1e-6)
    assert bn.bn_train.is_training if hasattr(bn.bn_train, "is_training") else True
    pool = nn.MaxPool2d(2, 2)
    np.testing.assert_allclose(pool.max_pool(x).asnumpy(), pool(x).asnumpy())
    avg = nn.AvgPool2d(2, 2)
    np.testing.assert_allclose(avg.avg_pool(x).asnumpy(), avg(x).asnumpy(), rtol=1e-6)


def test_activation_primitives():
    x = _x(2, 5)
    np.testing.assert_allclose(nn.ReLU().relu(x).asnumpy(), np.maximum(x.asnumpy(), 0))
    sm = nn.Softmax(axis=0)
    np.testing.assert_allclose(sm.softmax(x).asnumpy(), sm(x).asnumpy(), rtol=1e-6)
    out, mask = nn.Dropout(p=0.5).dropout(x)  # MindSpore's Dropout Primitive returns (output, mask)
    assert out.shape == mask.shape == x.shape


def test_subclass_may_replace_an_attribute():
    class Mine(nn.ReLU):
        def __init__(self):
            super().__init__()
            self.relu = ms.ops.Sigmoid()

        def construct(self, x):
            return self.relu(x)

    x = _x(3)
    np.testing.assert_allclose(Mine()(x).asnumpy(), 1 / (1 + np.exp(-x.asnumpy())), rtol=1e-6)


def test_flags_follow_the_configuration():
    t = nn.Conv2dTranspose(3, 4, 3, pad_mode="pad", padding=(1, 2, 3, 4))
    assert (t.is_pad, t.is_same, t.is_valid) == (True, False, False)
    assert (t.padding_top, t.padding_bottom, t.padding_left, t.padding_right) == (1, 2, 3, 4)
    assert nn.CellList().__cell_as_list__ is True
    assert nn.Dropout1d(p=0.3).prob == 0.3
