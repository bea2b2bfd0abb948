"""Filter expressions for search and list: the grammar, parsed and checked once.

Each store compiles the parsed tree to its own query language (SQLite:
:mod:`remem.stores.sqlite.filters`).

A filter is a dict. Keys are record fields or metadata keys; values are a literal (equality) or an
operator dict::

    {"kind": "fact"}
    {"speaker": "Caroline"}                          # metadata key (or "metadata.speaker")
    {"created_at": {"$gte": "2023-05-01", "$lt": datetime(2023, 6, 1)}}
    {"tags": {"$contains": "travel"}}                # list member, or substring of a string
    {"$or": [{"kind": "fact"}, {"importance": {"$gte": 7}}]}
    {"$not": {"role": "tool"}}

Operators: ``$eq $ne $gt $gte $lt $lte $in $nin $contains $exists``; logic: ``$and $or $not``.
A record's ``namespace`` is compared as a list of labels, with ``$eq $ne $in $nin`` and
``$prefix`` (the namespace or any below it)::

    {"namespace": ["projects", "atlas"]}              # exactly this namespace
    {"namespace": {"$prefix": ["projects"]}}          # "projects" and every namespace below it

Record fields: see :data:`FIELDS`; any other key is a metadata key (dots address nested objects).
Times accept datetimes, dates, ISO 8601 strings or Unix seconds.

Limits (:class:`~remem.core.limits.Limits`): at most ``max_filter_depth`` nested ``$and`` / ``$or``
/ ``$not`` (32 by default), ``max_filter_conditions`` conditions (256) and ``max_filter_values``
values in all ``$in`` / ``$nin`` lists together (1,000). Numbers are finite and integers fit
SQLite's 64 bits; strings are valid UTF-8. Anything else is a :class:`FilterError`."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from remem.core.errors import FilterError, InvalidInputError
from remem.core.limits import DEFAULT_LIMITS, Limits
from remem.core.records import encode_namespace
from remem.core.validate import namespace_labels, opt_str, time_value, utf8

__all__ = [
    "FIELDS",
    "Cond",
    "Filter",
    "Logic",
    "and_filters",
    "parse_filter",
    "required_values",
    "scope_filter",
    "to_sql",
]

FIELDS = frozenset(
    {
        "id",
        "kind",
        "role",
        "user_id",
        "agent_id",
        "session_id",
        "text",
        "created_at",
        "updated_at",
        "last_accessed_at",
        "access_count",
        "importance",
        "parent_id",
        "position",
        "expires_at",
        "namespace",
        "key",
        "language",
    }
)
TIME_FIELDS = frozenset({"created_at", "updated_at", "last_accessed_at", "expires_at"})
#: Record fields holding text, and numbers: a filter compares each with its own kind of value
#: (another kind is refused, as no store can compare it alike).
NUMBER_FIELDS = frozenset({"importance", "access_count", "position"})
TEXT_FIELDS = FIELDS - TIME_FIELDS - NUMBER_FIELDS - {"namespace"}
COMPARE = {"$eq": "=", "$ne": "!=", "$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}
OPERATORS = frozenset({*COMPARE, "$in", "$nin", "$contains", "$exists", "$prefix"})
#: What a namespace may be compared with (its values are label lists, stored encoded).
NAMESPACE_OPS = frozenset({"$eq", "$ne", "$in", "$nin", "$prefix"})
_BAD_KEY = re.compile(r'["\\\x00-\x1f]')
Scalar = str | int | float | bool | None
INT64 = (-(2**63), 2**63 - 1)


@dataclass(frozen=True, slots=True)
class Cond:
    field: str  # a record field, or "metadata.<path>"
    op: str
    value: Any


@dataclass(frozen=True, slots=True)
class Logic:
    op: str  # "$and" | "$or" | "$not"
    parts: tuple[Filter, ...]


Filter = Cond | Logic


def parse_filter(spec: Mapping[str, Any] | None, limits: Limits = DEFAULT_LIMITS) -> Filter | None:
    """Validate a filter dict; raises :class:`FilterError` saying what is wrong."""
    return _parse(spec, _Budget(limits), 0)


@dataclass(slots=True)
class _Budget:
    """What a filter being parsed has used of its limits."""

    limits: Limits
    conditions: int = 0
    values: int = 0

    def nest(self, depth: int) -> None:
        if depth > self.limits.max_filter_depth:
            raise FilterError(
                f"the filter nests $and/$or/$not more than {self.limits.max_filter_depth} "
                "levels deep: flatten it (a $and or $or takes a whole list)"
            )

    def condition(self, values: int = 0) -> None:
        self.conditions += 1
        self.values += values
        if self.conditions > self.limits.max_filter_conditions:
            raise FilterError(
                f"the filter has more than {self.limits.max_filter_conditions} conditions: "
                "use $in with a list of values instead of many alternatives"
            )
        if self.values > self.limits.max_filter_values:
            raise FilterError(
                f"the filter's $in/$nin lists hold more than {self.limits.max_filter_values:,} "
                "values in all: narrow it (a scope, a time range, a metadata tag)"
            )


def _parse(spec: Any, budget: _Budget, depth: int) -> Filter | None:
    if spec is None:
        return None
    if not isinstance(spec, Mapping):
        raise FilterError(f"filters must be a dict, got {type(spec).__name__}")
    parts = [_parse_item(key, value, budget, depth) for key, value in spec.items()]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else Logic("$and", tuple(parts))


def _parse_item(key: Any, value: Any, budget: _Budget, depth: int) -> Filter:
    if not isinstance(key, str) or not key:
        raise FilterError(f"filter keys must be non-empty strings, got {key!r}")
    utf8(key, f"the filter key {key!r}", FilterError)
    if key in ("$and", "$or"):
        budget.nest(depth + 1)
        if not isinstance(value, list | tuple) or not value:
            raise FilterError(f"{key} takes a non-empty list of filters")
        subs = [_parse(v, budget, depth + 1) for v in value]
        return Logic(key, tuple(s for s in subs if s is not None))
    if key == "$not":
        budget.nest(depth + 1)
        sub = _parse(value, budget, depth + 1)
        if sub is None:
            raise FilterError("$not takes a non-empty filter")
        return Logic("$not", (sub,))
    if key.startswith("$"):
        raise FilterError(f"unknown logical operator {key!r}: use $and, $or or $not")
    field = _field(key)
    if isinstance(value, Mapping):
        if not value:
            raise FilterError(f"empty operator dict for {key!r}")
        conds: list[Filter] = [_cond(field, op, v, budget) for op, v in value.items()]
        return conds[0] if len(conds) == 1 else Logic("$and", tuple(conds))
    return _cond(field, "$eq", value, budget)


def _field(key: str) -> str:
    if key in FIELDS:
        return key
    path = key.removeprefix("metadata.")
    if not path or _BAD_KEY.search(path) or "" in path.split("."):
        raise FilterError(f"invalid metadata key {key!r}")
    return "metadata." + path


def _cond(field: str, op: Any, value: Any, budget: _Budget) -> Cond:
    if not isinstance(op, str) or op not in OPERATORS:
        raise FilterError(f"unknown operator {op!r} on {field!r}: use one of {sorted(OPERATORS)}")
    if field == "namespace" or op == "$prefix":
        return _namespace_cond(field, op, value, budget)
    if op in ("$in", "$nin"):
        if not isinstance(value, list | tuple | set | frozenset):
            raise FilterError(f"{op} on {field!r} takes a list")
        budget.condition(len(value))
        return Cond(field, op, tuple(_scalar(field, v) for v in value))
    budget.condition()
    if op == "$exists":
        if not isinstance(value, bool):
            raise FilterError(f"$exists on {field!r} takes true or false")
        return Cond(field, op, value)
    value = _scalar(field, value)
    if op in ("$gt", "$gte", "$lt", "$lte", "$contains") and value is None:
        raise FilterError(f"{op} on {field!r} needs a value, not null")
    return Cond(field, op, value)


def _namespace_cond(field: str, op: str, value: Any, budget: _Budget) -> Cond:
    """A condition on ``namespace``: its values are label lists, kept encoded as stored."""
    if field != "namespace":
        raise FilterError(f"$prefix applies to namespace only, not {field!r}")
    if op not in NAMESPACE_OPS:
        raise FilterError(f"{op} does not apply to namespace: use one of {sorted(NAMESPACE_OPS)}")
    limits = budget.limits
    try:
        if op in ("$in", "$nin"):
            if not isinstance(value, list | tuple):
                raise FilterError(f"{op} on namespace takes a list of namespaces")
            budget.condition(len(value))
            return Cond(
                field, op, tuple(encode_namespace(namespace_labels(v, limits)) for v in value)
            )
        budget.condition()
        return Cond(field, op, encode_namespace(namespace_labels(value, limits)))
    except FilterError:
        raise
    except InvalidInputError as exc:
        raise FilterError(f"a filter on {exc}") from exc


def _scalar(field: str, value: Any) -> Scalar:
    if field in TIME_FIELDS and value is not None:
        return time_value(value, field, FilterError).timestamp()
    if value is not None and field in TEXT_FIELDS and not isinstance(value, str):
        raise FilterError(f"{field!r} holds text: compare it with a string, not {_shown(value)}")
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if value is not None and field in NUMBER_FIELDS and not number:
        raise FilterError(f"{field!r} holds a number: compare it with one, not {_shown(value)}")
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, str):
        return utf8(value, f"a filter value for {field!r}", FilterError)
    if isinstance(value, int):
        if not INT64[0] <= value <= INT64[1]:
            raise FilterError(
                f"an integer in the filter on {field!r} does not fit 64 bits: "
                f"use a number from {INT64[0]} to {INT64[1]}"
            )
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise FilterError(f"a filter value for {field!r} is {value}: use a finite number")
        return value
    raise FilterError(f"unsupported filter value {_shown(value)} for {field!r}")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# -- building filters in code -------------------------------------------------------------------
def scope_filter(
    user_id: str | None,
    agent_id: str | None,
    session_id: str | None,
    filters: Mapping[str, Any] | None,
    *,
    kind: str | None = None,
    namespace: Any = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Filter | None:
    """A read's conditions: the scope fields given, ``kind``, ``namespace`` (a label list: that
    namespace and every one below it) and the caller's ``filters``."""
    parts: list[Filter] = []
    for name, value in (
        ("user_id", user_id),
        ("agent_id", agent_id),
        ("session_id", session_id),
        ("kind", kind),
    ):
        if value is not None:
            parts.append(Cond(name, "$eq", opt_str(value, name)))
    labels = namespace_labels(namespace, limits)
    if labels:  # the root (None or []) is everything
        parts.append(Cond("namespace", "$prefix", encode_namespace(labels)))
    parsed = parse_filter(filters, limits)
    if parsed is not None:
        parts.append(parsed)
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else Logic("$and", tuple(parts))


