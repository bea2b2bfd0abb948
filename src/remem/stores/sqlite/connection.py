"""A SQLite store's one connection (:class:`SQLiteConnection`), handed to each of its parts.

It holds the database file, the key of an encrypted one, the ``sqlite3`` connection and the
lock every use of it takes, and offers what the parts need of them: write transactions (the
write lock taken up front), reads, reads in one snapshot, the connection with its files for an
erasure. What must happen when a write is undone (the vector mirror dropping what it held of
it) is registered with :meth:`SQLiteConnection.on_undo`.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from remem.core.errors import NotAStoreError, StoreError
from remem.core.observe import Gauge
from remem.stores.sqlite import cipher, db

__all__ = ["SQLiteConnection"]

_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


class SQLiteConnection:
    """The file, its connection and its lock (see the module)."""

    marks = "?"
    meta_table = "meta"

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout: float = 10.0,
        synchronous: str = "FULL",
        key: str | None = None,
    ) -> None:
        if synchronous.upper() not in _SYNCHRONOUS:
            raise StoreError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
        self.path = str(path)
        #: The database file (``":memory:"`` in memory).
        self.file = db.resolve_db_path(path)
        self.busy_timeout = busy_timeout
        cipher.check_key(self.file, key)
        #: The key of an encrypted store (:mod:`.cipher`); None: not encrypted.
        self.key = key or None
        self.lock = threading.RLock()
        self._undo: list[Callable[[], None]] = []
        try:
            self.raw = cipher.connect(
                self.file, self.key, timeout=busy_timeout, isolation_level=None,
                check_same_thread=False,
            )  # fmt: skip
            self.raw.row_factory = sqlite3.Row
            self._configure(busy_timeout, synchronous)
        except sqlite3.DatabaseError as exc:
            raise NotAStoreError(f"{self.file} is not a usable remem database: {exc}") from exc

    def _configure(self, busy_timeout: float, synchronous: str) -> None:
        conn = self.raw
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        conn.execute("PRAGMA foreign_keys = ON")
        # Deleted content is overwritten with zeros where it lay (cells, free pages), so an
        # erasure needs no rewrite of the whole file to leave none of it readable (.erase).
        conn.execute("PRAGMA secure_delete = ON")
        conn.execute("PRAGMA cache_size = -65536")  # 64 MiB: index pages of large stores stay hot

    @property
    def encrypted(self) -> bool:
        """Whether the store's files are encrypted (it was opened with a key)."""
        return self.key is not None

    def on_undo(self, undo: Callable[[], None]) -> None:
        """Call ``undo()`` whenever a write transaction is rolled back."""
        self._undo.append(undo)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken with the write lock up front (BEGIN IMMEDIATE)."""
        with self.lock:
            try:
                self.raw.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise db.store_error(f"cannot start a write on {self.path}", exc) from exc
            try:
                yield self.raw
                self.raw.execute("COMMIT")
            except BaseException as exc:
                if self.raw.in_transaction:  # SQLite may have rolled back already (disk full)
                    self.raw.execute("ROLLBACK")
                for undo in self._undo:  # e.g. the mirror may hold this write's changes
                    undo()
                if isinstance(exc, sqlite3.Error):
                    raise db.store_error(
                        f"write to {self.path} failed and was undone", exc
                    ) from exc
                raise

    def write_many(self, sql: str, rows: Sequence[Sequence[Any]], *, wait: bool = True) -> bool:
        """``sql`` for each of ``rows`` in one write transaction. With ``wait=False`` the
        write lock is taken now or not at all: False, nothing written, when another writer
        holds it (access statistics never wait for a writer)."""
        with self.lock:
            if not wait:
                (waits,) = self.raw.execute("PRAGMA busy_timeout").fetchone()
                self.raw.execute("PRAGMA busy_timeout = 0")
            try:
                with self.transaction() as conn:
                    conn.executemany(sql, rows)
            except StoreError as exc:
                cause = exc.__cause__
                busy = isinstance(cause, sqlite3.Error) and (
                    getattr(cause, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_BUSY
                )
                if wait or not busy:
                    raise
                return False
            finally:
                if not wait:
                    self.raw.execute(f"PRAGMA busy_timeout = {int(waits)}")
        return True

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection under the lock, for reads (its errors as remem's)."""
        with self.lock:
            try:
                yield self.raw
            except sqlite3.Error as exc:
                raise db.store_error(f"query on {self.path} failed", exc) from exc

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one read."""
        with self.reading() as conn:
            return conn.execute(sql, params).fetchall()

    #: One database, no replicas: every read sees every committed write.
    stale_rows = rows

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction (a deferred ``BEGIN``) around several reads, so they see one
        state of the store while other processes commit; inside our own write transaction, that
        transaction already is one."""
        with self.lock:
            if self.raw.in_transaction:
                yield
                return
            try:
                self.raw.execute("BEGIN")
            except sqlite3.Error as exc:
                raise db.store_error(f"cannot read {self.path}", exc) from exc
            try:
                yield
            finally:
                if self.raw.in_transaction:
                    self.raw.execute("COMMIT")  # a read: nothing to undo

    def limit_size(self, max_bytes: int | None) -> int:
        """Cap the database file at about ``max_bytes`` (see ``SQLiteStore.limit_size``)."""
        with self.lock:
            (page,) = self.raw.execute("PRAGMA page_size").fetchone()
            page = int(page)  # SQLCipher answers it as text
            pages = 0xFFFFFFFE if max_bytes is None else max(1, max_bytes // page)
            (granted,) = self.raw.execute(f"PRAGMA max_page_count = {int(pages)}").fetchone()
            return int(granted) * int(page)

    def health(self) -> dict[str, Any]:
        """Up while its file is there (a store whose directory was removed or unmounted under
        a running server answers nothing: down)."""
        there = self.file == ":memory:" or Path(self.file).exists()
        state = "up" if there else "down"
        return {"writes": state, "reads": state}

    def gauges(self) -> list[Gauge]:
        """The write-ahead log's size: one that keeps growing means a reader holds a snapshot
        open so long that checkpoints cannot catch up."""
        wal = Path(f"{self.file}-wal") if self.file != ":memory:" else None
        size = wal.stat().st_size if wal is not None and wal.exists() else 0
        return [Gauge("remem_wal_bytes", float(size))]

    def close(self) -> None:
        with self.lock:
            self.raw.close()
