"""Ranking metrics."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

__all__ = ["any_and_all", "latency_ms", "mean_rows", "ndcg_at_k", "percentile", "recall_at_k"]


def recall_at_k(ranked: Sequence[str], relevant: set[str], k: int) -> float:
    """|relevant ∩ top-k| / |relevant| (0 when nothing is relevant)."""
    if not relevant:
        return 0.0
    return len(relevant.intersection(ranked[:k])) / len(relevant)


def any_and_all(ranked: Sequence[str], relevant: set[str], k: int) -> dict[str, float]:
    """``recall_any@k`` (1 when some of ``relevant`` is in the top k) and ``recall_all@k``
    (1 when all of it is), as one question's row."""
    found = len(relevant.intersection(ranked[:k]))
    return {f"recall_any@{k}": float(found > 0), f"recall_all@{k}": float(found == len(relevant))}


def ndcg_at_k(ranked: Sequence[str], gains: Mapping[str, float], k: int) -> float:
    """nDCG@k with graded gains, as BEIR (pytrec_eval) computes it: gain / log2(rank + 1)."""
    dcg = sum(gains.get(doc, 0.0) / math.log2(rank + 2) for rank, doc in enumerate(ranked[:k]))
    ideal = sorted((g for g in gains.values() if g > 0), reverse=True)[:k]
    idcg = sum(g / math.log2(rank + 2) for rank, g in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def mean_rows(rows: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Each metric's mean over per-question rows (all with the same names), to 4 places."""
    names = list(rows[0]) if rows else []
    return {name: round(sum(r[name] for r in rows) / len(rows), 4) for name in names}


def latency_ms(values: Sequence[float]) -> dict[str, float]:
    """Median and 95th percentile of per-query latencies (ms), to 2 places, as reports give
    them."""
    return {"p50": round(percentile(values, 50), 2), "p95": round(percentile(values, 95), 2)}
