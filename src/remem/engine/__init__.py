"""The engine: one store, one embedder and one retriever, behind every face.

:class:`Engine` holds the core operations (add, update, delete, get, list, search, context,
import of records, re-embedding) and enforces the caller's grant on each of them. Its methods
are short orchestrations over the rooms beside it, each a module that runs without a store
unless it says so: :mod:`~remem.engine.items` (an item into a checked record),
:mod:`~remem.engine.tenancy` (every read filter, and which record a caller's id names),
:mod:`~remem.engine.checks` (what one call may ask), :mod:`~remem.engine.vectors` (texts into
vectors), :mod:`~remem.engine.inserts` (the insert pipeline), :mod:`~remem.engine.imports`
(exported rows into records), :mod:`~remem.engine.reembed`, and
:mod:`~remem.engine.state` (what a memory and its scoped views share). Memory types
(:mod:`remem.memory_types`) see the engine through :class:`~remem.engine.protocol.EngineAPI`;
import/export (:mod:`remem.transfer`) and the faces use only its public names.
:class:`remem.Memory` (:mod:`remem.memory`) is the front door over it.
"""

from __future__ import annotations

import builtins
import functools
import itertools
import logging
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Self, TypeVar, Unpack

import numpy as np
from numpy.typing import NDArray

from remem.apikeys import keys_changed
from remem.core.errors import (
    InvalidInputError,
    NotFoundError,
    PermissionDeniedError,
    StoreError,
    StoreUnavailableError,
)
from remem.core.filters import Cond, Filter
from remem.core.limits import DEFAULT_LIMITS, Limits
from remem.core.observe import observed
from remem.core.records import (
    Context,
    ErasureReceipt,
    IndexState,
    MemoryFields,
    MemoryRecord,
    Namespace,
    SearchHit,
    SearchMode,
    StoreStats,
    Tags,
    TrashedMemory,
)
from remem.core.timeutil import now as now_epoch
from remem.core.validate import (
    TimeLike,
    as_item,
    clean_text,
    content_hash,
    namespace_labels,
    opt_str,
    reference_time,
)
from remem.embedders import Embedder, get_embedder
from remem.engine import checks, erase, imports, inserts, vectors
from remem.engine import items as item_rules
from remem.engine.checks import SEARCH_MODES
from remem.engine.deferred import Touches
from remem.engine.items import MAX_ID_CHARS, MAX_ROWS
from remem.engine.reembed import reembed as reembed_store
from remem.engine.state import EngineSettings, EngineState
from remem.engine.tenancy import names_access, own_names, read_filter, resolve, unexpired
from remem.retrieval.config import RetrievalConfig, RetrievalOptions
from remem.retrieval.packing import pack
from remem.retrieval.retriever import Query, Retriever
from remem.retrieval.timeparse import TimeRange, named_time
from remem.stores import NewRecord, RecordStore
from remem.stores.base import head_and_parts, noting_stale, restored
from remem.stores.tables import AuditLog, offered
from remem.stores.trash import Trash, TrashEntry
from remem.text.chunking import ChunkStrategy, chunk_text
from remem.trust import DEFAULT_POLICY, UntrustedPolicy, assess, lineage
from remem.trust.access import ADMIN, Grant
from remem.trust.audit import AuditEvent, AuditVerdict, acting, chain_of, pseudonym, verify_chains
from remem.trust.provenance import current as current_derivation
from remem.trust.provenance import rescanned

__all__ = ["MAX_ID_CHARS", "MAX_K", "MAX_ROWS", "SEARCH_MODES", "Engine"]

log = logging.getLogger("remem")

#: The default of ``Limits.max_k``: most hits one search returns.
MAX_K = DEFAULT_LIMITS.max_k
#: Pending access statistics are written once this many records have some, or once the oldest
#: is this many seconds old (checked at the next search), at the next write and at close.
#: Read when a memory opens.
TOUCH_LIMIT = 1000
TOUCH_AGE = 5.0


P = ParamSpec("P")
R = TypeVar("R")
E = TypeVar("E", bound="Engine")


