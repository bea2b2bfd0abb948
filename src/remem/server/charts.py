"""The web page's pictures: bar charts, a scope's timeline, and fact supersession chains.

Each is laid out here, in Python, as plain numbers (pixel positions, labels, links) that a
template draws as inline SVG: the page runs no script, so nothing is computed in the browser,
and every mark carries a ``<title>`` (its tooltip) and, where it stands for a memory, a link to
that memory's page.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from remem.core.errors import InvalidInputError
from remem.core.records import MemoryRecord
from remem.core.timeutil import to_datetime

__all__ = [
    "Bar",
    "BarChart",
    "Chain",
    "Dot",
    "FactGraph",
    "Lane",
    "LineChart",
    "Series",
    "Tick",
    "Timeline",
]

#: Colours for kinds and series, in order (readable on white, distinct in print).
PALETTE = (
    "#2f5fd0",
    "#1e7a46",
    "#c2410c",
    "#7c3aed",
    "#0e7490",
    "#b91c1c",
    "#a16207",
    "#be185d",
    "#4d7c0f",
    "#475569",
)


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


# -- bars ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: float
    shown: str  # the value as the chart prints it
    width: float  # pixels
    y: float
    colour: str
    href: str | None = None


@dataclass(frozen=True, slots=True)
class BarChart:
    """Horizontal bars, one per row, scaled to the largest value."""

    bars: list[Bar]
    width: int
    height: int
    label_width: int
    bar_space: int

    @classmethod
    def of(
        cls,
        rows: Sequence[tuple[str, float]],
        *,
        fmt: str = "{:,.0f}",
        links: dict[str, str] | None = None,
        colours: dict[str, str] | None = None,
        width: int = 640,
        label_width: int = 180,
        row_height: int = 26,
    ) -> BarChart:
        bar_space = width - label_width - 90  # room for the value after the bar
        top = max((value for _, value in rows), default=0) or 1
        bars = [
            Bar(
                label,
                value,
                fmt.format(value),
                max(bar_space * value / top, 1 if value else 0),
                i * row_height,
                (colours or {}).get(label, colour(i)),
                (links or {}).get(label),
            )
            for i, (label, value) in enumerate(rows)
        ]
        return cls(bars, width, max(len(bars) * row_height, row_height), label_width, bar_space)


# -- lines ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Series:
    label: str
    colour: str
    points: str  # "x,y x,y ..." in pixels, for a polyline
    last: str  # the last value as the chart prints it
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class LineChart:
    """Lines over a shared x axis (a count: lookups), y from 0 to ``top`` (shares: 0-1)."""

    series: list[Series]
    ticks: list[Tick]  # on the y axis: x is the pixel height
    width: int
    height: int
    left: int
    plot: int  # the plot's width
    x_max: float

    @classmethod
    def of(
        cls,
        lines: Sequence[tuple[str, Sequence[tuple[float, float]]]],
        *,
        top: float = 1.0,
        dashed: Sequence[str] = (),
        colours: dict[str, str] | None = None,
        width: int = 640,
        height: int = 180,
        left: int = 48,
    ) -> LineChart:
        plot = width - left - 150  # room for the legend
        x_max = max((x for _, points in lines for x, _ in points), default=0) or 1

        def y(value: float) -> float:
            return round(height - 20 - min(max(value, 0.0), top) / top * (height - 30), 1)

        series = [
            Series(
                label,
                (colours or {}).get(label, colour(i)),
                " ".join(f"{left + plot * x / x_max:.1f},{y(v)}" for x, v in points),
                f"{points[-1][1]:.1%}" if points else "—",
                label in dashed,
            )
            for i, (label, points) in enumerate(lines)
        ]
        ticks = [Tick(y(value), f"{value:.0%}") for value in (0.0, top / 2, top)]
        return cls(series, ticks, width, height, left, plot, x_max)


# -- the timeline of a scope -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Dot:
    x: float
    y: float
    id: str
    tip: str


@dataclass(frozen=True, slots=True)
class Lane:
    kind: str
    count: int
    y: float
    colour: str
    dots: list[Dot]


@dataclass(frozen=True, slots=True)
class Tick:
    x: float
    label: str


@dataclass(frozen=True, slots=True)
class Timeline:
    """A scope's memories as dots on a time axis, one lane per kind (the busiest first)."""

    lanes: list[Lane]
    ticks: list[Tick]
    width: int
    height: int
    left: int
    right: int
    first: datetime | None
    last: datetime | None

    LANE = 34
    AXIS = 30

    @classmethod
    def of(cls, records: Sequence[MemoryRecord], *, width: int = 1040, left: int = 150) -> Timeline:
        right = width - 50  # room for the last date label
        counts = Counter(record.kind for record in records)
        kinds = sorted(counts, key=lambda kind: (-counts[kind], kind))
        if not records:
            return cls([], [], width, cls.AXIS, left, right, None, None)
        first = min(record.created_at for record in records)
        last = max(record.created_at for record in records)
        span = (last - first).total_seconds()

        def x(when: datetime) -> float:
            if span <= 0:
                return (left + right) / 2
            return left + (right - left) * (when - first).total_seconds() / span

        lanes = []
        for i, kind in enumerate(kinds):
            y = i * cls.LANE + cls.LANE / 2
            dots = [
                Dot(round(x(r.created_at), 1), y, r.id, _tip(r)) for r in records if r.kind == kind
            ]
            lanes.append(Lane(kind, counts[kind], y, colour(i), dots))
        ticks = [Tick(round(x(when), 1), label) for when, label in _ticks(first, last)]
        height = len(lanes) * cls.LANE + cls.AXIS
        return cls(lanes, ticks, width, height, left, right, first, last)


