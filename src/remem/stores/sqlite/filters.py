"""The filter tree (:mod:`remem.core.filters`) as a SQLite boolean expression over ``memories``.

Metadata values compare as JSON, as :mod:`remem.testing.filters` states: ``json_extract`` gives
``true`` as 1 and an array as its text, so each comparison also asks ``json_type`` for the
value's type (``true`` is not 1, ``"abc"`` is not above 5).
"""

from __future__ import annotations

from typing import Any

from remem.core.filters import COMPARE, Cond, Filter, to_sql
from remem.stores.sql import FilterDialect, column_condition

__all__ = ["compile_sqlite"]


def compile_sqlite(node: Filter | None, alias: str = "m") -> tuple[str, list[Any]]:
    """Compile to a SQLite boolean expression over the ``memories`` table aliased ``alias``."""
    if node is None:
        return "1", []
    params: list[Any] = []
    return to_sql(node, lambda cond: _condition(cond, alias, params)), params


def _condition(node: Cond, alias: str, params: list[Any]) -> str:
    if node.field.startswith("metadata."):
        path = "$" + "".join(f'."{p}"' for p in node.field[len("metadata.") :].split("."))
        return _metadata(node, f"{alias}.metadata", path, params)
    return column_condition(node, f"{alias}.{node.field}", params, _DIALECT)


def _members(op: str, values: tuple[Any, ...], column: str, params: list[Any]) -> str:
    """``$in`` (any of ``$eq``: ``None`` matches no value) or ``$nin`` (none of them)."""
    if not values:
        return "0" if op == "$in" else "1"
    present = [v for v in values if v is not None]
    params.extend(present)
    marks = ",".join("?" * len(present))
    if len(present) == len(values):
        if op == "$in":
            return f"({column} IN ({marks}))"
        return f"({column} IS NULL OR {column} NOT IN ({marks}))"
    any_of = f"({column} IN ({marks}) OR {column} IS NULL)" if present else f"({column} IS NULL)"
    return any_of if op == "$in" else f"(NOT coalesce({any_of}, 0))"


_DIALECT = FilterDialect(
    mark="?",
    true="1",
    distinct="IS NOT",
    at_least=">=",
    below="<",
    substring="instr({column}, {mark}) > 0",
    members=_members,
)


def _json_types(value: Any) -> str:
    """The ``json_type`` names of ``value``'s JSON type, as a SQL list."""
    if isinstance(value, bool):
        return "('true', 'false')"
    if isinstance(value, int | float):
        return "('integer', 'real')"
    return "('text')"


def _metadata(node: Cond, doc: str, path: str, params: list[Any]) -> str:
    op, value = node.op, node.value
    at = f"json_extract({doc}, ?)"  # SQL NULL for a missing key and for a JSON null
    kind = f"nullif(json_type({doc}, ?), 'null')"
    if op == "$exists" or (op in ("$eq", "$ne") and value is None):
        params.append(path)
        absent = op == "$eq" or (op == "$exists" and not value)
        return f"({at} IS {'' if absent else 'NOT '}NULL)"
    if op == "$contains":  # member of a JSON array, or substring of a string
        params.extend([path, path, value, path, str(value), path])
        return (
            f"(CASE {kind} WHEN 'array' THEN EXISTS(SELECT 1 FROM json_each({doc}, ?) "
            f"WHERE type IN {_json_types(value)} AND value = ?) "
            f"WHEN 'text' THEN instr({at}, ?) > 0 "
            f"ELSE CASE WHEN {at} IS NOT NULL THEN 0 END END)"
        )
    if op in ("$in", "$nin"):
        return _members_json(op, value, at, kind, path, params)
    params.extend([path, value, path])  # the value first: the type is read for matches only
    same = f"({at} {COMPARE[op if op != '$ne' else '$eq']} ? AND {kind} IN {_json_types(value)})"
    return f"({same} IS NOT 1)" if op == "$ne" else same


def _members_json(
    op: str, values: tuple[Any, ...], at: str, kind: str, path: str, params: list[Any]
) -> str:
    """:func:`_members` on a metadata value: the members of each JSON type apart."""
    if not values:
        return "0" if op == "$in" else "1"
    groups: dict[str, list[Any]] = {}
    for value in values:
        if value is not None:
            groups.setdefault(_json_types(value), []).append(value)
    found = []
    for types, members in groups.items():
        params.extend([path, *members, path])
        found.append(f"({at} IN ({','.join('?' * len(members))}) AND {kind} IN {types})")
    if None in values:
        params.append(path)
        found.append(f"{at} IS NULL")
    any_of = "(" + " OR ".join(found) + ")"
    return any_of if op == "$in" else f"(NOT coalesce({any_of}, 0))"
