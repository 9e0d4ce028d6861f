"""Learned and random augmentation policies, batch mixing and bounding-box transforms.

The AutoAugment policies and the RandAugment / TrivialAugmentWide magnitude spaces are the
published ones (Cubuk et al. 2019/2020, Müller & Hutter 2021), which MindSpore 2.10 uses.
"""
import math

import numpy as np

from .transforms import (_RandomOp, ImageTensorOperation, _affine, _crop, _fill, _image, _int, _number, _prob,
                         _resize, _rgb, _rotate, _saturate, _solarize, _posterize, _warp_mode,
                         _check_size, _target_size, _autocontrast_channel, _lut_channels, adjust_brightness,
                         adjust_contrast, adjust_saturation, adjust_sharpness, RandomCrop, RandomResizedCrop)
from . import _cv
from .utils import AutoAugmentPolicy, ImageBatchFormat, Inter


def _apply_named(img, name, magnitude, mode, fill):
    """One augmentation of the policies on an HWC uint8 image."""
    if name == "ShearX":
        return _affine_about_origin(img, (math.degrees(math.atan(magnitude)), 0.0), (0.0, 0.0), mode, fill)
    if name == "ShearY":
        return _affine_about_origin(img, (0.0, math.degrees(math.atan(magnitude))), (0.0, 0.0), mode, fill)
    if name == "TranslateX":
        return _affine(img, 0.0, (float(int(magnitude)), 0.0), 1.0, (0.0, 0.0), mode, fill)
    if name == "TranslateY":
        return _affine(img, 0.0, (0.0, float(int(magnitude))), 1.0, (0.0, 0.0), mode, fill)
    if name == "Rotate":
        return _rotate(img, magnitude, mode, False, None, fill)
    if name == "Brightness":
        return adjust_brightness(img, 1.0 + magnitude)
    if name == "Color":
        return adjust_saturation(img, 1.0 + magnitude)
    if name == "Contrast":
        return adjust_contrast(img, 1.0 + magnitude)
    if name == "Sharpness":
        return adjust_sharpness(img, 1.0 + magnitude)
    if name == "Posterize":
        return _posterize(img, int(magnitude))
    if name == "Solarize":
        return _solarize(img, magnitude, 255)
    if name == "AutoContrast":
        return _lut_channels(img, lambda ch: _autocontrast_channel(ch, 0.0, None))
    if name == "Equalize":
        return _lut_channels(img, _cv.equalize_channel)
    if name == "Invert":
        return (255 - img).astype(img.dtype)
    return img  # Identity


def _affine_about_origin(img, shear, translate, mode, fill):
    from .transforms import _affine_inverse
    h, w = img.shape[:2]
    return _cv.warp_affine(img, _affine_inverse((0.0, 0.0), 0.0, translate, 1.0, shear), h, w, mode, fill)


_SIGNED = {"ShearX", "ShearY", "TranslateX", "TranslateY", "Rotate", "Brightness", "Color", "Contrast", "Sharpness"}


def _space(num_bins, h, w, wide=False):
    """Magnitude bins of each augmentation (RandAugment's space, or TrivialAugmentWide's)."""
    lin = np.linspace
    if wide:
        space = {"Identity": np.zeros(num_bins), "ShearX": lin(0, 0.99, num_bins), "ShearY": lin(0, 0.99, num_bins),
                 "TranslateX": lin(0, 32.0, num_bins), "TranslateY": lin(0, 32.0, num_bins),
                 "Rotate": lin(0, 135.0, num_bins), "Brightness": lin(0, 0.99, num_bins),
                 "Color": lin(0, 0.99, num_bins), "Contrast": lin(0, 0.99, num_bins),
                 "Sharpness": lin(0, 0.99, num_bins),
                 "Posterize": 8 - np.round(np.arange(num_bins) / ((num_bins - 1) / 6)).astype(int)}
    else:
        space = {"Identity": np.zeros(num_bins), "ShearX": lin(0, 0.3, num_bins), "ShearY": lin(0, 0.3, num_bins),
                 "TranslateX": lin(0, 150.0 / 331.0 * w, num_bins),
                 "TranslateY": lin(0, 150.0 / 331.0 * h, num_bins),
                 "Rotate": lin(0, 30.0, num_bins), "Brightness": lin(0, 0.9, num_bins),
                 "Color": lin(0, 0.9, num_bins), "Contrast": lin(0, 0.9, num_bins),
                 "Sharpness": lin(0, 0.9, num_bins),
                 "Posterize": 8 - np.round(np.arange(num_bins) / ((num_bins - 1) / 4)).astype(int)}
    space.update({"Solarize": lin(255.0, 0.0, num_bins), "AutoContrast": np.zeros(num_bins),
                  "Equalize": np.zeros(num_bins)})
    return space


