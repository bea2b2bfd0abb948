"""Erasing a subject from a PostgreSQL store (:class:`~remem.stores.erasure.Erasure`).

:meth:`PostgresErasure.erase` deletes the records (window vectors by cascade, keyword postings
by trigger, the ids' rows with them), the subject's cache entries, scope changes, emptied
keyword statistics and API keys in one transaction. :meth:`PostgresErasure.scrub` vacuums
every table remem keeps, so the deleted rows' space is pruned and marked for reuse and their
index entries are removed (``VACUUM``; the server's files, its write-ahead log, replicas and
backups are the operator's: docs/privacy.md). :meth:`PostgresErasure.traces` reads every row
of every table as text for the erased ids, and counts the rows left in the subject's scopes;
texts and vectors found in the rows that remain are another's data (shared), since those rows
are not the subject's.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import psycopg

from remem.stores.audit_log import AuditTables
from remem.stores.erasure import (
    VECTOR_BYTES,
    ErasePlan,
    Erasure,
    Needles,
    Traces,
    doomed_keys,
    erase_scope_rows,
    held,
    scope_rows_left,
)
from remem.stores.keyword_index import unpack_many
from remem.stores.postgres.connection import PostgresConnection
from remem.stores.postgres.schema import ID_TABLE, SHARED_TABLES, TENANT_TABLES
from remem.stores.sql import DeleteRows

__all__ = ["PostgresErasure"]

#: Every table remem keeps, and the vector columns among them.
TABLES = (*TENANT_TABLES, ID_TABLE[0], *SHARED_TABLES)
VECTOR_COLUMNS = (
    ("memories", "embedding"),
    ("memory_parts", "embedding"),
    ("cache_entries", "vector"),
)
_PAGE = 5000


class PostgresErasure(Erasure):
    """:class:`Erasure` over a PostgreSQL store's connection. ``delete_rows`` deletes records
    as the store's deletes do."""

    def __init__(
        self, connection: PostgresConnection, *, delete_rows: DeleteRows, audit: AuditTables
    ) -> None:
        self._db, self._delete_rows, self._audit = connection, delete_rows, audit
        #: The tables that lost rows since the last scrub (what it vacuums).
        self._scrub_pending: set[str] = set()

    def erase(self, plan: ErasePlan) -> dict[str, int]:
        counts = dict.fromkeys(
            ("records", "cache_entries", "scope_changes", "keyword_scopes", "api_keys", "trash"),
            0,
        )
        with self._db.transaction() as conn:
            counts["records"] = (
                self._delete_rows(conn, list(plan.ids), audit="forget") if plan.ids else 0
            )
            if plan.trash:
                counts["trash"] = conn.execute(
                    "DELETE FROM trash WHERE id = ANY(%s)", (list(plan.trash),)
                ).rowcount
            counts.update(erase_scope_rows(conn, "%s", plan.scopes))
            rows = conn.execute("SELECT key_id, grant_json FROM api_keys FOR UPDATE").fetchall()
            keys = doomed_keys(rows, plan)
            if keys:
                counts["api_keys"] = conn.execute(
                    "DELETE FROM api_keys WHERE key_id = ANY(%s)", (keys,)
                ).rowcount
            for key in keys:
                self._audit.write_keys(conn, "key_deleted", key)
        # What scrub() vacuums: the tables that lost rows (a record takes its parts, ids,
        # postings, statistics and an audit event along), none when nothing was erased.
        touched = {
            "records": ("memories", "memory_parts", "memory_ids", "keyword_blocks", "keyword_dead"),
            "cache_entries": ("cache_entries",),
            "scope_changes": ("scope_changes",),
            "cache_bounds": ("cache_bounds",),
            "keyword_scopes": ("keyword_scopes",),
            "api_keys": ("api_keys",),
            "trash": ("trash",),
        }
        self._scrub_pending.update(
            t for name, tables in touched.items() if counts[name] for t in tables
        )
        return counts

    def scrub(self) -> list[str]:
        pending = self._scrub_pending
        tables = [t for t in TABLES if t in pending]
        if not tables:
            return []  # nothing erased since the last scrub: nothing to do
        with self._db.reading() as conn:
            previous, conn.autocommit = conn.autocommit, True  # VACUUM runs outside transactions
            try:
                for table in tables:
                    conn.execute(f"VACUUM (ANALYZE) {table}")
                    pending.discard(table)
            finally:
                conn.autocommit = previous
        return [
            f"vacuumed the {len(tables)} tables that lost rows (deleted rows pruned, their "
            "index entries removed)"
        ]

    def traces(self, needles: Needles) -> Traces:
        ids, content = needles.id_patterns(), needles.content_patterns()
        found: dict[str, int] = {}
        shared: set[int] = set()
        with self._db.reading() as conn, conn.transaction():  # a named cursor needs one
            for table, columns in _text_columns(conn).items():
                left = 0
                with conn.cursor(name=f"remem_trace_{table}") as cur:
                    cur.execute(f"SELECT concat_ws(' ', {columns}) FROM {table}")
                    while rows := cur.fetchmany(_PAGE):
                        values = [row[0].encode("utf-8") for row in rows]
                        left += len(held(ids, values))
                        shared |= held(content, values)
                if left:
                    found[f"{table} (erased ids)"] = left
            orphans = _orphan_postings(conn)
            if orphans:
                found["keyword_blocks (postings of no record)"] = orphans
            found.update(scope_rows_left(conn, "%s", needles))
            wanted = {_prefix(v) for v in needles.vectors}
            same: set[bytes] = set()
            for table, column in VECTOR_COLUMNS if wanted else ():
                with conn.cursor(name=f"remem_trace_{table}_{column}", binary=True) as cur:
                    cur.execute(f"SELECT {column} FROM {table}")  # as numpy (pgvector's loader)
                    while rows := cur.fetchmany(_PAGE):
                        same.update(wanted.intersection(_prefix(vector) for (vector,) in rows))
        return Traces(found=found, patterns=len(ids) + len(content), shared=len(shared) + len(same))


