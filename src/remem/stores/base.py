"""The store interface: the system of record every backend implements.

A store persists records with their vectors, answers dense and keyword candidate queries under a
filter, and remembers which embedder made its vectors. It does no embedding, chunking or fusion:
:class:`remem.Memory` does that over any store.
"""

from __future__ import annotations

import itertools
import math
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from typing import Any, Self

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import InvalidInputError, VectorError
from remem.core.filters import Cond, Filter, Logic, and_filters
from remem.core.observe import Gauge
from remem.core.records import (
    IndexState,
    MemoryRecord,
    Namespace,
    StoreStats,
    decode_namespace,
    encode_namespace,
)
from remem.embedders.base import EmbedderSignature
from remem.stores.erasure import Erasure
from remem.stores.keyword_index import UNITS, affordable, only_owners, owners, weights
from remem.stores.rows import NewRecord, Update, record_from_new, restored
from remem.stores.tables import AuditLog, CacheTable, KeyTable, Scope, Snapshots, UsageTable
from remem.stores.trash import Trash
from remem.text.keywords import BM25_B, BM25_K1, index_terms, search_terms

__all__ = [
    "LIST_ORDERS",
    "NewRecord",
    "RecordStore",
    "Scope",
    "Staleness",
    "Store",
    "Update",
    "check_widths",
    "complete_vectors",
    "cosine",
    "head_and_parts",
    "later_position",
    "note_stale",
    "noting_stale",
    "plan_insert",
    "read_after",
    "read_pages",
    "reading_after",
    "record_from_new",
    "restored",
    "wal_number",
]

# -- reading another process's writes ---------------------------------------------------------
#: A position is a plain token (``Store.position()``): letters, digits, ``/ . _ : -``.
_POSITION = re.compile(r"[A-Za-z0-9/._:-]{1,64}")
_READ_AFTER: ContextVar[str | None] = ContextVar("remem_read_after", default=None)


def reading_after(position: str | None) -> AbstractContextManager[None]:
    """A block whose reads (this thread or task, and work it hands on with its context) see
    at least the writes ``position`` names — :meth:`Store.position` of another handle, often
    in another process or server. None: nothing beyond what the store sees anyway. A token
    that cannot be a position is refused here, before the block."""
    if position is not None and not (isinstance(position, str) and _POSITION.fullmatch(position)):
        raise InvalidInputError(
            "a read position is the token a store gave after a write (letters, digits, "
            f"'/', '.', '_', ':', '-'; at most 64), not {str(position)[:80]!r}"
        )
    return _reading(position)


@contextmanager
def _reading(position: str | None) -> Iterator[None]:
    token = _READ_AFTER.set(position)
    try:
        yield
    finally:
        _READ_AFTER.reset(token)


def read_after() -> str | None:
    """The position reads must see now (:func:`reading_after`), or None."""
    return _READ_AFTER.get()


# -- reads a replica answered while the primary was away -------------------------------------------
class Staleness:
    """What :func:`noting_stale` saw: ``seconds`` — how far behind its primary the data that
    answered may be (the most of any read in the block), or None when every read was fresh."""

    __slots__ = ("seconds",)

    def __init__(self) -> None:
        self.seconds: float | None = None


_STALE: ContextVar[tuple[Staleness, ...]] = ContextVar("remem_stale", default=())


@contextmanager
def noting_stale(note: Staleness | None = None) -> Iterator[Staleness]:
    """A block whose reads note, in ``note`` (a new one by default), whether a store answered
    them from data that may be stale (a replica, while the primary is down). Blocks nest: a
    stale read is noted in every block around it."""
    note = Staleness() if note is None else note
    token = _STALE.set((*_STALE.get(), note))
    try:
        yield note
    finally:
        _STALE.reset(token)


def note_stale(seconds: float) -> None:
    """Called by a store: the read just answered may be ``seconds`` behind its primary."""
    for note in _STALE.get():
        note.seconds = max(note.seconds or 0.0, round(float(seconds), 3))


_WAL = re.compile(r"([0-9A-Fa-f]{1,8})/([0-9A-Fa-f]{1,8})")


def wal_number(position: str) -> int | None:
    """A WAL position (``16/B374D848``, as PostgreSQL writes one) as the number it orders by;
    None for any other token."""
    found = _WAL.fullmatch(position)
    return (int(found.group(1), 16) << 32) | int(found.group(2), 16) if found else None


