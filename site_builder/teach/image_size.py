"""The pixel size of a PNG or WebP file, read from its header (for <img width height>)."""
from __future__ import annotations

import struct
from pathlib import Path


def image_size(path: Path) -> tuple[int, int]:
    """(width, height) of a PNG or WebP (lossy VP8, lossless VP8L or extended VP8X) image;
    ValueError naming the file when it is neither."""
    head = path.read_bytes()[:32]
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        return struct.unpack(">II", head[16:24])
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        chunk = head[12:16]
        if chunk == b"VP8X":
            return 1 + int.from_bytes(head[24:27], "little"), 1 + int.from_bytes(head[27:30], "little")
        if chunk == b"VP8 ":
            width, height = struct.unpack("<HH", head[26:30])
            return width & 0x3FFF, height & 0x3FFF
        if chunk == b"VP8L":
            bits = int.from_bytes(head[21:25], "little")
            return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    raise ValueError(f"{path}: not a PNG or WebP image")
