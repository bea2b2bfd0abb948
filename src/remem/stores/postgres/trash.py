"""The trash of a PostgreSQL store (:class:`~remem.stores.trash.Trash`): trashed memories in
the ``trash`` table (migration ``0010_trash``, keyed by tenant like every tenant table), moved
there and deleted in one transaction. Reads of the trash go to the primary."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import psycopg
from numpy.typing import NDArray
from psycopg.rows import dict_row

from remem.core.records import MemoryRecord
from remem.core.timeutil import now as now_epoch
from remem.stores.postgres.connection import PostgresConnection
from remem.stores.sql import DeleteRows
from remem.stores.trash import TRASH_COLUMNS, Trash, TrashEntry, entry_of, grouped

__all__ = ["PostgresTrash"]


class PostgresTrash(Trash):
    """:class:`Trash` over a PostgreSQL store's connection. ``held(conn, ids)`` reads these
    records and their chunks with their vectors inside the caller's transaction;
    ``delete_rows`` deletes records there as the store's deletes do."""

    def __init__(
        self,
        connection: PostgresConnection,
        *,
        held: Callable[
            [psycopg.Connection[Any], Sequence[str]],
            tuple[list[MemoryRecord], dict[str, NDArray[np.float32]]],
        ],
        delete_rows: DeleteRows,
    ) -> None:
        self._db, self._held_rows, self._delete_rows = connection, held, delete_rows

    def put(self, ids: Sequence[str], *, until: float) -> int:
        if not ids:
            return 0
        with self._db.transaction() as conn:
            held, vectors = self._held_rows(conn, ids)
            rows = grouped(ids, held, vectors, at=now_epoch(), until=until)
            if not rows:
                return 0
            conn.cursor().executemany(
                f"INSERT INTO trash (tenant, {TRASH_COLUMNS}) "
                "VALUES (coalesce(%s, ''), %s, %s, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (tenant, id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at, "
                "expires_at = EXCLUDED.expires_at, payload = EXCLUDED.payload",
                [(row[1], *row) for row in rows],
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
        clauses, params = ["true"], []
        if users:  # the tenant column is the user: a tenant's trash is read on its shards
            clauses.append("tenant = ANY(%s) AND user_id = ANY(%s)")
            params += [list(users), list(users)]
        if agents:
            clauses.append("agent_id = ANY(%s)")
            params.append(list(agents))
        if ids is not None:
            clauses.append("id = ANY(%s)")
            params.append(list(ids))
        with self._db.reading() as conn, conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(
                f"SELECT {TRASH_COLUMNS} FROM trash WHERE {' AND '.join(clauses)} "
                "ORDER BY deleted_at DESC, id LIMIT %s OFFSET %s",
                [*params, limit, offset],
            ).fetchall()
        return [entry_of(row) for row in rows]

    def drop(self, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        with self._db.transaction() as conn:
            return conn.execute("DELETE FROM trash WHERE id = ANY(%s)", (list(ids),)).rowcount

    def purge(self, now: float) -> int:
        with self._db.reading() as conn:
            if not conn.execute(
                "SELECT 1 FROM trash WHERE expires_at <= %s LIMIT 1", (now,)
            ).fetchone():
                return 0
        with self._db.transaction() as conn:
            return conn.execute("DELETE FROM trash WHERE expires_at <= %s", (now,)).rowcount
