"""Readers of on-disk formats, checked against MindSpore 2.10 on small files written here
(the expected orders, dtypes and shapes were recorded with MindSpore 2.10)."""
import json

import numpy as np
import pytest

import sporetorch.dataset as ds
from sporetorch.dataset.engine.datasets_vision import CelebADataset, CocoDataset, FashionMnistDataset, VOCDataset


def _rows(data):
    return [{k: v.tolist() for k, v in r.items()} for r in data.create_dict_iterator(output_numpy=True, num_epochs=1)]


@pytest.fixture
def text_files(tmp_path):
    (tmp_path / "t1.csv").write_text('a,b,c\n1,2.5,x\n3,4.5,y\n5,6.5,"z,w"\n7,8,q\n')
    (tmp_path / "t2.csv").write_text("a,b,c\n9,10.5,u\n")
    (tmp_path / "a.txt").write_text("line one\nline two\n\nline four\n")
    (tmp_path / "b.txt").write_text("b1\nb2\nb3\n")
    return tmp_path


def test_csv_dataset_reads_files_side_by_side(text_files):
    files = [str(text_files / "t1.csv"), str(text_files / "t2.csv")]
    data = ds.CSVDataset(files, shuffle=False)
    assert data.get_col_names() == ["a", "b", "c"] and data.get_dataset_size() == 5
    assert [r["a"] for r in _rows(data)] == ["1", "9", "3", "5", "7"]  # MindSpore 2.10's interleaving
    typed = list(ds.CSVDataset(files[:1], column_defaults=[0, 0.0, ""], shuffle=False)
                 .create_tuple_iterator(output_numpy=True))
    assert [str(v.dtype) for v in typed[2]] == ["int32", "float32", "<U3"] and typed[2][2] == "z,w"
    named = _rows(ds.CSVDataset(files[:1], column_names=["p", "q", "r"], shuffle=False))
    assert named[0] == {"p": "a", "q": "b", "r": "c"} and len(named) == 5
    shard = _rows(ds.CSVDataset(files, shuffle=False, num_shards=2, shard_id=1))
    assert [r["a"] for r in shard] == ["7", "9", "1"]


def test_text_file_dataset_order_sharding_and_samples(text_files):
    files = [str(text_files / "a.txt"), str(text_files / "b.txt")]
    assert [r["text"] for r in _rows(ds.TextFileDataset(files, shuffle=False))] == \
        ["line one", "b1", "line two", "b2", "line four", "b3"]
    assert [r["text"] for r in _rows(ds.TextFileDataset(files, shuffle=False, num_shards=2, shard_id=0))] == \
        ["line one", "line two", "line four"]
    assert [r["text"] for r in _rows(ds.TextFileDataset(files, shuffle=False, num_shards=3, shard_id=2))] == \
        ["b2", "b3"]
    assert ds.TextFileDataset(files[0], shuffle=False, num_samples=2).get_dataset_size() == 2
    shuffled = ds.TextFileDataset(files)
    assert sorted(r["text"] for r in _rows(shuffled)) == sorted(["line one", "b1", "line two", "b2", "line four",
                                                                  "b3"])


@pytest.fixture
def voc(tmp_path):
    from PIL import Image
    rs = np.random.RandomState(0)
    root = tmp_path / "VOC"
    for d in ["JPEGImages", "Annotations", "ImageSets/Main", "ImageSets/Segmentation", "SegmentationClass"]:
        (root / d).mkdir(parents=True)
    names = ["2007_000001", "2007_000002", "2007_000003"]
    for k, n in enumerate(names):
        Image.fromarray(rs.randint(0, 255, (6, 8, 3), np.uint8)).save(root / "JPEGImages" / f"{n}.jpg")
        Image.fromarray(rs.randint(0, 3, (6, 8), np.uint8)).save(root / "SegmentationClass" / f"{n}.png")
        objs = "".join(f"<object><name>{c}</name><truncated>{t}</truncated><difficult>{d}</difficult><bndbox>"
                       f"<xmin>{1 + k}</xmin><ymin>2</ymin><xmax>{5 + k}</xmax><ymax>6.5</ymax></bndbox></object>"
                       for c, t, d in [("dog", 0, 1), ("cat", 1, 0)][:k + 1])
        (root / "Annotations" / f"{n}.xml").write_text(f"<annotation>{objs}</annotation>")
    (root / "ImageSets/Main/train.txt").write_text("\n".join(names) + "\n")
    (root / "ImageSets/Segmentation/train.txt").write_text("\n".join(names[:2]) + "\n")
    return str(root)


