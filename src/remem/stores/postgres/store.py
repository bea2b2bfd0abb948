"""The PostgreSQL + pgvector store: the same remem on a database several machines share.

Records live in ``memories`` (metadata as JSONB, the head vector in ``embedding``, a stored
``tsvector`` for keyword search); a long record's window vectors in ``memory_parts``. The
database answers candidates itself: dense by pgvector's cosine distance (an HNSW index per
embedder width, with iterative scans so a filter keeps its recall), keyword by ``ts_rank_cd``
over the ``tsvector`` (GIN index). Filters compile to SQL (:mod:`.filters`).

Tenant tables are keyed by ``tenant`` (the user scope, ``''`` for none; :mod:`.schema`), which
every insert writes and a user's reads name, so the schema can be sharded by it; ids stay
unique across tenants through ``memory_ids``, written with the record and deleted with it.

Connections come from a ``psycopg_pool`` pool. With ``replicas``, reads and searches go to
streaming standbys that are caught up and every write to the primary (:mod:`.replicas`). The
primary is chosen and watched by remem (:mod:`.primary`): of the hosts a URL names, the one
that takes writes (two that do — split brain — are refused); while it is down, a request that
needs it fails at once and reads go to a replica, marked stale.
Each write is one transaction; writes that could
race on a rule (duplicates in a scope, the embedder signature) take a transaction-level advisory
lock on what they touch, so two servers writing the same scope take turns and other scopes run
in parallel.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
import psycopg
from numpy.typing import NDArray
from pgvector.psycopg import register_vector
from psycopg import errors as pg_errors
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from remem.audit import Touched
from remem.embedders.base import EmbedderSignature
from remem.errors import (
    ConflictError,
    EmbedderMismatchError,
    NotFoundError,
    StorageFullError,
    StoreError,
    StoreUnavailableError,
)
from remem.filters import Cond, Filter
from remem.keywords import search_terms
from remem.observe import Gauge
from remem.records import (
    IndexState,
    MemoryRecord,
    Namespace,
    Provenance,
    StoreStats,
    decode_namespace,
    encode_namespace,
)
from remem.redact import first_line, mask, remember
from remem.stores.audit_log import AUDITED_FIELDS
from remem.stores.base import (
    NewRecord,
    Store,
    Update,
    check_widths,
    complete_vectors,
    cosine,
    plan_insert,
    read_pages,
)
from remem.stores.keyword_index import Entry, rank
from remem.stores.postgres import keywords as postings
from remem.stores.postgres.erase import PostgresErasure
from remem.stores.postgres.filters import compile_postgres
from remem.stores.postgres.hnsw import HnswBuilder, drop_indexes, index_name, index_valid
from remem.stores.postgres.primary import Primary
from remem.stores.postgres.replicas import Replicas, lsn_number
from remem.stores.postgres.schema import apply_migrations
from remem.stores.postgres.tables import SideTables, note_changes
from remem.stores.postgres.trash import PostgresTrash
from remem.timeutil import from_epoch, now

__all__ = ["PostgresStore"]

COLUMNS = (
    "m.id, m.text, m.kind, m.role, m.user_id, m.agent_id, m.session_id, m.metadata, "
    "m.created_at, m.updated_at, m.last_accessed_at, m.access_count, m.importance, "
    "m.parent_id, m.position, m.content_hash, m.expires_at, m.namespace, m.key, m.provenance"
)
_ORDERS = {
    "stored": "m.seq",
    "created_at": "m.created_at, m.seq",
    "-created_at": "m.created_at DESC, m.seq DESC",
    "updated_at": "m.updated_at, m.seq",
    "-updated_at": "m.updated_at DESC, m.seq DESC",
    "position": "m.parent_id, m.position, m.seq",
}
#: HNSW's search breadth by default, up to this many vectors in the index; beyond, it grows with
#: the square root of their number (chosen on held-out queries: benchmarks/RESULTS.md).
EF_SEARCH = 128
EF_SEARCH_AT = 100_000
#: ``hnsw.ef_search`` by the table's size (the planner's count of its rows), in SQL: at least
#: the first parameter, :data:`EF_SEARCH` (the second) up to :data:`EF_SEARCH_AT` (the third)
#: rows, then times the square root of how many more, at most 1,000.
EF_BY_SIZE = (
    "greatest(%s, least(1000, ceil(%s * sqrt(greatest(1.0, (SELECT reltuples "
    "FROM pg_class WHERE oid = 'memories'::regclass) / %s)))))::int::text"
)
#: The advisory lock of the embedder signature (claims, re-embeds).
_SIGNATURE_LOCK = 0x72656D0001
# Previous and next record: by position within a document, else by time within a session;
# always within the record's own user and agent, and within the caller's condition.
_ADJACENT = """
SELECT m.id,
  CASE WHEN m.parent_id IS NOT NULL THEN
    (SELECT p.id FROM memories p WHERE p.parent_id = m.parent_id AND p.position = m.position - 1
       AND p.tenant = m.tenant AND p.user_id IS NOT DISTINCT FROM m.user_id
       AND p.agent_id IS NOT DISTINCT FROM m.agent_id AND {within_p} LIMIT 1)
  WHEN m.session_id IS NOT NULL THEN
    (SELECT p.id FROM memories p WHERE p.session_id = m.session_id AND p.kind = m.kind
       AND p.tenant = m.tenant AND p.user_id IS NOT DISTINCT FROM m.user_id
       AND p.agent_id IS NOT DISTINCT FROM m.agent_id AND {within_p}
       AND (p.created_at, p.seq) < (m.created_at, m.seq)
     ORDER BY p.created_at DESC, p.seq DESC LIMIT 1)
  END,
  CASE WHEN m.parent_id IS NOT NULL THEN
    (SELECT n.id FROM memories n WHERE n.parent_id = m.parent_id AND n.position = m.position + 1
       AND n.tenant = m.tenant AND n.user_id IS NOT DISTINCT FROM m.user_id
       AND n.agent_id IS NOT DISTINCT FROM m.agent_id AND {within_n} LIMIT 1)
  WHEN m.session_id IS NOT NULL THEN
    (SELECT n.id FROM memories n WHERE n.session_id = m.session_id AND n.kind = m.kind
       AND n.tenant = m.tenant AND n.user_id IS NOT DISTINCT FROM m.user_id
       AND n.agent_id IS NOT DISTINCT FROM m.agent_id AND {within_n}
       AND (n.created_at, n.seq) > (m.created_at, m.seq)
     ORDER BY n.created_at, n.seq LIMIT 1)
  END
