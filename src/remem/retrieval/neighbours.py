"""Neighbours: the records beside a hit (chunks of its document, turns of its session).

Two stages use them: *smoothing* lifts a candidate whose neighbours also matched, and
*expansion* attaches each hit's neighbours to it. Adjacency is the store's
(:meth:`~remem.stores.base.RecordStore.adjacent`); walking it is batched here, so ``n`` hits
cost one store call per step, not one per hit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from remem.core.records import MemoryRecord, SearchHit
from remem.retrieval.candidates import Candidate

__all__ = ["Adjacent", "expand", "neighbour_boosts", "smooth", "walk"]


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
