"""A semantic cache's entries and what it reports, beside its decisions
(:mod:`remem.memory_types.cache`): what a lookup found (:class:`CacheLookup`), the lookups
listed (:class:`CacheEvent`) and counted (:class:`CacheStats`), the entries as the index follows
them (:class:`EntryRows`), what a cache and its scoped views share (:class:`Shared`), and
:class:`CacheEntries`, the base that keeps, counts, lists and drops entries inside the grant."""

from __future__ import annotations

import dataclasses
import json
import math
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.core.errors import InvalidInputError
from remem.core.records import Trust
from remem.core.timeutil import now
from remem.core.validate import opt_str
from remem.engine.deferred import DeferredWrites
from remem.index.follower import IndexFollower
from remem.index.vector_index import VectorIndex
from remem.memory_types.cache_bound import Learner
from remem.memory_types.cache_judge import BackgroundJudge
from remem.stores.tables import CacheTable, offered

if TYPE_CHECKING:
    from remem.engine.protocol import EngineAPI
    from remem.stores.tables import Scope

__all__ = [
    "CANDIDATES",
    "ENVELOPE",
    "FIELDS",
    "FLUSH_HITS",
    "CacheEntries",
    "CacheEvent",
    "CacheLookup",
    "CacheStats",
    "EntryRows",
    "Shared",
    "canonical",
    "check_ttl",
    "enveloped",
    "event_of",
    "opened",
    "table_of",
    "untrusted",
]

FLUSH_HITS = 64  # hit statistics are written in batches, not one fsync per hit
#: The fields of an entry its index keeps beside its vector: its scope, matched exactly (a
#: user's entry never answers a question asked without that user). The index holds one cache's
#: entries, so the cache's name needs no field.
FIELDS = ("user_id", "agent_id", "session_id")
CANDIDATES = 3  # nearest entries checked before giving up


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
    #: With ``max_error``: the candidate's learned score (:func:`~remem.memory_types.cache_bound.
    #: likeness`) and, for a hit, the observation :meth:`SemanticCache.false_hit` corrects.
    likeness: float | None = None
    observation: tuple[str, str, int] | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class CacheEvent:
    """One lookup, as :meth:`SemanticCache.recent` lists it: when, the question asked in which
    scope, whether it hit, why not (:attr:`CacheLookup.reason`), the nearest cached question
    with its cosine and its entry, and whether the hit was reported wrong."""

    at: float
    question: str
    hit: bool
    reason: str
    score: float | None
    cached: str | None
    user_id: str | None
    agent_id: str | None
    session_id: str | None
    entry: int | None = None
    wrong: bool = False  # reported by false_hit


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
    promoted: int = 0  # confirmed by the background judge and cached (``promote``)
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
                "promoted",
                "evicted",
                "sets",
                "hit_rate",
            )
        }


class EntryRows:
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
        state = table_of(self.memory).state(self.name)
        if state == self.state:
            return True
        if state[1] >= self.state[1] and self._read(index, self.state[1], state[0]):
            self.state = state
            return True
        return False

    def load(self) -> VectorIndex:
        state = table_of(self.memory).state(self.name)
        index = VectorIndex(self.memory.embedder.dimensions, fields=FIELDS)
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
        rows = table_of(self.memory).rows(self.name, after)
        if rows:
            index.append([r[0] for r in rows], [r[2][None, :] for r in rows], [r[1] for r in rows])
        return len(index) == expected


@dataclass(slots=True)
class Shared:
    """What a cache and its scoped views share: the in-memory index of its entries (following
    the store), the hit statistics not yet written, and the recent lookups."""

    entries: EntryRows
    follower: IndexFollower
    hits: DeferredWrites[int, tuple[int, float, float | None]] = field(
        default_factory=lambda: DeferredWrites(limit=FLUSH_HITS)
    )
    events: deque[CacheEvent] = field(default_factory=deque)
    #: With ``max_error``: the learned decisions (:class:`~remem.memory_types.cache_bound.
    #: Learner`).
    learner: Learner | None = None
    #: With ``promote``: the judge asked in the background (:class:`~remem.memory_types.
    #: cache_judge.BackgroundJudge`).
    judge: BackgroundJudge | None = None


