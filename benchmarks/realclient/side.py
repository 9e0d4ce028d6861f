"""One side of the two-sided zoo check (mindocr, mindaudio, mindformers, mindone): build a zoo model,
(oracle) save its weights or (candidate) load the oracle's, run an eval forward and one optimizer step
with a fixed learning rate, save the results for compare.py.

usage: side.py oracle|candidate MODEL OUTDIR

Zoo locations come from MINDOCR_ROOT, MINDAUDIO_ROOT, MINDFORMERS_ROOT, MINDONE_ROOT (each prepended to
sys.path), ZOO_DEPS (appended: pure-Python deps the zoos import) and MINDONE_DEPS (prepended for the
mindone models only: the transformers version that mindone pins). ZOO_MODE=graph runs both sides in
GRAPH_MODE. Run by run_all.sh; speed.py imports its builders. Not part of pytest.
"""
import importlib.util
import os
import sys
import time
import traceback
import types

import numpy as np

for var in ("MINDOCR_ROOT", "MINDAUDIO_ROOT", "MINDFORMERS_ROOT", "MINDONE_ROOT"):
    if os.environ.get(var):
        sys.path.insert(0, os.environ[var])
for p in filter(None, os.environ.get("ZOO_DEPS", "").split(":")):
    sys.path.append(p)

import mindspore as ms  # noqa: E402
from mindspore import Tensor, nn, ops  # noqa: E402


def bare_package(pkg_name):
    """Register `pkg_name` as a package without running its __init__.py (which pulls in data/optim
    modules the model builders do not need)."""
    spec = importlib.util.find_spec(pkg_name)
    pkg = types.ModuleType(pkg_name)
    pkg.__path__ = list(spec.submodule_search_locations)
    sys.modules[pkg_name] = pkg
    return pkg


def rng(seed=0):
    return np.random.RandomState(seed)


def f32(a):
    return Tensor(np.asarray(a, np.float32))


def first_float(out):
    if isinstance(out, dict):
        return first_float(out[sorted(out)[0]])
    if isinstance(out, (tuple, list)):
        return first_float(out[0])
    return out


# ---------------------------------------------------------------- mindocr
def _placeholder_layer(attr):
    """Module __getattr__ of the ABINet-layers stand-in: a placeholder Cell class per layer name, but no
    invented dunders (inspect.getmodule, run when torch._dynamo loads, reads every module's __file__)."""
    if attr.startswith("__"):
        raise AttributeError(attr)
    return type(attr, (nn.Cell,), {})


def _mindocr_models():
    bare_package("mindocr")
    bare_package("mindocr.utils")  # its __init__ imports visualize -> data -> transforms
    # ABINet's layers import mindspore.parallel._transformer, which MindSpore 2.10 no longer has; every
    # model module imports them through models/__init__, so stand in placeholders (ABINet is not run).
    stub = types.ModuleType("mindocr.models.utils.abinet_layers")
    stub.__getattr__ = _placeholder_layer
    sys.modules[stub.__name__] = stub
    from mindocr.models.builder import build_model
    return build_model


def m_dbnet_resnet18():
    net = _mindocr_models()("dbnet_resnet18", pretrained=False, pretrained_backbone=False)

    def loss(out):  # in training DBHead returns (binary, thresh, thresh_binary): the sum of their means
        return out[0].mean() + out[1].mean() + out[2].mean()

    return net, (f32(rng().randn(1, 3, 64, 64)),), loss, "momentum"


def m_crnn_vgg7():
    net = _mindocr_models()("crnn_vgg7", pretrained=False)
    bare_package("mindocr.losses")
    from mindocr.losses.rec_loss import CTCLoss
    # 32x64 images give a 15-step sequence; labels of 5 characters (classes 1..36, 0 is blank).
    ctc = CTCLoss(pred_seq_len=15, max_label_len=5, batch_size=2)
    label = Tensor(np.array([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]], np.int32))

    def loss(out):  # a def, not a lambda: MindSpore's graph parser takes a lambda only on its own line
        return ctc(out, label)

    return net, (f32(rng().randn(2, 3, 32, 64)),), loss, "momentum"


def m_svtr_tiny():
    net = _mindocr_models()("svtr_tiny", pretrained=False)
    bare_package("mindocr.losses")
    from mindocr.losses.rec_loss import CTCLoss
    ctc = CTCLoss(pred_seq_len=25, max_label_len=5, batch_size=2)  # 32x100 images give 25 steps
    label = Tensor(np.array([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]], np.int32))

    def loss(out):
        return ctc(out, label)

    return net, (f32(rng().rand(2, 3, 32, 100)),), loss, "adam"


