"""The meaning of remem's filter tree (:mod:`remem.core.filters`), in plain Python: what a store's
compiled filter must select. Property tests hold each store's compiler to it
(``tests/test_filter_reference.py``); a backend outside remem can do the same with its own.

The rules a query language would leave to chance are stated here:

- A record field is its column's value (times in Unix seconds, ``namespace`` in its stored
  form); a metadata key is the JSON value at its path, which dots take through objects only (an
  array's elements are not addressed by number). A missing key and a JSON ``null`` are both
  "no value".
- Values compare as JSON: only values of one type are equal or ordered (a number never equals
  ``true``, ``"7"`` is not ``7``, ``"abc"`` is neither above nor below ``5``); numbers by value,
  strings by code point.
- Absent values follow SQL's three-valued logic, which every store's SQL shares: a comparison
  with no value is *unknown*, and ``$not`` of unknown is unknown, so ``$not`` never selects a
  record for lacking a field. ``$eq``/``$ne`` with ``null``, ``$ne``, ``$nin`` and ``$exists``
  are never unknown (a record without the field is "not equal").
- ``$in`` is any of ``$eq`` (so ``null`` in the list matches no value) and ``$nin`` none of them.
- ``$contains``: a member of an array (JSON equality), or a substring of a string (the value as
  text); any other value contains nothing.
- ``$prefix``: the namespace or one below it; ``[]`` is every namespace.

This module needs no test framework.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from remem.core.filters import Cond, Filter, Logic
from remem.core.records import MemoryRecord, encode_namespace, namespace_range

__all__ = ["field_value", "matches", "truth"]

#: A value that is not there (a NULL column, a missing key or a JSON null).
_ABSENT = object()


def matches(where: Filter | None, record: MemoryRecord) -> bool:
    """Whether a store selects ``record`` under ``where``."""
    return where is None or truth(where, record) is True


def truth(node: Filter, record: MemoryRecord) -> bool | None:
    """``node`` on ``record``: True, False or None (unknown)."""
    if isinstance(node, Logic):
        values = [truth(part, record) for part in node.parts]
        if node.op == "$not":
            return None if values[0] is None else not values[0]
        decided = node.op != "$and"  # the value that settles it: False for $and, True for $or
        if decided in values:
            return decided
        return None if None in values else not decided
    return _condition(node, field_value(record, node.field))


def field_value(record: MemoryRecord, field: str) -> Any:
    """A record's value for a filter field, as a store compares it (absent: ``_ABSENT``)."""
    if field.startswith("metadata."):
        value: Any = record.metadata
        for key in field[len("metadata.") :].split("."):
            if not isinstance(value, Mapping) or key not in value:
                return _ABSENT
            value = value[key]
        return _ABSENT if value is None else value
    value = getattr(record, field)
    if field == "namespace":
        return encode_namespace(value)
    if isinstance(value, datetime):
        return value.timestamp()
    return _ABSENT if value is None else value


def _condition(cond: Cond, value: Any) -> bool | None:
    op, wanted = cond.op, cond.value
    if op == "$exists":
        return (value is not _ABSENT) is wanted
    if op in ("$eq", "$ne"):
        same = _equal(value, wanted)
        if op == "$eq":
            return None if value is _ABSENT and wanted is not None else same
        return not same
    if op == "$in":
        if value is _ABSENT:
            return True if None in wanted else (None if wanted else False)
        return any(_equal(value, v) for v in wanted)
    if op == "$nin":
        return not any(_equal(value, v) for v in wanted)
    if value is _ABSENT:
        return None
    if op == "$prefix":
        if not wanted:
            return True
        low, high = namespace_range(wanted)
        return bool(value != "" and low <= value < high)
    if op == "$contains":
        if isinstance(value, list):
            return any(_equal(item, wanted) for item in value)
        return isinstance(value, str) and str(wanted) in value
    if _kind(value) != _kind(wanted) or _kind(value) in ("array", "object"):
        return False
    return bool(
        {
            "$gt": value > wanted,
            "$gte": value >= wanted,
            "$lt": value < wanted,
            "$lte": value <= wanted,
        }[op]
    )


def _equal(value: Any, wanted: Any) -> bool:
    """JSON equality; ``None`` (wanted) is equal to no value."""
    if wanted is None:
        return value is _ABSENT
    if value is _ABSENT or _kind(value) != _kind(wanted):
        return False
    if isinstance(value, list):
        return len(value) == len(wanted) and all(map(_equal, value, wanted))
    if isinstance(value, dict):
        return value.keys() == wanted.keys() and all(_equal(value[k], wanted[k]) for k in value)
    return bool(value == wanted)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"
