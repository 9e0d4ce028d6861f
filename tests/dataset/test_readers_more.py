"""More readers and the small public helpers of mindspore.dataset (expected values recorded
with MindSpore 2.10 where stated)."""
import wave

import numpy as np
import pytest

import sporetorch.dataset as ds


def _wav(path, n=5, channels=1, rate=8000):
    data = (np.arange(n * channels) * 1000 - 2000).astype("<i2")
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(channels)
        fh.setsampwidth(2)
        fh.setframerate(rate)
        fh.writeframes(data.tobytes())


def test_audio_readers_match_mindspore(tmp_path):
    (tmp_path / "yn").mkdir()
    _wav(tmp_path / "yn" / "1_0_1_0_1_1_0_0.wav")
    _wav(tmp_path / "yn" / "0_0_0_0_1_1_0_1.wav", channels=2)
    rows = list(ds.YesNoDataset(str(tmp_path / "yn"), shuffle=False).create_dict_iterator(output_numpy=True))
    # MindSpore 2.10: PCM / 32767, shape (1, n) with stereo samples interleaved, files in sorted order.
    assert rows[0]["waveform"].shape == (1, 10) and rows[0]["waveform"].dtype == np.float32
    np.testing.assert_allclose(rows[1]["waveform"][0], [-0.06103701889514923, -0.030518509447574615, 0.0,
                                                        0.030518509447574615, 0.06103701889514923])
    assert rows[0]["label"].tolist() == [0, 0, 0, 0, 1, 1, 0, 1] and int(rows[0]["sample_rate"]) == 8000
    (tmp_path / "sc" / "cat").mkdir(parents=True)
    _wav(tmp_path / "sc" / "cat" / "b433eff_nohash_1.wav")
    row = next(ds.SpeechCommandsDataset(str(tmp_path / "sc"), shuffle=False).create_dict_iterator(output_numpy=True))
    assert (str(row["label"]), str(row["speaker_id"]), int(row["utterance_number"])) == ("cat", "b433eff", 1)
    (tmp_path / "gt" / "blues").mkdir(parents=True)
    _wav(tmp_path / "gt" / "blues" / "blues.00000.wav")
    with pytest.raises(RuntimeError, match="22050"):
        list(ds.GTZANDataset(str(tmp_path / "gt")).create_tuple_iterator())


def test_qmnist_and_semeion_match_mindspore(tmp_path):
    imgs = (np.arange(2 * 28 * 28) % 251).astype(np.uint8)
    (tmp_path / "qmnist-test-images-idx3-ubyte").write_bytes(
        (2051).to_bytes(4, "big") + (2).to_bytes(4, "big") + (28).to_bytes(4, "big") * 2 + imgs.tobytes())
    lab = np.array([[3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, 4, 5, 6, 7, 8]], dtype=">i4")
    (tmp_path / "qmnist-test-labels-idx2-int").write_bytes(
        (3074).to_bytes(4, "big") + (2).to_bytes(4, "big") + (8).to_bytes(4, "big") + lab.tobytes())
    q = list(ds.QMnistDataset(str(tmp_path), usage="test", shuffle=False).create_dict_iterator(output_numpy=True))
    assert [int(r["label"]) for r in q] == [3, 1] and int(q[1]["image"].sum()) == 95551
    full = next(ds.QMnistDataset(str(tmp_path), usage="test", compat=False, shuffle=False)
                .create_dict_iterator(output_numpy=True))
    assert full["label"].tolist() == [3, 4, 5, 6, 7, 8, 9, 10] and full["label"].dtype == np.uint32
    (tmp_path / "semeion.data").write_text(" ".join(["1.0000"] * 3 + ["0.0000"] * 253) + " 0 0 1 0 0 0 0 0 0 0\n")
    s = next(ds.SemeionDataset(str(tmp_path), shuffle=False).create_dict_iterator(output_numpy=True))
    assert s["image"].shape == (16, 16) and int(s["image"].sum()) == 3 and int(s["label"]) == 2


def test_text_sets(tmp_path):
    (tmp_path / "train.csv").write_text('"3","Title, one","Body"\n"1","T2","B2"\n')
    data = ds.AGNewsDataset(str(tmp_path), usage="train", shuffle=False)
    assert data.get_col_names() == ["index", "title", "description"]
    assert [str(r["title"]) for r in data.create_dict_iterator(output_numpy=True)] == ["Title, one", "T2"]
    (tmp_path / "train.txt").write_text("He PRP B-NP\nran VBD B-VP\n\nGo VB B-VP\n")
    conll = list(ds.CoNLL2000Dataset(str(tmp_path), usage="train", shuffle=False).create_dict_iterator(
        output_numpy=True))
    assert [r["word"].tolist() for r in conll] == [["He", "ran"], ["Go"]]
    (tmp_path / "train.de").write_text("hallo\nwelt\n")
    (tmp_path / "train.en").write_text("hello\nworld\n")
    pairs = ds.Multi30kDataset(str(tmp_path), usage="train", shuffle=False)
    assert [(str(r["text"]), str(r["translation"])) for r in pairs.create_dict_iterator(output_numpy=True)] == \
        [("hello", "hallo"), ("world", "welt")]


