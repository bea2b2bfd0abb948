"""The filter tree (:mod:`remem.filters`) as a PostgreSQL boolean expression over ``memories``.

Record fields are columns; a metadata key is a path into the ``metadata`` JSONB column, compared
as JSON (``"7"`` is not ``7``), the way the SQLite store compares ``json_extract`` values: a
missing key and a JSON ``null`` are both "no value". Parameters are psycopg ``%s`` placeholders.
"""

from __future__ import annotations

import json
from typing import Any

from remem.filters import COMPARE, Cond, Filter, to_sql
from remem.records import namespace_range

__all__ = ["compile_postgres"]


def compile_postgres(node: Filter | None, alias: str = "m") -> tuple[str, list[Any]]:
    """Compile to a PostgreSQL boolean expression over ``memories`` aliased ``alias``."""
    if node is None:
        return "TRUE", []
    params: list[Any] = []
    return to_sql(node, lambda cond: _condition(cond, alias, params)), params


def _condition(node: Cond, alias: str, params: list[Any]) -> str:
    if node.field.startswith("metadata."):
        return _metadata(node, alias, node.field[len("metadata.") :].split("."), params)
    if node.field == "user_id" and node.op == "$eq" and isinstance(node.value, str):
        # Also on the tenant key, which a database sharded by tenant routes by.
        params.extend([node.value, node.value])
        return f"({alias}.tenant = %s AND {alias}.user_id = %s)"
    return _column(node, f"{alias}.{node.field}", params)


def _column(node: Cond, column: str, params: list[Any]) -> str:
    op, value = node.op, node.value
    if op == "$prefix":  # a namespace and those below it: its stored form is their prefix
        if not value:
            return "TRUE"
        # Byte-wise operators (not the column's collation), which the text_pattern_ops index
        # serves; the '' term lets its partial index do so.
        params.extend(namespace_range(value))
        return f"({column} <> '' AND {column} ~>=~ %s AND {column} ~<~ %s)"
    if op == "$exists":
        return f"({column} IS {'NOT ' if value else ''}NULL)"
    if op in ("$eq", "$ne") and value is None:
        return f"({column} IS {'NOT ' if op == '$ne' else ''}NULL)"
    if op == "$ne":
        params.append(value)
        return f"({column} IS DISTINCT FROM %s)"
    if op in COMPARE:
        params.append(value)
        return f"({column} {COMPARE[op]} %s)"
    if op in ("$in", "$nin"):
        if not value:
            return "FALSE" if op == "$in" else "TRUE"
        params.append(list(value))
        if op == "$in":
            return f"({column} = ANY(%s))"
        return f"({column} IS NULL OR NOT ({column} = ANY(%s)))"
    params.append(str(value))  # $contains on a text field: a substring
    return f"(strpos({column}, %s) > 0)"


def _metadata(node: Cond, alias: str, path: list[str], params: list[Any]) -> str:
    op, value = node.op, node.value
    # ``#>`` gives SQL NULL for a missing key; a JSON null becomes SQL NULL too.
    params.append(path)
    at = f"nullif({alias}.metadata #> %s::text[], 'null'::jsonb)"
    if op == "$exists":
        return f"({at} IS {'NOT ' if value else ''}NULL)"
    if op in ("$eq", "$ne") and value is None:
        return f"({at} IS {'NOT ' if op == '$ne' else ''}NULL)"
    if op == "$contains":  # member of a JSON array, or substring of a string
        params.extend([path, json.dumps([value]), path, str(value)])
        return (
            f"(CASE jsonb_typeof({alias}.metadata #> %s::text[]) "
            f"WHEN 'array' THEN {alias}.metadata #> %s::text[] @> %s::jsonb "
            f"ELSE strpos({alias}.metadata #>> %s::text[], %s) > 0 END)"
        )
    if op == "$ne":
        params.append(json.dumps(value))
        return f"({at} IS DISTINCT FROM %s::jsonb)"
    if op in COMPARE:
        params.append(json.dumps(value))
        return f"({at} {COMPARE[op]} %s::jsonb)"
    if op in ("$in", "$nin"):
        if not value:
            params.pop()
            return "FALSE" if op == "$in" else "TRUE"
        params.append([json.dumps(v) for v in value])
        if op == "$in":
            return f"({at} = ANY(%s::jsonb[]))"
        params.insert(len(params) - 1, path)  # the value appears a second time
        again = f"nullif({alias}.metadata #> %s::text[], 'null'::jsonb)"
        return f"({at} IS NULL OR NOT ({again} = ANY(%s::jsonb[])))"
    raise AssertionError(f"unknown operator {op}")  # parse_filter admits no other
