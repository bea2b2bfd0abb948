"""Vectorising: texts into checked unit rows, a long text into its head and window vectors.

Functions of an embedder and the part settings; none reads the store but
:func:`check_signature`, which is handed one. A text longer than ``part_tokens`` gets a vector
per overlapping window beside its head vector (docs/architecture.md, "Embedders").
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import EmbedderMismatchError, LongTextWarning
from remem.embedders import Embedder, check_vectors, normalize
from remem.stores import RecordStore
from remem.text.chunking import chunk_text

__all__ = ["check_signature", "embed", "embed_queries", "unit_vector", "vectorize", "warn_if_long"]


def embed(texts: list[str], embedder: Embedder, *, progress: bool = False) -> NDArray[np.float32]:
    """``texts`` embedded by ``embedder`` as unit rows, checked for shape and finiteness.
    Texts are embedded as given (to the model's window)."""
    return check_vectors(embedder.embed(texts, progress=progress), embedder.dimensions)


def embed_queries(
    texts: list[str], embedder: Embedder, *, progress: bool = False
) -> NDArray[np.float32]:
    """Search queries embedded by ``embedder`` (as queries: :meth:`Embedder.embed_queries`),
    checked as :func:`embed` checks texts."""
    return check_vectors(embedder.embed_queries(texts, progress=progress), embedder.dimensions)


def unit_vector(vector: Any, dimensions: int) -> NDArray[np.float32]:
    """A caller's one vector, checked for width and finiteness and scaled to unit length."""
    first: NDArray[np.float32] = normalize(check_vectors(vector, dimensions, count=1))[0]
    return first


def vectorize(
    texts: list[str],
    embedder: Embedder,
    *,
    part_tokens: int,
    part_overlap: int,
    progress: bool,
) -> list[NDArray[np.float32]]:
    """Each text's vectors as rows: its head (the text, to the embedder's window), then,
    for a text longer than ``part_tokens``, its overlapping windows. One embedding pass."""
    windows: list[str] = []
    owners: list[int] = []
    size = min(part_tokens, embedder.max_tokens - 2)
    if part_tokens:
        for index, text in enumerate(texts):
            # A word-piece token spans at least one character: short texts need no count.
            if len(text) > size and embedder.count_tokens(text) > size:
                overlap = min(part_overlap, size - 1)
                parts = chunk_text(text, embedder, size=size, overlap=overlap)
                windows += [part.text for part in parts]
                owners += [index] * len(parts)
    vectors = embed(texts + windows, embedder, progress=progress)
    rows: dict[int, list[int]] = {}
    for row, owner in enumerate(owners, start=len(texts)):
        rows.setdefault(owner, []).append(row)
    return [vectors[[i, *rows.get(i, ())]] for i in range(len(texts))]


def warn_if_long(texts: list[str], embedder: Embedder, part_tokens: int) -> None:
    """Warn when ``part_tokens`` is off and a text runs past the embedder's window: its vector
    then covers the opening only. The warning points at the caller of the public method that
    inserts (two frames up: the insert pipeline, then that method)."""
    if part_tokens:
        return  # long texts get window vectors: every part is searchable by meaning
    window = embedder.max_tokens
    # Characters bound tokens from above for word-piece models: count only what may be long.
    long = sum(1 for t in texts if len(t) > window and embedder.count_tokens(t) > window - 2)
    if long:
        warnings.warn(
            f"{long} memor{'y is' if long == 1 else 'ies are'} longer than "
            f"{embedder.name}'s {window}-token window: the vector covers the first "
            f"{window} tokens, keyword search covers all the text. Use add_document(), or "
            "part_tokens > 0, to make every part searchable by meaning.",
            LongTextWarning,
            stacklevel=4,
        )


def check_signature(store: RecordStore, embedder: Embedder) -> None:
    """Refuse to search a store's vectors with another embedder's query (writes are checked
    by the store, inside each write transaction)."""
    recorded = store.signature()
    mismatch = recorded is not None and recorded != embedder.signature
    if mismatch and store.stats().vectors:
        raise EmbedderMismatchError(
            f"this store's vectors were made by {recorded}, not {embedder.signature}: "
            f"open it with embedder={recorded.name!r}, or re-embed it with "  # type: ignore[union-attr]
            f"`remem reembed --store {store.path} --embedder {embedder.name}`"
        )
