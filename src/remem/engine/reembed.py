"""Re-embedding: every record's vectors made anew by another embedder, which then becomes the
store's (and the memory's, with all its views: the embedder is shared state).

Writers may keep writing meanwhile: the store hands back the records they changed, which are
embedded again, the last round under the write lock, so it always completes.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import ConflictError
from remem.core.records import MemoryRecord
from remem.embedders import Embedder
from remem.engine.state import EngineState
from remem.engine.vectors import vectorize

__all__ = ["reembed"]


def reembed(
    state: EngineState,
    new: Embedder,
    records: Iterable[tuple[MemoryRecord, NDArray[np.float32] | None]],
    *,
    progress: bool,
) -> int:
    """Re-embed ``records`` (every record of the store, with its vectors or None) with
    ``new`` and make it the store's embedder; returns how many records have vectors."""
    store, settings = state.store, state.settings
    expected = store.signature()
    hashes: dict[str, str] = {}  # id -> content hash of the text embedded
    texts: list[str] = []
    for record, vector in records:
        if vector is not None:
            hashes[record.id] = record.content_hash or ""
            texts.append(record.text)

    def embed(more: list[str], *, progress: bool = False) -> list[NDArray[np.float32]]:
        return vectorize(
            more,
            new,
            part_tokens=settings.part_tokens,
            part_overlap=settings.part_overlap,
            progress=progress,
        )

    vectors = dict(zip(hashes, embed(texts, progress=progress), strict=True))
    # Writers may add or change records while we embed: the store hands back those rows
    # (nothing written) and we embed them too; the last round embeds them under the write
    # lock, so it always completes.
    for last in (False, False, False, True):
        with state.lock:
            stale = store.replace_vectors(
                list(vectors),
                list(vectors.values()),
                new.signature,
                expected=expected,
                hashes=[hashes[i] for i in vectors],
                embed=embed if last else None,
            )
            if not stale:
                state.embedder = new
                state.checked_signature = True
                return len(vectors)
        changed = store.get(stale)
        for record, rows in zip(changed, embed([r.text for r in changed]), strict=True):
            hashes[record.id] = record.content_hash or ""
            vectors[record.id] = rows
    raise ConflictError("the store kept changing while re-embedding: retry")  # unreachable