def later_position(first: str | None, second: str | None) -> str | None:
    """The later of two positions: WAL positions by number, other tokens — which carry no
    order — the second."""
    if first is None or second is None:
        return second if first is None else first
    a, b = wal_number(first), wal_number(second)
    return first if a is not None and b is not None and a > b else second


#: Orders ``Store.list`` accepts; ``-`` means descending.
LIST_ORDERS = ("created_at", "-created_at", "updated_at", "-updated_at", "position")


def head_and_parts(
    rows: NDArray[np.float32],
) -> tuple[NDArray[np.float32], NDArray[np.float32] | None]:
    """A record's vectors as rows (head first, then any windows) split into the ``vector`` and
    ``parts`` fields of :class:`NewRecord` and :class:`Update`."""
    return rows[0], (rows[1:] if len(rows) > 1 else None)


def plan_insert(
    records: Sequence[NewRecord], stored: Mapping[int, MemoryRecord], stamp: float
) -> tuple[list[MemoryRecord], list[NewRecord]]:
    """Every store's rule for a batch: what ``insert`` returns for each record (in order), and
    the records to write. A record with ``dedupe`` that duplicates a stored one (``stored``, by
    index) returns it; one that duplicates an earlier record of the batch (same text hash,
    kind and scope) returns that one's record."""
    out: list[MemoryRecord | None] = [None] * len(records)
    fresh: list[NewRecord] = []
    seen: dict[tuple[Any, ...], int] = {}
    for index, rec in enumerate(records):
        if index in stored:
            out[index] = stored[index]
            continue
        if rec.dedupe:
            key = (
                rec.content_hash, rec.kind, rec.user_id, rec.agent_id, rec.session_id,
                rec.namespace,
            )  # fmt: skip
            if key in seen:
                out[index] = out[seen[key]]
                continue
            seen[key] = index
        fresh.append(rec)
        out[index] = record_from_new(rec, stamp)
    return [r for r in out if r is not None], fresh


def check_widths(signature: EmbedderSignature, widths: Iterable[int]) -> None:
    """Refuse vectors whose widths are not ``signature``'s (every store, every write)."""
    widths = set(widths)
    if widths - {signature.dimensions}:
        raise VectorError(
            f"vectors of {sorted(widths)} dimensions do not fit {signature}: pass the "
            "vectors the embedder made"
        )


def complete_vectors(
    ids: Sequence[str],
    vectors: Sequence[NDArray[np.float32]],
    signature: EmbedderSignature,
    held: Iterable[tuple[str, str, str | None]],
    *,
    hashes: Sequence[str] | None = None,
    embed: Callable[[list[str]], Sequence[NDArray[np.float32]]] | None = None,
) -> tuple[dict[str, NDArray[np.float32]], list[str]]:
    """``replace_vectors``' rule, every store: ``held`` are (id, text, content hash) of every
    record holding a vector, read inside the write transaction. Those the caller has no
    vector for, or (with ``hashes``) made from other text, are stale: ``embed`` makes theirs,
    or without it nothing is written and their ids come back. Returns (vectors by id, stale
    ids)."""
    found = dict(zip(ids, vectors, strict=True))
    given = dict(zip(ids, hashes, strict=True)) if hashes is not None else None
    stale = [
        (id_, text)
        for id_, text, digest in held
        if id_ not in found or (given is not None and given[id_] != digest)
    ]
    if stale and embed is None:
        return {}, [id_ for id_, _ in stale]
    if stale:
        assert embed is not None
        fresh = embed([text for _, text in stale])
        found.update(zip((id_ for id_, _ in stale), fresh, strict=True))
    check_widths(signature, (np.asarray(v).shape[-1] for v in found.values()))
    return found, []


def read_pages(
    fetch: Callable[[Any, int, int], Sequence[Any]],
    *,
    key: str | None,
    offset: int,
    limit: int | None,
    page: int = 1000,
) -> Iterator[Any]:
    """Rows of a query read ``page`` at a time, at most ``limit``: ``fetch(after, offset,
    count)`` runs it. With ``key`` (a column that grows in stored order) each page starts
    after the last row's key, so a large store is not rescanned by OFFSET, and ``offset``
    applies to the first page only; without it pages move by offset."""
    after: Any = 0
    left = limit
    while left is None or left > 0:
        count = page if left is None else min(left, page)
        rows = fetch(after, offset, count)
        yield from rows
        if len(rows) < count:
            return
        if key is not None:
            after, offset = rows[-1][key], 0
        else:
            offset += count
        left = None if left is None else left - count


