"""Reading a small ``.npz`` file (numpy's zip of ``.npy`` arrays) without numpy.

The learned leaf model (:mod:`younuo.bots.leaf`) ships its weights as an ``.npz``
written by numpy in its training script; the ``expert`` level must play where numpy
is not installed (numpy is in the optional ``rl`` group), so the file is read here
with the standard library. Only what such a file of weights holds is understood:
one-dimensional arrays of little-endian floats (``<f8``, ``<f4``) or of fixed-width
strings (``<U``); anything else raises :class:`ValueError`.
"""

from __future__ import annotations

import ast
import struct
import zipfile
from os import PathLike
from typing import IO

_MAGIC = b"\x93NUMPY"
_FLOATS = {"<f8": "d", "<f4": "f"}
"""The float types read, as :mod:`struct` formats."""


def read_npz(path: str | PathLike[str]) -> dict[str, list[float] | list[str]]:
    """Every array of the ``.npz`` at ``path``, by name, as a list."""
    out: dict[str, list[float] | list[str]] = {}
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            if not member.endswith(".npy"):
                continue
            with archive.open(member) as file:
                out[member[: -len(".npy")]] = read_npy(file)
    return out


def read_npy(file: IO[bytes]) -> list[float] | list[str]:
    """One ``.npy`` array (format versions 1-3) as a list."""
    if file.read(len(_MAGIC)) != _MAGIC:
        raise ValueError("not a .npy array")
    major = file.read(2)[0]
    size_format = "<H" if major == 1 else "<I"
    (length,) = struct.unpack(size_format, file.read(struct.calcsize(size_format)))
    header = ast.literal_eval(file.read(length).decode("latin1"))
    descr, shape = header["descr"], header["shape"]
    if header["fortran_order"] or len(shape) != 1:
        raise ValueError(f"only one-dimensional arrays are read, not shape {shape}")
    (count,) = shape
    data = file.read()
    if descr in _FLOATS:
        return [float(v) for v in struct.unpack(f"<{count}{_FLOATS[descr]}", data)]
    if descr.startswith("<U"):
        width = int(descr[2:])
        text = data.decode("utf-32-le")
        return [text[i * width : (i + 1) * width].rstrip("\0") for i in range(count)]
    raise ValueError(f"arrays of {descr!r} are not read")
