"""The insert pipeline: links checked, duplicates found, vectors made, one transaction.

Every write of new records (``add_many``, ``add_document``, ``import_records``) ends in
:func:`insert`. The rules it applies on the way (:func:`check_links`,
:func:`check_named_duplicates`, :func:`key_conflict`, :func:`keep_created`,
:func:`given_vectors`) are functions of the records, so they run without a store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import ConflictError, InvalidInputError
from remem.core.observe import stage
from remem.core.records import MemoryRecord
from remem.core.timeutil import now as now_epoch
from remem.embedders import Embedder, check_vectors, normalize
from remem.engine.model_choice import choose_model
from remem.engine.state import EngineState
from remem.engine.vectors import vectorize, warn_if_long
from remem.stores import NewRecord
from remem.stores.base import RecordStore, head_and_parts
from remem.trust.access import Grant

__all__ = [
    "BULK_ROWS",
    "build_index",
    "check_links",
    "check_named_duplicates",
    "given_vectors",
    "insert",
    "keep_created",
    "key_conflict",
]

#: An import of at least this many records is a bulk load: it ends by building the vector index
#: when the store has outgrown exact search and its index is not ready, and waits for it — the
#: searches after it never run exactly for want of an index. (``add_many`` does not: it is
#: often one batch of a longer load, and on PostgreSQL every batch after the build would write
#: through the HNSW graph; such a load ends with ``build_index()``.)
BULK_ROWS = 10_000


def build_index(store: RecordStore, show: bool) -> None:
    """``store.build_index()``, with a progress bar on stderr when ``show``."""
    if not show:
        store.build_index()
        return
    from tqdm import tqdm

    with tqdm(desc="vector index", unit="vec", leave=False, mininterval=0.5) as bar:

        def advance(done: int, total: int) -> None:
            if total and bar.total != total:
                bar.total = total
            bar.update(max(0, done - bar.n))

        store.build_index(advance)


def insert(
    state: EngineState,
    grant: Grant,
    records: list[NewRecord],
    progress: bool | None,
    *,
    containers: frozenset[int] = frozenset(),
    labels: Sequence[str] | None = None,
    named: Iterable[int] = (),
    replace: bool = False,
    bulk: bool = False,
) -> list[MemoryRecord]:
    """Embed what needs a vector, then insert all in one transaction.

    ``containers`` are indices of records stored without a vector, so never search
    candidates: a document whose chunks are its searchable parts, or a record added with
    ``embed=False``. ``named`` are indices of records whose ids the caller chose: never
    folded into a duplicate with another id. ``replace``: a record whose id is stored takes
    its place. Expired records are purged first. ``bulk`` (an import): at least
    :data:`BULK_ROWS` records end by building the vector index.
    """
    if not records:
        return []
    store, settings = state.store, state.settings
    store.purge_expired(now_epoch())
    check_links(records, labels, lambda ids: store.get(ids, grant.where()))
    state.touches.flush(store)  # a duplicate is returned as stored: with its accesses
    duplicates = store.find_duplicates(records)
    check_named_duplicates(records, duplicates, named, labels)
    todo = [
        i
        for i in range(len(records))
        if i not in duplicates and i not in containers and records[i].vector is None
    ]
    if todo:
        texts = [records[i].text for i in todo]
        choose_model(state, texts, {(records[i].user_id, records[i].agent_id) for i in todo})
        warn_if_long(texts, state.embedder, settings.part_tokens)
        show = settings.show_progress(progress) and len(todo) >= 64
        with stage("embed"):
            rows = vectorize(
                texts,
                state.embedder,
                part_tokens=settings.part_tokens,
                part_overlap=settings.part_overlap,
                progress=show,
            )
        for i, vectors in zip(todo, rows, strict=True):
            records[i].vector, records[i].parts = head_and_parts(vectors)
    with state.lock:  # the embedder as reembed() left it: the store checks it in the write
        try:
            with stage("store"):
                stored = store.insert(records, signature=state.embedder.signature, replace=replace)
        except ConflictError as exc:
            better = key_conflict(exc, records)
            if better is None:
                raise
            raise better from exc
    if bulk and len(records) >= BULK_ROWS:
        with stage("index"):
            build_index(store, settings.show_progress(progress))
    return stored


def check_links(
    records: list[NewRecord],
    labels: Sequence[str] | None,
    fetch: Callable[[list[str]], Iterable[NewRecord | MemoryRecord]],
) -> None:
    """Ids are unique in the batch (the store refuses one it already holds, with
    :class:`ConflictError`), and a record links (``parent_id``) only to a record of its own
    scope that the memory may see (``fetch`` reads those), in the batch or stored, and that
    is not itself a chunk (one level: a document and its chunks); a link to another tenant's
    record is refused exactly as a link to an unknown id. ``labels`` name the records in
    messages."""
    names = labels or [f"item {i}" for i in range(len(records))]
    batch: dict[str, NewRecord] = {}
    for index, rec in enumerate(records):
        if rec.id in batch:
            name = rec.id if rec.key is None else rec.key
            raise InvalidInputError(f"{names[index]}: id {name!r} appears twice in the batch")
        batch[rec.id] = rec
    wanted = {r.parent_id for r in records if r.parent_id is not None} - set(batch)
    stored = {r.id: r for r in fetch(list(wanted))}
    for index, rec in enumerate(records):
        if rec.parent_id is None:
            continue
        parent = batch.get(rec.parent_id) or stored.get(rec.parent_id)
        if parent is None:
            raise InvalidInputError(
                f"{names[index]}: parent_id {rec.parent_id!r}: no memory with that id"
            )
        mine = (rec.user_id, rec.agent_id, rec.session_id)
        if (parent.user_id, parent.agent_id, parent.session_id) != mine:
            raise InvalidInputError(
                f"{names[index]}: parent_id {rec.parent_id!r} lies in another scope than "
                "the item: a chunk shares its document's user_id, agent_id and session_id"
            )
        if parent.parent_id is not None:
            raise InvalidInputError(
                f"{names[index]}: parent_id {rec.parent_id!r} is itself a chunk (it has a "
                "parent): a chunk's parent is a document"
            )


def check_named_duplicates(
    records: list[NewRecord],
    duplicates: Mapping[int, MemoryRecord],
    named: Iterable[int],
    labels: Sequence[str] | None,
) -> None:
    """A record under a caller's id or key is never folded into a duplicate stored under
    another id: that is a :class:`ConflictError` naming the stored one."""
    for i in named:
        if i in duplicates and duplicates[i].id != records[i].id:
            name = labels[i] if labels else f"item {i}"
            raise ConflictError(
                f"{name}: id {records[i].id!r} duplicates memory {duplicates[i].id!r} "
                "stored in its scope (dedupe=False stores it under its own id)"
            )


def key_conflict(exc: ConflictError, records: Sequence[NewRecord]) -> ConflictError | None:
    """The store's conflict on an id derived from a key, said in terms of that key (the
    caller never saw the id); None when the id was not derived from a key."""
    taken = next((r for r in records if r.key and r.id == exc.id), None)
    if taken is None:
        return None
    return ConflictError(
        f"key {taken.key!r} is already stored in its scope and namespace "
        f"{list(taken.namespace)}: add it with upsert=True to replace it"
    )


def given_vectors(
    records: list[NewRecord],
    embeddings: NDArray[np.floating],
    embedder: Embedder,
    plain: frozenset[int],
) -> None:
    """Give each record its row of the caller's ``embeddings`` (checked, unit length), instead
    of running the embedder; ``plain`` records (``embed=False``) may have none."""
    if plain:
        raise InvalidInputError(f"item {min(plain)}: embed=False, but embeddings give it a vector")
    vectors = check_vectors(embeddings, embedder.dimensions, count=len(records))
    for rec, vec in zip(records, normalize(vectors), strict=True):
        rec.vector = vec


def keep_created(
    records: list[NewRecord],
    given: Sequence[Mapping[str, Any]],
    named: Iterable[int],
    stored: Mapping[str, MemoryRecord],
) -> None:
    """Upserts: a named record replacing a ``stored`` one keeps its ``created_at`` unless the
    item gives one, and is not deduplicated (the record it would fold into may be the one it
    replaces)."""
    for i in named:
        rec, old = records[i], stored.get(records[i].id)
        rec.dedupe = False
        if old is not None and given[i].get("created_at") is None:
            rec.created_at = old.created_at.timestamp()
