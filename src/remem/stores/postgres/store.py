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
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import psycopg
from numpy.typing import NDArray
from psycopg import errors as pg_errors
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from remem.core.errors import (
    ConflictError,
    NotFoundError,
    StoreError,
    StoreUnavailableError,
)
from remem.core.filters import Filter
from remem.core.observe import Gauge
from remem.core.records import (
    IndexState,
    MemoryRecord,
    Namespace,
    StoreStats,
    decode_namespace,
    encode_namespace,
)
from remem.core.redact import first_line
from remem.core.timeutil import now
from remem.embedders.base import EmbedderSignature
from remem.stores.audit_log import AUDITED_FIELDS, AuditTables
from remem.stores.base import (
    NewRecord,
    Store,
    Update,
    complete_vectors,
    plan_insert,
)
from remem.stores.keyword_index import Entry, rank
from remem.stores.postgres import keywords as postings
from remem.stores.postgres.connection import PostgresConnection, fetch
from remem.stores.postgres.erase import PostgresErasure
from remem.stores.postgres.filters import compile_postgres
from remem.stores.postgres.hnsw import drop_indexes
from remem.stores.postgres.replicas import lsn_number
from remem.stores.postgres.schema import apply_migrations
from remem.stores.postgres.tables import PostgresCache, PostgresUsage, note_changes
from remem.stores.postgres.trash import PostgresTrash
from remem.stores.postgres.vectors import (
    SIGNATURE_LOCK,
    PostgresVectors,
    copy_parts,
    first_claim,
    read_signature,
    stored_vectors,
    write_signature,
)
from remem.stores.rows import Dialect, RowCodec
from remem.stores.sql import SqlKeys, listing
from remem.text.keywords import search_terms
from remem.trust.audit import Touched

__all__ = ["PostgresStore"]

#: A record's columns as PostgreSQL writes and reads them (:mod:`remem.stores.rows`).
ROWS = RowCodec(Dialect(json_out=Jsonb, json_in=lambda value: value), alias="m")
COLUMNS = ROWS.select
#: What a COPY of new records writes: the tenant, the record's columns, its head vector, and
#: what it is indexed as; and their types.
_COPIED = (
    "tenant",
    *ROWS.insert_names,
    "embedding",
    "keyword_part",
    "keyword_len",
    "keyword_terms",
)
_COPY_TYPES = ("text", *ROWS.copy_types, "vector", "int8", "int4", "text[]")
#: HNSW's search breadth by default, up to this many vectors in the index; beyond, it grows with
#: the square root of their number (chosen on held-out queries: benchmarks/RESULTS.md).
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


