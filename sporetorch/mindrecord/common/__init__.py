"""``mindspore.mindrecord.common``: the enums and exceptions of MindRecord (the exceptions live in
``mindrecord.exceptions``)."""
