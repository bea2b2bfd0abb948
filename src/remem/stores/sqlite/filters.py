"""The filter tree (:mod:`remem.filters`) as a SQLite boolean expression over ``memories``."""

from __future__ import annotations

from typing import Any

from remem.filters import COMPARE, Cond, Filter, to_sql
from remem.records import namespace_range

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
        column = f"json_extract({alias}.metadata, ?)"
    else:
        path = ""
        column = f"{alias}.{node.field}"
    return _op_sql(node, column, alias, path, params)


def _op_sql(node: Cond, column: str, alias: str, path: str, params: list[Any]) -> str:
    op, value = node.op, node.value
    use_column = [path] if path else []  # the json_extract(...) placeholder, where used
    if op in ("$in", "$nin") and not value:
        return "0" if op == "$in" else "1"
    if op == "$contains" and path:  # member of a JSON array, or substring of a string
        params.extend([path, path, value, path, str(value)])
        return (
            f"(CASE json_type({alias}.metadata, ?) WHEN 'array' THEN EXISTS("
            f"SELECT 1 FROM json_each({alias}.metadata, ?) WHERE value = ?) "
            f"ELSE instr(json_extract({alias}.metadata, ?), ?) > 0 END)"
        )
    params.extend(use_column)
    if op == "$prefix":  # a namespace and those below it: its stored form is their prefix
        if not value:
            return "1"
        params.extend(namespace_range(value))  # the '' term lets the partial index serve
        return f"({column} != '' AND {column} >= ? AND {column} < ?)"
    if op == "$exists":
        return f"({column} IS {'NOT ' if value else ''}NULL)"
    if op in ("$eq", "$ne") and value is None:
        return f"({column} IS {'NOT ' if op == '$ne' else ''}NULL)"
    if op == "$ne":
        params.append(value)
        return f"({column} IS NOT ?)"
    if op in COMPARE:
        params.append(value)
        return f"({column} {COMPARE[op]} ?)"
    if op in ("$in", "$nin"):
        marks = ",".join("?" * len(value))
        if op == "$in":
            params.extend(value)
            return f"({column} IN ({marks}))"
        params.extend([*use_column, *value])  # the column appears a second time
        return f"({column} IS NULL OR {column} NOT IN ({marks}))"
    params.append(str(value))
    return f"(instr({column}, ?) > 0)"
