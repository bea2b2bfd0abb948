"""A semantic cache: answer a paraphrase of an earlier question without the store or the model.

``cache = remem.SemanticCache(mem)`` (or ``mem.cache()``) keeps (question → value) entries in the
store's database, each under the scope it was set in. ``cache.get(question, user_id=...)``
returns the value of an earlier question of the *same scope* that means the same, else None:

1. the nearest cached questions by cosine similarity of their embeddings (the store's embedder;
   an exact or calibrated-IVF search over that scope's entries only, so one user's answers
   never serve another);
2. a candidate is a hit when its cosine is **at least** ``threshold`` (higher is stricter; 1.0
   means the same text) and it passes the checks: not expired (``ttl``, absolute from when it
   was set; a hit extends it only with ``refresh_on_hit``), not invalidated (a memory in its
   scope was added, changed or deleted since it was set, when ``invalidate``), not an *opposite*
   of the question (the guard, :mod:`remem.memory_types.guard`: another name, number, date or
   unit in alike wording, a negation or an antonym — "Is 5 mg of melatonin safe?" vs "Is 5 g
   ...", "can I take ibuprofen" vs "can't I ..."), and ``verify(question, cached_question)``
   when given (a cross-encoder or an LLM judge). Where the guard finds the two questions agree
   (a shared number, unit, date or name, nothing in conflict), a cosine ``agree_margin`` below
   the threshold is enough.

Capacity bounds the entries per cache, evicting ``fifo`` (oldest set), ``lru`` (least recently
hit) or ``lfu`` (fewest hits). :attr:`SemanticCache.stats` counts hits, misses and what each
check rejected; an application that learns a hit was wrong reports it with
:meth:`SemanticCache.false_hit`. ``remem eval cache`` measures precision, recall and the false-hit
rate across thresholds on the medical question pairs (MQP). :meth:`SemanticCache.recent` lists the
last ``recent`` lookups of this process (question, hit or why not, score), inside the grant of
the memory that asks (the web page's cache view).
"""

from __future__ import annotations

import copy
import json
import math
import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from remem.core.errors import InvalidInputError, PermissionDeniedError
from remem.core.numbers import whole
from remem.core.observe import METRICS
from remem.core.records import Trust
from remem.core.timeutil import now
from remem.core.validate import clean_text, json_text, opt_str, utf8
from remem.embedders import check_vectors, normalize
from remem.engine.deferred import DeferredWrites
from remem.index.follower import IndexFollower
from remem.index.vector_index import VectorIndex
from remem.memory_types.guard import compare, opposite
from remem.stores.tables import CacheTable, offered
from remem.trust import TRUSTED, lineage, trusted_by

if TYPE_CHECKING:
    from remem.engine.protocol import EngineAPI
    from remem.stores.tables import Scope

__all__ = [
    "DEFAULT_THRESHOLD",
    "RECENT_LOOKUPS",
    "CacheEvent",
    "CacheLookup",
    "CacheStats",
    "SemanticCache",
    "opposite",
]

#: How far below the threshold a cached question may answer a new one that agrees with it
#: (:func:`remem.memory_types.guard.compare`: a shared number, unit, date or name, nothing in
#: conflict). Calibrated on MQP with ``remem eval cache --agree-margin``: at the default
#: threshold 0 gives recall 0.345 at precision 0.958; 0.02, 0.370 at 0.959; 0.04, 0.402 at
#: 0.956; 0.06, 0.429 at 0.946 (below 0.95).
AGREE_MARGIN = 0.04

#: Lookups each cache keeps in memory for :meth:`SemanticCache.recent` (the web page's view).
RECENT_LOOKUPS = 100

