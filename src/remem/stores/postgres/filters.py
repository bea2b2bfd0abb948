"""The filter tree (:mod:`remem.core.filters`) as a PostgreSQL boolean expression over ``memories``.

Record fields are columns; a metadata key is a path into the ``metadata`` JSONB column through
objects only (``->`` by key: ``tags.0`` is no array index), compared as JSON (``"7"`` is not
``7``, and only values of one type are ordered), as :mod:`remem.testing.filters` states: a
missing key and a JSON ``null`` are both "no value". Parameters are psycopg ``%s`` placeholders.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from remem.core.filters import COMPARE, Cond, Filter, Logic, to_sql
from remem.stores.sql import FilterDialect, column_condition

__all__ = ["compile_postgres"]


def compile_postgres(node: Filter | None, alias: str = "m") -> tuple[str, list[Any]]:
    """Compile to a PostgreSQL boolean expression over ``memories`` aliased ``alias``."""
    if node is None:
        return "TRUE", []
    params: list[Any] = []
    return to_sql(_routed(node), lambda cond: _condition(cond, alias, params)), params


#: A user's equality that also names the tenant key (:func:`_routed`).
_TENANT = "tenant+user_id"


def _routed(node: Filter) -> Filter:
    """``node`` with each ``user_id`` equality outside ``$not`` also on the tenant key, which
    a database sharded by tenant routes by. Not under ``$not``: a record without a user (tenant
    ``''``) would turn "unknown" into "false" there, and its negation into "true"."""
    if isinstance(node, Cond):
        if node.field == "user_id" and node.op == "$eq" and isinstance(node.value, str):
            return Cond(_TENANT, "$eq", node.value)
        return node
    if node.op == "$not":
        return node
    return Logic(node.op, tuple(_routed(part) for part in node.parts))


def _condition(node: Cond, alias: str, params: list[Any]) -> str:
    if node.field.startswith("metadata."):
        return _metadata(node, alias, node.field[len("metadata.") :].split("."), params)
    if node.field == _TENANT:
        params.extend([node.value, node.value])
        return f"({alias}.tenant = %s AND {alias}.user_id = %s)"
    return column_condition(node, f"{alias}.{node.field}", params, _DIALECT)


def _members(
    op: str, values: tuple[Any, ...], at: Callable[[], str], cast: str, params: list[Any]
) -> str:
    """``$in`` (any of ``$eq``: ``None`` matches no value) or ``$nin`` (none of them), the
    values bound as one array (of ``cast`` from JSON text, when given). ``at()`` writes the
    value's expression, binding what it needs, once per use."""
    if not values:
        return "FALSE" if op == "$in" else "TRUE"
    present = [v for v in values if v is not None]
    if not cast and {type(v) for v in present} == {int, float}:
        present = [float(v) for v in present]  # psycopg binds a list of one type only
    bound = [json.dumps(v) for v in present] if cast else present
    if len(present) == len(values) and op == "$in":
        column = at()
        params.append(bound)
        return f"({column} = ANY(%s{cast}))"
    if len(present) == len(values):
        first, second = at(), at()
        params.append(bound)
        return f"({first} IS NULL OR NOT ({second} = ANY(%s{cast})))"
    first = at()
    params.append(bound)
    any_of = f"({first} = ANY(%s{cast}) OR {at()} IS NULL)"
    return any_of if op == "$in" else f"(NOT coalesce({any_of}, FALSE))"


_DIALECT = FilterDialect(
    mark="%s",
    true="TRUE",
    distinct="IS DISTINCT FROM",
    at_least="~>=~",
    below="~<~",
    substring="strpos({column}, {mark}) > 0",
    members=lambda op, values, column, params: _members(op, values, lambda: column, "", params),
)


def _metadata(node: Cond, alias: str, path: list[str], params: list[Any]) -> str:
    op, value = node.op, node.value
    # ``->`` by key: SQL NULL for a missing key, and on anything but an object.
    raw = f"({alias}.metadata{''.join(' -> %s::text' for _ in path)})"

    def at() -> str:
        """The value, a JSON null as SQL NULL; each use binds the path again."""
        params.extend(path)
        return f"nullif({raw}, 'null'::jsonb)"

    if op == "$exists":
        return f"({at()} IS {'NOT ' if value else ''}NULL)"
    if op in ("$eq", "$ne") and value is None:
        return f"({at()} IS {'NOT ' if op == '$ne' else ''}NULL)"
    if op in ("$in", "$nin"):
        return _members(op, value, at, "::jsonb[]", params)
    if op == "$contains":  # member of a JSON array, or substring of a string
        kind = at()
        params.extend([*path, json.dumps([value]), *path, str(value)])
        return (
            f"(CASE jsonb_typeof({kind}) WHEN 'array' THEN {raw} @> %s::jsonb "
            f"WHEN 'string' THEN strpos({raw} #>> '{{}}', %s) > 0 "
            f"ELSE CASE WHEN {at()} IS NOT NULL THEN FALSE END END)"
        )
    if op in ("$eq", "$ne"):
        column = at()
        params.append(json.dumps(value))
        return f"({column} {'=' if op == '$eq' else 'IS DISTINCT FROM'} %s::jsonb)"
    kind, column = at(), at()  # ordered within one JSON type only
    params.append(json.dumps(value))
    return f"(jsonb_typeof({kind}) = '{_json_type(value)}' AND {column} {COMPARE[op]} %s::jsonb)"


def _json_type(value: Any) -> str:
    """``jsonb_typeof``'s name for ``value``'s JSON type."""
    if isinstance(value, bool):
        return "boolean"
    return "number" if isinstance(value, int | float) else "string"
