"""Rank fusion: combine the candidate lists of several signals into one ranking.

- ``zscore`` (default): each signal's scores are standardised over its own candidates
  (``(s - mean) / std``); a candidate a signal did not return gets that signal's lowest value.
  Then ``w · dense + (1 - w) · keyword``. Scores keep their margins: a clear keyword match is not
  flattened to "rank 1" as in RRF, and one outlier does not squash the rest as in min-max.
  Keyword scores that barely differ are not stretched: their spread is taken as at least
  ``keyword_min_spread`` (0.2) of their mean. When the only query word that matches is in every
  candidate ("Sam" in each of Sam's memories), BM25 differs by document length alone, and a
  unit spread would let that noise outvote the dense signal.
- ``minmax``: the same with scores scaled to [0, 1] over the candidates (missing counts 0).
- ``rrf``: reciprocal rank fusion (Cormack et al. 2009), ``Σ 1 / (k + rank)``; ranks only.

Chosen on LoCoMo (recall@10) and SciFact (nDCG@10) together; see ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Literal

__all__ = ["FUSIONS", "Fusion", "fuse", "normalised_fusion", "reciprocal_rank_fusion"]

Fusion = Literal["zscore", "minmax", "rrf"]
FUSIONS: tuple[Fusion, ...] = ("zscore", "minmax", "rrf")
Ranking = Sequence[tuple[str, float]]


def reciprocal_rank_fusion(
    rankings: Mapping[str, Ranking], *, k: int = 60
) -> list[tuple[str, float]]:
    """``Σ 1 / (k + rank)`` over the signals, ranks from 1. Ties keep first-seen order."""
    scores: dict[str, float] = {}
    for ranking in rankings.values():
        for rank, (item, _) in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda pair: -pair[1])


def _zscore(values: list[float], min_spread: float = 0.0) -> tuple[list[float], float]:
    mean = sum(values) / len(values)
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    std = max(std, min_spread * abs(mean))
    scaled = [(v - mean) / std if std > 0 else 0.0 for v in values]
    return scaled, min(scaled)


def _minmax(values: list[float], min_spread: float = 0.0) -> tuple[list[float], float]:
    low, span = min(values), max(values) - min(values)
    return [(v - low) / span if span > 0 else 1.0 for v in values], 0.0


def normalised_fusion(
    rankings: Mapping[str, Ranking],
    weights: Mapping[str, float],
    *,
    method: str = "zscore",
    min_spread: Mapping[str, float] | None = None,
) -> list[tuple[str, float]]:
    """``Σ weight · normalise(score)`` over the signals (see the module docstring).

    ``min_spread`` floors a signal's standard deviation at that share of its mean (z-scores
    only): candidates whose scores barely differ then stay close, instead of being stretched
    to a unit spread by noise (see :attr:`RetrievalConfig.keyword_min_spread`)."""
    normalise = _zscore if method == "zscore" else _minmax
    items = list(dict.fromkeys(item for ranking in rankings.values() for item, _ in ranking))
    fused = dict.fromkeys(items, 0.0)
    for name, ranking in rankings.items():
        if not ranking:
            continue
        floor = (min_spread or {}).get(name, 0.0)
        scaled, missing = normalise([score for _, score in ranking], floor)
        found = {item: value for (item, _), value in zip(ranking, scaled, strict=True)}
        weight = weights.get(name, 0.0)
        for item in items:
            fused[item] += weight * found.get(item, missing)
    return sorted(fused.items(), key=lambda pair: -pair[1])


def fuse(
    rankings: Mapping[str, Ranking],
    method: Fusion,
    *,
    dense_weight: float,
    keyword_min_spread: float = 0.0,
    rrf_k: int = 60,
) -> list[tuple[str, float]]:
    if method == "rrf":
        return reciprocal_rank_fusion(rankings, k=rrf_k)
    weights = {"dense": dense_weight, "keyword": 1.0 - dense_weight}
    floors = {"keyword": keyword_min_spread}
    return normalised_fusion(rankings, weights, method=method, min_spread=floors)
