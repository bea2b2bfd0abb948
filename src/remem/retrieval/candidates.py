"""A candidate on its way through the stages, and the hits it becomes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter

import numpy as np

from remem.core.records import MemoryRecord, SearchHit

__all__ = ["Candidate", "lift", "to_hits"]


@dataclass(slots=True)
class Candidate:
    record: MemoryRecord
    score: float
    scores: dict[str, float] = field(default_factory=dict)


def lift(
    chosen: Iterable[Candidate],
    head: Sequence[Candidate],
    weight: float,
    stage: str,
    *,
    standardised: bool,
) -> None:
    """Raise the ``chosen`` candidates by ``weight`` in the ranking's units — as it is for
    standardised scores, else × the spread of the ``head``'s scores — and note the lift in
    their ``scores`` under ``stage`` (a prior: the speaker's, the stated preferences')."""
    amount = weight * (1.0 if standardised else float(np.std([c.score for c in head])))
    for c in chosen:
        c.score += amount
        c.scores[stage] = amount


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
