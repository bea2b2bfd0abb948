"""Rank fusion: combine ranked lists from several signals into one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["reciprocal_rank_fusion"]


def reciprocal_rank_fusion(
    rankings: Mapping[str, Sequence[str]], *, k: int = 60
) -> list[tuple[str, float]]:
    """Reciprocal rank fusion (Cormack et al. 2009): score = Σ 1 / (k + rank), ranks from 1.

    Ties keep the order in which ids first appeared across ``rankings``.
    """
    scores: dict[str, float] = {}
    for ranking in rankings.values():
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda pair: -pair[1])
