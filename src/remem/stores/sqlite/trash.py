"""The trash of a SQLite store (:class:`~remem.stores.trash.Trash`): trashed memories in the
``trash`` table (migration ``0014_trash``), moved there and deleted in one write transaction."""

from __future__ import annotations

import sqlite3
from abc import abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.filters import Cond, Filter
from remem.records import MemoryRecord
from remem.stores.trash import TRASH_COLUMNS, Trash, TrashEntry, entry_of, grouped
from remem.timeutil import now as now_epoch

__all__ = ["SQLiteTrash"]


class SQLiteTrash(Trash):
    """:class:`Trash` over a SQLite store's connection."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[sqlite3.Connection]: ...

    @abstractmethod
    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]: ...

    @abstractmethod
    def _delete_rows(
        self,
        conn: sqlite3.Connection,
        ids: Sequence[str],
        *,
        audit: str | None = "delete",
        detail: Mapping[str, Any] | None = None,
    ) -> int: ...

    @abstractmethod
    def get(self, ids: Sequence[str], where: Filter | None = None) -> list[MemoryRecord]: ...

    @abstractmethod
    def records(
        self,
        where: Filter | None = None,
        *,
        order: str = "stored",
        offset: int = 0,
        limit: int | None = None,
    ) -> Iterator[MemoryRecord]: ...

    @abstractmethod
    def vectors(
        self, ids: Sequence[str], *, parts: bool = False
    ) -> dict[str, NDArray[np.float32]]: ...

    def trash(self, ids: Sequence[str], *, until: float) -> int:
        if not ids:
            return 0
        with self._transaction() as conn:  # the reads below run inside it (one connection)
            held = [*self.get(ids), *self.records(Cond("parent_id", "$in", list(ids)))]
            vectors = self.vectors([r.id for r in held], parts=True)
            rows = grouped(ids, held, vectors, at=now_epoch(), until=until)
            if not rows:
                return 0
            marks = ", ".join("?" * len(rows[0]))
            conn.executemany(
                f"INSERT OR REPLACE INTO trash ({TRASH_COLUMNS}) VALUES ({marks})", rows
            )
            return self._delete_rows(conn, [row[0] for row in rows], audit="trash")

    def trash_entries(
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
        rows = self._query(
            f"SELECT {TRASH_COLUMNS} FROM trash WHERE {' AND '.join(clauses)} "
            "ORDER BY deleted_at DESC, id LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return [entry_of(dict(row)) for row in rows]

    def trash_drop(self, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        with self._transaction() as conn:
            marks = ", ".join("?" * len(ids))
            return conn.execute(f"DELETE FROM trash WHERE id IN ({marks})", list(ids)).rowcount

    def trash_purge(self, now: float) -> int:
        if not self._query("SELECT 1 FROM trash WHERE expires_at <= ? LIMIT 1", (now,)):
            return 0  # finding none is a read, not a write
        with self._transaction() as conn:
            return conn.execute("DELETE FROM trash WHERE expires_at <= ?", (now,)).rowcount
