"""A streaming reader of MindSpore's ``.ckpt`` protobuf wire format, bounded by the file's size.

Parsing a whole ``Checkpoint`` message with protobuf holds the file's bytes three times at once
(the file, the parsed message, the bytes handed out by ``tensor_content``). This reader walks the
wire format instead (see ``_checkpoint_proto`` for the schema) and reads each ``tensor_content``
straight into the buffer that becomes the tensor, so loading costs the tensors themselves plus a
few small headers. Every length is checked against the bytes that are left before anything is
allocated or read, so a forged length or a device file such as ``/dev/zero`` fails at once.

Accepted like protobuf accepts them: fields in any order, unknown fields (skipped), repeated
``dims`` packed or not. Refused: a ``maptensor`` value, missing required fields, truncation.
"""
_VARINT, _I64, _LEN, _I32 = 0, 1, 2, 5


class WireError(ValueError):
    """The bytes do not follow the checkpoint wire format; the message says where and why."""


class _Reader:
    """Sequential reads from a binary file, never past byte ``end``."""

    def __init__(self, f, end):
        self.f = f
        self.pos = 0
        self.end = end

    def _need(self, n, what):
        if n > self.end - self.pos:
            raise WireError(f"{what} at byte {self.pos} needs {n} bytes, but only {self.end - self.pos} are left")

    def read(self, n, what):
        self._need(n, what)
        data = self.f.read(n)
        if len(data) != n:
            raise WireError(f"{what} at byte {self.pos} is cut short: the file ended")
        self.pos += n
        return data

    def read_into_new(self, n, what):
        """A ``bytearray`` of the next ``n`` bytes: it becomes a tensor's storage with no further copy."""
        self._need(n, what)
        buf = bytearray(n)
        view = memoryview(buf)
        got = 0
        while got < n:
            k = self.f.readinto(view[got:])
            if not k:
                raise WireError(f"{what} at byte {self.pos} is cut short: the file ended")
            got += k
        self.pos += n
        return buf

    def skip(self, n, what):
        self._need(n, what)
        self.f.seek(n, 1)
        self.pos += n

    def varint(self, what):
        shift = value = 0
        for _ in range(10):
            byte = self.read(1, what)[0]
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
        raise WireError(f"{what} ending at byte {self.pos} is not a valid varint")


def _int64(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def _skip_field(r, wire, what):
    if wire == _VARINT:
        r.varint(what)
    elif wire == _I64:
        r.skip(8, what)
    elif wire == _I32:
        r.skip(4, what)
    elif wire == _LEN:
        r.skip(r.varint(what), what)
    else:
        raise WireError(f"{what} at byte {r.pos} has the unsupported wire type {wire}")


def _fields(r, end, what):
    """Yield ``(field number, wire type)`` of the fields up to byte ``end``; the caller reads each value."""
    while r.pos < end:
        key = r.varint(what)
        yield key >> 3, key & 7
    if r.pos != end:
        raise WireError(f"{what} overruns its length (ends at byte {r.pos}, not {end})")


def _string(r, what):
    raw = r.read(r.varint(what), what)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise WireError(f"{what} {raw[:40]!r} is not valid UTF-8") from None


def _tensor(r, end, name, want_content):
    """``(dims, tensor_type, content)`` of a TensorProto; content is None when not wanted."""
    dims, ttype, content = [], None, None
    seen_content = False
    for number, wire in _fields(r, end, f"the tensor of '{name}'"):
        if number == 1 and wire == _VARINT:
            dims.append(_int64(r.varint(f"a dim of '{name}'")))
        elif number == 1 and wire == _LEN:
            stop = r.pos + r.varint(f"the dims of '{name}'")
            while r.pos < stop:
                dims.append(_int64(r.varint(f"a dim of '{name}'")))
        elif number == 2 and wire == _LEN:
            ttype = _string(r, f"the tensor_type of '{name}'")
        elif number == 3 and wire == _LEN:
            n = r.varint(f"the tensor_content of '{name}'")
            if want_content:
                content = r.read_into_new(n, f"the tensor_content of '{name}'")
            else:
                r.skip(n, f"the tensor_content of '{name}'")
            seen_content = True
        else:
            _skip_field(r, wire, f"a field of the tensor of '{name}'")
    if ttype is None or not seen_content:
        raise WireError(f"the tensor of '{name}' lacks its required "
                        f"{'tensor_type' if ttype is None else 'tensor_content'}")
    return dims, ttype, content


def _value(r, end, keep):
    """``(tag, dims, tensor_type, content)`` of one Checkpoint.Value, or None when ``keep`` drops it."""
    tag, tensor = None, None
    for number, wire in _fields(r, end, "a checkpoint value"):
        if number == 1 and wire == _LEN:
            tag = _string(r, "a parameter name")
        elif number == 2 and wire == _LEN:
            if tag is None:
                raise WireError(f"a tensor at byte {r.pos} comes before its parameter name")
            stop = r.varint(f"the tensor of '{tag}'")
            r._need(stop, f"the tensor of '{tag}'")
            tensor = _tensor(r, r.pos + stop, tag, keep is None or keep(tag))
        elif number == 3 and wire == _LEN:
            raise WireError(f"the parameter '{tag}' holds a MapTensor, which sporetorch cannot load")
        else:
            _skip_field(r, wire, "a field of a checkpoint value")
    if tag is None:
        raise WireError("a checkpoint value lacks its required parameter name")
    if tensor is None:
        raise WireError(f"the parameter '{tag}' holds no tensor, which sporetorch cannot load")
    if keep is not None and not keep(tag):
        return None
    return (tag, *tensor)


def read_values(f, end, keep):
    """The values of the ``Checkpoint`` in the first ``end`` bytes of ``f``, as a list of
    ``(tag, dims, tensor_type, content bytearray)`` for each value ``keep`` accepts (every value
    when it is None). Raises WireError on anything malformed."""
    r = _Reader(f, end)
    values, seen = [], 0
    for number, wire in _fields(r, end, "the checkpoint"):
        if number == 1 and wire == _LEN:
            length = r.varint("a checkpoint value")
            r._need(length, "a checkpoint value")
            item = _value(r, r.pos + length, keep)
            seen += 1
            if item is not None:
                values.append(item)
        else:
            _skip_field(r, wire, "a field of the checkpoint")
    if end and not seen:
        raise WireError("it holds no parameters")
    return values
