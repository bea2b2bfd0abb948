"""Find a time a query names ("yesterday", "last week", "in May 2023", "3 days ago") and resolve
it against a reference time into a ``[start, end)`` range, which search reads as a prior
(:mod:`~remem.retrieval.during`).

English only, conservative: a phrase that does not match a pattern below is left alone, and
so is one after "before" or "until" ("before today" names no range). Weeks start on Monday;
"last week" is the previous calendar week, "past 2 weeks" and "the last week" the days before
the reference time, "since last week" from its start to the reference time.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

__all__ = ["TimeRange", "find_time_range", "named_time"]

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS |= {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_UNIT = r"(day|week|month|year)s?"
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_N = r"(\d+|" + "|".join(_NUMBER_WORDS) + ")"


@dataclass(frozen=True, slots=True)
class TimeRange:
    start: datetime
    end: datetime
    phrase: str


#: A bound before a time phrase: "since" opens a range up to now; the others leave no range.
_BOUND = re.compile(r"\b(since|before|until|till|prior to)\s+(?:the\s+)?$")


def _day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _month_range(year: int, month: int) -> tuple[datetime, datetime]:
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def _unit_range(now: datetime, unit: str, back: int) -> tuple[datetime, datetime]:
    """The calendar day/week/month/year ``back`` units before the one holding ``now``."""
    if unit == "day":
        start = _day(now) - timedelta(days=back)
        return start, start + timedelta(days=1)
    if unit == "week":
        start = _day(now) - timedelta(days=now.weekday() + 7 * back)
        return start, start + timedelta(days=7)
    if unit == "month":
        index = now.year * 12 + now.month - 1 - back
        return _month_range(index // 12, index % 12 + 1)
    return datetime(now.year - back, 1, 1, tzinfo=UTC), datetime(
        now.year - back + 1, 1, 1, tzinfo=UTC
    )


def _span(unit: str, count: int) -> timedelta:
    days = {"day": 1, "week": 7, "month": 30, "year": 365}[unit]
    return timedelta(days=days * count)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"), "iso"),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+(\d{{4}})\b"), "dmy"),
    (re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"), "mdy"),
    (re.compile(rf"\b{_MONTH},?\s+(\d{{4}})\b"), "month_year"),
    (re.compile(rf"\b(?:in|during)\s+{_MONTH}(?!\w)"), "month"),
    (re.compile(r"\b(?:in|during)\s+((?:19|20)\d{2})\b"), "year"),
    (re.compile(r"\b(today|yesterday)\b"), "named_day"),
    (re.compile(rf"\bthe\s+(?:past|last|previous)\s+{_UNIT}\b"), "past_one"),
    (re.compile(rf"\b(this|last|previous)\s+{_UNIT}\b"), "this_last"),
    (re.compile(rf"\b{_N}\s+{_UNIT}\s+ago\b"), "ago"),
    (re.compile(rf"\b(?:past|last|previous)\s+{_N}\s+{_UNIT}\b"), "past"),
]


def find_time_range(query: str, now: datetime) -> TimeRange | None:
    """The first time phrase in ``query`` as a range, or None. ``now`` must be timezone-aware."""
    text = query.lower()
    for pattern, kind in _PATTERNS:
        match = pattern.search(text)
        if match is None:
            continue
        before = _BOUND.search(text[: match.start()])
        if before is not None and before.group(1) != "since":
            return None  # "before today", "until last week": open-ended, no range to read
        resolved = _resolve(kind, match.groups(), now.astimezone(UTC))
        if resolved is None:  # it looked like a date but is none (31 February): do not guess
            return None
        start = before.start() if before is not None else match.start()
        if before is not None:  # "since last week": from then to now
            resolved = (resolved[0], max(resolved[1], now.astimezone(UTC)))
        return TimeRange(resolved[0], resolved[1], query[start : match.end()])
    return None


def _resolve(kind: str, groups: tuple[str, ...], now: datetime) -> tuple[datetime, datetime] | None:
    try:
        if kind == "iso":
            start = datetime(int(groups[0]), int(groups[1]), int(groups[2]), tzinfo=UTC)
            return start, start + timedelta(days=1)
        if kind in ("dmy", "mdy"):
            day, month = (groups[0], groups[1]) if kind == "dmy" else (groups[1], groups[0])
            start = datetime(int(groups[2]), _MONTHS[month], int(day), tzinfo=UTC)
            return start, start + timedelta(days=1)
    except ValueError:  # 31 February and the like: not a date, leave the query alone
        return None
    if kind == "month_year":
        return _month_range(int(groups[1]), _MONTHS[groups[0]])
    if kind == "month":
        number = _MONTHS[groups[0]]
        year = now.year if number <= now.month else now.year - 1
        return _month_range(year, number)
    if kind == "year":
        return datetime(int(groups[0]), 1, 1, tzinfo=UTC), datetime(
            int(groups[0]) + 1, 1, 1, tzinfo=UTC
        )
    if kind == "named_day":
        return _unit_range(now, "day", 0 if groups[0] == "today" else 1)
    if kind == "this_last":
        return _unit_range(now, groups[1], 0 if groups[0] == "this" else 1)
    if kind == "ago":
        return _unit_range(now, groups[1], _count(groups[0]))
    if kind == "past":
        return now - _span(groups[1], _count(groups[0])), now
    if kind == "past_one":  # "in the last month": the month before now, not the calendar one
        return now - _span(groups[0], 1), now
    return None


def named_time(query: str | None, reference: datetime) -> TimeRange | None:
    """The time ``query`` names ("last week"), read against ``reference``, or None; a time
    beyond year 1 or 9999 ("yesterday" on 0001-01-01) is left unresolved."""
    if not query:
        return None
    try:
        return find_time_range(query, reference)
    except (OverflowError, ValueError):
        return None
