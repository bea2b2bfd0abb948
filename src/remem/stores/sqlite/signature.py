"""The embedder signature of a SQLite store (which embedder made its vectors, and how wide they
are, in ``meta``) and the reading of stored vectors at that width."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import NDArray

from remem.embedders.base import EmbedderSignature
from remem.stores.base import check_widths
from remem.stores.sql import mismatch
from remem.stores.sqlite import db
from remem.stores.sqlite.connection import SQLiteConnection

__all__ = ["claim", "read", "vectors", "write"]


def write(conn: sqlite3.Connection, signature: EmbedderSignature) -> None:
    conn.executemany(
        "INSERT INTO meta(key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        [("embedder", signature.name), ("dimensions", str(signature.dimensions))],
    )


def read(conn: sqlite3.Connection) -> EmbedderSignature | None:
    rows = dict(
        conn.execute(
            "SELECT key, value FROM meta WHERE key IN ('embedder', 'dimensions')"
        ).fetchall()
    )
    if "embedder" not in rows:
        return None
    return EmbedderSignature(rows["embedder"], int(rows["dimensions"]))


def claim(
    conn: sqlite3.Connection, path: str, signature: EmbedderSignature | None, widths: Iterable[int]
) -> bool:
    """Inside a write transaction that writes vectors ``widths`` wide: refuse them unless
    they come from the store's embedder. A store with no vectors yet takes the caller's
    ``signature`` (bumping ``vector_generation``, so every process rebuilds its index at
    the new width); True when it did. Without ``signature`` only the width is checked."""
    stored = read(conn)
    widths = set(widths)
    if signature is None:
        if stored is not None and widths - {stored.dimensions}:
            made = f"{min(widths - {stored.dimensions})}-d vectors"
            raise mismatch(path, stored, made, "<embedder>")
        return False
    check_widths(signature, widths)
    if stored == signature:
        return False
    if (
        stored is not None
        and conn.execute("SELECT 1 FROM memories WHERE embedding IS NOT NULL LIMIT 1").fetchone()
    ):
        raise mismatch(path, stored, str(signature), signature.name)
    write(conn, signature)
    conn.execute(
        "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_generation'"
    )
    return True


def vectors(
    connection: SQLiteConnection, ids: Sequence[str], dims: int, *, parts: bool = False
) -> dict[str, NDArray[np.float32]]:
    """The vectors of these records (head only, or every row with ``parts``), ``dims`` wide."""
    found: dict[str, NDArray[np.float32]] = {}
    column = "embedding" if parts else "substr(embedding, 1, ?)"
    for part in db.batches(ids):
        marks = ",".join("?" * len(part))
        for row in connection.rows(
            f"SELECT id, {column} FROM memories WHERE id IN ({marks}) AND embedding IS NOT NULL",
            (*part,) if parts else (4 * dims, *part),
        ):
            rows = np.frombuffer(row[1], dtype=np.float32)
            found[row[0]] = rows.reshape(-1, dims).copy() if parts else rows
    return found