FROM memories m WHERE m.id = ANY(%s) AND {within_m}
"""


class PostgresStore(SideTables, PostgresErasure, PostgresTrash, Store):
    """A store in a PostgreSQL database (``postgresql://user:password@host:port/db``) with the
    ``vector`` extension (pgvector ≥ 0.8). Creates the extension when it may, and its tables
    on first open."""

    def __init__(
        self,
        url: str,
        *,
        min_connections: int = 1,
        max_connections: int = 8,
        connect_timeout: int = 10,
        exact_search_limit: int = 2_000,
        index_memory: str = "512MB",
        ef_search: int | None = None,
        replicas: Sequence[str] = (),
        max_replica_lag: float = 10.0,
        replica_wait: float = 0.5,
        replica_retry: float = 5.0,
    ) -> None:
        remember(url, *replicas)  # its passwords never shown (remem.redact)
        self.path = mask(url)
        self.url = url
        #: A filtered dense search that may match at most this many vectors is answered
        #: exactly (a scan of those rows: recall 1.0); larger ones use HNSW. Lower than the
        #: SQLite store's: PostgreSQL scans ~2 µs a row (10,000 rows: 22 ms), HNSW ~1-3 ms.
        self.exact_search_limit = exact_search_limit
        #: HNSW's search breadth (pgvector's ``hnsw.ef_search``; raised to 2k for larger k).
        #: None: by the index's size, :data:`EF_SEARCH` up to :data:`EF_SEARCH_AT` vectors,
        #: growing with the square root of the size beyond (a larger graph needs a wider search
        #: for the same recall), at most 1,000.
        self.ef_search = ef_search

        def make_pool(host: str) -> ConnectionPool[Any]:
            return ConnectionPool(
                host,
                min_size=min_connections,
                max_size=max_connections,
                kwargs={"autocommit": True, "connect_timeout": connect_timeout},
                configure=register_vector,
                # A connection the server dropped while it sat idle (a restart, a failover, an
                # idle timeout) is replaced when taken, not handed to a request.
                check=ConnectionPool.check_connection,
                timeout=connect_timeout,
                open=True,
                name="remem",
            )

        found: dict[str, Any] = {}

        def prepare(conn: psycopg.Connection[Any]) -> None:
            _ensure_vector_extension(conn)
            apply_migrations(conn)
            (version,) = conn.execute(
                "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
            ).fetchone() or ("0",)
            found["version"] = _version(version)
            # Where the schema's WAL ends: a replica has it once it has replayed this.
            row = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()
            found["schema_lsn"] = lsn_number(row[0] if row else None)

        try:
            #: The host that takes writes, its pool, and whether it is up (:mod:`.primary`).
            self._primary = Primary(
                url,
                make_pool=make_pool,
                prepare=prepare,
                describe=_connect_error,
                connect_timeout=connect_timeout,
            )
        except psycopg.OperationalError as exc:
            raise StoreError(_connect_error(self.path, exc)) from exc
        #: pgvector >= 0.8 scans an index on until k rows pass a filter; an older one
        #: post-filters ef_search rows (a selective filter loses recall).
        self.iterative_scans = found["version"] >= (0, 8)
        half = found["version"] >= (0, 7)  # halfvec
        schema_lsn = found["schema_lsn"]
        #: The HNSW index: which is valid, and its build on a thread of its own (:mod:`.hnsw`).
        self._hnsw = HnswBuilder(self._primary.connection, index_memory=index_memory, half=half)
        #: Streaming standbys that answer reads (:mod:`.replicas`), if any.
        self._replicas: Replicas | None = None
        if replicas:
            try:
                self._replicas = Replicas(
                    replicas,
                    schema_lsn=schema_lsn,
                    shown=mask,
                    connect_error=_connect_error,
                    max_connections=max_connections,
                    connect_timeout=connect_timeout,
                    max_lag=max_replica_lag,
                    wait=replica_wait,
                    retry=replica_retry,
                    primary_up=lambda: self._primary.up,
                )
            except BaseException:
                self.close()
                raise

    @property
    def index_memory(self) -> str:
        """``maintenance_work_mem`` while the HNSW index is built: the graph should fit in it
        (about 1.6 kB a 384-d vector) or the build slows several times."""
        return self._hnsw.index_memory

    @index_memory.setter
    def index_memory(self, value: str) -> None:
        self._hnsw.index_memory = value

    @property
    def _builder(self) -> threading.Thread | None:
        """The thread that built (or builds) the HNSW index here, if one was started."""
        return self._hnsw.thread

    # -- plumbing ----------------------------------------------------------------------------------
    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        try:
            with self._primary.connection() as conn:
                yield conn
        except PoolTimeout as exc:
            self._primary.suspect()
            raise StoreUnavailableError(
                f"no connection to PostgreSQL at {self.path} ({exc}); retry shortly"
            ) from exc
        except pg_errors.ReadOnlySqlTransaction as exc:  # a demoted primary, mid-failover
            raise StoreUnavailableError(
                f"PostgreSQL at {self.path} takes no writes now ({first_line(exc)}): a "
                "failover? Nothing was written; retry shortly"
            ) from exc
        except pg_errors.DiskFull as exc:
            raise StorageFullError(
                f"the database at {self.path} is out of disk ({first_line(exc)}). Nothing "
                "written before was lost; free some space and retry."
            ) from exc
        except psycopg.OperationalError as exc:  # the connection lost, the server stopping
            self._primary.suspect()
            raise StoreUnavailableError(
                f"PostgreSQL at {self.path} failed: {first_line(exc)}. Nothing of this call "
                "was written; retry shortly"
            ) from exc

    @contextmanager
    def _transaction(self, *, tracked: bool = True) -> Iterator[psycopg.Connection[Any]]:
        """One write transaction: committed on success, rolled back whole on any error.
        ``tracked``: later reads must see it (a replica that has replayed it, else the
        primary); access statistics are not."""
        with self._connection() as conn:
            wrote = False
            with conn.transaction():
                yield conn
                if tracked and self._replicas is not None:  # (a read-only one changes nothing)
                    row = conn.execute("SELECT pg_current_xact_id_if_assigned() IS NOT NULL")
                    wrote = bool((row.fetchone() or (False,))[0])
            if wrote and self._replicas is not None:
                self._replicas.wrote(conn)

    def _read(self, work: Callable[[psycopg.Connection[Any]], Any]) -> Any:
        """``work(conn)`` on a replica that may answer it (up, not lagging, has this store's
        writes), else on the primary."""

        def on_primary() -> Any:
            with self._connection() as conn:
                return work(conn)

        if self._replicas is None:
            return on_primary()
        return self._replicas.read(work, on_primary)

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self._connection() as conn:
            return _fetch(conn, sql, params)

    def _read_rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """:meth:`_rows` of a read a replica may answer."""
        return list(self._read(lambda conn: _fetch(conn, sql, params)))

    def position(self) -> str | None:
        """With replicas: the primary's WAL position after this handle's last write (reads
        elsewhere inside ``reading_after()`` wait for a replica to replay it)."""
        return self._replicas.position() if self._replicas is not None else None

    def replica_states(self) -> list[dict[str, Any]]:
        """Each replica's state at its last check: url (password masked), up, standby,
        lag_seconds, error; empty without replicas."""
        return self._replicas.states() if self._replicas is not None else []

    def health(self) -> dict[str, Any]:
        primary = self._primary.state()
        replicas = self.replica_states()
        serving = sum(1 for r in replicas if r["up"])
        reads = "up" if primary["up"] else ("stale" if serving else "down")
        return {
            "writes": "up" if primary["up"] else "down",
            "reads": reads,
            "primary": {
                "up": primary["up"],
                "timeline": primary["timeline"],
                "down_seconds": primary["down_seconds"],
            },
            "replicas": {"configured": len(replicas), "up": serving},
        }

    def reads_served(self) -> dict[tuple[str, str], int]:
        """Reads answered so far with replicas configured: ``("replica", url)``, ``("stale",
        url)`` (the primary down) or ``("primary", why)``, why ``down``, ``lagging``,
        ``behind`` or ``failed``."""
        return self._replicas.served() if self._replicas is not None else {}

    # -- signature ---------------------------------------------------------------------------------
    def signature(self, claim: EmbedderSignature | None = None) -> EmbedderSignature | None:
        if claim is None:
            signature: EmbedderSignature | None = self._read(_read_signature)
            return signature
        with self._transaction() as conn:
            return _first_claim(conn, claim)

    def _claim(
        self,
        conn: psycopg.Connection[Any],
        signature: EmbedderSignature | None,
        widths: Iterable[int],
    ) -> None:
        """Inside a write that stores vectors ``widths`` wide: refuse them unless they come
        from the store's embedder; a store with no vectors takes ``signature``."""
        widths = set(widths)
        # A writer whose embedder is the store's shares the signature lock (a re-embed, which
        # takes it alone, waits for it); one that would claim a new store takes it alone. The
        # peek decides which, so no transaction ever upgrades a shared lock (a deadlock).
        peek = _read_signature(conn)
        claiming = signature is not None and peek != signature
        lock = "pg_advisory_xact_lock" if claiming else "pg_advisory_xact_lock_shared"
        conn.execute(f"SELECT {lock}(%s)", (_SIGNATURE_LOCK,))
        stored = _read_signature(conn)
        if signature is None:
            if stored is not None and widths - {stored.dimensions}:
                made = f"{min(widths - {stored.dimensions})}-d vectors"
                raise self._mismatch(stored, made, "<embedder>")
            return
        check_widths(signature, widths)
        if stored == signature:
            return
        held = conn.execute("SELECT 1 FROM memories WHERE embedding IS NOT NULL LIMIT 1")
        if stored is not None and (held.fetchone() or not claiming):
            raise self._mismatch(stored, str(signature), signature.name)
        _write_signature(conn, signature)

    def _mismatch(self, stored: EmbedderSignature, made: str, new: str) -> EmbedderMismatchError:
        return EmbedderMismatchError(
            f"this store's vectors were made by {stored}, not {made}: open it with "
            f"embedder={stored.name!r}, or re-embed it with `remem reembed --store "
            f"{self.path} --embedder {new}` (then reopen the other writers)"
        )

    # -- writes ------------------------------------------------------------------------------------
    def find_duplicates(self, records: Sequence[NewRecord]) -> dict[int, MemoryRecord]:
        with self._connection() as conn:
            return _duplicates(conn, records)

    def insert(
        self,
        records: Sequence[NewRecord],
        *,
        signature: EmbedderSignature | None = None,
        replace: bool = False,
    ) -> list[MemoryRecord]:
        try:
            with self._transaction() as conn:
                _lock_scopes(conn, records)
                stamp = now()
                out, fresh = plan_insert(records, _duplicates(conn, records), stamp)
                if replace and fresh:
                    _delete_rows(conn, [r.id for r in fresh])  # the replace records itself
                widths = [np.asarray(r.vector).shape[-1] for r in fresh if r.vector is not None]
                if widths:
                    self._claim(conn, signature, widths)
                elif signature is not None and _read_signature(conn) is None:
                    _first_claim(conn, signature)
                if fresh:
                    # Records with a vector are keyword candidates: each indexed in its scope.
                    searchable = [r for r in fresh if r.vector is not None]
                    made = dict(
                        zip(
                            (r.id for r in searchable),
                            postings.entries(
                                conn, ((r.text, r.user_id, r.agent_id) for r in searchable)
                            ),
                            strict=True,
                        )
                    )
                    _copy_records(conn, fresh, stamp, made)
                    _index_records(conn, fresh, made)
                    note_changes(
                        conn, {(r.user_id, r.agent_id, r.session_id, r.kind) for r in fresh}
                    )
                    self._audit(
                        conn,
                        "replace" if replace else "add",
                        [(r.id, r.user_id, r.agent_id, r.content_hash) for r in fresh],
                    )
        except pg_errors.UniqueViolation as exc:
            taken = _key_in(exc) or "?"
            raise ConflictError(f"a memory with id {taken!r} is already stored", id=taken) from exc
        except pg_errors.ForeignKeyViolation as exc:
            raise NotFoundError(f"a parent_id names no stored memory ({first_line(exc)})") from exc
        return out

    def update(
        self, id: str, change: Update, *, signature: EmbedderSignature | None = None
    ) -> MemoryRecord:
        sets: dict[str, Any] = {}
        for name in ("text", "content_hash", "importance", "kind", "role", "expires_at"):
            value = getattr(change, name)
            if value is not None:
                sets[name] = value
        if change.metadata is not None:
            sets["metadata"] = Jsonb(change.metadata)
        if change.provenance is not None:
            sets["provenance"] = _provenance(change.provenance)
        if change.vector is not None:
            sets["embedding"] = np.asarray(change.vector, dtype=np.float32)
        if change.changes_content() or not sets:
            sets["updated_at"] = now()
        with self._transaction() as conn:
            row = conn.execute(
                "SELECT user_id, agent_id, session_id, kind, text, embedding IS NOT NULL, seq, "
                "tenant FROM memories WHERE id = %s FOR UPDATE",
                (id,),
            ).fetchone()
            if row is None:
                raise NotFoundError(f"no memory with id {id!r}")
            if change.vector is not None:
                self._claim(conn, signature, [np.asarray(change.vector).shape[-1]])
            entry = None
            if (change.text is not None and row[5]) or (change.vector is not None and not row[5]):
                # New words, or a vector that makes it a candidate: indexed anew (the trigger
                # takes out what it was indexed as).
                text = row[4] if change.text is None else change.text
                entry = postings.entries(conn, [(text, row[0], row[1])])[0]
                sets.update(keyword_part=entry.part, keyword_len=entry.length)
                sets["keyword_terms"] = entry.distinct
            assignments = ", ".join(f"{name} = %s" for name in sets)
            conn.execute(f"UPDATE memories SET {assignments} WHERE id = %s", (*sets.values(), id))
            if entry is not None:
                postings.add_postings(conn, [(row[6], row[7], entry)])
            row = row[:4]
            if change.vector is not None:
                conn.execute("DELETE FROM memory_parts WHERE id = %s", (id,))
                _copy_parts(conn, [(id, row[0], change.parts)])
            note_changes(conn, {tuple(row), (*row[:3], change.kind or row[3])})
            fields = sorted(name for name in sets if name in AUDITED_FIELDS)
            self._audit(
                conn, "update", [(id, row[0], row[1], change.content_hash)], {"fields": fields}
            )
        # From the primary: a replica would first have to replay this very write.
        return _record(self._rows(f"SELECT {COLUMNS} FROM memories m WHERE m.id = %s", [id])[0])

    def delete(self, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        with self._transaction() as conn:
            gone = _delete_rows(conn, ids)
            self._audit(conn, "delete", gone)
            return len(gone)

    def _delete_records(
        self, conn: psycopg.Connection[Any], ids: Sequence[str], action: str = "forget"
    ) -> int:
        """For :mod:`.erase` and :mod:`.trash`: delete inside the caller's transaction, the
        audit log saying ``action``."""
        gone = _delete_rows(conn, ids)
        self._audit(conn, action, gone)
        return len(gone)

    def _held_rows(
        self, conn: psycopg.Connection[Any], ids: Sequence[str]
    ) -> tuple[list[MemoryRecord], dict[str, NDArray[np.float32]]]:
        """For :mod:`.trash`: these records and their chunks, with their vectors, read inside
        the caller's transaction."""
        rows = _fetch(
            conn,
            f"SELECT {COLUMNS} FROM memories m WHERE m.id = ANY(%s) OR m.parent_id = ANY(%s)",
            [list(ids), list(ids)],
        )
        held = [_record(row) for row in rows]
        return held, _vectors(conn, [r.id for r in held], True)

    def purge_expired(self, now: float, limit: int = 1000) -> int:
        query = "SELECT id FROM memories WHERE expires_at <= %s LIMIT %s"
        if not self._rows(query, (now, limit)):
            return 0
        with self._transaction() as conn:
            ids = [row[0] for row in conn.execute(query, (now, limit))]
            gone = _delete_rows(conn, ids) if ids else []
            self._audit(conn, "expire", gone)
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
        with self._transaction() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SIGNATURE_LOCK,))
            conn.execute("LOCK TABLE memories IN SHARE ROW EXCLUSIVE MODE")  # no writer between
            stored = _read_signature(conn)
            if expected is not None and stored != expected:
                raise ConflictError(
                    f"the store's embedder changed from {expected} to {stored} while its "
                    "vectors were being re-embedded (another re-embed?): re-embed again"
                )
            vectors_held = conn.execute(
                "SELECT id, text, content_hash FROM memories WHERE embedding IS NOT NULL"
            ).fetchall()
            found, stale = complete_vectors(
                ids, vectors, signature, vectors_held, hashes=hashes, embed=embed
            )
            if stale:
                return stale  # nothing written: the caller embeds these
            held = [
                row[0]
                for row in conn.execute(
                    "SELECT id FROM memories WHERE id = ANY(%s) AND embedding IS NOT NULL",
                    (list(found),),
                )
            ]
            rows = {i: np.asarray(found[i], dtype=np.float32).reshape(-1, signature.dimensions)
                    for i in held}  # fmt: skip
            drop_indexes(conn)  # its cast would refuse the new width
            self._hnsw.forget()
            with conn.cursor() as cur:
                cur.executemany(
                    "UPDATE memories SET embedding = %s WHERE id = %s",
                    [(v[0], i) for i, v in rows.items()],
                )
            conn.execute("DELETE FROM memory_parts WHERE id = ANY(%s)", (held,))
            scopes = dict(
                conn.execute("SELECT id, tenant FROM memories WHERE id = ANY(%s)", (held,))
            )
            _copy_parts(
                conn, [(i, scopes[i], v[1:] if len(v) > 1 else None) for i, v in rows.items()]
            )
            _write_signature(conn, signature)  # the index at the new width: on the next search
            self._audit_store(conn, "reembed", {"records": len(found), "embedder": signature.name})
        return []

    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool:
        if not accesses:
            return True
        if not wait and not self._primary.up:
            return False  # a search's statistics wait for the primary; the search does not
        rows = [(count, at, id) for id, (count, at) in sorted(accesses.items())]
        try:
            with self._transaction(tracked=False) as conn:
                if not wait:
                    conn.execute("SET LOCAL lock_timeout = '20ms'")
                with conn.cursor() as cur:
                    cur.executemany(
                        "UPDATE memories SET access_count = access_count + %s, "
                        "last_accessed_at = greatest(last_accessed_at, %s) WHERE id = %s",
                        rows,
                    )
        except (pg_errors.LockNotAvailable, StoreUnavailableError):
            if wait:
                raise
            return False
        return True

    # -- reads -------------------------------------------------------------------------------------
    def get(self, ids: Sequence[str], where: Filter | None = None) -> list[MemoryRecord]:
        if not ids:
            return []
        clause, params = compile_postgres(where)
        rows = self._read_rows(
            f"SELECT {COLUMNS} FROM memories m WHERE m.id = ANY(%s) AND {clause}",
            [list(ids), *params],
        )
        found = {row["id"]: _record(row) for row in rows}
        return [found[i] for i in ids if i in found]

    def records(
        self,
        where: Filter | None = None,
        *,
        order: str = "stored",
        offset: int = 0,
        limit: int | None = None,
    ) -> Iterator[MemoryRecord]:
        clause, params = compile_postgres(where)
        after = "m.seq > %s AND " if order == "stored" else ""
        sql = (
            f"SELECT {COLUMNS}, m.seq FROM memories m WHERE {after}{clause} "
            f"ORDER BY {_ORDERS[order]} LIMIT %s OFFSET %s"
        )
        rows = read_pages(
            lambda last, skip, count: self._read_rows(
                sql, [*([last] if after else []), *params, count, skip]
            ),
            key="seq" if after else None,
            offset=offset,
            limit=limit,
        )
        return (_record(row) for row in rows)

    def namespaces(
        self, where: Filter | None = None, *, limit: int = 1000, after: Namespace | None = None
    ) -> list[Namespace]:
        clause, params = compile_postgres(where)
        if after is not None:  # compared as the listing is ordered: by code point
            clause = f'({clause}) AND m.namespace COLLATE "C" > %s'
            params = [*params, encode_namespace(after)]
        rows = self._read_rows(
            f'SELECT DISTINCT m.namespace COLLATE "C" AS namespace FROM memories m '
            f"WHERE {clause} ORDER BY 1 LIMIT %s",
            [*params, limit],
        )
        return [decode_namespace(row["namespace"]) for row in rows]

    def adjacent(
        self, ids: Sequence[str], where: Filter | None = None
    ) -> dict[str, tuple[str | None, str | None]]:
        if not ids:
            return {}
        parts = {alias: compile_postgres(where, alias) for alias in ("p", "n", "m")}
        sql = _ADJACENT.format(
            within_p=parts["p"][0], within_n=parts["n"][0], within_m=parts["m"][0]
        )
        # Placeholders in order: p's (first CASE), n's, p's, n's (second), ids, m's.
        params = [
            *parts["p"][1], *parts["p"][1], *parts["n"][1], *parts["n"][1],
            list(ids), *parts["m"][1],
        ]  # fmt: skip
        found = self._read(lambda conn: conn.execute(sql, params).fetchall())
        return {row[0]: (row[1], row[2]) for row in found}

    def vectors(self, ids: Sequence[str], *, parts: bool = False) -> dict[str, NDArray[np.float32]]:
        if not ids:
            return {}
        return dict(self._read(lambda conn: _vectors(conn, ids, parts)))

    def dense(
        self,
        vector: NDArray[np.float32],
        k: int,
        where: Filter | None,
        *,
        part_weight: float = 0.0,
    ) -> list[tuple[str, float]]:
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        return list(self._read(lambda conn: self._dense(conn, query, k, where, part_weight)))

    def _dense(
        self,
        conn: psycopg.Connection[Any],
        query: NDArray[np.float32],
        k: int,
        where: Filter | None,
        part_weight: float,
    ) -> list[tuple[str, float]]:
        clause, params = compile_postgres(where)
        fetch = max(20, 2 * int(k))  # candidates the index finds, rescored exactly
        least = min(1000, 2 * fetch)
        ef_params: list[Any]
        if self.ef_search is not None:
            ef, ef_params = "%s", [str(max(self.ef_search, least))]
        else:  # by the graph's size, in the same statement
            ef, ef_params = EF_BY_SIZE, [least, EF_SEARCH, EF_SEARCH_AT]
        settings: dict[str, tuple[str, list[Any]]] = {"hnsw.ef_search": (ef, ef_params)}
        if self.iterative_scans:  # and past pgvector's 20,000 tuples for a rare match
            # relaxed: the index's order need not be exact, the rescoring sorts
            settings["hnsw.iterative_scan"] = ("%s", ["relaxed_order"])
            settings["hnsw.max_scan_tuples"] = ("%s", ["100000"])
        # One round trip for BEGIN, the signature, the index settings (set whether the index
        # is used or not: they touch nothing else) and the planner's estimate (pipeline mode).
        # The settings are the transaction's (SET LOCAL): nothing of a session is kept, so a
        # pooler in transaction mode (PgBouncer) can hand the connection to anyone after.
        with conn.pipeline(), conn.transaction():
            meta = conn.execute(
                "SELECT (SELECT value FROM remem_meta WHERE key = 'embedder'), "
                "(SELECT value FROM remem_meta WHERE key = 'dimensions'), "
                + ", ".join(f"set_config(%s, {value}, true)" for value, _ in settings.values()),
                [part for name, (_, values) in settings.items() for part in (name, *values)],
            )
            estimate = self._estimate(conn, clause, params)
            row = meta.fetchone()
            if row is None or row[0] is None:
                return []
            stored = EmbedderSignature(row[0], int(row[1]))
            dims = int(stored.dimensions)
            if query.shape[0] != dims:
                raise self._mismatch(stored, f"{query.shape[0]}-d queries", "<embedder>")
            # Few rows to match (a small store, or a selective filter such as one user's
            # scope): an exact scan of those rows, recall 1.0. Else the HNSW index (through its
            # cast), scanning on (pgvector >= 0.8, iterative) until enough rows pass the filter,
            # its candidates rescored with the full vectors.
            few = self._few(conn, where, clause, params, _plan_rows(estimate.fetchone()))
            if not few and not self._hnsw.ready(conn, stored):
                few = True  # another process is building the index: exact meanwhile
            if few:
                heads = conn.execute(
                    "SELECT m.id, 1 - (m.embedding <=> %s) FROM memories m "
                    f"WHERE m.embedding IS NOT NULL AND {clause} "
                    # exact: equal distances in stored order, never by plan
                    "ORDER BY (m.embedding <=> %s), m.seq LIMIT %s",
                    [query, *params, query, k],
                ).fetchall()
            else:
                kind = self._hnsw.kind
                heads = conn.execute(
                    "SELECT c.id, 1 - (c.embedding <=> %s) FROM (SELECT m.id, m.embedding, m.seq "
                    f"FROM memories m WHERE m.embedding IS NOT NULL AND {clause} "
                    f"ORDER BY m.embedding::{kind}({dims}) <=> %s::{kind}({dims}) LIMIT %s) c "
                    "ORDER BY (c.embedding <=> %s), c.seq LIMIT %s",
                    [query, *params, query, fetch, query, k],
                ).fetchall()
            head = {row[0]: cosine(row[1]) for row in heads}
            if part_weight <= 0:
                return [(i, s) for i, s in head.items()]
            best = {
                row[0]: cosine(row[1])
                for row in conn.execute(
                    "SELECT p.id, max(1 - (p.embedding <=> %s)) FROM memory_parts p "
                    f"JOIN memories m ON m.tenant = p.tenant AND m.id = p.id WHERE {clause} "
                    "GROUP BY p.id "
                    "ORDER BY max(1 - (p.embedding <=> %s)) DESC, p.id LIMIT %s",
                    [query, *params, query, k],
                )
            }
            missing = [i for i in best if i not in head]
            if missing:
                head.update(
                    (row[0], cosine(row[1]))
                    for row in conn.execute(
                        "SELECT id, 1 - (embedding <=> %s) FROM memories WHERE id = ANY(%s)",
                        (query, missing),
                    )
                )
        scored = {
            i: part_weight * max(h, best.get(i, h)) + (1 - part_weight) * h for i, h in head.items()
        }
        return sorted(scored.items(), key=lambda p: -p[1])[:k]

    def _estimate(
        self, conn: psycopg.Connection[Any], clause: str, params: list[Any]
    ) -> psycopg.Cursor[Any]:
        """The planner's row estimate of the vectors ``clause`` matches (a cursor: pipelined)."""
        return conn.execute(
            "EXPLAIN (FORMAT JSON) SELECT 1 FROM memories m "
            f"WHERE m.embedding IS NOT NULL AND {clause}",
            params,
        )

    def _few(
        self,
        conn: psycopg.Connection[Any],
        where: Filter | None,
        clause: str,
        params: list[Any],
        estimate: float | None,
    ) -> bool:
        """Whether at most ``exact_search_limit`` vectors match (then an exact scan). The
        planner's ``estimate`` decides when it is clear — half the limit or less, or four
        times it or more on columns with statistics (the scope's, the times); otherwise, and
        for filters on metadata (whose estimates are guesses), the matching rows are counted
        up to the limit. (A count of every row costs 3.4 ms at a million records, the
        estimate 0.15 ms.)"""
        limit = self.exact_search_limit
        rows = float(limit) if estimate is None else estimate
        if rows <= limit / 2:
            return True
        if rows >= 4 * limit and not _on_metadata(where):
            return False
        (few,) = conn.execute(
            "SELECT count(*) <= %s FROM (SELECT 1 FROM memories m "
            f"WHERE m.embedding IS NOT NULL AND {clause} LIMIT %s) s",
            [limit, *params, limit + 1],
        ).fetchone() or (True,)
        return bool(few)

    def build_index(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Build the HNSW index now if the store needs one, waiting for it (a bulk load's last
        step; else the first search that needs it starts the build on a thread of its own),
        after refreshing the planner's statistics. ``progress(done, total)`` hears the tuples
        pgvector has loaded into the graph, from ``pg_stat_progress_create_index``, about
        twice a second."""
        with self._connection() as conn:
            stored = _read_signature(conn)
            if stored is None:
                return
            # Fresh statistics: the exact-or-ANN choice reads the planner's estimates, which a
            # bulk load leaves stale until autovacuum comes by. Skipped while an index build
            # holds the table (waiting for it could deadlock with the build's own wait).
            conn.execute("ANALYZE (SKIP_LOCKED) memories")
            (count,) = conn.execute(
                "SELECT count(*) FROM memories WHERE embedding IS NOT NULL"
            ).fetchone() or (0,)
            if count <= self.exact_search_limit or self._hnsw.ready(conn, stored):
                return
        self._hnsw.join()
        with self._connection() as conn:
            self._hnsw.ready(conn, stored)
        while (thread := self._hnsw.thread) is not None and thread.is_alive():
            thread.join(0.5)
            if progress is not None and thread.is_alive():
                progress(*self._build_progress())
        with self._connection() as conn:
            built = self._hnsw.ready(conn, stored)
            conn.execute("ANALYZE (SKIP_LOCKED) memories")
        self._hnsw.join()
        if progress is not None and built:
            progress(int(count), int(count))

    def _build_progress(self) -> tuple[int, int]:
        """Tuples done and total of the index build under way (0, 0 when not known)."""
        rows = self._rows(
            "SELECT tuples_done, tuples_total FROM pg_stat_progress_create_index "
            "WHERE relid = 'memories'::regclass"
        )
        return (int(rows[0]["tuples_done"]), int(rows[0]["tuples_total"])) if rows else (0, 0)

    def index_state(self) -> IndexState:
        def look(conn: psycopg.Connection[Any]) -> tuple[Any, ...]:
            stored = _read_signature(conn)
            records, count = conn.execute(
                "SELECT count(*), count(embedding) FROM memories"
            ).fetchone() or (0, 0)
            ready = stored is not None and index_valid(
                conn, index_name(stored.dimensions, self._hnsw.half)
            )
            (elsewhere,) = conn.execute(  # another process building it (seen on the primary)
                "SELECT count(*) > 0 FROM pg_stat_progress_create_index "
                "WHERE relid = 'memories'::regclass"
            ).fetchone() or (False,)
            return records, count, ready, elsewhere

        try:
            if not self._primary.up and self._replicas is not None:
                raise StoreUnavailableError(self._primary.unavailable())
            with self._connection() as conn:
                records, count, ready, elsewhere = look(conn)
        except StoreUnavailableError:  # the primary down: a replica says it (/metrics goes on)
            if self._replicas is None:
                raise
            records, count, ready, elsewhere = self._read(look)
        thread = self._hnsw.thread
        here = thread is not None and thread.is_alive()
        return IndexState(
            kind="hnsw", records=int(records), vectors=int(count),
            exact_limit=self.exact_search_limit, ready=ready,
            building=bool(here or elsewhere), needed=int(count) > self.exact_search_limit,
        )  # fmt: skip

    def gauges(self) -> list[Gauge]:
        pools = [("primary", self._primary.pool)] if self._primary.pool is not None else []
        if self._replicas is not None:
            pools += [(r.shown, r.pool) for r in self._replicas.replicas]
        out: list[Gauge] = []
        for name, pool in pools:
            stats = pool.get_stats()
            size, idle = stats.get("pool_size", 0), stats.get("pool_available", 0)
            out += [
                Gauge("remem_pool_connections", idle, {"pool": name, "state": "idle"}),
                Gauge("remem_pool_connections", size - idle, {"pool": name, "state": "used"}),
                Gauge("remem_pool_waiting", stats.get("requests_waiting", 0), {"pool": name}),
            ]
        for state in self.replica_states():
            labels = {"replica": state["url"]}
            out += [
                Gauge("remem_replica_up", 1.0 if state["up"] else 0.0, labels),
                Gauge("remem_replica_lag_seconds", state["lag_seconds"], labels),
            ]
        for (who, what), n in sorted(self.reads_served().items()):
            labels = {"by": who, "why": what} if who == "primary" else {"by": who, "replica": what}
            out.append(Gauge("remem_reads_total", n, labels))
        out.append(Gauge("remem_primary_up", 1.0 if self._primary.up else 0.0, {}))
        return out

    def keyword(
        self, query: str, k: int, where: Filter | None, *, max_terms: int | None = None
    ) -> list[tuple[str, float]]:
        terms = search_terms(query, max_terms)
        if not terms:
            return []

        def work(conn: psycopg.Connection[Any]) -> list[tuple[str, float]]:
            def read(sql: str, params: Sequence[Any]) -> list[Any]:
                return conn.execute(sql, params).fetchall()

            return rank(read, postings.DIALECT, terms, k, where, compile_postgres)

        return list(self._read(work))

    def stats(self) -> StoreStats:
        return StoreStats(**self._read(self._stats), llm_usage=self.llm_usage())

    def _stats(self, conn: psycopg.Connection[Any]) -> dict[str, Any]:
        by_kind = dict(conn.execute("SELECT kind, count(*) FROM memories GROUP BY 1").fetchall())
        users, agents, sessions, vectors = conn.execute(
            "SELECT count(DISTINCT user_id), count(DISTINCT agent_id), "
            "count(DISTINCT session_id), count(embedding) FROM memories"
        ).fetchone()  # type: ignore[misc]
        (size,) = conn.execute(
            "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
            "WHERE c.relname IN ('memories', 'memory_parts', 'memory_ids', 'cache_entries', "
            "'scope_changes', 'api_keys', 'llm_usage', 'remem_meta') AND c.relkind = 'r'"
        ).fetchone()  # type: ignore[misc]
        schema = [r[0] for r in conn.execute("SELECT name FROM remem_migrations ORDER BY name")]
        signature = _read_signature(conn)
        return dict(
            path=self.path,
            records=sum(by_kind.values()),
            by_kind={str(k): int(v) for k, v in by_kind.items()},
            vectors=int(vectors),
            users=int(users),
            agents=int(agents),
            sessions=int(sessions),
            embedder=signature.name if signature else None,
            dimensions=signature.dimensions if signature else None,
            size_bytes=int(size or 0),
            schema=schema,
        )

    def change_token(self) -> int:
        # The snapshot's xmax moves only once a transaction has finished (committed or not),
        # in any session: never before another handle's commit is visible.
        with self._connection() as conn:
            row = conn.execute("SELECT pg_snapshot_xmax(pg_current_snapshot())::text").fetchone()
        return int(row[0]) if row else 0

    def close(self) -> None:
        self._hnsw.close()  # an index build under way stops; the next one starts anew
        if self._replicas is not None:
            self._replicas.close()
        self._primary.close()


# -- helpers ---------------------------------------------------------------------------------------
def _fetch(conn: psycopg.Connection[Any], sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    with conn.cursor(row_factory=dict_row) as cur:
        cur.execute(sql, params)
        return cur.fetchall() if cur.description else []


def _vectors(
    conn: psycopg.Connection[Any], ids: Sequence[str], parts: bool
) -> dict[str, NDArray[np.float32]]:
    heads = {
        row[0]: np.asarray(row[1].to_numpy(), dtype=np.float32)
        for row in conn.execute(
            "SELECT id, embedding FROM memories WHERE id = ANY(%s) AND embedding IS NOT NULL",
            (list(ids),),
        )
    }
    if not parts:
        return heads
    windows: dict[str, list[NDArray[np.float32]]] = {}
    for row in conn.execute(
        "SELECT id, embedding FROM memory_parts WHERE id = ANY(%s) ORDER BY id, ord",
        (list(heads),),
    ):
        windows.setdefault(row[0], []).append(row[1].to_numpy())
    return {
        i: np.stack([head, *windows.get(i, [])]).astype(np.float32) for i, head in heads.items()
    }


def _plan_rows(row: Sequence[Any] | None) -> float | None:
    """The row estimate of an ``EXPLAIN (FORMAT JSON)`` answer."""
    return float(row[0][0]["Plan"]["Plan Rows"]) if row else None


def _on_metadata(where: Filter | None) -> bool:
    """Whether ``where`` tests a metadata field (a JSONB path the planner cannot estimate)."""
    if where is None:
        return False
    if isinstance(where, Cond):
        return where.field.startswith("metadata")
    return any(_on_metadata(part) for part in where.parts)


def _ensure_vector_extension(conn: psycopg.Connection[Any]) -> None:
    """Create pgvector's extension unless it is there; say how to fix it when it cannot be."""
    if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone():
        return
    try:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    except pg_errors.FeatureNotSupported as exc:
        raise StoreError(
            "this PostgreSQL server has no pgvector (the `vector` extension): install it "
            f"(https://github.com/pgvector/pgvector) or use a service that has it ({exc})"
        ) from exc
    except (pg_errors.InsufficientPrivilege, pg_errors.UndefinedFile) as exc:
        raise StoreError(
            "cannot create the `vector` extension here: have the database owner run "
            f"`CREATE EXTENSION vector;` once, then retry ({first_line(exc)})"
        ) from exc


def _read_signature(conn: psycopg.Connection[Any]) -> EmbedderSignature | None:
    rows = dict(
        conn.execute(
            "SELECT key, value FROM remem_meta WHERE key IN ('embedder', 'dimensions')"
        ).fetchall()
    )
    return EmbedderSignature(rows["embedder"], int(rows["dimensions"])) if rows else None


def _first_claim(conn: psycopg.Connection[Any], claim: EmbedderSignature) -> EmbedderSignature:
    """Inside a transaction: record ``claim`` unless a signature is recorded (under the
    signature lock, so of two first writers one wins); the recorded one."""
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SIGNATURE_LOCK,))
    recorded = _read_signature(conn)
    if recorded is None:
        _write_signature(conn, claim)
    return recorded or claim


