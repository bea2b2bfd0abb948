"""The SQLite file itself: where it lives, how errors read, how rows become records, and
consistent copies (backup and restore) made with SQLite's online backup."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import ConflictError, NotAStoreError, StorageFullError, StoreError
from remem.core.files import fsync_directory, fsync_file
from remem.core.records import MemoryRecord, encode_namespace
from remem.stores.base import NewRecord
from remem.stores.rows import Dialect, RowCodec
from remem.stores.sqlite.cipher import check_key, connect, encrypted
from remem.stores.tables import Snapshots

__all__ = [
    "COLUMNS",
    "DB_NAME",
    "INDEX_NAME",
    "ROWS",
    "SQLiteSnapshots",
    "backup",
    "batches",
    "check_integrity",
    "counts",
    "duplicates",
    "record_of",
    "refuse_replacing",
    "resolve_db_path",
    "restore",
    "store_error",
    "taken_id",
    "vector_blob",
    "vector_rows",
    "vectors_of",
]

DB_NAME = "remem.db"
#: The vector index beside the database: ``remem.index.json`` (the header) names the token of
#: its parts, ``remem.index.<token>.npz`` (layout) and ``.faiss`` (ANN index). The vectors are
#: read from the rows when the index is opened.
INDEX_NAME = "remem.index"
#: JSON as SQLite's columns hold it (one encoder: ``json.dumps`` makes one a call).
_JSON_OUT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
#: A record's columns as SQLite writes and reads them (:mod:`remem.stores.rows`).
ROWS = RowCodec(
    Dialect(
        json_out=lambda value: _JSON_OUT(value) if value else "{}",
        json_in=lambda text: json.loads(text) if text and text != "{}" else None,
    )
)
#: The columns :func:`record_of` reads, in order.
COLUMNS = ROWS.select


def resolve_db_path(path: str | Path) -> str:
    """The database file for a store directory, creating the directory if it is new."""
    if str(path) == ":memory:":
        return ":memory:"
    directory = Path(path).expanduser()
    if directory.exists() and not directory.is_dir():
        raise NotAStoreError(f"{directory} is a file, not a store directory: pass a directory")
    db = directory / DB_NAME
    if directory.is_dir() and not db.exists() and any(directory.iterdir()):
        raise NotAStoreError(
            f"{directory} is not empty and holds no {DB_NAME}: it is not a remem store. "
            "Pass a new or empty directory."
        )
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create store directory {directory}: {exc}") from exc
    return str(db)


def check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    """Raise :class:`StoreError` unless ``PRAGMA integrity_check`` finds the database sound."""
    found = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
    if found != ["ok"]:
        raise StoreError(
            f"{path} is damaged ({'; '.join(found[:3])}): use another backup, or `remem export` "
            "what can still be read"
        )


def refuse_replacing(db: Path, force: bool, key: str | None = None) -> None:
    """Before a restore over ``db``: refuse when another process has it open (it holds a
    lock), or when it holds records and ``force`` is not set."""
    locked = encrypted(db)
    if locked and not key:
        raise ConflictError(
            f"the store at {db.parent} is encrypted: restore over it with its key (REMEM_KEY)"
        )
    conn = connect(str(db), key if locked else None, isolation_level=None, timeout=0.5)
    try:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        try:
            conn.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError as exc:
            raise ConflictError(
                f"the store at {db.parent} is open in another process ({exc}): stop it (and "
                "any `remem serve` on it), then restore"
            ) from exc
        try:
            (records,) = conn.execute("SELECT count(*) FROM memories").fetchone()
        except sqlite3.Error:
            records = 0  # not a remem database yet: nothing to lose
        conn.execute("ROLLBACK")
    finally:
        conn.close()
    if records and not force:
        raise ConflictError(
            f"the store at {db.parent} holds {records} memories: restore into a new directory, "
            "or pass --force (force=True) to replace them"
        )


def store_error(what: str, exc: sqlite3.Error) -> StoreError:
    """A backend error as remem's: :class:`StorageFullError` when the disk (or the database's
    size limit) is full, else :class:`StoreError`."""
    full = getattr(exc, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_FULL or (
        "database or disk is full" in str(exc)
    )
    if full:
        return StorageFullError(
            f"{what}: the disk holding the store is full ({exc}). Nothing written before was "
            "lost; free some space (or raise the size limit) and retry."
        )
    return StoreError(f"{what}: {exc}")


def batches(ids: Sequence[str], size: int = 500) -> Iterator[list[str]]:
    """``ids`` in lists of at most ``size`` (SQLite bounds the parameters of a statement)."""
    for start in range(0, len(ids), size):
        yield list(ids[start : start + size])


def vector_rows(
    vector: NDArray[np.float32], parts: NDArray[np.float32] | None
) -> NDArray[np.float32]:
    """A record's vectors as rows: its head, then its parts."""
    head = np.asarray(vector, dtype=np.float32).reshape(1, -1)
    if parts is None or not len(parts):
        return head
    return np.concatenate([head, np.asarray(parts, dtype=np.float32).reshape(-1, head.shape[1])])