def mean_square(out):
    """Mean of the squared first output: used where the output comes out of a training-mode BatchNorm,
    whose plain mean has no gradient."""
    o = first_float(out)
    return (o * o).mean()


def projected(out):
    """Mean of the first output times fixed random weights: used where the output is normalised (a
    LayerNorm at the end makes a mean square constant, so its gradient is noise)."""
    o = first_float(out)
    return (o * f32(rng(1).randn(*o.shape))).mean()


# ---------------------------------------------------------------- mindaudio
def _mindaudio_models():
    bare_package("mindaudio")  # its __init__ pulls in data (librosa-style deps), scheduler, metrics
    bare_package("mindaudio.models")


def m_ecapa_tdnn():
    _mindaudio_models()
    from mindaudio.models.ecapatdnn import EcapaTDNN
    net = EcapaTDNN(20, lin_neurons=32, channels=(64, 64, 64, 64, 192), attention_channels=32,
                    res2net_scale=4, se_channels=32)
    return net, (f32(rng().randn(2, 50, 20)),), mean_square, "adam"


def m_deepspeech2():
    _mindaudio_models()
    from mindaudio.models.deepspeech2 import DeepSpeechModel
    conf = types.SimpleNamespace(sample_rate=800, window_size=0.02)  # 9 frequency bins
    labels = list("_'ABCDEFGHIJKLMNOPQRSTUVWXYZ ")
    net = DeepSpeechModel(batch_size=2, labels=labels, rnn_hidden_size=32, nb_layers=2, audio_conf=conf)
    x = f32(rng().randn(2, 1, 9, 40))
    lengths = Tensor(np.array([40, 40], np.int32))
    # CTC on the (T=20, N, C) logits, as mindaudio's DeepSpeech2 recipe trains it
    targets = Tensor(np.array([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]], np.int32))
    t_len, s_len = Tensor(np.array([20, 20], np.int32)), Tensor(np.array([5, 5], np.int32))

    def loss(out):
        return ops.ctc_loss(ops.log_softmax(out[0], 2), targets, t_len, s_len)[0]

    return net, (x, lengths), loss, "momentum"


def m_conformer():
    _mindaudio_models()
    from mindaudio.models.conformer import ConformerEncoder
    net = ConformerEncoder(20, output_size=32, attention_heads=2, linear_units=64, num_blocks=2,
                           cnn_module_kernel=3)
    x = f32(rng().randn(2, 40, 20))  # (B, T, D); the 4x subsampling leaves 9 steps
    masks = f32(np.ones((2, 1, 9)))
    chunk_masks = f32(np.ones((2, 9, 9)))
    return net, (x, masks, chunk_masks), projected, "adam"


# ---------------------------------------------------------------- mindformers
def m_llama():
    from mindformers.models.llama import LlamaConfig, LlamaForCausalLM
    cfg = LlamaConfig(batch_size=2, seq_length=16, hidden_size=64, num_layers=2, num_heads=4, vocab_size=128,
                      intermediate_size=128, compute_dtype="float32", layernorm_compute_type="float32",
                      softmax_compute_type="float32", rotary_dtype="float32", param_init_type="float32",
                      fused_rms_norm=False, use_rope_slice=True,  # MindSpore 2.10 CPU: no RmsNorm kernel, no
                      # BatchMatMul broadcast for the rotary swap matrix
                      use_past=False, use_flash_attention=False)
    net = LlamaForCausalLM(cfg)
    ids = rng().randint(1, 128, (2, 17)).astype(np.int32)
    # eval takes seq_length ids and returns logits; in training LlamaForCausalLM takes seq_length + 1,
    # shifts them itself and returns mindformers' CrossEntropyLoss

    def loss(out):
        return out

    return net, (Tensor(ids[:, :16]),), loss, "adam", (Tensor(ids),)


