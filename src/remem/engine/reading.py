"""The engine's reads: a record by id, listings, namespaces, search and context, the audit
log — each inside the memory's grant (:class:`~remem.engine.Engine` is built from these floors).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Unpack

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import NotFoundError
from remem.core.observe import observed
from remem.core.records import (
    Context,
    MemoryRecord,
    Namespace,
    SearchHit,
    SearchMode,
)
from remem.core.timeutil import now as now_epoch
from remem.core.validate import (
    TimeLike,
    namespace_labels,
    reference_time,
)
from remem.engine import checks
from remem.engine import items as item_rules
from remem.engine.core import EngineCore
from remem.engine.tenancy import names_access, unexpired
from remem.retrieval.config import RetrievalConfig, RetrievalOptions
from remem.retrieval.packing import pack
from remem.retrieval.timeparse import named_time
from remem.stores.base import noting_stale
from remem.stores.tables import AuditLog, offered
from remem.trust import DEFAULT_POLICY, UntrustedPolicy, assess
from remem.trust.audit import AuditEvent, AuditVerdict, chain_of, pseudonym, verify_chains

__all__ = ["Reading"]


class Reading(EngineCore):
    """The reads of :class:`~remem.engine.Engine` (see its documentation)."""

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
