"""The SQLite store's vectors in memory: one :class:`~remem.index.vector_index.VectorIndex` of every
record's head and part vectors, following every process's commits, saved beside the database,
its ANN cells built on a thread of their own.

The store is the truth and this is a cache of it (docs/architecture.md, "The index file and
several processes"). :class:`VectorMirror` is the rows an
:class:`~remem.index.follower.IndexFollower`
follows: ``PRAGMA data_version`` says whether another connection committed; then the change log
(``vector_changes``, written by triggers on deletes and vector changes) and the rows past the
largest row id held catch the index up, or it is built again — from the saved file when that
agrees with the store, else from the rows. The store hands it its own writes as it makes them.
Everything here runs under the store's lock, on the store's connection.
"""

from __future__ import annotations

import json
import os
import threading
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import IndexWarning, StoreError
from remem.core.files import fsync_directory, fsync_file
from remem.core.filters import Cond, Filter, Logic
from remem.core.timeutil import now
from remem.embedders.base import EmbedderSignature
from remem.index import background
from remem.index.follower import IndexFollower
from remem.index.vector_index import VectorIndex
from remem.stores.base import NewRecord
from remem.stores.sqlite import db
from remem.stores.sqlite.connection import SQLiteConnection
from remem.stores.sqlite.filters import compile_sqlite

__all__ = ["CHANGE_LOG_KEEP", "INDEX_FORMAT", "RECORD_FIELDS", "VectorMirror"]

#: A record's fields the index keeps beside its vectors, so filters on them run in memory.
RECORD_FIELDS = ("user_id", "agent_id", "session_id", "kind")
INDEX_FORMAT = 4  # 2: IVF cells, not HNSW; 3: parts fsynced, sized, checksummed; 4: no vectors
#: Entries kept in ``vector_changes``; a process further behind reloads its index instead.
CHANGE_LOG_KEEP = 100_000
_LOAD_BATCH = 20_000
_VECTOR_COLUMNS = "rowid, embedding, " + ", ".join(RECORD_FIELDS)