#: Cosine similarity (bundled MiniLM) at or above which a cached question answers a new one
#: (:data:`AGREE_MARGIN` lower when the guard finds they agree). On MQP's doctor-written pairs
#: (``remem eval cache``): precision 0.956, recall 0.402, false hits on 1.8% of the questions
#: that should miss; on remem's near-miss set (tests/data/cache_near_misses.csv) no false hit
#: and 39 of 40 paraphrases found. A wrong answer costs more than a miss, so the default sits
#: on the precise side; lower it for more hits.
DEFAULT_THRESHOLD = 0.86
Policy = Literal["fifo", "lru", "lfu"]
POLICIES = ("fifo", "lru", "lfu")
_CANDIDATES = 3  # nearest entries checked before giving up
_FLUSH_HITS = 64  # hit statistics are written in batches, not one fsync per hit
#: The fields of an entry its index keeps beside its vector: its scope, matched exactly (a
#: user's entry never answers a question asked without that user). The index holds one cache's
#: entries, so the cache's name needs no field.
_FIELDS = ("user_id", "agent_id", "session_id")


@dataclass(frozen=True, slots=True)
class CacheLookup:
    """What :meth:`SemanticCache.lookup` found: ``hit`` with the cached ``value``, or why not."""

    hit: bool
    value: Any = None
    question: str | None = None  # the cached question that answered
    score: float | None = None  # its cosine to the asked question
    reason: str = "miss"  # hit, miss, below threshold, expired, invalidated, opposite, rejected
    entry: int | None = None
    #: A hit's trust for the scope's user (:mod:`remem.trust`): an answer cached from memories
    #: the user does not trust (``set(..., sources=...)``) is untrusted, like its sources.
    trust: Trust | None = None


@dataclass(frozen=True, slots=True)
class CacheEvent:
    """One lookup, as :meth:`SemanticCache.recent` lists it: when, the question asked in which
    scope, whether it hit, why not (:attr:`CacheLookup.reason`), and the nearest cached
    question with its cosine."""

    at: float
    question: str
    hit: bool
    reason: str
    score: float | None
    cached: str | None
    user_id: str | None
    agent_id: str | None
    session_id: str | None


class _Entries:
    """One cache's entries as its index follows them (a
    :class:`~remem.index.follower.FollowedRows`):
    the store's change token says whether another handle wrote; (entries, largest row id) then
    tells appends elsewhere (the rows past the largest row id are read) from deletes (every row
    is read again)."""

    def __init__(self, memory: EngineAPI, name: str) -> None:
        self.memory, self.name = memory, name
        self.state = (0, 0)  # (entries, largest row id) the index holds

    def token(self) -> int:
        return self.memory.store.change_token()

    def catch_up(self, index: VectorIndex) -> bool:
        state = _table(self.memory).state(self.name)
        if state == self.state:
            return True
        if state[1] >= self.state[1] and self._read(index, self.state[1], state[0]):
            self.state = state
            return True
        return False

    def load(self) -> VectorIndex:
        state = _table(self.memory).state(self.name)
        index = VectorIndex(self.memory.embedder.dimensions, fields=_FIELDS)
        self._read(index, 0, state[0])
        self.state = state
        return index

    def added(self, rowids: Sequence[int]) -> None:
        """This handle stored these entries (and put them in the index)."""
        self.state = (self.state[0] + len(rowids), max(self.state[1], rowids[-1]))

    def removed(self, index: VectorIndex) -> None:
        """This handle deleted entries (and took them out of ``index``)."""
        self.state = (len(index), self.state[1])

    def _read(self, index: VectorIndex, after: int, expected: int) -> bool:
        """Add the entries past row ``after`` to ``index``; whether it now holds ``expected``."""
        rows = _table(self.memory).rows(self.name, after)
        if rows:
            index.append([r[0] for r in rows], [r[2][None, :] for r in rows], [r[1] for r in rows])
        return len(index) == expected


@dataclass(slots=True)
class _Shared:
    """What a cache and its scoped views share: the in-memory index of its entries (following
    the store), the hit statistics not yet written, and the recent lookups."""

    entries: _Entries
    follower: IndexFollower
    hits: DeferredWrites[int, tuple[int, float, float | None]] = field(
        default_factory=lambda: DeferredWrites(limit=_FLUSH_HITS)
    )
    events: deque[CacheEvent] = field(default_factory=deque)