_POLICIES = {
    AutoAugmentPolicy.IMAGENET: [
        (("Posterize", 0.4, 8), ("Rotate", 0.6, 9)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None)), (("Posterize", 0.6, 7), ("Posterize", 0.6, 6)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)), (("Equalize", 0.4, None), ("Rotate", 0.8, 8)),
        (("Solarize", 0.6, 3), ("Equalize", 0.6, None)), (("Posterize", 0.8, 5), ("Equalize", 1.0, None)),
        (("Rotate", 0.2, 3), ("Solarize", 0.6, 8)), (("Equalize", 0.6, None), ("Posterize", 0.4, 6)),
        (("Rotate", 0.8, 8), ("Color", 0.4, 0)), (("Rotate", 0.4, 9), ("Equalize", 0.6, None)),
        (("Equalize", 0.0, None), ("Equalize", 0.8, None)), (("Invert", 0.6, None), ("Equalize", 1.0, None)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)), (("Rotate", 0.8, 8), ("Color", 1.0, 2)),
        (("Color", 0.8, 8), ("Solarize", 0.8, 7)), (("Sharpness", 0.4, 7), ("Invert", 0.6, None)),
        (("ShearX", 0.6, 5), ("Equalize", 1.0, None)), (("Color", 0.4, 0), ("Equalize", 0.6, None)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Invert", 0.6, None), ("Equalize", 1.0, None)), (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None))],
    AutoAugmentPolicy.CIFAR10: [
        (("Invert", 0.1, None), ("Contrast", 0.2, 6)), (("Rotate", 0.7, 2), ("TranslateX", 0.3, 9)),
        (("Sharpness", 0.8, 1), ("Sharpness", 0.9, 3)), (("ShearY", 0.5, 8), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.5, None), ("Equalize", 0.9, None)), (("ShearY", 0.2, 7), ("Posterize", 0.3, 7)),
        (("Color", 0.4, 3), ("Brightness", 0.6, 7)), (("Sharpness", 0.3, 9), ("Brightness", 0.7, 9)),
        (("Equalize", 0.6, None), ("Equalize", 0.5, None)), (("Contrast", 0.6, 7), ("Sharpness", 0.6, 5)),
        (("Color", 0.7, 7), ("TranslateX", 0.5, 8)), (("Equalize", 0.3, None), ("AutoContrast", 0.4, None)),
        (("TranslateY", 0.4, 3), ("Sharpness", 0.2, 6)), (("Brightness", 0.9, 6), ("Color", 0.2, 8)),
        (("Solarize", 0.5, 2), ("Invert", 0.0, None)), (("Equalize", 0.2, None), ("AutoContrast", 0.6, None)),
        (("Equalize", 0.2, None), ("Equalize", 0.6, None)), (("Color", 0.9, 9), ("Equalize", 0.6, None)),
        (("AutoContrast", 0.8, None), ("Solarize", 0.2, 8)), (("Brightness", 0.1, 3), ("Color", 0.7, 0)),
        (("Solarize", 0.4, 5), ("AutoContrast", 0.9, None)), (("TranslateY", 0.9, 9), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.9, None), ("Solarize", 0.8, 3)), (("Equalize", 0.8, None), ("Invert", 0.1, None)),
        (("TranslateY", 0.7, 9), ("AutoContrast", 0.9, None))],
    AutoAugmentPolicy.SVHN: [
        (("ShearX", 0.9, 4), ("Invert", 0.2, None)), (("ShearY", 0.9, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.6, None), ("Solarize", 0.6, 6)), (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Equalize", 0.6, None), ("Rotate", 0.9, 3)), (("ShearX", 0.9, 4), ("AutoContrast", 0.8, None)),
        (("ShearY", 0.9, 8), ("Invert", 0.4, None)), (("ShearY", 0.9, 5), ("Solarize", 0.2, 6)),
        (("Invert", 0.9, None), ("AutoContrast", 0.8, None)), (("Equalize", 0.6, None), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("Solarize", 0.3, 3)), (("ShearY", 0.8, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.9, None), ("TranslateY", 0.6, 6)), (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Contrast", 0.3, 3), ("Rotate", 0.8, 4)), (("Invert", 0.8, None), ("TranslateY", 0.0, 2)),
        (("ShearY", 0.7, 6), ("Solarize", 0.4, 8)), (("Invert", 0.6, None), ("Rotate", 0.8, 4)),
        (("ShearY", 0.3, 7), ("TranslateX", 0.9, 3)), (("ShearX", 0.1, 6), ("Invert", 0.6, None)),
        (("Solarize", 0.7, 2), ("TranslateY", 0.6, 7)), (("ShearY", 0.8, 4), ("Invert", 0.8, None)),
        (("ShearX", 0.7, 9), ("TranslateY", 0.8, 3)), (("ShearY", 0.8, 5), ("AutoContrast", 0.7, None)),
        (("ShearX", 0.7, 2), ("Invert", 0.1, None))],
}


class _PolicyOp(_RandomOp):
    _keeps_pil = True

    def _setup(self, interpolation, fill_value):
        op = type(self).__name__
        self.interpolation = Inter(interpolation)
        self._mode = _warp_mode(op, self.interpolation)
        self.fill_value = _fill(op, fill_value)

    def _signed(self, name, magnitude):
        if name in _SIGNED and self._rng.random() < 0.5:
            return -magnitude
        return magnitude


class AutoAugment(_PolicyOp):
    """Apply a random sub-policy of the learned ``policy`` (ImageNet, CIFAR-10 or SVHN).

    Args:
        policy (AutoAugmentPolicy): which learned policy. Default: IMAGENET.
        interpolation (Inter): for the geometric ops. Default: NEAREST.
        fill_value (int or 3-tuple): colour of the area outside. Default: 0.
    """

    def __init__(self, policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST, fill_value=0):
        if not isinstance(policy, AutoAugmentPolicy):
            raise TypeError(f"For 'AutoAugment', 'policy' must be an AutoAugmentPolicy, but got {policy!r}")
        self.policy = policy
        self._setup(interpolation, fill_value)

    def _apply(self, img):
        img = _rgb("AutoAugment", img)
        space = _space(10, *img.shape[:2])
        policy = _POLICIES[self.policy]
        for name, prob, level in policy[int(self._rng.integers(len(policy)))]:
            if self._rng.random() <= prob:
                magnitude = float(space[name][level]) if level is not None else 0.0
                img = _apply_named(img, name, self._signed(name, magnitude), self._mode, self.fill_value)
        return img


class RandAugment(_PolicyOp):
    """Apply ``num_ops`` augmentations drawn uniformly, each at bin ``magnitude`` of ``num_magnitude_bins``."""

    def __init__(self, num_ops=2, magnitude=9, num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
        self.num_ops = _int("RandAugment", "num_ops", num_ops, 0)
        self.num_magnitude_bins = _int("RandAugment", "num_magnitude_bins", num_magnitude_bins, 2)
        self.magnitude = _int("RandAugment", "magnitude", magnitude, 0)
        if self.magnitude >= self.num_magnitude_bins:
            raise ValueError(f"For 'RandAugment', 'magnitude' must be < num_magnitude_bins "
                             f"({num_magnitude_bins}), but got {magnitude}")
        self._setup(interpolation, fill_value)

    def _apply(self, img):
        img = _rgb("RandAugment", img)
        space = _space(self.num_magnitude_bins, *img.shape[:2])
        names = list(space)
        for _ in range(self.num_ops):
            name = names[int(self._rng.integers(len(names)))]
            magnitude = float(space[name][self.magnitude])
            img = _apply_named(img, name, self._signed(name, magnitude), self._mode, self.fill_value)
        return img


class TrivialAugmentWide(_PolicyOp):
    """Apply one augmentation drawn uniformly, at a magnitude bin drawn uniformly (the wide space)."""

    def __init__(self, num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
        self.num_magnitude_bins = _int("TrivialAugmentWide", "num_magnitude_bins", num_magnitude_bins, 2)
        self._setup(interpolation, fill_value)

    def _apply(self, img):
        img = _rgb("TrivialAugmentWide", img)
        space = _space(self.num_magnitude_bins, *img.shape[:2], wide=True)
        names = list(space)
        name = names[int(self._rng.integers(len(names)))]
        magnitude = float(space[name][int(self._rng.integers(self.num_magnitude_bins))])
        return _apply_named(img, name, self._signed(name, magnitude), self._mode, self.fill_value)


def _check_ops(op, transforms):
    if not isinstance(transforms, (list, tuple)) or not transforms or not all(callable(t) for t in transforms):
        raise TypeError(f"For '{op}', 'transforms' must be a non-empty sequence of data processing operations, "
                        f"but got {transforms!r}")
    return list(transforms)


class UniformAugment(_RandomOp):
    """Pick ``num_ops`` of ``transforms`` (without repeats) and apply each with probability 0.5."""
    _keeps_pil = True

    def __init__(self, transforms, num_ops=2):
        self.transforms = _check_ops("UniformAugment", transforms)
        self.num_ops = _int("UniformAugment", "num_ops", num_ops, 1)
        if self.num_ops > len(self.transforms):
            raise ValueError(f"For 'UniformAugment', 'num_ops' must be <= the number of transforms "
                             f"({len(self.transforms)}), but got {num_ops}")

    def _apply(self, img):
        for i in self._rng.permutation(len(self.transforms))[:self.num_ops]:
            if self._rng.random() < 0.5:
                img = np.asarray(self.transforms[int(i)](img))
        return img


class RandomSelectSubpolicy(_RandomOp):
    """Pick one sub-policy (a list of ``(op, prob)``) and apply its ops with their probabilities."""
    _keeps_pil = True

    def __init__(self, policy):
        if not isinstance(policy, list) or not policy or any(
                not isinstance(sub, list) or not sub or any(
                    not isinstance(p, tuple) or len(p) != 2 or not callable(p[0]) or not 0 <= p[1] <= 1 for p in sub)
                for sub in policy):
            raise TypeError("For 'RandomSelectSubpolicy', 'policy' must be a list of lists of (operation, prob) "
                            f"tuples with prob in [0, 1], but got {policy!r}")
        self.policy = policy

    def _apply(self, img):
        for op, prob in self.policy[int(self._rng.integers(len(self.policy)))]:
            if self._rng.random() < prob:
                img = np.asarray(op(img))
        return img


# ---------------------------------------------------------------- batch mixing


def _batch_labels(op, labels, n):
    labels = np.asarray(labels)
    if labels.ndim not in (2, 3) or labels.shape[0] != n:
        raise RuntimeError(f"For '{op}', the labels must be one-hot <N, num_classes> (or <N, L, num_classes>) for "
                           f"the {n} images, but got shape {labels.shape}")
    return labels


class MixUpBatch(_RandomOp):
    """Mix each image (and one-hot label) of a batch with another, weights ``lam ~ Beta(alpha, alpha)``."""

    def __init__(self, alpha=1.0):
        self.alpha = _number("MixUpBatch", "alpha", alpha)
        if self.alpha <= 0:
            raise ValueError(f"For 'MixUpBatch', 'alpha' must be positive, but got {alpha}")

    def _apply(self, images, labels):
        if images.ndim != 4:
            raise RuntimeError(f"For 'MixUpBatch', the images must be a batch <N, H, W, C> or <N, C, H, W>, "
                               f"but got shape {images.shape}")
        labels = _batch_labels("MixUpBatch", labels, images.shape[0])
        lam = self._rng.beta(self.alpha, self.alpha)
        perm = self._rng.permutation(images.shape[0])
        mixed = images.astype(np.float32) * lam + images[perm].astype(np.float32) * (1 - lam)
        out_labels = labels.astype(np.float32) * lam + labels[perm].astype(np.float32) * (1 - lam)
        return _saturate(mixed, images.dtype) if images.dtype == np.uint8 else mixed.astype(images.dtype), out_labels


class CutMixBatch(_RandomOp):
    """Paste a random box from another image of the batch into each image (with probability ``prob``)
    and mix the one-hot labels by the pasted area."""

    def __init__(self, image_batch_format, alpha=1.0, prob=1.0):
        if not isinstance(image_batch_format, ImageBatchFormat):
            raise TypeError(f"For 'CutMixBatch', 'image_batch_format' must be an ImageBatchFormat, but got "
                            f"{image_batch_format!r}")
        self.image_batch_format = image_batch_format
        self.alpha = _number("CutMixBatch", "alpha", alpha)
        if self.alpha <= 0:
            raise ValueError(f"For 'CutMixBatch', 'alpha' must be positive, but got {alpha}")
        self.prob = _prob("CutMixBatch", prob)

    def _apply(self, images, labels):
        if images.ndim != 4:
            raise RuntimeError(f"For 'CutMixBatch', the images must be a batch of 4 dimensions, but got shape "
                               f"{images.shape}")
        labels = _batch_labels("CutMixBatch", labels, images.shape[0]).astype(np.float32)
        nhwc = self.image_batch_format == ImageBatchFormat.NHWC
        h, w = images.shape[1:3] if nhwc else images.shape[2:4]
        out, out_labels = images.copy(), labels.copy()
        perm = self._rng.permutation(images.shape[0])
        for i, j in enumerate(perm):
            if self._rng.random() >= self.prob:
                continue
            lam = self._rng.beta(self.alpha, self.alpha)
            cut = math.sqrt(1 - lam)
            ch, cw = int(h * cut), int(w * cut)
            cy, cx = int(self._rng.integers(h)), int(self._rng.integers(w))
            y0, y1 = np.clip([cy - ch // 2, cy + ch // 2], 0, h)
            x0, x1 = np.clip([cx - cw // 2, cx + cw // 2], 0, w)
            if nhwc:
                out[i, y0:y1, x0:x1] = images[j, y0:y1, x0:x1]
            else:
                out[i, :, y0:y1, x0:x1] = images[j, :, y0:y1, x0:x1]
            frac = (y1 - y0) * (x1 - x0) / float(h * w)
            out_labels[i] = (1 - frac) * labels[i] + frac * labels[j]
        return out, out_labels


class MixUp(_RandomOp):
    """Mix a batch of images and one-hot labels with its rotation by one (``is_single``) or with the
    previous batch's output, weight ``lam ~ Beta(alpha, alpha)``."""

    def __init__(self, batch_size, alpha, is_single=True):
        self.batch_size = _int("MixUp", "batch_size", batch_size, 1)
        self.alpha = _number("MixUp", "alpha", alpha)
        if self.alpha <= 0:
            raise ValueError(f"For 'MixUp', 'alpha' must be positive, but got {alpha}")
        self.is_single = bool(is_single)
        self._previous = None

    def _apply(self, images, labels):
        lam = self._rng.beta(self.alpha, self.alpha)
        if self.is_single or self._previous is None:
            other_img, other_lbl = np.roll(images, -1, axis=0), np.roll(labels, -1, axis=0)
        else:
            other_img, other_lbl = self._previous
        mixed = (lam * images + (1 - lam) * other_img).astype(np.float32)
        mixed_labels = (lam * labels + (1 - lam) * other_lbl).astype(np.float32)
        if not self.is_single:
            self._previous = (mixed, mixed_labels)
        return mixed, mixed_labels


# ---------------------------------------------------------------- bounding boxes


def _bboxes(op, bboxes, h, w):
    b = np.array(bboxes, dtype=np.float32 if np.asarray(bboxes).dtype.kind != "f" else np.asarray(bboxes).dtype)
    if b.ndim != 2 or b.shape[1] < 4:
        raise RuntimeError(f"For '{op}', the bounding boxes must be <N, 4+> [x, y, width, height, ...], but got "
                           f"shape {b.shape}")
    if ((b[:, 0] < 0) | (b[:, 1] < 0) | (b[:, 0] + b[:, 2] > w) | (b[:, 1] + b[:, 3] > h)).any():
        raise RuntimeError(f"For '{op}', a bounding box lies outside the image of size {(h, w)}")
    return b


class RandomHorizontalFlipWithBBox(_RandomOp):
    """Flip the image and its boxes left-right with probability ``prob``."""

    def __init__(self, prob=0.5):
        self.prob = _prob(type(self).__name__, prob)

    def _apply(self, img, bboxes):
        img = _image(type(self).__name__, img)
        b = _bboxes(type(self).__name__, bboxes, *img.shape[:2])
        if self._rng.random() >= self.prob:
            return img, b
        return self._flip(img, b)

    @staticmethod
    def _flip(img, b):
        b[:, 0] = img.shape[1] - b[:, 0] - b[:, 2]
        return np.ascontiguousarray(img[:, ::-1]), b


class RandomVerticalFlipWithBBox(RandomHorizontalFlipWithBBox):
    """Flip the image and its boxes top-bottom with probability ``prob``."""

    @staticmethod
    def _flip(img, b):
        b[:, 1] = img.shape[0] - b[:, 1] - b[:, 3]
        return np.ascontiguousarray(img[::-1]), b


def _resize_with_boxes(img, b, size, inter):
    h, w = img.shape[:2]
    th, tw = _target_size(size, h, w)
    out = _resize(img, th, tw, inter)
    b = b.copy()
    b[:, [0, 2]] *= tw / w
    b[:, [1, 3]] *= th / h
    return out, b


class ResizeWithBBox(ImageTensorOperation):
    """``Resize`` the image and scale its boxes to match."""

    def __init__(self, size, interpolation=Inter.BILINEAR):
        self.size = _check_size("ResizeWithBBox", size)
        self.interpolation = Inter(interpolation)

    def _apply(self, img, bboxes):
        img = _image("ResizeWithBBox", img)
        return _resize_with_boxes(img, _bboxes("ResizeWithBBox", bboxes, *img.shape[:2]), self.size,
                                  self.interpolation)


class RandomResizeWithBBox(_RandomOp):
    """``ResizeWithBBox`` with an interpolation chosen at random."""

    def __init__(self, size):
        self.size = _check_size("RandomResizeWithBBox", size)

    def _apply(self, img, bboxes):
        img = _image("RandomResizeWithBBox", img)
        inter = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA)[int(self._rng.integers(4))]
        return _resize_with_boxes(img, _bboxes("RandomResizeWithBBox", bboxes, *img.shape[:2]), self.size, inter)


def _crop_boxes(b, top, left, ch, cw):
    """Boxes cut to the crop window, in its coordinates; boxes outside it are dropped."""
    x0 = np.clip(b[:, 0] - left, 0, cw)
    y0 = np.clip(b[:, 1] - top, 0, ch)
    x1 = np.clip(b[:, 0] + b[:, 2] - left, 0, cw)
    y1 = np.clip(b[:, 1] + b[:, 3] - top, 0, ch)
    keep = (x1 > x0) & (y1 > y0)
    out = b[keep].copy()
    out[:, 0], out[:, 1], out[:, 2], out[:, 3] = x0[keep], y0[keep], (x1 - x0)[keep], (y1 - y0)[keep]
    return out


class RandomCropWithBBox(RandomCrop):
    """``RandomCrop`` that also moves the boxes and drops those outside the crop."""

    def _apply(self, img, bboxes):
        img = _image("RandomCropWithBBox", img)
        b = _bboxes("RandomCropWithBBox", bboxes, *img.shape[:2])
        top_pad, _, left_pad, _ = self.padding
        b[:, 0] += left_pad
        b[:, 1] += top_pad
        padded, top, left = self._region(img)
        extra_y = (padded.shape[0] - img.shape[0] - top_pad - self.padding[1]) // 2
        extra_x = (padded.shape[1] - img.shape[1] - left_pad - self.padding[3]) // 2
        b[:, 0] += extra_x
        b[:, 1] += extra_y
        return _crop(padded, top, left, *self.size), _crop_boxes(b, top, left, *self.size)


class RandomResizedCropWithBBox(RandomResizedCrop):
    """``RandomResizedCrop`` that also crops and scales the boxes."""

    def _apply(self, img, bboxes):
        img = _image("RandomResizedCropWithBBox", img)
        b = _bboxes("RandomResizedCropWithBBox", bboxes, *img.shape[:2])
        top, left, ch, cw = self._region(*img.shape[:2])
        b = _crop_boxes(b, top, left, ch, cw)
        b[:, [0, 2]] *= self.size[1] / cw
        b[:, [1, 3]] *= self.size[0] / ch
        return _resize(_crop(img, top, left, ch, cw), *self.size, self.interpolation), b


class BoundingBoxAugment(_RandomOp):
    """Apply ``transform`` inside a random ``ratio`` of the boxes (each box region in place)."""

    def __init__(self, transform, ratio=0.3):
        if not callable(transform):
            raise TypeError(f"For 'BoundingBoxAugment', 'transform' must be an image operation, but got "
                            f"{transform!r}")
        self.transform = transform
        self.ratio = _number("BoundingBoxAugment", "ratio", ratio, 0.0, 1.0)

    def _apply(self, img, bboxes):
        img = _image("BoundingBoxAugment", img).copy()
        b = _bboxes("BoundingBoxAugment", bboxes, *img.shape[:2])
        count = int(len(b) * self.ratio)
        for i in self._rng.permutation(len(b))[:count]:
            x, y, bw, bh = (int(v) for v in b[i, :4])
            if bw <= 0 or bh <= 0:
                continue
            patch = np.asarray(self.transform(np.ascontiguousarray(img[y:y + bh, x:x + bw])))
            if patch.shape[:2] != (bh, bw):
                patch = _resize(patch, bh, bw, Inter.BILINEAR)
            img[y:y + bh, x:x + bw] = patch
        return img, b
