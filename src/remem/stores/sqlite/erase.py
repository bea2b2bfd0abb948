"""Erasing a subject from a SQLite store (:class:`~remem.stores.erasure.Erasure`).

:meth:`SQLiteErasure.erase` deletes the records (their keyword postings go with them; triggers
log the vectors' removal), the subject's cache entries, scope changes, emptied keyword
statistics, trashed memories and API keys in one write transaction; when records went, it
raises the vector generation, so every process rebuilds its in-memory index from the rows and
none saves one that still holds the erased vectors. Every connection deletes with ``PRAGMA
secure_delete``: the bytes of a deleted row are overwritten with zeros where they lay.

:meth:`SQLiteErasure.scrub` works in proportion to what was erased: nothing, when nothing was
(a subject with nothing stored, or another tenant's, costs the store nothing); else it removes
the index files if records went and truncates the write-ahead log (which holds earlier images
of the pages). A store that held data before its deletes were zeroed is rewritten once
(``VACUUM``), by its first erasure. :meth:`SQLiteErasure.traces` reads every file of the store
byte by byte.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from remem.stores.audit_log import AuditTables
from remem.stores.erasure import (
    ErasePlan,
    Erasure,
    Needles,
    Traces,
    count_in_files,
    doomed_keys,
    erase_scope_rows,
    held,
    scope_rows_left,
)
from remem.stores.sql import DeleteRows
from remem.stores.sqlite import db
from remem.stores.sqlite.connection import SQLiteConnection

__all__ = ["SQLiteErasure", "store_files"]

#: How long scrub() waits for other connections' readers to let the log be truncated.
CHECKPOINT_WAIT = 5.0


class SQLiteErasure(Erasure):
    """:class:`Erasure` over a SQLite store's connection and files. ``delete_rows`` deletes
    records as the store's deletes do; ``drop_vectors`` lets go of the vectors in memory (they
    are rebuilt from the rows at the next search; a build under way finds its index gone and
    is thrown away, unsaved)."""

    def __init__(
        self,
        connection: SQLiteConnection,
        *,
        delete_rows: DeleteRows,
        audit: AuditTables,
        drop_vectors: Callable[[], None],
    ) -> None:
        self._db, self._delete_rows, self._audit = connection, delete_rows, audit
        self._drop_vectors = drop_vectors

    @contextmanager
    def _files(self, *, drop: bool) -> Iterator[tuple[sqlite3.Connection, list[Path]]]:
        """The connection with no write of its own under way and, with ``drop``, the vectors
        in memory dropped; and the files the store keeps (database, log, index header and
        parts)."""
        with self._db.lock:
            if drop:
                self._drop_vectors()
            yield self._db.raw, store_files(self._db.file)

    def erase(self, plan: ErasePlan) -> dict[str, int]:
        counts = dict.fromkeys(
            ("records", "cache_entries", "scope_changes", "keyword_scopes", "api_keys", "trash"),
            0,
        )
        with self._db.transaction() as conn:
            gone = self._delete_rows(conn, list(plan.ids), audit="forget") if plan.ids else 0
            counts["records"] = gone
            for start in range(0, len(plan.trash), 500):
                part = plan.trash[start : start + 500]
                marks = ",".join("?" * len(part))
                counts["trash"] += conn.execute(
                    f"DELETE FROM trash WHERE id IN ({marks})", part
                ).rowcount
            counts.update(erase_scope_rows(conn, "?", plan.scopes))
            rows = conn.execute("SELECT key_id, grant_json FROM api_keys").fetchall()
            for key in doomed_keys(rows, plan):
                counts["api_keys"] += conn.execute(
                    "DELETE FROM api_keys WHERE key_id = ?", (key,)
                ).rowcount
                self._audit.write_keys(conn, "key_deleted", key)
            if gone:
                # Every process's vector index may hold the erased vectors (deleted rows stay
                # in an index's ANN cells until it is compacted): each one rebuilds from the
                # rows, and none saves the one it held (mirror.save checks the generation).
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('vector_generation', '1') "
                    "ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1"
                )
                conn.execute(
                    "DELETE FROM meta WHERE key IN ('index_saved', 'index_token', "
                    "'index_token_previous')"
                )
                _flag(conn, "scrub_index")
            if any(counts.values()):
                _flag(conn, "scrub_pending")  # cleared once scrub() has done its work
        return counts

    def scrub(self) -> list[str]:
        with self._files(drop=False) as (conn, _):
            flags = _flags(conn)
        if "scrub_pending" not in flags:
            return []  # nothing erased since the last scrub: nothing to do
        done: list[str] = []
        index = "scrub_index" in flags
        with self._files(drop=index) as (conn, files):
            removed = [f for f in files if index and db.INDEX_NAME in f.name and f.exists()]
            for file in removed:
                file.unlink(missing_ok=True)
            if removed:
                done.append(f"removed the vector index's {len(removed)} files")
            if files[0].name == ":memory:":
                conn.execute("DELETE FROM meta WHERE key IN ('scrub_pending', 'scrub_index')")
                return [*done, "in memory: nothing on disk"]
            if self._db.encrypted:
                done.append(
                    "encrypted store: its files hold ciphertext only, so the scan reads "
                    "the decrypted rows"
                )
            done.append("deleted content overwritten with zeros where it lay (secure_delete)")
            if flags.get("free_space_zeroed") != "1":
                # Deleted before deletes were zeroed: bytes may lie in free space anywhere.
                conn.execute("VACUUM")
                _flag(conn, "free_space_zeroed")
                done.append("rewrote the database once (VACUUM): it held data deleted unzeroed")
            deadline = time.monotonic() + CHECKPOINT_WAIT
            while True:
                busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                if not busy or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            done.append(
                "truncated the write-ahead log"
                if not busy
                else "could not truncate the write-ahead log: another process is reading"
            )
            if not busy:
                conn.execute("DELETE FROM meta WHERE key IN ('scrub_pending', 'scrub_index')")
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # and that change's pages
        return done

    def traces(self, needles: Needles) -> Traces:
        ids, content = needles.id_patterns(), needles.content_patterns()
        with self._files(drop=False) as (conn, files):
            found = _rows_left(conn, needles)
            # One pass over every row: the content patterns data that remains holds (shared),
            # and the ids still there (what a store in memory, with no files, is judged by).
            seen = held([*ids, *content], (value for _, value in _cells(conn)))
            shared = {i - len(ids) for i in seen if i >= len(ids)}
            patterns = [*ids, *(p for i, p in enumerate(content) if i not in shared)]
            if files[0].name == ":memory:" or self._db.encrypted:
                # No files, or files that hold ciphertext only: the rows are what is judged.
                left = sum(1 for i in seen if i < len(ids))
                found.update({"rows (erased ids)": left} if left else {})
            else:
                found.update(count_in_files(_present(files), patterns))
        return Traces(found=found, patterns=len(patterns), shared=len(shared))


def _flag(conn: sqlite3.Connection, key: str) -> None:
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')", (key,))


def _flags(conn: sqlite3.Connection) -> dict[str, str]:
    """The erasure's notes in ``meta``: what a scrub still owes, and whether free space was
    ever left unzeroed."""
    rows = conn.execute(
        "SELECT key, value FROM meta WHERE key IN "
        "('scrub_pending', 'scrub_index', 'free_space_zeroed')"
    ).fetchall()
    return {str(key): str(value) for key, value in rows}


def _rows_left(conn: sqlite3.Connection, needles: Needles) -> dict[str, int]:
    """Rows that should be gone: records by id, and the subject's scopes' rows."""
    found = scope_rows_left(conn, "?", needles)
    for start in range(0, len(needles.ids), 500):
        part = needles.ids[start : start + 500]
        marks = ",".join("?" * len(part))
        (n,) = conn.execute(f"SELECT count(*) FROM memories WHERE id IN ({marks})", part).fetchone()
        if n:
            found["memories (erased ids)"] = found.get("memories (erased ids)", 0) + n
    return found


#: Tables of words and numbers only (a term, row numbers packed in a block): no window of a
#: text, no id, no vector can be in them. The postings of an erased record go with it (listed
#: dead by a trigger, taken out of their blocks in the same transaction); the file scan reads
#: their pages anyway.
_NO_TEXT = frozenset({"keyword_blocks", "keyword_dead", "vector_changes"})


def _cells(conn: sqlite3.Connection) -> Iterator[tuple[str, bytes]]:
    """Every text and blob value of every table but :data:`_NO_TEXT`, as bytes, with its
    table's name."""
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in (t for t in tables if t not in _NO_TEXT):
        for row in conn.execute(f'SELECT * FROM "{table}"'):
            for value in row:
                if isinstance(value, str):
                    yield table, value.encode("utf-8")
                elif isinstance(value, bytes):
                    yield table, value


def _present(files: Sequence[Path]) -> Iterator[Path]:
    """The store's files on disk now (an index part may have been saved since)."""
    seen: set[Path] = set()
    for file in files:
        if file.exists() and file not in seen:
            seen.add(file)
            yield file


def store_files(database: str) -> list[Path]:
    """A SQLite store's files: the database, its log, then the index header and its parts."""
    if database == ":memory:":
        return [Path(":memory:"), Path(":memory:-wal")]
    base = Path(database)
    index = sorted(base.parent.glob(f"{db.INDEX_NAME}*"))
    leftovers = sorted(base.parent.glob(f".{db.INDEX_NAME}*.tmp"))
    logs = [base.with_name(base.name + suffix) for suffix in ("-wal", "-shm", "-journal")]
    return [base, logs[0], *index, *leftovers, *logs[1:]]
