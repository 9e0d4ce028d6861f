"""``mindspore.mindrecord.core``: MindRecord's shard-level helpers (file-name and parameter checks, blob
decoding)."""
