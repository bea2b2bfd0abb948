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

import base64
import copy
import dataclasses
import json
import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from remem.core.errors import InvalidInputError, PermissionDeniedError
from remem.core.numbers import whole
from remem.core.observe import METRICS
from remem.core.timeutil import now
from remem.core.validate import clean_text, json_text, utf8
from remem.embedders import check_vectors, normalize
from remem.index.follower import IndexFollower
from remem.index.vector_index import VectorIndex
from remem.memory_types.cache_bound import (
    DEFAULT_CONFIDENCE,
    Candidate,
    Learner,
    owner_of,
)
from remem.memory_types.cache_entries import (
    CacheEntries,
    CacheEvent,
    CacheLookup,
    CacheStats,
    EntryRows,
    Shared,
    canonical,
    check_ttl,
    enveloped,
    event_of,
    opened,
    table_of,
    untrusted,
)
from remem.memory_types.cache_judge import BackgroundJudge, Judgement
from remem.memory_types.guard import compare, opposite
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
    "feedback_token",
    "from_feedback",
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
#: With ``max_error``: candidates below this cosine are not scored (no weight set gives them a
#: likeness worth learning from: 0.5 scores under 0.01 with every other feature at its best).
_LEARNED_COSINE = 0.5
#: With ``max_error``: how far below the nearest candidate's cosine another is still scored
#: (:data:`~remem.memory_types.cache_bound.WEIGHTS` give the other features less sway than
#: this much cosine).
_LEARNED_SPREAD = 0.08