def vector_blob(
    vector: NDArray[np.float32] | None, parts: NDArray[np.float32] | None
) -> bytes | None:
    """The ``embedding`` column: head and part vectors, float32 rows back to back."""
    return None if vector is None else vector_rows(vector, parts).tobytes()


def vectors_of(blob: bytes | None, dims: int) -> NDArray[np.float32] | None:
    if blob is None:
        return None
    return np.frombuffer(blob, dtype=np.float32).reshape(-1, dims or -1).copy()


def record_of(row: sqlite3.Row) -> MemoryRecord:
    """The record of a row that starts with :data:`COLUMNS` (read by position)."""
    return ROWS.record(tuple(row))


def duplicates(conn: sqlite3.Connection, records: Sequence[NewRecord]) -> dict[int, MemoryRecord]:
    """For each record to dedupe (by its index in ``records``), the stored record it repeats:
    the same text (hash), kind, scope and namespace."""
    found: dict[int, MemoryRecord] = {}
    for index, rec in enumerate(records):
        if not rec.dedupe:
            continue
        # Found by the hash's index, the rest checked on the rows it gives: with the scope
        # free to pick, SQLite read every record of the scope (9 ms a record at 1,000).
        row = conn.execute(
            f"SELECT {COLUMNS} FROM memories WHERE substr(content_hash, 1, 8) = ? "
            "AND +content_hash = ? AND +kind = ? AND +user_id IS ? AND +agent_id IS ? "
            "AND +session_id IS ? AND +namespace = ? LIMIT 1",
            (
                rec.content_hash[:8],
                rec.content_hash,
                rec.kind,
                rec.user_id,
                rec.agent_id,
                rec.session_id,
                encode_namespace(rec.namespace),
            ),
        ).fetchone()
        if row is not None:
            found[index] = record_of(row)
    return found


def taken_id(conn: sqlite3.Connection, ids: Sequence[str]) -> str | None:
    """The first of ``ids`` (a batch not yet inserted) that is stored already or repeated in
    the batch; None when neither."""
    held: set[str] = set()
    for part in batches(ids):
        marks = ",".join("?" * len(part))
        rows = conn.execute(f"SELECT id FROM memories WHERE id IN ({marks})", part)
        held |= {row[0] for row in rows}
    seen: set[str] = set()
    for id_ in ids:
        if id_ in held or id_ in seen:
            return id_
        seen.add(id_)
    return None


