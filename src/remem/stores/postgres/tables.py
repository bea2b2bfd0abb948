"""The small tables beside a PostgreSQL store's records, each a part over the store's
connection (:class:`~remem.stores.postgres.connection.PostgresConnection`): semantic-cache
entries and the scope changes that invalidate them (:class:`PostgresCache`), and what language
models cost (:class:`PostgresUsage`). The API keys and the audit log are the parts both SQL
stores share (:mod:`remem.stores.sql`). The one thing the records' writes do here is
:func:`note_changes`, inside their own transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import psycopg
from numpy.typing import NDArray
from psycopg.types.json import Jsonb

from remem.core.timeutil import now
from remem.stores.postgres.connection import PostgresConnection
from remem.stores.tables import CacheTable, Scope, UsageTable

__all__ = ["PostgresCache", "PostgresUsage", "note_changes"]


class PostgresUsage(UsageTable):
    """:class:`~remem.stores.tables.UsageTable` as rows of ``llm_usage``."""

    def __init__(self, connection: PostgresConnection) -> None:
        self._db = connection

    def add(self, feature: str, usage: Mapping[str, float]) -> None:
        with self._db.transaction() as conn:
            row = conn.execute(
                "SELECT totals FROM llm_usage WHERE feature = %s FOR UPDATE", (feature,)
            ).fetchone()
            totals: dict[str, float] = dict(row[0]) if row else {}
            for name, value in usage.items():
                totals[name] = totals.get(name, 0) + value
            conn.execute(
                "INSERT INTO llm_usage (feature, totals) VALUES (%s, %s) "
                "ON CONFLICT (feature) DO UPDATE SET totals = excluded.totals",
                (feature, Jsonb(totals)),
            )

    def totals(self) -> dict[str, dict[str, float]]:
        rows = self._db.stale_rows("SELECT feature, totals FROM llm_usage ORDER BY feature")
        return {row["feature"]: dict(row["totals"]) for row in rows}


class PostgresCache(CacheTable):
    """:class:`~remem.stores.tables.CacheTable` over ``cache_entries`` and ``scope_changes``."""

    def __init__(self, connection: PostgresConnection) -> None:
        self._db = connection

    def changed_since(
        self, scope: Scope, since: float, *, kinds: Sequence[str] | None = None
    ) -> bool:
        clause, params = _scope_clause(scope)
        sql = f"SELECT 1 FROM scope_changes WHERE changed_at > %s{clause}"
        params.insert(0, since)
        if kinds is not None:
            sql += " AND kind = ANY(%s)"
            params.append(list(kinds))
        return bool(self._db.rows(sql + " LIMIT 1", params))

    def put(
        self,
        name: str,
        entries: Sequence[tuple[Scope, str, str, NDArray[np.float32]]],
        *,
        created_at: float,
        expires_at: float | None,
    ) -> list[int]:
        with self._db.transaction() as conn:
            out = []
            for scope, query, value, vector in entries:
                row = conn.execute(
                    "INSERT INTO cache_entries (name, tenant, user_id, agent_id, session_id, "
                    "query, value, vector, created_at, expires_at) "
                    "VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) RETURNING row",
                    (name, scope[0] or "", *scope, query, value, np.asarray(vector, np.float32),
                     created_at, expires_at),
                ).fetchone()  # fmt: skip
                assert row is not None
                out.append(int(row[0]))
        return out

    def scope_changes(self) -> list[tuple[str, str, str, str, float]]:
        with self._db.reading() as conn:
            rows = conn.execute(
                "SELECT user_id, agent_id, session_id, kind, changed_at FROM scope_changes "
                "ORDER BY 1, 2, 3, 4"
            ).fetchall()
        return [tuple(row) for row in rows]

    def set_scope_changes(self, rows: Sequence[tuple[str, str, str, str, float]]) -> None:
        with self._db.transaction() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO scope_changes (user_id, agent_id, session_id, kind, changed_at) "
                "VALUES (%s,%s,%s,%s,%s) ON CONFLICT (user_id, agent_id, session_id, kind) "
                "DO UPDATE SET changed_at = excluded.changed_at",
                list(rows),
            )

    def names(self) -> list[str]:
        rows = self._db.rows("SELECT DISTINCT name FROM cache_entries ORDER BY 1")
        return [r["name"] for r in rows]

    def rows(self, name: str, after: int = 0) -> list[tuple[int, Scope, NDArray[np.float32]]]:
        with self._db.reading() as conn:
            rows = conn.execute(
                "SELECT row, user_id, agent_id, session_id, vector FROM cache_entries "
                "WHERE name = %s AND row > %s ORDER BY row",
                (name, after),
            ).fetchall()
        return [
            (int(r[0]), (r[1], r[2], r[3]), np.asarray(r[4].to_numpy(), dtype=np.float32))
            for r in rows
        ]

    def state(self, name: str) -> tuple[int, int]:
        with self._db.reading() as conn:
            row = conn.execute(
                "SELECT count(*), coalesce(max(row), 0) FROM cache_entries WHERE name = %s",
                (name,),
            ).fetchone()
        assert row is not None
        return int(row[0]), int(row[1])

    def entries(self, rowids: Sequence[int]) -> dict[int, dict[str, Any]]:
        if not rowids:
            return {}
        rows = self._db.rows(
            "SELECT row AS rowid, query, value, created_at, expires_at, last_hit_at, hits, "
            "user_id, agent_id, session_id FROM cache_entries WHERE row = ANY(%s)",
            [list(rowids)],
        )
        return {int(r["rowid"]): r for r in rows}

    def hits(self, hits: Sequence[tuple[int, int, float, float | None]]) -> None:
        with self._db.transaction() as conn, conn.cursor() as cur:
            cur.executemany(
                "UPDATE cache_entries SET hits = hits + %s, last_hit_at = %s, "
                "expires_at = coalesce(%s, expires_at) WHERE row = %s",
                [(count, at, expires, rowid) for rowid, count, at, expires in sorted(hits)],
            )

    def delete(self, rowids: Sequence[int]) -> int:
        with self._db.transaction() as conn:
            cursor = conn.execute("DELETE FROM cache_entries WHERE row = ANY(%s)", (list(rowids),))
            return cursor.rowcount

    def bounds(self, name: str, owner: tuple[str, str]) -> bytes | None:
        rows = self._db.rows(
            "SELECT state FROM cache_bounds WHERE user_id = %s AND agent_id = %s AND name = %s",
            (*owner, name),
        )
        return bytes(rows[0]["state"]) if rows else None

    def set_bounds(self, name: str, states: Sequence[tuple[tuple[str, str], bytes]]) -> None:
        at = now()
        with self._db.transaction() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO cache_bounds (user_id, agent_id, name, state, updated_at) "
                "VALUES (%s,%s,%s,%s,%s) ON CONFLICT (user_id, agent_id, name) "
                "DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
                [(*owner, name, state, at) for owner, state in states],
            )

    def every_bound(self) -> list[tuple[str, tuple[str, str], bytes]]:
        rows = self._db.rows(
            "SELECT name, user_id, agent_id, state FROM cache_bounds ORDER BY name, 2, 3"
        )
        return [(r["name"], (r["user_id"], r["agent_id"]), bytes(r["state"])) for r in rows]

    def victims(self, name: str, policy: str, count: int) -> list[int]:
        order = {
            "fifo": "created_at, row",
            "lru": "coalesce(last_hit_at, created_at), row",
            "lfu": "hits, coalesce(last_hit_at, created_at), row",
        }[policy]
        rows = self._db.rows(
            f"SELECT row FROM cache_entries WHERE name = %s ORDER BY {order} LIMIT %s",
            [name, count],
        )
        return [int(r["row"]) for r in rows]

    def matching(self, name: str, scope: Scope | None, *, expired_at: float | None) -> list[int]:
        clause, params = _scope_clause(scope or (None, None, None))
        sql = f"SELECT row FROM cache_entries WHERE name = %s{clause}"
        params.insert(0, name)
        if expired_at is not None:
            sql += " AND expires_at IS NOT NULL AND expires_at <= %s"
            params.append(expired_at)
        return [int(r["row"]) for r in self._db.rows(sql, params)]


def note_changes(conn: psycopg.Connection[Any], scopes: Iterable[tuple[Any, ...]]) -> None:
    """Record that memories in these (user, agent, session, kind) scopes changed now (for the
    semantic cache's invalidation), inside the caller's write transaction; the later time wins
    when two servers write one scope."""
    rows = sorted({(*(value or "" for value in scope), now()) for scope in scopes})
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO scope_changes (user_id, agent_id, session_id, kind, changed_at) "
            "VALUES (%s,%s,%s,%s,%s) "
            "ON CONFLICT (user_id, agent_id, session_id, kind) "
            "DO UPDATE SET changed_at = greatest(scope_changes.changed_at, excluded.changed_at)",
            rows,
        )


def _scope_clause(scope: Scope) -> tuple[str, list[Any]]:
    names = ("user_id", "agent_id", "session_id")
    fields = [(n, v) for n, v in zip(names, scope, strict=True) if v is not None]
    return "".join(f" AND {n} = %s" for n, _ in fields), [v for _, v in fields]
