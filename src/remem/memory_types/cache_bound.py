"""Hits decided so that the share of wrong answers a semantic cache serves stays within a bound.

``SemanticCache(memory, max_error=0.05)`` replaces the one global cosine threshold with a decision
learned from what the application tells the cache, per tenant:

* **A score** for (asked question, nearest cached question): :func:`likeness`, a logistic
  function of their cosine, the share of words they hold in common, their length ratio and the
  guard's verdict that they agree (a shared number, unit, date or name). Its weights
  (:data:`WEIGHTS`) were fitted once on the tuning half of MQP (``remem eval cache-replay
  --fit``); the report half never chose anything. Only the *order* it puts candidates in
  matters: how high a score must be is learned per tenant, below.
* **Labels.** Every lookup whose nearest entry is close enough to be worth asking about becomes
  an observation (score, right or wrong) once the truth is known: a hit served is right unless
  :meth:`~remem.memory_types.cache.SemanticCache.false_hit` reports it wrong; a miss is labelled
  when the application stores its own answer to the question (``set`` after the miss, as
  :meth:`~remem.memory_types.cache.SemanticCache.wrap` does): the same answer as the entry's
  means the entry would have been a right hit (``same_answer=`` compares answers otherwise:
  an LLM judge, a normaliser).
* **The threshold** (:meth:`ErrorBound.threshold`) is the lowest level of the grid
  :data:`LEVELS` at which the error among the owner's observations at or above it has a
  one-sided Wilson upper bound within ``max_error``, every level held to it at once (Bonferroni
  over the grid, at ``confidence``), and which holds observations of its own. With too few
  observations no level qualifies and nothing but the same question hits: a cold start is
  conservative. An entry once reported wrong at some score never hits again at or below it
  (its own threshold, in the spirit of vCache's per-entry ones).
* **A judge** (``verify``) is asked about candidates the bound does not allow; what it confirms
  is served once the candidates it confirmed (served or not) were wrong within the bound at
  :data:`JUDGE_CONFIDENCE`, and only noted until then.

What the bound assumes (docs/memory-types.md says the same): the lookups to come resemble those
already labelled (the stream is exchangeable: an owner whose questions change character drifts
until new labels arrive — :data:`OBSERVATIONS` keeps the newest only); every wrong hit served is
reported; and the answers the application stores are comparable (the same answer to the same
question), else ``same_answer`` decides. Under those it is a high-confidence estimate, not a
worst-case promise (a few hits, one of them wrong, err more than any bound):
``remem eval cache-replay`` measures the error served over whole streams.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist
from typing import Any

import numpy as np

from remem.core.errors import InvalidInputError
from remem.memory_types.guard import Verdict, compare
from remem.stores.tables import CacheTable, Scope
from remem.text.keywords import STOPWORDS, query_terms

__all__ = [
    "DEFAULT_CONFIDENCE",
    "JUDGE_CONFIDENCE",
    "LEVELS",
    "OBSERVATIONS",
    "WEIGHTS",
    "Candidate",
    "Decision",
    "ErrorBound",
    "Learner",
    "likeness",
    "likeness_features",
    "wilson_upper",
    "wilson_uppers",
]

#: The confidence at which every level's error bound holds at once (Bonferroni: 0.5 holds each
#: of the 35 levels at 98.6%). Chosen on MQP's tuning half: the highest recall with every
#: replayed order's error within its bound (benchmarks/RESULTS.md, 2026-12-02).
DEFAULT_CONFIDENCE = 0.5
#: Observations each tenant's bound keeps (the newest): the learned state's size and memory.
OBSERVATIONS = 4096
#: Score levels a threshold is chosen from, strictest last: a fixed grid, so the choice is one
#: of few, not the best of every observed score.
LEVELS = tuple(round(0.30 + 0.02 * i, 2) for i in range(35))  # 0.30 .. 0.98
#: How sure the cache must be that what a judge (``verify``) confirms is wrong no more often than
#: the bound before it serves what the judge confirms (one test: no Bonferroni).
JUDGE_CONFIDENCE = 0.95
#: Lookups between two points of an owner's history (hit rate and error over time), and the
#: points kept (past that, the older half is thinned to every other point).
HISTORY_EVERY = 50
HISTORY_POINTS = 200
#: Observations are recorded only for candidates scoring at least this (far ones never hit).
FLOOR = LEVELS[0]
#: :func:`likeness`'s weights: (cosine, shared words, log length ratio, the guard agrees,
#: intercept). Fitted by logistic regression on MQP's tuning half (``remem eval cache-replay
#: --fit``); see benchmarks/RESULTS.md.
WEIGHTS = (13.18, -0.7, 0.38, 0.44, -9.15)


@lru_cache(maxsize=4096)
def _words(text: str) -> frozenset[str]:
    return frozenset(t for t in query_terms(text) if t not in STOPWORDS)


def likeness_features(
    cosine: float, asked: str, cached: str, verdict: Verdict
) -> tuple[float, float, float, float]:
    """What :func:`likeness` weighs: the cosine, the share of words held in common (stopwords
    aside), the log ratio of their word counts, and whether the guard finds them agreeing."""
    a, b = _words(asked), _words(cached)
    shared = len(a & b) / len(a | b) if a or b else 1.0
    return cosine, shared, math.log((len(a) + 1) / (len(b) + 1)), float(verdict.agree)


def likeness(cosine: float, asked: str, cached: str, verdict: Verdict) -> float:
    """How likely a cached question's answer answers ``asked``, as :data:`WEIGHTS` scores it
    from :func:`likeness_features` (a conflict the guard finds: 0)."""
    if verdict.conflict is not None:
        return 0.0
    *weights, bias = WEIGHTS
    features = likeness_features(cosine, asked, cached, verdict)
    z = sum(w * f for w, f in zip(weights, features, strict=True)) + bias
    return 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))


def wilson_upper(wrong: int, total: int, confidence: float) -> float:
    """The one-sided Wilson upper bound on a rate seen as ``wrong`` of ``total`` (1 for none)."""
    return float(wilson_uppers(np.array([wrong]), np.array([total]), confidence)[0])


@lru_cache(maxsize=64)
def most_wrong(max_error: float, confidence: float) -> np.ndarray:
    """For each number of observations ``n`` up to :data:`OBSERVATIONS`, the most of them that
    may be wrong with a Wilson upper bound (at ``confidence``) within ``max_error`` (-1: none
    may). A level is held when its wrong count is at most this: the bound tested by a lookup
    in one step, the table made once per setting (a binary search over all ``n`` at once)."""
    n = np.arange(OBSERVATIONS + 1)
    low, high = np.full(n.shape, -1), n.copy()  # the answer lies in [low, high]
    while (low < high).any():
        middle = np.maximum((low + high + 1) // 2, 0)
        held = wilson_uppers(middle, n, confidence) <= max_error
        low, high = np.where(held, middle, low), np.where(held, high, middle - 1)
    low.setflags(write=False)
    return low


def wilson_uppers(wrong: np.ndarray, total: np.ndarray, confidence: float) -> np.ndarray:
    """:func:`wilson_upper` of many counts at once (1 where ``total`` is 0)."""
    z = NormalDist().inv_cdf(confidence)
    n = np.maximum(total, 1).astype(np.float64)
    p = wrong / n
    z2n = z * z / n
    spread = z * np.sqrt(p * (1 - p) / n + z2n / (4 * n))
    return np.where(total > 0, np.minimum(1.0, (p + z2n / 2 + spread) / (1 + z2n)), 1.0)


class ErrorBound:
    """One owner's learned decision: its labelled observations (score, wrong, judged), newest
    last, counted per level of :data:`LEVELS`, and each entry's highest score reported
    wrong."""

    def __init__(
        self,
        max_error: float,
        confidence: float = DEFAULT_CONFIDENCE,
        scores: Sequence[float] = (),
        wrong: Sequence[bool] = (),
        judged: Sequence[bool] | None = None,
        entry_floor: dict[int, float] | None = None,
        base: int = 0,
        history: Sequence[tuple[float, int, int, int]] = (),
    ) -> None:
        check_bound(max_error, confidence)
        self.max_error, self.confidence = float(max_error), float(confidence)
        self.scores: list[float] = []
        self.wrong: list[bool] = []
        self.judged: list[bool] = []
        self.entry_floor: dict[int, float] = dict(entry_floor or {})
        self.base = base  # the number of scores[0]
        # Observations at or above each level, and the wrong ones among them; the judged.
        self._total = np.zeros(len(LEVELS), dtype=np.int64)
        self._wrong = np.zeros(len(LEVELS), dtype=np.int64)
        self._judge = [0, 0]  # judged observations, wrong ones among them
        #: (at, lookups, hits, wrong hits) since the owner's first lookup, a point every
        #: :data:`HISTORY_EVERY` lookups (the newest point is the running count).
        self.history: list[list[float]] = [list(point) for point in history] or [[0.0, 0, 0, 0]]
        self._threshold: float | None = None
        self._stale = True
        for score, bad, by_judge in zip(
            scores, wrong, judged or [False] * len(scores), strict=True
        ):
            self._add(float(score), bool(bad), bool(by_judge))

    def __len__(self) -> int:
        return len(self.scores)

    def _count(self, score: float, wrong: bool, judged: bool, sign: int) -> None:
        reach = bisect_right(LEVELS, score)  # the levels at or below the score
        self._total[:reach] += sign
        if wrong:
            self._wrong[:reach] += sign
        if judged:
            self._judge[0] += sign
            self._judge[1] += sign * wrong
        self._stale = True

    def _add(self, score: float, wrong: bool, judged: bool) -> None:
        self.scores.append(score)
        self.wrong.append(wrong)
        self.judged.append(judged)
        self._count(score, wrong, judged, +1)
        if len(self.scores) > OBSERVATIONS:
            self._count(self.scores[0], self.wrong[0], self.judged[0], -1)
            del self.scores[0], self.wrong[0], self.judged[0]
            self.base += 1

    def observe(
        self, score: float, wrong: bool, entry: int | None = None, *, judged: bool = False
    ) -> int:
        """One labelled observation: a candidate scoring ``score`` was (or would have been) a
        ``wrong`` answer (``judged``: ``verify`` confirmed it); a wrong one also
        raises ``entry``'s own threshold above ``score``. Returns its number, for
        :meth:`relabel`."""
        self._add(float(score), bool(wrong), judged)
        if wrong and entry is not None:
            self._raise_floor(entry, score)
        return self.base + len(self.scores) - 1

    def counted(self, at: float, *, hit: bool = False, wrong_hit: bool = False) -> None:
        """Count a lookup (``hit``: served), or a hit reported wrong (``wrong_hit``)."""
        point = self.history[-1]
        point[0] = at
        if wrong_hit:
            point[3] += 1
            return
        point[1] += 1
        point[2] += hit
        if point[1] % HISTORY_EVERY == 0:
            self.history.append(list(point))
            if len(self.history) > HISTORY_POINTS:  # the older half at half the resolution
                del self.history[: HISTORY_POINTS // 2 : 2]

    def relabel(self, number: int, wrong: bool, entry: int | None = None) -> bool:
        """Correct observation ``number`` (a served hit reported wrong after the fact); False
        when it is no longer kept."""
        at = number - self.base
        if not 0 <= at < len(self.scores):
            return False
        if self.wrong[at] != wrong:
            score, judged = self.scores[at], self.judged[at]
            self._count(score, self.wrong[at], judged, -1)
            self.wrong[at] = wrong
            self._count(score, wrong, judged, +1)
        if wrong and entry is not None:
            self._raise_floor(entry, self.scores[at])
        return True

    def _raise_floor(self, entry: int, score: float) -> None:
        self.entry_floor[entry] = max(self.entry_floor.get(entry, 0.0), float(score))
        if len(self.entry_floor) > OBSERVATIONS:  # the oldest entries' floors go first
            del self.entry_floor[next(iter(self.entry_floor))]

    def threshold(self) -> float | None:
        """The lowest level of :data:`LEVELS` whose error bound is within ``max_error`` (None:
        none yet, only the same question hits)."""
        if self._stale:
            self._threshold = self._choose()
            self._stale = False
        return self._threshold

    def allows(self, score: float, entry: int | None = None) -> bool:
        """Whether a candidate scoring ``score`` may be served."""
        level = self.threshold()
        if level is None or score < level:
            return False
        return entry is None or score > self.entry_floor.get(entry, -1.0)

    def trusts_judge(self) -> bool:
        """Whether what ``verify`` confirms below the threshold may be served: once the
        candidates it confirmed (served or not: a confirmed miss is labelled by the answer
        stored after it) were wrong, at :data:`JUDGE_CONFIDENCE`, within ``max_error``."""
        total, wrong = self._judge
        return wilson_upper(wrong, total, JUDGE_CONFIDENCE) <= self.max_error

    def _choose(self) -> float | None:
        # Every level is tested, so each at the confidence that holds for all of them at once
        # (Bonferroni): the level chosen is not merely the luckiest of many.
        # A level must also hold some observations of its own (below the next level): the
        # threshold never falls below scores nothing has been learned about.
        each = 1.0 - (1.0 - self.confidence) / len(LEVELS)
        # The window holds at most OBSERVATIONS, the table's last count.
        within = self._wrong <= most_wrong(self.max_error, each)[self._total]
        own = self._total - np.append(self._total[1:], 0)
        held = within & (own > 0)
        return LEVELS[int(np.argmax(held))] if held.any() else None

    def error_seen(self) -> tuple[int, int]:
        """(wrong, total) of the observations at or above the current threshold."""
        level = self.threshold()
        if level is None:
            return 0, 0
        at = LEVELS.index(level)
        return int(self._wrong[at]), int(self._total[at])

    # -- persistence ------------------------------------------------------------------------------
    def pack(self) -> bytes:
        """The learned state as bytes (scores as float32, labels as bytes, entries' floors)."""
        n, m, h = len(self.scores), len(self.entry_floor), len(self.history)
        head = np.array([2, n, m, self.base, h], dtype="<u8").tobytes()
        body: bytes = np.asarray(self.scores, dtype="<f4").tobytes()
        body += (np.asarray(self.wrong, dtype="u1") | 2 * np.asarray(self.judged, "u1")).tobytes()
        body += np.asarray(list(self.entry_floor), dtype="<i8").tobytes()
        body += np.asarray(list(self.entry_floor.values()), dtype="<f4").tobytes()
        body += np.asarray(self.history, dtype="<f8").tobytes()
        return head + body

    @classmethod
    def unpack(cls, data: bytes, max_error: float, confidence: float) -> ErrorBound:
        """A bound from :meth:`pack`'s bytes (unreadable bytes: a fresh bound, as at a cold
        start, never an error: the state is a cache's, not a memory)."""
        try:
            version, n, m, base, h = (int(v) for v in np.frombuffer(data[:40], dtype="<u8"))
            if version != 2 or len(data) != 40 + 5 * n + 12 * m + 32 * h:
                raise ValueError(version)
            at = 40
            scores = np.frombuffer(data[at : at + 4 * n], dtype="<f4").tolist()
            at += 4 * n
            flags = data[at : at + n]
            at += n
            keys = np.frombuffer(data[at : at + 8 * m], dtype="<i8").tolist()
            at += 8 * m
            floors = np.frombuffer(data[at : at + 4 * m], dtype="<f4").tolist()
            at += 4 * m
            history = np.frombuffer(data[at:], dtype="<f8").reshape(h, 4).tolist()
        except ValueError:
            return cls(max_error, confidence)
        return cls(
            max_error,
            confidence,
            scores,
            [bool(b & 1) for b in flags],
            [bool(b & 2) for b in flags],
            dict(zip(keys, floors, strict=True)),
            base,
            [(at, int(n), int(hits), int(bad)) for at, n, hits, bad in history],
        )


def check_bound(max_error: float, confidence: float) -> None:
    for name, value, low, high in (
        ("max_error", max_error, 0.0, 0.5),
        ("confidence", confidence, 0.0, 1.0),
    ):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise InvalidInputError(f"{name} must be a number, got {value!r}")
        if not low < value < high:
            raise InvalidInputError(f"{name} must be above {low} and below {high}, got {value}")


#: Misses remembered while their answer is awaited (the oldest forgotten first).
AWAITING = 1024
#: Changes to the owners' bounds between two writes of them.
SAVE_EVERY = 64

Owner = tuple[str, str]
#: A miss awaiting its label: (user, agent, session, question), "" for none.
Key = tuple[str, str, str, str]


def owner_of(scope: Scope) -> Owner:
    """Whose learned bound a scope's lookups teach: its user and agent ("" for none); a
    session shares its user's."""
    return (scope[0] or "", scope[1] or "")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A cached entry near the question asked: the entry as :meth:`CacheTable.entries` gives
    it, and its cosine."""

    entry: dict[str, Any]
    score: float


@dataclass(frozen=True, slots=True)
class Decision:
    """What the learned bound made of a lookup's candidates: the one it liked best (None: no
    candidate), its likeness, whether it is served, why not, the observation a wrong hit's
    report corrects, and whether the guard refused it or the judge did."""

    best: Candidate | None
    likeness: float | None
    hit: bool
    reason: str
    observation: tuple[str, str, int] | None = None
    conflict: bool = False
    refused: bool = False
    #: With a background judge: the candidate is worth its verdict (queue it).
    ask: bool = False


class Learner:
    """A cache's learned decisions (``max_error``), shared by its scoped views: each owner's
    :class:`ErrorBound` (read from the store when first needed, written every
    :data:`SAVE_EVERY` changes and at a flush), the misses awaiting the application's answer,
    and the judge."""

    def __init__(
        self,
        table: CacheTable,
        name: str,
        max_error: float,
        confidence: float,
        *,
        same: Callable[[str, str], bool],
        verify: Callable[[str, str], bool] | None,
        guard: bool,
        later: bool = False,
    ) -> None:
        check_bound(max_error, confidence)
        self.table, self.name = table, name
        self.max_error, self.confidence = max_error, confidence
        self.same, self.verify, self.guard = same, verify, guard
        #: Whether ``verify`` is asked in the background (:mod:`~remem.memory_types.
        #: cache_judge`): a lookup then only says whom to ask, and :meth:`verdict` brings the
        #: answer.
        self.later = later
        self.bounds: dict[Owner, ErrorBound] = {}
        self.changed: set[Owner] = set()
        self.unsaved = 0
        #: (owner, session, question) -> (likeness, entry, its stored value, judge confirmed;
        #: None: its verdict is still to come)
        self.awaiting: OrderedDict[Key, tuple[float, int, str, bool | None]] = OrderedDict()
        #: Misses answered before the background judge's verdict on them: (likeness, entry,
        #: wrong), observed when the verdict comes.
        self.labelled: OrderedDict[Key, tuple[float, int, bool]] = OrderedDict()

    def bound(self, owner: Owner) -> ErrorBound:
        """An owner's learned bound, read from the store the first time."""
        bound = self.bounds.get(owner)
        if bound is None:
            data = self.table.bounds(self.name, owner)
            bound = (
                ErrorBound(self.max_error, self.confidence)
                if data is None
                else ErrorBound.unpack(data, self.max_error, self.confidence)
            )
            self.bounds[owner] = bound
        return bound

    def decide(
        self, text: str, scope: Scope, candidates: Sequence[Candidate], at: float
    ) -> Decision:
        """Serve the candidate liked best when the owner's bound allows its likeness, or once
        the judge is trusted and confirms it; else a miss whose answer will label it."""
        owner = owner_of(scope)
        bound = self.bound(owner)
        decision = self._decide(text, scope, candidates, owner, bound)
        bound.counted(at, hit=decision.hit)
        self._changed(owner)
        return decision

    def same_question(self, scope: Scope, at: float) -> None:
        """The question asked is cached as it is: a hit, counted, nothing to learn."""
        owner = owner_of(scope)
        self.bound(owner).counted(at, hit=True)
        self._changed(owner)

    def _decide(
        self,
        text: str,
        scope: Scope,
        candidates: Sequence[Candidate],
        owner: Owner,
        bound: ErrorBound,
    ) -> Decision:
        best: tuple[float, Candidate, Verdict] | None = None
        for candidate in candidates:
            cached = candidate.entry["query"]
            verdict = compare(text, cached) if self.guard else Verdict()
            liked = likeness(candidate.score, text, cached, verdict)
            if best is None or liked > best[0]:
                best = (liked, candidate, verdict)
        if best is None:
            return Decision(None, None, False, "miss")
        liked, candidate, verdict = best
        if verdict.conflict is not None:
            return Decision(
                candidate, liked, False, f"opposite ({verdict.conflict})", conflict=True
            )
        rowid = candidate.entry["rowid"]
        allowed = bound.allows(liked, rowid)
        ask = not allowed and self._worth_asking(candidate, liked, bound)
        confirmed = None
        if ask and not self.later:
            assert self.verify is not None
            confirmed = bool(self.verify(text, candidate.entry["query"]))
        if allowed or (confirmed and bound.trusts_judge()):
            # Right unless the application reports it wrong.
            number = bound.observe(liked, False, rowid, judged=bool(confirmed))
            return Decision(candidate, liked, True, "hit", (*owner, number))
        if liked >= FLOOR:
            pending = None if ask and self.later else bool(confirmed)
            self.awaiting[(*owner, scope[2] or "", text)] = (
                liked, rowid, candidate.entry["value"], pending,
            )  # fmt: skip
            while len(self.awaiting) > AWAITING:
                self.awaiting.popitem(last=False)
        reason = "rejected" if confirmed is False else "below threshold"
        return Decision(
            candidate, liked, False, reason, refused=confirmed is False, ask=ask and self.later
        )

    def _worth_asking(self, candidate: Candidate, liked: float, bound: ErrorBound) -> bool:
        """Whether ``verify`` is asked about a candidate the bound does not allow: one scoring
        a likeness of :data:`FLOOR` or more, above the entry's own threshold. What it confirms
        is served once the bound trusts it (:meth:`ErrorBound.trusts_judge`); until then it is
        only noted, and the answer stored after the miss says whether it was right."""
        if self.verify is None or liked < FLOOR:
            return False
        return liked > bound.entry_floor.get(candidate.entry["rowid"], -1.0)

    def verdict(self, key: Key, confirmed: bool) -> bool:
        """The background judge's verdict on the miss ``key`` names: kept for the answer that
        will label it, or, if that answer came first, observed now. Returns whether to promote
        the candidate (confirmed, the judge trusted, and the application has stored no answer
        of its own yet)."""
        owner = (key[0], key[1])
        waiting = self.awaiting.get(key)
        if waiting is not None and waiting[3] is None:
            self.awaiting[key] = (*waiting[:3], confirmed)
            return confirmed and self.bound(owner).trusts_judge()
        labelled = self.labelled.pop(key, None)
        if labelled is not None:
            liked, rowid, wrong = labelled
            self.bound(owner).observe(liked, wrong, rowid, judged=confirmed)
            self._changed(owner)
        return False

    def answered(self, scope: Scope, texts: Sequence[str], stored: Sequence[str]) -> None:
        """The application stored answers (JSON as kept) to questions: each that missed is
        labelled by whether its answer is the nearest entry's (``same``)."""
        owner = owner_of(scope)
        for text, value in zip(texts, stored, strict=True):
            key = (*owner, scope[2] or "", text)
            waiting = self.awaiting.pop(key, None)
            if waiting is None:
                continue
            liked, rowid, cached, confirmed = waiting
            wrong = not self.same(value, cached)
            if confirmed is None:  # the background judge has yet to speak
                self.labelled[key] = (liked, rowid, wrong)
                while len(self.labelled) > AWAITING:
                    self.labelled.popitem(last=False)
                continue
            self.bound(owner).observe(liked, wrong, rowid, judged=confirmed)
            self._changed(owner)

    def reported(self, observation: tuple[str, str, int], entry: int | None, at: float) -> None:
        """A hit served was wrong (the lookup's ``observation``)."""
        user, agent, number = observation
        bound = self.bound((user, agent))
        bound.relabel(number, True, entry)
        bound.counted(at, wrong_hit=True)
        self._changed((user, agent))

    def report(self, owner: Owner) -> dict[str, Any]:
        """Where an owner's bound stands (:meth:`SemanticCache.bound`)."""
        bound = self.bound(owner)
        wrong, total = bound.error_seen()
        history = [
            {
                "at": at,
                "lookups": int(n),
                "hits": int(hits),
                "wrong": int(bad),
                "hit_rate": hits / n if n else 0.0,
                "error": bad / hits if hits else 0.0,
            }
            for at, n, hits, bad in bound.history
        ]
        return {
            "max_error": self.max_error,
            "confidence": self.confidence,
            "threshold": bound.threshold(),
            "observations": len(bound),
            "wrong_above": wrong,
            "observed_above": total,
            "judge_trusted": self.verify is not None and bound.trusts_judge(),
            **{k: history[-1][k] for k in ("lookups", "hits", "wrong", "hit_rate", "error")},
            "history": history,
        }

    def forget(self, doomed: Callable[[dict[str, str | None]], bool], *, owners: bool) -> None:
        """Drop the awaited misses of the scopes ``doomed`` names (their questions) and, with
        ``owners``, the bounds held in memory of the owners it names."""

        def fields(user: str, agent: str, session: str) -> dict[str, str | None]:
            return {
                "user_id": user or None,
                "agent_id": agent or None,
                "session_id": session or None,
            }

        for waiting in (self.awaiting, self.labelled):
            for key in [k for k in waiting if doomed(fields(*k[:3]))]:
                del waiting[key]
        if owners:
            for owner in [o for o in self.bounds if doomed(fields(*o, ""))]:
                del self.bounds[owner]
                self.changed.discard(owner)

    @property
    def due(self) -> bool:
        return self.unsaved >= SAVE_EVERY

    def save(self) -> None:
        """Write the bounds that changed since the last write."""
        if self.changed:
            self.table.set_bounds(
                self.name, [(o, self.bounds[o].pack()) for o in sorted(self.changed)]
            )
            self.changed.clear()
        self.unsaved = 0

    def _changed(self, owner: Owner) -> None:
        self.changed.add(owner)
        self.unsaved += 1