def test_generated_sources_and_samplers():
    fake = ds.FakeImageDataset(num_images=6, image_size=(4, 5, 3), num_classes=3, shuffle=False)
    rows = list(fake.create_tuple_iterator(output_numpy=True))
    assert rows[0][0].shape == (4, 5, 3) and rows[0][1].dtype == np.uint32
    again = list(ds.FakeImageDataset(num_images=6, image_size=(4, 5, 3), num_classes=3, shuffle=False)
                 .create_tuple_iterator(output_numpy=True))
    assert all(np.array_equal(a[0], b[0]) for a, b in zip(rows, again))
    schema = ds.Schema()
    schema.add_column("x", "int32", [2])
    schema.add_column("y", "float32", [3, 1])
    rnd = ds.RandomDataset(total_rows=5, schema=schema)
    row = next(rnd.create_dict_iterator(output_numpy=True))
    assert rnd.get_dataset_size() == 5 and row["x"].dtype == np.int32 and row["y"].shape == (3, 1)
    padded = ds.PaddedDataset([{"image": np.zeros(2, np.uint8), "label": np.array(1)}] * 2)
    assert padded.get_dataset_size() == 2 and padded.get_col_names() == ["image", "label"]
    labels = ds.NumpySlicesDataset({"label": np.array([0, 1, 0, 2, 1])},
                                   sampler=ds.PKSampler(2))
    assert [int(r[0]) for r in labels.create_tuple_iterator(output_numpy=True)] == [0, 0, 1, 1, 2, 2]
    it = ds.NumpySlicesDataset(np.arange(5), ["x"], sampler=ds.IterSampler([4, 0]))
    assert [int(r[0]) for r in it.create_tuple_iterator(output_numpy=True)] == [4, 0]


def test_callbacks_helpers_and_validators():
    calls = []

    class Probe(ds.DSCallback):
        def ds_epoch_begin(self, ctx):
            calls.append(("epoch", ctx.cur_epoch_num))

        def ds_step_begin(self, ctx):
            calls.append(("step", ctx.cur_step_num))

    data = ds.NumpySlicesDataset(np.arange(4), ["x"], shuffle=False).map(lambda x: x, callbacks=Probe(step_size=2))
    list(data.create_tuple_iterator())
    assert calls == [("epoch", 1), ("step", 1), ("step", 3)]
    assert ds.to_list(3) == [3] and ds.replace_none(None, 5) == 5
    assert ds.flatten_single_lists([[1], [2, [3]]]) == [1, [2, 3]]
    assert ds.compare(ds.NumpySlicesDataset(np.arange(3), ["x"]).batch(2),
                      ds.NumpySlicesDataset(np.arange(3), ["x"]).batch(2))
    assert ds.serialize(ds.NumpySlicesDataset(np.arange(3), ["x"]).batch(2))["op_type"] == "BatchDataset"

    @ds.check_batch
    def batch(self, batch_size, drop_remainder=False):
        return batch_size
    assert batch(None, 3) == 3
    with pytest.raises(TypeError, match="'batch'"):
        batch(None)
    dummy = ds.DummyIterator(ds.NumpySlicesDataset(np.arange(3), ["x"], shuffle=False), "dict", output_numpy=True)
    assert int(next(dummy)["x"]) == 0
    assert ds.get_video_backend() == "CPU" and ds.get_error_samples_mode() == ds.ErrorSamplesMode.RETURN


def _tfrecord(path):
    import struct

    def varint(n):
        out = bytearray()
        while True:
            b, n = n & 0x7F, n >> 7
            out.append(b | 0x80 if n else b)
            if not n:
                return bytes(out)

    def field(num, payload):
        return varint((num << 3) | 2) + varint(len(payload)) + payload

    def example(i):
        feats = {"img": field(1, field(1, bytes([i]) * 3)),
                 "lab": field(3, field(1, b"".join(varint(v & (2 ** 64 - 1)) for v in (i, -1)))),
                 "val": field(2, field(1, struct.pack("<f", 0.5 * i)))}
        return field(1, b"".join(field(1, field(1, k.encode()) + field(2, v)) for k, v in feats.items()))
    with open(path, "wb") as fh:
        for i in range(3):
            rec = example(i)
            fh.write(struct.pack("<Q", len(rec)) + b"\0" * 4 + rec + b"\0" * 4)


def test_tfrecord_matches_mindspore(tmp_path):
    path = str(tmp_path / "a.tfrecord")
    _tfrecord(path)
    data = ds.TFRecordDataset(path, shuffle=False)
    rows = list(data.create_dict_iterator(output_numpy=True))
    # MindSpore 2.10: sorted feature names, bytes as uint8, int64 and float32 1-D arrays.
    assert data.get_col_names() == ["img", "lab", "val"] and data.get_dataset_size() == 3
    assert rows[1]["img"].tolist() == [1, 1, 1] and rows[1]["img"].dtype == np.uint8
    assert rows[2]["lab"].tolist() == [2, -1] and rows[2]["val"].tolist() == [1.0]
    assert rows[2]["val"].dtype == np.float32 and rows[0]["lab"].dtype == np.int64
    only = ds.TFRecordDataset(path, shuffle=False, columns_list=["lab"])
    assert [r["lab"].tolist() for r in only.create_dict_iterator(output_numpy=True)] == [[0, -1], [1, -1], [2, -1]]
    with open(path, "rb") as fh:
        data = fh.read()
    (tmp_path / "cut.tfrecord").write_bytes(data[:-10])
    with pytest.raises(ValueError, match="cut.tfrecord is truncated"):
        list(ds.TFRecordDataset(str(tmp_path / "cut.tfrecord"), shuffle=False, columns_list=["lab"])
             .create_tuple_iterator())
