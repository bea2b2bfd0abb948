"""Time conversions: the store keeps Unix seconds (UTC); the API speaks aware datetimes."""

from __future__ import annotations

import time
from datetime import UTC, date, datetime

__all__ = [
    "MAX_EPOCH",
    "MAX_TIME",
    "MIN_EPOCH",
    "MIN_TIME",
    "from_epoch",
    "now",
    "to_datetime",
    "to_epoch",
]

#: The earliest and latest times remem stores: the first second of year 1 and the last whole
#: second of year 9999 (UTC), the range of Python's datetime. Both ends read back exactly; a
#: time outside them (or within the last second of 9999, which a float of Unix seconds cannot
#: tell from year 10000) is refused.
MIN_TIME = datetime(1, 1, 1, tzinfo=UTC)
MAX_TIME = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)
MIN_EPOCH = MIN_TIME.timestamp()
MAX_EPOCH = MAX_TIME.timestamp()


def now() -> float:
    return time.time()


def to_datetime(value: datetime | date | str | float | int) -> datetime:
    """An aware UTC datetime from a datetime (naive means UTC), date, ISO string or Unix seconds."""
    if isinstance(value, bool):
        raise TypeError("a boolean is not a time")
    if isinstance(value, int | float):
        try:
            seconds = float(value)
        except OverflowError:  # an integer beyond any float
            seconds = float("inf")
        if not MIN_EPOCH <= seconds <= MAX_EPOCH:  # also NaN
            shown = "a number that large" if abs(seconds) >= 1e30 else repr(value)
            raise ValueError(_out_of_range(shown))
        return datetime.fromtimestamp(seconds, UTC)
    if isinstance(value, str):
        value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    if isinstance(value, datetime):
        try:
            moment = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        except OverflowError:  # an offset that moves it past year 1 or 9999
            raise ValueError(_out_of_range(value.isoformat())) from None
        if not MIN_TIME <= moment <= MAX_TIME:
            raise ValueError(_out_of_range(value.isoformat()))
        return moment
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    raise TypeError(f"cannot read a time from {type(value).__name__}")


def _out_of_range(shown: str) -> str:
    return (
        f"{shown} is outside the times remem stores, {MIN_TIME.isoformat()} to "
        f"{MAX_TIME.isoformat()} (Unix seconds {MIN_EPOCH:.0f} to {MAX_EPOCH:.0f})"
    )


def to_epoch(value: datetime | date | str | float | int) -> float:
    return to_datetime(value).timestamp()


def from_epoch(value: float | None) -> datetime | None:
    """The stored Unix seconds as an aware UTC datetime; a value beyond the calendar (only a
    store written by other means can hold one) reads as the nearest end of it."""
    if value is None:
        return None
    return datetime.fromtimestamp(min(max(value, MIN_EPOCH), MAX_EPOCH), UTC)
