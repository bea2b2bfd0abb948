"""One search, stage by stage: candidates → fuse → smooth → stated preferences → named time →
speaker prior → rerank → score → diversify → cut → expand. :class:`Retriever` runs them over a
store with batched reads (a handful of store calls per search, whatever ``k``); each stage is a
small function in a module of its own (:mod:`~remem.retrieval.fusion`,
:mod:`~remem.retrieval.neighbours`, :mod:`~remem.retrieval.preferences`,
:mod:`~remem.retrieval.during`,
:mod:`~remem.retrieval.speakers`, :mod:`~remem.retrieval.rerank`,
:mod:`~remem.retrieval.scoring`, :mod:`~remem.retrieval.diversity`), and runs only when its
setting turns it on.

Each stage leaves its numbers in the hit's ``scores``, so ``explain`` can show why a memory
ranked where it did:

- ``fused``: the hybrid fusion score (see :mod:`remem.retrieval.fusion`);
- ``neighbors``: what neighbour smoothing added (adjacent turns or chunks that also matched);
- ``preference``: what the stated-preference prior added (the memory states a preference and
  the query asks for a recommendation, :mod:`~remem.retrieval.preferences`);
- ``time``: what the named time's prior added (the query names a time, "a week ago", and the
  memory was stored in it or just after it, :mod:`~remem.retrieval.during`);
- ``speaker``: what the speaker prior added (the query names who said it, or asks what the
  assistant or the user said, :mod:`~remem.retrieval.speakers`);
- ``rerank``: the reranker's score, when a reranker is set;
- ``rescaled``: the ranking score rescaled to [0, 1] over the candidates, and
  ``recency``, ``importance``: Generative Agents' signals in [0, 1], when their weights are on;
- ``final``: ``w_rel · rescaled + w_rec · recency + w_imp · importance``, when that is used;
- ``mmr``: the marginal relevance at which MMR picked the hit;
- ``keyword_share``: the hit's BM25 as a share of the best keyword match;
- ``relevance``: the probability that the hit is relevant, from its signals
  (:mod:`~remem.retrieval.calibration`).

The hit's ``score`` is its relevance, made non-increasing down the ranking: a number in [0, 1]
that means the same for every query, which ``min_score`` cuts at.
"""

from __future__ import annotations

import contextvars
import os
import threading
import time
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from remem.core.filters import Filter, and_filters
from remem.core.observe import stage
from remem.core.records import MemoryRecord, SearchHit, SearchMode
from remem.rerankers import Reranker, get_reranker
from remem.retrieval.calibration import calibrated, non_increasing
from remem.retrieval.candidates import Candidate, to_hits
from remem.retrieval.config import RetrievalConfig
from remem.retrieval.diversity import diversify
from remem.retrieval.during import TIME_DEPTH, prefer_time, time_window
from remem.retrieval.fusion import fuse
from remem.retrieval.neighbours import expand, neighbour_boosts, smooth, walk
from remem.retrieval.preferences import (
    PREFERENCE_DEPTH,
    STATED,
    merged,
    prefer_stated,
    wants_preferences,
)
from remem.retrieval.rerank import rerank
from remem.retrieval.scoring import score
from remem.retrieval.speakers import named_speaker, prefer_speaker, without_speaker
from remem.retrieval.timeparse import TimeRange
from remem.stores.base import RecordStore

__all__ = ["Query", "Retriever"]

#: Reads records by id within a condition (the engine's reads, which show accesses not yet
#: written to the store).
Read = Callable[[Sequence[str], Filter | None], list[MemoryRecord]]
Rankings = dict[str, list[tuple[str, float]]]
#: Where :meth:`Retriever.candidates` leaves the ids of stated preferences among them, and of
#: the memories stored in the time the query names (and after it).
_STATED = "stated"
_DURING = "during"
_T = TypeVar("_T")


def relevance(candidates: list[Candidate], rankings: Rankings, mode: SearchMode) -> list[Candidate]:
    """Each hit's ``score`` becomes its calibrated relevance in [0, 1]
    (:mod:`~remem.retrieval.calibration`), non-increasing down the ranking; the raw ranking
    scores stay in ``scores``."""
    keyword = rankings.get("keyword")
    best = keyword[0][1] if keyword else 0.0
    if mode == "hybrid" and not keyword:
        mode = "dense"  # no memory shares a word with the query: the dense signal alone
    values = []
    for c in candidates:
        if "keyword" in c.scores and best > 0:
            c.scores["keyword_share"] = max(0.0, c.scores["keyword"]) / best
        c.scores["relevance"] = calibrated(c.scores, mode)
        values.append(c.scores["relevance"])
    for c, value in zip(candidates, non_increasing(values), strict=True):
        c.score = value
    return candidates