@dataclass(slots=True)
class CacheStats:
    hits: int = 0
    misses: int = 0
    false_hits: int = 0  # reported by the application
    below_threshold: int = 0
    expired: int = 0
    invalidated: int = 0
    opposite: int = 0
    rejected: int = 0  # by ``verify``
    evicted: int = 0
    sets: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    @property
    def hit_rate(self) -> float:
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            name: getattr(self, name)
            for name in (
                "hits",
                "misses",
                "false_hits",
                "below_threshold",
                "expired",
                "invalidated",
                "opposite",
                "rejected",
                "evicted",
                "sets",
                "hit_rate",
            )
        }


class SemanticCache:
    """Question → value entries of one named cache in ``memory``'s store."""

    def __init__(
        self,
        memory: EngineAPI,
        *,
        name: str = "default",
        threshold: float = DEFAULT_THRESHOLD,
        ttl: float | None = None,
        refresh_on_hit: bool = False,
        capacity: int | None = None,
        policy: Policy = "lru",
        invalidate: bool = True,
        invalidate_kinds: Sequence[str] | None = None,
        guard: bool = True,
        agree_margin: float = AGREE_MARGIN,
        verify: Callable[[str, str], bool] | None = None,
        recent: int = RECENT_LOOKUPS,
    ) -> None:
        _table(memory)  # a store without a cache table says so at once
        if not isinstance(name, str) or not name.strip():
            raise InvalidInputError("a cache name must be a non-empty string")
        utf8(name, "the cache name")
        if isinstance(threshold, bool) or not isinstance(threshold, int | float):
            raise InvalidInputError(f"threshold must be a number, got {threshold!r}")
        if not -1.0 <= threshold <= 1.0:
            raise InvalidInputError(
                f"threshold is a cosine similarity in [-1, 1] (higher is stricter), got {threshold}"
            )
        _check_ttl(ttl)
        if capacity is not None:
            whole(capacity, "capacity (None: unbounded)", low=1)
        if isinstance(agree_margin, bool) or not isinstance(agree_margin, int | float):
            raise InvalidInputError(f"agree_margin must be a number, got {agree_margin!r}")
        if not 0.0 <= agree_margin <= 0.5:
            raise InvalidInputError(f"agree_margin is a cosine from 0 to 0.5, got {agree_margin}")
        whole(recent, "recent (a number of lookups)", low=0)
        if policy not in POLICIES:
            raise InvalidInputError(f"unknown eviction policy {policy!r}: use one of {POLICIES}")
        self.memory = memory
        self.name = name
        self.threshold = float(threshold)
        self.ttl = ttl
        self.refresh_on_hit = refresh_on_hit
        self.capacity = capacity
        self.policy = policy
        self.invalidate = invalidate
        #: Kinds of memory whose changes invalidate entries (None: every kind). A cache beside a
        #: ChatMemory in the same scope wants ``("fact", "document", ...)``: every chat turn is
        #: a memory too, and would otherwise clear the scope's entries.
        self.invalidate_kinds = tuple(invalidate_kinds) if invalidate_kinds is not None else None
        self.guard = guard
        #: How far below ``threshold`` a cached question may answer when the guard finds the
        #: two questions agree: they share a number, unit, date or name and nothing conflicts.
        self.agree_margin = float(agree_margin)
        self.verify = verify
        self.stats = CacheStats()
        entries = _Entries(memory, name)
        self._shared = _Shared(entries, IndexFollower(entries), events=deque(maxlen=recent))
        self._lock = threading.RLock()

    def within(self, memory: EngineAPI) -> SemanticCache:
        """This cache as seen by ``memory`` (a scoped view of the memory it belongs to): the
        same entries, index and counters, every scope checked against ``memory``'s grant."""
        view = copy.copy(self)
        view.memory = memory
        return view

    # -- the API -----------------------------------------------------------------------------------
    def get(
        self,
        question: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        vector: Any = None,
    ) -> Any:
        """The cached value for ``question`` in this scope, or None."""
        return self.lookup(
            question, user_id=user_id, agent_id=agent_id, session_id=session_id, vector=vector
        ).value

    def lookup(
        self,
        question: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        vector: Any = None,
    ) -> CacheLookup:
        """Like :meth:`get`, with the evidence: score, the cached question, the reason."""
        text = clean_text(question, max_chars=self.memory.limits.max_query_chars, what="question")
        scope = self._scope(user_id, agent_id, session_id)
        query = self._vector(text, vector)
        with self._lock:
            index = self._synced_index()
            found = self._nearest(index, query, scope)
            result = CacheLookup(False)
            at = now()
            floor = self.threshold - (self.agree_margin if self.guard else 0.0)
            for rowid, score in found:
                if score < floor:
                    if result.reason == "miss":  # else keep why a closer entry was refused
                        result = CacheLookup(False, score=score, reason="below threshold")
                    break
                entry = _table(self.memory).entries([rowid]).get(rowid)
                if entry is None:  # deleted by another process
                    index.remove([rowid])
                    continue
                reason = self._check(text, entry, scope, at, below=score < self.threshold)
                if reason is not None:
                    if result.reason == "miss" or reason != "below threshold":
                        result = CacheLookup(
                            False, question=entry["query"], score=score, reason=reason, entry=rowid
                        )
                    continue
                self._note_hit(rowid, at)
                self.stats.hits += 1
                METRICS.count("remem_cache_lookups_total", result="hit")
                value, (taint, authors) = _opened(entry["value"])
                reader = self.memory.principal if self.memory.principal else scope[0]
                result = CacheLookup(
                    True,
                    value,
                    entry["query"],
                    score,
                    "hit",
                    rowid,
                    TRUSTED if trusted_by(taint, authors, reader) else _untrusted(taint, authors),
                )
                self._shared.events.append(_event(at, text, scope, result))
                return result
            self.stats.misses += 1
            METRICS.count("remem_cache_lookups_total", result="miss")
            if result.reason == "below threshold":
                self.stats.below_threshold += 1
            self._shared.events.append(_event(at, text, scope, result))
            return result

    def set(
        self,
        question: str,
        value: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        ttl: float | None = None,
        vector: Any = None,
        sources: Sequence[str] = (),
    ) -> int:
        """Cache ``value`` (anything JSON-serialisable) for ``question`` in this scope; returns
        the entry's id. The same question cached before in this scope is replaced (LangChain's
        ``update`` and a cache refreshed from a log expect the last answer). Evicts by
        ``policy`` when the cache is full. ``sources``: the ids of the memories the answer was
        made from — it carries their taint and authors, so a lookup's ``trust`` says whether
        the scope's user trusts it (:mod:`remem.trust`)."""
        vectors = None if vector is None else np.asarray(vector, dtype=np.float32)[None, :]
        return self.set_many(
            [(question, value)],
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            ttl=ttl,
            vectors=vectors,
            sources=sources,
        )[0]

    def set_many(
        self,
        entries: Iterable[tuple[str, Any]],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        ttl: float | None = None,
        vectors: Any = None,
        sources: Sequence[str] = (),
    ) -> list[int]:
        """Cache many (question, value) pairs of one scope in one transaction (warming a cache
        from a log); ``vectors`` (one row each) skips the embedder. All or none. A question
        cached before in this scope, or given twice, keeps its last value only; returns the
        ids of the entries stored, one per distinct question, in order. ``sources``: the
        memories the answers were made from (as :meth:`set`)."""
        pairs = list(entries)
        inherited = self._lineage(sources)
        scope = self._scope(user_id, agent_id, session_id)
        _check_ttl(ttl)
        limits = self.memory.limits
        texts = [
            clean_text(q, f"entry {i}: ", max_chars=limits.max_query_chars, what="question")
            for i, (q, _) in enumerate(pairs)
        ]
        encoded = [
            json_text(
                value,
                f"entry {i}: the cached value",
                limits.max_cache_value_bytes,
                limits.max_json_depth,
            )
            for i, (_, value) in enumerate(pairs)
        ]
        if not pairs:
            return []
        encoded = [_enveloped(e, inherited) for e in encoded]
        if vectors is not None:
            dims = self.memory.embedder.dimensions
            rows = normalize(check_vectors(vectors, dims, count=len(pairs)))
        else:
            rows = self.memory.embed(texts)
        last = {text: i for i, text in enumerate(texts)}  # a question given twice: its last
        keep = sorted(last.values())
        texts, encoded, rows = [texts[i] for i in keep], [encoded[i] for i in keep], rows[keep]
        life = ttl if ttl is not None else self.ttl
        with self._lock:
            index = self._synced_index()
            self._drop(self._same_questions(index, texts, rows, scope))
            if self.capacity is not None:
                over = len(index) + len(pairs) - self.capacity
                if over > 0:
                    self._flush()
                    victims = _table(self.memory).victims(self.name, self.policy, over)
                    self._drop(victims)
                    self.stats.evicted += len(victims)
            at = now()
            rowids = _table(self.memory).put(
                self.name,
                [(scope, t, e, v) for t, e, v in zip(texts, encoded, rows, strict=True)],
                created_at=at,
                expires_at=at + life if life is not None else None,
            )
            if rowids:
                index.append(rowids, [v[None, :] for v in rows], [scope] * len(rowids))
                self._shared.entries.added(rowids)
            self.stats.sets += len(rowids)
            return rowids

    def wrap(
        self,
        function: Callable[..., Any],
        *,
        encode: Callable[[Any], Any] | None = None,
        decode: Callable[[Any], Any] | None = None,
    ) -> Callable[..., Any]:
        """``function(question, **kwargs)`` answered from the cache when it can: put it before
        the LLM (``cache.wrap(ask_llm)``) or before retrieval (``cache.wrap(lambda q, **s:
        mem.context(q, budget_tokens=500, **s).text)``). ``user_id`` / ``agent_id`` /
        ``session_id`` keywords scope the entry; ``encode`` / ``decode`` turn a result into
        JSON and back."""

        def cached(question: str, **kwargs: Any) -> Any:
            user, agent, session = (kwargs.get(k) for k in ("user_id", "agent_id", "session_id"))
            found = self.lookup(question, user_id=user, agent_id=agent, session_id=session)
            if found.hit:
                return decode(found.value) if decode else found.value
            result = function(question, **kwargs)
            value = encode(result) if encode else result
            self.set(question, value, user_id=user, agent_id=agent, session_id=session)
            return result

        cached.__wrapped__ = function  # type: ignore[attr-defined]
        return cached

    def false_hit(self, lookup: CacheLookup) -> None:
        """Report that a hit served a wrong answer (counted in :attr:`stats`)."""
        if lookup.hit:
            self.stats.false_hits += 1

    def recent(self, limit: int | None = None) -> list[CacheEvent]:
        """This process's latest lookups (at most ``recent`` are kept), newest first: only those
        asked in a scope this memory's grant may see."""
        with self._lock:
            events = list(self._shared.events)
        visible = [event for event in reversed(events) if self.memory.grant.allows(event)]
        return visible if limit is None else visible[: max(limit, 0)]

    def forget_lookups(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> int:
        """Drop this process's recent lookups (:meth:`recent`) asked in a scope (None: any
        value) that this memory's grant may see: ``Memory.forget`` calls it, as the lookups
        hold the questions asked. Returns how many went."""
        pattern = {"user_id": user_id, "agent_id": agent_id, "session_id": session_id}

        def doomed(event: CacheEvent) -> bool:
            return self.memory.grant.allows(event) and all(
                want is None or getattr(event, name) == want for name, want in pattern.items()
            )

        with self._lock:
            kept = [event for event in self._shared.events if not doomed(event)]
            gone = len(self._shared.events) - len(kept)
            self._shared.events.clear()
            self._shared.events.extend(kept)
        return gone

    def delete(self, entry: int) -> bool:
        """Delete one entry by its id; False when there is none (or none this memory's grant
        may see)."""
        with self._lock:
            found = _table(self.memory).entries([entry]).get(entry)
            if found is None or not self.memory.grant.allows(found):
                return False
            return self._drop([entry]) == 1

    def clear(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> int:
        """Delete the entries of a scope (no scope: every entry of this cache)."""
        scope = self._scope(user_id, agent_id, session_id)
        with self._lock:
            self._flush()
            rowids = _table(self.memory).matching(
                self.name, scope if any(v is not None for v in scope) else None, expired_at=None
            )
            return self._drop(rowids)

    def purge_expired(self) -> int:
        """Delete expired entries now, in every scope (admin; lookups skip them anyway)."""
        if not self.memory.grant.admin:
            raise PermissionDeniedError("purging every scope's expired entries needs an admin key")
        with self._lock:
            rowids = _table(self.memory).matching(self.name, None, expired_at=now())
            return self._drop(rowids)

    def __len__(self) -> int:
        with self._lock:
            return len(self._synced_index())

    def flush(self) -> None:
        """Write pending hit statistics (done every 64 hits, on eviction, and by close)."""
        with self._lock:
            self._flush()

    # -- internals ---------------------------------------------------------------------------------
    def _lineage(self, sources: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What an answer made from the memories ``sources`` carries (their taint and
        authors, :func:`remem.trust.lineage`); a source this memory cannot read taints it."""
        if isinstance(sources, str):
            raise InvalidInputError("sources is a list of memory ids, not one string")
        wanted = list(dict.fromkeys(sources))
        return lineage(self.memory.get_many(wanted), len(wanted)) if wanted else ((), ())

    def _scope(self, user_id: str | None, agent_id: str | None, session_id: str | None) -> Scope:
        """An entry's scope, checked against the memory's grant (a tenant's single user or
        agent is filled in; one outside the grant is refused)."""
        named = {"user_id": opt_str(user_id, "user_id"), "agent_id": opt_str(agent_id, "agent_id")}
        checked = self.memory.grant.check(named, write=True)
        return (checked["user_id"], checked["agent_id"], opt_str(session_id, "session_id"))

    def _check(
        self, text: str, entry: dict[str, Any], scope: Scope, at: float, *, below: bool
    ) -> str | None:
        """Why the entry may not answer ``text``, or None. ``below``: its cosine is under the
        threshold, within the margin the guard grants questions that agree."""
        expires = entry["expires_at"]
        pending = self._shared.hits.get(entry["rowid"])
        if pending is not None and pending[2] is not None:
            expires = pending[2]
        if expires is not None and expires <= at:
            self._drop([entry["rowid"]])
            self.stats.expired += 1
            return "expired"
        if self.invalidate and _table(self.memory).changed_since(
            scope, entry["created_at"], kinds=self.invalidate_kinds
        ):
            self._drop([entry["rowid"]])
            self.stats.invalidated += 1
            return "invalidated"
        if self.guard:
            verdict = compare(text, entry["query"])
            if verdict.conflict is not None:
                self.stats.opposite += 1
                return f"opposite ({verdict.conflict})"
            if below and not verdict.agree:
                return "below threshold"
        if self.verify is not None and not self.verify(text, entry["query"]):
            self.stats.rejected += 1
            return "rejected"
        return None

    def _note_hit(self, rowid: int, at: float) -> None:
        hits = self._shared.hits
        count, _, expires = hits.get(rowid) or (0, at, None)
        if self.refresh_on_hit and self.ttl is not None:
            expires = at + self.ttl
        hits.put(rowid, (count + 1, at, expires))
        if hits.due():
            self._flush()

    def _flush(self) -> None:
        table = _table(self.memory)
        self._shared.hits.flush(lambda hits: table.hits([(r, *h) for r, h in hits.items()]))

    def _drop(self, rowids: list[int]) -> int:
        if not rowids:
            return 0
        self._shared.hits.discard(rowids)
        gone = _table(self.memory).delete(rowids)
        index = self._shared.follower.index
        if index is not None:
            index.remove(rowids)
            self._shared.entries.removed(index)
        return gone

    def _same_questions(
        self, index: VectorIndex, texts: list[str], rows: np.ndarray, scope: Scope
    ) -> list[int]:
        """Entries of this scope holding exactly one of ``texts`` (found by their vectors: the
        same text embeds alike, so its entry is among the nearest)."""
        candidates = {
            rowid
            for row in rows
            for rowid, score in self._nearest(index, row, scope)
            if score >= 0.999
        }
        if not candidates:
            return []
        entries = _table(self.memory).entries(sorted(candidates))
        wanted = set(texts)
        return [rowid for rowid, entry in entries.items() if entry["query"] in wanted]

    def _vector(self, text: str, vector: Any) -> np.ndarray:
        return self.memory.query_vector(text, vector)

    def _nearest(
        self, index: VectorIndex, query: np.ndarray, scope: Scope
    ) -> list[tuple[int, float]]:
        if not len(index):
            return []
        wanted = {name: [value] for name, value in zip(_FIELDS, scope, strict=True)}
        rows = index.allowed_by_fields(wanted)
        if rows.size == 0:
            return []
        allowed = None if rows.size == index.rows else rows
        rowids, scores = index.search(query, _CANDIDATES, allowed)
        return list(zip(rowids.tolist(), scores.tolist(), strict=True))

    def _synced_index(self) -> VectorIndex:
        """The in-memory index of this cache's entries, caught up with other processes (our
        own writes are in it already)."""
        return self._shared.follower.synced()


#: The key of the envelope a cached value is kept in when it carries trust (its sources'
#: taint and authors); a value that is itself an object holding this key is enveloped too, so
#: reading one back is never ambiguous.
_ENVELOPE = "$remem"


def _enveloped(encoded: str, inherited: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
    """A cached value's JSON as stored: as it is, or in an envelope naming its sources' taint
    and authors (or because it holds the envelope's key itself)."""
    taint, authors = inherited
    if not taint and not authors and not (encoded.startswith("{") and _ENVELOPE in encoded):
        return encoded
    trust = {"taint": list(taint), "authors": list(authors)}
    return json.dumps({_ENVELOPE: trust, "value": json.loads(encoded)}, ensure_ascii=False)


def _opened(stored: str) -> tuple[Any, tuple[tuple[str, ...], tuple[str, ...]]]:
    """A stored value and the taint and authors its envelope names (none without one)."""
    value = json.loads(stored)
    if isinstance(value, dict) and _ENVELOPE in value:
        trust = value[_ENVELOPE] if isinstance(value[_ENVELOPE], dict) else {}
        taint = tuple(str(t) for t in trust.get("taint") or ())
        return value.get("value"), (taint, tuple(str(a) for a in trust.get("authors") or ()))
    return value, ((), ())


def _untrusted(taint: Sequence[str], authors: Sequence[str]) -> Trust:
    return Trust("untrusted", (*taint, *(("another_user",) if authors else ())))


def _event(at: float, question: str, scope: Scope, found: CacheLookup) -> CacheEvent:
    return CacheEvent(at, question, found.hit, found.reason, found.score, found.question, *scope)


def _check_ttl(ttl: float | None) -> None:
    if ttl is None:
        return
    if isinstance(ttl, bool) or not isinstance(ttl, int | float) or not math.isfinite(ttl):
        raise InvalidInputError(f"ttl must be a number of seconds, got {ttl!r}")
    if ttl <= 0:
        raise InvalidInputError(f"ttl must be positive (None: entries never expire), got {ttl}")


def _table(memory: EngineAPI) -> CacheTable:
    """The store's semantic-cache table (an optional part of the store contract): a store
    without one refuses a cache with an error that says so."""
    return offered(memory.store, CacheTable, "a semantic cache")  # type: ignore[type-abstract]
