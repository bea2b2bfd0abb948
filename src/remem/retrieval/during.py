"""The time a query names, as a prior: memories from then rank higher, and none is dropped.

"Which book did I finish a week ago?" names a week (:mod:`~remem.retrieval.timeparse`, read
against the search's ``now``). The memory that answers it was most likely stored in that week
— or after it, since people tell of things once they have happened ("I watched three
documentaries last month", said this month). A filter on the week would lose that memory, so
the named time lifts instead:

1. candidates also come from the memories stored in the named time or the same length of time
   after it (:func:`time_window`; ``TIME_DEPTH`` from each signal): the best of them may lie below
   the best hundred;
2. those stored within the named time gain ``time_weight``, those stored in the length of time
   after it ``AFTER_SHARE`` of it (standardised score units in hybrid search, else the head's
   spread), so a memory that matches well and was stored at another time still ranks.

Measured with ``remem eval longmemeval`` and ``remem eval locomo`` (benchmarks/RESULTS.md,
issue 34).
"""

from __future__ import annotations

from datetime import UTC, datetime

from remem.core.filters import Cond, Filter, Logic
from remem.retrieval.candidates import Candidate, lift
from remem.retrieval.timeparse import TimeRange

__all__ = ["AFTER_SHARE", "TIME_DEPTH", "prefer_time", "time_window"]

#: Candidates taken from each signal among the memories of the named time and after it.
TIME_DEPTH = 20
#: The share of ``time_weight`` a memory stored in the length of time after the named time
#: gains.
AFTER_SHARE = 0.5


def _after(during: TimeRange) -> datetime:
    """The end of the same length of time after ``during`` (at most the last time there is)."""
    try:
        return during.end + (during.end - during.start)
    except OverflowError:  # "last year" asked on 9999-12-31
        return datetime.max.replace(tzinfo=UTC)


def time_window(during: TimeRange) -> Filter:
    """The memories stored in the named time or in the same length of time after it."""
    after = _after(during)
    return Logic(
        "$and",
        (Cond("created_at", "$gte", during.start.timestamp()),
         Cond("created_at", "$lt", after.timestamp())),
    )  # fmt: skip


def prefer_time(
    candidates: list[Candidate],
    during: TimeRange | None,
    weight: float,
    *,
    standardised: bool,
    window: int,
) -> list[Candidate]:
    """``candidates`` (best first) with those stored in ``during`` raised by ``weight``, and
    those stored in the same length of time after it by ``AFTER_SHARE × weight`` (× the spread
    of the first ``window`` scores unless they are ``standardised``), reordered; as they were
    when no time is named."""
    if during is None or weight <= 0 or len(candidates) < 2:
        return candidates
    ranked = sorted(candidates, key=lambda c: -c.score)
    after = _after(during)
    inside = [c for c in ranked if during.start <= c.record.created_at < during.end]
    later = [c for c in ranked if during.end <= c.record.created_at < after]
    if not inside and not later:
        return candidates
    lift(inside, ranked[:window], weight, "time", standardised=standardised)
    lift(later, ranked[:window], weight * AFTER_SHARE, "time", standardised=standardised)
    return sorted(ranked, key=lambda c: -c.score)