def cosine(value: Any) -> float:
    """A cosine similarity as a float clamped to [-1, 1]: float32 rounding puts a unit vector's
    cosine with itself at 1.0000001, which a caller comparing with 1.0 must never see."""
    return min(1.0, max(-1.0, float(value)))


class Store(ABC):
    """A backend that holds records, their vectors and their keyword index, and answers
    candidate queries. Implementations must pass the conformance suite
    (:mod:`remem.testing.store_conformance`).

    A new backend writes the abstract methods, the primitives; every other method has a
    default built on them (an exact scan of :meth:`records`), which a backend overrides where
    its own query is faster — remem's stores override them all.

    The optional parts are objects the store holds, each in its own attribute (None: the store
    has none; :func:`~remem.stores.tables.capabilities` lists them): a backend offers one by
    setting it, typically in its constructor, to a part built over the backend's connection."""

    path: str

    #: Semantic-cache entries and scope changes (:class:`~remem.stores.tables.CacheTable`).
    cache: CacheTable | None = None
    #: The servers' API keys (:class:`~remem.stores.tables.KeyTable`).
    keys: KeyTable | None = None
    #: What language models cost (:class:`~remem.stores.tables.UsageTable`).
    usage: UsageTable | None = None
    #: Consistent copies while in use (:class:`~remem.stores.tables.Snapshots`).
    snapshots: Snapshots | None = None
    #: Erasing a subject, and showing it is gone (:class:`~remem.stores.erasure.Erasure`).
    erasure: Erasure | None = None
    #: The hash-chained audit log (:class:`~remem.stores.tables.AuditLog`).
    audit: AuditLog | None = None
    #: Deletes kept for a while, to be restored (:class:`~remem.stores.trash.Trash`).
    trash: Trash | None = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- embedder signature ----------------------------------------------------------------------
    @abstractmethod
    def signature(self, claim: EmbedderSignature | None = None) -> EmbedderSignature | None:
        """The embedder recorded for this store's vectors, if any. With ``claim``, a store that
        has none records ``claim`` first, atomically (of two openers of a new store, one
        wins), and the recorded one is returned."""

    # -- writes (each call is one transaction) ---------------------------------------------------
    def find_duplicates(self, records: Sequence[NewRecord]) -> dict[int, MemoryRecord]:
        """For records with ``dedupe`` set, the stored record each exactly duplicates, by index:
        the same content hash, kind, scope and namespace. By default a scan of that scope."""
        found: dict[int, MemoryRecord] = {}
        for index, rec in enumerate(records):
            if not rec.dedupe:
                continue
            same = Logic(
                "$and",
                (
                    Cond("kind", "$eq", rec.kind),
                    Cond("user_id", "$eq", rec.user_id),
                    Cond("agent_id", "$eq", rec.agent_id),
                    Cond("session_id", "$eq", rec.session_id),
                    Cond("namespace", "$eq", encode_namespace(rec.namespace)),
                ),
            )
            for stored in self.records(same):
                if stored.content_hash == rec.content_hash:
                    found[index] = stored
                    break
        return found

    @abstractmethod
    def insert(
        self,
        records: Sequence[NewRecord],
        *,
        signature: EmbedderSignature | None = None,
        replace: bool = False,
    ) -> list[MemoryRecord]:
        """Insert all or nothing; a duplicate returns the record already stored. Vectors from
        an embedder other than the store's (``signature``, checked inside the transaction) are
        refused with :class:`~remem.core.errors.EmbedderMismatchError`; a store with no vectors
        takes the writer's ``signature``. A record whose id is stored raises
        :class:`~remem.core.errors.ConflictError` naming it (``a memory with id 'a' is already
        stored``, and ``id="a"``: the suite checks the words), or with ``replace`` takes its
        place (the old record and its chunks deleted in the same transaction)."""

    @abstractmethod
    def update(
        self, id: str, change: Update, *, signature: EmbedderSignature | None = None
    ) -> MemoryRecord:
        """Change one record in one transaction. With a new vector and ``signature`` (the
        writer's embedder), refuse it with :class:`~remem.core.errors.EmbedderMismatchError` unless
        the store's vectors come from that embedder (a store with no vectors takes it); without
        ``signature`` only the vector's width is checked."""

    @abstractmethod
    def delete(self, ids: Sequence[str]) -> int:
        """Delete records (and a document's chunks); returns how many records went."""

    def purge_expired(self, now: float, limit: int = 1000) -> int:
        """Delete up to ``limit`` records whose ``expires_at`` is at or before ``now`` (and
        their chunks); returns how many went. Finding none is a read, not a write. By default
        the expired ones found by :meth:`records`, then :meth:`delete`."""
        expired = [r.id for r in self.records(Cond("expires_at", "$lte", now), limit=limit)]
        return self.delete(expired) if expired else 0

    @abstractmethod
    def replace_vectors(
        self,
        ids: Sequence[str],
        vectors: Sequence[NDArray[np.float32]],
        signature: EmbedderSignature,
        *,
        expected: EmbedderSignature | None = None,
        hashes: Sequence[str] | None = None,
        embed: Callable[[list[str]], Sequence[NDArray[np.float32]]] | None = None,
    ) -> list[str]:
        """Swap in vectors from another embedder, recording its signature, atomically against
        other writers. Each item holds a record's head vector in its first row and its part
        vectors (if any) below; ``hashes`` are the ``content_hash`` of the text each was made
        from.

        Inside the one write transaction: the store's signature must still be ``expected``
        (when given; else :class:`~remem.core.errors.ConflictError`), and every record holding a
        vector must be among ``ids`` (with the same content hash, when ``hashes`` are given).
        Records that are not — written or rewritten after the caller read them — are embedded
        by ``embed(texts)`` (each item: rows, head first) under the write lock; without
        ``embed`` nothing is written and their ids are returned, for the caller to embed and
        call again with all of them. Returns ``[]`` when the vectors were replaced."""

    @abstractmethod
    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool:
        """Record accesses in one transaction: for each id, add ``count`` to ``access_count``
        and set ``last_accessed_at`` to ``at`` (``accesses``: id → (count, at); unknown ids
        are passed over). With ``wait=False`` a store whose write lock another writer holds
        writes nothing and returns False instead of waiting for it; else True."""

    # -- reads -------------------------------------------------------------------------------------
    @abstractmethod
    def get(self, ids: Sequence[str], where: Filter | None = None) -> list[MemoryRecord]:
        """Records in the order asked; unknown ids, and records not matching ``where``, are
        left out."""

    @abstractmethod
    def records(
        self,
        where: Filter | None = None,
        *,
        order: str = "stored",
        offset: int = 0,
        limit: int | None = None,
    ) -> Iterator[MemoryRecord]:
        """The records matching ``where`` in ``order`` (``stored``: the order they were
        inserted; or one of :data:`LIST_ORDERS`), skipping ``offset``, at most ``limit``.
        Read lazily in pages, so iterating a whole store holds one page at a time."""

    def namespaces(
        self, where: Filter | None = None, *, limit: int = 1000, after: Namespace | None = None
    ) -> list[Namespace]:
        """The distinct namespaces of the records matching ``where`` (the root ``()`` included
        when such a record lies there), in order of their stored form (labels compared by code
        point, a parent before its children), at most ``limit``; with ``after``, only those
        after it in that order (keyset paging: each page one bounded query). By default a
        scan of the matching records."""
        start = None if after is None else encode_namespace(after)
        stored = {encode_namespace(r.namespace) for r in self.records(where)}
        listed = sorted(form for form in stored if start is None or form > start)
        return [decode_namespace(form) for form in listed[:limit]]

    def adjacent(
        self, ids: Sequence[str], where: Filter | None = None
    ) -> dict[str, tuple[str | None, str | None]]:
        """Each record's (previous, next) record: the chunks beside it in its document, or the
        turns before and after it in its session (same kind, by ``created_at``; turns stored
        at one time in the order they were stored). Neighbours share the record's ``user_id``
        and ``agent_id`` and match ``where``; records that do not match ``where`` are left
        out. By default one :meth:`records` query per document or session asked about."""
        found = self.get(ids, where)
        out: dict[str, tuple[str | None, str | None]] = {}
        # The records asked about, by the document or session whose records are their
        # neighbours (the conditions that select them).
        groups: dict[tuple[Cond, ...], list[MemoryRecord]] = {}
        for rec in found:
            owner = (Cond("user_id", "$eq", rec.user_id), Cond("agent_id", "$eq", rec.agent_id))
            if rec.parent_id is not None and rec.position is not None:
                conds: tuple[Cond, ...] = (Cond("parent_id", "$eq", rec.parent_id), *owner)
            elif rec.parent_id is None and rec.session_id is not None:
                conds = (Cond("session_id", "$eq", rec.session_id),
                         Cond("kind", "$eq", rec.kind), *owner)  # fmt: skip
            else:
                out[rec.id] = (None, None)
                continue
            groups.setdefault(conds, []).append(rec)
        for conds, asked in groups.items():
            near = list(self.records(and_filters(where, Logic("$and", conds)), order="stored"))
            if asked[0].parent_id is not None:  # chunks of a document, by position
                at = {r.position: r.id for r in near}
                for rec in asked:
                    assert rec.position is not None
                    out[rec.id] = (at.get(rec.position - 1), at.get(rec.position + 1))
                continue
            near.sort(key=lambda r: r.created_at)  # stable: one time keeps the stored order
            index = {r.id: i for i, r in enumerate(near)}
            for rec in asked:
                i = index[rec.id]
                out[rec.id] = (
                    near[i - 1].id if i > 0 else None,
                    near[i + 1].id if i + 1 < len(near) else None,
                )
        return {rec.id: out[rec.id] for rec in found}

    @abstractmethod
    def vectors(self, ids: Sequence[str], *, parts: bool = False) -> dict[str, NDArray[np.float32]]:
        """The head vector of each of these records, or with ``parts`` all its vectors as rows
        (head first, then its parts). Records without a vector are left out."""

    def dense(
        self,
        vector: NDArray[np.float32],
        k: int,
        where: Filter | None,
        *,
        part_weight: float = 0.0,
    ) -> list[tuple[str, float]]:
        """Top ``k`` (id, cosine) among searchable records matching ``where``; a record with
        part vectors scores ``part_weight · max(head, best part) + (1 − part_weight) · head``.
        Equal scores come in stored order. By default an exact scan of the matching records'
        vectors, a page at a time."""
        if k <= 0:
            return []
        query = np.asarray(vector, dtype=np.float32)
        scored: list[tuple[float, int, str]] = []
        for page in _pages(self.records(where)):
            for rid, rows in self.vectors([r.id for r in page], parts=bool(part_weight)).items():
                rows = rows.reshape(-1, rows.shape[-1])
                if rows.shape[-1] != query.shape[-1]:
                    raise VectorError(
                        f"a {query.shape[-1]}-d query cannot search {rows.shape[-1]}-d vectors"
                    )
                scores = rows @ query
                head = float(scores[0])
                best = max(head, float(scores.max()))
                score = part_weight * best + (1 - part_weight) * head if len(rows) > 1 else head
                scored.append((-score, len(scored), rid))
        return [(rid, cosine(-score)) for score, _, rid in sorted(scored)[:k]]

    def keyword(
        self, query: str, k: int, where: Filter | None, *, max_terms: int | None = None
    ) -> list[tuple[str, float]]:
        """Top ``k`` (id, BM25 score, higher is better) for ``query``'s words (its first
        ``max_terms`` distinct ones, when given), among records with a vector. By default a
        scan of the scopes ``where`` bounds the search to, with the terms and the scores of
        remem's keyword index (:mod:`remem.stores.keyword_index`): equal scores in stored
        order."""
        terms, bound = search_terms(query, max_terms), owners(where)
        if not terms or bound is None or k <= 0:
            return []
        scopes = [
            Cond(field, "$in", tuple(values))
            for field, values in zip(("user_id", "agent_id"), bound, strict=True)
            if values is not None
        ]
        indexed: list[tuple[str, Counter[str], int]] = []
        for page in _pages(self.records(Logic("$and", tuple(scopes)) if scopes else None)):
            with_vector = self.vectors([r.id for r in page])
            indexed += [
                (r.id, *index_terms(r.text, r.language)) for r in page if r.id in with_vector
            ]
        if not indexed:
            return []
        counts = {t: sum(1 for _, held, _ in indexed if t in held) for t in terms}
        kept = affordable(terms, counts, len(indexed))
        if not kept:
            return []
        weight = dict(zip(kept, weights(kept, counts, len(indexed)), strict=True))
        average = sum(length for _, _, length in indexed) / len(indexed)
        allowed = None if only_owners(where) else {r.id for r in self.records(where)}
        scored = []
        for order, (rid, held, length) in enumerate(indexed):
            if (allowed is None or rid in allowed) and any(t in held for t in kept):
                units = sum(
                    _bm25_units(weight[t], held[t], length, average) for t in kept if t in held
                )
                scored.append((-units, order, rid))
        return [(rid, -units / UNITS) for units, _, rid in sorted(scored)[:k]]

    def stats(self) -> StoreStats:
        """Counts (records by kind, records with vectors, scopes), size and schema. By
        default counted by a scan (no size, no schema)."""
        by_kind: dict[str, int] = {}
        scopes: tuple[set[str], set[str], set[str]] = (set(), set(), set())
        vectors = 0
        for page in _pages(self.records()):
            vectors += len(self.vectors([r.id for r in page]))
            for rec in page:
                by_kind[rec.kind] = by_kind.get(rec.kind, 0) + 1
                for seen, value in zip(
                    scopes, (rec.user_id, rec.agent_id, rec.session_id), strict=True
                ):
                    if value is not None:
                        seen.add(value)
        signature = self.signature()
        return StoreStats(
            path=self.path,
            records=sum(by_kind.values()),
            by_kind=by_kind,
            vectors=vectors,
            users=len(scopes[0]),
            agents=len(scopes[1]),
            sessions=len(scopes[2]),
            embedder=signature.name if signature else None,
            dimensions=signature.dimensions if signature else None,
            size_bytes=0,
            schema=[],
            llm_usage=self.usage.totals() if self.usage is not None else {},
        )

    def index_state(self) -> IndexState:
        """Where the vector index stands; by default there is none (every search exact)."""
        stats = self.stats()
        return IndexState(
            kind="none", records=stats.records, vectors=stats.vectors, exact_limit=stats.vectors,
            ready=False, building=False, needed=False,
        )  # fmt: skip

    def build_index(self, progress: Callable[[int, int], None] | None = None) -> None:  # noqa: B027
        """Build the vector index now if the store wants one, and wait for it (a bulk load's
        last step; else it is built off the request, searches running exactly meanwhile).
        ``progress(done, total)`` is called as it goes (total 0: not known). By default there
        is no index to build."""

    def gauges(self) -> list[Gauge]:
        """What this store reports to ``/metrics`` beyond records and its index (connection
        pools, replicas; see :data:`remem.core.observe.GAUGES`); by default nothing."""
        return []

    def health(self) -> dict[str, Any]:
        """Which parts of the store are up, from what the store already knows (no query, no
        wait; ``/v1/health``): ``writes`` and ``reads`` (``"up"``, ``"stale"`` — served, maybe
        behind — or ``"down"``), and any parts the backend has (PostgreSQL: ``primary``,
        ``replicas``). No address, no tenant data. By default a store that opened is up."""
        return {"writes": "up", "reads": "up"}

    def position(self) -> str | None:
        """A token for what this handle has written so far, which reads through another
        handle (another process, another server) wait for inside :func:`reading_after`; None
        when any read already sees every committed write (one database, no replicas)."""
        return None

    @abstractmethod
    def change_token(self) -> int:
        """A value that changes whenever another handle or process commits a change (this
        handle's own commits need not change it): a cheap "did anyone else write?" check."""

    def close(self) -> None:  # noqa: B027 - a store holding nothing open has nothing to do
        """Let go of what the store holds open (by default nothing)."""


def _pages(found: Iterator[MemoryRecord], size: int = 1000) -> Iterator[list[MemoryRecord]]:
    """Records a page at a time (the defaults read vectors by the page)."""
    while page := list(itertools.islice(found, size)):
        yield page


#: The constants of BM25's term score, in the order the keyword index's SQL writes them.
_K1_PLUS_1, _K1_FREE, _K1_LENGTH = BM25_K1 + 1, BM25_K1 * (1 - BM25_B), BM25_K1 * BM25_B


def _bm25_units(weight: float, tf: int, length: int, average: float) -> int:
    """One term's BM25 in integer :data:`~remem.stores.keyword_index.UNITS`, as
    :func:`~remem.stores.keyword_index.term_score` computes it in SQL (rounded half away)."""
    score = weight * tf * _K1_PLUS_1 / (tf + _K1_FREE + _K1_LENGTH * length / average) * UNITS
    return math.floor(score + 0.5)


#: The contract's earlier name, kept for backends written against it.
RecordStore = Store
