"""The retrieval pipeline after fusion: smooth → rerank → score → diversify → cut → expand.

Each stage is a small function over candidates and leaves its numbers in the hit's ``scores``,
so ``explain`` can show why a memory ranked where it did:

- ``fused``: the hybrid fusion score (see :mod:`remem.retrieval.fusion`);
- ``neighbors``: what neighbour smoothing added (adjacent turns or chunks that also matched);
- ``rerank``: the reranker's score, when a reranker is set;
- ``relevance``: the ranking score rescaled to [0, 1] over the candidates;
- ``recency``, ``importance``: Generative Agents' signals in [0, 1], when their weights are on;
- ``final``: ``w_rel · relevance + w_rec · recency + w_imp · importance``, when that is used;
- ``mmr``: the marginal relevance at which MMR picked the hit.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

import numpy as np
from numpy.typing import NDArray

from remem.errors import RerankerError, RerankWarning
from remem.records import MemoryRecord, SearchHit
from remem.rerankers import Reranker
from remem.retrieval.config import RetrievalConfig

__all__ = [
    "Candidate",
    "diversify",
    "expand",
    "neighbour_boosts",
    "rerank",
    "score",
    "smooth",
    "to_hits",
    "walk",
]


@dataclass(slots=True)
class Candidate:
    record: MemoryRecord
    score: float
    scores: dict[str, float] = field(default_factory=dict)


def neighbour_boosts(
    scored: list[tuple[str, float]],
    adjacent: dict[str, tuple[str | None, str | None]],
    weight: float,
) -> dict[str, float]:
    """Neighbour smoothing's boosts: ``weight × (best neighbour's score − lowest score)`` for
    each id with a neighbour among ``scored`` (ids with their scores).

    Only neighbours that are themselves candidates count; scores are read before any is changed,
    so the result does not depend on the order of the candidates.
    """
    if weight <= 0 or len(scored) < 2:
        return {}
    before = dict(scored)
    floor = min(before.values())
    boosts = {}
    for item, _ in scored:
        around = [before[n] for n in adjacent.get(item, ()) if n in before]
        if around:
            boosts[item] = weight * (max(around) - floor)
    return boosts


def smooth(
    candidates: list[Candidate],
    adjacent: dict[str, tuple[str | None, str | None]],
    weight: float,
) -> list[Candidate]:
    """Neighbour smoothing over candidates (see :func:`neighbour_boosts`), best first."""
    boosts = neighbour_boosts([(c.record.id, c.score) for c in candidates], adjacent, weight)
    if not boosts:
        return candidates
    for c in candidates:
        if c.record.id in boosts:
            c.scores["neighbors"] = boosts[c.record.id]
            c.score += boosts[c.record.id]
    return sorted(candidates, key=lambda c: -c.score)


def rerank(
    candidates: list[Candidate], query: str, reranker: Reranker, keep: int, *, strict: bool
) -> list[Candidate]:
    """Rescore the top ``keep`` candidates with ``reranker`` and drop the rest.

    A reranker is third-party code: whatever it raises, the search keeps the fused order with a
    :class:`RerankWarning`, unless ``strict``, where it raises :class:`RerankerError`.
    """
    head = candidates[:keep]
    if not head:
        return candidates
    try:
        values = [float(v) for v in reranker.score(query, [c.record.text for c in head])]
        if len(values) != len(head) or not all(math.isfinite(v) for v in values):
            raise RerankerError(f"{reranker.name} returned {len(values)} scores for {len(head)}")
    except Exception as exc:
        message = f"reranker {reranker.name} failed ({exc}); kept the fused order"
        if strict:
            raise RerankerError(message) from exc
        warnings.warn(message, RerankWarning, stacklevel=4)
        return candidates
    for candidate, value in zip(head, values, strict=True):
        candidate.scores["rerank"] = value
        candidate.score = value
    return sorted(head, key=lambda c: -c.score)


def score(candidates: list[Candidate], config: RetrievalConfig, now: datetime) -> list[Candidate]:
    """Generative Agents scoring; a no-op (the order kept) when recency and importance are off."""
    if not candidates or not config.scores_by_time_or_importance:
        return candidates
    values = [c.score for c in candidates]
    low, span = min(values), max(values) - min(values)
    for c in candidates:
        relevance = (c.score - low) / span if span > 0 else 1.0
        seen = c.record.last_accessed_at or c.record.created_at
        hours = max(0.0, (now - seen).total_seconds() / 3600)
        recency = config.recency_decay**hours
        importance = (
            config.default_importance
            if c.record.importance is None
            else min(1.0, max(0.0, c.record.importance / config.importance_scale))
        )
        final = (
            config.relevance_weight * relevance
            + config.recency_weight * recency
            + config.importance_weight * importance
        )
        c.scores.update(relevance=relevance, recency=recency, importance=importance, final=final)
        c.score = final
    return sorted(candidates, key=lambda c: -c.score)


def diversify(
    candidates: list[Candidate], vectors: dict[str, NDArray[np.float32]], k: int, lam: float
) -> list[Candidate]:
    """Maximal marginal relevance (Carbonell & Goldstein 1998): greedily pick the candidate with
    the best ``λ · relevance − (1 − λ) · max similarity to those already picked``."""
    pool = [c for c in candidates if c.record.id in vectors]
    if len(pool) <= 1:
        return candidates[:k]
    values = np.asarray([c.score for c in pool], dtype=np.float64)
    span = values.max() - values.min()
    relevance = (values - values.min()) / span if span > 0 else np.ones_like(values)
    matrix = np.stack([vectors[c.record.id] for c in pool]).astype(np.float64)
    similarity = matrix @ matrix.T
    chosen: list[int] = []
    best_sim = np.full(len(pool), -np.inf)
    while len(chosen) < min(k, len(pool)):
        redundancy = np.where(np.isfinite(best_sim), best_sim, 0.0)
        marginal = lam * relevance - (1 - lam) * redundancy
        marginal[chosen] = -np.inf
        pick = int(np.argmax(marginal))
        pool[pick].scores["mmr"] = float(marginal[pick])
        chosen.append(pick)
        best_sim = np.maximum(best_sim, similarity[pick])
    return [pool[i] for i in chosen]


Adjacent = Callable[[list[str]], Mapping[str, tuple[str | None, str | None]]]


def walk(ids: Sequence[str], adjacent: Adjacent, width: int) -> dict[str, list[str]]:
    """Up to ``width`` ids on each side of each of ``ids``, in order (``[…, 2 before, 1 before,
    1 after, 2 after, …]``), following ``adjacent`` (ids → each id's (previous, next)).

    One ``adjacent`` call per step reads the next link of every walk still going, so ``n`` ids
    cost at most ``width`` calls, not ``n × width``; each walk is exactly the one it would be
    alone, since an id's links do not depend on the other ids asked with it.
    """
    back = {item: item for item in ids}  # each walk's frontier, behind and ahead
    ahead = dict(back)
    before: dict[str, list[str]] = {item: [] for item in ids}
    after: dict[str, list[str]] = {item: [] for item in ids}
    for _ in range(width):
        frontier = list(dict.fromkeys([*back.values(), *ahead.values()]))
        if not frontier:
            break
        links = adjacent(frontier)
        back = _step(back, links, 0)
        ahead = _step(ahead, links, 1)
        for item, at in back.items():
            before[item].append(at)
        for item, at in ahead.items():
            after[item].append(at)
    return {item: [*reversed(before[item]), *after[item]] for item in ids}


def _step(
    frontier: dict[str, str], links: Mapping[str, tuple[str | None, str | None]], side: int
) -> dict[str, str]:
    """Each walk's next id on ``side`` (0 before, 1 after); walks that reach an end stop."""
    moved = {item: links[at][side] if at in links else None for item, at in frontier.items()}
    return {item: at for item, at in moved.items() if at is not None}


def expand(
    hits: list[SearchHit], neighbours: Mapping[str, Sequence[MemoryRecord]]
) -> list[SearchHit]:
    """Attach each hit's neighbours (``neighbours[hit id]``: before and after, in order), never
    repeating a record that is itself a hit or already attached to a better hit."""
    taken = {hit.id for hit in hits}
    out = []
    for hit in hits:
        around = [r for r in neighbours.get(hit.id, ()) if r.id not in taken]
        taken.update(r.id for r in around)
        out.append(replace(hit, neighbors=tuple(around)))
    return out


def to_hits(candidates: list[Candidate]) -> list[SearchHit]:
    hits = []
    for c in candidates:
        fields = {name: getattr(c.record, name) for name in MemoryRecord.__dataclass_fields__}
        hits.append(SearchHit(**fields, score=float(c.score), scores=c.scores))
    return hits
