"""The small tables beside a PostgreSQL store's records: semantic-cache entries and the scope
changes that invalidate them, the servers' API keys, and what language models cost.

They share the store's connection pool but none of its records' rules, so they live apart from
:class:`~remem.stores.postgres.store.PostgresStore`, which takes them in as a base class (its
interface is unchanged). The one thing the records' writes do here is :func:`note_changes`,
inside their own transaction.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

import numpy as np
import psycopg
from numpy.typing import NDArray
from psycopg.types.json import Jsonb

from remem.stores.audit_log import AuditTables
from remem.stores.tables import CacheTable, KeyTable, Scope, UsageTable
from remem.timeutil import now

__all__ = ["SideTables", "note_changes"]


class SideTables(CacheTable, KeyTable, UsageTable, AuditTables):
    """:class:`CacheTable`, :class:`KeyTable` and :class:`UsageTable` over a store's pool:
    every write one transaction of the store's (:meth:`_transaction`)."""

    @abstractmethod
    def _connection(self) -> AbstractContextManager[psycopg.Connection[Any]]:
        """A connection from the store's pool (its errors as remem's)."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[psycopg.Connection[Any]]:
        """One write transaction: committed on success, rolled back whole on any error."""

    @abstractmethod
    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of one read, as dicts."""

    @abstractmethod
    def _read_rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of one read a replica may answer (stale while the primary is down)."""

    _marks = "%s"
    _meta_table = "remem_meta"

    def _audit_query(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        with self._connection() as conn:
            return list(conn.execute(sql, params).fetchall())

    # -- API keys ----------------------------------------------------------------------------------
    _KEY_COLUMNS = ("key_id", "secret_hash", "name", "grant_json", "created_at")

    def key_put(self, row: Mapping[str, Any]) -> None:
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO api_keys (key_id, secret_hash, name, grant_json, created_at) "
                "VALUES (%s, %s, %s, %s, %s)",
                [row[c] for c in self._KEY_COLUMNS],
            )
            self._audit_keys(conn, "key_created", str(row["key_id"]))

    def key_rows(self, key_id: str | None = None) -> list[dict[str, Any]]:
        where, params = ("WHERE key_id = %s", [key_id]) if key_id is not None else ("", [])
        # From a replica that has this store's writes (stale while the primary is down): the
        # key ring keeps checking keys through an outage.
        return self._read_rows(
            f"SELECT * FROM api_keys {where} ORDER BY created_at, key_id", params
        )

    def key_revoke(self, key_id: str, at: float) -> bool:
        with self._transaction() as conn:
            cursor = conn.execute(
                "UPDATE api_keys SET revoked_at = %s WHERE key_id = %s AND revoked_at IS NULL",
                (at, key_id),
            )
            if cursor.rowcount == 1:
                self._audit_keys(conn, "key_revoked", key_id)
            return cursor.rowcount == 1

    def key_used(self, key_id: str, at: float) -> None:
        with self._transaction() as conn:
            conn.execute("UPDATE api_keys SET last_used_at = %s WHERE key_id = %s", (at, key_id))

    # -- what language models cost -----------------------------------------------------------------
    def add_llm_usage(self, feature: str, usage: Mapping[str, float]) -> None:
        with self._transaction() as conn:
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

    def llm_usage(self) -> dict[str, dict[str, float]]:
        rows = self._read_rows("SELECT feature, totals FROM llm_usage ORDER BY feature")
        return {row["feature"]: dict(row["totals"]) for row in rows}

    # -- scope changes and the semantic cache ------------------------------------------------------
    def changed_since(
        self, scope: Scope, since: float, *, kinds: Sequence[str] | None = None
    ) -> bool:
        clause, params = _scope_clause(scope)
        sql = f"SELECT 1 FROM scope_changes WHERE changed_at > %s{clause}"
        params.insert(0, since)
        if kinds is not None:
            sql += " AND kind = ANY(%s)"
            params.append(list(kinds))
        return bool(self._rows(sql + " LIMIT 1", params))

    def cache_put(
        self,
        name: str,
        entries: Sequence[tuple[Scope, str, str, NDArray[np.float32]]],
        *,
        created_at: float,
        expires_at: float | None,
    ) -> list[int]:
        with self._transaction() as conn:
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
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT user_id, agent_id, session_id, kind, changed_at FROM scope_changes "
                "ORDER BY 1, 2, 3, 4"
            ).fetchall()
        return [tuple(row) for row in rows]

    def set_scope_changes(self, rows: Sequence[tuple[str, str, str, str, float]]) -> None:
        with self._transaction() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO scope_changes (user_id, agent_id, session_id, kind, changed_at) "
                "VALUES (%s,%s,%s,%s,%s) ON CONFLICT (user_id, agent_id, session_id, kind) "
                "DO UPDATE SET changed_at = excluded.changed_at",
                list(rows),
            )

    def cache_names(self) -> list[str]:
        return [r["name"] for r in self._rows("SELECT DISTINCT name FROM cache_entries ORDER BY 1")]

    def cache_rows(self, name: str, after: int = 0) -> list[tuple[int, Scope, NDArray[np.float32]]]:
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT row, user_id, agent_id, session_id, vector FROM cache_entries "
                "WHERE name = %s AND row > %s ORDER BY row",
                (name, after),
            ).fetchall()
        return [
            (int(r[0]), (r[1], r[2], r[3]), np.asarray(r[4].to_numpy(), dtype=np.float32))
            for r in rows
        ]

    def cache_state(self, name: str) -> tuple[int, int]:
        with self._connection() as conn:
            row = conn.execute(
                "SELECT count(*), coalesce(max(row), 0) FROM cache_entries WHERE name = %s",
                (name,),
            ).fetchone()
        assert row is not None
        return int(row[0]), int(row[1])

    def cache_entries(self, rowids: Sequence[int]) -> dict[int, dict[str, Any]]:
        if not rowids:
            return {}
        rows = self._rows(
            "SELECT row AS rowid, query, value, created_at, expires_at, last_hit_at, hits, "
            "user_id, agent_id, session_id FROM cache_entries WHERE row = ANY(%s)",
            [list(rowids)],
        )
        return {int(r["rowid"]): r for r in rows}

    def cache_hits(self, hits: Sequence[tuple[int, int, float, float | None]]) -> None:
        with self._transaction() as conn, conn.cursor() as cur:
            cur.executemany(
                "UPDATE cache_entries SET hits = hits + %s, last_hit_at = %s, "
                "expires_at = coalesce(%s, expires_at) WHERE row = %s",
                [(count, at, expires, rowid) for rowid, count, at, expires in sorted(hits)],
            )

    def cache_delete(self, rowids: Sequence[int]) -> int:
        with self._transaction() as conn:
            cursor = conn.execute("DELETE FROM cache_entries WHERE row = ANY(%s)", (list(rowids),))
            return cursor.rowcount

    def cache_victims(self, name: str, policy: str, count: int) -> list[int]:
        order = {
            "fifo": "created_at, row",
            "lru": "coalesce(last_hit_at, created_at), row",
            "lfu": "hits, coalesce(last_hit_at, created_at), row",
        }[policy]
        rows = self._rows(
            f"SELECT row FROM cache_entries WHERE name = %s ORDER BY {order} LIMIT %s",
            [name, count],
        )
        return [int(r["row"]) for r in rows]

    def cache_matching(
        self, name: str, scope: Scope | None, *, expired_at: float | None
    ) -> list[int]:
        clause, params = _scope_clause(scope or (None, None, None))
        sql = f"SELECT row FROM cache_entries WHERE name = %s{clause}"
        params.insert(0, name)
        if expired_at is not None:
            sql += " AND expires_at IS NOT NULL AND expires_at <= %s"
            params.append(expired_at)
        return [int(r["row"]) for r in self._rows(sql, params)]


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
