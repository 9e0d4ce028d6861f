"""Train a mindcv model for two epochs on a tiny ImageNet-style folder with mindcv's training stack.

A plain MindSpore 2.10 script (it runs unchanged under MindSpore and under ``python -m sporetorch run``).
It calls mindcv 0.3.0's factories the way mindcv's own training script does: create_dataset,
create_transforms and create_loader for train and val, create_model, create_loss, create_scheduler,
create_optimizer (the schedule as learning rate), create_trainer, and Model.train with mindcv's
StateMonitor, which evaluates on val after each epoch and writes result.log and the checkpoints
(plus MindSpore's LossMonitor), then evaluates once more with mindcv's ValCallback.

Usage: train_two_epochs.py WORKDIR [graph|pynative] [random|fixed|extras]

``random`` (the default) trains as mindcv does: shuffled data, random crops and flips, mindcv's
initial weights. ``fixed`` takes every source of randomness out so that two frameworks can be
compared number for number: the train set in folder order, whole-image crops (scale and ratio 1 on
square train images of the network's input size, so the crop's resize is the identity), no flip, and
initial weights drawn here with NumPy. ``extras`` is ``random`` with mindcv's own train step
(create_trainer's TrainStep: EMA weights, gradient clipping, a loss scale; not its gradient
accumulation, which MindSpore 2.10 itself rejects in PyNative mode, nor StateMonitor's evaluation
with the EMA weights, which fails in MindSpore 2.10's load_param_into_net),
AdamW without decay on norms and biases, and MixUp.

WORKDIR/data/{train,val}/<class>/*.jpg is made here; WORKDIR/ckpt gets what mindcv writes, and
WORKDIR/record.json what this script records (per-step loss and learning rate, final metrics,
checkpoint parameter names and the accuracy of a network reloaded from the last checkpoint).
"""
import json
import logging
import os
import sys

import numpy as np
from PIL import Image

import mindspore as ms
from mindspore.train import Callback, LossMonitor

from mindcv.data import create_dataset, create_loader, create_transforms
from mindcv.loss import create_loss
from mindcv.models import create_model
from mindcv.optim import create_optimizer
from mindcv.scheduler import create_scheduler
from mindcv.utils import StateMonitor, ValCallback, create_trainer, get_metrics, set_logger

CLASSES = ("n01440764", "n01443537", "n01484850")
COLOURS = ((220, 40, 40), (40, 200, 60), (50, 60, 230))
MODEL = "mobilenet_v1_025"
IMAGE_SIZE = 64
BATCH_SIZE = 4
EPOCHS = 2


def make_folder(root, split, per_class, rng, size=None):
    """Write ``per_class`` noisy, class-coloured square JPEGs (of varying size unless ``size`` is
    given) under root/split/<class>/."""
    for label, (name, colour) in enumerate(zip(CLASSES, COLOURS)):
        folder = os.path.join(root, split, name)
        os.makedirs(folder, exist_ok=True)
        for i in range(per_class):
            h = w = size or int(rng.integers(72, 96))
            pixels = np.clip(np.array(colour) + rng.normal(0, 30, (h, w, 3)), 0, 255).astype(np.uint8)
            Image.fromarray(pixels).save(os.path.join(folder, f"{split}_{label}_{i:03d}.JPEG"), quality=90)


class StepRecorder(Callback):
    """Records the loss and the learning rate the optimizer used at every training step."""

    def __init__(self):
        super().__init__()
        self.steps = []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        optimizer = cb_params.optimizer or cb_params.train_network.optimizer
        step = optimizer.global_step - 1
        lr = optimizer.learning_rate(step) if optimizer.dynamic_lr else optimizer.learning_rate
        loss = cb_params.net_outputs
        if isinstance(loss, (tuple, list)):
            loss = loss[0]
        self.steps.append({
            "epoch": int(cb_params.cur_epoch_num),
            "step": int(cb_params.cur_step_num),
            "batch_num": int(cb_params.batch_num),
            "loss": float(loss.asnumpy()),
            "lr": float(np.asarray(lr.asnumpy()).reshape(-1)[0]),
        })


def set_fixed_weights(network, seed=0):
    """Xavier-uniform convolutions, N(0, 0.01) classifier, zero biases, drawn with NumPy."""
    rng = np.random.RandomState(seed)
    for param in network.get_parameters():
        shape = param.shape
        if param.name.endswith("weight") and len(shape) == 4:
            fan_in, fan_out = shape[1] * shape[2] * shape[3], shape[0] * shape[2] * shape[3]
            bound = np.sqrt(6.0 / (fan_in + fan_out))
            param.set_data(ms.Tensor(rng.uniform(-bound, bound, shape).astype(np.float32)))
        elif param.name.endswith("weight") and len(shape) == 2:
            param.set_data(ms.Tensor((rng.randn(*shape) * 0.01).astype(np.float32)))
        elif param.name.endswith("bias"):
            param.set_data(ms.Tensor(np.zeros(shape, np.float32)))