def _tip(record: MemoryRecord) -> str:
    text = record.text if len(record.text) <= 140 else record.text[:139] + "…"
    return f"{record.created_at:%Y-%m-%d %H:%M} · {record.kind}\n{text}"


def _ticks(first: datetime, last: datetime, count: int = 6) -> list[tuple[datetime, str]]:
    """About ``count`` evenly spaced labels, worded for the span (times within a day, days
    within a few months, months beyond)."""
    span = last - first
    if span <= timedelta(0):
        return [(first, f"{first:%Y-%m-%d %H:%M}")]
    fmt = (
        "%H:%M"
        if span <= timedelta(days=1)
        else "%Y-%m-%d"
        if span <= timedelta(days=120)
        else "%Y-%m"
    )
    steps = [first + span * i / (count - 1) for i in range(count)]
    return [(when, when.strftime(fmt)) for when in steps]


# -- fact supersession -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Node:
    """One version of a fact in its chain: where its box is and what it says."""

    id: str
    x: float
    lines: list[str]
    since: str
    current: bool
    tip: str


@dataclass(frozen=True, slots=True)
class Edge:
    x1: float
    x2: float
    label: str  # when the newer version replaced the older


@dataclass(frozen=True, slots=True)
class Chain:
    y: float
    nodes: list[Node]
    edges: list[Edge]
    retracted: str | None  # when the last version was withdrawn with no successor


@dataclass(frozen=True, slots=True)
class FactGraph:
    """Facts that were replaced, each chain of versions a row of boxes joined by arrows, oldest
    on the left; ``unchanged`` counts the facts never replaced."""

    chains: list[Chain]
    unchanged: int
    width: int
    height: int
    more: int = 0

    BOX = 230
    ROW = 92
    GAP = 100

    @classmethod
    def of(cls, facts: Sequence[MemoryRecord], *, current: str, max_chains: int = 40) -> FactGraph:
        by_id = {fact.id: fact for fact in facts}
        starts = [
            fact
            for fact in facts
            if fact.metadata.get("supersedes") not in by_id
            and (fact.kind != current or fact.metadata.get("superseded_by") is not None)
        ]
        starts.sort(key=lambda fact: fact.created_at)
        unchanged = sum(
            1
            for fact in facts
            if fact.kind == current
            and fact.metadata.get("supersedes") not in by_id
            and fact.metadata.get("superseded_by") is None
        )
        chains, widest = [], 0
        for row, start in enumerate(starts[:max_chains]):
            versions, seen = [start], {start.id}
            while (after := by_id.get(str(versions[-1].metadata.get("superseded_by")))) and (
                after.id not in seen
            ):
                versions.append(after)
                seen.add(after.id)
            chains.append(cls._chain(versions, row, current))
            widest = max(widest, len(versions))
        width = max(widest * (cls.BOX + cls.GAP) - cls.GAP + 180, 400)  # room for "withdrawn"
        more = max(len(starts) - max_chains, 0)
        return cls(chains, unchanged, width, len(chains) * cls.ROW, more)

    @classmethod
    def _chain(cls, versions: list[MemoryRecord], row: int, current: str) -> Chain:
        nodes, edges = [], []
        for i, fact in enumerate(versions):
            x = i * (cls.BOX + cls.GAP)
            nodes.append(
                Node(
                    fact.id,
                    x,
                    _wrap(fact.text, 34, 2),
                    f"{fact.created_at:%Y-%m-%d}",
                    fact.kind == current,
                    f"{fact.created_at:%Y-%m-%d %H:%M} · {fact.kind}\n{fact.text}",
                )
            )
            if i:
                edges.append(Edge(x - cls.GAP, x, _day(versions[i - 1].metadata.get("valid_to"))))
        last = versions[-1]
        retracted = None
        if last.kind != current and last.metadata.get("superseded_by") is None:
            retracted = _day(last.metadata.get("valid_to")) or "withdrawn"
        return Chain(row * cls.ROW, nodes, edges, retracted)


def _day(value: object) -> str:
    """The date of a stored timestamp (``valid_to`` is Unix seconds, or whatever a caller
    wrote into the metadata: shown as it is when it is not a time)."""
    try:
        return f"{to_datetime(value):%Y-%m-%d}" if value is not None else ""  # type: ignore[arg-type]
    except (InvalidInputError, TypeError, ValueError, OverflowError):
        return str(value)[:10]


def _wrap(text: str, width: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of about ``width`` characters, cut with "…"."""
    return textwrap.wrap(text, width, max_lines=lines, placeholder=" …") or [""]