class VectorMirror:
    """The vector index of the store on ``conn`` (guarded by ``lock``), with its file at
    ``index_path`` (None: a store in memory, never saved). ``signature``, ``transaction`` and
    ``snapshot`` are the store's: its recorded embedder, a write transaction, one read
    snapshot around several reads."""

    def __init__(
        self,
        connection: SQLiteConnection,
        *,
        index_path: Path | None,
        exact_search_limit: int,
        signature: Callable[[], EmbedderSignature | None],
    ) -> None:
        self._conn, self._lock = connection.raw, connection.lock
        self.index_path = index_path
        #: A search that may match at most this many vectors runs exactly.
        self.exact_search_limit = exact_search_limit
        self._signature = signature
        self._transaction, self._snapshot = connection.transaction, connection.snapshot
        connection.on_undo(self.drop)  # it may hold an undone write's changes: reload
        self.follower = IndexFollower(self)
        #: Builds the ANN index on a thread of its own (:meth:`maintain`).
        self.builder: threading.Thread | None = None
        self._closed = False
        self._generation = -1
        self._seq = 0  # last vector_changes entry the index has applied
        self._unsaved = False  # the index has changes its file lacks

    @property
    def index(self) -> VectorIndex | None:
        """The index as held now (None until a search needs it), not caught up."""
        return self.follower.index

    # -- following the store -----------------------------------------------------------------------
    def synced(self) -> VectorIndex:
        """The index, caught up with every commit (in one read snapshot), opened if need be."""
        with self._snapshot():
            return self.follower.synced()

    def follow(self) -> None:
        """Inside the store's write transaction, before it writes: catch up with the commits
        others made before it took the write lock."""
        self.follower.follow()

    def drop(self) -> None:
        """Forget the index: it may hold a write that was undone, or vectors of a width the
        store no longer has. The next search opens it again."""
        self.follower.drop()

    def token(self) -> int:
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def catch_up(self, index: VectorIndex) -> bool:
        """Apply logged changes, then appends; False when every vector was replaced (a
        re-embed) or the log no longer reaches back.

        Called inside one read snapshot (:meth:`synced`, or the store's write transaction), so
        the log and the rows agree while other processes commit. The append mark is taken
        before any change is applied: reloading a changed row appends it to the index and
        raises its largest row id, and rows another process appended below that changed row
        would otherwise never be read."""
        return self._read_generation() == self._generation and self._caught_up(index)

    def _caught_up(self, index: VectorIndex) -> bool:
        """:meth:`catch_up` at one generation of vectors."""
        conn = self._conn
        mark = index.max_rowid
        # Sequence numbers only have gaps where old ones were pruned.
        changes = conn.execute(
            "SELECT seq, row FROM vector_changes WHERE seq > ? ORDER BY seq", (self._seq,)
        ).fetchall()
        if changes:
            if changes[0][0] > self._seq + 1:
                return False
            # A changed row past the mark is read with the appends, as it is now.
            self._applied(changes[-1][0])
            self._reload(index, list(dict.fromkeys(row for _, row in changes if row <= mark)))
        self._load(index, "1", (), after=mark)
        return True

    def load(self) -> VectorIndex:
        """The saved index when it agrees with the store, else one built from the store."""
        self._generation = self._read_generation()
        index = self._read_file()
        if index is None:
            self._seq = 0
            self._applied(None)  # reading every row below applies the whole log
            index = VectorIndex(
                self._dimensions(), fields=RECORD_FIELDS, exact_limit=self.exact_search_limit
            )
            (size,) = self._conn.execute("SELECT sum(length(embedding)) FROM memories").fetchone()
            index.reserve((size or 0) // max(4 * index.dimensions, 1))
            self._load(index, "1", ())
        return index

    # -- the store's own writes --------------------------------------------------------------------
    def add(self, first: int, records: Sequence[NewRecord]) -> None:
        """The store inserted ``records`` at row ids ``first``, ``first + 1``, ... (inside its
        transaction, still under its lock: a search in another thread never sees the index
        half-appended; should the commit fail, the transaction drops the index)."""
        index = self.follower.index
        if index is None:
            return
        with_vectors = [(first + i, r) for i, r in enumerate(records) if r.vector is not None]
        index.append(
            [rowid for rowid, _ in with_vectors],
            [db.vector_rows(r.vector, r.parts) for _, r in with_vectors],  # type: ignore[arg-type]
            [tuple(getattr(r, name) for name in RECORD_FIELDS) for _, r in with_vectors],
        )
        self._unsaved = True

    def changed(self, rowids: Sequence[int]) -> None:
        """Inside the store's write transaction, these rows' vectors or fields changed (or the
        rows are gone): drop their old vectors and read their current ones. The log is applied
        to its end: nothing else commits inside our own write."""
        self._applied(None)
        index = self.follower.index
        if index is not None:
            self._reload(index, rowids)

    def deleted(self, rowids: Sequence[int]) -> None:
        """Inside the store's write transaction, these rows were deleted: the change log is
        pruned to its last :data:`CHANGE_LOG_KEEP` entries, and they leave the index."""
        self._conn.execute(
            "DELETE FROM vector_changes WHERE seq <= (SELECT max(seq) FROM vector_changes) - ?",
            (CHANGE_LOG_KEEP,),
        )
        self.changed(rowids)

    # -- search ------------------------------------------------------------------------------------
    def search(
        self,
        index: VectorIndex,
        vector: NDArray[np.float32],
        k: int,
        where: Filter | None,
        *,
        part_weight: float,
    ) -> list[tuple[str, float]]:
        """The store's dense candidates from ``index`` (just :meth:`synced`): scope and kind
        filters answered by the index, any other by SQL's row ids; then the ANN cells are
        brought up to date if due, on their own thread."""
        allowed: NDArray[np.bool_] | NDArray[np.int64] | None = None
        if where is not None:
            values = _field_values(where)
            if values is not None:  # scope and kind: matched in memory
                allowed = index.allowed_by_fields(values)
            else:
                clause, params = compile_sqlite(where)
                rows = self._conn.execute(
                    f"SELECT rowid FROM memories m WHERE m.embedding IS NOT NULL AND {clause}",
                    params,
                )
                allowed = index.allowed_by_rowids(r[0] for r in rows)
        rowids, scores = index.search(vector, k, allowed, part_weight=part_weight)
        self.maintain()
        return self._ids_for(rowids, scores.tolist())

    # -- the ANN cells -----------------------------------------------------------------------------
    def maintain(self) -> None:
        """Build, extend or retrain the ANN index on a thread of its own when it is due
        (under the store's lock): seconds at 100,000 vectors, which no request waits for —
        searches run exactly meanwhile. The result is installed and saved when done."""
        index = self.follower.index
        if index is None or (self.builder is not None and self.builder.is_alive()):
            return
        job = index.ann_job(check=background.check)
        if job is None:
            return

        def build() -> None:
            try:
                epoch, ann = job()
            except background.Cancelled:
                raise  # the process is exiting or forking: the next search builds it again
            except Exception as exc:  # the index is a cache: searches stay exact and right
                warnings.warn(f"could not build the vector index: {exc}", IndexWarning, 2)
                return
            with self._lock:
                if not self._closed and self.follower.index is index and index.install(epoch, ann):
                    self._unsaved = True
                    self.save()  # it took seconds to build: keep it

        # Not a bare daemon thread: one left in faiss's code as the interpreter finalizes can
        # abort the process; this one is stopped and waited for at exit and before a fork.
        self.builder = background.start(build, "remem-vector-index")

    def build(self) -> None:
        """Bring the ANN cells up to date now, waiting for it (and for a build under way)."""
        with self._lock:
            index = self.synced()
            running = self.builder
        if running is not None:
            running.join()
        with self._lock:
            index = self.synced()
            job = index.ann_job()
        if job is None:
            return
        epoch, ann = job()
        with self._lock:
            if self.follower.index is index and index.install(epoch, ann):
                self._unsaved = True
                self.save()

    def state(self) -> tuple[bool, bool, bool]:
        """Whether the ANN cells are built (ready), being built, and wanted (the index has
        outgrown exact search)."""
        with self._lock:
            index = self.synced()
            building = self.builder is not None and self.builder.is_alive()
            return index.ann is not None, building, index.size >= index.exact_limit

    def finish(self) -> None:
        """Wait for a build under way (it is finished and saved, not thrown away)."""
        builder = self.builder
        if builder is not None:
            builder.join()

    def close(self) -> None:
        """Under the store's lock, as it closes: no build is installed after this; the index
        is saved if it has changes its file lacks."""
        self._closed = True
        self.save()

    # -- the index file ----------------------------------------------------------------------------
    def save(self) -> bool:
        """Write the vector index beside the database, if it has an ANN index worth keeping and
        changes its file lacks. Atomic: readers see the old file or the new one."""
        index = self.follower.index
        if index is None or self.index_path is None or not self._unsaved or not index.ann_size:
            return False
        if self._read_generation() != self._generation:
            # The vectors were replaced, or a subject erased, since this index was built: it
            # may hold vectors the store no longer has. It is rebuilt, never saved.
            self.drop()
            return False
        signature = self._signature()
        meta = {
            "format": INDEX_FORMAT,
            "store": self._store_id(),
            "embedder": signature.name if signature else None,
            "dimensions": index.dimensions,
            "generation": self._generation,
            "seq": self._seq,
        }
        # The parts are written under a new token and flushed to the disk, then the header
        # naming that token (and each part's size and checksum) replaces the old header in one
        # rename: a reader sees the old index or the new one, never a mix, and after a power
        # loss either one whole index or one that fails its checks (and is rebuilt).
        token = uuid.uuid4().hex[:12]
        header = self.index_path
        temporary = header.with_name(f".{header.name}.{token}.tmp")
        base = self._part(token)
        try:
            parts = index.save(str(base))
            fsync_directory(header.parent)  # the parts' names, before a header names them
            temporary.write_text(
                json.dumps({**meta, "token": token, "parts": parts}), encoding="utf-8"
            )
            fsync_file(temporary)
            # Under the write lock, so saves by several processes take turns: the store notes
            # the token of the header it last saved (and the one before, which a reader may be
            # opening), and a header naming any other token is never used.
            with self._transaction() as conn:
                if self._read_generation() != self._generation:
                    raise _Stale
                for suffix, expected in parts.items():  # another save may have removed them
                    if os.stat(f"{base}.{suffix}").st_size != expected["size"]:
                        raise OSError(f"its part {base.name}.{suffix} changed while saving")
                row = conn.execute("SELECT value FROM meta WHERE key = 'index_token'").fetchone()
                previous = str(row[0]) if row else None
                conn.executemany(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    [
                        ("index_saved", now()),
                        ("index_token", token),
                        ("index_token_previous", previous or ""),
                    ],
                )
                os.replace(temporary, header)
                fsync_directory(header.parent)
                self._remove_old_parts(keep=(token, previous))
        except (OSError, ValueError, StoreError, _Stale) as exc:
            temporary.unlink(missing_ok=True)
            for part in header.parent.glob(f"{base.name}.*"):
                part.unlink(missing_ok=True)
            if isinstance(exc, _Stale):
                self.drop()
                return False
            warnings.warn(
                f"could not save the vector index ({exc}); searches stay correct, and it is "
                "rebuilt from the store when next opened. Free disk space if the disk is full.",
                IndexWarning,
                stacklevel=2,
            )
            return False
        self._unsaved = False
        return True

    def _read_file(self) -> VectorIndex | None:
        """The saved index, restored and caught up, when its header and every part check out
        against the store; else None (with an :class:`IndexWarning` unless there is none)."""
        path = self.index_path
        if path is None:
            return None
        conn = self._conn
        if not path.exists():
            saved = conn.execute("SELECT value FROM meta WHERE key = 'index_saved'").fetchone()
            if saved is not None:
                warnings.warn(
                    f"vector index {path} is missing; rebuilding it from the store",
                    IndexWarning,
                    stacklevel=6,  # the store's caller
                )
            return None
        signature = self._signature()
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
            (high,) = conn.execute("SELECT max(seq) FROM vector_changes").fetchone()
            if meta.get("store") != self._store_id() or meta.get("seq", 0) > (high or 0):
                raise ValueError("it belongs to another store, or a later state of this one")
            if meta.get("format") != INDEX_FORMAT:
                raise ValueError("another version of remem wrote it")
            if (
                signature is None
                or meta.get("embedder") != signature.name
                or meta.get("dimensions") != signature.dimensions
                or meta.get("generation") != self._generation
            ):
                raise ValueError("it was built for other vectors")
            saved = [
                str(r[0])
                for r in conn.execute(
                    "SELECT value FROM meta WHERE key IN ('index_token', 'index_token_previous')"
                )
            ]
            if str(meta.get("token")) not in saved:
                raise ValueError("it is not the index this store last saved (an older header?)")
            # Every part's size and checksum are checked before it is read.
            index = VectorIndex.load(
                str(self._part(str(meta["token"]))),
                signature.dimensions,
                meta["parts"],
                fields=RECORD_FIELDS,
            )
            index.exact_limit = self.exact_search_limit
            self._seq = int(meta["seq"])
            misfits = index.restore(self._stored_vectors(index.dimensions))
            self._applied(self._seq)
            self._reload(index, misfits)
            if not self._caught_up(index):
                raise ValueError("the store changed too much since it was saved")
            (count,) = conn.execute(
                "SELECT count(*) FROM memories WHERE embedding IS NOT NULL"
            ).fetchone()
            if count != len(index):
                raise ValueError(f"it holds {len(index)} records, the store {count}")
        except Exception as exc:  # any unreadable or inconsistent file: the store is the truth
            warnings.warn(
                f"vector index {path} is unusable ({exc}); rebuilding it from the store",
                IndexWarning,
                stacklevel=2,
            )
            return None
        return index

    def _part(self, token: str) -> Path:
        assert self.index_path is not None
        return self.index_path.with_name(f"{db.INDEX_NAME}.{token}")

    def _remove_old_parts(self, keep: tuple[str | None, ...]) -> None:
        """Delete parts of older saves, keeping the newest two (a reader may be opening the
        previous one right now), and any vectors part (``.npy``) older versions wrote."""
        assert self.index_path is not None
        for part in self.index_path.parent.glob(f"{db.INDEX_NAME}.*.*"):
            if part.name.split(".")[2] not in keep or part.suffix == ".npy":
                part.unlink(missing_ok=True)

    # -- reading rows ------------------------------------------------------------------------------
    def _applied(self, seq: int | None) -> None:
        """Note how far the change log has been applied: ``seq``, or the log's end (read inside
        our own write, where nothing else commits, or before a full read of every row, which
        then sees every logged change already made)."""
        if seq is None:
            (seq,) = self._conn.execute("SELECT max(seq) FROM vector_changes").fetchone()
        self._seq = max(self._seq, seq or 0)

    def _reload(self, index: VectorIndex, rowids: Sequence[int]) -> None:
        """After a change to these rows (ours or another process's): drop their old vectors
        and read their current ones."""
        if not rowids:
            return
        index.remove(rowids)
        for start in range(0, len(rowids), 500):
            part = list(rowids[start : start + 500])
            self._load(index, f"rowid IN ({','.join('?' * len(part))})", part)
        self._unsaved = True
        if index.needs_compaction():
            index.compact()

    def _load(
        self, index: VectorIndex, where: str, params: Sequence[Any], *, after: int = 0
    ) -> None:
        """Append the vectors of the rows past row id ``after`` matching ``where``, in batches
        of row ids. (The start is the batches' one bound: a second ``rowid >`` term in
        ``where`` would leave SQLite seeking from the first and filtering every row before the
        other — reading the whole table, 80 ms at 100k, on each catch-up after a commit.)"""
        dims = index.dimensions
        last = after
        while True:
            rows = self._conn.execute(
                f"SELECT {_VECTOR_COLUMNS} FROM memories WHERE embedding IS NOT NULL "
                f"AND rowid > ? AND {where} ORDER BY rowid LIMIT ?",
                (last, *params, _LOAD_BATCH),
            ).fetchall()
            if not rows:
                return
            index.append(
                [r[0] for r in rows],
                [np.frombuffer(r[1], dtype=np.float32).reshape(-1, dims) for r in rows],
                [tuple(r[2:]) for r in rows],
            )
            self._unsaved = True
            last = rows[-1][0]

    def _stored_vectors(
        self, dims: int
    ) -> Iterator[tuple[list[int], list[int], NDArray[np.float32]]]:
        """Every record's vectors by row id, in batches (row ids, vectors per record, the
        vectors as rows): what :meth:`VectorIndex.restore` puts back into a saved layout."""
        width = 4 * dims
        cursor = self._conn.execute(
            "SELECT rowid, embedding FROM memories WHERE embedding IS NOT NULL ORDER BY rowid"
        )
        while rows := cursor.fetchmany(_LOAD_BATCH):
            blobs = [r[1] for r in rows]
            counts = [len(b) // width for b in blobs]
            joined = b"".join(blobs)
            if len(joined) != sum(counts) * width:  # some blob is not whole vectors
                raise ValueError("a stored vector has the wrong length")
            vectors = np.frombuffer(joined, dtype=np.float32).reshape(-1, dims)
            yield [r[0] for r in rows], counts, vectors

    def _ids_for(self, rowids: NDArray[np.int64], scores: list[float]) -> list[tuple[str, float]]:
        if not len(rowids):
            return []
        marks = ",".join("?" * len(rowids))
        ids: dict[int, str] = dict(
            self._conn.execute(
                f"SELECT rowid, id FROM memories WHERE rowid IN ({marks})", rowids.tolist()
            ).fetchall()
        )
        return [(ids[r], s) for r, s in zip(rowids.tolist(), scores, strict=True) if r in ids]

    def _store_id(self) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'store_id'").fetchone()
        return str(row[0]) if row else None

    def _dimensions(self) -> int:
        signature = self._signature()
        return signature.dimensions if signature else 0

    def _read_generation(self) -> int:
        row = self._conn.execute(
            "SELECT value FROM meta WHERE key = 'vector_generation'"
        ).fetchone()
        return int(row[0]) if row else 0


class _Stale(Exception):
    """The store's vector generation moved on while an index was being saved."""


def _field_values(where: Filter) -> dict[str, list[str]] | None:
    """``{field: allowed values}`` when ``where`` only asks for scope or kind equal to (or in)
    strings — the filters the in-memory index answers itself; else None (ask SQL)."""
    conds = where.parts if isinstance(where, Logic) and where.op == "$and" else (where,)
    values: dict[str, list[str]] = {}
    for cond in conds:
        if not isinstance(cond, Cond) or cond.field not in RECORD_FIELDS or cond.field in values:
            return None
        wanted = [cond.value] if cond.op == "$eq" else cond.value if cond.op == "$in" else None
        if wanted is None or not all(isinstance(v, str) for v in wanted):
            return None
        values[cond.field] = list(wanted)
    return values