def _as_actor(method: Callable[Concatenate[E, P], R]) -> Callable[Concatenate[E, P], R]:
    """Run a write as this memory's actor (:attr:`Engine.actor`), so the audit log names who
    made it (the face's own actor when the memory has none)."""

    def run(self: E, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with acting(self.actor):
            return method(self, *args, **kwargs)

    functools.update_wrapper(run, method)  # keeps the name, docstring and signature
    return run


class Engine:
    """The engine over one store: writes, reads and search, inside a grant. The memory types
    and transfer build on this API; :class:`~remem.memory.Memory` is the front door over it.

    A memory acts within its ``grant`` (admin, every record, unless made by :meth:`scoped`):
    every read and write of every method and memory type goes through it here. What a memory
    and its views share (store, embedder, retriever, pending accesses, lock, settings) is one
    :class:`~remem.engine.state.EngineState`: a view is that state plus a grant.
    """

    def __init__(
        self,
        store: RecordStore,
        embedder: Embedder,
        *,
        progress: str = "auto",
        retrieval: RetrievalConfig | None = None,
        part_tokens: int = 128,
        part_overlap: int = 32,
        grant: Grant = ADMIN,
        limits: Limits | None = None,
        trash_days: float = 30.0,
    ) -> None:
        settings = EngineSettings(
            progress=progress,
            retrieval=retrieval or RetrievalConfig(),
            part_tokens=part_tokens,
            part_overlap=part_overlap,
            limits=DEFAULT_LIMITS if limits is None else limits,
            trash_days=trash_days,
        )
        touches = Touches(limit=TOUCH_LIMIT, age=TOUCH_AGE)
        #: Everything this memory shares with its scoped views.
        self.shared = EngineState(store, embedder, settings, touches)
        #: What this memory may read and write (see :mod:`remem.trust.access`).
        self.grant = grant
        #: Who this memory's writes are made by, in the audit log (None: the face's, else
        #: ``python``): a server's view names the request's key (``rest:<key id>``).
        self.actor: str | None = None
        #: The user this memory acts for (None: the application itself): whose words its
        #: writes hold, and whose trust its reads are judged by (:mod:`remem.trust`).
        self.principal: str | None = None
        self._root = self  # the memory that owns the store; a scoped view points to it

    # -- the shared state, by name -----------------------------------------------------------------
    @property
    def store(self) -> RecordStore:
        return self.shared.store

    @store.setter
    def store(self, store: RecordStore) -> None:
        self.shared.store = store

    @property
    def embedder(self) -> Embedder:
        return self.shared.embedder

    @property
    def retriever(self) -> Retriever:
        """Runs each search's stages; reads records through this memory (pending accesses shown)."""
        return self.shared.retriever

    @property
    def retrieval(self) -> RetrievalConfig:
        """Default settings of every search; a call may override any field."""
        return self.shared.settings.retrieval

    @property
    def limits(self) -> Limits:
        """What one call may ask (text sizes, filter shapes, batch sizes): see remem.core.limits."""
        return self.shared.settings.limits

    @property
    def progress(self) -> str:
        return self.shared.settings.progress

    @property
    def part_tokens(self) -> int:
        """A text longer than this many tokens also gets vectors of its overlapping windows."""
        return self.shared.settings.part_tokens

    @property
    def part_overlap(self) -> int:
        return self.shared.settings.part_overlap

    # -- lifecycle ---------------------------------------------------------------------------------
    @property
    def root(self) -> Engine:
        """The memory that owns the store: this one, or the one a scoped view was made from."""
        return self._root

    def scoped(self, grant: Grant, *, actor: str | None = None) -> Self:
        """A view of this memory inside ``grant``: the same store, embedder, caches and settings,
        and every read (search, neighbours, context, get, list, export, chat, cache) sees only
        the records the grant allows, every write is checked against it, and an id outside it
        answers exactly as an unknown id. Closing a view leaves the store open. A grant of
        exactly one user acts for that user (:meth:`on_behalf_of`)."""
        view = object.__new__(type(self))
        view.shared, view.grant, view._root = self.shared, grant, self._root
        view.actor = self.actor if actor is None else actor
        own = grant.allowed("user_id")
        view.principal = own[0] if len(own) == 1 else self.principal
        return view

    def on_behalf_of(self, user_id: str | None) -> Self:
        """A view of this memory acting for ``user_id`` (None: the application itself): its
        writes hold that user's words, and its searches and contexts judge trust as that
        user reads (:mod:`remem.trust`). Use it where several users share a scope (an
        agent's memory, ``agent_id`` without ``user_id``), so one user's words reach
        another only as untrusted evidence. Within a tenant's grant, only a user it allows."""
        user = opt_str(user_id, "user_id")
        allowed = self.grant.allowed("user_id")
        if user is not None and allowed and user not in allowed:
            raise PermissionDeniedError(f"this key may not use user_id {user!r}")
        view = self.scoped(self.grant)
        view.principal = user
        return view

    def close(self) -> None:
        if self._root is not self:
            return  # a scoped view: the memory it came from owns the store
        try:
            self.shared.touches.flush(self.store)
        except StoreUnavailableError as exc:  # statistics are worth no failed close
            log.warning("access statistics of the last searches not written: %s", exc)
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
    @observed("add")
    def add(
        self,
        text: str,
        *,
        vector: Sequence[float] | NDArray[np.floating] | None = None,
        upsert: bool = False,
        **fields: Unpack[MemoryFields],
    ) -> MemoryRecord:
        """Store one memory and return it; ``fields`` are any keys of
        :class:`~remem.core.records.MemoryFields` (scope, ``kind``, ``role``, ``metadata``,
        ``created_at``, ``importance``, ``dedupe``, ``id``, ``embed``, ``expires_at``, ``ttl``,
        ``namespace``, ``key`` and the tags: see :meth:`add_many`).

        A text is stored whole and searchable by keyword; one longer than ``part_tokens`` also gets
        a vector per overlapping window, so all of it is searchable by meaning (with
        ``part_tokens=0`` the vector covers the embedder's window and a :class:`LongTextWarning`
        says so). :meth:`add_document` stores a long text as separately retrievable chunks.
        Exact duplicates of a stored memory in the same scope and kind return the stored record
        (``dedupe``; on by default except for kinds ``message`` and ``chunk``). ``vector`` supplies
        a precomputed embedding instead of running the embedder; ``upsert`` as in
        :meth:`add_many`.
        """
        item: dict[str, Any] = {"text": text, **fields}
        vectors = None if vector is None else np.asarray(vector, dtype=np.float32)[None, :]
        return self.add_many([item], embeddings=vectors, progress=False, upsert=upsert)[0]

    @_as_actor
    @observed("add_many")
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
        checks.batch(len(items), self.limits)
        given = [as_item(item, i) for i, item in enumerate(items)]
        inherited = self._inherited()  # read once for the batch
        records = [self._new_record(item, i, inherited=inherited) for i, item in enumerate(given)]
        plain = frozenset(i for i, item in enumerate(given) if item.get("embed") is False)
        if embeddings is not None:
            inserts.given_vectors(records, embeddings, self.embedder, plain)
        named = {
            i
            for i, item in enumerate(given)
            if item.get("id") is not None or item.get("key") is not None
        }
        own_names(records, given, named, self.store.get)
        if upsert and named:
            stored = {r.id: r for r in self.get_many([records[i].id for i in named])}
            inserts.keep_created(records, given, named, stored)
        return inserts.insert(
            self.shared,
            self.grant,
            records,
            progress,
            containers=plain,
            named=named,
            replace=upsert,
        )

    @_as_actor
    @observed("add_document")
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
        **tags: Unpack[Tags],
    ) -> MemoryRecord:
        """Store a document as its chunks and return the document record.

        The document record keeps the whole text and is not itself a search candidate; its chunks
        (kind ``chunk``) carry its scope and metadata, ``parent_id`` = the document's id and
        ``position`` 0, 1, ... Sizes are in the embedder's tokens (see :mod:`remem.text.chunking`).
        ``tags`` (:data:`remem.core.records.TAGS`) go on the document and each chunk.
        """
        base: dict[str, Any] = dict(
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            metadata=metadata,
            created_at=created_at,
            importance=importance,
            **tags,
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
        parts = item_rules.chunk_records(
            doc, chunks, base, grant=self.grant, limits=self.limits, principal=self.principal
        )
        return inserts.insert(
            self.shared, self.grant, [doc, *parts], progress, containers=frozenset({0})
        )[0]

    @_as_actor
    @observed("update")
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
        stored = self.get(id)  # another tenant's id answers as an unknown one, before any work
        id = stored.id
        change, given = item_rules.change_of(
            kind=kind,
            role=role,
            importance=importance,
            metadata=metadata,
            expires_at=expires_at,
            ttl=ttl,
            vector=vector,
            embedder=self.embedder,
            limits=self.limits,
        )
        if text is not None:
            if next(self.store.records(Cond("parent_id", "$eq", id), limit=1), None):
                raise InvalidInputError(
                    f"{id!r} is a document with chunks: delete it and add_document() the new text"
                )
            change.text = clean_text(text, max_chars=self.limits.max_text_chars)
            change.content_hash = content_hash(change.text)
            author = item_rules.author_of(self.principal, stored.role, stored.user_id)
            change.provenance = rescanned(stored.provenance, change.text, author=author)
            if given is None and self.store.vectors([id]):  # one stored without stays so
                rows = vectors.vectorize(
                    [change.text],
                    self.embedder,
                    part_tokens=self.part_tokens,
                    part_overlap=self.part_overlap,
                    progress=False,
                )
                change.vector, change.parts = head_and_parts(rows[0])
        if given is not None:
            change.vector, change.parts = given, None
        self.shared.touches.flush(self.store)
        # The embedder as reembed() left it: the store checks it in the write.
        with self.shared.lock:
            return self.store.update(id, change, signature=self.embedder.signature)

    @_as_actor
    @observed("delete")
    def delete(self, ids: str | Sequence[str], *, recoverable: bool = False) -> int:
        """Delete memories by id, or by the caller's ids as :meth:`get` takes them (a document
        takes its chunks along); returns how many went. Unknown ids, and ids outside this
        memory's grant, are passed over. ``recoverable``: to the trash instead, whole, for
        ``trash_days`` (a model's deletes through the tools and MCP always are): gone from
        every read, back with :meth:`undelete`."""
        id_list = [item_rules.checked_id(i) for i in ([ids] if isinstance(ids, str) else list(ids))]
        found = {r.id for r in self._resolve(id_list, self.grant.where()).values()}
        self.shared.touches.flush(self.store)
        if not found:
            return 0
        if not recoverable:
            return self.store.delete(builtins.list(found))
        bin_ = offered(self.store, Trash, "a recoverable delete")  # type: ignore[type-abstract]
        bin_.purge(now_epoch())
        days = self.shared.settings.trash_days
        return bin_.put(builtins.list(found), until=now_epoch() + days * 86_400)

    def trash(self, *, limit: int = 100, offset: int = 0) -> builtins.list[TrashedMemory]:
        """The memories in the trash this memory's grant allows, newest first: what a model's
        delete (or ``delete(..., recoverable=True)``) took, restorable with :meth:`undelete`
        until each one's ``kept_until``."""
        checks.listing(limit, offset, "created_at")
        offered(self.store, Trash, "the trash").purge(now_epoch())  # type: ignore[type-abstract]
        return [e.shown() for e in self._trash_entries(limit=limit, offset=offset)]

    @_as_actor
    def undelete(self, ids: str | Sequence[str]) -> builtins.list[MemoryRecord]:
        """Put memories back from the trash (with any chunks, vectors and provenance, under
        their ids), and return them. Ids not in this memory's trash are passed over; one whose
        id is stored again meanwhile raises :class:`~remem.core.errors.ConflictError`."""
        id_list = [item_rules.checked_id(i) for i in ([ids] if isinstance(ids, str) else list(ids))]
        offered(self.store, Trash, "the trash").purge(now_epoch())  # type: ignore[type-abstract]
        entries = self._trash_entries(ids=id_list, limit=len(id_list))
        if not entries:
            return []
        rows = [restored(record, vectors) for e in entries for record, vectors in e.records()]
        self.shared.touches.flush(self.store)
        with self.shared.lock, acting(doing="undelete"):
            back = self.store.insert(rows, signature=self.embedder.signature)
        bin_ = offered(self.store, Trash, "the trash")  # type: ignore[type-abstract]
        bin_.drop([e.id for e in entries])
        wanted = {e.id for e in entries}
        return [r for r in back if r.id in wanted]

    @_as_actor
    def empty_trash(self, ids: str | Sequence[str] | None = None) -> int:
        """Remove memories from the trash for good (all this memory's grant allows when
        ``ids`` is None, else these); how many. Not a tool a model is offered. ``forget``
        erases a subject's trashed memories too, with proof."""
        wanted = None
        if ids is not None:
            wanted = [
                item_rules.checked_id(i) for i in ([ids] if isinstance(ids, str) else list(ids))
            ]
        bin_ = offered(self.store, Trash, "the trash")  # type: ignore[type-abstract]
        bin_.purge(now_epoch())
        gone = 0
        while entries := self._trash_entries(ids=wanted, limit=1000):
            gone += bin_.drop([e.id for e in entries])
            if wanted is not None:
                break
        return gone

    def _trash_entries(
        self, *, ids: Sequence[str] | None = None, limit: int = 100, offset: int = 0
    ) -> builtins.list[TrashEntry]:
        """The trash's entries this memory's grant allows (another tenant's ids answer as
        unknown ones)."""
        bin_ = offered(self.store, Trash, "the trash")  # type: ignore[type-abstract]
        found = bin_.entries(
            users=self.grant.allowed("user_id"),
            agents=self.grant.allowed("agent_id"),
            ids=ids,
            limit=limit,
            offset=offset,
        )
        return [e for e in found if self.grant.allows(e)]

    @_as_actor
    @observed("forget")
    def forget(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        namespace: Sequence[str] | None = None,
        verify: bool = True,
    ) -> ErasureReceipt:
        """Erase every trace of a subject — a user, an agent, a session, a namespace (and
        those below it), or several of these together — and return a receipt.

        Gone in one transaction: the subject's memories of every kind (chat turns and
        summaries, facts with every superseded version, key-value entries, reflections,
        documents and their chunks, expired ones too), the memories derived from them in
        other scopes (a reflection citing one, a fact taken from one, a summary over one),
        their keyword-index entries and vectors, the semantic-cache entries and statistics of
        the subject's scope, its memories in the trash, and the API keys granted to that one
        user or agent. Then the store makes the deleted bytes unreadable where they were, in
        proportion to what was erased (SQLite: deleted content zeroed in place, the index
        files removed when vectors went, the write-ahead log truncated; PostgreSQL: the
        tables that lost rows vacuumed), and with ``verify`` scans everything it keeps for the
        erased ids, texts, metadata values and vectors
        (:class:`~remem.core.records.ErasureReceipt`). A scoped memory forgets within its grant
        only; a subject outside it, like one with nothing stored, gets an empty receipt, and
        costs the store nothing but the look. A tenant may ask
        ``limits.max_tenant_forgets_per_hour`` erasures an hour
        (:class:`~remem.core.errors.TooManyRequestsError` beyond). See docs/privacy.md for what
        remains elsewhere (backups, PostgreSQL's WAL)."""
        subject = erase.Subject(
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            namespace=None if namespace is None else namespace_labels(namespace, self.limits),
        )
        if not self.grant.admin:  # every erasure scans the store: a tenant's are bounded
            caller = self.actor or repr(self.grant)
            self.shared.forgets.take(caller, self.limits.max_tenant_forgets_per_hour, "forget")
        with self.shared.lock:
            receipt = erase.forget(
                self.store,
                self.grant,
                self.limits,
                subject,
                verify=verify,
                before_erase=lambda: self.shared.touches.flush(self.store),
            )
        if receipt.erased.get("api_keys"):
            keys_changed(self.store)  # the rings checking keys here read them again at once
        return receipt

    # -- the audit log -----------------------------------------------------------------------------
    def audit(self, *, limit: int = 100, id: str | None = None) -> builtins.list[AuditEvent]:
        """The audit log's latest events, newest first: each change to the store (add,
        replace, update, delete, expire, forget, import, reembed, keys created and revoked),
        who made it, when, and the records as keyed hashes — never their content
        (docs/privacy.md). A scoped memory sees its own users' and agents' events only.
        ``id``: the events of that one record."""
        checks.listing(limit, 0, "created_at")
        log = offered(self.store, AuditLog, "the audit log")  # type: ignore[type-abstract]
        key = log.key()
        chains = None
        if not self.grant.admin:
            chains = [chain_of(key, user) for user in self.grant.allowed("user_id")]
            chains += [chain_of(key, None, agent) for agent in self.grant.allowed("agent_id")]
        if id is None:
            return log.events(chains=chains, limit=limit, order="newest")
        wanted = pseudonym(key, item_rules.checked_id(id))
        found = log.events(chains=chains, order="newest")
        return [event for event in found if wanted in event.ids][:limit]

    def verify_audit(self) -> AuditVerdict:
        """Check every chain of the audit log (admin): an event changed, removed, inserted or
        reordered is found, and the first bad one named
        (:func:`remem.trust.audit.verify_chains`)."""
        self.require_admin("verifying the audit log")
        log = offered(self.store, AuditLog, "the audit log")  # type: ignore[type-abstract]
        return verify_chains(log.events(order="chain"), log.heads())

    # -- reads -------------------------------------------------------------------------------------
    @observed("get")
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

    @observed("get_many")
    def get_many(self, ids: Sequence[str]) -> builtins.list[MemoryRecord]:
        """The memories with these ids (or the callers' ids, as :meth:`get` takes them), in
        the order asked; unknown ids are left out."""
        wanted = [item_rules.checked_id(i) for i in ids]
        found = self._resolve(wanted, unexpired(self.grant.where()))
        return [found[i] for i in wanted if isinstance(i, str) and i in found]

    @observed("list")
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
        checks.listing(limit, offset, order)
        where = unexpired(
            self._where(user_id, agent_id, session_id, filters, kind=kind, namespace=namespace)
        )
        if names_access(where):
            self.shared.touches.flush(self.store)  # the store answers the filter with our accesses
        return self.shared.touches.read(
            lambda: builtins.list(
                self.store.records(where, limit=limit, offset=offset, order=order)
            )
        )

    def list_all(self, *, page: int = 1000, **criteria: Any) -> builtins.list[MemoryRecord]:
        """Every memory matching :meth:`list`'s criteria, read ``page`` at a time."""
        return checks.every_page(
            lambda limit, offset: self.list(limit=limit, offset=offset, **criteria), page
        )

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
        checks.namespaces(limit, self.limits)
        start = None if after is None else namespace_labels(after, self.limits, "after")
        where = self._where(user_id, agent_id, session_id, filters, namespace=prefix)
        return self.store.namespaces(unexpired(where), limit=limit, after=start)

    @observed("search")
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
        **options: Unpack[RetrievalOptions],
    ) -> builtins.list[SearchHit]:
        """The ``k`` memories that best match ``query`` within a scope and filters.

        ``mode``: ``hybrid`` (dense + BM25 keyword, fused), ``dense`` or ``keyword``. Every later
        stage is set by ``config`` (default: this memory's ``retrieval``) and any of its fields
        given as keywords, e.g. ``mmr_lambda=0.7``, ``recency_weight=1``, ``expand=1``,
        ``fusion="rrf"``; see :class:`~remem.retrieval.config.RetrievalConfig`.

        ``now`` is the reference time: recency is measured from it, and a time the query names
        ("last week", "in May 2023", "3 days ago") lifts the memories stored then (only when
        ``now`` is given; a prior, not a filter: ``filters`` on ``created_at`` filter).
        ``vector`` searches by a precomputed query embedding (dense only, or hybrid with
        ``query`` for the keywords). ``touch`` records the access on the hits. ``namespace``
        searches that namespace and those below it. Each hit carries ``score``, its relevance
        in [0, 1] (calibrated: the same number means the same for every query; see
        :mod:`~remem.retrieval.calibration`), and the per-stage ``scores``; ``min_score``
        drops the hits below a relevance (fewer than ``k`` then come back, maybe none).
        """
        cfg = (config or self.retrieval).with_options(**options)
        checks.search(mode=mode, k=k, query=query, min_score=min_score, limits=self.limits)
        reference = reference_time(now)
        where = self._where(user_id, agent_id, session_id, filters, namespace=namespace)
        # Neighbours (smoothing, expansion) lie in the search's scope and grant; its other
        # filters choose the hits, not the context around them. Every record is read within
        # ``near``, so an expired candidate never becomes a hit or a neighbour (the candidate
        # search itself keeps its in-memory fast path; the next write purges expired rows).
        near = unexpired(self._where(user_id, agent_id, session_id, None))
        if names_access(where):
            self.shared.touches.flush(self.store)  # the store answers the filter with our accesses
        during = named_time(query, reference) if now is not None and cfg.resolve_time else None
        with noting_stale() as read:  # a replica answered while the primary was down?
            hits = self.retriever.search(
                self._query(query, vector, mode, k, where, near, cfg, reference, during)
            )
        if min_score is not None:
            hits = [h for h in hits if h.score >= min_score]  # non-increasing: a prefix
        reader = self._reader(user_id)
        hits = [replace(h, trust=assess(h, reader), stale=read.seconds) for h in hits]
        if touch and hits:
            # Deferred: a search takes no write lock; written in one transaction when due,
            # before this memory's next write, and at close (docs/architecture.md, "Search").
            touches = self.shared.touches
            touches.add([h.id for h in hits], now_epoch())
            if touches.due():
                touches.flush(self.store, wait=False)
        return hits

    @observed("context")
    def context(
        self,
        query: str,
        *,
        budget_tokens: int,
        k: int = 10,
        order: str = "time",
        count_tokens: Callable[[str], int] | None = None,
        marked: str = "fence",
        untrusted: UntrustedPolicy | None = None,
        **search: Any,
    ) -> Context:
        """Search, then pack the best hits (with any neighbours) into ``budget_tokens``.

        Hits are taken best first while they fit; ``order="time"`` (default) lays the chosen ones
        out oldest first, ``"score"`` best first. The text opens with a line saying the memories are
        quoted data, not instructions; each memory is one line: its time, whose words it holds, and
        its text as a quoted string (invisible characters shown). A memory marked as possibly
        steering a model (:mod:`remem.trust.marks`) is fenced (``marked="fence"``, the default) or
        its text withheld (``"withhold"``). A memory its reader does not trust — a document's or
        tool's text, a model's own tool call, another user's words (:mod:`remem.trust`: by where it
        came from, never by what it says) — is shown as quoted evidence with its source in a section
        of its own (``untrusted="fence"``, the default: None), left out but for a line naming it
        (``"withhold"``), or shown with the rest (``"allow"``); over REST, None is the server's
        policy. ``count_tokens`` defaults to the embedder's tokenizer; pass the target LLM's for
        exact budgets. Other keywords go to :meth:`search`."""
        untrusted = DEFAULT_POLICY if untrusted is None else untrusted
        checks.context(budget_tokens, order, marked, untrusted)
        hits = self.search(query, k=k, **search)
        counter = count_tokens or self.embedder.count_tokens
        packed = pack(
            hits,
            budget_tokens,
            counter,
            order=order,
            marked=marked,
            untrusted=untrusted,
            reader=self._reader(search.get("user_id")),
        )
        stale = max((h.stale for h in hits if h.stale is not None), default=None)
        return packed if stale is None else replace(packed, stale=stale)

    @_as_actor
    @observed("import_records")
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
        rows, labels = imports.labelled(rows, names)
        visible = unexpired(self.grant.where())
        held = self.shared.read([row["id"] for row in rows if "id" in row], visible)
        fresh = imports.fresh(rows, labels, {r.id for r in held})
        batch = imports.ImportBatch.of(
            fresh, grant=self.grant, limits=self.limits, embedder=self.embedder
        )
        batch.without({r.id for r in self.shared.read(batch.keyed(), visible)})
        containers = batch.containers()
        with acting(doing="import"):  # the audit log records an import, not an add
            return inserts.insert(
                self.shared,
                self.grant,
                batch.records,
                progress,
                containers=containers,
                labels=batch.labels,
                bulk=True,
            )

    @_as_actor
    def reembed(self, embedder: str | Embedder, *, progress: bool | None = None) -> int:
        """Re-embed every memory with another embedder and make it this store's embedder."""
        self.require_admin("re-embedding the store")
        self.shared.touches.flush(self.store)
        new = get_embedder(embedder)
        everything = self.records(with_vectors=True)
        return reembed_store(self.shared, new, everything, progress=self.show_progress(progress))

    def index_state(self) -> IndexState:
        """Where the store's vector index stands: built, being built, wanted (admin)."""
        self.require_admin("the vector index's state")
        return self.store.index_state()

    @observed("build_index")
    def build_index(self, *, progress: bool | None = None) -> IndexState:
        """Build the store's vector index now if the store has outgrown exact search, and wait
        for it (admin). Bulk loads do this as their last step; otherwise a search that needs
        the index starts its build off the request and runs exactly meanwhile."""
        self.require_admin("building the vector index")
        inserts.build_index(self.store, self.show_progress(progress))
        return self.store.index_state()

    def stats(self) -> StoreStats:
        """Counts, size and settings of the whole store (admin)."""
        self.require_admin("store statistics")
        return self.store.stats()

    def embed(
        self, texts: builtins.list[str], *, progress: bool = False, embedder: Embedder | None = None
    ) -> NDArray[np.float32]:
        """``texts`` embedded by this memory's embedder (or ``embedder``) as unit rows, checked
        for shape and finiteness. Texts are embedded as given (to the model's window)."""
        return vectors.embed(texts, embedder or self.embedder, progress=progress)

    def query_vector(self, query: str | None, vector: Any = None) -> NDArray[np.float32]:
        """The unit vector a search by ``query`` uses: ``vector`` checked and normalised when
        given, else the query embedded."""
        if vector is not None:
            return vectors.unit_vector(vector, self.embedder.dimensions)
        if not self.shared.checked_signature:
            vectors.check_signature(self.store, self.embedder)
            self.shared.checked_signature = True
        first: NDArray[np.float32] = self.embed([clean_text(query if query is not None else "")])[0]
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
        snapshots = self.store.snapshots
        if snapshots is None:
            raise StoreError(f"{type(self.store).__name__} cannot back itself up: use export()")
        return snapshots.backup(path)

    def records(
        self, *, with_vectors: bool = False
    ) -> Iterator[tuple[MemoryRecord, NDArray[np.float32] | None]]:
        """Every memory this memory may see, oldest row first, with (when asked) its vectors as
        rows: the head vector, then any part vectors. Read from the store a batch at a time."""
        self.shared.touches.flush(self.store)
        found = self.store.records(unexpired(self.grant.where()))
        while batch := builtins.list(itertools.islice(found, 1000)):
            ids = [r.id for r in batch]
            rows = self.store.vectors(ids, parts=True) if with_vectors else {}
            yield from ((r, rows.get(r.id)) for r in batch)

    def require_admin(self, what: str) -> None:
        """Raise :class:`PermissionDeniedError` unless this memory's grant is admin."""
        if not self.grant.admin:
            raise PermissionDeniedError(f"{what} needs an admin key")

    def show_progress(self, explicit: bool | None) -> bool:
        """Whether long work shows a progress bar: ``explicit`` when given, else this memory's
        ``progress`` setting (``auto``: when stderr is a terminal)."""
        return self.shared.settings.show_progress(explicit)

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
        return item_rules.key_id(
            item_rules.checked_key(key),
            scope["user_id"],
            scope["agent_id"],
            opt_str(session_id, "session_id"),
            namespace_labels(namespace, self.limits),
        )

    # -- internals: each hands a room this memory's grant and shared state ------------------------
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
        """A read's filter inside this memory's grant (:func:`.tenancy.read_filter`)."""
        return read_filter(
            self.grant,
            self.limits,
            user_id,
            agent_id,
            session_id,
            filters,
            kind=kind,
            namespace=namespace,
        )

    def _resolve(self, ids: Sequence[Any], where: Filter | None) -> dict[str, MemoryRecord]:
        """The records ``ids`` name for this memory, visible under ``where``
        (:func:`~remem.engine.tenancy.resolve`: a record's id, or a name in its own scope)."""
        return resolve(ids, self.grant, lambda found: self.shared.read(found, where))

    def _new_record(
        self,
        item: Mapping[str, Any],
        index: int | str,
        *,
        max_chars: int | None = None,
        what: str = "text",
        inherited: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
    ) -> NewRecord:
        """A checked record from an item in this memory's grant (:func:`.items.new_record`),
        written for this memory's principal; inside :func:`remem.deriving`, it carries what
        its sources hold (read within the grant)."""
        return item_rules.new_record(
            item,
            index,
            grant=self.grant,
            limits=self.limits,
            max_chars=max_chars,
            what=what,
            principal=self.principal,
            inherited=self._inherited() if inherited is None else inherited,
        )

    def _inherited(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The taints and authors a memory derived now inherits from its sources
        (:func:`remem.trust.lineage`); none outside :func:`remem.deriving`."""
        derivation = current_derivation()
        if derivation is None or not derivation.sources:
            return (), ()
        sources = builtins.list(derivation.sources)
        return lineage(self.shared.read(sources, unexpired(self.grant.where())), len(sources))

    def _reader(self, user_id: str | None = None) -> str | None:
        """Whose trust a read is judged by: the user this memory acts for, else the user the
        read names (``user_id``), else none — the application itself (:mod:`remem.trust`)."""
        return self.principal if self.principal is not None else user_id

    def _query(
        self,
        query: str | None,
        vector: Any,
        mode: SearchMode,
        k: int,
        where: Filter | None,
        near: Filter | None,
        config: RetrievalConfig,
        now: datetime,
        during: TimeRange | None = None,
    ) -> Query:
        """The retriever's query: the text for keywords, and the vector given or the text to
        embed (embedded while the keyword search runs), and any time it names."""
        keywords = mode == "keyword" or (mode == "hybrid" and (query is not None or vector is None))
        dense = mode != "keyword"
        return Query(
            text=query,
            vector=self.query_vector(None, vector) if vector is not None and dense else None,
            embed=partial(self._embedded_query, query) if vector is None and dense else None,
            embed_text=self._embedded_query if vector is None else None,
            words=clean_text(query or "", what="query") if keywords else None,
            mode=mode,
            k=k,
            where=where,
            near=near,
            config=config,
            now=now,
            max_terms=self.limits.max_query_terms,
            during=during,
        )