def test_voc_detection_and_segmentation(voc):
    data = VOCDataset(voc, task="Detection", usage="train", shuffle=False)
    assert data.get_col_names() == ["image", "bbox", "label", "difficult", "truncate"]
    rows = list(data.create_dict_iterator(output_numpy=True))
    # MindSpore 2.10: boxes as [xmin, ymin, w, h], classes numbered in sorted order (cat 0, dog 1).
    assert rows[1]["bbox"].tolist() == [[2.0, 2.0, 4.0, 4.5], [2.0, 2.0, 4.0, 4.5]]
    assert [r["label"].tolist() for r in rows] == [[[1]], [[1], [0]], [[1], [0]]]
    assert rows[1]["truncate"].tolist() == [[0], [1]] and rows[0]["difficult"].dtype == np.uint32
    assert rows[0]["image"].dtype == np.uint8 and rows[0]["image"].ndim == 1
    relabeled = VOCDataset(voc, task="Detection", shuffle=False, class_indexing={"cat": 7, "dog": 3})
    assert [r["label"] for r in _rows(relabeled)][1] == [[3], [7]]
    seg = VOCDataset(voc, task="Segmentation", shuffle=False)
    assert seg.get_col_names() == ["image", "target"] and seg.get_dataset_size() == 2


@pytest.fixture
def coco(tmp_path):
    from PIL import Image
    (tmp_path / "images").mkdir()
    images, anns = [], []
    for k in range(3):
        Image.fromarray(np.full((5, 7, 3), k, np.uint8)).save(tmp_path / "images" / f"{k:03d}.png")
        images.append({"id": 10 + k, "file_name": f"{k:03d}.png"})
        for j in range(k + 1):
            anns.append({"id": 100 + 10 * k + j, "image_id": 10 + k, "category_id": j + 1,
                         "bbox": [1.0 * j, 2.0, 3.5, 4.0], "iscrowd": j % 2,
                         "segmentation": [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]][:(100 + 10 * k + j) % 2 + 1],
                         "keypoints": [1, 2, 2] * 17, "num_keypoints": 17, "caption": f"cap {100 + 10 * k + j}"})
    doc = {"images": images, "annotations": anns, "categories": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}
    (tmp_path / "ann.json").write_text(json.dumps(doc))
    return str(tmp_path / "images"), str(tmp_path / "ann.json")


def test_coco_tasks(coco):
    folder, ann = coco
    det = CocoDataset(folder, ann, task="Detection", shuffle=False, decode=True)
    rows = list(det.create_dict_iterator(output_numpy=True))
    assert det.get_col_names() == ["image", "bbox", "category_id", "iscrowd"]
    assert rows[2]["bbox"].tolist() == [[0.0, 2.0, 3.5, 4.0], [1.0, 2.0, 3.5, 4.0], [2.0, 2.0, 3.5, 4.0]]
    assert rows[2]["category_id"].tolist() == [[1], [2], [3]] and rows[1]["iscrowd"].tolist() == [[0], [1]]
    assert rows[1]["image"].shape == (5, 7, 3) and int(rows[1]["image"][0, 0, 0]) == 1
    kp = list(CocoDataset(folder, ann, task="Keypoint", shuffle=False).create_dict_iterator(output_numpy=True))
    assert kp[1]["keypoints"].shape == (2, 51) and kp[1]["num_keypoints"].tolist() == [[17], [17]]
    stuff = list(CocoDataset(folder, ann, task="Stuff", shuffle=False).create_dict_iterator(output_numpy=True))
    # MindSpore 2.10: one row per polygon, padded with -1.
    assert stuff[1]["segmentation"].tolist() == [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, -1, -1]]
    cap = list(CocoDataset(folder, ann, task="Captioning", shuffle=False).create_dict_iterator(output_numpy=True))
    assert cap[1]["captions"].tolist() == [["cap 110"], ["cap 111"]]


