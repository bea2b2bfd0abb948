"""The small tables beside a SQLite store's records, each a part over the store's connection
(:class:`~remem.stores.sqlite.connection.SQLiteConnection`): semantic-cache entries and the
scope changes that invalidate them (:class:`SQLiteCache`), and what language models cost
(:class:`SQLiteUsage`). The API keys and the audit log are the parts both SQL stores share
(:mod:`remem.stores.sql`). The one thing the records' writes do here is :func:`note_changes`,
inside their own transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.timeutil import now
from remem.stores.sqlite import db
from remem.stores.sqlite.connection import SQLiteConnection
from remem.stores.tables import CacheTable, Scope, UsageTable

__all__ = ["SQLiteCache", "SQLiteUsage", "note_changes"]

_SCOPE = ("user_id", "agent_id", "session_id")


class SQLiteUsage(UsageTable):
    """:class:`~remem.stores.tables.UsageTable` as ``llm_usage:<feature>`` rows of ``meta``."""

    def __init__(self, connection: SQLiteConnection) -> None:
        self._db = connection

    def add(self, feature: str, usage: Mapping[str, float]) -> None:
        key = f"llm_usage:{feature}"
        with self._db.transaction() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            totals: dict[str, float] = json.loads(row[0]) if row else {}
            for name, value in usage.items():
                totals[name] = totals.get(name, 0) + value
            conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(totals))
            )

    def totals(self) -> dict[str, dict[str, float]]:
        rows = self._db.rows(
            "SELECT key, value FROM meta WHERE key LIKE 'llm_usage:%' ORDER BY key"
        )
        return {row[0].split(":", 1)[1]: json.loads(row[1]) for row in rows}


class SQLiteCache(CacheTable):
    """:class:`~remem.stores.tables.CacheTable` over ``cache_entries`` and ``scope_changes``."""

    def __init__(self, connection: SQLiteConnection) -> None:
        self._db = connection

    def changed_since(
        self, scope: Scope, since: float, *, kinds: Sequence[str] | None = None
    ) -> bool:
        """Whether any memory in ``scope`` (None: any value) of ``kinds`` (None: any) was
        added, changed or deleted after ``since`` (Unix seconds)."""
        clause, params = _scope_clause(scope)
        sql = f"SELECT 1 FROM scope_changes WHERE changed_at > ?{clause}"
        params.insert(0, since)
        if kinds is not None:
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            params += list(kinds)
        return bool(self._db.rows(sql + " LIMIT 1", params))

    def put(
        self,
        name: str,
        entries: Sequence[tuple[Scope, str, str, NDArray[np.float32]]],
        *,
        created_at: float,
        expires_at: float | None,
    ) -> list[int]:
        rows = [
            (name, *scope, query, value, db.vector_blob(vector, None), created_at, expires_at)
            for scope, query, value, vector in entries
        ]
        with self._db.transaction() as conn:
            conn.executemany(
                "INSERT INTO cache_entries (name, user_id, agent_id, session_id, query, value, "
                "vector, created_at, expires_at) VALUES (?,?,?,?,?,?,?,?,?)",
                rows,
            )
            # Under the write lock the batch's row ids are consecutive, ending at the last.
            (last,) = conn.execute("SELECT last_insert_rowid()").fetchone()
        return list(range(last - len(rows) + 1, last + 1))

    def scope_changes(self) -> list[tuple[str, str, str, str, float]]:
        rows = self._db.rows(
            "SELECT user_id, agent_id, session_id, kind, changed_at FROM scope_changes "
            "ORDER BY 1, 2, 3, 4"
        )
        return [tuple(row) for row in rows]

    def set_scope_changes(self, rows: Sequence[tuple[str, str, str, str, float]]) -> None:
        with self._db.transaction() as conn:
            conn.executemany(
                "INSERT INTO scope_changes (user_id, agent_id, session_id, kind, changed_at) "
                "VALUES (?,?,?,?,?) ON CONFLICT DO UPDATE SET changed_at = excluded.changed_at",
                rows,
            )

    def names(self) -> list[str]:
        return [r[0] for r in self._db.rows("SELECT DISTINCT name FROM cache_entries ORDER BY 1")]

    def rows(self, name: str, after: int = 0) -> list[tuple[int, Scope, NDArray[np.float32]]]:
        """Entries past row ``after`` with their scope and vector, for the cache's index."""
        rows = self._db.rows(
            "SELECT rowid, user_id, agent_id, session_id, vector FROM cache_entries "
            "WHERE name = ? AND rowid > ? ORDER BY rowid",
            (name, after),
        )
        return [(r[0], (r[1], r[2], r[3]), np.frombuffer(r[4], dtype=np.float32)) for r in rows]

    def state(self, name: str) -> tuple[int, int]:
        """(entries, largest row id) of one cache."""
        row = self._db.rows(
            "SELECT count(*), coalesce(max(rowid), 0) FROM cache_entries WHERE name = ?", (name,)
        )[0]
        return int(row[0]), int(row[1])

    def entries(self, rowids: Sequence[int]) -> dict[int, dict[str, Any]]:
        if not rowids:
            return {}
        marks = ",".join("?" * len(rowids))
        rows = self._db.rows(
            "SELECT rowid, query, value, created_at, expires_at, last_hit_at, hits, user_id, "
            f"agent_id, session_id FROM cache_entries WHERE rowid IN ({marks})",
            list(rowids),
        )
        return {r[0]: dict(r) for r in rows}

    def hits(self, hits: Sequence[tuple[int, int, float, float | None]]) -> None:
        with self._db.transaction() as conn:
            conn.executemany(
                "UPDATE cache_entries SET hits = hits + ?, last_hit_at = ?, "
                "expires_at = coalesce(?, expires_at) WHERE rowid = ?",
                [(count, at, expires, rowid) for rowid, count, at, expires in hits],
            )

    def delete(self, rowids: Sequence[int]) -> int:
        gone = 0
        with self._db.transaction() as conn:
            for start in range(0, len(rowids), 500):
                part = list(rowids[start : start + 500])
                marks = ",".join("?" * len(part))
                gone += conn.execute(
                    f"DELETE FROM cache_entries WHERE rowid IN ({marks})", part
                ).rowcount
        return gone

    def bounds(self, name: str, owner: tuple[str, str]) -> bytes | None:
        rows = self._db.rows(
            "SELECT state FROM cache_bounds WHERE user_id = ? AND agent_id = ? AND name = ?",
            (*owner, name),
        )
        return bytes(rows[0][0]) if rows else None

    def set_bounds(self, name: str, states: Sequence[tuple[tuple[str, str], bytes]]) -> None:
        at = now()
        with self._db.transaction() as conn:
            conn.executemany(
                "INSERT INTO cache_bounds (user_id, agent_id, name, state, updated_at) "
                "VALUES (?,?,?,?,?) ON CONFLICT DO UPDATE SET state = excluded.state, "
                "updated_at = excluded.updated_at",
                [(*owner, name, state, at) for owner, state in states],
            )

    def every_bound(self) -> list[tuple[str, tuple[str, str], bytes]]:
        rows = self._db.rows(
            "SELECT name, user_id, agent_id, state FROM cache_bounds ORDER BY name, 2, 3"
        )
        return [(r[0], (r[1], r[2]), bytes(r[3])) for r in rows]

    def victims(self, name: str, policy: str, count: int) -> list[int]:
        """The ``count`` entries a ``policy`` (fifo, lru, lfu) evicts first."""
        order = {
            "fifo": "created_at, rowid",
            "lru": "coalesce(last_hit_at, created_at), rowid",
            "lfu": "hits, coalesce(last_hit_at, created_at), rowid",
        }[policy]
        rows = self._db.rows(
            f"SELECT rowid FROM cache_entries WHERE name = ? ORDER BY {order} LIMIT ?",
            (name, count),
        )
        return [r[0] for r in rows]

    def matching(self, name: str, scope: Scope | None, *, expired_at: float | None) -> list[int]:
        """Entries of one cache in ``scope`` (None: all), or only those expired by
        ``expired_at``."""
        clause, params = _scope_clause(scope or (None, None, None))
        sql = f"SELECT rowid FROM cache_entries WHERE name = ?{clause}"
        params.insert(0, name)
        if expired_at is not None:
            sql += " AND expires_at IS NOT NULL AND expires_at <= ?"
            params.append(expired_at)
        return [r[0] for r in self._db.rows(sql, params)]


def note_changes(conn: sqlite3.Connection, scopes: Iterable[tuple[Any, ...]]) -> None:
    """Record that memories in these (user, agent, session, kind) scopes changed now (for the
    semantic cache's invalidation; one row per scope and kind, not per memory), inside the
    caller's write transaction."""
    conn.executemany(
        "INSERT INTO scope_changes (user_id, agent_id, session_id, kind, changed_at) "
        "VALUES (?,?,?,?,?) "
        "ON CONFLICT DO UPDATE SET changed_at = excluded.changed_at",
        [(*(value or "" for value in scope), now()) for scope in scopes],
    )


def _scope_clause(scope: Scope) -> tuple[str, list[Any]]:
    """`` AND user_id = ? ...`` for the scope's set fields (None matches any value)."""
    fields = [(name, value) for name, value in zip(_SCOPE, scope, strict=True) if value is not None]
    return "".join(f" AND {name} = ?" for name, _ in fields), [value for _, value in fields]