def _orphan_postings(conn: psycopg.Connection[Any]) -> int:
    """Postings whose record is gone (a keyword index entry of an erased text), dead ones
    not yet taken out of their blocks included: every block read, its records looked up."""
    held = {
        (str(tenant), int(part), int(seq))
        for tenant, part, seq in conn.execute(
            "SELECT tenant, keyword_part, seq FROM memories WHERE keyword_terms IS NOT NULL"
        )
    }
    (dead,) = conn.execute("SELECT count(*) FROM keyword_dead").fetchone() or (0,)
    left = int(dead)
    with conn.cursor(name="remem_trace_blocks") as cur:
        cur.execute("SELECT tenant, part, first, n, data FROM keyword_blocks")
        while rows := cur.fetchmany(_PAGE):
            block, docs, _, _ = unpack_many(
                [int(r[2]) for r in rows], [int(r[3]) for r in rows], [bytes(r[4]) for r in rows]
            )
            left += sum(
                (str(rows[at][0]), int(rows[at][1]), doc) not in held
                for at, doc in zip(block.tolist(), docs.tolist(), strict=True)
            )
    return left


#: Tables whose rows are read as text: every table but the keyword index's (terms and record
#: numbers, checked against the records instead), without their vector columns (checked by
#: value).
_NOT_READ = frozenset({"keyword_blocks", "keyword_dead"})


def _text_columns(conn: psycopg.Connection[Any]) -> dict[str, str]:
    """Each table read as text, and its columns but vectors, each cast to text."""
    rows = conn.execute(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = ANY(%s) "
        "AND udt_name NOT IN ('vector', 'halfvec', 'sparsevec') ORDER BY ordinal_position",
        ([t for t in TABLES if t not in _NOT_READ],),
    ).fetchall()
    columns: dict[str, list[str]] = {}
    for table, column in rows:
        columns.setdefault(table, []).append(f'"{column}"::text')
    return {table: ", ".join(names) for table, names in columns.items()}


def _prefix(vector: Any) -> bytes:
    """A vector's first :data:`~remem.stores.erasure.VECTOR_BYTES` as float32 bytes."""
    values = vector.to_numpy() if hasattr(vector, "to_numpy") else vector  # pgvector's Vector
    return np.asarray(values, dtype=np.float32).tobytes()[:VECTOR_BYTES]