def test_celeba(tmp_path):
    from PIL import Image
    for k in range(4):
        Image.fromarray(np.full((4, 4, 3), k, np.uint8)).save(tmp_path / f"{k:06d}.png")
    (tmp_path / "list_attr_celeba.txt").write_text(
        "4\nA B C\n" + "".join(f"{k:06d}.png  1 -1 {'1' if k == 2 else '-1'}\n" for k in range(4)))
    (tmp_path / "list_eval_partition.txt").write_text("".join(f"{k:06d}.png {k % 3}\n" for k in range(4)))
    rows = list(CelebADataset(str(tmp_path), shuffle=False, decode=True).create_dict_iterator(output_numpy=True))
    assert [r["attr"].tolist() for r in rows] == [[1, 0, 0], [1, 0, 0], [1, 0, 1], [1, 0, 0]]
    assert rows[0]["attr"].dtype == np.uint32 and rows[3]["image"].shape == (4, 4, 3)
    valid = CelebADataset(str(tmp_path), shuffle=False, usage="valid")
    assert valid.get_dataset_size() == 1


def test_fashion_mnist_reads_idx_files(tmp_path):
    imgs = np.arange(3 * 28 * 28, dtype=np.uint32).astype(np.uint8).reshape(3, 28, 28)
    (tmp_path / "t10k-images-idx3-ubyte").write_bytes(
        (2051).to_bytes(4, "big") + (3).to_bytes(4, "big") + (28).to_bytes(4, "big") * 2 + imgs.tobytes())
    (tmp_path / "t10k-labels-idx1-ubyte").write_bytes((2049).to_bytes(4, "big") + (3).to_bytes(4, "big") +
                                                     bytes([7, 1, 4]))
    data = FashionMnistDataset(str(tmp_path), usage="test", shuffle=False)
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert [int(r[1]) for r in rows] == [7, 1, 4] and rows[0][0].shape == (28, 28, 1)
    assert rows[0][1].dtype == np.uint32


def test_image_folder_missing_and_empty_class_folders(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ds.ImageFolderDataset(str(tmp_path / "nope"))
    (tmp_path / "cls").mkdir()
    with pytest.raises(ValueError, match="no files"):
        ds.ImageFolderDataset(str(tmp_path))


def test_image_folder_extensions_and_class_indexing(tmp_path):
    from PIL import Image
    for d in "abc":
        (tmp_path / d).mkdir()
    for p in ["a/1.jpg", "a/2.JPG", "b/x.png", "b/y.bmp", "c/z.jpeg"]:
        Image.fromarray(np.zeros((2, 2, 3), np.uint8)).save(tmp_path / p, format="PNG")
    (tmp_path / "a" / "n.txt").write_text("x")

    def labels(**kw):
        data = ds.ImageFolderDataset(str(tmp_path), shuffle=False, **kw)
        return [int(r["label"]) for r in data.create_dict_iterator(output_numpy=True)]
    # MindSpore 2.10: every file without extensions, case-sensitive extensions, unknown classes ignored.
    assert labels() == [0, 0, 0, 1, 1, 2]
    assert labels(extensions=[".JPG"]) == [0] and labels(extensions=[".jpg"]) == [0]
    assert labels(class_indexing={"b": 5, "a": 3}) == [3, 3, 3, 5, 5]
    assert labels(class_indexing={"b": 5, "zz": 3}) == [5, 5]
    assert labels(num_samples=3) == [0, 0, 0]
