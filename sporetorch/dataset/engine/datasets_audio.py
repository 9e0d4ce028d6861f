"""Audio sources reading WAV files with the standard library: YesNo, LJSpeech,
SpeechCommands and GTZAN.

Waveforms are float32 ``(1, samples)``: 16-bit PCM divided by 32767 as MindSpore 2.10 does,
with the channels of a multi-channel file interleaved in that one row (MindSpore's layout).
"""
import csv
import os
import wave

import numpy as np

from .datasets import MappableDataset


def _read_wav(op, path):
    try:
        with wave.open(path, "rb") as fh:
            width, rate, frames = fh.getsampwidth(), fh.getframerate(), fh.readframes(fh.getnframes())
    except (OSError, EOFError, wave.Error) as err:
        raise RuntimeError(f"For '{op}', cannot read the WAV file {path}: {err}") from None
    if width != 2:
        raise RuntimeError(f"For '{op}', {path} has {8 * width}-bit samples; only 16-bit PCM is supported")
    return (np.frombuffer(frames, dtype="<i2").astype(np.float32) / 32767.0).reshape(1, -1), rate


def _check_dir(op, path):
    if not os.path.isdir(path):
        raise ValueError(f"For '{op}', the folder {path} does not exist or is not a directory")
    return os.fspath(path)


class _WavDataset(MappableDataset):
    _op = ""

    def __init__(self, items, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id):
        if not items:
            raise ValueError(f"For '{self._op}', no WAV files were found")
        self._items = items
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _num_rows(self):
        return len(self._items)


