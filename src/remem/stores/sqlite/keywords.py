"""The SQLite store's keyword index (:mod:`remem.stores.keyword_index` says what every store
keeps): ``keyword_postings`` (term, scope part, record row id, tf, length; one row per distinct
term of a record with a vector) and ``keyword_scopes`` (part, user, agent, records, their total
length). A record keeps what it was indexed as (``keyword_part``, ``keyword_len``,
``keyword_terms``: its distinct terms as a JSON array), from which triggers take its postings
out when it is deleted or indexed anew (migration ``0011_keyword_index``). A search reads
them on a connection of its own (:class:`Reader`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from operator import itemgetter
from typing import Any

from remem.stores import keyword_index
from remem.stores.keyword_index import Dialect, Entry, Owner, scope_totals
from remem.stores.sqlite import cipher, db
from remem.stores.sqlite.connection import SQLiteConnection

__all__ = ["DIALECT", "Reader", "add_postings", "entries", "index_all", "stored_terms"]

#: A record's terms as JSON (one encoder: ``json.dumps`` makes one a call).
_TERMS_OUT = json.JSONEncoder(ensure_ascii=False).encode
Query = Callable[[str, Sequence[Any]], list[sqlite3.Row]]


class Reader:
    """Where a keyword search reads: a connection of its own (read-only, opened on first use),
    under its own lock, so a dense search in another thread need not wait for it (the retriever
    runs both at once). The store's connection ``conn`` (through its ``query``) for a store in
    memory (a second connection would open another database) or while a transaction is open
    on it (its uncommitted rows are visible there only)."""

    def __init__(self, connection: SQLiteConnection) -> None:
        self._file, self._busy_timeout = connection.file, connection.busy_timeout
        self._path, self._key = connection.path, connection.key
        self._conn, self._query = connection.raw, connection.rows
        self._words: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    @contextmanager
    def reads(self) -> Iterator[Query]:
        """A function to read rows with, for one search."""
        if self._file == ":memory:" or self._conn.in_transaction:
            yield self._query
            return
        with self._lock:
            if self._words is None:
                try:
                    words = cipher.connect(
                        self._file,
                        self._key,
                        timeout=self._busy_timeout,
                        isolation_level=None,
                        check_same_thread=False,
                    )
                    words.execute("PRAGMA query_only = 1")
                    words.execute("PRAGMA cache_size = -16384")
                except sqlite3.Error as exc:
                    raise db.store_error(f"cannot read {self._path}", exc) from exc
                self._words = words
            conn = self._words

            def query(sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
                try:
                    return conn.execute(sql, params).fetchall()
                except sqlite3.Error as exc:
                    raise db.store_error(f"query on {self._path} failed", exc) from exc

            yield query

    def close(self) -> None:
        with self._lock:
            if self._words is not None:
                self._words.close()
                self._words = None


def entries(
    conn: sqlite3.Connection, rows: Iterable[tuple[str, str | None, str | None]]
) -> list[Entry]:
    """The entries of records (text, user, agent) about to be indexed, inside the caller's
    write transaction (:func:`remem.stores.keyword_index.entries`)."""
    return keyword_index.entries(rows, lambda owners: _parts(conn, owners))


def _parts(conn: sqlite3.Connection, owners: set[Owner]) -> dict[Owner, int]:
    """Each owner's scope part, in a few statements for a batch; a scope seen for the first
    time gets one (writes take turns: no other writer makes it meanwhile)."""
    found: dict[Owner, int] = {}
    users = sorted({user for user, _ in owners if user is not None})
    for start in range(0, len(users), 500):
        chunk = users[start : start + 500]
        found.update(
            ((row[1], row[2]), int(row[0]))
            for row in conn.execute(
                "SELECT part, user_id, agent_id FROM keyword_scopes "
                f"WHERE user_id IN ({','.join('?' * len(chunk))})",
                chunk,
            )
        )
    if any(user is None for user, _ in owners):
        found.update(
            ((row[1], row[2]), int(row[0]))
            for row in conn.execute(
                "SELECT part, user_id, agent_id FROM keyword_scopes WHERE user_id IS NULL"
            )
        )
    for owner in sorted(owners - found.keys(), key=repr):
        made = conn.execute("INSERT INTO keyword_scopes (user_id, agent_id) VALUES (?, ?)", owner)
        found[owner] = int(made.lastrowid or 0)
    return {owner: found[owner] for owner in owners}


def add_postings(conn: sqlite3.Connection, docs: Sequence[tuple[int, Entry]]) -> None:
    """Index records (row id, entry) whose ``keyword_*`` columns already hold their entries,
    inside the caller's write transaction: their postings, and their scopes' statistics."""
    postings = [
        (term, entry.part, doc, tf, entry.length)
        for doc, entry in docs
        for term, tf in entry.terms.items()
    ]
    postings.sort(key=itemgetter(0))  # in the table's order: a quarter faster to insert
    conn.executemany("INSERT INTO keyword_postings VALUES (?, ?, ?, ?, ?)", postings)
    conn.executemany(
        "UPDATE keyword_scopes SET docs = docs + ?, tokens = tokens + ? WHERE part = ?",
        scope_totals(entry for _, entry in docs),
    )


def stored_terms(entry: Entry) -> str:
    """A record's distinct terms as it keeps them (``keyword_terms``, a JSON array)."""
    return _TERMS_OUT(entry.distinct)


def index_all(conn: sqlite3.Connection, batch: int = 5000) -> None:
    """Index every record with a vector that is not indexed yet (a migration's fill)."""
    while True:
        rows = conn.execute(
            "SELECT rowid, text, user_id, agent_id FROM memories WHERE embedding IS NOT NULL "
            "AND keyword_terms IS NULL LIMIT ?",
            (batch,),
        ).fetchall()
        if not rows:
            return
        made = entries(conn, ((r[1], r[2], r[3]) for r in rows))
        conn.executemany(
            "UPDATE memories SET keyword_part = ?, keyword_len = ?, keyword_terms = ? "
            "WHERE rowid = ?",
            [(e.part, e.length, stored_terms(e), r[0]) for r, e in zip(rows, made, strict=True)],
        )
        add_postings(conn, [(r[0], e) for r, e in zip(rows, made, strict=True)])


#: How SQLite spells the keyword search (:func:`remem.stores.keyword_index.rank`).
DIALECT = Dialect(doc="rowid", mark="?", pair="(?, ?)", number="?", arrays=False, tenant=False)