def main(workdir, mode, variant):
    fixed, extras = variant == "fixed", variant == "extras"
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(1)
    data_dir = os.path.join(workdir, "data")
    ckpt_dir = os.path.join(workdir, "ckpt")
    rng = np.random.default_rng(0)
    make_folder(data_dir, "train", 6, rng, IMAGE_SIZE if fixed else None)
    make_folder(data_dir, "val", 2, rng)
    set_logger(name="mindcv", output_dir=ckpt_dir, rank=0, color=False)
    logger = logging.getLogger("mindcv.train")

    dataset_train = create_dataset(name="imagenet", root=data_dir, split="train", shuffle=not fixed,
                                   num_parallel_workers=2)
    transform_train = create_transforms(dataset_name="imagenet", is_training=True, image_resize=IMAGE_SIZE,
                                        scale=(1.0, 1.0) if fixed else (0.5, 1.0),
                                        ratio=(1.0, 1.0) if fixed else (0.75, 1.333),
                                        hflip=0.0 if fixed else 0.5, interpolation="bilinear")
    loader_train = create_loader(dataset=dataset_train, batch_size=BATCH_SIZE, drop_remainder=True,
                                 is_training=True, mixup=0.2 if extras else 0.0, num_classes=len(CLASSES),
                                 transform=transform_train, num_parallel_workers=2)
    dataset_val = create_dataset(name="imagenet", root=data_dir, split="val", shuffle=False,
                                 num_parallel_workers=2)
    transform_val = create_transforms(dataset_name="imagenet", is_training=False, image_resize=IMAGE_SIZE,
                                      interpolation="bilinear")
    loader_val = create_loader(dataset=dataset_val, batch_size=BATCH_SIZE, drop_remainder=False,
                               is_training=False, num_classes=len(CLASSES), transform=transform_val,
                               num_parallel_workers=2)
    steps_per_epoch = loader_train.get_dataset_size()
    logger.info(f"train samples {dataset_train.get_dataset_size()}, val samples {dataset_val.get_dataset_size()}, "
                f"steps per epoch {steps_per_epoch}")

    network = create_model(model_name=MODEL, num_classes=len(CLASSES), in_channels=3, pretrained=False)
    if fixed:
        set_fixed_weights(network)
    loss = create_loss(name="CE", reduction="mean", label_smoothing=0.1)
    lr_scheduler = create_scheduler(steps_per_epoch, scheduler="cosine_decay", lr=0.05, min_lr=1e-4,
                                    warmup_epochs=1, warmup_factor=0.1, decay_epochs=1, num_epochs=EPOCHS)
    if extras:
        optimizer = create_optimizer(network, opt="adamw", lr=lr_scheduler, weight_decay=0.05,
                                     weight_decay_filter="norm_and_bias", loss_scale=16.0)
        trainer = create_trainer(network, loss, optimizer, get_metrics(len(CLASSES)), amp_level="O0",
                                 amp_cast_list=None, loss_scale_type="fixed", loss_scale=16.0,
                                 drop_overflow_update=False, ema=True, ema_decay=0.9, clip_grad=True,
                                 clip_value=1.0)
    else:
        optimizer = create_optimizer(network.trainable_params(), opt="momentum", lr=lr_scheduler,
                                     weight_decay=1e-4, momentum=0.9, nesterov=False, loss_scale=1.0)
        trainer = create_trainer(network, loss, optimizer, get_metrics(len(CLASSES)), amp_level="O0",
                                 amp_cast_list=None, loss_scale_type="fixed", loss_scale=1.0,
                                 drop_overflow_update=False)
    metrics = get_metrics(len(CLASSES))
    # mindcv's StateMonitor looks for the optimizer of its own TrainStep where non-sink mode puts it
    sink = not extras
    state_cb = StateMonitor(trainer, model_name=MODEL, model_ema=False, dataset_sink_mode=sink, dataset_val=loader_val,
                            metric_name=list(metrics.keys()), val_interval=1, ckpt_save_dir=ckpt_dir,
                            ckpt_save_interval=1, ckpt_save_policy="latest_k", ckpt_keep_max=10,
                            summary_dir=os.path.join(ckpt_dir, "summary"), log_interval=2)
    recorder = StepRecorder()
    logger.info("Start training")
    trainer.train(EPOCHS, loader_train, callbacks=[state_cb, recorder, LossMonitor(per_print_times=2)],
                  dataset_sink_mode=sink)

    final = trainer.eval(loader_val, callbacks=[ValCallback(log_interval=1)], dataset_sink_mode=False)
    last_ckpt = os.path.join(ckpt_dir, f"{MODEL}-{EPOCHS}_{steps_per_epoch}.ckpt")
    params = ms.load_checkpoint(last_ckpt)
    reloaded = create_model(model_name=MODEL, num_classes=len(CLASSES), in_channels=3, pretrained=False)
    not_loaded, _ = ms.load_param_into_net(reloaded, params)
    reloaded.set_train(False)
    correct = total = 0
    for batch in loader_val.create_dict_iterator(num_epochs=1):
        pred = reloaded(batch["image"]).asnumpy().argmax(axis=1)
        correct += int((pred == batch["label"].asnumpy()).sum())
        total += len(pred)
    optim_params = ms.load_checkpoint(os.path.join(ckpt_dir, f"optim_{MODEL}.ckpt"))

    record = {
        "steps_per_epoch": steps_per_epoch,
        "train_size": dataset_train.get_dataset_size(),
        "val_size": dataset_val.get_dataset_size(),
        "steps": recorder.steps,
        "schedule": [float(v) for v in lr_scheduler],
        "final_metrics": {k: float(v) for k, v in final.items()},
        "reloaded_accuracy": correct / total,
        "not_loaded": list(not_loaded),
        "ckpt_files": sorted(os.listdir(ckpt_dir)),
        "ckpt_names": list(params.keys()),
        "optim_ckpt_names": list(optim_params.keys()),
        "num_trainable": len(network.trainable_params()),
        "weights_abs_sum": float(sum(np.abs(p.asnumpy()).sum() for p in network.trainable_params())),
    }
    with open(os.path.join(workdir, "record.json"), "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1)
    print("final metrics", record["final_metrics"], "reloaded accuracy", record["reloaded_accuracy"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "graph", sys.argv[3] if len(sys.argv) > 3 else "random")
