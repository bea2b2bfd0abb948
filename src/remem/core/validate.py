"""Checks on what callers pass in, and the identity of a new record (id, content hash).

Every function raises :class:`~remem.core.errors.InvalidInputError` (or a subclass) with a message
that says what is wrong; none of them touches the store.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

import numpy as np

from remem.core.errors import (
    EmptyTextError,
    InvalidInputError,
    InvalidTextError,
    PayloadTooLargeError,
)
from remem.core.limits import DEFAULT_LIMITS, Limits
from remem.core.records import Namespace
from remem.core.timeutil import now as now_epoch
from remem.core.timeutil import to_datetime

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


def clean_text(
    text: Any, where: str = "", *, max_chars: int | None = None, what: str = "text"
) -> str:
    """``text`` stripped, refused when it is not a string, not valid UTF-8, empty, or longer
    than ``max_chars`` (:class:`PayloadTooLargeError`, before any work is spent on it)."""
    if not isinstance(text, str):
        raise InvalidInputError(f"{where}{what} must be a string, got {type(text).__name__}")
    if max_chars is not None:
        bounded(text, max_chars, f"{where}{what}")
    utf8(text, f"{where}{what}")
    stripped = text.strip()
    if not stripped:
        needs = "a memory needs some text" if what == "text" else f"give a {what}"
        raise EmptyTextError(f"{where}{what} is empty: {needs}")
    return stripped


def bounded(text: str, max_chars: int, name: str) -> str:
    """``text`` if it holds at most ``max_chars`` characters, else :class:`PayloadTooLargeError`
    (checked before any work is spent on it)."""
    if len(text) > max_chars:
        raise PayloadTooLargeError(
            f"{name} is {len(text):,} characters, over the limit of {max_chars:,}: shorten or "
            "split it (or raise the limit: remem.Limits, REMEM_MAX_* settings)"
        )
    return text


def utf8(value: str, name: str, error: type[InvalidInputError] = InvalidTextError) -> str:
    """``value`` if it encodes as UTF-8; a lone surrogate (from a bad decode) is refused."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error(
            f"{name} is not valid UTF-8 (bad character at position {exc.start}): "
            "decode your input as UTF-8 first"
        ) from exc
    return value


def opt_str(value: Any, name: str) -> str | None:
    """None, or a string that is valid UTF-8."""
    if value is None:
        return None
    if isinstance(value, str):
        return utf8(value, name)
    raise InvalidInputError(f"{name} must be a string, got {type(value).__name__}")


#: Longest label of a namespace, in characters.
MAX_LABEL_CHARS = 256
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def namespace_labels(
    value: Any, limits: Limits = DEFAULT_LIMITS, name: str = "namespace"
) -> Namespace:
    """A namespace: a list or tuple of at most ``limits.max_namespace_depth`` labels, each a
    non-empty string of at most :data:`MAX_LABEL_CHARS` characters with no control characters.
    None is the root, ``()``."""
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise InvalidInputError(
            f'{name} is a list of labels, e.g. ["projects", "atlas"], got {value!r:.80}'
        )
    if len(value) > limits.max_namespace_depth:
        raise InvalidInputError(
            f"{name} has {len(value)} labels, over the limit of {limits.max_namespace_depth}"
        )
    for label in value:
        if not isinstance(label, str) or not label:
            raise InvalidInputError(f"{name}: each label is a non-empty string, got {label!r:.80}")
        if len(label) > MAX_LABEL_CHARS or _CONTROL.search(label):
            raise InvalidInputError(
                f"{name}: the label {label!r:.80} is longer than {MAX_LABEL_CHARS} characters "
                "or holds a control character"
            )
        utf8(label, name)
    return tuple(value)


def metadata_dict(value: Any, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """A copy of ``value`` as plain JSON, within the limits on depth and encoded size."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidInputError(f"metadata must be a dict, got {type(value).__name__}")
    encoded = json_text(dict(value), "metadata", limits.max_metadata_bytes, limits.max_json_depth)
    return dict(json.loads(encoded))


def json_text(value: Any, name: str, max_bytes: int, max_depth: int) -> str:
    """``value`` encoded as JSON text that will always read back and that SQLite's JSON
    functions accept: not nested deeper than ``max_depth``, no NaN or infinity, valid UTF-8,
    at most ``max_bytes`` bytes encoded. Datetimes and dates become ISO 8601 strings."""
    deepest = json_depth(value, max_depth)
    if deepest > max_depth:
        raise InvalidInputError(
            f"{name} is nested more than {max_depth} levels deep: flatten it "
            "(or raise the limit: max_json_depth)"
        )
    try:
        text = json.dumps(value, default=json_default, ensure_ascii=False, allow_nan=False)
    except ValueError as exc:
        if "Out of range float" in str(exc):
            raise InvalidInputError(
                f"{name} holds NaN or infinity, which JSON cannot carry: use null or a string"
            ) from exc
        raise InvalidInputError(f"{name} must be JSON-serialisable: {exc}") from exc
    except TypeError as exc:
        raise InvalidInputError(f"{name} must be JSON-serialisable: {exc}") from exc
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise InvalidTextError(
            f"{name} holds text that is not valid UTF-8 (a lone surrogate near "
            f"{text[max(exc.start - 20, 0) : exc.start]!r}): decode your input as UTF-8 first"
        ) from exc
    if size > max_bytes:
        raise PayloadTooLargeError(
            f"{name} is {size:,} bytes as JSON, over the limit of {max_bytes:,}: store large "
            "data elsewhere and keep a reference (or raise the limit)"
        )
    return text


def json_depth(value: Any, stop: int) -> int:
    """How deeply lists, tuples and dicts nest in ``value`` (a scalar is 0), counting no
    further than ``stop + 1``; without recursion, so any depth is safe to measure."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest > stop:
            return deepest
        todo.extend((child, depth) for child in children)
    return deepest


def json_default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable")


def number_within(name: str, value: Any, low: float, high: float) -> float:
    """``value`` if it is a number in ``[low, high]`` (not a bool, not NaN); else an
    :class:`InvalidInputError` naming ``name`` and the range."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise InvalidInputError(
            f"{name} must be a number within [{low:g}, {high:g}], got {value!r}"
        )
    return float(value)


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
