"""The engine's writes: add (one, many, a document), update, delete, the trash, forget, import
— each inside the memory's grant and in its actor's name (:func:`~remem.engine.core.as_actor`).
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Unpack

import numpy as np
from numpy.typing import NDArray

from remem.apikeys import keys_changed
from remem.core.errors import InvalidInputError
from remem.core.filters import Cond
from remem.core.observe import observed
from remem.core.records import (
    ErasureReceipt,
    MemoryFields,
    MemoryRecord,
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
)
from remem.engine import checks, erase, imports, inserts, vectors
from remem.engine import items as item_rules
from remem.engine.core import as_actor
from remem.engine.reading import Reading
from remem.engine.tenancy import own_names, unexpired
from remem.stores.base import head_and_parts, restored
from remem.stores.tables import offered
from remem.stores.trash import Trash, TrashEntry
from remem.text.chunking import ChunkStrategy, chunk_text
from remem.trust.audit import acting
from remem.trust.provenance import rescanned

__all__ = ["Writing"]


class Writing(Reading):
    """The writes of :class:`~remem.engine.Engine` (see its documentation)."""

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

    @as_actor
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

    @as_actor
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

    @as_actor
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

    @as_actor
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

    @as_actor
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

    @as_actor
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

    @as_actor
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

    @as_actor
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
