"""Generative Agents scoring: relevance, recency and importance, weighted."""

from __future__ import annotations

from datetime import datetime

from remem.retrieval.candidates import Candidate
from remem.retrieval.config import RetrievalConfig

__all__ = ["score"]


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
        c.scores.update(rescaled=relevance, recency=recency, importance=importance, final=final)
        c.score = final
    return sorted(candidates, key=lambda c: -c.score)
