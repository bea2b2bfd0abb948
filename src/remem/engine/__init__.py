"""The engine: one store, one embedder and one retriever, behind every face.

:class:`Engine` holds the core operations (add, update, delete, get, list, search, context,
import of records, re-embedding) and enforces the caller's grant on each of them: every read
filter is built by :meth:`Engine._where`, every record read by id carries the grant. Memory types
(:mod:`remem.memory_types`), import/export (:mod:`remem.transfer`) and the faces use only its
public names. :class:`remem.Memory` (:mod:`remem.memory`) is the front door over it.
"""

from __future__ import annotations

import builtins
import copy
import dataclasses
import hashlib
import itertools
import json
import os
import re
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Any, Self, TypeVar

import numpy as np
from numpy.typing import NDArray

from remem.access import ADMIN, Grant
from remem.chunking import ChunkStrategy, chunk_text
from remem.embedders import Embedder, check_vectors, get_embedder, normalize
from remem.errors import (
    ConflictError,
    EmbedderMismatchError,
    InvalidInputError,
    LongTextWarning,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    StoreError,
    VectorError,
)
from remem.filters import (
    Cond,
    Filter,
    Logic,
    and_filters,
    scope_filter,
)
from remem.limits import DEFAULT_LIMITS, Limits
from remem.records import Context, MemoryRecord, Namespace, SearchHit, SearchMode, StoreStats
from remem.retrieval.config import RetrievalConfig
from remem.retrieval.packing import pack
from remem.retrieval.retriever import Query, Retriever
from remem.retrieval.timeparse import time_filter
from remem.stores import NewRecord, Store, Update
from remem.stores.base import LIST_ORDERS, head_and_parts
from remem.stores.tables import Snapshots
from remem.timeutil import from_epoch
from remem.timeutil import now as now_epoch
from remem.validate import (
    TimeLike,
    as_item,
    bounded,
    clean_text,
    content_hash,
    epoch_time,
    importance_value,
    metadata_dict,
    namespace_labels,
    new_id,
    number_within,
    opt_str,
    reference_time,
    time_value,
    utf8,
)

__all__ = ["MAX_K", "SEARCH_MODES", "Engine"]

#: Kinds that are not deduplicated by default: a chat may repeat "ok", a document may repeat a line.
NO_DEDUPE_KINDS = frozenset({"message", "chunk"})
SEARCH_MODES = ("hybrid", "dense", "keyword")
#: The default of ``Limits.max_k``: most hits one search returns.
MAX_K = DEFAULT_LIMITS.max_k
#: Largest limit or offset of a listing (SQLite's integers are 64-bit).
MAX_ROWS = 2**62
#: Longest id a caller may choose for a record.
MAX_ID_CHARS = 256
#: Pending access statistics are written once this many records have some, or once the oldest
#: is this many seconds old (checked at the next search), at the next write and at close.
TOUCH_LIMIT = 1000
TOUCH_AGE = 5.0
#: remem's id of a record named by a key (or a caller's id): :func:`_key_id`.
_KEY_ID = re.compile(r"key-[0-9a-f]{64}")
_ACCESS_FIELDS = frozenset({"access_count", "last_accessed_at"})
_ITEM_KEYS = frozenset(
    {
        "text",
        "user_id",
        "agent_id",
        "session_id",
        "kind",
        "role",
        "metadata",
        "created_at",
        "importance",
        "id",
        "dedupe",
        "embed",
        "expires_at",
        "ttl",
        "namespace",
        "key",
    }
)


