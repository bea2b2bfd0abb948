"""The default store: one SQLite file (``remem.db``) per store directory.

WAL mode so readers never block the writer, a busy timeout so several processes can share a store,
foreign keys, vectors as float32 blobs, and named, ordered migrations recorded in ``_migrations``
(:mod:`.migrations`). :class:`SQLiteStore` holds the records and their rules; beside it, each job
in a module of its own: keyword search with BM25 per scope (:mod:`.keywords`), the vectors in
memory that follow other processes' commits, their file and their ANN cells (:mod:`.mirror`),
and the small tables: semantic-cache entries, scope changes, API keys, LLM usage (:mod:`.tables`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import (
    ConflictError,
    EmbedderMismatchError,
    NotAStoreError,
    NotFoundError,
    StoreError,
    VectorError,
)
from remem.core.filters import Filter
from remem.core.numbers import whole
from remem.core.observe import Gauge
from remem.core.records import (
    IndexState,
    MemoryRecord,
    Namespace,
    StoreStats,
    decode_namespace,
    encode_namespace,
)
from remem.core.timeutil import now
from remem.embedders.base import EmbedderSignature
from remem.index.vector_index import VectorIndex
from remem.stores.audit_log import AUDITED_FIELDS, AuditTables
from remem.stores.base import (
    NewRecord,
    Store,
    Update,
    complete_vectors,
    plan_insert,
)
from remem.stores.keyword_index import Entry, rank
from remem.stores.sql import SqlKeys, listing, mismatch
from remem.stores.sqlite import db
from remem.stores.sqlite import keywords as postings
from remem.stores.sqlite import signature as signatures
from remem.stores.sqlite.connection import SQLiteConnection
from remem.stores.sqlite.erase import SQLiteErasure
from remem.stores.sqlite.filters import compile_sqlite
from remem.stores.sqlite.migrations import MIGRATIONS, apply_migrations
from remem.stores.sqlite.mirror import VectorMirror
from remem.stores.sqlite.tables import SQLiteCache, SQLiteUsage, note_changes
from remem.stores.sqlite.trash import SQLiteTrash
from remem.text.keywords import search_terms
from remem.trust.audit import Touched

__all__ = ["SQLiteStore"]

#: A record's columns as an insert writes them, then its vector and what it is indexed as.
_INSERTED = (*db.ROWS.insert_names, "embedding", "keyword_part", "keyword_len", "keyword_terms")
_INSERT = (
    f"INSERT INTO memories ({', '.join(_INSERTED)}) VALUES ({', '.join('?' * len(_INSERTED))})"
)
# Previous and next record: by position within a document, else by time within a session; always
# within the record's own user and agent (a session id or a parent link never reaches across
# tenants), and within the caller's ``{within}`` condition (compiled once per alias).
_ADJACENT = """
SELECT m.id,
  CASE WHEN m.parent_id IS NOT NULL THEN
    (SELECT p.id FROM memories p WHERE p.parent_id = m.parent_id AND p.position = m.position - 1
       AND p.user_id IS m.user_id AND p.agent_id IS m.agent_id AND {within_p})
  WHEN m.session_id IS NOT NULL THEN
    (SELECT p.id FROM memories p WHERE p.session_id = m.session_id AND p.kind = m.kind
       AND p.user_id IS m.user_id AND p.agent_id IS m.agent_id AND {within_p}
       AND (p.created_at, p.rowid) < (m.created_at, m.rowid)
     ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1)
  END,
  CASE WHEN m.parent_id IS NOT NULL THEN
    (SELECT n.id FROM memories n WHERE n.parent_id = m.parent_id AND n.position = m.position + 1
       AND n.user_id IS m.user_id AND n.agent_id IS m.agent_id AND {within_n})
  WHEN m.session_id IS NOT NULL THEN
    (SELECT n.id FROM memories n WHERE n.session_id = m.session_id AND n.kind = m.kind
       AND n.user_id IS m.user_id AND n.agent_id IS m.agent_id AND {within_n}
       AND (n.created_at, n.rowid) > (m.created_at, m.rowid)
     ORDER BY n.created_at, n.rowid LIMIT 1)
  END
