"""The SQLite store's keyword index (:mod:`remem.stores.keyword_index` says what every store
keeps): ``keyword_blocks`` (term, scope part, first record's row id, postings, data: a
(term, part)'s postings of one write), ``keyword_dead`` (term, part, row id: postings of a
record deleted or indexed anew, listed by the triggers of migration ``0017_keyword_blocks`` and
taken out of their blocks by :func:`purge` in the same transaction) and ``keyword_scopes`` (part,
user, agent, records, their total length). A record keeps what it was indexed as
(``keyword_part``, ``keyword_len``, ``keyword_terms``: its distinct terms as a JSON array),
from which the triggers list its postings. A search reads them on a connection of its own
(:class:`Reader`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from remem.stores import keyword_index
from remem.stores.keyword_index import (
    MERGE_BELOW,
    Block,
    Dialect,
    Entry,
    Owner,
    Postings,
    scope_totals,
)
from remem.stores.sqlite import cipher, db
from remem.stores.sqlite.connection import SQLiteConnection

__all__ = ["DIALECT", "Reader", "add_postings", "entries", "purge", "stored_terms"]

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
    conn: sqlite3.Connection, rows: Iterable[tuple[str, str | None, str | None, str | None]]
) -> list[Entry]:
    """The entries of records (text, user, agent, language) about to be indexed, inside the caller's
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
    inside the caller's write transaction: their blocks, and their scopes' statistics. Dead
    postings go first: a record indexed anew, or a row id used again, is never both."""
    purge(conn)
    made = Postings.of_records(docs)
    tails = _tails(conn, made.pairs())
    written = made.with_blocks(tails).blocks()
    # A block merged into keeps its key (its first record comes first still) and is replaced;
    # one whose first record went elsewhere (a record indexed anew before it) is deleted.
    kept = {block[:3] for block in written}
    conn.executemany(
        "DELETE FROM keyword_blocks WHERE term = ? AND part = ? AND first = ?",
        [tail[:3] for tail in tails if tail[:3] not in kept],
    )
    conn.executemany(
        "INSERT OR REPLACE INTO keyword_blocks (term, part, first, n, data) VALUES (?, ?, ?, ?, ?)",
        written,
    )
    conn.executemany(
        "UPDATE keyword_scopes SET docs = docs + ?, tokens = tokens + ? WHERE part = ?",
        scope_totals(entry for _, entry in docs),
    )


#: (term, part)s asked for their latest block in one statement.
_PAIRS_AT_ONCE = 400


def _tails(conn: sqlite3.Connection, wanted: Sequence[tuple[str, int]]) -> list[Block]:
    """The latest block of each of these (term, part)s that holds fewer than
    :data:`~remem.stores.keyword_index.MERGE_BELOW` postings (the write merges into it)."""
    found: list[Block] = []
    for start in range(0, len(wanted), _PAIRS_AT_ONCE):
        chunk = wanted[start : start + _PAIRS_AT_ONCE]
        rows = conn.execute(
            f"WITH p(term, part) AS (VALUES {', '.join('(?, ?)' for _ in chunk)}) "
            "SELECT b.term, b.part, b.first, b.n, b.data FROM p JOIN keyword_blocks b "
            "ON b.term = p.term AND b.part = p.part AND b.first = (SELECT c.first FROM "
            "keyword_blocks c WHERE c.term = p.term AND c.part = p.part "
            "ORDER BY c.first DESC LIMIT 1) WHERE b.n < ?",
            [*(x for pair in chunk for x in pair), MERGE_BELOW],
        ).fetchall()
        found += [(str(r[0]), int(r[1]), int(r[2]), int(r[3]), bytes(r[4])) for r in rows]
    return found


def purge(conn: sqlite3.Connection) -> int:
    """Take the dead postings out of their blocks, inside the caller's write transaction
    (:func:`remem.stores.keyword_index.purge`); how many blocks changed."""
    dead = conn.execute("SELECT term, part, doc FROM keyword_dead").fetchall()
    if not dead:
        return 0

    def before(term: str, part: int, doc: int, limit: int) -> list[sqlite3.Row]:
        return conn.execute(
            "SELECT first, n, data FROM keyword_blocks WHERE term = ? AND part = ? "
            "AND first <= ? ORDER BY first DESC LIMIT ?",
            (term, part, doc, limit),
        ).fetchall()

    def replace(term: str, part: int, first: int, block: Block | None) -> None:
        conn.execute(
            "DELETE FROM keyword_blocks WHERE term = ? AND part = ? AND first = ?",
            (term, part, first),
        )
        if block is not None:
            conn.execute(
                "INSERT INTO keyword_blocks (term, part, first, n, data) VALUES (?, ?, ?, ?, ?)",
                (term, part, *block[2:]),
            )

    changed = keyword_index.purge(dead, before, replace)
    conn.execute("DELETE FROM keyword_dead")
    return changed


def stored_terms(entry: Entry) -> str:
    """A record's distinct terms as it keeps them (``keyword_terms``, a JSON array)."""
    return _TERMS_OUT(entry.distinct)


#: How SQLite spells the keyword search (:func:`remem.stores.keyword_index.rank`).
DIALECT = Dialect(doc="rowid", mark="?", arrays=False, tenant=False)