def counts(rows: Callable[[str], list[sqlite3.Row]]) -> dict[str, Any]:
    """What ``StoreStats`` counts of a store (records by kind, vectors, scopes, bytes, the
    migrations applied), read with ``rows(sql)``."""
    by_kind = {r[0]: r[1] for r in rows("SELECT kind, count(*) FROM memories GROUP BY 1")}
    users, agents, sessions = rows(
        "SELECT count(DISTINCT user_id), count(DISTINCT agent_id), count(DISTINCT session_id) "
        "FROM memories"
    )[0]
    size = rows("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
    return {
        "records": sum(by_kind.values()),
        "by_kind": by_kind,
        "vectors": int(rows("SELECT count(*) FROM memories WHERE embedding IS NOT NULL")[0][0]),
        "users": users,
        "agents": agents,
        "sessions": sessions,
        "size_bytes": int(size[0][0]),
        "schema": [r[0] for r in rows("SELECT name FROM _migrations ORDER BY rowid")],
    }


@contextmanager
def _replacing(temporary: Path, failed: str) -> Iterator[None]:
    """The work that fills ``temporary`` and renames it into place: on any failure the file
    goes, and SQLite's and the file system's errors become :class:`StoreError` saying
    ``failed``."""
    try:
        yield
    except BaseException as exc:
        temporary.unlink(missing_ok=True)
        if isinstance(exc, sqlite3.Error):
            raise store_error(failed, exc) from exc
        if isinstance(exc, OSError):
            raise StoreError(f"{failed}: {exc}") from exc
        raise


def backup(db: Path, path: str | Path, *, key: str | None = None) -> dict[str, Any]:
    """Copy the database ``db`` into ``path``, a new or empty directory, as a consistent snapshot
    while writers keep writing (SQLite's online backup, one read transaction on a
    connection of its own, so this handle stays free). The copy is checked
    (``PRAGMA integrity_check``), flushed to the disk and only then named ``remem.db``; its
    vector index is rebuilt when the backup is first opened. The backup of an encrypted store
    (``key``) is encrypted under the same key. Returns the backup's path, records, size in
    bytes and whether it is encrypted."""
    target = Path(path).expanduser()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ConflictError(
            f"{target} exists and is not an empty directory: back up into a new directory"
        )
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the backup directory {target}: {exc}") from exc
    temporary = target / f".{DB_NAME}.partial"
    source_path = db
    with _replacing(temporary, f"backup of {db.parent} into {target} failed"):
        source = connect(f"{source_path.absolute().as_uri()}?mode=ro", key, uri=True, timeout=60)
        copy = connect(str(temporary), key, isolation_level=None)
        try:
            source.backup(copy)  # all pages in one step: one snapshot of the source
            # The copy has no index beside it yet: it must not say it saved one.
            copy.execute("DELETE FROM meta WHERE key LIKE 'index\\_%' ESCAPE '\\'")
            check_integrity(copy, temporary)
            (records,) = copy.execute("SELECT count(*) FROM memories").fetchone()
        finally:
            source.close()
            copy.close()  # the last connection: its WAL is folded into the file
        fsync_file(temporary)
        os.replace(temporary, target / DB_NAME)
        fsync_directory(target)
    size = (target / DB_NAME).stat().st_size
    return {
        "path": str(target),
        "records": int(records),
        "size_bytes": size,
        "encrypted": key is not None,
    }


class SQLiteSnapshots(Snapshots):
    """:class:`~remem.stores.tables.Snapshots` of a SQLite store: its online backup."""

    def __init__(self, file: str, key: str | None) -> None:
        self._file, self._key = file, key

    def backup(self, path: str | Path) -> dict[str, Any]:
        """Copy the store into ``path`` (see :func:`backup`)."""
        if self._file == ":memory:":
            raise StoreError("an in-memory store has nothing on disk to back up: use export()")
        return backup(Path(self._file), path, key=self._key)


def restore(
    backup: str | Path, path: str | Path, *, force: bool = False, key: str | None = None
) -> dict[str, Any]:
    """Put the backup in directory ``backup`` in place as the store in directory ``path``.

    The backup is checked (``PRAGMA integrity_check``) and copied beside the store, flushed
    to the disk, and renamed over ``remem.db`` in one step; the old vector index is removed
    (it is rebuilt). A store that holds records is replaced only with ``force``; a store
    another process has open is never replaced (stop it first). Returns the store's path
    and records. An encrypted backup needs its ``key`` and stays encrypted."""
    source_path = Path(backup).expanduser() / DB_NAME
    if not source_path.is_file():
        raise NotAStoreError(f"{backup} holds no {DB_NAME}: pass a directory `remem backup` made")
    check_key(str(source_path), key)
    target = Path(path).expanduser()
    db = Path(resolve_db_path(target))  # refuses a file, or a folder that is not a store
    temporary = target / f".{DB_NAME}.restoring"
    with _replacing(temporary, f"restoring {backup} into {target} failed"):
        source = connect(f"{source_path.absolute().as_uri()}?mode=ro", key, uri=True, timeout=60)
        try:
            check_integrity(source, source_path)
            if source.execute("SELECT 1 FROM meta WHERE key = 'store_id'").fetchone() is None:
                raise NotAStoreError(f"{source_path} is not a remem store")
            if db.exists():
                refuse_replacing(db, force, key)
            copy = connect(str(temporary), key, isolation_level=None)
            try:
                source.backup(copy)
                check_integrity(copy, temporary)
                (records,) = copy.execute("SELECT count(*) FROM memories").fetchone()
            finally:
                copy.close()
        finally:
            source.close()
        fsync_file(temporary)
        # The old database's WAL must never be replayed onto the new one: it goes first.
        for stale in (f"{DB_NAME}-wal", f"{DB_NAME}-shm", f"{INDEX_NAME}.json"):
            (target / stale).unlink(missing_ok=True)
        for part in target.glob(f"{INDEX_NAME}.*.*"):
            part.unlink(missing_ok=True)
        os.replace(temporary, db)
        fsync_directory(target)
    check = connect(str(db), key)
    try:
        check_integrity(check, db)
    finally:
        check.close()
    return {"path": str(target), "records": int(records), "encrypted": key is not None}