FROM memories m WHERE m.id IN ({marks}) AND {within_m}
"""


class SQLiteStore(Store):
    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout: float = 10.0,
        synchronous: str = "FULL",
        exact_search_limit: int = 20_000,
        key: str | None = None,
    ):
        whole(exact_search_limit, "exact_search_limit", low=1, error=StoreError)
        #: The file, its connection and its lock: what every part below is built on.
        self._db = connection = SQLiteConnection(
            path, busy_timeout=busy_timeout, synchronous=synchronous, key=key
        )
        self.path = connection.path
        file = connection.file
        try:
            #: Keyword searches read on a connection of their own (:mod:`.keywords`).
            self._keywords = postings.Reader(connection)
            # An encrypted store keeps no index file: its vectors would be readable there.
            index = (
                None
                if file == ":memory:" or connection.key
                else Path(file).with_name(f"{db.INDEX_NAME}.json")
            )
            #: The vectors in memory, following every process's commits (:mod:`.mirror`).
            self._mirror = VectorMirror(
                connection,
                index_path=index,
                exact_search_limit=exact_search_limit,
                signature=self.signature,
            )
            with connection.transaction() as conn:
                apply_migrations(conn, MIGRATIONS)
        except sqlite3.DatabaseError as exc:
            connection.close()
            raise NotAStoreError(f"{file} is not a usable remem database: {exc}") from exc
        #: The audit log, which the records' writes below record themselves in.
        self.audit = self._audit = AuditTables(connection)
        self.cache = SQLiteCache(connection)
        self.keys = SqlKeys(connection, self._audit)
        self.usage = self._usage = SQLiteUsage(connection)
        self.snapshots = db.SQLiteSnapshots(file, connection.key)
        self.trash = SQLiteTrash(connection, self, self._delete_rows)
        self.erasure = SQLiteErasure(
            connection, delete_rows=self._delete_rows, audit=self._audit,
            drop_vectors=self._mirror.drop,
        )  # fmt: skip

    @property
    def encrypted(self) -> bool:
        """Whether the store's files are encrypted (it was opened with a key)."""
        return self._db.encrypted

    @property
    def exact_search_limit(self) -> int:
        """A dense search that may match at most this many vectors runs exactly."""
        return self._mirror.exact_search_limit

    @exact_search_limit.setter
    def exact_search_limit(self, limit: int) -> None:
        self._mirror.exact_search_limit = limit  # for the vector index next opened

    @property
    def index_path(self) -> Path | None:
        """The vector index's file (its header) beside the database; None in memory."""
        return self._mirror.index_path

    @property
    def _vectors(self) -> VectorIndex | None:
        """The in-memory vector index as held now (None until a search needs it): what
        benchmarks report of its ANN cells."""
        return self._mirror.index

    def limit_size(self, max_bytes: int | None) -> int:
        """Cap the database file at about ``max_bytes`` for this handle (never below its size
        now; None lifts the cap), as a quota: a write past it fails whole with
        :class:`~remem.core.errors.StorageFullError`, as on a full disk. Returns the cap
        in bytes."""
        return self._db.limit_size(max_bytes)

    # -- signature ---------------------------------------------------------------------------------
    def signature(self, claim: EmbedderSignature | None = None) -> EmbedderSignature | None:
        if claim is None:
            rows = dict(
                (r[0], r[1])
                for r in self._db.rows(
                    "SELECT key, value FROM meta WHERE key IN ('embedder', 'dimensions')"
                )
            )
            return EmbedderSignature(rows["embedder"], int(rows["dimensions"])) if rows else None
        with self._db.transaction() as conn:
            recorded = signatures.read(conn)
            if recorded is None:
                signatures.write(conn, claim)
            return recorded or claim

    def _claim_signature(
        self, conn: sqlite3.Connection, signature: EmbedderSignature | None, widths: Iterable[int]
    ) -> bool:
        """The store's embedder checked inside a write (:func:`.signature.claim`)."""
        return signatures.claim(conn, self.path, signature, widths)

    def _mismatch(self, stored: EmbedderSignature, made: str, new: str) -> EmbedderMismatchError:
        return mismatch(self.path, stored, made, new)

    def find_duplicates(self, records: Sequence[NewRecord]) -> dict[int, MemoryRecord]:
        with self._db.lock:
            return db.duplicates(self._db.raw, records)

    def insert(
        self,
        records: Sequence[NewRecord],
        *,
        signature: EmbedderSignature | None = None,
        replace: bool = False,
    ) -> list[MemoryRecord]:
        adopted = False
        with self._db.transaction() as conn:
            self._mirror.follow()
            stamp = now()
            out, fresh = plan_insert(records, db.duplicates(conn, records), stamp)
            if replace and fresh:
                self._delete_rows(conn, [r.id for r in fresh], audit=None)
            # Records with a vector are keyword candidates: each is indexed in its scope.
            searchable = [r for r in fresh if r.vector is not None]
            keyed = ((r.text, r.user_id, r.agent_id, r.language) for r in searchable)
            made = postings.entries(conn, keyed)
            indexed = {id(r): e for r, e in zip(searchable, made, strict=True)}
            rows = [
                (
                    *db.ROWS.values(rec, stamp),
                    db.vector_blob(rec.vector, rec.parts),
                    *_entry_columns(indexed.get(id(rec))),
                )
                for rec in fresh
            ]
            # The vectors' embedder is checked against the store's inside this transaction: a
            # handle that checked earlier cannot write another embedder's vectors after a
            # re-embed (or a first writer) changed it.
            widths = [np.asarray(r.vector).shape[-1] for r in fresh if r.vector is not None]
            if widths:
                adopted = self._claim_signature(conn, signature, widths)
            elif signature is not None and signatures.read(conn) is None:
                signatures.write(conn, signature)
            if rows:
                conn.execute("SAVEPOINT batch")
                try:
                    conn.executemany(_INSERT, rows)
                except sqlite3.IntegrityError as exc:
                    # The constraint decides, inside the transaction (no race with another
                    # writer); on failure the batch is undone and its ids looked up: one that
                    # was stored before it, or one it holds twice, is a conflict; any other
                    # broken constraint is the store's error.
                    conn.execute("ROLLBACK TO batch")
                    taken = db.taken_id(conn, [row[0] for row in rows])
                    if taken is None:
                        raise
                    raise ConflictError(
                        f"a memory with id {taken!r} is already stored", id=taken
                    ) from exc
                conn.execute("RELEASE batch")
                # Under the write lock every new row id follows the largest one before: the
                # batch holds the row ids from ``first`` on, in order.
                (last,) = conn.execute("SELECT last_insert_rowid()").fetchone()
                first = last - len(rows) + 1
                postings.add_postings(
                    conn,
                    [(first + i, indexed[id(r)]) for i, r in enumerate(fresh) if id(r) in indexed],
                )
                note_changes(conn, {(r.user_id, r.agent_id, r.session_id, r.kind) for r in fresh})
                self._audit.write(
                    conn,
                    "replace" if replace else "add",
                    [(r.id, r.user_id, r.agent_id, r.content_hash) for r in fresh],
                )
            if adopted:
                self._mirror.drop()  # the store took this embedder: rebuild at its width
            if rows:
                self._mirror.add(first, fresh)
        with self._db.lock:
            self._mirror.maintain()  # a bulk load: its ANN cells start building at once
        return out

    def update(
        self, id: str, change: Update, *, signature: EmbedderSignature | None = None
    ) -> MemoryRecord:
        sets = db.ROWS.changes(change)
        if change.vector is not None:
            sets["embedding"] = db.vector_blob(change.vector, change.parts)
        if change.changes_content() or not sets:
            sets["updated_at"] = now()
        assignments = ", ".join(f"{name} = ?" for name in sets)
        with self._db.transaction() as conn:
            self._mirror.follow()
            row = conn.execute(
                "SELECT rowid, user_id, agent_id, session_id, kind, text, "
                "embedding IS NOT NULL, language FROM memories WHERE id = ?",
                (id,),
            ).fetchone()
            if row is None:
                raise NotFoundError(f"no memory with id {id!r}")
            adopted = change.vector is not None and self._claim_signature(
                conn, signature, [np.asarray(change.vector).shape[-1]]
            )
            entry = None
            if (change.text is not None and row[6]) or (change.vector is not None and not row[6]):
                # New words, or a vector that makes it a candidate: indexed anew (the trigger
                # takes out what it was indexed as).
                text = row[5] if change.text is None else change.text
                entry = postings.entries(conn, [(text, row[1], row[2], row[7])])[0]
                sets.update(zip(_ENTRY_COLUMNS, _entry_columns(entry), strict=True))
                assignments = ", ".join(f"{name} = ?" for name in sets)
            conn.execute(f"UPDATE memories SET {assignments} WHERE id = ?", (*sets.values(), id))
            if entry is not None:
                postings.add_postings(conn, [(row[0], entry)])
            note_changes(conn, {tuple(row[1:5]), (*row[1:4], change.kind or row[4])})
            self._audit.write(
                conn,
                "update",
                [(id, row[1], row[2], change.content_hash)],
                {"fields": sorted(name for name in sets if name in AUDITED_FIELDS)},
            )
            if change.vector is not None or change.kind is not None:
                self._mirror.changed([row[0]])
        if adopted:
            self._mirror.drop()  # the store took this embedder: rebuild at its width
        return self.get([id])[0]

    def delete(self, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        with self._db.transaction() as conn:
            self._mirror.follow()
            return self._delete_rows(conn, ids)

    def purge_expired(self, now: float, limit: int = 1000) -> int:
        query = "SELECT id FROM memories WHERE expires_at <= ? LIMIT ?"
        if not self._db.rows(query, (now, limit)):
            return 0
        with self._db.transaction() as conn:
            self._mirror.follow()
            expired = [r[0] for r in conn.execute(query, (now, limit))]
            return self._delete_rows(conn, expired, audit="expire")

    def _delete_rows(
        self,
        conn: sqlite3.Connection,
        ids: Sequence[str],
        *,
        audit: str | None = "delete",
        detail: Mapping[str, Any] | None = None,
    ) -> int:
        """Delete these records and their chunks inside the caller's transaction, recorded in
        the audit log as ``audit`` (None: not at all, a replace records itself); how many."""
        gone: list[int] = []
        scopes: set[tuple[Any, ...]] = set()
        logged: list[Touched] = []
        for start in range(0, len(ids), 500):
            part = list(ids[start : start + 500])
            marks = ",".join("?" * len(part))
            for r in conn.execute(
                f"SELECT rowid, user_id, agent_id, session_id, kind, id, content_hash "
                f"FROM memories WHERE id IN ({marks}) OR parent_id IN ({marks})",
                (*part, *part),
            ):
                gone.append(r[0])
                scopes.add(tuple(r[1:5]))
                logged.append((r[5], r[1], r[2], r[6]))
            conn.execute(f"DELETE FROM memories WHERE id IN ({marks})", part)
        if not gone:
            return 0
        postings.purge(conn)  # their postings, listed dead by the trigger, out of the blocks
        note_changes(conn, scopes)
        if audit is not None:
            self._audit.write(conn, audit, logged, detail)
        self._mirror.deleted(gone)
        return len(gone)

    def replace_vectors(
        self,
        ids: Sequence[str],
        vectors: Sequence[NDArray[np.float32]],
        signature: EmbedderSignature,
        *,
        expected: EmbedderSignature | None = None,
        hashes: Sequence[str] | None = None,
        embed: Callable[[list[str]], Sequence[NDArray[np.float32]]] | None = None,
    ) -> list[str]:
        # One transaction, so no other writer commits between the checks and the writes.
        with self._db.transaction() as conn:
            stored = signatures.read(conn)
            if expected is not None and stored != expected:
                raise ConflictError(
                    f"the store's embedder changed from {expected} to {stored} while its "
                    "vectors were being re-embedded (another re-embed?): re-embed again"
                )
            held = conn.execute(
                "SELECT id, text, content_hash FROM memories WHERE embedding IS NOT NULL"
            )
            found, stale = complete_vectors(
                ids, vectors, signature, held, hashes=hashes, embed=embed
            )
            if stale:
                return stale  # nothing written: the caller embeds these
            # Only rows that hold a vector get one (a document's container never does).
            conn.executemany(
                "UPDATE memories SET embedding = ? WHERE id = ? AND embedding IS NOT NULL",
                [(db.vector_blob(v[0], v[1:]), i) for i, v in found.items()],
            )
            signatures.write(conn, signature)
            conn.execute(
                "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_generation'"
            )
            done = {"records": len(found), "embedder": signature.name}
            self._audit.write_store(conn, "reembed", done)
        self._mirror.drop()  # reload lazily at the new width
        return []

    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool:
        if not accesses:
            return True
        return self._db.write_many(
            "UPDATE memories SET access_count = access_count + ?, last_accessed_at = ? "
            "WHERE id = ?",
            [(count, at, id) for id, (count, at) in accesses.items()],
            wait=wait,
        )

    # -- reads -------------------------------------------------------------------------------------
    def get(self, ids: Sequence[str], where: Filter | None = None) -> list[MemoryRecord]:
        clause, params = compile_sqlite(where)
        found: dict[str, MemoryRecord] = {}
        for part in db.batches(ids):
            marks = ",".join("?" * len(part))
            for row in self._db.rows(
                f"SELECT {db.COLUMNS} FROM memories m WHERE m.id IN ({marks}) "
                f"AND {_checked_only(clause)}",
                (*part, *params),
            ):
                found[row["id"]] = db.record_of(row)
        return [found[i] for i in ids if i in found]

    def records(
        self,
        where: Filter | None = None,
        *,
        order: str = "stored",
        offset: int = 0,
        limit: int | None = None,
    ) -> Iterator[MemoryRecord]:
        clause, params = compile_sqlite(where)
        rows = listing(
            self._db.rows,
            select=db.COLUMNS,
            position="rowid",
            marks="?",
            clause=clause,
            params=params,
            order=order,
            offset=offset,
            limit=limit,
        )
        return (db.record_of(row) for row in rows)

    def namespaces(
        self, where: Filter | None = None, *, limit: int = 1000, after: Namespace | None = None
    ) -> list[Namespace]:
        clause, params = compile_sqlite(where)
        if after is not None:  # BINARY order is code-point order: the listing's own
            clause = f"({clause}) AND m.namespace > ?"
            params = [*params, encode_namespace(after)]
        rows = self._db.rows(
            f"SELECT DISTINCT m.namespace FROM memories m WHERE {clause} "
            "ORDER BY m.namespace LIMIT ?",
            (*params, limit),
        )
        return [decode_namespace(row[0]) for row in rows]

    def adjacent(
        self, ids: Sequence[str], where: Filter | None = None
    ) -> dict[str, tuple[str | None, str | None]]:
        sql: dict[str, str] = {}
        params: dict[str, list[Any]] = {}
        for alias in "mpn":
            clause, params[alias] = compile_sqlite(where, alias)
            sql[f"within_{alias}"] = _checked_only(clause)
        found: dict[str, tuple[str | None, str | None]] = {}
        for part in db.batches(ids):
            marks = ",".join("?" * len(part))
            p, n = params["p"], params["n"]
            ordered = [*p, *p, *n, *n, *part, *params["m"]]
            for row in self._db.rows(_ADJACENT.format(marks=marks, **sql), ordered):
                found[row[0]] = (row[1], row[2])
        return found

    def dense(
        self,
        vector: NDArray[np.float32],
        k: int,
        where: Filter | None,
        *,
        part_weight: float = 0.0,
    ) -> list[tuple[str, float]]:
        with self._db.lock:
            index = self._mirror.synced()
            width = np.asarray(vector).shape[-1]
            if index.size and width != index.dimensions:  # never read as another width
                stored = self.signature()
                raise (
                    self._mismatch(stored, f"{width}-d queries", "<embedder>")
                    if stored
                    else (
                        VectorError(f"a {width}-d query cannot search {index.dimensions}-d vectors")
                    )
                )
            return self._mirror.search(index, vector, k, where, part_weight=part_weight)

    def build_index(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Bring the vector index's ANN cells up to date now, waiting for it (a bulk load's
        last step; searches would otherwise have it built on a thread of its own). faiss
        reports no progress: ``progress`` hears (0, 0) at the start and (1, 1) at the end."""
        if progress is not None:
            progress(0, 0)
        self._mirror.build()
        if progress is not None:
            progress(1, 1)

    def vectors(self, ids: Sequence[str], *, parts: bool = False) -> dict[str, NDArray[np.float32]]:
        signature = self.signature()
        return signatures.vectors(
            self._db, ids, signature.dimensions if signature else 0, parts=parts
        )

    def health(self) -> dict[str, Any]:
        return self._db.health()

    def gauges(self) -> list[Gauge]:
        return self._db.gauges()

    def position(self) -> str | None:
        """None: one file, and every read sees every committed write (no replicas to wait for)."""
        return None

    def index_state(self) -> IndexState:
        ready, building, needed = self._mirror.state()
        records, vectors = self._db.rows("SELECT count(*), count(embedding) FROM memories")[0]
        return IndexState(
            kind="ivf", records=int(records), vectors=int(vectors),
            exact_limit=self.exact_search_limit, ready=ready, building=building, needed=needed,
        )  # fmt: skip

    def keyword(
        self, query: str, k: int, where: Filter | None, *, max_terms: int | None = None
    ) -> list[tuple[str, float]]:
        terms = search_terms(query, max_terms)
        if not terms:
            return []
        with self._keywords.reads() as read:
            return rank(read, postings.DIALECT, terms, k, where, compile_sqlite)

    def stats(self) -> StoreStats:
        signature = self.signature()
        return StoreStats(
            path=self.path,
            **db.counts(self._db.rows),
            embedder=signature.name if signature else None,
            dimensions=signature.dimensions if signature else None,
            llm_usage=self._usage.totals(),
        )

    def close(self) -> None:
        self._mirror.finish()  # an index build under way is finished and saved, not thrown away
        with self._db.lock:
            try:
                self._mirror.close()
            finally:
                self._keywords.close()
                self._db.raw.close()

    def save_index(self) -> bool:
        """Write the vector index beside the database, if it has an ANN index worth keeping and
        changes its file lacks. Atomic: readers see the old file or the new one."""
        return self._mirror.save()

    # -- restore ---------------------------------------------------------------------------------
    @staticmethod
    def restore(
        backup: str | Path, path: str | Path, *, force: bool = False, key: str | None = None
    ) -> dict[str, Any]:
        """Put a backup in place (see :func:`remem.stores.sqlite.db.restore`), and record the
        restore in the restored store's audit log (on the store's own chain)."""
        done = db.restore(backup, path, force=force, key=key)
        with SQLiteStore(path, key=key) as restored, restored._db.transaction() as conn:
            restored._audit.write_store(conn, "restore", {"records": done["records"]})
        return done

    def change_token(self) -> int:
        return int(self._db.rows("PRAGMA data_version")[0][0])


def _checked_only(clause: str) -> str:
    """A condition SQLite checks on rows found by another key (ids, a session, a document)
    but never uses to find them: unary ``+`` hides it from the planner, which otherwise may
    prefer an index on its column — reading every record of an agent to return the ten asked
    for by id (148 ms at 1M records; 0.03 ms by id)."""
    return f"+({clause})"


#: The columns that say what a record is indexed as (NULL: not indexed, it has no vector).
_ENTRY_COLUMNS = ("keyword_part", "keyword_len", "keyword_terms")


def _entry_columns(entry: Entry | None) -> tuple[Any, Any, Any]:
    if entry is None:
        return (None, None, None)
    return (entry.part, entry.length, postings.stored_terms(entry))
