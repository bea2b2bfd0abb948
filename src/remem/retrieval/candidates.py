"""A candidate on its way through the stages, and the hits it becomes."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from remem.records import MemoryRecord, SearchHit

__all__ = ["Candidate", "to_hits"]


@dataclass(slots=True)
class Candidate:
    record: MemoryRecord
    score: float
    scores: dict[str, float] = field(default_factory=dict)


_FIELDS = tuple(MemoryRecord.__dataclass_fields__)
_VALUES = attrgetter(*_FIELDS)  # one C call for all of a record's fields


def to_hits(candidates: list[Candidate]) -> list[SearchHit]:
    """The candidates as hits, each with its final ``score`` and per-stage ``scores``."""
    return [
        SearchHit(
            **dict(zip(_FIELDS, _VALUES(c.record), strict=True)),
            score=float(c.score),
            scores=c.scores,
        )
        for c in candidates
    ]
