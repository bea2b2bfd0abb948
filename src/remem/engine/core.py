"""The engine's ground floor: what every operation stands on — the store, embedder, retriever
and settings a memory and its views share (:class:`~remem.engine.state.EngineState`), the grant,
the views (:meth:`EngineCore.scoped`, :meth:`EngineCore.on_behalf_of`), closing, and the read
filters, records and queries the operations above it build (:mod:`~remem.engine.reading`,
:mod:`~remem.engine.writing`); also the store-wide work of the index and re-embedding.
"""

from __future__ import annotations

import builtins
import dataclasses
import functools
import itertools
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import nullcontext
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Self, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import (
    PermissionDeniedError,
    StoreError,
    StoreUnavailableError,
)
from remem.core.filters import Filter
from remem.core.limits import DEFAULT_LIMITS, Limits
from remem.core.observe import observed
from remem.core.records import (
    IndexState,
    MemoryRecord,
    SearchMode,
    StoreStats,
)
from remem.core.validate import (
    clean_text,
    namespace_labels,
    opt_str,
)
from remem.embedders import Embedder, get_embedder
from remem.engine import inserts, vectors
from remem.engine import items as item_rules
from remem.engine.deferred import Touches
from remem.engine.reembed import reembed as reembed_store
from remem.engine.state import EngineSettings, EngineState
from remem.engine.tenancy import read_filter, resolve, unexpired
from remem.retrieval.config import RetrievalConfig, embedder_defaults
from remem.retrieval.retriever import Query, Retriever
from remem.retrieval.timeparse import TimeRange
from remem.stores import NewRecord, RecordStore
from remem.trust import lineage
from remem.trust.access import ADMIN, Grant
from remem.trust.audit import acting
from remem.trust.provenance import current as current_derivation

__all__ = ["TOUCH_AGE", "TOUCH_LIMIT", "EngineCore", "as_actor"]

log = logging.getLogger("remem")

#: Pending access statistics are written once this many records have some, or once the oldest
#: is this many seconds old (checked at the next search), at the next write and at close.
#: Read when a memory opens.
TOUCH_LIMIT = 1000
TOUCH_AGE = 5.0


P = ParamSpec("P")
R = TypeVar("R")
E = TypeVar("E", bound="EngineCore")


def as_actor(method: Callable[Concatenate[E, P], R]) -> Callable[Concatenate[E, P], R]:
    """Run a write as this memory's actor (:attr:`EngineCore.actor`), so the audit log names who
    made it (the face's own actor when the memory has none)."""

    def run(self: E, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with acting(self.actor):
            return method(self, *args, **kwargs)

    functools.update_wrapper(run, method)  # keeps the name, docstring and signature
    return run


class EngineCore:
    """What :class:`~remem.engine.Engine`'s operations stand on; see its documentation. A
    memory acts within its ``grant``; what it and its views share is one
    :class:`~remem.engine.state.EngineState`: a view is that state plus a grant."""

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
        choose_model: bool = False,
    ) -> None:
        settings = EngineSettings(
            progress=progress,
            retrieval=retrieval,
            part_tokens=part_tokens,
            part_overlap=part_overlap,
            limits=DEFAULT_LIMITS if limits is None else limits,
            trash_days=trash_days,
        )
        touches = Touches(limit=TOUCH_LIMIT, age=TOUCH_AGE)
        #: Everything this memory shares with its scoped views.
        self.shared = EngineState(store, embedder, settings, touches, choosing=choose_model)
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
        """Default settings of every search; a call may override any field. Without settings
        given at open, the defaults with the embedder's own fusion weight
        (:attr:`Embedder.dense_weight`)."""
        given = self.shared.settings.retrieval
        return given if given is not None else embedder_defaults(self.embedder.dense_weight)

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
    def root(self) -> Self:
        """The memory that owns the store: this one, or the one a scoped view was made from."""
        return cast(Self, self._root)  # views are made by ``scoped``: of this memory's class

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

    @as_actor
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
        found = self.store.stats()
        about = self.embedder.about if found.embedder == self.embedder.name else ""
        return dataclasses.replace(found, embedder_about=about)

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
        text = clean_text(query if query is not None else "")
        first: NDArray[np.float32] = vectors.embed_queries([text], self.embedder)[0]
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