class Engine:
    """The engine over one store: writes, reads and search, inside a grant. The memory types
    and transfer build on this API; :class:`~remem.memory.Memory` is the front door over it.

    A memory acts within its ``grant`` (admin, every record, unless made by :meth:`scoped`):
    every read and write of every method and memory type goes through it here.
    """

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        *,
        progress: str = "auto",
        retrieval: RetrievalConfig | None = None,
        part_tokens: int = 128,
        part_overlap: int = 32,
        grant: Grant = ADMIN,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        #: What this memory may read and write (see :mod:`remem.access`).
        self.grant = grant
        self._root = self  # the memory that owns the store; a scoped view points to it
        self.embedder = embedder
        self.progress = progress
        #: Default settings of every search; a call may override any field.
        self.retrieval = retrieval or RetrievalConfig()
        if part_tokens < 0 or 0 < part_tokens < 16:
            raise InvalidInputError(f"part_tokens must be 0 (off) or at least 16: {part_tokens}")
        if part_tokens and not 0 <= part_overlap < part_tokens:
            raise InvalidInputError(
                f"part_overlap must be in [0, part_tokens): {part_overlap}, {part_tokens}"
            )
        #: A text longer than this many tokens also gets vectors of its overlapping windows.
        self.part_tokens = part_tokens
        self.part_overlap = part_overlap
        if limits is not None and not isinstance(limits, Limits):
            raise InvalidInputError(f"limits must be a remem.Limits, got {type(limits).__name__}")
        #: What one call may ask (text sizes, filter shapes, batch sizes): see remem.limits.
        self.limits = limits or DEFAULT_LIMITS
        #: Runs each search's stages; reads records through this memory (pending accesses shown).
        self.retriever = Retriever(store, self._read)
        self._checked_signature = False
        self._lock = threading.RLock()
        self._touches = _Touches()  # shared with scoped views (copy.copy keeps the object)

    # -- lifecycle ---------------------------------------------------------------------------------
    @property
    def root(self) -> Engine:
        """The memory that owns the store: this one, or the one a scoped view was made from."""
        return self._root

    def scoped(self, grant: Grant) -> Self:
        """A view of this memory inside ``grant``: the same store, embedder, caches and settings,
        and every read (search, neighbours, context, get, list, export, chat, cache) sees only
        the records the grant allows, every write is checked against it, and an id outside it
        answers exactly as an unknown id. Closing a view leaves the store open."""
        view = copy.copy(self)
        view.grant = grant
        return view

    def close(self) -> None:
        if self._root is not self:
            return  # a scoped view: the memory it came from owns the store
        try:
            self._touches.flush(self.store)
        finally:
            self.retriever.close()
            self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.store.path!r} embedder={self.embedder.name}>"

    # -- writes ------------------------------------------------------------------------------------
    def add(
        self,
        text: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        kind: str = "message",
        role: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        created_at: TimeLike | None = None,
        importance: float | None = None,
        dedupe: bool | None = None,
        vector: Sequence[float] | NDArray[np.floating] | None = None,
        id: str | None = None,
        upsert: bool = False,
        embed: bool = True,
        expires_at: TimeLike | None = None,
        ttl: float | None = None,
        namespace: Sequence[str] | None = None,
        key: str | None = None,
    ) -> MemoryRecord:
        """Store one memory and return it.

        A text is stored whole and searchable by keyword; one longer than ``part_tokens`` also gets
        a vector per overlapping window, so all of it is searchable by meaning (with
        ``part_tokens=0`` the vector covers the embedder's window and a :class:`LongTextWarning`
        says so). :meth:`add_document` stores a long text as separately retrievable chunks.
        Exact duplicates of a stored memory in the same scope and kind return the stored record
        (``dedupe``; on by default except for kinds ``message`` and ``chunk``). ``vector`` supplies
        a precomputed embedding instead of running the embedder. ``id``, ``upsert``,
        ``embed``, ``expires_at``, ``ttl``, ``namespace`` and ``key``: see :meth:`add_many`.
        """
        item: dict[str, Any] = dict(
            text=text,
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            kind=kind,
            role=role,
            metadata=metadata,
            created_at=created_at,
            importance=importance,
            dedupe=dedupe,
        )
        if id is not None:
            item["id"] = id
        if embed is not True:
            item["embed"] = embed  # checked with the item's other keys
        if expires_at is not None:
            item["expires_at"] = expires_at
        if ttl is not None:
            item["ttl"] = ttl
        if namespace is not None:
            item["namespace"] = namespace
        if key is not None:
            item["key"] = key
        vectors = None if vector is None else np.asarray(vector, dtype=np.float32)[None, :]
        return self.add_many([item], embeddings=vectors, progress=False, upsert=upsert)[0]

    def add_many(
        self,
        items: Iterable[Mapping[str, Any] | str],
        *,
        embeddings: NDArray[np.floating] | None = None,
        progress: bool | None = None,
        upsert: bool = False,
    ) -> list[MemoryRecord]:
        """Store many memories in one transaction, embedding them in batches.

        Each item is a string or a dict with ``text`` and any of :meth:`add`'s keywords. Either all
        are stored or none. ``embeddings`` (one row per item) skips the embedder.

        An item may bring its own ``id``: the caller's name for the record **within its scope**
        (user, agent, session and namespace), exactly as a ``key`` is, so the same id in two
        scopes names two records and no write reaches a record of another scope. The record
        is stored under remem's id for that name (:meth:`key_id`), with ``key`` set to the
        caller's id; ``get``, ``get_many``, ``update`` and ``delete`` take the caller's id too
        (in this memory's own scope: see :meth:`get`). An id that is remem's id of a record
        stored in the item's very scope and namespace names that record. A name already stored
        raises :class:`ConflictError`, or with ``upsert`` the item replaces that record (its
        chunks go with it; it keeps its ``created_at`` unless the item gives one). A batch
        names each record once. An item with an id or key is never folded into another
        record silently: it is not deduplicated unless it asks (``dedupe=True``), and then a
        duplicate stored under another id raises :class:`ConflictError` naming that id.

        An item with ``"embed": False`` is stored without a vector: it reads back (``get``,
        ``list``, export) but is never a search candidate, dense or keyword, and a change of
        its text does not embed it (a later ``update(vector=…)`` does).

        ``expires_at`` (a time) or ``ttl`` (seconds from now) makes a memory expire: from then
        on no read returns it (get, list, search and its neighbours, context, export) and the
        next write deletes it.

        ``namespace`` (a list of labels, any depth: ``["projects", "atlas"]``) files a memory
        below its scope; reads take ``namespace=`` for that namespace and those below it.
        ``key`` names a memory within its scope and namespace, for any memory, scoped or not:
        its id is derived from them (:meth:`key_id`), so adding a key again is a
        :class:`ConflictError`, or with ``upsert`` a replacement, and one tenant's key never
        reaches another's record.
        """
        items = builtins.list(items)
        if len(items) > self.limits.max_batch:
            raise InvalidInputError(
                f"{len(items):,} items in one add_many, over the limit of "
                f"{self.limits.max_batch:,}: add them in batches"
            )
        given = [as_item(item, i) for i, item in enumerate(items)]
        records = [self._new_record(item, i) for i, item in enumerate(given)]
        plain = frozenset(i for i, item in enumerate(given) if item.get("embed") is False)
        if embeddings is not None:
            if plain:
                raise InvalidInputError(
                    f"item {min(plain)}: embed=False, but embeddings give it a vector"
                )
            vectors = check_vectors(embeddings, self.embedder.dimensions, count=len(records))
            for rec, vec in zip(records, normalize(vectors), strict=True):
                rec.vector = vec
        named = {i for i, item in enumerate(given) if item.get("id") is not None or "key" in item}
        self._own_names(records, given, named)
        if upsert and named:
            stored = {r.id: r for r in self.get_many([records[i].id for i in named])}
            for i in named:
                rec, old = records[i], stored.get(records[i].id)
                rec.dedupe = False  # the record it would fold into may be the one it replaces
                if old is not None and given[i].get("created_at") is None:
                    rec.created_at = old.created_at.timestamp()
        return self._insert(records, progress, containers=plain, named=named, replace=upsert)

    def add_document(
        self,
        text: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        created_at: TimeLike | None = None,
        importance: float | None = None,
        kind: str = "document",
        strategy: ChunkStrategy = "tokens",
        chunk_size: int | None = None,
        chunk_overlap: int | None = None,
        progress: bool | None = None,
    ) -> MemoryRecord:
        """Store a document as its chunks and return the document record.

        The document record keeps the whole text and is not itself a search candidate; its chunks
        (kind ``chunk``) carry its scope and metadata, ``parent_id`` = the document's id and
        ``position`` 0, 1, ... Sizes are in the embedder's tokens (see :mod:`remem.chunking`).
        """
        base = dict(
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            metadata=metadata,
            created_at=created_at,
            importance=importance,
        )
        doc = self._new_record(
            {**base, "text": text, "kind": kind, "dedupe": True},
            0,
            max_chars=self.limits.max_document_chars,
            what="document",
        )
        duplicate = self.store.find_duplicates([doc])
        if duplicate:
            return duplicate[0]
        chunks = chunk_text(
            doc.text, self.embedder, strategy=strategy, size=chunk_size, overlap=chunk_overlap
        )
        records = [doc]
        for position, chunk in enumerate(chunks):
            rec = self._new_record(
                {**base, "text": chunk.text, "kind": "chunk"},
                position,
                max_chars=self.limits.max_document_chars,
            )
            rec.parent_id, rec.position = doc.id, position
            rec.metadata = {**doc.metadata, "start": chunk.start, "end": chunk.end}
            records.append(rec)
        return self._insert(records, progress, containers=frozenset({0}))[0]

    def update(
        self,
        id: str,
        *,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        importance: float | None = None,
        kind: str | None = None,
        role: str | None = None,
        vector: Sequence[float] | NDArray[np.floating] | None = None,
        expires_at: TimeLike | None = None,
        ttl: float | None = None,
    ) -> MemoryRecord:
        """Change a memory; new text is re-embedded. ``metadata`` replaces the old metadata.
        ``vector`` replaces the embedding with the caller's own (of the new text, when ``text``
        is given too; the record then has no part vectors). ``expires_at`` or ``ttl`` (seconds
        from now) sets a new expiry (a change of expiry alone keeps ``updated_at``).

        A document's text cannot change in place (its chunks would go stale): delete it and add
        the new version.
        """
        id = self.get(id).id  # another tenant's id answers as an unknown one, before any work
        if kind is not None and (not isinstance(kind, str) or not kind.strip()):
            raise InvalidInputError(f"kind must be a non-empty string, got {kind!r}")
        given = (
            None
            if vector is None
            else normalize(check_vectors(vector, self.embedder.dimensions, count=1))[0]
        )
        change = Update(
            importance=importance_value(importance),
            kind=opt_str(kind, "kind"),
            role=opt_str(role, "role"),
            expires_at=_expiry(expires_at, ttl, "update"),
        )
        if metadata is not None:
            change.metadata = metadata_dict(metadata, self.limits)
        if text is not None:
            if next(self.store.records(Cond("parent_id", "$eq", id), limit=1), None):
                raise InvalidInputError(
                    f"{id!r} is a document with chunks: delete it and add_document() the new text"
                )
            change.text = clean_text(text, max_chars=self.limits.max_text_chars)
            change.content_hash = content_hash(change.text)
            if given is None and self.store.vectors([id]):  # one stored without stays so
                rows = self._vectorize([change.text], progress=False)[0]
                change.vector, change.parts = head_and_parts(rows)
        if given is not None:
            change.vector, change.parts = given, None
        self._touches.flush(self.store)
        with self._lock:  # the embedder as reembed() left it: the store checks it in the write
            return self.store.update(id, change, signature=self.embedder.signature)

    def delete(self, ids: str | Sequence[str]) -> int:
        """Delete memories by id, or by the caller's ids as :meth:`get` takes them (a document
        takes its chunks along); returns how many went. Unknown ids, and ids outside this
        memory's grant, are passed over."""
        id_list = [_id(i) for i in ([ids] if isinstance(ids, str) else list(ids))]
        found = {r.id for r in self._resolve(id_list, self.grant.where()).values()}
        self._touches.flush(self.store)
        return self.store.delete(builtins.list(found)) if found else 0

    # -- reads -------------------------------------------------------------------------------------
    def get(self, id: str) -> MemoryRecord:
        """The memory with this id; raises :class:`NotFoundError` if there is none (or it lies
        outside this memory's grant: the same error, word for word).

        ``id`` is a record's id, or the id a caller gave it (its ``key``) in this memory's own
        scope: unscoped for an admin memory, the one user and/or agent of a tenant's grant,
        at the root namespace. A name in another scope is reached by its record id,
        :meth:`key_id` (``mem.get(mem.key_id("doc-1", user_id="ann"))``)."""
        found = self.get_many([id])
        if not found:
            raise NotFoundError(f"no memory with id {id!r}")
        return found[0]

    def get_many(self, ids: Sequence[str]) -> builtins.list[MemoryRecord]:
        """The memories with these ids (or the callers' ids, as :meth:`get` takes them), in
        the order asked; unknown ids are left out."""
        wanted = [_id(i) for i in ids]
        found = self._resolve(wanted, self._unexpired(self.grant.where()))
        return [found[i] for i in wanted if isinstance(i, str) and i in found]

    def list(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        kind: str | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int = 100,
        offset: int = 0,
        order: str = "created_at",
        namespace: Sequence[str] | None = None,
    ) -> builtins.list[MemoryRecord]:
        """Memories in a scope, oldest first (``order="-created_at"`` for newest first);
        with ``namespace``, those in it and in the namespaces below it."""
        for name, value in (("limit", limit), ("offset", offset)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ROWS:
                raise InvalidInputError(
                    f"{name} must be an integer from 0 to {MAX_ROWS}, got {value!r}"
                )
        if order not in LIST_ORDERS:
            raise InvalidInputError(f"unknown order {order!r}: use one of {LIST_ORDERS}")
        where = self._unexpired(
            self._where(user_id, agent_id, session_id, filters, kind=kind, namespace=namespace)
        )
        if _names_access(where):
            self._touches.flush(self.store)  # the store must answer the filter with our accesses
        return self._touches.read(
            lambda: builtins.list(
                self.store.records(where, limit=limit, offset=offset, order=order)
            )
        )

    def list_all(self, *, page: int = 1000, **criteria: Any) -> builtins.list[MemoryRecord]:
        """Every memory matching :meth:`list`'s criteria, read ``page`` at a time."""
        if isinstance(page, bool) or not isinstance(page, int) or page < 1:
            raise InvalidInputError(f"page must be a positive integer, got {page!r}")
        records: builtins.list[MemoryRecord] = []
        while True:
            found = self.list(limit=page, offset=len(records), **criteria)
            records += found
            if len(found) < page:
                return records

    def namespaces(
        self,
        prefix: Sequence[str] | None = None,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int = 1000,
        after: Sequence[str] | None = None,
    ) -> builtins.list[Namespace]:
        """The namespaces holding memories in a scope (``prefix`` and those below it, when
        given), in order (labels by code point, a parent before its children), at most
        ``limit`` (up to ``limits.max_k``); ``()`` stands for memories filed at the root.
        ``after`` pages on: only the namespaces after it in that order (the last of the
        previous page), so every page is one bounded query however many there are."""
        top = self.limits.max_k
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= top:
            raise InvalidInputError(f"limit must be an integer from 1 to {top}, got {limit!r}")
        start = None if after is None else namespace_labels(after, self.limits, "after")
        where = self._where(user_id, agent_id, session_id, filters, namespace=prefix)
        return self.store.namespaces(self._unexpired(where), limit=limit, after=start)

    def search(
        self,
        query: str | None = None,
        *,
        k: int = 10,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        mode: SearchMode = "hybrid",
        vector: Sequence[float] | NDArray[np.floating] | None = None,
        now: TimeLike | None = None,
        touch: bool = True,
        config: RetrievalConfig | None = None,
        namespace: Sequence[str] | None = None,
        min_score: float | None = None,
        **options: Any,
    ) -> builtins.list[SearchHit]:
        """The ``k`` memories that best match ``query`` within a scope and filters.

        ``mode``: ``hybrid`` (dense + BM25 keyword, fused), ``dense`` or ``keyword``. Every later
        stage is set by ``config`` (default: this memory's ``retrieval``) and any of its fields
        given as keywords, e.g. ``mmr_lambda=0.7``, ``recency_weight=1``, ``expand=1``,
        ``fusion="rrf"``; see :class:`~remem.retrieval.config.RetrievalConfig`.

        ``now`` is the reference time: recency is measured from it, and a time the query names
        ("last week", "in May 2023", "3 days ago") becomes a ``created_at`` range (only when
        ``now`` is given). ``vector`` searches by a precomputed query embedding (dense only, or
        hybrid with ``query`` for the keywords). ``touch`` records the access on the hits.
        ``namespace`` searches that namespace and those below it. Each hit carries ``score``,
        its relevance in [0, 1] (calibrated: the same number means the same for every query;
        see :mod:`~remem.retrieval.calibration`), and the per-stage ``scores``; ``min_score``
        drops the hits below a relevance (fewer than ``k`` then come back, maybe none).
        """
        cfg = (config or self.retrieval).with_options(**options)
        if min_score is not None:
            number_within("min_score", min_score, 0.0, 1.0)
        if mode not in SEARCH_MODES:
            raise InvalidInputError(f"unknown search mode {mode!r}: use one of {SEARCH_MODES}")
        top = self.limits.max_k
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= top:
            raise InvalidInputError(f"k must be an integer from 1 to {top}, got {k!r}")
        if query is not None:
            if not isinstance(query, str):
                raise InvalidInputError(f"query must be a string, got {type(query).__name__}")
            bounded(query, self.limits.max_query_chars, "query")
        reference = reference_time(now)
        where = self._where(user_id, agent_id, session_id, filters, namespace=namespace)
        # Neighbours (smoothing, expansion) lie in the search's scope and grant; its other
        # filters choose the hits, not the context around them. Every record is read within
        # ``near``, so an expired candidate never becomes a hit or a neighbour (the candidate
        # search itself keeps its in-memory fast path; the next write purges expired rows).
        near = self._unexpired(self._where(user_id, agent_id, session_id, None))
        if now is not None and query and cfg.resolve_time:
            where = and_filters(where, time_filter(query, reference))
        if _names_access(where):
            self._touches.flush(self.store)  # the store must answer the filter with our accesses
        keywords = mode == "keyword" or (mode == "hybrid" and (query is not None or vector is None))
        hits = self.retriever.search(
            Query(
                text=query,
                # A query to embed is embedded while the keyword search runs.
                vector=(
                    self.query_vector(None, vector)
                    if vector is not None and mode != "keyword"
                    else None
                ),
                embed=(
                    partial(self._embedded_query, query)
                    if vector is None and mode != "keyword"
                    else None
                ),
                embed_text=self._embedded_query if vector is None else None,
                words=clean_text(query or "", what="query") if keywords else None,
                mode=mode,
                k=k,
                where=where,
                near=near,
                config=cfg,
                now=reference,
                max_terms=self.limits.max_query_terms,
            )
        )
        if min_score is not None:
            hits = [h for h in hits if h.score >= min_score]  # non-increasing: a prefix
        if touch and hits:
            # Deferred: a search takes no write lock; written in one transaction when due,
            # before this memory's next write, and at close (docs/architecture.md, "Search").
            self._touches.add([h.id for h in hits], now_epoch())
            if self._touches.due():
                self._touches.flush(self.store, wait=False)
        return hits

    def context(
        self,
        query: str,
        *,
        budget_tokens: int,
        k: int = 10,
        order: str = "time",
        count_tokens: Callable[[str], int] | None = None,
        **search: Any,
    ) -> Context:
        """Search, then pack the best hits (with any neighbours) into ``budget_tokens``.

        Hits are taken best first while they fit; ``order="time"`` (default) lays the chosen
        ones out oldest first, ``"score"`` best first. Each memory is one line, prefixed with
        its time. ``count_tokens`` defaults to the embedder's tokenizer; pass the target LLM's
        for exact budgets. Other keywords go to :meth:`search`.
        """
        if isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int):
            raise InvalidInputError(f"budget_tokens must be an integer, got {budget_tokens!r}")
        if order not in ("time", "score"):
            raise InvalidInputError(f"order must be 'time' or 'score', got {order!r}")
        hits = self.search(query, k=k, **search)
        return pack(hits, budget_tokens, count_tokens or self.embedder.count_tokens, order=order)

    def import_records(
        self,
        rows: Sequence[Mapping[str, Any]],
        *,
        progress: bool | None = None,
        names: Sequence[str] | None = None,
    ) -> builtins.list[MemoryRecord]:
        """Store exported records as they were, in one transaction: :meth:`add_many`'s item
        keys plus ``id``, ``parent_id`` and ``position`` (a chunk's document and place), and
        ``vectors`` (float32 rows: the head vector, then any part vectors; None embeds the
        text). Rows whose id this memory already holds are skipped; the others are returned.

        Ids are global. Under an admin grant a row keeps its id; a scoped memory gives every
        row it stores a fresh id (its ``parent_id`` links among the rows follow), so importing
        a row whose id another tenant holds answers exactly as importing an unknown one.

        A row that other rows name as their parent (a document) may hold up to
        ``limits.max_document_chars`` characters, any other ``limits.max_text_chars``.
        ``names`` says what messages call each row (default ``"item <index>"``).
        """
        rows = builtins.list(rows)
        if names is not None and len(names) != len(rows):
            raise InvalidInputError(f"{len(names)} names for {len(rows)} rows")
        labels = (
            builtins.list(names) if names is not None else [f"item {i}" for i in range(len(rows))]
        )
        for label, row in zip(labels, rows, strict=True):
            if not isinstance(row, Mapping):
                raise InvalidInputError(f"{label} must be a dict")
            for key in ("id", "parent_id"):
                if not isinstance(row.get(key, ""), str | None):
                    raise InvalidInputError(f"{label}: {key} must be a string")
        visible = self._unexpired(self.grant.where())
        known = {r.id for r in self._read([row["id"] for row in rows if "id" in row], visible)}
        fresh = [(label, row) for label, row in zip(labels, rows, strict=True)
                 if row.get("id") not in known and not _expired(row, label)]  # fmt: skip
        renamed = {
            row["id"]: new_id()
            for _, row in fresh
            if "id" in row and not self.grant.admin and row.get("key") is None
        }
        parents = {row.get("parent_id") for _, row in fresh} - {None}
        records = []
        dims = self.embedder.dimensions
        for label, row in fresh:
            unknown = set(row) - _ITEM_KEYS - {"parent_id", "position", "vectors"}
            if unknown:
                raise InvalidInputError(f"{label}: unknown keys {sorted(map(str, unknown))}")
            # A row's id is the record's id as exported, not a caller's name for it.
            item = {key: value for key, value in row.items() if key in _ITEM_KEYS - {"id"}}
            document = "id" in row and row["id"] in parents
            limit = self.limits.max_document_chars if document else None
            rec = self._new_record({**item, "dedupe": False}, label, max_chars=limit)
            if rec.key is not None and "id" in row:
                renamed[row["id"]] = rec.id  # a keyed record's id follows from scope and key
            elif row.get("id") is not None and row["id"] not in renamed:
                rec.id = _exported_id(row["id"], label)
            rec.id = renamed.get(row.get("id"), rec.id)
            parent, position = row.get("parent_id"), row.get("position")
            if parent is not None:
                utf8(parent, f"{label}: parent_id")
                if parent == row.get("id"):
                    raise InvalidInputError(f"{label}: parent_id {parent!r} is the row's own id")
            if position is not None and (
                isinstance(position, bool)
                or not isinstance(position, int)
                or not 0 <= position <= MAX_ROWS
            ):
                raise InvalidInputError(
                    f"{label}: position must be an integer from 0 to {MAX_ROWS}, got "
                    f"{_shown(position)}"
                )
            rec.parent_id, rec.position = renamed.get(parent, parent), position
            vectors = row.get("vectors")
            if vectors is not None:
                try:
                    flat = np.asarray(vectors, dtype=np.float32).reshape(-1)
                except (TypeError, ValueError) as exc:
                    raise VectorError(f"{label}: the vectors are not numbers: {exc}") from exc
                if not flat.size or flat.size % dims:
                    raise VectorError(
                        f"{label}: the vectors hold {flat.size} floats, not vectors of "
                        f"dimension {dims} (a head vector, then any part vectors)"
                    )
                try:
                    checked = check_vectors(flat.reshape(-1, dims), dims)
                except VectorError as exc:
                    raise VectorError(f"{label}: {exc}") from exc
                rec.vector, rec.parts = head_and_parts(checked)
            records.append(rec)
        keyed = {r.id for r in self._read([r.id for r in records if r.key is not None], visible)}
        if keyed:  # a keyed row whose record this memory holds (its id differs by scope)
            kept = [i for i, rec in enumerate(records) if rec.id not in keyed]
            records, fresh = [records[i] for i in kept], [fresh[i] for i in kept]
        documents = {renamed.get(p, p) for p in parents}
        plain = {i for i, (_, row) in enumerate(fresh) if row.get("embed") is False}
        for i in plain:
            if records[i].vector is not None:
                raise InvalidInputError(f"{fresh[i][0]}: embed=False, but it holds vectors")
        containers = frozenset(
            i for i, rec in enumerate(records) if rec.id in documents or i in plain
        )
        return self._insert(
            records, progress, containers=containers, labels=[label for label, _ in fresh]
        )

    def reembed(self, embedder: str | Embedder, *, progress: bool | None = None) -> int:
        """Re-embed every memory with another embedder and make it this store's embedder."""
        self.require_admin("re-embedding the store")
        self._touches.flush(self.store)
        new = get_embedder(embedder)
        expected = self.store.signature()
        hashes: dict[str, str] = {}  # id -> content hash of the text embedded
        texts: builtins.list[str] = []
        for record, vector in self.records(with_vectors=True):
            if vector is not None:
                hashes[record.id] = record.content_hash or ""
                texts.append(record.text)
        embedded = self._vectorize(texts, progress=self.show_progress(progress), embedder=new)
        vectors = dict(zip(hashes, embedded, strict=True))

        def embed(more: builtins.list[str]) -> builtins.list[NDArray[np.float32]]:
            return self._vectorize(more, progress=False, embedder=new)

        # Writers may add or change records while we embed: the store hands back those rows
        # (nothing written) and we embed them too; the last round embeds them under the write
        # lock, so it always completes.
        for last in (False, False, False, True):
            with self._lock:
                stale = self.store.replace_vectors(
                    builtins.list(vectors),
                    builtins.list(vectors.values()),
                    new.signature,
                    expected=expected,
                    hashes=[hashes[i] for i in vectors],
                    embed=embed if last else None,
                )
                if not stale:
                    self.embedder = new
                    self._checked_signature = True
                    return len(vectors)
            changed = self.store.get(stale)
            for record, rows in zip(changed, embed([r.text for r in changed]), strict=True):
                hashes[record.id] = record.content_hash or ""
                vectors[record.id] = rows
        raise ConflictError("the store kept changing while re-embedding: retry")  # unreachable

    def stats(self) -> StoreStats:
        """Counts, size and settings of the whole store (admin)."""
        self.require_admin("store statistics")
        return self.store.stats()

    def embed(
        self, texts: builtins.list[str], *, progress: bool = False, embedder: Embedder | None = None
    ) -> NDArray[np.float32]:
        """``texts`` embedded by this memory's embedder (or ``embedder``) as unit rows, checked
        for shape and finiteness. Texts are embedded as given (to the model's window)."""
        embedder = embedder or self.embedder
        return check_vectors(embedder.embed(texts, progress=progress), embedder.dimensions)

    def query_vector(self, query: str | None, vector: Any = None) -> NDArray[np.float32]:
        """The unit vector a search by ``query`` uses: ``vector`` checked and normalised when
        given, else the query embedded."""
        if vector is not None:
            vectors = normalize(check_vectors(vector, self.embedder.dimensions, count=1))
        else:
            self._check_signature()
            vectors = self.embed([clean_text(query if query is not None else "")])
        first: NDArray[np.float32] = vectors[0]
        return first

    def _embedded_query(self, query: str | None, share_cores: bool) -> NDArray[np.float32]:
        """The query embedded for a search, sharing the cores with its keyword lookup when
        the retriever says so (:meth:`Embedder.sharing_cores`)."""
        with self.embedder.sharing_cores() if share_cores else nullcontext():
            return self.query_vector(query)

    def backup(self, path: str | Path) -> dict[str, Any]:
        """Copy the whole store into ``path`` (a new or empty directory) as one consistent
        snapshot, while other handles and processes keep writing (admin). Returns the backup's
        ``path``, ``records`` and ``size_bytes``; ``remem restore`` puts it back in place."""
        self.require_admin("backing up the store")
        if not isinstance(self.store, Snapshots):
            raise StoreError(f"{type(self.store).__name__} cannot back itself up: use export()")
        return self.store.backup(path)

    def records(
        self, *, with_vectors: bool = False
    ) -> Iterator[tuple[MemoryRecord, NDArray[np.float32] | None]]:
        """Every memory this memory may see, oldest row first, with (when asked) its vectors as
        rows: the head vector, then any part vectors. Read from the store a batch at a time."""
        self._touches.flush(self.store)
        found = self.store.records(self._unexpired(self.grant.where()))
        while batch := builtins.list(itertools.islice(found, 1000)):
            ids = [r.id for r in batch]
            vectors = self.store.vectors(ids, parts=True) if with_vectors else {}
            yield from ((r, vectors.get(r.id)) for r in batch)

    # -- internals ---------------------------------------------------------------------------------
    def _where(
        self,
        user_id: str | None,
        agent_id: str | None,
        session_id: str | None,
        filters: Mapping[str, Any] | None,
        *,
        kind: str | None = None,
        namespace: Sequence[str] | None = None,
    ) -> Filter | None:
        """A read's filter: its scope (a user or agent outside the grant is refused), its
        namespace, its filters, and-ed with the grant's condition, which no filter can widen."""
        named = self.grant.check({"user_id": user_id, "agent_id": agent_id}, write=False)
        where = scope_filter(
            user_id,
            agent_id,
            session_id,
            filters,
            kind=kind,
            namespace=namespace,
            limits=self.limits,
        )
        return and_filters(where, self.grant.where(named))

    @staticmethod
    def _unexpired(where: Filter | None) -> Filter | None:
        """``where``, and not expired: the one place reads leave expired records out."""
        live = Logic(
            "$or", (Cond("expires_at", "$exists", False), Cond("expires_at", "$gt", now_epoch()))
        )
        return and_filters(where, live)

    def _read(self, ids: Sequence[str], where: Filter | None) -> builtins.list[MemoryRecord]:
        return self._touches.read(lambda: self.store.get(ids, where))

    def require_admin(self, what: str) -> None:
        """Raise :class:`PermissionDeniedError` unless this memory's grant is admin."""
        if not self.grant.admin:
            raise PermissionDeniedError(f"{what} needs an admin key")

    def _new_record(
        self,
        item: Mapping[str, Any],
        index: int | str,
        *,
        max_chars: int | None = None,
        what: str = "text",
    ) -> NewRecord:
        """A checked record from an item; ``index`` names it in messages (a number: "item 3",
        or a label such as "line 7"). Its text may hold ``max_chars`` characters (default: the
        limit on a memory's text)."""
        where = f"item {index}" if isinstance(index, int) else index
        unknown = set(item) - _ITEM_KEYS
        if unknown:
            raise InvalidInputError(f"{where}: unknown keys {sorted(map(str, unknown))}")
        if "text" not in item:
            raise InvalidInputError(f"{where}: missing 'text'")
        embed = item.get("embed")
        if embed is not None and not isinstance(embed, bool):
            raise InvalidInputError(f"{where}: embed must be true, false or null, got {embed!r}")
        limit = self.limits.max_text_chars if max_chars is None else max_chars
        if embed is False and max_chars is None:
            limit = self.limits.max_value_chars  # never embedded nor indexed: bytes stored
        text = clean_text(item["text"], f"{where}: ", max_chars=limit, what=what)
        kind = item.get("kind") or "message"
        if not isinstance(kind, str):
            raise InvalidInputError(f"{where}: kind must be a string")
        dedupe = item.get("dedupe")
        if dedupe is not None and not isinstance(dedupe, bool):
            raise InvalidInputError(f"{where}: dedupe must be true, false or null, got {dedupe!r}")
        expires = _expiry(item.get("expires_at"), item.get("ttl"), where)
        created = item.get("created_at")
        try:
            scope = {name: opt_str(item.get(name), name) for name in ("user_id", "agent_id")}
            scope = self.grant.check(scope, write=True)
            session = opt_str(item.get("session_id"), "session_id")
            namespace = namespace_labels(item.get("namespace"), self.limits)
            key = item.get("key")
            if key is not None and item.get("id") is not None:
                raise InvalidInputError(f"{where}: give an id or a key, not both")
            if key is None and item.get("id") is not None:
                key = _key(item["id"], "id")  # a caller's id is its name in the item's scope
            return NewRecord(
                id=(
                    new_id()
                    if key is None
                    else _key_id(_key(key), scope["user_id"], scope["agent_id"], session, namespace)
                ),
                text=text,
                kind=utf8(kind, "kind"),
                role=opt_str(item.get("role"), "role"),
                user_id=scope["user_id"],
                agent_id=scope["agent_id"],
                session_id=session,
                namespace=namespace,
                key=key,
                metadata=metadata_dict(item.get("metadata"), self.limits),
                created_at=epoch_time(created) if created is not None else now_epoch(),
                importance=importance_value(item.get("importance")),
                content_hash=content_hash(text),
                # A record under the caller's id or key is deduplicated only when it asks.
                dedupe=(
                    dedupe
                    if dedupe is not None
                    else kind not in NO_DEDUPE_KINDS and item.get("id") is None and key is None
                ),
                expires_at=expires,
            )
        except (InvalidInputError, PayloadTooLargeError) as exc:
            if str(exc).startswith(where):
                raise
            raise type(exc)(f"{where}: {exc}") from exc

    def key_id(
        self,
        key: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        namespace: Sequence[str] | None = None,
    ) -> str:
        """The id of the record named ``key`` in this scope and namespace (stored or not): what
        ``get``, ``delete`` and ``update`` take for it. A tenant's scope is filled in as for a
        write, so a scoped memory names its own records only."""
        scope = self.grant.check(
            {"user_id": opt_str(user_id, "user_id"), "agent_id": opt_str(agent_id, "agent_id")},
            write=True,
        )
        return _key_id(
            _key(key),
            scope["user_id"],
            scope["agent_id"],
            opt_str(session_id, "session_id"),
            namespace_labels(namespace, self.limits),
        )

    def _own_names(
        self,
        records: builtins.list[NewRecord],
        given: Sequence[Mapping[str, Any]],
        named: Iterable[int],
    ) -> None:
        """Settle which record each item named by an id or a key writes, within the item's own
        scope. An id that is remem's id of a record stored in the item's very scope and
        namespace names that record (a record read back and written again); any other id or
        key is a name there, under the id :meth:`_new_record` derived from it. A derived id
        held by a record of another scope (only an import of hand-made rows could put one
        there) is refused, so no write ever replaces or moves another scope's record."""
        named = builtins.list(named)
        if not named:
            return
        literal = {given[i]["id"] for i in named if isinstance(given[i].get("id"), str)}
        held = {r.id: r for r in self.store.get([*literal, *(records[i].id for i in named)])}
        for i in named:
            rec = records[i]
            own = held.get(str(given[i].get("id")))
            if own is not None and _place(own) == _place(rec):
                rec.id, rec.key = own.id, own.key
                continue
            other = held.get(rec.id)
            if other is not None and _place(other) != _place(rec):
                raise ConflictError(
                    f"item {i}: remem's id for the name {rec.key!r} is held by a record of "
                    "another scope (stored by an import of rows with chosen ids): use another name"
                )

    def _resolve(self, ids: Sequence[Any], where: Filter | None) -> dict[str, MemoryRecord]:
        """The records ``ids`` name for this memory, by id given: a record's own id, else the
        caller's id (a key) in this memory's own scope — the user and agent its grant allows
        when it allows exactly one, else none — at the namespace's root. Ids naming nothing
        visible under ``where`` (and values that are not strings) are left out."""
        users, agents = self.grant.allowed("user_id"), self.grant.allowed("agent_id")
        user = users[0] if len(users) == 1 else None
        agent = agents[0] if len(agents) == 1 else None
        given = builtins.list(dict.fromkeys(i for i in ids if isinstance(i, str)))
        names = {i: _key_id(i, user, agent, None, ()) for i in given if len(i) <= MAX_ID_CHARS}
        found = {r.id: r for r in self._read([*given, *names.values()], where)}
        resolved: dict[str, MemoryRecord] = {}
        for value in given:
            record = found.get(value) or found.get(names.get(value, ""))
            if record is not None:
                resolved[value] = record
        return resolved

    def _check_links(
        self, records: builtins.list[NewRecord], labels: Sequence[str] | None = None
    ) -> None:
        """Ids are unique in the batch (the store refuses one it already holds, with
        :class:`ConflictError`), and a record links (``parent_id``) only to a record of its own
        scope that this memory may see, in the batch or stored, and that is not itself a
        chunk (one level: a document and its chunks); a link to another tenant's record is
        refused exactly as a link to an unknown id. ``labels`` name the records in messages."""
        names = labels or [f"item {i}" for i in range(len(records))]
        batch: dict[str, NewRecord] = {}
        for index, rec in enumerate(records):
            if rec.id in batch:
                name = rec.id if rec.key is None else rec.key
                raise InvalidInputError(f"{names[index]}: id {name!r} appears twice in the batch")
            batch[rec.id] = rec
        wanted = {r.parent_id for r in records if r.parent_id is not None} - set(batch)
        stored = {r.id: r for r in self.store.get(builtins.list(wanted), self.grant.where())}
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

    def _insert(
        self,
        records: builtins.list[NewRecord],
        progress: bool | None,
        *,
        containers: frozenset[int] = frozenset(),
        labels: Sequence[str] | None = None,
        named: Iterable[int] = (),
        replace: bool = False,
    ) -> builtins.list[MemoryRecord]:
        """Embed what needs a vector, then insert all in one transaction.

        ``containers`` are indices of records stored without a vector, so never search
        candidates: a document whose chunks are its searchable parts, or a record added with
        ``embed=False``. ``named`` are indices of records whose ids the caller chose: never
        folded into a duplicate with another id. ``replace``: a record whose id is stored takes
        its place. Expired records are purged first.
        """
        if not records:
            return []
        self.store.purge_expired(now_epoch())
        self._check_links(records, labels)
        self._touches.flush(self.store)  # a duplicate is returned as stored: with its accesses
        duplicates = self.store.find_duplicates(records)
        for i in named:
            if i in duplicates and duplicates[i].id != records[i].id:
                name = labels[i] if labels else f"item {i}"
                raise ConflictError(
                    f"{name}: id {records[i].id!r} duplicates memory {duplicates[i].id!r} "
                    "stored in its scope (dedupe=False stores it under its own id)"
                )
        todo = [
            i
            for i in range(len(records))
            if i not in duplicates and i not in containers and records[i].vector is None
        ]
        if todo:
            texts = [records[i].text for i in todo]
            self._warn_if_long(texts)
            show = self.show_progress(progress) and len(todo) >= 64
            for i, rows in zip(todo, self._vectorize(texts, progress=show), strict=True):
                records[i].vector, records[i].parts = head_and_parts(rows)
        with self._lock:  # the embedder as reembed() left it: the store checks it in the write
            try:
                return self.store.insert(
                    records, signature=self.embedder.signature, replace=replace
                )
            except ConflictError as exc:  # say which key, not which id was derived from it
                taken = next((r for r in records if r.key and r.id == exc.id), None)
                if taken is None:
                    raise
                raise ConflictError(
                    f"key {taken.key!r} is already stored in its scope and namespace "
                    f"{list(taken.namespace)}: add it with upsert=True to replace it"
                ) from exc

    def _warn_if_long(self, texts: builtins.list[str]) -> None:
        if self.part_tokens:
            return  # long texts get window vectors: every part is searchable by meaning
        window = self.embedder.max_tokens
        # Characters bound tokens from above for word-piece models: count only what may be long.
        long = sum(
            1 for t in texts if len(t) > window and self.embedder.count_tokens(t) > window - 2
        )
        if long:
            warnings.warn(
                f"{long} memor{'y is' if long == 1 else 'ies are'} longer than "
                f"{self.embedder.name}'s {window}-token window: the vector covers the first "
                f"{window} tokens, keyword search covers all the text. Use add_document(), or "
                "part_tokens > 0, to make every part searchable by meaning.",
                LongTextWarning,
                stacklevel=4,
            )

    def _vectorize(
        self, texts: builtins.list[str], *, progress: bool, embedder: Embedder | None = None
    ) -> builtins.list[NDArray[np.float32]]:
        """Each text's vectors as rows: its head (the text, to the embedder's window), then,
        for a text longer than ``part_tokens``, its overlapping windows. One embedding pass."""
        embedder = embedder or self.embedder
        windows: builtins.list[str] = []
        owners: builtins.list[int] = []
        size = min(self.part_tokens, embedder.max_tokens - 2)
        if self.part_tokens:
            for index, text in enumerate(texts):
                # A word-piece token spans at least one character: short texts need no count.
                if len(text) > size and embedder.count_tokens(text) > size:
                    overlap = min(self.part_overlap, size - 1)
                    parts = chunk_text(text, embedder, size=size, overlap=overlap)
                    windows += [part.text for part in parts]
                    owners += [index] * len(parts)
        vectors = self.embed(texts + windows, progress=progress, embedder=embedder)
        rows: dict[int, builtins.list[int]] = {}
        for row, owner in enumerate(owners, start=len(texts)):
            rows.setdefault(owner, []).append(row)
        return [vectors[[i, *rows.get(i, ())]] for i in range(len(texts))]

    def _check_signature(self) -> None:
        """Refuse to search a store's vectors with another embedder's query (writes are checked
        by the store, inside each write transaction)."""
        if self._checked_signature:
            return
        recorded = self.store.signature()
        mismatch = recorded is not None and recorded != self.embedder.signature
        if mismatch and self.store.stats().vectors:
            raise EmbedderMismatchError(
                f"this store's vectors were made by {recorded}, not {self.embedder.signature}: "
                f"open it with embedder={recorded.name!r}, or re-embed it with "  # type: ignore[union-attr]
                f"`remem reembed --store {self.store.path} --embedder {self.embedder.name}`"
            )
        self._checked_signature = True

    def show_progress(self, explicit: bool | None) -> bool:
        """Whether long work shows a progress bar: ``explicit`` when given, else this memory's
        ``progress`` setting (``auto``: on a terminal, not under pytest)."""
        if explicit is not None:
            return explicit
        if self.progress == "auto":
            return sys.stderr.isatty() and "PYTEST_CURRENT_TEST" not in os.environ
        return self.progress == "on"


