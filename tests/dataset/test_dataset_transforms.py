"""dataset.transforms and dataset.vision on NumPy arrays. Literals: MindSpore 2.10 outputs."""
import numpy as np
import pytest

import sporetorch as ms
import sporetorch.dataset as ds
import sporetorch.dataset.transforms as T
import sporetorch.dataset.vision as vision

IMG = (np.arange(4 * 6 * 3) % 256).astype(np.uint8).reshape(4, 6, 3)


def test_type_cast_one_hot_duplicate_compose():
    d = ds.NumpySlicesDataset([1, 3], shuffle=False).map(T.OneHot(4))
    out = [r[0] for r in d.create_tuple_iterator(output_numpy=True)]
    assert [o.tolist() for o in out] == [[0, 1, 0, 0], [0, 0, 0, 1]] and out[0].dtype == np.int64
    assert T.TypeCast(ms.int32)(np.array([1.7, -2.5])).dtype == np.int32
    assert ds.NumpySlicesDataset([1, 3]).map(T.Duplicate(), input_columns=["column_0"],
                                             output_columns=["a", "b"]).get_col_names() == ["a", "b"]
    assert T.Compose([vision.Rescale(2.0, 0.0), vision.HWC2CHW()])(IMG).shape == (3, 4, 6)
    with pytest.raises(ValueError, match="labels must be in"):
        T.OneHot(2)(np.array([3]))


def test_rescale_normalize_hwc2chw_totensor():
    r = vision.Rescale(1 / 255., 0.5)(IMG)
    assert r.dtype == np.float32
    np.testing.assert_allclose(r[0, 1], [0.5117647051811218, 0.5156862735748291, 0.5196078419685364], rtol=1e-6)
    n = vision.Normalize([1., 2., 3.], [2., 2., 2.])(IMG)
    assert n.dtype == np.float32 and n[0, 1].tolist() == [1.0, 1.0, 1.0]
    assert vision.HWC2CHW()(IMG).shape == (3, 4, 6)
    t = vision.ToTensor()(IMG)
    assert t.dtype == np.float32 and t.shape == (3, 4, 6)
    np.testing.assert_allclose(t[0, 0, 1], 0.011764707, rtol=1e-6)


def test_crops_and_flips():
    assert vision.CenterCrop(2)(IMG)[:, :, 0].tolist() == [[24, 27], [42, 45]]
    assert vision.CenterCrop((2, 4))(IMG)[:, :, 0].tolist() == [[21, 24, 27, 30], [39, 42, 45, 48]]
    assert vision.RandomHorizontalFlip(1.0)(IMG)[:, :, 0].tolist()[0] == [15, 12, 9, 6, 3, 0]
    assert vision.RandomVerticalFlip(1.0)(IMG)[0, 0, 0] == IMG[3, 0, 0]
    assert vision.RandomHorizontalFlip(0.0)(IMG) is not None
    crop = vision.RandomCrop(4, padding=2)(IMG)
    assert crop.shape == (4, 4, 3)
    with pytest.raises(RuntimeError, match="pad_if_needed"):  # MindSpore 2.10 raises RuntimeError
        vision.RandomCrop(8)(IMG)


def test_resize_matches_opencv_linear_and_nearest():
    r = vision.Resize((2, 3))(IMG)
    assert r.dtype == np.uint8 and r[:, :, 0].tolist() == [[11, 17, 23], [47, 53, 59]]
    up = vision.Resize((8, 12))(IMG)[:, :, 0]
    assert up[0].tolist() == [0, 1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 15]
    assert up[-1].tolist() == [54, 55, 56, 58, 59, 61, 62, 64, 65, 67, 68, 69]
    assert vision.Resize(2)(IMG).shape == (2, 3, 3)
    assert vision.Resize((2, 3), vision.Inter.NEAREST)(IMG)[:, :, 0].tolist() == [[0, 6, 12], [36, 42, 48]]
    assert vision.Resize((2, 3))(IMG[:, :, 0]).shape == (2, 3)
    f = np.arange(24, dtype=np.float32).reshape(4, 6)
    assert vision.Resize((2, 3))(f).tolist() == [[3.5, 5.5, 7.5], [15.5, 17.5, 19.5]]


def test_random_ops_follow_the_seed():
    ds.config.set_seed(3)
    op = vision.RandomCrop(2)
    first = [op(IMG).tolist() for _ in range(6)]
    ds.config.set_seed(3)
    op = vision.RandomCrop(2)
    assert [op(IMG).tolist() for _ in range(6)] == first
    assert len({str(x) for x in first}) > 1


def test_vision_pipeline_in_map():
    d = ds.NumpySlicesDataset({"image": np.stack([IMG, IMG]), "label": [0, 1]}, shuffle=False)
    d = d.map([vision.Rescale(1 / 255., 0.0), vision.HWC2CHW()], input_columns=["image"]).batch(2)
    image, label = next(d.create_tuple_iterator())
    assert image.shape == (2, 3, 4, 6) and image.dtype == ms.float32 and label.shape == (2,)


def test_crop_totype_random_resized_crop():
    assert vision.Crop((1, 2), (2, 3))(IMG)[:, :, 0].tolist() == [[24, 27, 30], [42, 45, 48]]  # MindSpore 2.10
    assert vision.ToType(np.float32)(IMG).dtype == np.float32
    assert vision.RandomResizedCrop((3, 5))(IMG).shape == (3, 5, 3)
    full = vision.RandomResizedCrop((4, 6), scale=(1.0, 1.0), ratio=(1.5, 1.5))(IMG)
    np.testing.assert_array_equal(full, IMG)  # the whole image at its own size is unchanged
    with pytest.raises(RuntimeError, match="exceeds"):  # MindSpore 2.10 raises RuntimeError
        vision.Crop((3, 0), (2, 2))(IMG)
