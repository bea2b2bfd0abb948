"""Reading the web page's forms and query strings: a memory as the edit form shows it and the
changes a form gives, the browse page's filter, the notices a page shows after a change, and
each parameter's check (a 4xx with the reason, never a 500)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any
from urllib.parse import urlencode

from remem.core.errors import InvalidInputError
from remem.core.records import MemoryRecord
from remem.core.timeutil import MAX_TIME
from remem.server.routes import json_filter, json_object

__all__ = [
    "browse_filter", "changes", "day", "deleted_notice", "int_param", "json_text", "number",
    "page_url", "present", "scope", "text", "trash_notice", "values",
]  # fmt: skip


def values(record: MemoryRecord) -> dict[str, str]:
    """A memory as the edit form shows it."""
    importance = "" if record.importance is None else f"{record.importance:g}"
    metadata = json_text(record.metadata) if record.metadata else ""
    return {
        "text": record.text,
        "kind": record.kind,
        "role": record.role or "",
        "importance": importance,
        "metadata": metadata,
    }


def changes(values: Mapping[str, str]) -> dict[str, Any]:
    """The text, kind, role, importance and metadata a form gives (None: left blank)."""
    return {
        "text": values.get("text", ""),
        "kind": text(values, "kind"),
        "role": text(values, "role"),
        "importance": number(values, "importance"),
        "metadata": json_object(text(values, "metadata"), "metadata"),
    }


def present(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}


def json_text(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True)


def number(values: Mapping[str, str], name: str) -> float | None:
    raw = values.get(name, "").strip()
    if not raw:
        return None
    try:
        return float(raw)
    except ValueError:
        raise InvalidInputError(f"{name} must be a number, got {raw!r}") from None


def browse_filter(params: Mapping[str, str]) -> dict[str, Any] | None:
    """The created_at range (``to`` is inclusive: the whole day) and-ed with any JSON filter."""
    start, end = day(params, "from"), day(params, "to")
    if start and end and end < start:
        raise InvalidInputError(f"'to' ({end}) is before 'from' ({start})")
    created: dict[str, str] = {}
    if start:
        created["$gte"] = start.isoformat()
    if end and end == date.max:  # the last day there is: up to the last time stored
        created["$lte"] = MAX_TIME.isoformat()
    elif end:
        created["$lt"] = (end + timedelta(days=1)).isoformat()
    parts: list[dict[str, Any]] = [{"created_at": created}] if created else []
    extra = json_filter(text(params, "filters"))
    parts += [extra] if extra else []
    if len(parts) < 2:
        return parts[0] if parts else None
    return {"$and": parts}


def deleted_notice(params: Mapping[str, str]) -> str | None:
    deleted = text(params, "deleted")
    if deleted is None:
        return None
    extra = int(params["count"]) - 1 if params.get("count", "").isdigit() else 0
    along = f", with its {extra} chunk{'s' * (extra != 1)}" if extra > 0 else ""
    if params.get("trashed"):
        return f"Moved memory {deleted}{along} to the trash."
    return f"Deleted memory {deleted}{along}."


def trash_notice(params: Mapping[str, str]) -> str | None:
    """What the trash page says after restoring a memory (its link is in the template) or
    emptying the trash."""
    emptied = params.get("emptied", "")
    if emptied.isdigit():
        count = int(emptied)
        return f"Removed {count:,} memor{'y' if count == 1 else 'ies'} from the trash for good."
    return None


def page_url(params: Mapping[str, str], offset: int) -> str:
    skip = ("offset", "deleted", "count", "trashed")
    kept = {k: v for k, v in params.items() if v and k not in skip}
    return "/memories?" + urlencode({**kept, "offset": max(offset, 0)})


def scope(params: Mapping[str, str]) -> dict[str, Any]:
    return {name: text(params, name) for name in ("user_id", "agent_id", "session_id")}


def text(params: Mapping[str, str], name: str) -> str | None:
    return params.get(name, "").strip() or None


def int_param(params: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = params.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise InvalidInputError(f"{name} must be a whole number, got {raw!r}") from None
    if not low <= value <= high:
        raise InvalidInputError(f"{name} must be from {low} to {high}, got {value}")
    return value


def day(params: Mapping[str, str], name: str) -> date | None:
    raw = params.get(name, "").strip()
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise InvalidInputError(f"'{name}' is not a date: {raw!r} (use YYYY-MM-DD)") from None