class YesNoDataset(_WavDataset):
    """YesNo: ``*.wav`` files named by their eight 0/1 labels (``0_1_0_0_1_0_1_1.wav``).

    Outputs: ``waveform`` float32 (1, n), ``sample_rate`` int32, ``label`` int32 (8,)."""
    _op = "YesNoDataset"

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        path = _check_dir(self._op, dataset_dir)
        items = [os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith(".wav")]
        super().__init__(items, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["waveform", "sample_rate", "label"]

    def _read_row(self, index):
        path = self._items[index]
        wav, rate = _read_wav(self._op, path)
        try:
            label = np.array([int(v) for v in os.path.basename(path)[:-4].split("_")], dtype=np.int32)
        except ValueError:
            raise RuntimeError(f"For 'YesNoDataset', the file name {path} is not a list of 0/1 labels") from None
        return wav, np.array(rate, dtype=np.int32), label


class LJSpeechDataset(_WavDataset):
    """LJSpeech: ``metadata.csv`` (``id|transcription|normalized``) and ``wavs/<id>.wav``.

    Outputs: ``waveform``, ``sample_rate`` int32, ``transcription``, ``normalized_transcript`` (str)."""
    _op = "LJSpeechDataset"

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        path = _check_dir(self._op, dataset_dir)
        meta = os.path.join(path, "metadata.csv")
        if not os.path.isfile(meta):
            raise ValueError(f"For 'LJSpeechDataset', {meta} was not found")
        with open(meta, encoding="utf-8", newline="") as fh:
            rows = [r for r in csv.reader(fh, delimiter="|", quoting=csv.QUOTE_NONE) if r]
        items = []
        for line_no, r in enumerate(rows, start=1):
            if len(r) != 3:
                raise ValueError(f"For 'LJSpeechDataset', {meta} line {line_no} has {len(r)} fields, expected 3")
            items.append((os.path.join(path, "wavs", r[0] + ".wav"), r[1], r[2]))
        super().__init__(items, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["waveform", "sample_rate", "transcription", "normalized_transcript"]

    def _read_row(self, index):
        path, text, normalized = self._items[index]
        wav, rate = _read_wav(self._op, path)
        return wav, np.array(rate, dtype=np.int32), np.array(text), np.array(normalized)


class SpeechCommandsDataset(_WavDataset):
    """Speech Commands: ``<label>/<speaker>_nohash_<n>.wav``; ``validation_list.txt`` and
    ``testing_list.txt`` select ``usage`` ``"valid"``/``"test"``, the rest is ``"train"``.

    Outputs: ``waveform``, ``sample_rate`` int32, ``label``, ``speaker_id`` (str),
    ``utterance_number`` int32."""
    _op = "SpeechCommandsDataset"

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir(self._op, dataset_dir)
        usage = "all" if usage is None else usage
        if usage not in ("train", "valid", "test", "all"):
            raise ValueError(f"For '{self._op}', 'usage' must be 'train', 'valid', 'test' or 'all', but got {usage!r}")
        lists = {}
        for part, name in (("valid", "validation_list.txt"), ("test", "testing_list.txt")):
            f = os.path.join(path, name)
            lists[part] = set()
            if os.path.isfile(f):
                with open(f, encoding="utf-8") as fh:
                    lists[part] = {ln.strip() for ln in fh if ln.strip()}
        items = []
        for label in sorted(d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d))):
            if label.startswith("_"):
                continue  # _background_noise_
            for f in sorted(os.listdir(os.path.join(path, label))):
                if not f.endswith(".wav"):
                    continue
                rel = f"{label}/{f}"
                part = "valid" if rel in lists["valid"] else "test" if rel in lists["test"] else "train"
                if usage in ("all", part):
                    items.append((os.path.join(path, label, f), label))
        super().__init__(items, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["waveform", "sample_rate", "label", "speaker_id", "utterance_number"]

    def _read_row(self, index):
        path, label = self._items[index]
        wav, rate = _read_wav(self._op, path)
        speaker, _, number = os.path.basename(path)[:-4].partition("_nohash_")
        return (wav, np.array(rate, dtype=np.int32), np.array(label), np.array(speaker),
                np.array(int(number or 0), dtype=np.int32))


class GTZANDataset(_WavDataset):
    """GTZAN: ``<genre>/<genre>.<n>.wav`` at 22050 Hz.

    Outputs: ``waveform``, ``sample_rate`` uint32, ``label`` (the genre, str)."""
    _op = "GTZANDataset"

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir(self._op, dataset_dir)
        items = []
        for genre in sorted(d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d))):
            items += [(os.path.join(path, genre, f), genre) for f in sorted(os.listdir(os.path.join(path, genre)))
                      if f.endswith(".wav")]
        super().__init__(items, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["waveform", "sample_rate", "label"]

    def _read_row(self, index):
        path, genre = self._items[index]
        wav, rate = _read_wav(self._op, path)
        if rate != 22050:
            raise RuntimeError(f"Invalid file, sampling rate of GTZAN wav file must be 22050, file path: {path}")
        return wav, np.array(rate, dtype=np.uint32), np.array(genre)


class CMUArcticDataset(_WavDataset):
    """CMU Arctic: ``cmu_us_<name>_arctic/wav/<id>.wav`` and ``etc/txt.done.data``.

    Outputs: ``waveform``, ``sample_rate`` uint32, ``transcript``, ``utterance_id`` (str)."""
    _op = "CMUArcticDataset"

    def __init__(self, dataset_dir, name=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        import re
        name = name or "aew"
        root = os.path.join(_check_dir(self._op, dataset_dir), f"cmu_us_{name}_arctic")
        text_file = os.path.join(root, "etc", "txt.done.data")
        if not os.path.isfile(text_file):
            raise ValueError(f"For 'CMUArcticDataset', {text_file} was not found")
        items = []
        with open(text_file, encoding="utf-8") as fh:
            for line in fh:
                m = re.match(r'\(\s*(\S+)\s+"(.*)"\s*\)', line.strip())
                if m:
                    items.append((os.path.join(root, "wav", m.group(1) + ".wav"), m.group(2), m.group(1)))
        super().__init__(items, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["waveform", "sample_rate", "transcript", "utterance_id"]

    def _read_row(self, index):
        path, text, utt = self._items[index]
        wav, rate = _read_wav(self._op, path)
        return wav, np.array(rate, dtype=np.uint32), np.array(text), np.array(utt)


class LibriTTSDataset(_WavDataset):
    """LibriTTS: ``<usage>/<speaker>/<chapter>/<id>.wav`` with ``<id>.original.txt`` and
    ``<id>.normalized.txt``.

    Outputs: ``waveform``, ``sample_rate`` uint32, ``original_text``, ``normalized_text``
    (str), ``speaker_id``, ``chapter_id`` (uint32), ``utterance_id`` (str)."""
    _op = "LibriTTSDataset"
    _USAGES = ("dev-clean", "dev-other", "test-clean", "test-other", "train-clean-100", "train-clean-360",
               "train-other-500")

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        path = _check_dir(self._op, dataset_dir)
        usage = "all" if usage is None else usage
        if usage != "all" and usage not in self._USAGES:
            raise ValueError(f"For 'LibriTTSDataset', 'usage' must be one of {self._USAGES} or 'all', "
                             f"but got {usage!r}")
        items = []
        for part in (self._USAGES if usage == "all" else (usage,)):
            root = os.path.join(path, part)
            if not os.path.isdir(root):
                continue
            for folder, _, files in sorted(os.walk(root)):
                items += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".wav")]
        super().__init__(items, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _column_names(self):
        return ["waveform", "sample_rate", "original_text", "normalized_text", "speaker_id", "chapter_id",
                "utterance_id"]

    def _read_row(self, index):
        path = self._items[index]
        wav, rate = _read_wav(self._op, path)
        stem = path[:-4]
        texts = []
        for kind in ("original", "normalized"):
            try:
                with open(f"{stem}.{kind}.txt", encoding="utf-8") as fh:
                    texts.append(fh.read().strip())
            except OSError as err:
                raise RuntimeError(f"For 'LibriTTSDataset', cannot read {stem}.{kind}.txt: {err}") from None
        utt = os.path.basename(stem)
        speaker, chapter = utt.split("_")[:2]
        return (wav, np.array(rate, dtype=np.uint32), np.array(texts[0]), np.array(texts[1]),
                np.array(int(speaker), dtype=np.uint32), np.array(int(chapter), dtype=np.uint32), np.array(utt))