def and_filters(left: Filter | None, right: Filter | None) -> Filter | None:
    """Both filters; nested ``$and`` conditions are flattened, so a store sees scope conditions as
    the plain conjunction it answers from its indexes."""
    if left is None or right is None:
        return left or right
    parts = [
        *(left.parts if isinstance(left, Logic) and left.op == "$and" else (left,)),
        *(right.parts if isinstance(right, Logic) and right.op == "$and" else (right,)),
    ]
    return Logic("$and", tuple(parts))


def required_values(where: Filter | None, field: str) -> frozenset[str] | None:
    """The values of ``field`` one of which every record ``where`` admits holds: from its
    ``$eq`` / ``$in`` conditions on strings at the top level or inside ``$and`` (intersected
    when several), or None when the filter leaves the field free. A scope's grant is such a
    condition, so a tenant's reads are always bounded to its own users or agents."""
    if where is None:
        return None
    if isinstance(where, Cond):
        if where.field != field:
            return None
        if where.op == "$eq" and isinstance(where.value, str):
            return frozenset((where.value,))
        if where.op == "$in" and all(isinstance(v, str) for v in where.value):
            return frozenset(where.value)
        return None
    if where.op != "$and":
        return None
    found: frozenset[str] | None = None
    for part in where.parts:
        values = required_values(part, field)
        if values is not None:
            found = values if found is None else found & values
    return found


def to_sql(node: Filter, condition: Callable[[Cond], str]) -> str:
    """``node`` as a SQL boolean expression: ``$and`` / ``$or`` / ``$not`` here, each condition
    by ``condition`` (a store's own dialect, which appends its parameters in the order it
    writes them, so they follow the expression's placeholders)."""
    if isinstance(node, Logic):
        inner = [to_sql(part, condition) for part in node.parts]
        if node.op == "$not":
            return f"NOT ({inner[0]})"
        return "(" + (" AND " if node.op == "$and" else " OR ").join(inner) + ")"
    return condition(node)
