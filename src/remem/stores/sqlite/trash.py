"""The trash of a SQLite store (:class:`~remem.stores.trash.Trash`): trashed memories in the
``trash`` table (migration ``0014_trash``), moved there and deleted in one write transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from remem.core.filters import Cond
from remem.core.timeutil import now as now_epoch
from remem.stores.sql import DeleteRows
from remem.stores.sqlite.connection import SQLiteConnection
from remem.stores.trash import TRASH_COLUMNS, Trash, TrashEntry, entry_of, grouped

if TYPE_CHECKING:
    from remem.stores.base import Store

__all__ = ["SQLiteTrash"]


class SQLiteTrash(Trash):
    """:class:`Trash` over a SQLite store's connection. ``records`` reads what is trashed (the
    store's own reads, inside the trashing transaction: one connection); ``delete_rows``
    deletes records inside a transaction as the store's deletes do."""

    def __init__(
        self, connection: SQLiteConnection, records: Store, delete_rows: DeleteRows
    ) -> None:
        self._db, self._records, self._delete_rows = connection, records, delete_rows

    def put(self, ids: Sequence[str], *, until: float) -> int:
        if not ids:
            return 0
        with self._db.transaction() as conn:  # the reads below run inside it (one connection)
            chunks = self._records.records(Cond("parent_id", "$in", list(ids)))
            held = [*self._records.get(ids), *chunks]
            vectors = self._records.vectors([r.id for r in held], parts=True)
            rows = grouped(ids, held, vectors, at=now_epoch(), until=until)
            if not rows:
                return 0
            marks = ", ".join("?" * len(rows[0]))
            conn.executemany(
                f"INSERT OR REPLACE INTO trash ({TRASH_COLUMNS}) VALUES ({marks})", rows
            )
            return self._delete_rows(conn, [row[0] for row in rows], audit="trash")

    def entries(
        self,
        *,
        users: Sequence[str] = (),
        agents: Sequence[str] = (),
        ids: Sequence[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[TrashEntry]:
        clauses: list[str] = ["1 = 1"]
        params: list[Any] = []
        for column, values in (("user_id", users), ("agent_id", agents), ("id", ids)):
            if values is not None and (values or column == "id"):
                clauses.append(f"{column} IN ({', '.join('?' * len(values)) or 'NULL'})")
                params.extend(values)
        rows = self._db.rows(
            f"SELECT {TRASH_COLUMNS} FROM trash WHERE {' AND '.join(clauses)} "
            "ORDER BY deleted_at DESC, id LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return [entry_of(dict(row)) for row in rows]

    def drop(self, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        with self._db.transaction() as conn:
            marks = ", ".join("?" * len(ids))
            return conn.execute(f"DELETE FROM trash WHERE id IN ({marks})", list(ids)).rowcount

    def purge(self, now: float) -> int:
        if not self._db.rows("SELECT 1 FROM trash WHERE expires_at <= ? LIMIT 1", (now,)):
            return 0  # finding none is a read, not a write
        with self._db.transaction() as conn:
            return conn.execute("DELETE FROM trash WHERE expires_at <= ?", (now,)).rowcount