class _Touches:
    """Access statistics not yet written: id → (accesses, last access), one buffer shared by a
    memory and its scoped views. Reads through :meth:`read` show them at once; the store gets
    them in one transaction (:meth:`flush`) when :meth:`due`, before a write, and at close.
    A crash loses at most these."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.pending: dict[str, tuple[int, float]] = {}
        self.since = 0.0  # time.monotonic() of the oldest pending access

    def add(self, ids: Sequence[str], at: float) -> None:
        with self.lock:
            if not self.pending:
                self.since = time.monotonic()
            for item in dict.fromkeys(ids):  # one access per search, as one UPDATE ... IN made
                count = self.pending[item][0] if item in self.pending else 0
                self.pending[item] = (count + 1, at)

    def due(self) -> bool:
        pending = len(self.pending)
        return pending >= TOUCH_LIMIT or (
            pending > 0 and time.monotonic() - self.since >= TOUCH_AGE
        )

    def flush(self, store: Store, *, wait: bool = True) -> None:
        """Write the pending accesses in one transaction. Held under the lock until committed,
        so a read always sees them, in the store or here. ``wait=False`` (the search
        path) leaves them pending when another writer holds the store's write lock."""
        with self.lock:
            if self.pending and store.touch(self.pending, wait=wait):
                self.pending = {}

    def read(self, fetch: Callable[[], builtins.list[MemoryRecord]]) -> builtins.list[MemoryRecord]:
        """``fetch()``'s records, with the pending accesses added to their statistics."""
        if not self.pending:  # nothing to add (a flush in progress keeps them until committed)
            return fetch()
        with self.lock:
            records = fetch()
            pending = self.pending
            return [
                dataclasses.replace(
                    r,
                    access_count=r.access_count + pending[r.id][0],
                    last_accessed_at=from_epoch(pending[r.id][1]),
                )
                if r.id in pending
                else r
                for r in records
            ]