def _timed(call: Callable[..., _T], *args: object, **kwargs: object) -> tuple[_T, float]:
    """``call``'s result and the milliseconds it took."""
    started = time.perf_counter()
    result = call(*args, **kwargs)
    return result, (time.perf_counter() - started) * 1000


@dataclass(frozen=True, slots=True)
class Query:
    """One search, checked and resolved by the engine: what the retriever needs, no more."""

    #: The query as given, for the reranker (``None``: none given).
    text: str | None
    #: The query embedding for dense search (``None``: no dense signal).
    vector: NDArray[np.float32] | None
    #: The cleaned words for keyword search (``None``: no keyword signal).
    words: str | None
    #: ``hybrid`` fuses the signals it has; ``dense`` or ``keyword`` ranks by that one.
    mode: SearchMode
    k: int
    #: Chooses the candidates: scope, filters and grant.
    where: Filter | None
    #: Bounds every record read around them (neighbours): scope and grant only.
    near: Filter | None
    config: RetrievalConfig
    #: The reference time for recency.
    now: datetime
    #: At most this many distinct words reach the keyword index.
    max_terms: int | None = None
    #: The time the query names ("last week"), read against ``now``: a prior, not a filter
    #: (:mod:`~remem.retrieval.during`).
    during: TimeRange | None = None
    #: Computes ``vector`` when it is not given yet (the query's embedding): the keyword
    #: search then runs while the query is embedded. Called with ``True`` when the embedding
    #: should share the cores with it (:meth:`Embedder.sharing_cores`).
    embed: Callable[[bool], NDArray[np.float32]] | None = None
    #: Embeds another text the same way (``embed`` is this applied to ``text``): a search
    #: that names a speaker searches again without the name.
    embed_text: Callable[[str, bool], NDArray[np.float32]] | None = None