class CacheEntries:
    """The entries of one named cache in ``memory``'s store, kept, counted, listed and dropped
    inside ``memory``'s grant: the base of :class:`~remem.memory_types.cache.SemanticCache`,
    which decides what a lookup serves."""

    memory: EngineAPI
    name: str
    policy: str
    ttl: float | None
    capacity: int | None
    refresh_on_hit: bool
    stats: CacheStats
    _shared: Shared
    _lock: threading.RLock

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
        value) that this memory's grant may see, and the misses awaiting an answer there (both
        hold the questions asked); for a user or an agent, also the learned bounds held in
        memory (the store's rows go with ``forget``). ``Memory.forget`` calls it. Returns how
        many lookups went."""
        pattern = {"user_id": user_id, "agent_id": agent_id, "session_id": session_id}

        def doomed(event: Any) -> bool:
            return self.memory.grant.allows(event) and all(
                want is None or event[name] == want for name, want in pattern.items()
            )

        with self._lock:
            shared = self._shared
            kept = [event for event in shared.events if not doomed(dataclasses.asdict(event))]
            gone = len(shared.events) - len(kept)
            shared.events.clear()
            shared.events.extend(kept)
            if shared.learner is not None:
                owners = session_id is None and (user_id is not None or agent_id is not None)
                shared.learner.forget(doomed, owners=owners)
            if shared.judge is not None:
                shared.judge.discard(lambda j: doomed(dict(zip(FIELDS, j.scope, strict=True))))
        return gone

    def delete(self, entry: int) -> bool:
        """Delete one entry by its id; False when there is none (or none this memory's grant
        may see)."""
        with self._lock:
            found = table_of(self.memory).entries([entry]).get(entry)
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
            rowids = table_of(self.memory).matching(
                self.name, scope if any(v is not None for v in scope) else None, expired_at=None
            )
            return self._drop(rowids)

    def __len__(self) -> int:
        with self._lock:
            return len(self._synced_index())

    def flush(self) -> None:
        """Write pending hit statistics (done every 64 hits, on eviction, and by close)."""
        with self._lock:
            self._flush()

    def _scope(self, user_id: str | None, agent_id: str | None, session_id: str | None) -> Scope:
        """An entry's scope, checked against the memory's grant (a tenant's single user or
        agent is filled in; one outside the grant is refused)."""
        named = {"user_id": opt_str(user_id, "user_id"), "agent_id": opt_str(agent_id, "agent_id")}
        checked = self.memory.grant.check(named, write=True)
        return (checked["user_id"], checked["agent_id"], opt_str(session_id, "session_id"))

    def _note_hit(self, rowid: int, at: float) -> None:
        hits = self._shared.hits
        count, _, expires = hits.get(rowid) or (0, at, None)
        if self.refresh_on_hit and self.ttl is not None:
            expires = at + self.ttl
        hits.put(rowid, (count + 1, at, expires))
        if hits.due():
            self._flush()

    def _flush(self) -> None:
        table = table_of(self.memory)
        self._shared.hits.flush(lambda hits: table.hits([(r, *h) for r, h in hits.items()]))
        if self._shared.learner is not None:
            self._shared.learner.save()

    def _drop(self, rowids: list[int]) -> int:
        if not rowids:
            return 0
        self._shared.hits.discard(rowids)
        gone = table_of(self.memory).delete(rowids)
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
        entries = table_of(self.memory).entries(sorted(candidates))
        wanted = set(texts)
        return [rowid for rowid, entry in entries.items() if entry["query"] in wanted]

    def _nearest(
        self, index: VectorIndex, query: np.ndarray, scope: Scope
    ) -> list[tuple[int, float]]:
        if not len(index):
            return []
        wanted = {name: [value] for name, value in zip(FIELDS, scope, strict=True)}
        rows = index.allowed_by_fields(wanted)
        if rows.size == 0:
            return []
        allowed = None if rows.size == index.rows else rows
        rowids, scores = index.search(query, CANDIDATES, allowed)
        return list(zip(rowids.tolist(), scores.tolist(), strict=True))

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until the background judge (``promote=True``) has given every verdict asked
        of it and its confirmations are promoted (at most ``timeout`` seconds; None: as long
        as it takes). Whether nothing is left waiting; True at once without one."""
        judge = self._shared.judge
        return True if judge is None else judge.settle(timeout)

    def _put(
        self,
        scope: Scope,
        texts: list[str],
        encoded: list[str],
        rows: np.ndarray,
        life: float | None,
    ) -> list[int]:
        """Store entries (checked, one per distinct question) in ``scope``, replacing the same
        questions there and evicting by ``policy`` when full (the caller holds the lock)."""
        index = self._synced_index()
        self._drop(self._same_questions(index, texts, rows, scope))
        if self.capacity is not None:
            over = len(index) + len(texts) - self.capacity
            if over > 0:
                self._flush()
                victims = table_of(self.memory).victims(self.name, self.policy, over)
                self._drop(victims)
                self.stats.evicted += len(victims)
        at = now()
        rowids = table_of(self.memory).put(
            self.name,
            [(scope, t, e, v) for t, e, v in zip(texts, encoded, rows, strict=True)],
            created_at=at,
            expires_at=at + life if life is not None else None,
        )
        if rowids:
            index.append(rowids, [v[None, :] for v in rows], [scope] * len(rowids))
            self._shared.entries.added(rowids)
        return rowids

    def _synced_index(self) -> VectorIndex:
        """The in-memory index of this cache's entries, caught up with other processes (our
        own writes are in it already)."""
        return self._shared.follower.synced()


#: The key of the envelope a cached value is kept in when it carries trust (its sources'
#: taint and authors); a value that is itself an object holding this key is enveloped too, so
#: reading one back is never ambiguous.
ENVELOPE = "$remem"


def enveloped(encoded: str, inherited: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
    """A cached value's JSON as stored: as it is, or in an envelope naming its sources' taint
    and authors (or because it holds the envelope's key itself)."""
    taint, authors = inherited
    if not taint and not authors and not (encoded.startswith("{") and ENVELOPE in encoded):
        return encoded
    trust = {"taint": list(taint), "authors": list(authors)}
    return json.dumps({ENVELOPE: trust, "value": json.loads(encoded)}, ensure_ascii=False)


def opened(stored: str) -> tuple[Any, tuple[tuple[str, ...], tuple[str, ...]]]:
    """A stored value and the taint and authors its envelope names (none without one)."""
    value = json.loads(stored)
    if isinstance(value, dict) and ENVELOPE in value:
        trust = value[ENVELOPE] if isinstance(value[ENVELOPE], dict) else {}
        taint = tuple(str(t) for t in trust.get("taint") or ())
        return value.get("value"), (taint, tuple(str(a) for a in trust.get("authors") or ()))
    return value, ((), ())


def untrusted(taint: Sequence[str], authors: Sequence[str]) -> Trust:
    return Trust("untrusted", (*taint, *(("another_user",) if authors else ())))


def event_of(at: float, question: str, scope: Scope, found: CacheLookup) -> CacheEvent:
    return CacheEvent(
        at, question, found.hit, found.reason, found.score, found.question, *scope, found.entry
    )


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def check_ttl(ttl: float | None) -> None:
    if ttl is None:
        return
    if isinstance(ttl, bool) or not isinstance(ttl, int | float) or not math.isfinite(ttl):
        raise InvalidInputError(f"ttl must be a number of seconds, got {ttl!r}")
    if ttl <= 0:
        raise InvalidInputError(f"ttl must be positive (None: entries never expire), got {ttl}")


def table_of(memory: EngineAPI) -> CacheTable:
    """The store's semantic-cache table (an optional part of the store contract): a store
    without one refuses a cache with an error that says so."""
    return offered(memory.store, CacheTable, "a semantic cache")  # type: ignore[type-abstract]