class SemanticCache(CacheEntries):
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
        max_error: float | None = None,
        confidence: float = DEFAULT_CONFIDENCE,
        same_answer: Callable[[Any, Any], bool] | None = None,
        promote: bool = False,
    ) -> None:
        table_of(memory)  # a store without a cache table says so at once
        if not isinstance(name, str) or not name.strip():
            raise InvalidInputError("a cache name must be a non-empty string")
        utf8(name, "the cache name")
        if isinstance(threshold, bool) or not isinstance(threshold, int | float):
            raise InvalidInputError(f"threshold must be a number, got {threshold!r}")
        if not -1.0 <= threshold <= 1.0:
            raise InvalidInputError(
                f"threshold is a cosine similarity in [-1, 1] (higher is stricter), got {threshold}"
            )
        check_ttl(ttl)
        if capacity is not None:
            whole(capacity, "capacity (None: unbounded)", low=1)
        if isinstance(agree_margin, bool) or not isinstance(agree_margin, int | float):
            raise InvalidInputError(f"agree_margin must be a number, got {agree_margin!r}")
        if not 0.0 <= agree_margin <= 0.5:
            raise InvalidInputError(f"agree_margin is a cosine from 0 to 0.5, got {agree_margin}")
        whole(recent, "recent (a number of lookups)", low=0)
        if policy not in POLICIES:
            raise InvalidInputError(f"unknown eviction policy {policy!r}: use one of {POLICIES}")
        if promote and (verify is None or max_error is None):
            raise InvalidInputError(
                "promote=True asks verify in the background and promotes what it confirms "
                "within the learned bound: give it both verify= and max_error="
            )
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
        #: Whether the answer the application stores after a miss is the cached one's
        #: (None: the same JSON) — how a miss teaches the bound.
        self.same_answer = same_answer
        self.stats = CacheStats()
        entries = EntryRows(memory, name)
        self._shared = Shared(entries, IndexFollower(entries), events=deque(maxlen=recent))
        if max_error is not None:  # the Learner checks the bound and its confidence
            self._shared.learner = Learner(
                table_of(memory),
                name,
                max_error,
                confidence,
                same=self._same,
                verify=verify,
                guard=guard,
                later=promote,
            )
        if promote:
            assert verify is not None
            self._shared.judge = BackgroundJudge(verify, self._judged)
        self._lock = threading.RLock()

    @property
    def max_error(self) -> float | None:
        """The share of wrong answers among the hits served that the cache keeps within (None:
        the static ``threshold`` decides); see :mod:`remem.memory_types.cache_bound`."""
        learner = self._shared.learner
        return None if learner is None else learner.max_error

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
            if self._shared.learner is not None:
                result = self._learned(self._shared.learner, text, query, scope, found, index, at)
                self._shared.events.append(event_of(at, text, scope, result))
                return result
            floor = self.threshold - (self.agree_margin if self.guard else 0.0)
            for rowid, score in found:
                if score < floor:
                    if result.reason == "miss":  # else keep why a closer entry was refused
                        result = CacheLookup(False, score=score, reason="below threshold")
                    break
                entry = table_of(self.memory).entries([rowid]).get(rowid)
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
                result = self._hit(entry, score, scope, at)
                self._shared.events.append(event_of(at, text, scope, result))
                return result
            self._missed(result)
            self._shared.events.append(event_of(at, text, scope, result))
            return result

    def _hit(
        self,
        entry: dict[str, Any],
        score: float,
        scope: Scope,
        at: float,
        likeness: float | None = None,
        observation: tuple[str, str, int] | None = None,
    ) -> CacheLookup:
        """Serve ``entry`` (counted, its hit noted)."""
        self._note_hit(entry["rowid"], at)
        self.stats.hits += 1
        METRICS.count("remem_cache_lookups_total", result="hit")
        value, (taint, authors) = opened(entry["value"])
        reader = self.memory.principal if self.memory.principal else scope[0]
        return CacheLookup(
            True,
            value,
            entry["query"],
            score,
            "hit",
            entry["rowid"],
            TRUSTED if trusted_by(taint, authors, reader) else untrusted(taint, authors),
            likeness,
            observation,
        )

    def _missed(self, result: CacheLookup) -> None:
        self.stats.misses += 1
        METRICS.count("remem_cache_lookups_total", result="miss")
        if result.reason == "below threshold":
            self.stats.below_threshold += 1

    def _learned(
        self,
        learner: Learner,
        text: str,
        query: np.ndarray,
        scope: Scope,
        found: list[tuple[int, float]],
        index: VectorIndex,
        at: float,
    ) -> CacheLookup:
        """A lookup decided by the owner's learned bound (``max_error``), over the candidates
        worth scoring: close enough to the nearest that the other features could put them first
        (read in one statement), neither expired nor invalidated. The same question is its own
        answer."""
        top = found[0][1] if found else 0.0
        found = [(r, s) for r, s in found if s >= max(_LEARNED_COSINE, top - _LEARNED_SPREAD)]
        entries = table_of(self.memory).entries([rowid for rowid, _ in found])
        result, candidates = CacheLookup(False), []
        for rowid, score in found:
            entry = entries.get(rowid)
            if entry is None:  # deleted by another process
                index.remove([rowid])
                continue
            reason = self._stale(entry, scope, at)
            if reason is not None:
                result = CacheLookup(False, question=entry["query"], score=score, reason=reason)
            elif entry["query"] == text:  # the same question: its own answer
                learner.same_question(scope, at)
                return self._hit(entry, score, scope, at)
            else:
                candidates.append(Candidate(entry, score))
        decision = learner.decide(text, scope, candidates, at)
        if learner.due:
            self._flush()
        if decision.ask and decision.best is not None and self._shared.judge is not None:
            entry = decision.best.entry
            key = (*owner_of(scope), scope[2] or "", text)
            judgement = Judgement(key, scope, text, query, entry["query"], entry["value"])
            self._shared.judge.submit(judgement)
        self.stats.opposite += decision.conflict
        self.stats.rejected += decision.refused
        best = decision.best
        if best is None:
            self._missed(result)
            return result
        if decision.hit:
            return self._hit(
                best.entry, best.score, scope, at, decision.likeness, decision.observation
            )
        result = CacheLookup(
            False,
            question=best.entry["query"],
            score=best.score,
            reason=decision.reason,
            entry=best.entry["rowid"],
            likeness=decision.likeness,
        )
        self._missed(result)
        return result

    def _same(self, stored: str, cached: str) -> bool:
        """Whether an answer stored after a miss is the nearest entry's (``same_answer``;
        else the same JSON): how a miss teaches the bound."""
        (new, _), (old, _) = opened(stored), opened(cached)
        if self.same_answer is not None:
            return bool(self.same_answer(new, old))
        return canonical(new) == canonical(old)

    def _verified(self, asked: str, cached: str) -> bool:
        assert self.verify is not None
        if self.verify(asked, cached):
            return True
        self.stats.rejected += 1
        return False

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
        check_ttl(ttl)
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
        encoded = [enveloped(e, inherited) for e in encoded]
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
            rowids = self._put(scope, texts, encoded, rows, life)
            self.stats.sets += len(rowids)
            learner = self._shared.learner
            if learner is not None and learner.awaiting:
                learner.answered(scope, texts, encoded)
                if learner.due:
                    self._flush()
            return rowids

    def _judged(self, judgement: Judgement, confirmed: bool) -> None:
        """The background judge's verdict (:mod:`~remem.memory_types.cache_judge`): recorded,
        and a trusted confirmation promoted — the asked question cached with the confirmed
        neighbour's answer (its trust envelope kept), in the asker's scope."""
        learner = self._shared.learner
        assert learner is not None
        with self._lock:
            if not confirmed:
                self.stats.rejected += 1
            if learner.verdict(judgement.key, confirmed):
                self._put(
                    judgement.scope,
                    [judgement.asked],
                    [judgement.value],
                    judgement.vector[None, :],
                    self.ttl,
                )
                self.stats.promoted += 1
            if learner.due:
                self._flush()

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
        """Report that a hit served a wrong answer (counted in :attr:`stats`; with
        ``max_error``, the owner's bound learns it and the entry never again hits at that
        likeness or below). A lookup of a scope outside this memory's grant is ignored."""
        if not lookup.hit:
            return
        with self._lock:
            learner = self._shared.learner
            if lookup.observation is not None and learner is not None:
                user, agent = lookup.observation[:2]
                if not self.memory.grant.allows(
                    {"user_id": user or None, "agent_id": agent or None}
                ):
                    return
                learner.reported(lookup.observation, lookup.entry, now())
                if learner.due:
                    self._flush()
            self.stats.false_hits += 1
            events = self._shared.events
            for i in range(len(events) - 1, -1, -1):  # the newest hit of that entry, if ours
                event = events[i]
                if event.hit and event.entry == lookup.entry and not event.wrong:
                    if self.memory.grant.allows(event):
                        events[i] = dataclasses.replace(event, wrong=True)
                    break

    def bound(self, *, user_id: str | None = None, agent_id: str | None = None) -> dict[str, Any]:
        """Where an owner's (a user's, an agent's, or neither's) learned bound stands: the
        bound, the likeness a hit needs now (None: only the same question hits yet), the
        observations kept and the wrong ones among those at or above that likeness, whether
        what ``verify`` confirms is served, and the owner's lookups, hits and hits reported
        wrong over time (``history``: a point every 50 lookups, kept across restarts)."""
        scope = self._scope(user_id, agent_id, None)
        with self._lock:
            if self._shared.learner is None:
                return {"max_error": None, "threshold": self.threshold}
            return self._shared.learner.report(owner_of(scope))

    def purge_expired(self) -> int:
        """Delete expired entries now, in every scope (admin; lookups skip them anyway)."""
        if not self.memory.grant.admin:
            raise PermissionDeniedError("purging every scope's expired entries needs an admin key")
        with self._lock:
            rowids = table_of(self.memory).matching(self.name, None, expired_at=now())
            return self._drop(rowids)

    # -- internals ---------------------------------------------------------------------------------
    def _lineage(self, sources: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What an answer made from the memories ``sources`` carries (their taint and
        authors, :func:`remem.trust.lineage`); a source this memory cannot read taints it."""
        if isinstance(sources, str):
            raise InvalidInputError("sources is a list of memory ids, not one string")
        wanted = list(dict.fromkeys(sources))
        return lineage(self.memory.get_many(wanted), len(wanted)) if wanted else ((), ())

    def _check(
        self, text: str, entry: dict[str, Any], scope: Scope, at: float, *, below: bool
    ) -> str | None:
        """Why the entry may not answer ``text``, or None. ``below``: its cosine is under the
        threshold, within the margin the guard grants questions that agree."""
        stale = self._stale(entry, scope, at)
        if stale is not None:
            return stale
        if self.guard:
            verdict = compare(text, entry["query"])
            if verdict.conflict is not None:
                self.stats.opposite += 1
                return f"opposite ({verdict.conflict})"
            if below and not verdict.agree:
                return "below threshold"
        if self.verify is not None and not self._verified(text, entry["query"]):
            return "rejected"
        return None

    def _stale(self, entry: dict[str, Any], scope: Scope, at: float) -> str | None:
        """Why the entry may answer nothing any more (expired, invalidated: it is deleted), or
        None."""
        expires = entry["expires_at"]
        pending = self._shared.hits.get(entry["rowid"])
        if pending is not None and pending[2] is not None:
            expires = pending[2]
        if expires is not None and expires <= at:
            self._drop([entry["rowid"]])
            self.stats.expired += 1
            return "expired"
        if self.invalidate and table_of(self.memory).changed_since(
            scope, entry["created_at"], kinds=self.invalidate_kinds
        ):
            self._drop([entry["rowid"]])
            self.stats.invalidated += 1
            return "invalidated"
        return None

    def _vector(self, text: str, vector: Any) -> np.ndarray:
        return self.memory.query_vector(text, vector)


def feedback_token(lookup: CacheLookup) -> str | None:
    """A hit's observation as text a client can send back (REST, MCP) to report it wrong with
    :func:`from_feedback`; None for a lookup that has none (a miss, a static cache). It names
    the owner, the observation and the entry, nothing of the question or the answer."""
    if not lookup.hit or lookup.observation is None:
        return None
    user, agent, number = lookup.observation
    raw = json.dumps([user, agent, number, lookup.entry], separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii")


def from_feedback(token: str) -> CacheLookup:
    """The hit a :func:`feedback_token` stands for, for :meth:`SemanticCache.false_hit`."""
    try:
        user, agent, number, entry = json.loads(base64.urlsafe_b64decode(token.encode("ascii")))
        if not (
            isinstance(user, str)
            and isinstance(agent, str)
            and isinstance(number, int)
            and isinstance(entry, int)
        ):
            raise ValueError(token)
    except (ValueError, TypeError, UnicodeError) as exc:
        raise InvalidInputError("feedback is not one a cache lookup gave") from exc
    return CacheLookup(True, entry=entry, observation=(user, agent, number))