class Retriever:
    """Runs the stages of a search over one store; one per store, shared by scoped views (its
    rerankers load once). It only reads: access statistics are the engine's to record."""

    def __init__(self, store: RecordStore, read: Read) -> None:
        self.store = store
        self.read = read
        self._rerankers: dict[str, Reranker] = {}
        self._worker: ThreadPoolExecutor | None = None
        self._worker_pid = 0
        self._worker_lock = threading.Lock()
        # Moving averages (ms) of the keyword search and the query's embedding that ran
        # together: when the keyword search is the longer, the embedding shares the cores.
        self._keyword_ms = 0.0
        self._embed_ms = 0.0

    def close(self) -> None:
        """Stop the keyword worker threads, if any started."""
        with self._worker_lock:
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown(wait=True)

    def search(self, query: Query) -> list[SearchHit]:
        """The hits for ``query``. When it names one speaker of its best candidates ("What did
        Caroline research?"), the rest of it is searched for again ("What did research?") with
        that speaker's memories preferred (:mod:`~remem.retrieval.speakers`): the name would
        otherwise match every memory that mentions or is said by that person."""
        cfg, k = query.config, query.k
        candidates, rankings = self._ranked(query)
        if cfg.speaker_weight > 0 and query.text:
            speaker = named_speaker(query.text, candidates[: k + 10])
            focused = self._without(query, speaker) if speaker is not None else None
            if focused is not None:
                candidates, rankings = self._ranked(focused, speaker)
        hits = to_hits(relevance(candidates[:k], rankings, query.mode))
        if cfg.expand > 0:
            hits = expand(hits, self.neighbours(hits, cfg.expand, query.near))
        return hits

    def _ranked(self, query: Query, speaker: str | None = None) -> tuple[list[Candidate], Rankings]:
        """The candidates, best first, through every stage before the cut, and each signal's
        rankings."""
        cfg, k = query.config, query.k
        hybrid = query.mode == "hybrid"
        depth = max(k, cfg.candidates) if hybrid or cfg.reorders else k
        rankings = self.candidates(query, depth)
        stated = {item for item, _ in rankings.pop(_STATED, [])}
        dated = {item for item, _ in rankings.pop(_DURING, [])}
        if hybrid:
            with stage("fusion"):
                fused = fuse(
                    rankings,
                    cfg.fusion,
                    dense_weight=cfg.dense_weight,
                    keyword_min_spread=cfg.keyword_min_spread,
                )
        else:
            fused = rankings[query.mode]
        if cfg.reorders and not cfg.needs_records:
            # Smoothing alone reorders by ids and scores: read only the records that can
            # still make the top k (a few spare, for any deleted meanwhile), and the stated
            # preferences and memories of the named time that the priors may lift into it.
            adjacent = self.store.adjacent([i for i, _ in fused], query.near)
            boosts = neighbour_boosts(fused, adjacent, cfg.neighbor_weight)
            fused = sorted(((i, s + boosts.get(i, 0.0)) for i, s in fused), key=lambda p: -p[1])
            best = _best_among(fused, stated, cfg.preference_k)
            lifted = best | _best_among(fused, dated, TIME_DEPTH)
            head = fused[: k + 10]
            head += [pair for pair in fused[k + 10 :] if pair[0] in lifted]
            candidates = self.with_records(rankings, head, query.near, boosts)
            candidates = self.priors(candidates, query, speaker, best)
        else:
            chosen = fused if cfg.reorders or stated or dated else fused[:k]
            records = self.with_records(rankings, chosen, query.near)
            best = _best_among(fused, stated, cfg.preference_k)
            candidates = self.reorder(records, query, speaker, best)
        return candidates, rankings

    @staticmethod
    def _without(query: Query, speaker: str) -> Query | None:
        """``query`` searching for its words other than the speaker's name (its ``text``
        stays whole, for the reranker), or None when nothing else is left or the rest cannot
        be embedded."""
        rest = without_speaker(query.text or "", speaker)
        if rest is None:
            return None
        vector, embed = query.vector, None
        if vector is None and query.mode != "keyword":
            if query.embed_text is None:
                return None
            embed = partial(query.embed_text, rest)
        words = without_speaker(query.words, speaker) if query.words is not None else None
        if query.words is not None and words is None:
            return None
        return replace(query, vector=vector, embed=embed, words=words)

    def candidates(self, query: Query, depth: int) -> Rankings:
        """Each signal's ranked (id, score) candidates: ``dense`` and/or ``keyword``.

        When the query still has to be embedded, the keyword search runs on a worker thread
        meanwhile: the model and SQLite both release the GIL, so on two cores a hybrid search
        costs the longer of the two, not their sum. Where the keyword search has been the
        longer (a large store), the embedding shares the cores — one model thread fewer — so
        the keyword search keeps a core to itself (benchmarks/RESULTS.md, issue 17)."""
        words, vector, embed = query.words, query.vector, query.embed
        keyword: Future[tuple[list[tuple[str, float]], float]] | None = None
        if words is not None and vector is None and embed is not None:
            keyword = self._background(
                _timed, self._keyword, words, depth, query.where, max_terms=query.max_terms
            )
        rankings: Rankings = {}
        embed_ms = 0.0
        try:
            if vector is None and embed is not None:
                started = time.perf_counter()
                with stage("embed"):
                    vector = embed(keyword is not None and self._keyword_ms > self._embed_ms)
                embed_ms = (time.perf_counter() - started) * 1000
            if vector is not None:
                with stage("dense"):
                    rankings["dense"] = self.store.dense(
                        vector, depth, query.where, part_weight=query.config.part_weight
                    )
        except BaseException:
            if keyword is not None:
                wait([keyword])  # never left running behind the error
            raise
        if keyword is not None:
            rankings["keyword"], keyword_ms = keyword.result()
            self._keyword_ms += 0.2 * (keyword_ms - self._keyword_ms)
            self._embed_ms += 0.2 * (embed_ms - self._embed_ms)
        elif words is not None:
            rankings["keyword"] = self._keyword(
                words, depth, query.where, max_terms=query.max_terms
            )
        if query.config.preference_k > 0 and wants_preferences(query.text):
            self._add_from(rankings, query, vector, words, STATED, PREFERENCE_DEPTH, _STATED)
        if query.during is not None and query.config.time_weight > 0:
            when = time_window(query.during)
            self._add_from(rankings, query, vector, words, when, TIME_DEPTH, _DURING)
        return rankings

    def _keyword(
        self, words: str, depth: int, where: Filter | None, *, max_terms: int | None
    ) -> list[tuple[str, float]]:
        with stage("keyword"):
            return self.store.keyword(words, depth, where, max_terms=max_terms)

    def _add_from(
        self,
        rankings: Rankings,
        query: Query,
        vector: NDArray[np.float32] | None,
        words: str | None,
        among: Filter,
        depth: int,
        key: str,
    ) -> None:
        """Each signal's best ``depth`` candidates ``among`` the scope's memories joined to its
        ranking, and their ids under ``key`` (not a signal: :meth:`_ranked` takes it out)."""
        where = and_filters(query.where, among)
        extra: Rankings = {}
        if vector is not None and "dense" in rankings:
            extra["dense"] = self.store.dense(
                vector, depth, where, part_weight=query.config.part_weight
            )
        if words is not None and "keyword" in rankings:
            extra["keyword"] = self.store.keyword(words, depth, where, max_terms=query.max_terms)
        for name, ranking in extra.items():
            rankings[name] = merged(rankings[name], ranking)
        rankings[key] = [pair for ranking in extra.values() for pair in ranking]

    def _background(self, call: Callable[..., _T], *args: object, **kwargs: object) -> Future[_T]:
        with self._worker_lock:
            # Threads start as concurrent searches need them. A forked child has none of its
            # parent's threads, so it starts a pool of its own rather than wait on theirs.
            if self._worker is None or self._worker_pid != os.getpid():
                self._worker = ThreadPoolExecutor(thread_name_prefix="remem-keyword")
                self._worker_pid = os.getpid()
            # In the caller's context: its span (remem.otel) is the parent of the thread's.
            context = contextvars.copy_context()
            return self._worker.submit(lambda: context.run(call, *args, **kwargs))

    def with_records(
        self,
        rankings: Rankings,
        fused: list[tuple[str, float]],
        near: Filter | None,
        boosts: dict[str, float] | None = None,
    ) -> list[Candidate]:
        """The fused ids as candidates with their records (one read) and each signal's score
        and rank; ids deleted since the candidates were found are dropped."""
        with stage("store"):
            records = {r.id: r for r in self.read([i for i, _ in fused], near)}
        signals = {
            name: {item: (value, rank) for rank, (item, value) in enumerate(ranking, start=1)}
            for name, ranking in rankings.items()
        }
        out = []
        for item, value in fused:
            if item not in records:
                continue  # deleted by another process between the two queries
            scores: dict[str, float] = {}
            for name, found in signals.items():
                if item in found:
                    scores[name], scores[f"{name}_rank"] = found[item]
            boost = boosts.get(item, 0.0) if boosts else 0.0  # ``value`` includes it
            if boosts and item in boosts:  # a neighbour among the candidates, even if no lift
                scores["neighbors"] = boost
            if len(rankings) > 1:
                scores["fused"] = value - boost
            out.append(Candidate(records[item], value, scores))
        return out

    def reorder(
        self,
        candidates: list[Candidate],
        query: Query,
        speaker: str | None = None,
        stated: Collection[str] = (),
    ) -> list[Candidate]:
        """The stages after fusion, each one only when its setting turns it on. ``stated``:
        the stated preferences the query's request may lift (:mod:`.preferences`)."""
        cfg, k = query.config, query.k
        if cfg.neighbor_weight > 0:
            adjacent = self.store.adjacent([c.record.id for c in candidates], query.near)
            candidates = smooth(candidates, adjacent, cfg.neighbor_weight)
        candidates = self.priors(candidates, query, speaker, stated)
        if cfg.reranker is not None and query.text:
            reranker, keep = self.reranker(cfg.reranker), k * cfg.rerank_k_factor
            with stage("rerank"):
                candidates = rerank(candidates, query.text, reranker, keep, strict=cfg.strict)
        candidates = score(candidates, cfg, query.now)
        if cfg.mmr_lambda is not None:
            vectors = self.store.vectors([c.record.id for c in candidates])
            candidates = diversify(candidates, vectors, k, cfg.mmr_lambda)
        return candidates

    @staticmethod
    def priors(
        candidates: list[Candidate],
        query: Query,
        speaker: str | None,
        stated: Collection[str],
    ) -> list[Candidate]:
        """The stated-preference prior, the named time's, then the speaker prior, scaled on
        the best ``k + 10``."""
        cfg, window, standardised = query.config, query.k + 10, query.mode == "hybrid"
        candidates = prefer_stated(
            candidates,
            stated,
            cfg.preference_weight,
            cfg.preference_k,
            standardised=standardised,
            window=window,
        )
        candidates = prefer_time(
            candidates, query.during, cfg.time_weight, standardised=standardised, window=window
        )
        return prefer_speaker(
            candidates,
            query.text,
            cfg.speaker_weight,
            standardised=standardised,
            window=window,
            speaker=speaker,
        )

    def reranker(self, spec: str | Reranker) -> Reranker:
        """One instance per name, so a model loads once per store."""
        if isinstance(spec, Reranker):
            return spec
        if spec not in self._rerankers:
            self._rerankers[spec] = get_reranker(spec)
        return self._rerankers[spec]

    def neighbours(
        self, records: Sequence[MemoryRecord], width: int, near: Filter | None
    ) -> dict[str, list[MemoryRecord]]:
        """Each record's neighbours, up to ``width`` on each side, in order, walking the store's
        one notion of adjacency (:meth:`~remem.stores.base.RecordStore.adjacent`: chunks of a
        document, or turns of a session) within ``near``. All records walk together: one
        ``adjacent`` call per step and one read for every neighbour."""
        walks = walk([r.id for r in records], lambda ids: self.store.adjacent(ids, near), width)
        wanted = list(dict.fromkeys(i for ids in walks.values() for i in ids))
        found = {r.id: r for r in self.read(wanted, near)}
        return {item: [found[i] for i in ids if i in found] for item, ids in walks.items()}


def _best_among(fused: list[tuple[str, float]], stated: set[str], count: int) -> set[str]:
    """The ``count`` of ``stated`` (preferences, or memories of the named time) ranked best
    among the fused candidates."""
    return set([item for item, _ in fused if item in stated][:count]) if stated else set()