def _write_signature(conn: psycopg.Connection[Any], signature: EmbedderSignature) -> None:
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO remem_meta (key, value) VALUES (%s, %s) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [("embedder", signature.name), ("dimensions", str(signature.dimensions))],
        )
    # An index at another width goes (its cast would refuse the new vectors); the one at this
    # width is built by the first search that needs it (HnswBuilder.ready).
    dims = signature.dimensions
    drop_indexes(conn, keep=[index_name(dims, half=True), index_name(dims, half=False)])


def _lock_scopes(conn: psycopg.Connection[Any], records: Sequence[NewRecord]) -> None:
    """Take the write lock of every scope the batch writes (sorted: no deadlock between two
    batches), so duplicates within a scope are decided by one writer at a time."""
    keys = sorted({_lock_key(r.user_id, r.agent_id, r.session_id) for r in records if r.dedupe})
    for key in keys:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (key,))


def _lock_key(*scope: str | None) -> int:
    digest = hashlib.blake2b(repr(scope).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _duplicates(
    conn: psycopg.Connection[Any], records: Sequence[NewRecord]
) -> dict[int, MemoryRecord]:
    found: dict[int, MemoryRecord] = {}
    with conn.cursor(row_factory=dict_row) as cur:
        for index, rec in enumerate(records):
            if not rec.dedupe:
                continue
            cur.execute(
                f"SELECT {COLUMNS} FROM memories m WHERE tenant = %s AND content_hash = %s "
                "AND kind = %s AND user_id IS NOT DISTINCT FROM %s "
                "AND agent_id IS NOT DISTINCT FROM %s AND session_id IS NOT DISTINCT FROM %s "
                "AND namespace = %s ORDER BY seq LIMIT 1",
                (
                    rec.user_id or "",
                    rec.content_hash,
                    rec.kind,
                    rec.user_id,
                    rec.agent_id,
                    rec.session_id,
                    encode_namespace(rec.namespace),
                ),
            )
            row = cur.fetchone()
            if row is not None:
                found[index] = _record(row)
    return found


def _copy_records(
    conn: psycopg.Connection[Any],
    records: Sequence[NewRecord],
    stamp: float,
    made: Mapping[str, Entry],
) -> None:
    """The batch's ids into the registry (a taken id fails here), the batch by one binary
    COPY (vectors as pgvector values), then its window vectors."""
    with (
        conn.cursor() as cur,
        cur.copy("COPY memory_ids (id, tenant) FROM STDIN WITH (FORMAT BINARY)") as copy,
    ):
        copy.set_types(["text", "text"])
        for rec in records:
            copy.write_row((rec.id, rec.user_id or ""))
    with (
        conn.cursor() as cur,
        cur.copy(
            "COPY memories (id, text, kind, role, tenant, user_id, agent_id, session_id, "
            "metadata, created_at, updated_at, importance, parent_id, position, content_hash, "
            "embedding, expires_at, namespace, key, provenance, keyword_part, keyword_len, "
            "keyword_terms) FROM STDIN WITH (FORMAT BINARY)"
        ) as copy,
    ):
        copy.set_types(
            ["text", "text", "text", "text", "text", "text", "text", "text", "jsonb", "float8",
             "float8", "float8", "text", "int4", "text", "vector", "float8", "text", "text",
             "jsonb", "int8", "int4", "text[]"]
        )  # fmt: skip
        for rec in records:
            entry = made.get(rec.id)
            copy.write_row(
                (
                    rec.id, rec.text, rec.kind, rec.role, rec.user_id or "", rec.user_id,
                    rec.agent_id, rec.session_id, Jsonb(rec.metadata),
                    rec.created_at, rec.updated(stamp), rec.importance, rec.parent_id, rec.position,
                    rec.content_hash,
                    None if rec.vector is None else np.asarray(rec.vector, np.float32),
                    rec.expires_at, encode_namespace(rec.namespace), rec.key,
                    _provenance(rec.provenance),
                    *((None, None, None) if entry is None
                      else (entry.part, entry.length, entry.distinct)),
                )
            )  # fmt: skip
    _copy_parts(conn, [(r.id, r.user_id, r.parts) for r in records if r.vector is not None])


def _index_records(
    conn: psycopg.Connection[Any], records: Sequence[NewRecord], made: Mapping[str, Entry]
) -> None:
    """Post the batch's indexed records (``made``: id → entry, already on their rows)."""
    if not made:
        return
    seqs = dict(
        conn.execute("SELECT id, seq FROM memories WHERE id = ANY(%s)", (list(made),)).fetchall()
    )
    postings.add_postings(
        conn, [(seqs[r.id], r.user_id or "", made[r.id]) for r in records if r.id in made]
    )


def _copy_parts(
    conn: psycopg.Connection[Any],
    items: Sequence[tuple[str, str | None, NDArray[np.float32] | None]],
) -> None:
    """Window vectors of (id, tenant or user, parts) triples."""
    rows = [
        (id_, ord_, tenant or "", np.asarray(vector, np.float32))
        for id_, tenant, parts in items
        if parts is not None
        for ord_, vector in enumerate(np.asarray(parts, np.float32), start=1)
    ]
    if not rows:
        return
    with (
        conn.cursor() as cur,
        cur.copy(
            "COPY memory_parts (id, ord, tenant, embedding) FROM STDIN WITH (FORMAT BINARY)"
        ) as copy,
    ):
        copy.set_types(["text", "int4", "text", "vector"])
        for row in rows:
            copy.write_row(row)


def _delete_rows(conn: psycopg.Connection[Any], ids: Sequence[str]) -> list[Touched]:
    """Delete these records and their chunks inside the caller's transaction; the rows that
    went (id, user, content hash), for the audit log."""
    rows = conn.execute(
        "DELETE FROM memories WHERE id = ANY(%s) OR parent_id = ANY(%s) "
        "RETURNING id, user_id, agent_id, session_id, kind, content_hash",
        (list(ids), list(ids)),
    ).fetchall()
    conn.execute("DELETE FROM memory_ids WHERE id = ANY(%s)", ([r[0] for r in rows],))
    note_changes(conn, {tuple(r[1:5]) for r in rows})
    return [(r[0], r[1], r[2], r[5]) for r in rows]


def _record(row: Mapping[str, Any]) -> MemoryRecord:
    return MemoryRecord(
        id=row["id"],
        text=row["text"],
        kind=row["kind"],
        role=row["role"],
        user_id=row["user_id"],
        agent_id=row["agent_id"],
        session_id=row["session_id"],
        metadata=row["metadata"] or {},
        created_at=from_epoch(row["created_at"]),  # type: ignore[arg-type]
        updated_at=from_epoch(row["updated_at"]),  # type: ignore[arg-type]
        last_accessed_at=from_epoch(row["last_accessed_at"]),
        access_count=int(row["access_count"]),
        importance=row["importance"],
        parent_id=row["parent_id"],
        position=row["position"],
        content_hash=row["content_hash"],
        expires_at=from_epoch(row["expires_at"]),
        namespace=decode_namespace(row["namespace"]),
        key=row["key"],
        provenance=Provenance.from_dict(row["provenance"]),
    )


def _provenance(provenance: Provenance) -> Jsonb | None:
    """A record's provenance as its column holds it (NULL: nothing known)."""
    made = provenance.to_dict()
    return Jsonb(made) if made else None


def _key_in(exc: pg_errors.UniqueViolation) -> str | None:
    """The id a unique violation names ("Key (id)=(a) already exists.")."""
    detail = exc.diag.message_detail or ""
    found = re.search(r"=\((.*)\) already exists", detail)
    return found.group(1) if found else None


def _connect_error(shown: str, exc: BaseException) -> str:
    """What failed when connecting, and what to do about it."""
    text = str(exc)
    found = re.search(r"FATAL:\s+(.*)", text)
    reason = found.group(1).strip() if found else first_line(exc)
    if "password authentication failed" in text or re.search(r'role ".*" does not exist', text):
        fix = "check the user name and password in the URL"
    elif "no pg_hba.conf entry" in text:
        fix = "the server does not let this user in from here: allow it in pg_hba.conf"
    elif re.search(r'database ".*" does not exist', text):
        fix = "create the database (CREATE DATABASE ...) or correct its name in the URL"
    else:
        fix = "is the server running, and are the host and port in the URL right?"
    return f"cannot connect to PostgreSQL at {shown}: {reason}. {fix[0].upper()}{fix[1:]}"


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])
