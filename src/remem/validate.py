"""Checks on what callers pass in, and the identity of a new record (id, content hash).

Every function raises :class:`~remem.errors.InvalidInputError` (or a subclass) with a message
that says what is wrong; none of them touches the store.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

import numpy as np

from remem.errors import EmptyTextError, InvalidInputError, InvalidTextError
from remem.timeutil import now as now_epoch
from remem.timeutil import to_datetime

TimeLike = datetime | date | str | float | int


def new_id() -> str:
    """A UUIDv7 string: unique, and sorting by it sorts by creation time."""
    stamp = int(now_epoch() * 1000) & ((1 << 48) - 1)
    rand = int.from_bytes(os.urandom(10), "big")
    value = (stamp << 80) | (0x7 << 76) | ((rand >> 62) & 0xFFF) << 64
    value |= (0b10 << 62) | (rand & ((1 << 62) - 1))
    h = f"{value:032x}"
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def content_hash(text: str) -> str:
    """SHA-256 of the text with runs of whitespace collapsed: equal texts, equal hashes."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


def clean_text(text: Any, where: str = "") -> str:
    if not isinstance(text, str):
        raise InvalidInputError(f"{where}text must be a string, got {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidTextError(
            f"{where}text is not valid UTF-8 (bad character at position {exc.start}): "
            "decode your input as UTF-8 first"
        ) from exc
    stripped = text.strip()
    if not stripped:
        raise EmptyTextError(f"{where}text is empty: a memory needs some text")
    return stripped


def opt_str(value: Any, name: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise InvalidInputError(f"{name} must be a string, got {type(value).__name__}")


def metadata_dict(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidInputError(f"metadata must be a dict, got {type(value).__name__}")
    try:
        return dict(json.loads(json.dumps(dict(value), default=json_default)))
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(f"metadata must be JSON-serialisable: {exc}") from exc


def json_default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable")


def importance_value(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not np.isfinite(value):
        raise InvalidInputError(f"importance must be a finite number, got {value!r}")
    return float(value)


def time_value(
    value: Any, name: str, error: type[InvalidInputError] = InvalidInputError
) -> datetime:
    """An aware UTC datetime from a datetime, date, ISO 8601 string or Unix seconds."""
    try:
        return to_datetime(value)
    except (TypeError, ValueError) as exc:
        raise error(f"{name} must be a datetime, ISO 8601 string or number: {exc}") from exc


def epoch_time(value: Any) -> float:
    return time_value(value, "created_at").timestamp()


def as_item(item: Mapping[str, Any] | str, index: int) -> Mapping[str, Any]:
    if isinstance(item, str):
        return {"text": item}
    if not isinstance(item, Mapping):
        raise InvalidInputError(f"item {index} must be a dict or a string")
    return item


def reference_time(value: TimeLike | None) -> datetime:
    return datetime.now(UTC) if value is None else time_value(value, "now")
