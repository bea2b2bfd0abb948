"""A candidate on its way through the stages, and the hits it becomes."""

from __future__ import annotations

from dataclasses import dataclass, field

from remem.records import MemoryRecord, SearchHit

__all__ = ["Candidate", "to_hits"]


@dataclass(slots=True)
class Candidate:
    record: MemoryRecord
    score: float
    scores: dict[str, float] = field(default_factory=dict)


def to_hits(candidates: list[Candidate]) -> list[SearchHit]:
    """The candidates as hits, each with its final ``score`` and per-stage ``scores``."""
    hits = []
    for c in candidates:
        fields = {name: getattr(c.record, name) for name in MemoryRecord.__dataclass_fields__}
        hits.append(SearchHit(**fields, score=float(c.score), scores=c.scores))
    return hits
