"""train.Model: train/eval/predict/fit against closed-form results, argument checks, sink mode,
amp levels and loss scaling, custom train/eval networks."""
import numpy as np
import pytest

import sporetorch as ms
import sporetorch.dataset as ds
from sporetorch import nn
from sporetorch.train import Callback, Model

from _model_fixtures import X, Y, data, model


def test_one_training_step_is_plain_sgd_on_mse():
    m = model(lr=0.1, metrics=None)
    net = m.predict_network
    w0, b0 = net.weight.asnumpy().copy(), net.bias.asnumpy().copy()
    m.train(1, data(batch=6))
    pred = X @ w0.T + b0
    g = 2 * (pred - Y) / pred.size  # d mean((pred - y)^2) / d pred
    np.testing.assert_allclose(net.weight.asnumpy(), w0 - 0.1 * g.T @ X, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), b0 - 0.1 * g.sum(0), rtol=1e-5, atol=1e-6)


def test_eval_and_predict():
    m = model(metrics=("mae", "mse", "loss"))
    net = m.predict_network
    w, b = net.weight.asnumpy(), net.bias.asnumpy()
    pred = X @ w.T + b
    result = m.eval(data())
    assert set(result) == {"mae", "mse", "loss"}
    assert result["mae"] == pytest.approx(np.abs(pred - Y).sum() / 6, rel=1e-5)
    assert result["mse"] == pytest.approx(np.square(pred - Y).sum() / 6, rel=1e-5)
    batch_losses = [np.square(pred[:3] - Y[:3]).mean(), np.square(pred[3:] - Y[3:]).mean()]
    assert result["loss"] == pytest.approx(np.mean(batch_losses), rel=1e-5)
    out = m.predict(ms.Tensor(X))
    assert isinstance(out, ms.Tensor) and out.shape == (6, 2)
    np.testing.assert_allclose(out.asnumpy(), pred, rtol=1e-5, atol=1e-6)
    assert not net.training


def test_training_reduces_the_loss_and_fit_reports_metrics():
    m = model(lr=0.1)
    before = m.eval(data())["mae"]
    m.fit(20, data(), data(), valid_frequency=[5, 20])
    assert m.eval(data())["mae"] < before


def test_networks_and_properties():
    m = model()
    assert type(m.train_network).__name__ == "TrainOneStepCell"  # MindSpore 2.10
    assert type(m.eval_network).__name__ == "WithEvalCell"
    assert isinstance(m.predict_network, nn.Dense)
    net = nn.Dense(3, 2)
    assert type(Model(net, nn.MSELoss()).train_network).__name__ == "WithLossCell"
    assert Model(net).train_network is net


def test_custom_train_and_eval_networks():
    class Step(nn.Cell):
        def __init__(self):
            super().__init__()
            self.calls = []

        def construct(self, x, y):
            self.calls.append((x.shape, y.shape))
            return (x.sum() - y.sum()) * 0

    step = Step()
    Model(step).train(1, data())
    assert step.calls == [((3, 3), (3, 2)), ((3, 3), (3, 2))]

    class Eval(nn.Cell):
        def construct(self, x, y):
            return y, y, ms.Tensor(np.float32(0.5))

    m = Model(nn.Dense(3, 2), eval_network=Eval(), metrics={"mae"}, eval_indexes=[2, 0, 1])
    assert m.eval(data())["mae"] == 0.0
    with pytest.raises(ValueError, match="eval_indexes"):
        Model(nn.Dense(3, 2), eval_network=Eval(), metrics={"mae"}, eval_indexes=[0, 1])


def test_sink_mode_runs_sink_size_steps_per_epoch():
    steps = []

    class Count(Callback):
        def on_train_step_end(self, run_context):
            p = run_context.original_args()
            steps.append((p.cur_epoch_num, p.cur_step_num, p.batch_num, len(p.train_dataset_element)))

    model().train(3, data(batch=2), callbacks=[Count()], dataset_sink_mode=True, sink_size=2)
    assert steps == [(1, 1, 2, 2), (1, 2, 2, 2), (2, 3, 2, 2), (2, 4, 2, 2), (3, 5, 2, 2), (3, 6, 2, 2)]


def test_argument_errors():
    net = nn.Dense(3, 2)
    with pytest.raises(TypeError, match="'network' must be a Cell"):
        Model(lambda x: x)
    with pytest.raises(ValueError, match="kwargs"):
        Model(net, unknown=1)
    with pytest.raises(ValueError, match="optimizer"):
        Model(net, nn.MSELoss(), amp_level="O2")
    with pytest.raises(ValueError, match="amp_level"):
        Model(net, amp_level="O9")
    with pytest.raises(ValueError, match="eval_network"):
        Model(net, metrics={"acc"})
    with pytest.raises(ValueError, match="metrics"):
        Model(net, nn.MSELoss()).eval(data())
    m = model()
    with pytest.raises(ValueError, match="initial_epoch"):
        m.train(2, data(), initial_epoch=2)
    with pytest.raises(ValueError, match="epoch"):
        m.train(0, data())
    with pytest.raises(ValueError, match="sink_size"):
        m.train(1, data(), sink_size=-3)
    with pytest.raises(ValueError, match="no valid data"):
        m.train(1, data().take(0))
    three = ds.NumpySlicesDataset({"x": X, "y": Y, "z": Y}, shuffle=False).batch(3)
    with pytest.raises(ValueError, match="two elements"):
        m.train(1, three)
    with pytest.raises(TypeError, match="Callback"):
        m.train(1, data(), callbacks=[object()])
    with pytest.raises(ValueError, match="metrics"):
        Model(net, nn.MSELoss(), nn.SGD(net.trainable_params())).fit(1, data(), data())
    with pytest.raises(ValueError, match="valid_frequency"):
        m.fit(1, data(), data(), valid_frequency=0)


@pytest.mark.parametrize("level", ["O1", "O2", "O3"])
def test_amp_levels_train(level):
    net = nn.Dense(3, 2)
    m = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01), amp_level=level)
    losses = []

    class Keep(Callback):
        def on_train_step_end(self, run_context):
            out = run_context.original_args().net_outputs
            losses.append(float((out[0] if isinstance(out, tuple) else out).asnumpy()))

    m.train(2, data(), callbacks=[Keep()])
    assert len(losses) == 4 and np.isfinite(losses).all()


def test_loss_scale_managers():
    net = nn.Dense(3, 2)
    fixed = ms.train.FixedLossScaleManager(128.0, drop_overflow_update=False)
    Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9), loss_scale_manager=fixed).train(1, data())
    dynamic = ms.train.DynamicLossScaleManager(init_loss_scale=2.0 ** 10, scale_factor=2, scale_window=2)
    m = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9), loss_scale_manager=dynamic)
    m.train(1, data())
    assert dynamic.get_loss_scale() > 0
    with pytest.raises(ValueError, match="optimizer"):
        Model(net, nn.MSELoss(), loss_scale_manager=fixed)


def test_data_sink():
    seen = []
    sunk = ms.data_sink(lambda x, y: seen.append(x.shape) or x.shape[0], data(), sink_size=3)
    assert sunk() == 3 and seen == [(3, 3), (3, 3), (3, 3)]
