"""The vectors of a PostgreSQL store as a part over its connection (:class:`PostgresVectors`):
dense candidates (an exact scan of the rows a filter matches when they are few, else the HNSW
index), the index's build (:mod:`.hnsw`) and its state."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import psycopg
from numpy.typing import NDArray

from remem.core.errors import EmbedderMismatchError, StoreUnavailableError
from remem.core.filters import Cond, Filter
from remem.core.records import IndexState
from remem.embedders.base import EmbedderSignature
from remem.stores.base import check_widths, cosine
from remem.stores.postgres.connection import PostgresConnection
from remem.stores.postgres.filters import compile_postgres
from remem.stores.postgres.hnsw import HnswBuilder, drop_indexes, index_name, index_valid
from remem.stores.sql import mismatch

__all__ = [
    "EF_BY_SIZE",
    "EF_SEARCH",
    "EF_SEARCH_AT",
    "SIGNATURE_LOCK",
    "PostgresVectors",
    "copy_parts",
    "first_claim",
    "read_signature",
    "stored_vectors",
    "write_signature",
]

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
SIGNATURE_LOCK = 0x72656D0001


# Previous and next record: by position within a document, else by time within a session;
# always within the record's own user and agent, and within the caller's condition.
class PostgresVectors:
    """Dense search, the HNSW index and its state, over the store's connection."""

    def __init__(
        self,
        connection: PostgresConnection,
        *,
        exact_search_limit: int,
        ef_search: int | None,
        iterative_scans: bool,
        half: bool,
        index_memory: str,
    ) -> None:
        self._db = connection
        #: A filtered dense search that may match at most this many vectors is answered
        #: exactly (a scan of those rows: recall 1.0); larger ones use HNSW. Lower than the
        #: SQLite store's: PostgreSQL scans ~2 µs a row (10,000 rows: 22 ms), HNSW ~1-3 ms.
        self.exact_search_limit = exact_search_limit
        #: HNSW's search breadth (pgvector's ``hnsw.ef_search``; raised to 2k for larger k).
        #: None: by the index's size, :data:`EF_SEARCH` up to :data:`EF_SEARCH_AT` vectors,
        #: growing with the square root of the size beyond (a larger graph needs a wider
        #: search for the same recall), at most 1,000.
        self.ef_search = ef_search
        #: pgvector >= 0.8 scans an index on until k rows pass a filter; an older one
        #: post-filters ef_search rows (a selective filter loses recall).
        self.iterative_scans = iterative_scans
        #: The HNSW index: which is valid, and its build on a thread of its own (:mod:`.hnsw`).
        self.hnsw = HnswBuilder(connection.primary.connection, index_memory=index_memory, half=half)

    def dense(
        self,
        vector: NDArray[np.float32],
        k: int,
        where: Filter | None,
        *,
        part_weight: float = 0.0,
    ) -> list[tuple[str, float]]:
        """Dense candidates (see ``Store.dense``), on a replica that may answer."""
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        return list(self._db.read(lambda conn: self._dense(conn, query, k, where, part_weight)))

    def _mismatch(self, stored: EmbedderSignature, made: str, new: str) -> EmbedderMismatchError:
        return mismatch(self._db.path, stored, made, new)

    def claim(
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
        peek = read_signature(conn)
        claiming = signature is not None and peek != signature
        lock = "pg_advisory_xact_lock" if claiming else "pg_advisory_xact_lock_shared"
        conn.execute(f"SELECT {lock}(%s)", (SIGNATURE_LOCK,))
        stored = read_signature(conn)
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
        write_signature(conn, signature)

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
            if not few and not self.hnsw.ready(conn, stored):
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
                kind = self.hnsw.kind
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

    def build(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Build the HNSW index now if the store needs one, waiting for it (a bulk load's last
        step; else the first search that needs it starts the build on a thread of its own),
        after refreshing the planner's statistics. ``progress(done, total)`` hears the tuples
        pgvector has loaded into the graph, from ``pg_stat_progress_create_index``, about
        twice a second."""
        with self._db.reading() as conn:
            stored = read_signature(conn)
            if stored is None:
                return
            # Fresh statistics: the exact-or-ANN choice reads the planner's estimates, which a
            # bulk load leaves stale until autovacuum comes by. Skipped while an index build
            # holds the table (waiting for it could deadlock with the build's own wait).
            conn.execute("ANALYZE (SKIP_LOCKED) memories")
            (count,) = conn.execute(
                "SELECT count(*) FROM memories WHERE embedding IS NOT NULL"
            ).fetchone() or (0,)
            done = count <= self.exact_search_limit or self.hnsw.ready(conn, stored)
        if done:  # nothing to build, or built: a build of this handle's is let finish
            self.hnsw.join()
            return
        self.hnsw.join()
        with self._db.reading() as conn:
            self.hnsw.ready(conn, stored)
        while (thread := self.hnsw.thread) is not None and thread.is_alive():
            thread.join(0.5)
            if progress is not None and thread.is_alive():
                progress(*self._build_progress())
        with self._db.reading() as conn:
            built = self.hnsw.ready(conn, stored)
            conn.execute("ANALYZE (SKIP_LOCKED) memories")
        self.hnsw.join()
        if progress is not None and built:
            progress(int(count), int(count))

    def _build_progress(self) -> tuple[int, int]:
        """Tuples done and total of the index build under way (0, 0 when not known)."""
        rows = self._db.rows(
            "SELECT tuples_done, tuples_total FROM pg_stat_progress_create_index "
            "WHERE relid = 'memories'::regclass"
        )
        return (int(rows[0]["tuples_done"]), int(rows[0]["tuples_total"])) if rows else (0, 0)

    def state(self) -> IndexState:
        def look(conn: psycopg.Connection[Any]) -> tuple[Any, ...]:
            stored = read_signature(conn)
            records, count = conn.execute(
                "SELECT count(*), count(embedding) FROM memories"
            ).fetchone() or (0, 0)
            ready = stored is not None and index_valid(
                conn, index_name(stored.dimensions, self.hnsw.half)
            )
            (elsewhere,) = conn.execute(  # another process building it (seen on the primary)
                "SELECT count(*) > 0 FROM pg_stat_progress_create_index "
                "WHERE relid = 'memories'::regclass"
            ).fetchone() or (False,)
            return records, count, ready, elsewhere

        try:
            if not self._db.primary.up and self._db.replicas is not None:
                raise StoreUnavailableError(self._db.primary.unavailable())
            with self._db.reading() as conn:
                records, count, ready, elsewhere = look(conn)
        except StoreUnavailableError:  # the primary down: a replica says it (/metrics goes on)
            if self._db.replicas is None:
                raise
            records, count, ready, elsewhere = self._db.read(look)
        thread = self.hnsw.thread
        here = thread is not None and thread.is_alive()
        return IndexState(
            kind="hnsw", records=int(records), vectors=int(count),
            exact_limit=self.exact_search_limit, ready=ready,
            building=bool(here or elsewhere), needed=int(count) > self.exact_search_limit,
        )  # fmt: skip


def stored_vectors(
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


def copy_parts(
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


def first_claim(conn: psycopg.Connection[Any], claim: EmbedderSignature) -> EmbedderSignature:
    """Inside a transaction: record ``claim`` unless a signature is recorded (under the
    signature lock, so of two first writers one wins); the recorded one."""
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (SIGNATURE_LOCK,))
    recorded = read_signature(conn)
    if recorded is None:
        write_signature(conn, claim)
    return recorded or claim


def write_signature(conn: psycopg.Connection[Any], signature: EmbedderSignature) -> None:
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


def read_signature(conn: psycopg.Connection[Any]) -> EmbedderSignature | None:
    rows = dict(
        conn.execute(
            "SELECT key, value FROM remem_meta WHERE key IN ('embedder', 'dimensions')"
        ).fetchall()
    )
    return EmbedderSignature(rows["embedder"], int(rows["dimensions"])) if rows else None


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
