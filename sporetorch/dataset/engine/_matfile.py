"""A reader of MATLAB 5 ``.mat`` files (numeric and char arrays, plain or zlib-compressed), enough for the data
sets MindSpore reads with ``scipy.io.loadmat`` (SVHN, Flowers102, Caltech101): ``loadmat(path)`` returns
``{name: array}`` with scipy's dtypes and shapes (at least 2-D, column-major data)."""
import struct
import zlib

import numpy as np

# MAT element types -> NumPy dtypes (little-endian; byte-swapped for big-endian files)
_MI = {1: "i1", 2: "u1", 3: "i2", 4: "u2", 5: "i4", 6: "u4", 7: "f4", 9: "f8", 12: "i8", 13: "u8"}
# array classes -> the dtype loadmat gives the variable
_MX = {6: "f8", 7: "f4", 8: "i1", 9: "u1", 10: "i2", 11: "u2", 12: "i4", 13: "u4", 14: "i8", 15: "u8"}
_TEXT = {16: "utf-8", 17: "utf-16-", 18: "utf-32-"}
_MI_MATRIX, _MI_COMPRESSED, _MX_CHAR = 14, 15, 4
_COMPLEX = 0x800


def _elements(buf, order):
    """Yield ``(type, payload)`` of the data elements of ``buf``."""
    pos = 0
    while pos + 8 <= len(buf):
        mtype, nbytes = struct.unpack(order + "II", buf[pos:pos + 8])
        if mtype >> 16:  # small element: size and type packed in the tag, data in its last 4 bytes
            nbytes, mtype = mtype >> 16, mtype & 0xFFFF
            yield mtype, buf[pos + 4:pos + 4 + nbytes]
            pos += 8
            continue
        yield mtype, buf[pos + 8:pos + 8 + nbytes]
        pos += 8 + nbytes
        if mtype != _MI_COMPRESSED:
            pos += (-nbytes) % 8


def _numeric(mtype, payload, order):
    if mtype not in _MI:
        raise ValueError(f"unsupported MAT data type {mtype}")
    return np.frombuffer(payload, dtype=np.dtype(_MI[mtype]).newbyteorder(order))


def _char_codes(mtype, payload, order):
    if mtype in _TEXT:
        codec = _TEXT[mtype] if mtype == 16 else _TEXT[mtype] + ("le" if order == "<" else "be")
        text = bytes(payload).decode(codec)
        return np.array([ord(ch) for ch in text], dtype=np.uint32)
    return _numeric(mtype, payload, order).astype(np.uint32)


def _matrix(payload, order):
    parts = list(_elements(payload, order))
    if len(parts) < 3:
        raise ValueError("truncated MAT matrix element")
    flags = _numeric(*parts[0], order)
    # a logical array keeps its class (uint8), as loadmat gives it
    mx, is_complex = int(flags[0]) & 0xFF, int(flags[0]) & _COMPLEX
    dims = tuple(int(d) for d in _numeric(*parts[1], order))
    name = bytes(parts[2][1]).decode("ascii")
    if mx == _MX_CHAR:
        codes = _char_codes(*parts[3], order) if len(parts) > 3 else np.zeros(0, np.uint32)
        chars = codes.reshape(dims, order="F")
        # loadmat turns a char matrix into an array of its row strings
        rows = ["".join(map(chr, row)) for row in chars.reshape(dims[0], -1)]
        return name, np.array(rows)
    if mx not in _MX:
        raise ValueError(f"MAT variable '{name}' has an array class ({mx}) this reader does not handle (cell or "
                         "struct arrays)")
    data = _numeric(*parts[3], order).astype(_MX[mx])
    if is_complex:
        data = data + 1j * _numeric(*parts[4], order).astype(_MX[mx])
    return name, data.reshape(dims, order="F")


def loadmat(path):
    """The variables of the MATLAB 5 file ``path`` as ``{name: ndarray}``."""
    with open(path, "rb") as fh:
        buf = fh.read()
    if len(buf) < 128:
        raise ValueError(f"{path} is not a MATLAB 5 .mat file")
    order = "<" if buf[126:128] == b"IM" else ">"
    out = {}
    for mtype, payload in _elements(buf[128:], order):
        if mtype == _MI_COMPRESSED:
            inner = zlib.decompress(payload)
            mtype, payload = next(_elements(inner, order))
        if mtype == _MI_MATRIX:
            name, value = _matrix(payload, order)
            out[name] = value
    return out
