"""What remem's two SQL backends share: the connection their parts are built on, and the parts
written once for both dialects.

Each backend opens one connection object (:class:`Connection`: SQLite's in
:mod:`remem.stores.sqlite.connection`, PostgreSQL's in :mod:`remem.stores.postgres.connection`)
and hands it to every part by its constructor: the vectors, the side tables, the keys, the audit
log, the trash, erasure (and SQLite's keyword reader); the records are the store's own, over the
same connection. A part knows the connection and what it is handed (the records' delete, the
audit part; SQLite's trash the store's reads), never the store's private state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from remem.core.errors import EmbedderMismatchError
from remem.core.filters import COMPARE, Cond
from remem.core.records import namespace_range
from remem.embedders.base import EmbedderSignature
from remem.stores.audit_log import AuditTables
from remem.stores.base import read_pages
from remem.stores.tables import KeyTable

__all__ = [
    "Connection",
    "DeleteRows",
    "FilterDialect",
    "SqlKeys",
    "column_condition",
    "listing",
    "mismatch",
]


class Connection(Protocol):
    """A backend's one way to its database, as the parts use it."""

    #: Where the store is (a path, or a URL with its password masked): for error messages.
    path: str
    #: The driver's placeholder: ``?`` (sqlite3) or ``%s`` (psycopg).
    marks: str
    #: The table of the store's own settings (its audit key, its signature).
    meta_table: str

    def transaction(self) -> AbstractContextManager[Any]:
        """One write transaction, yielding the DB-API connection it runs on: committed on
        success, rolled back whole on any error (translated into remem's errors)."""
        ...

    def reading(self) -> AbstractContextManager[Any]:
        """A DB-API connection for reads that must see this handle's writes."""
        ...

    def rows(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any]:
        """The rows of one read that must see this handle's writes, each readable by column
        name (``dict(row)`` makes a dict of it)."""
        ...

    def stale_rows(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any]:
        """:meth:`rows` of a read a replica may answer (stale while the primary is down); the
        same as :meth:`rows` on a backend without replicas."""
        ...


class DeleteRows(Protocol):
    """The records part's delete, for the parts that delete records inside a transaction of
    their own (the trash, erasure): these records and their chunks go, with their vectors,
    keyword postings and scope changes, recorded in the audit log as ``audit`` (None: not at
    all); returns how many went."""

    def __call__(
        self,
        conn: Any,
        ids: Sequence[str],
        *,
        audit: str | None = "delete",
        detail: Mapping[str, Any] | None = None,
    ) -> int: ...


class SqlKeys(KeyTable):
    """:class:`~remem.stores.tables.KeyTable` over a connection: each key a row of
    ``api_keys``, its creation, revocation and deletion events in the audit log."""

    _COLUMNS = ("key_id", "secret_hash", "name", "grant_json", "created_at")

    def __init__(self, connection: Connection, audit: AuditTables) -> None:
        self._db, self._audit = connection, audit

    def put(self, row: Mapping[str, Any]) -> None:
        p = self._db.marks
        with self._db.transaction() as conn:
            conn.execute(
                f"INSERT INTO api_keys ({', '.join(self._COLUMNS)}) "
                f"VALUES ({', '.join([p] * len(self._COLUMNS))})",
                [row[c] for c in self._COLUMNS],
            )
            self._audit.write_keys(conn, "key_created", str(row["key_id"]))

    def rows(self, key_id: str | None = None) -> list[dict[str, Any]]:
        where, params = (
            ("", []) if key_id is None else ("WHERE key_id = " + self._db.marks, [key_id])
        )
        # A replica may answer (stale while the primary is down): the key ring keeps checking
        # keys through an outage.
        found = self._db.stale_rows(
            f"SELECT * FROM api_keys {where} ORDER BY created_at, key_id", params
        )
        return [dict(row) for row in found]

    def revoke(self, key_id: str, at: float) -> bool:
        p = self._db.marks
        with self._db.transaction() as conn:
            cursor = conn.execute(
                f"UPDATE api_keys SET revoked_at = {p} WHERE key_id = {p} AND revoked_at IS NULL",
                (at, key_id),
            )
            if cursor.rowcount == 1:
                self._audit.write_keys(conn, "key_revoked", key_id)
            return bool(cursor.rowcount == 1)

    def used(self, key_id: str, at: float) -> None:
        p = self._db.marks
        with self._db.transaction() as conn:
            conn.execute(f"UPDATE api_keys SET last_used_at = {p} WHERE key_id = {p}", (at, key_id))


