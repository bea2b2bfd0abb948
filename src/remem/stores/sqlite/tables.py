"""The small tables beside a SQLite store's records: semantic-cache entries and the scope
changes that invalidate them, the servers' API keys, and what language models cost.

They share the store's connection and write lock but none of its records' rules, so they live
apart from :class:`~remem.stores.sqlite.store.SQLiteStore`, which takes them in as a base
class (its interface is unchanged). The one thing the records' writes do here is
:func:`note_changes`, inside their own transaction.
"""

from __future__ import annotations

import json
import sqlite3
from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.stores.audit_log import AuditTables
from remem.stores.sqlite import db
from remem.stores.tables import CacheTable, KeyTable, Scope, UsageTable
from remem.timeutil import now

__all__ = ["SideTables", "note_changes"]

_SCOPE = ("user_id", "agent_id", "session_id")


class SideTables(CacheTable, KeyTable, UsageTable, AuditTables):
    """:class:`CacheTable`, :class:`KeyTable` and :class:`UsageTable` over a store's connection:
    every write one transaction of the store's (:meth:`_transaction`), every read through its
    :meth:`_query`."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """A write transaction, with the store's write lock."""

    @abstractmethod
    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Rows of one read."""

    # -- API keys ----------------------------------------------------------------------------------
    _KEY_COLUMNS = ("key_id", "secret_hash", "name", "grant_json", "created_at")

    def key_put(self, row: Mapping[str, Any]) -> None:
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO api_keys (key_id, secret_hash, name, grant_json, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                [row[c] for c in self._KEY_COLUMNS],
            )
            self._audit_keys(conn, "key_created", str(row["key_id"]))

    def key_rows(self, key_id: str | None = None) -> list[dict[str, Any]]:
        where, params = ("WHERE key_id = ?", [key_id]) if key_id is not None else ("", [])
        rows = self._query(f"SELECT * FROM api_keys {where} ORDER BY created_at, key_id", params)
        return [dict(row) for row in rows]

    def key_revoke(self, key_id: str, at: float) -> bool:
        with self._transaction() as conn:
            cursor = conn.execute(
                "UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL",
                (at, key_id),
            )
            if cursor.rowcount == 1:
                self._audit_keys(conn, "key_revoked", key_id)
            return cursor.rowcount == 1

    def key_used(self, key_id: str, at: float) -> None:
        with self._transaction() as conn:
            conn.execute("UPDATE api_keys SET last_used_at = ? WHERE key_id = ?", (at, key_id))

    # -- the audit log -----------------------------------------------------------------------------
    _marks = "?"
    _meta_table = "meta"

    def _audit_query(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(self._query(sql, params))

    # -- what language models cost --------------------------------------------------------------
    def add_llm_usage(self, feature: str, usage: Mapping[str, float]) -> None:
        key = f"llm_usage:{feature}"
        with self._transaction() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            totals: dict[str, float] = json.loads(row[0]) if row else {}
            for name, value in usage.items():
                totals[name] = totals.get(name, 0) + value
            conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(totals))
            )

    def llm_usage(self) -> dict[str, dict[str, float]]:
        rows = self._query("SELECT key, value FROM meta WHERE key LIKE 'llm_usage:%' ORDER BY key")
        return {row[0].split(":", 1)[1]: json.loads(row[1]) for row in rows}

    # -- scope changes and the semantic cache ------------------------------------------------------
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
        return bool(self._query(sql + " LIMIT 1", params))

    def cache_put(
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
        with self._transaction() as conn:
            conn.executemany(
                "INSERT INTO cache_entries (name, user_id, agent_id, session_id, query, value, "
                "vector, created_at, expires_at) VALUES (?,?,?,?,?,?,?,?,?)",
                rows,
            )
            # Under the write lock the batch's row ids are consecutive, ending at the last.
            (last,) = conn.execute("SELECT last_insert_rowid()").fetchone()
        return list(range(last - len(rows) + 1, last + 1))

    def scope_changes(self) -> list[tuple[str, str, str, str, float]]:
        rows = self._query(
            "SELECT user_id, agent_id, session_id, kind, changed_at FROM scope_changes "
            "ORDER BY 1, 2, 3, 4"
        )
        return [tuple(row) for row in rows]

    def set_scope_changes(self, rows: Sequence[tuple[str, str, str, str, float]]) -> None:
        with self._transaction() as conn:
            conn.executemany(
                "INSERT INTO scope_changes (user_id, agent_id, session_id, kind, changed_at) "
                "VALUES (?,?,?,?,?) ON CONFLICT DO UPDATE SET changed_at = excluded.changed_at",
                rows,
            )

    def cache_names(self) -> list[str]:
        return [r[0] for r in self._query("SELECT DISTINCT name FROM cache_entries ORDER BY 1")]

    def cache_rows(self, name: str, after: int = 0) -> list[tuple[int, Scope, NDArray[np.float32]]]:
        """Entries past row ``after`` with their scope and vector, for the cache's index."""
        rows = self._query(
            "SELECT rowid, user_id, agent_id, session_id, vector FROM cache_entries "
            "WHERE name = ? AND rowid > ? ORDER BY rowid",
            (name, after),
        )
        return [(r[0], (r[1], r[2], r[3]), np.frombuffer(r[4], dtype=np.float32)) for r in rows]

    def cache_state(self, name: str) -> tuple[int, int]:
        """(entries, largest row id) of one cache."""
        row = self._query(
            "SELECT count(*), coalesce(max(rowid), 0) FROM cache_entries WHERE name = ?", (name,)
        )[0]
        return int(row[0]), int(row[1])

    def cache_entries(self, rowids: Sequence[int]) -> dict[int, dict[str, Any]]:
        if not rowids:
            return {}
        marks = ",".join("?" * len(rowids))
        rows = self._query(
            "SELECT rowid, query, value, created_at, expires_at, last_hit_at, hits, user_id, "
            f"agent_id, session_id FROM cache_entries WHERE rowid IN ({marks})",
            list(rowids),
        )
        return {r[0]: dict(r) for r in rows}

    def cache_hits(self, hits: Sequence[tuple[int, int, float, float | None]]) -> None:
        with self._transaction() as conn:
            conn.executemany(
                "UPDATE cache_entries SET hits = hits + ?, last_hit_at = ?, "
                "expires_at = coalesce(?, expires_at) WHERE rowid = ?",
                [(count, at, expires, rowid) for rowid, count, at, expires in hits],
            )

    def cache_delete(self, rowids: Sequence[int]) -> int:
        gone = 0
        with self._transaction() as conn:
            for start in range(0, len(rowids), 500):
                part = list(rowids[start : start + 500])
                marks = ",".join("?" * len(part))
                gone += conn.execute(
                    f"DELETE FROM cache_entries WHERE rowid IN ({marks})", part
                ).rowcount
        return gone

    def cache_victims(self, name: str, policy: str, count: int) -> list[int]:
        """The ``count`` entries a ``policy`` (fifo, lru, lfu) evicts first."""
        order = {
            "fifo": "created_at, rowid",
            "lru": "coalesce(last_hit_at, created_at), rowid",
            "lfu": "hits, coalesce(last_hit_at, created_at), rowid",
        }[policy]
        rows = self._query(
            f"SELECT rowid FROM cache_entries WHERE name = ? ORDER BY {order} LIMIT ?",
            (name, count),
        )
        return [r[0] for r in rows]

    def cache_matching(
        self, name: str, scope: Scope | None, *, expired_at: float | None
    ) -> list[int]:
        """Entries of one cache in ``scope`` (None: all), or only those expired by
        ``expired_at``."""
        clause, params = _scope_clause(scope or (None, None, None))
        sql = f"SELECT rowid FROM cache_entries WHERE name = ?{clause}"
        params.insert(0, name)
        if expired_at is not None:
            sql += " AND expires_at IS NOT NULL AND expires_at <= ?"
            params.append(expired_at)
        return [r[0] for r in self._query(sql, params)]


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