# ---------------------------------------------------------------- mindone
class NoDict(nn.Cell):
    """Calls a mindone.diffusers model with return_dict=False (its outputs as a tuple)."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, *args):
        return self.net(*args, return_dict=False)


def _mindone_models():
    # MINDONE_DEPS: the transformers (4.46.3) and tokenizers that this mindone pins, ahead of ZOO_DEPS
    for p in reversed(list(filter(None, os.environ.get("MINDONE_DEPS", "").split(":")))):
        sys.path.insert(0, p)
    bare_package("mindone")  # its __init__ imports mindone.models (the older SD stack) as well
    import mindone.diffusers.models as models
    return models


def m_unet2d_condition():
    models = _mindone_models()
    net = models.UNet2DConditionModel(
        sample_size=8, in_channels=4, out_channels=4, layers_per_block=1, block_out_channels=(32, 64),
        down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"), up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"),
        cross_attention_dim=32, attention_head_dim=8, norm_num_groups=32)
    x = f32(rng().randn(2, 4, 8, 8))
    t = Tensor(np.array([10, 500], np.int32))
    ctx = f32(rng(2).randn(2, 5, 32))
    return NoDict(net), (x, t, ctx), projected, "adam"


def m_autoencoder_kl():
    models = _mindone_models()
    net = models.AutoencoderKL(
        in_channels=3, out_channels=3, down_block_types=("DownEncoderBlock2D", "DownEncoderBlock2D"),
        up_block_types=("UpDecoderBlock2D", "UpDecoderBlock2D"), block_out_channels=(32, 64), latent_channels=4,
        norm_num_groups=32, sample_size=16)
    return NoDict(net), (f32(rng().randn(2, 3, 16, 16)),), projected, "adam"


MODELS = {k[2:]: v for k, v in globals().items() if k.startswith("m_")}


def build(name):
    """Build model `name` in the mode ZOO_MODE names, seeded: (net, eval inputs, loss of the outputs,
    optimizer kind, training inputs)."""
    if os.environ.get("ZOO_MODE") == "graph":  # both sides compile: MindSpore's graph / sporetorch's GRAPH mode
        ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    net, inputs, loss_of, opt_kind, *train_inputs = MODELS[name]()
    return net, inputs, loss_of, opt_kind, (train_inputs[0] if train_inputs else inputs)


def train_mode(net):
    """Training mode with no randomness in the step: dropout / drop-path stay off."""
    net.set_train(True)
    for _, cell in net.cells_and_names():
        if "drop" in type(cell).__name__.lower():
            cell.set_train(False)


def optimizer(kind, params):
    if kind == "adam":  # Adam's first step is lr * sign(grad): compare.py's weight limit absorbs sign flips
        return nn.Adam(params, learning_rate=1e-3)
    return nn.Momentum(params, learning_rate=0.01, momentum=0.9)


def main(side, name, out):
    res = {}
    try:
        net, inputs, loss_of, opt_kind, train_inputs = build(name)
        ck = os.path.join(out, "oracle.ckpt")
        if side == "oracle":
            ms.save_checkpoint(net, ck)
        else:
            not_loaded = ms.load_param_into_net(net, ms.load_checkpoint(ck))
            res["not_loaded"] = np.array(str(not_loaded))
        net.set_train(False)
        t = time.time()
        o = net(*inputs)
        res["t_fwd"] = np.array(time.time() - t)
        res["fwd"] = first_float(o).asnumpy().astype(np.float32)
        train_mode(net)
        params = net.trainable_params()
        opt = optimizer(opt_kind, params)

        def f(*a):
            return loss_of(net(*a))

        w_before = np.concatenate([p.asnumpy().astype(np.float32).ravel()[:64] for p in params])
        g = ms.value_and_grad(f, None, opt.parameters)
        t = time.time()
        loss, grads = g(*train_inputs)
        opt(grads)
        res["t_step"] = np.array(time.time() - t)
        res["loss"] = loss.asnumpy()
        res["w_after"] = np.concatenate([p.asnumpy().astype(np.float32).ravel()[:64] for p in params])
        res["w_step"] = res["w_after"] - w_before
        res["w_names"] = np.array([p.name for p in params])
        res["w_sizes"] = np.array([min(64, int(np.prod(p.shape))) for p in params])
    except Exception as e:  # the failure becomes one line in compare.py's table
        tb = traceback.extract_tb(e.__traceback__)
        where = [f"{fr.filename.split('/site-packages/')[-1]}:{fr.lineno}" for fr in tb[-3:]]
        first = str(e).splitlines()[0][:300] if str(e) else ""
        res["error"] = np.array(f"{type(e).__name__}: {first} @ {' <- '.join(reversed(where))}")
        traceback.print_exc()
    np.savez(os.path.join(out, side + ".npz"), **res)
    print(side, name, "error" if "error" in res else "ok")


if __name__ == "__main__":
    main(*sys.argv[1:4])