def _key(value: Any, what: str = "key") -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_ID_CHARS:
        raise InvalidInputError(
            f"{'an' if what == 'id' else 'a'} {what} is a non-empty string of at most "
            f"{MAX_ID_CHARS} characters, got {_shown(value)}"
        )
    return utf8(value, what)


def _exported_id(value: Any, label: str) -> str:
    """An imported row's own id, kept by an admin's import. remem's ids of keyed records
    (``key-`` and a digest) follow from their scope and key: a row claiming one without its
    key could take the id of another scope's name, so it is refused."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ID_CHARS:
        raise InvalidInputError(
            f"{label}: id must be a non-empty string of at most {MAX_ID_CHARS} characters"
        )
    if _KEY_ID.fullmatch(value):
        raise InvalidInputError(
            f"{label}: id {value!r} is remem's id of a record named by a key: give the row "
            "its key (its id follows from its scope, namespace and key)"
        )
    return utf8(value, f"{label}: id")


def _place(record: NewRecord | MemoryRecord) -> tuple[Any, ...]:
    """Where a record is filed: the scope and namespace its name is unique in."""
    return (record.user_id, record.agent_id, record.session_id, tuple(record.namespace))


def _key_id(
    key: str, user: str | None, agent: str | None, session: str | None, namespace: Namespace
) -> str:
    """A keyed record's id: a digest of its scope, namespace and key, so two scopes never
    share one, and a tenant cannot name (or probe) another's record by its key."""
    name = json.dumps([user, agent, session, list(namespace), key], ensure_ascii=False)
    return "key-" + hashlib.sha256(name.encode("utf-8")).hexdigest()


