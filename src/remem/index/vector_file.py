"""A :class:`~remem.index.vector_index.VectorIndex`'s layout on disk (this module sits below it,
so it takes the index, and its class to make one, as arguments): what :func:`save` writes beside
a store (``<base>.npz``, and ``<base>.faiss`` with an ANN index) and :func:`load` reads back,
each part's size and checksum checked before anything is read. The vectors are never written:
the store's rows are their one copy (``VectorIndex.restore``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from remem.core.files import digest, fsync_file, verify
from remem.index.ann import AnnIndex, faiss_module, postings_of

__all__ = ["load", "save"]

#: The layout's arrays, one row per vector.
STATE_ROWS = ("owner", "head", "slot", "live", "fields")


def save(index: Any, base: str) -> dict[str, dict[str, int]]:
    """Write ``<base>.npz`` (the layout) and, with an ANN index, ``<base>.faiss``; each
    streams to disk and is flushed to the disk (``fsync``). Returns each part's size and
    checksum by suffix, for the header that names them (:func:`load` checks them).

    The vectors themselves are not written: the store's rows are their one durable copy,
    and ``VectorIndex.restore`` puts them back (a second copy cost 1.5 GB at a million vectors, and
    reading it back was no faster than reading the rows)."""
    n = index.size
    np.savez(
        f"{base}.npz",
        owner=index.owner[:n],
        head=index.head[:n],
        slot=index.slot[:n],
        live=index.live[:n],
        fields=index.fields[:n],
        codes=np.asarray(json.dumps([list(table) for table in index.codes])),
        ann=np.asarray(json.dumps(index.ann.state() if index.ann is not None else None)),
    )
    if index.ann is not None:
        faiss_module().write_index(index.ann.index, f"{base}.faiss")
    written: dict[str, dict[str, int]] = {}
    for suffix in ("npz", "faiss") if index.ann is not None else ("npz",):
        fsync_file(f"{base}.{suffix}")
        written[suffix] = digest(f"{base}.{suffix}")
    return written


def load(
    cls: Any,
    base: str,
    dimensions: int,
    parts: Mapping[str, dict[str, int]] | None = None,
    *,
    fields: Sequence[str],
) -> Any:
    """Read what :func:`save` wrote (an index of these ``fields``); ``ValueError`` when the
    parts disagree, or when ``parts`` (what :func:`save` returned) is given and a part is
    missing, truncated or fails its checksum — checked before anything is read. The vectors
    are unset until ``VectorIndex.restore`` puts the store's back."""
    if parts is not None:
        if "npz" not in parts:
            raise ValueError("its header lists no layout")
        for suffix, expected in parts.items():
            verify(f"{base}.{suffix}", expected)
    index = cls(dimensions, fields=fields)
    with np.load(f"{base}.npz") as layout:
        index.owner = np.asarray(layout["owner"], dtype=np.int64)
        index.head = np.asarray(layout["head"], dtype=bool)
        index.slot = np.asarray(layout["slot"], dtype=np.int64)
        index.live = np.asarray(layout["live"], dtype=bool)
        index.fields = np.asarray(layout["fields"], dtype=np.int32)
        tables = json.loads(str(layout["codes"]))
        ann_state = json.loads(str(layout["ann"]))
    n = len(index.owner)
    if any(len(getattr(index, name)) != n for name in STATE_ROWS):
        raise ValueError("its layout arrays disagree in length")
    width = len(index.field_names)
    if len(tables) != width or index.fields.shape != (n, width):
        raise ValueError("its field tables disagree")
    # Filled by restore(); numpy advises huge pages for an empty array (not for zeros): a
    # first write to a million vectors' 1.5 GB in small pages took 3.3 s here, 0.45 s so.
    index.vectors, index.size = np.empty((n, dimensions), dtype=np.float32), n
    index.codes = [{value: code for code, value in enumerate(table)} for table in tables]
    index.postings = postings_of(index.fields)
    if ann_state is not None:
        if parts is not None and "faiss" not in parts:
            raise ValueError("its header lists no ANN index, its layout does")
        index.ann = AnnIndex.from_index(faiss_module().read_index(f"{base}.faiss"), ann_state)
        if len(index.ann) > n:
            raise ValueError("its ANN index covers rows it does not hold")
    heads = np.flatnonzero(index.head & index.live)
    index._heads = dict(zip(index.owner[heads].tolist(), heads.tolist(), strict=True))
    index.dead = n - int(index.live.sum())
    index._max_rowid = max(index._heads, default=0)
    return index