def mismatch(path: str, stored: EmbedderSignature, made: str, new: str) -> EmbedderMismatchError:
    """The error of vectors made by ``made`` written to or asked of a store of ``stored``'s."""
    return EmbedderMismatchError(
        f"this store's vectors were made by {stored}, not {made}: open it with "
        f"embedder={stored.name!r}, or re-embed it with `remem reembed --store "
        f"{path} --embedder {new}` (then reopen the other writers)"
    )


def listing(
    rows: Callable[[str, Sequence[Any]], Sequence[Any]],
    *,
    select: str,
    position: str,
    marks: str,
    clause: str,
    params: Sequence[Any],
    order: str,
    offset: int,
    limit: int | None,
) -> Iterator[Any]:
    """The rows of ``Store.records``: ``select``'s columns and ``position`` (the column that
    grows in stored order: SQLite's rowid, PostgreSQL's seq) of the records ``clause``
    matches, in ``order`` (one of :data:`~remem.stores.base.LIST_ORDERS`, ties by position),
    read a page at a time by ``rows(sql, params)``. In stored order each page starts after the
    last position read (no OFFSET rescans of a large store); other orders page by offset."""
    p = f"m.{position}"
    orders = {
        "stored": p,
        "created_at": f"m.created_at, {p}",
        "-created_at": f"m.created_at DESC, {p} DESC",
        "updated_at": f"m.updated_at, {p}",
        "-updated_at": f"m.updated_at DESC, {p} DESC",
        "position": f"m.parent_id, m.position, {p}",
    }
    after = f"{p} > {marks} AND " if order == "stored" else ""
    sql = (
        f"SELECT {select}, {p} FROM memories m WHERE {after}{clause} "
        f"ORDER BY {orders[order]} LIMIT {marks} OFFSET {marks}"
    )
    return read_pages(
        lambda last, skip, count: rows(sql, [*([last] if after else []), *params, count, skip]),
        key=position if after else None,
        offset=offset,
        limit=limit,
    )


# -- a filter's condition on a record's column -----------------------------------------------------
@dataclass(frozen=True, slots=True)
class FilterDialect:
    """What a filter's condition on a column is written as in one SQL dialect."""

    #: The driver's placeholder.
    mark: str
    #: The literal for "true" (an empty ``$prefix`` holds everything).
    true: str
    #: "Not equal, NULL being a value": ``IS NOT`` (SQLite), ``IS DISTINCT FROM`` (PostgreSQL).
    distinct: str
    #: The byte-wise "at least" and "below" a namespace's stored prefix range is read with
    #: (PostgreSQL's pattern operators, which its ``text_pattern_ops`` index serves).
    at_least: str
    below: str
    #: ``$contains`` on a text column: a substring, as the dialect's function finds it.
    substring: str
    #: ``$in`` and ``$nin``: (op, values, column, params) → the condition.
    members: Callable[[str, tuple[Any, ...], str, list[Any]], str]


def column_condition(node: Cond, column: str, params: list[Any], dialect: FilterDialect) -> str:
    """A filter's condition on a record's column (not metadata), its values bound in
    ``params``, as :mod:`remem.testing.filters` states its meaning."""
    op, value, mark = node.op, node.value, dialect.mark
    if op in ("$in", "$nin"):
        return dialect.members(op, value, column, params)
    if op == "$prefix":  # a namespace and those below it: its stored form is their prefix
        if not value:
            return dialect.true
        params.extend(namespace_range(value))  # the '' term lets the partial index serve
        return (
            f"({column} <> '' AND {column} {dialect.at_least} {mark} "
            f"AND {column} {dialect.below} {mark})"
        )
    if op == "$exists":
        return f"({column} IS {'NOT ' if value else ''}NULL)"
    if op in ("$eq", "$ne") and value is None:
        return f"({column} IS {'NOT ' if op == '$ne' else ''}NULL)"
    if op == "$ne":
        params.append(value)
        return f"({column} {dialect.distinct} {mark})"
    if op in COMPARE:
        params.append(value)
        return f"({column} {COMPARE[op]} {mark})"
    params.append(str(value))  # $contains on a text field: a substring
    return f"({dialect.substring.format(column=column, mark=mark)})"