class PostgresStore(Store):
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
        version: list[tuple[int, ...]] = []

        def prepare(conn: psycopg.Connection[Any]) -> int:
            _ensure_vector_extension(conn)
            apply_migrations(conn)
            (found,) = conn.execute(
                "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
            ).fetchone() or ("0",)
            version.append(_version(found))
            # Where the schema's WAL ends: a replica has it once it has replayed this.
            row = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()
            return lsn_number(row[0] if row else None)

        #: The pools, the replicas and their rules: what every part below is built on.
        self._db = connection = PostgresConnection(
            url,
            prepare=prepare,
            min_connections=min_connections,
            max_connections=max_connections,
            connect_timeout=connect_timeout,
            replicas=replicas,
            max_replica_lag=max_replica_lag,
            replica_wait=replica_wait,
            replica_retry=replica_retry,
        )
        self.path, self.url = connection.path, url
        #: Dense search, the HNSW index and its build (:mod:`.vectors`).
        self._vectors = PostgresVectors(
            connection,
            exact_search_limit=exact_search_limit,
            ef_search=ef_search,
            iterative_scans=version[-1] >= (0, 8),
            half=version[-1] >= (0, 7),  # halfvec
            index_memory=index_memory,
        )
        #: The audit log, which the records' writes below record themselves in.
        self.audit = self._audit = AuditTables(connection)
        self.cache = PostgresCache(connection)
        self.keys = SqlKeys(connection, self._audit)
        self.usage = self._usage = PostgresUsage(connection)
        deleting = self._delete_records
        self.trash = PostgresTrash(connection, held=self._held_rows, delete_rows=deleting)
        self.erasure = PostgresErasure(connection, delete_rows=deleting, audit=self._audit)

    @property
    def exact_search_limit(self) -> int:
        """A filtered dense search that may match at most this many vectors is exact."""
        return self._vectors.exact_search_limit

    @exact_search_limit.setter
    def exact_search_limit(self, limit: int) -> None:
        self._vectors.exact_search_limit = limit

    @property
    def ef_search(self) -> int | None:
        """HNSW's search breadth (None: by the index's size)."""
        return self._vectors.ef_search

    @ef_search.setter
    def ef_search(self, value: int | None) -> None:
        self._vectors.ef_search = value

    @property
    def index_memory(self) -> str:
        """``maintenance_work_mem`` while the HNSW index is built: the graph should fit in it
        (about 1.6 kB a 384-d vector) or the build slows several times."""
        return self._vectors.hnsw.index_memory

    @index_memory.setter
    def index_memory(self, value: str) -> None:
        self._vectors.hnsw.index_memory = value

    @property
    def _builder(self) -> threading.Thread | None:
        """The thread that built (or builds) the HNSW index here, if one was started."""
        return self._vectors.hnsw.thread

    def replica_states(self) -> list[dict[str, Any]]:
        """Each replica's state at its last check (:meth:`.connection.PostgresConnection`)."""
        return self._db.replica_states()

    def health(self) -> dict[str, Any]:
        return self._db.health()

    def reads_served(self) -> dict[tuple[str, str], int]:
        """Reads answered so far, by whom and why (see :meth:`PostgresConnection.reads_served`)."""
        return self._db.reads_served()

    def position(self) -> str | None:
        """With replicas: the primary's WAL position after this handle's last write (reads
        elsewhere inside ``reading_after()`` wait for a replica to replay it)."""
        return self._db.position()

    # -- signature ---------------------------------------------------------------------------------
    def signature(self, claim: EmbedderSignature | None = None) -> EmbedderSignature | None:
        if claim is None:
            signature: EmbedderSignature | None = self._db.read(read_signature)
            return signature
        with self._db.transaction() as conn:
            return first_claim(conn, claim)

    # -- writes ------------------------------------------------------------------------------------
    def find_duplicates(self, records: Sequence[NewRecord]) -> dict[int, MemoryRecord]:
        with self._db.reading() as conn:
            return _duplicates(conn, records)

    def insert(
        self,
        records: Sequence[NewRecord],
        *,
        signature: EmbedderSignature | None = None,
        replace: bool = False,
    ) -> list[MemoryRecord]:
        try:
            with self._db.transaction() as conn:
                _lock_scopes(conn, records)
                stamp = now()
                out, fresh = plan_insert(records, _duplicates(conn, records), stamp)
                if replace and fresh:
                    _delete_rows(conn, [r.id for r in fresh])  # the replace records itself
                widths = [np.asarray(r.vector).shape[-1] for r in fresh if r.vector is not None]
                if widths:
                    self._vectors.claim(conn, signature, widths)
                elif signature is not None and read_signature(conn) is None:
                    first_claim(conn, signature)
                if fresh:
                    # Records with a vector are keyword candidates: each indexed in its scope.
                    searchable = [r for r in fresh if r.vector is not None]
                    made = dict(
                        zip(
                            (r.id for r in searchable),
                            postings.entries(
                                conn,
                                ((r.text, r.user_id, r.agent_id, r.language) for r in searchable),
                            ),
                            strict=True,
                        )
                    )
                    _copy_records(conn, fresh, stamp, made)
                    _index_records(conn, fresh, made)
                    note_changes(
                        conn, {(r.user_id, r.agent_id, r.session_id, r.kind) for r in fresh}
                    )
                    self._audit.write(
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
        sets = ROWS.changes(change)
        if change.vector is not None:
            sets["embedding"] = np.asarray(change.vector, dtype=np.float32)
        if change.changes_content() or not sets:
            sets["updated_at"] = now()
        with self._db.transaction() as conn:
            row = conn.execute(
                "SELECT user_id, agent_id, session_id, kind, text, embedding IS NOT NULL, seq, "
                "tenant, language FROM memories WHERE id = %s FOR UPDATE",
                (id,),
            ).fetchone()
            if row is None:
                raise NotFoundError(f"no memory with id {id!r}")
            if change.vector is not None:
                self._vectors.claim(conn, signature, [np.asarray(change.vector).shape[-1]])
            entry = None
            if (change.text is not None and row[5]) or (change.vector is not None and not row[5]):
                # New words, or a vector that makes it a candidate: indexed anew (the trigger
                # takes out what it was indexed as).
                text = row[4] if change.text is None else change.text
                entry = postings.entries(conn, [(text, row[0], row[1], row[8])])[0]
                sets.update(keyword_part=entry.part, keyword_len=entry.length)
                sets["keyword_terms"] = entry.distinct
            assignments = ", ".join(f"{name} = %s" for name in sets)
            conn.execute(f"UPDATE memories SET {assignments} WHERE id = %s", (*sets.values(), id))
            if entry is not None:
                postings.add_postings(conn, [(row[6], row[7], entry)])
            row = row[:4]
            if change.vector is not None:
                conn.execute("DELETE FROM memory_parts WHERE id = %s", (id,))
                copy_parts(conn, [(id, row[0], change.parts)])
            note_changes(conn, {tuple(row), (*row[:3], change.kind or row[3])})
            fields = sorted(name for name in sets if name in AUDITED_FIELDS)
            self._audit.write(
                conn, "update", [(id, row[0], row[1], change.content_hash)], {"fields": fields}
            )
        # From the primary: a replica would first have to replay this very write.
        return _record(self._db.rows(f"SELECT {COLUMNS} FROM memories m WHERE m.id = %s", [id])[0])

    def delete(self, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        with self._db.transaction() as conn:
            gone = _delete_rows(conn, ids)
            self._audit.write(conn, "delete", gone)
            return len(gone)

    def _delete_records(
        self,
        conn: psycopg.Connection[Any],
        ids: Sequence[str],
        *,
        audit: str | None = "delete",
        detail: Mapping[str, Any] | None = None,
    ) -> int:
        """For :mod:`.erase` and :mod:`.trash` (:class:`~remem.stores.sql.DeleteRows`): delete
        inside the caller's transaction, the audit log saying ``audit``."""
        gone = _delete_rows(conn, ids)
        if audit is not None:
            self._audit.write(conn, audit, gone, detail)
        return len(gone)

    def _held_rows(
        self, conn: psycopg.Connection[Any], ids: Sequence[str]
    ) -> tuple[list[MemoryRecord], dict[str, NDArray[np.float32]]]:
        """For :mod:`.trash`: these records and their chunks, with their vectors, read inside
        the caller's transaction."""
        rows = fetch(
            conn,
            f"SELECT {COLUMNS} FROM memories m WHERE m.id = ANY(%s) OR m.parent_id = ANY(%s)",
            [list(ids), list(ids)],
        )
        held = [_record(row) for row in rows]
        return held, stored_vectors(conn, [r.id for r in held], True)

    def purge_expired(self, now: float, limit: int = 1000) -> int:
        query = "SELECT id FROM memories WHERE expires_at <= %s LIMIT %s"
        if not self._db.rows(query, (now, limit)):
            return 0
        with self._db.transaction() as conn:
            ids = [row[0] for row in conn.execute(query, (now, limit))]
            gone = _delete_rows(conn, ids) if ids else []
            self._audit.write(conn, "expire", gone)
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
        with self._db.transaction() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (SIGNATURE_LOCK,))
            conn.execute("LOCK TABLE memories IN SHARE ROW EXCLUSIVE MODE")  # no writer between
            stored = read_signature(conn)
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
            self._vectors.hnsw.forget()
            with conn.cursor() as cur:
                cur.executemany(
                    "UPDATE memories SET embedding = %s WHERE id = %s",
                    [(v[0], i) for i, v in rows.items()],
                )
            conn.execute("DELETE FROM memory_parts WHERE id = ANY(%s)", (held,))
            scopes = dict(
                conn.execute("SELECT id, tenant FROM memories WHERE id = ANY(%s)", (held,))
            )
            copy_parts(
                conn, [(i, scopes[i], v[1:] if len(v) > 1 else None) for i, v in rows.items()]
            )
            write_signature(conn, signature)  # the index at the new width: on the next search
            done = {"records": len(found), "embedder": signature.name}
            self._audit.write_store(conn, "reembed", done)
        return []

    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool:
        if not accesses:
            return True
        if not wait and not self._db.primary.up:
            return False  # a search's statistics wait for the primary; the search does not
        rows = [(count, at, id) for id, (count, at) in sorted(accesses.items())]
        try:
            with self._db.transaction(tracked=False) as conn:
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
        rows = self._db.stale_rows(
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
        rows = listing(
            self._db.stale_rows,
            select=COLUMNS,
            position="seq",
            marks="%s",
            clause=clause,
            params=params,
            order=order,
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
        rows = self._db.stale_rows(
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
        found = self._db.read(lambda conn: conn.execute(sql, params).fetchall())
        return {row[0]: (row[1], row[2]) for row in found}

    def vectors(self, ids: Sequence[str], *, parts: bool = False) -> dict[str, NDArray[np.float32]]:
        if not ids:
            return {}
        return dict(self._db.read(lambda conn: stored_vectors(conn, ids, parts)))

    def dense(
        self,
        vector: NDArray[np.float32],
        k: int,
        where: Filter | None,
        *,
        part_weight: float = 0.0,
    ) -> list[tuple[str, float]]:
        return self._vectors.dense(vector, k, where, part_weight=part_weight)

    def build_index(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Build the HNSW index now if the store needs one, waiting for it (see
        :meth:`.vectors.PostgresVectors.build`)."""
        self._vectors.build(progress)

    def index_state(self) -> IndexState:
        return self._vectors.state()

    def gauges(self) -> list[Gauge]:
        return self._db.gauges()

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

        return list(self._db.read(work))

    def stats(self) -> StoreStats:
        return StoreStats(**self._db.read(self._stats), llm_usage=self._usage.totals())

    def _stats(self, conn: psycopg.Connection[Any]) -> dict[str, Any]:
        by_kind = dict(conn.execute("SELECT kind, count(*) FROM memories GROUP BY 1").fetchall())
        users, agents, sessions, vectors = conn.execute(
            "SELECT count(DISTINCT user_id), count(DISTINCT agent_id), "
            "count(DISTINCT session_id), count(embedding) FROM memories"
        ).fetchone()  # type: ignore[misc]
        (size,) = conn.execute(
            "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
            "WHERE c.relname IN ('memories', 'memory_parts', 'memory_ids', 'cache_entries', "
            "'scope_changes', 'cache_bounds', 'api_keys', 'llm_usage', 'remem_meta') "
            "AND c.relkind = 'r'"
        ).fetchone()  # type: ignore[misc]
        schema = [r[0] for r in conn.execute("SELECT name FROM remem_migrations ORDER BY name")]
        signature = read_signature(conn)
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
        with self._db.reading() as conn:
            row = conn.execute("SELECT pg_snapshot_xmax(pg_current_snapshot())::text").fetchone()
        return int(row[0]) if row else 0

    def close(self) -> None:
        self._vectors.hnsw.close()  # an index build under way stops; the next one starts anew
        self._db.close()


# -- helpers ---------------------------------------------------------------------------------------
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
        cur.copy(f"COPY memories ({', '.join(_COPIED)}) FROM STDIN WITH (FORMAT BINARY)") as copy,
    ):
        copy.set_types(list(_COPY_TYPES))
        for rec in records:
            entry = made.get(rec.id)
            copy.write_row(
                (
                    rec.user_id or "",
                    *ROWS.values(rec, stamp),
                    None if rec.vector is None else np.asarray(rec.vector, np.float32),
                    *((None, None, None) if entry is None
                      else (entry.part, entry.length, entry.distinct)),
                )
            )  # fmt: skip
    copy_parts(conn, [(r.id, r.user_id, r.parts) for r in records if r.vector is not None])


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


def _delete_rows(conn: psycopg.Connection[Any], ids: Sequence[str]) -> list[Touched]:
    """Delete these records and their chunks inside the caller's transaction; the rows that
    went (id, user, content hash), for the audit log."""
    rows = conn.execute(
        "DELETE FROM memories WHERE id = ANY(%s) OR parent_id = ANY(%s) "
        "RETURNING id, user_id, agent_id, session_id, kind, content_hash, tenant",
        (list(ids), list(ids)),
    ).fetchall()
    conn.execute("DELETE FROM memory_ids WHERE id = ANY(%s)", ([r[0] for r in rows],))
    # their postings, listed dead by the trigger, out of the blocks
    postings.purge(conn, sorted({str(r[6]) for r in rows}))
    note_changes(conn, {tuple(r[1:5]) for r in rows})
    return [(r[0], r[1], r[2], r[5]) for r in rows]


def _record(row: Mapping[str, Any]) -> MemoryRecord:
    return ROWS.record(row)


def _key_in(exc: pg_errors.UniqueViolation) -> str | None:
    """The id a unique violation names ("Key (id)=(a) already exists.")."""
    detail = exc.diag.message_detail or ""
    found = re.search(r"=\((.*)\) already exists", detail)
    return found.group(1) if found else None


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])
