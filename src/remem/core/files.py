"""Durable files beside a store: flushed to the disk (``fsync``) before they are named in a
header, and checked on the way back in.

Derived files (the vector index) are caches of the database, so a damaged one must never be used
silently: each part is recorded with its size and a CRC-32 (streamed in 1 MiB blocks, so a large
part is never held twice in memory), and :func:`verify` refuses a part that is missing,
truncated, extended or changed.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

__all__ = ["BLOCK", "digest", "fsync_directory", "fsync_file", "verify"]

#: Bytes read at a time when checksumming.
BLOCK = 1 << 20


def fsync_file(path: str | Path) -> None:
    """Flush a written file's data and size to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_directory(path: str | Path) -> None:
    """Flush a directory's entries (a new or renamed file's name) to the disk. A no-op where
    directories cannot be opened (Windows)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some filesystems refuse fsync on a directory: nothing more to do
        pass
    finally:
        os.close(fd)


def digest(path: str | Path) -> dict[str, int]:
    """``{"size": bytes, "crc32": checksum}`` of a file, read in :data:`BLOCK` blocks."""
    crc = 0
    size = 0
    with open(path, "rb") as handle:
        while block := handle.read(BLOCK):
            crc = zlib.crc32(block, crc)
            size += len(block)
    return {"size": size, "crc32": crc}


def verify(path: str | Path, expected: dict[str, int]) -> None:
    """Raise ``ValueError`` saying what is wrong unless ``path`` has the recorded size and
    checksum (a missing file raises ``ValueError`` too)."""
    name = Path(path).name
    try:
        size = os.stat(path).st_size
    except OSError as exc:
        raise ValueError(f"its part {name} is missing ({exc.strerror})") from exc
    if size != expected.get("size"):
        raise ValueError(f"its part {name} holds {size} bytes, not {expected.get('size')}")
    if digest(path) != expected:
        raise ValueError(f"its part {name} fails its checksum (damaged on disk)")