def _expiry(expires_at: Any, ttl: Any, where: str) -> float | None:
    """An item's expiry in Unix seconds, from ``expires_at`` (a time) or ``ttl`` (seconds from
    now); ``None``: it never expires."""
    if expires_at is not None and ttl is not None:
        raise InvalidInputError(f"{where}: give expires_at or ttl, not both")
    if ttl is not None:
        if isinstance(ttl, bool) or not isinstance(ttl, int | float) or not 0 < ttl < 1e10:
            raise InvalidInputError(f"{where}: ttl is a number of seconds above 0, got {ttl!r}")
        return now_epoch() + float(ttl)
    if expires_at is None:
        return None
    when = time_value(expires_at, "expires_at").timestamp()
    if when <= now_epoch():
        raise InvalidInputError(f"{where}: expires_at {expires_at!r} is not in the future")
    return when


def _expired(row: Mapping[str, Any], label: str) -> bool:
    """Whether an imported row expired before it arrived (it is skipped, as a purge would)."""
    when = row.get("expires_at")
    if when is None:
        return False
    try:
        return time_value(when, "expires_at").timestamp() <= now_epoch()
    except InvalidInputError as exc:
        raise InvalidInputError(f"{label}: {exc}") from exc


def _names_access(node: Filter | None) -> bool:
    """Whether a filter reads access statistics (then the store must hold the pending ones)."""
    if node is None:
        return False
    if isinstance(node, Cond):
        return node.field in _ACCESS_FIELDS
    return any(_names_access(part) for part in node.parts)


def _id(value: Any) -> Any:
    """An id as given, refused when it is a string that is not valid UTF-8 (any other value
    simply matches nothing)."""
    return utf8(value, "id") if isinstance(value, str) else value


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge integer"
    return text if len(text) <= 80 else text[:77] + "..."


R = TypeVar("R")
