"""Time conversions: the store keeps Unix seconds (UTC); the API speaks aware datetimes."""

from __future__ import annotations

import time
from datetime import UTC, date, datetime

__all__ = ["from_epoch", "now", "to_datetime", "to_epoch"]


def now() -> float:
    return time.time()


def to_datetime(value: datetime | date | str | float | int) -> datetime:
    """An aware UTC datetime from a datetime (naive means UTC), date, ISO string or Unix seconds."""
    if isinstance(value, bool):
        raise TypeError("a boolean is not a time")
    if isinstance(value, int | float):
        try:
            return datetime.fromtimestamp(float(value), UTC)
        except (OverflowError, OSError) as exc:  # beyond what the platform's time can hold
            raise ValueError(f"{value!r} is out of range for Unix seconds") from exc
    if isinstance(value, str):
        value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    raise TypeError(f"cannot read a time from {type(value).__name__}")


def to_epoch(value: datetime | date | str | float | int) -> float:
    return to_datetime(value).timestamp()


def from_epoch(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)
