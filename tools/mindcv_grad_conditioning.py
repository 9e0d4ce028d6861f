"""How far float32 gradients of a mindcv model are from a float64 computation: settles whether a
difference between MindSpore's and our updated weights is float32 noise of an ill-conditioned
network or a real disagreement. A MindSpore script: run it with real MindSpore and with
``python -m sporetorch run``, then compare the files with ``compare``.

usage:
    mindcv_grad_conditioning.py dump MODEL CKPT OUT.npz [float64]
    mindcv_grad_conditioning.py compare REFERENCE32.npz OURS32.npz OURS64.npz
CKPT is the oracle checkpoint the mindcv harness wrote (``oracle.ckpt``), so both sides start
from the same weights; the batch is the harness's (2 images of 224x224, labels 1 and 7)."""
import sys

import numpy as np


def dump(model, ckpt, out, float64):
    import mindspore as ms
    from mindspore import Tensor, nn
    from mindcv.models import create_model
    ms.set_seed(0)
    net = create_model(model, num_classes=10, pretrained=False, drop_rate=0.0)
    ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
    dtype = np.float64 if float64 else np.float32
    if float64:
        for p in net.get_parameters():
            p.set_dtype(ms.float64)
    x = Tensor(np.random.RandomState(0).randn(2, 3, 224, 224).astype(dtype))
    y = Tensor(np.array([1, 7], np.int32))
    net.set_train(True)
    for _, cell in net.cells_and_names():  # no randomness in the step
        if "drop" in type(cell).__name__.lower():
            cell.set_train(False)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    params = net.trainable_params()
    loss, grads = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, params)(x, y)
    result = {"loss": loss.asnumpy(), "names": np.array([p.name for p in params])}
    for i, g in enumerate(grads):  # the first 64 entries of each gradient, as the harness compares
        result[f"g{i}"] = g.asnumpy().astype(np.float64).ravel()[:64]
    np.savez(out, **result)


def compare(reference32, ours32, ours64):
    files = [np.load(p) for p in (reference32, ours32, ours64)]
    n = len(files[0]["names"])
    ref, ours, exact = (np.concatenate([f[f"g{i}"] for i in range(n)]) for f in files)

    def rel(x, y):
        return np.linalg.norm(x - y) / np.linalg.norm(y)
    print(f"loss: MindSpore {float(files[0]['loss']):.9f}, ours {float(files[1]['loss']):.9f}, "
          f"float64 {float(files[2]['loss']):.9f}")
    print(f"gradients, relative L2 distance: MindSpore float32 to float64 {rel(ref, exact):.2%}, "
          f"ours float32 to float64 {rel(ours, exact):.2%}, ours to MindSpore {rel(ours, ref):.2%}")


if __name__ == "__main__":
    if sys.argv[1] == "dump":
        dump(sys.argv[2], sys.argv[3], sys.argv[4], len(sys.argv) > 5)
    else:
        compare(*sys.argv[2:5])
