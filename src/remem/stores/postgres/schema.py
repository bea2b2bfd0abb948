"""The PostgreSQL schema: named migrations, each applied in one transaction.

Several processes may open a new database at once: a transaction-level advisory lock
(:data:`MIGRATION_LOCK`) makes them take turns, and the one that comes second finds the work
done. A database that records a migration this remem does not know was written by a newer
remem and is refused, as the SQLite store refuses one.

Every table that holds a tenant's rows is keyed by its tenant (:data:`TENANT_TABLES`), so the
schema can be distributed by it (Citus ``create_distributed_table``; see docs/scaling.md)
without change.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from typing import Any

import psycopg

from remem.core.errors import NotAStoreError
from remem.core.timeutil import now
from remem.stores.keyword_index import Entry, blocks_of, scope_totals, whole_pairs
from remem.stores.postgres.keywords import add_postings, entries
from remem.text.keywords import SPACELESS, extra_terms

__all__ = [
    "FILLS",
    "ID_TABLE",
    "MIGRATIONS",
    "MIGRATION_LOCK",
    "SHARED_TABLES",
    "TENANT_TABLES",
    "apply_migrations",
]

#: The advisory lock key migrations take (an arbitrary constant: "remem" in ASCII).
MIGRATION_LOCK = 0x72656D656D

MIGRATIONS: list[tuple[str, str]] = [
    (
        "0001_initial",
        """
        CREATE TABLE remem_meta (key text PRIMARY KEY, value text NOT NULL);
        INSERT INTO remem_meta (key, value) VALUES ('store_id', md5(random()::text));

        CREATE TABLE memories (
            seq bigint GENERATED ALWAYS AS IDENTITY,
            id text PRIMARY KEY,
            text text NOT NULL,
            kind text NOT NULL,
            role text,
            user_id text,
            agent_id text,
            session_id text,
            metadata jsonb NOT NULL DEFAULT '{}',
            created_at double precision NOT NULL,
            updated_at double precision NOT NULL,
            last_accessed_at double precision,
            access_count bigint NOT NULL DEFAULT 0,
            importance double precision,
            parent_id text REFERENCES memories (id) ON DELETE CASCADE
                DEFERRABLE INITIALLY DEFERRED,
            position integer,
            content_hash text NOT NULL,
            embedding vector,
            words tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED
        );
        CREATE UNIQUE INDEX memories_seq ON memories (seq);
        CREATE INDEX memories_scope ON memories (user_id, agent_id, session_id);
        CREATE INDEX memories_agent ON memories (agent_id);
        CREATE INDEX memories_session_time ON memories (session_id, kind, created_at);
        CREATE INDEX memories_created ON memories (created_at);
        CREATE INDEX memories_hash ON memories (content_hash);
        CREATE INDEX memories_parent ON memories (parent_id, position);
        CREATE INDEX memories_words ON memories USING gin (words);

        -- A long record's window vectors (its head vector is memories.embedding).
        CREATE TABLE memory_parts (
            id text NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
            ord integer NOT NULL,
            user_id text,
            embedding vector NOT NULL,
            PRIMARY KEY (id, ord)
        );

        CREATE TABLE cache_entries (
            row bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name text NOT NULL,
            user_id text,
            agent_id text,
            session_id text,
            query text NOT NULL,
            value text NOT NULL,
            vector vector NOT NULL,
            created_at double precision NOT NULL,
            expires_at double precision,
            last_hit_at double precision,
            hits bigint NOT NULL DEFAULT 0
        );
        CREATE INDEX cache_entries_name ON cache_entries (name, created_at);

        CREATE TABLE scope_changes (
            user_id text NOT NULL,
            agent_id text NOT NULL,
            session_id text NOT NULL,
            kind text NOT NULL,
            changed_at double precision NOT NULL,
            PRIMARY KEY (user_id, agent_id, session_id, kind)
        );
        CREATE INDEX scope_changes_time ON scope_changes (changed_at);

        CREATE TABLE api_keys (
            key_id text PRIMARY KEY,
            secret_hash text NOT NULL,
            name text NOT NULL,
            grant_json text NOT NULL,
            created_at double precision NOT NULL,
            revoked_at double precision,
            last_used_at double precision
        );

        CREATE TABLE llm_usage (feature text PRIMARY KEY, totals jsonb NOT NULL);
        """,
    ),
    (
        # Keyed by tenant, so the tenant tables can be distributed by it (Citus requires the
        # distribution column, NOT NULL, in every primary key, unique index and foreign key
        # between distributed tables). ``tenant`` is the user scope, '' for records with none
        # (they all live on one shard). Ids stay unique across tenants through ``memory_ids``.
        "0002_tenant_keys",
        """
        ALTER TABLE memories ADD COLUMN tenant text;
        UPDATE memories SET tenant = coalesce(user_id, '');
        ALTER TABLE memories ALTER COLUMN tenant SET NOT NULL;
        ALTER TABLE memory_parts ADD COLUMN tenant text;
        UPDATE memory_parts SET tenant = coalesce(user_id, '');
        ALTER TABLE memory_parts ALTER COLUMN tenant SET NOT NULL;
        ALTER TABLE memory_parts DROP COLUMN user_id;
        ALTER TABLE cache_entries ADD COLUMN tenant text;
        UPDATE cache_entries SET tenant = coalesce(user_id, '');
        ALTER TABLE cache_entries ALTER COLUMN tenant SET NOT NULL;

        ALTER TABLE memory_parts DROP CONSTRAINT memory_parts_id_fkey;
        ALTER TABLE memory_parts DROP CONSTRAINT memory_parts_pkey;
        ALTER TABLE memories DROP CONSTRAINT memories_parent_id_fkey;
        ALTER TABLE memories DROP CONSTRAINT memories_pkey;
        ALTER TABLE cache_entries DROP CONSTRAINT cache_entries_pkey;
        DROP INDEX memories_seq;

        ALTER TABLE memories ADD PRIMARY KEY (tenant, id);
        ALTER TABLE memories ADD FOREIGN KEY (tenant, parent_id) REFERENCES memories (tenant, id)
            ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
        ALTER TABLE memory_parts ADD PRIMARY KEY (tenant, id, ord);
        ALTER TABLE memory_parts ADD FOREIGN KEY (tenant, id) REFERENCES memories (tenant, id)
            ON DELETE CASCADE;
        ALTER TABLE cache_entries ADD PRIMARY KEY (tenant, row);
        CREATE INDEX memories_id ON memories (id);
        CREATE INDEX memories_seq ON memories (seq);
        CREATE INDEX cache_entries_row ON cache_entries (row);

        -- Every id once, whatever its tenant: distributed by id (Citus) or kept whole.
        CREATE TABLE memory_ids (id text PRIMARY KEY, tenant text NOT NULL);
        INSERT INTO memory_ids (id, tenant) SELECT id, tenant FROM memories;
        """,
    ),
    (
        # Expiry (Unix seconds; NULL: never): reads leave expired records out, writes purge
        # them through this index of the few that expire.
        "0003_expiry",
        """
        ALTER TABLE memories ADD COLUMN expires_at double precision;
        CREATE INDEX memories_expiry ON memories (expires_at) WHERE expires_at IS NOT NULL;
        """,
    ),
    (
        # Namespaces inside a scope: labels each ended by U+001F ('' is the root), so a
        # namespace and those below it share a prefix. Indexed within a tenant, for listing a
        # tenant's namespaces and reading one. A record named by a key keeps it (its id is
        # derived from scope, namespace and key).
        "0004_namespace_key",
        """
        ALTER TABLE memories ADD COLUMN namespace text NOT NULL DEFAULT '';
        ALTER TABLE memories ADD COLUMN key text;
        CREATE INDEX memories_namespace ON memories (tenant, namespace text_pattern_ops)
            WHERE namespace <> '';
        CREATE INDEX memories_key ON memories (tenant, key) WHERE key IS NOT NULL;
        """,
    ),
    (
        # Scripts written without spaces (Chinese, Japanese, ...): a text holding such runs
        # also indexes their character pairs (remem.text.keywords.extra_terms), kept in
        # ``fts_extra`` (NULL for every other text). ``words`` (the tsvector) and
        # ``keyword_text`` (what pg_textsearch's BM25 index reads) add them to the text. Rows
        # stored before get theirs from :data:`FILLS`, in this migration's transaction.
        "0005_spaceless_keywords",
        """
        ALTER TABLE memories ADD COLUMN fts_extra text;
        ALTER TABLE memories DROP COLUMN words;
        ALTER TABLE memories ADD COLUMN words tsvector GENERATED ALWAYS AS (
            to_tsvector('english', text) || to_tsvector('english', coalesce(fts_extra, ''))
        ) STORED;
        CREATE INDEX memories_words ON memories USING gin (words);
        ALTER TABLE memories ADD COLUMN keyword_text text GENERATED ALWAYS AS (
            CASE WHEN fts_extra IS NULL THEN text ELSE text || E'\n' || fts_extra END
        ) STORED;
        DROP INDEX IF EXISTS memories_bm25;
        """,
    ),
    (
        # remem's own keyword index (stores/postgres/keywords.py) in place of pg_textsearch's
        # BM25 and ts_rank_cd, whose statistics spanned every tenant: postings per (user,
        # agent) scope, each scope's record count and length, and on each record what it was
        # indexed as, from which the trigger takes its postings out again. Keyed by tenant,
        # as the other tenant tables. The rows stored before are indexed by :data:`FILLS`.
        "0006_keyword_index",
        """
        CREATE TABLE keyword_scopes (
            tenant text NOT NULL,
            part bigint GENERATED ALWAYS AS IDENTITY,
            user_id text,
            agent_id text,
            docs bigint NOT NULL DEFAULT 0,
            tokens bigint NOT NULL DEFAULT 0,
            PRIMARY KEY (tenant, part),
            UNIQUE NULLS NOT DISTINCT (tenant, user_id, agent_id)
        );
        CREATE INDEX keyword_scopes_agent ON keyword_scopes (agent_id);
        CREATE TABLE keyword_postings (
            term text NOT NULL,
            tenant text NOT NULL,
            part bigint NOT NULL,
            doc bigint NOT NULL,
            tf integer NOT NULL,
            len integer NOT NULL,
            PRIMARY KEY (term, tenant, part, doc)
        );
        ALTER TABLE memories ADD COLUMN keyword_part bigint;
        ALTER TABLE memories ADD COLUMN keyword_len integer;
        ALTER TABLE memories ADD COLUMN keyword_terms text[];
        CREATE FUNCTION remem_keyword_forget() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM keyword_postings WHERE term = ANY(OLD.keyword_terms)
                AND tenant = OLD.tenant AND part = OLD.keyword_part AND doc = OLD.seq;
            UPDATE keyword_scopes SET docs = docs - 1, tokens = tokens - OLD.keyword_len
                WHERE tenant = OLD.tenant AND part = OLD.keyword_part;
            RETURN NULL;
        END $$;
        CREATE TRIGGER keyword_forget AFTER DELETE ON memories FOR EACH ROW
            WHEN (OLD.keyword_terms IS NOT NULL) EXECUTE FUNCTION remem_keyword_forget();
        CREATE TRIGGER keyword_reindex AFTER UPDATE OF keyword_terms ON memories FOR EACH ROW
            WHEN (OLD.keyword_terms IS NOT NULL) EXECUTE FUNCTION remem_keyword_forget();
        DROP INDEX IF EXISTS memories_bm25_keywords;
        DROP INDEX IF EXISTS memories_words;
        ALTER TABLE memories DROP COLUMN words;
        ALTER TABLE memories DROP COLUMN keyword_text;
        ALTER TABLE memories DROP COLUMN fts_extra;
        """,
    ),
    (
        # The audit log (remem.trust.audit): hash-chained events, one chain per tenant, each chain's
        # last event in its head row, which a writer locks (so writers of different tenants
        # never wait for each other); ids and hashes kept as keyed hashes under the store's
        # own random key (audit_key, made by :data:`FILLS`). Keyed by chain, so both tables
        # can be distributed by it (Citus).
        "0007_audit_log",
        """
        CREATE TABLE audit_events (
            seq bigint GENERATED ALWAYS AS IDENTITY,
            chain text NOT NULL,
            n bigint NOT NULL,
            at double precision NOT NULL,
            actor text NOT NULL,
            action text NOT NULL,
            ids text NOT NULL,
            hashes text NOT NULL,
            detail text NOT NULL,
            prev text NOT NULL,
            hash text NOT NULL,
            PRIMARY KEY (chain, n)
        );
        CREATE INDEX audit_events_seq ON audit_events (seq);
        CREATE TABLE audit_heads (chain text PRIMARY KEY, n bigint NOT NULL, hash text NOT NULL);
        """,
    ),
    (
        # Where each memory came from (remem.core.records.Provenance; NULL for the records stored
        # before: their provenance is unknown).
        "0008_provenance",
        "ALTER TABLE memories ADD COLUMN provenance jsonb;",
    ),
    (
        # Vectors kept in their row (pgvector's type defaults to EXTERNAL storage: a row over
        # ~2 kB — a 384-d vector is 1.5 kB — had its vector moved to the TOAST table, and every
        # exact scan and rescoring read it back from there). MAIN keeps it inline unless the row
        # cannot fit a page. Rows stored before stay where they are until rewritten
        # (VACUUM FULL memories, docs/scaling.md).
        "0009_vectors_inline",
        """
        ALTER TABLE memories ALTER COLUMN embedding SET STORAGE MAIN;
        ALTER TABLE memory_parts ALTER COLUMN embedding SET STORAGE MAIN;
        """,
    ),
    (
        # The trash (remem.stores.trash): deletes a model made, kept whole for a while so a
        # person can restore them; keyed by tenant like every tenant table.
        "0010_trash",
        """
        CREATE TABLE trash (
            tenant text NOT NULL,
            id text NOT NULL,
            user_id text,
            agent_id text,
            session_id text,
            namespace text NOT NULL DEFAULT '',
            deleted_at double precision NOT NULL,
            expires_at double precision NOT NULL,
            payload text NOT NULL,
            PRIMARY KEY (tenant, id)
        );
        CREATE INDEX trash_scope ON trash (user_id, agent_id);
        CREATE INDEX trash_expiry ON trash (expires_at);
        """,
    ),
    (
        # The language a memory's text is written in, as its writer said (a tag:
        # remem.core.records.TAGS); NULL for the records stored before, and for any not said.
        "0011_language",
        "ALTER TABLE memories ADD COLUMN language text;",
    ),
    (
        # The keyword index in blocks (remem.stores.keyword_index): a (term, part)'s postings
        # of one write in one row, a few bytes a posting, instead of a row (and an index
        # entry) a posting. A deleted or re-indexed record's postings are listed as dead by the
        # trigger and taken out of their blocks by the store (stores/postgres/keywords.py
        # ``purge``). The postings stored before are packed by :data:`FILLS`.
        "0012_keyword_blocks",
        """
        CREATE TABLE keyword_blocks (
            term text NOT NULL,
            tenant text NOT NULL,
            part bigint NOT NULL,
            first bigint NOT NULL,
            n integer NOT NULL,
            data bytea NOT NULL,
            PRIMARY KEY (term, tenant, part, first)
        );
        CREATE TABLE keyword_dead (
            term text NOT NULL,
            tenant text NOT NULL,
            part bigint NOT NULL,
            doc bigint NOT NULL,
            PRIMARY KEY (term, tenant, part, doc)
        );
        CREATE OR REPLACE FUNCTION remem_keyword_forget() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO keyword_dead (term, tenant, part, doc)
                SELECT t, OLD.tenant, OLD.keyword_part, OLD.seq FROM unnest(OLD.keyword_terms) t
                ON CONFLICT DO NOTHING;
            UPDATE keyword_scopes SET docs = docs - 1, tokens = tokens - OLD.keyword_len
                WHERE tenant = OLD.tenant AND part = OLD.keyword_part;
            RETURN NULL;
        END $$;
        """,
    ),
    (
        # A semantic cache's learned error bound per owner (user, agent; '' for none):
        # remem.memory_types.cache_bound's observations as bytes, no text. Distributed by
        # user, as scope_changes.
        "0013_cache_bounds",
        """
        CREATE TABLE cache_bounds (
            user_id text NOT NULL,
            agent_id text NOT NULL,
            name text NOT NULL,
            state bytea NOT NULL,
            updated_at double precision NOT NULL,
            PRIMARY KEY (user_id, agent_id, name)
        );
        CREATE INDEX cache_bounds_agent ON cache_bounds (agent_id);
        """,
    ),
    (
        # Keywords analysed in each memory's language (issue 49): the records indexed before
        # are analysed again by :data:`FILLS`, and those whose terms change indexed anew.
        "0014_language_keywords",
        "SELECT 1",
    ),
]


def _audit_key(conn: psycopg.Connection) -> None:
    """The store's own random key for the audit log's keyed hashes."""
    conn.execute(
        "INSERT INTO remem_meta (key, value) VALUES ('audit_key', %s) ON CONFLICT DO NOTHING",
        (secrets.token_hex(32),),
    )


def _fill_extra_terms(conn: psycopg.Connection) -> None:
    """``fts_extra`` of the rows stored before 0005 that hold a spaceless run."""
    rows = conn.execute(
        "SELECT id, text FROM memories WHERE text ~ %s", (SPACELESS.pattern,)
    ).fetchall()
    with conn.cursor() as cur:
        cur.executemany(
            "UPDATE memories SET fts_extra = %s WHERE id = %s",
            [(extra_terms(text), id) for id, text in rows],
        )


def _keep_entries(conn: psycopg.Connection, made: list[tuple[str, int, Entry]]) -> None:
    """What records (tenant, seq) are indexed as, kept on their rows (``keyword_*``)."""
    with conn.cursor() as cur:
        cur.executemany(
            "UPDATE memories SET keyword_part = %s, keyword_len = %s, keyword_terms = %s "
            "WHERE tenant = %s AND seq = %s",
            [(e.part, e.length, e.distinct, tenant, seq) for tenant, seq, e in made],
        )


def _index_all(conn: psycopg.Connection, batch: int = 5000) -> None:
    """Index every record with a vector that is not indexed yet, a row a posting (0006's
    fill, as it shipped: 0012 packs the rows into blocks)."""
    while True:
        rows = conn.execute(
            "SELECT seq, tenant, text, user_id, agent_id FROM memories "
            "WHERE embedding IS NOT NULL AND keyword_terms IS NULL LIMIT %s",
            (batch,),
        ).fetchall()
        if not rows:
            return
        made = entries(conn, ((r[2], r[3], r[4], None) for r in rows))
        _keep_entries(conn, [(r[1], r[0], e) for r, e in zip(rows, made, strict=True)])
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO keyword_postings (term, tenant, part, doc, tf, len) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                [
                    (term, r[1], e.part, r[0], tf, e.length)
                    for r, e in zip(rows, made, strict=True)
                    for term, tf in e.terms.items()
                ],
            )
            cur.executemany(
                "UPDATE keyword_scopes SET docs = docs + %s, tokens = tokens + %s WHERE part = %s",
                scope_totals(made),
            )


def _indexed(conn: psycopg.Connection, batch: int) -> Iterator[list[tuple[Any, ...]]]:
    """The keyword-indexed records (tenant, seq, text, user, agent, language, terms), a batch
    at a time in (tenant, seq) order."""
    last: tuple[str, int] = ("", -1)
    while rows := conn.execute(
        "SELECT tenant, seq, text, user_id, agent_id, language, keyword_terms FROM memories "
        "WHERE (tenant, seq) > (%s, %s) AND keyword_terms IS NOT NULL "
        "ORDER BY tenant, seq LIMIT %s",
        (*last, batch),
    ).fetchall():
        last = (rows[-1][0], rows[-1][1])
        yield rows


def _reanalyse(conn: psycopg.Connection, batch: int = 2000) -> None:
    """Every indexed record's words analysed again as :func:`~remem.text.keywords.index_terms`
    now does (0014's fill; the SQLite store's 0019 says why and how): a store whose terms all
    stay is only read; otherwise the keyword index is built anew and each scope's statistics
    counted again."""
    if not any(
        e.distinct != list(r[6])
        for rows in _indexed(conn, batch)
        for r, e in zip(rows, entries(conn, (r[2:6] for r in rows)), strict=True)
    ):
        return
    conn.execute("DELETE FROM keyword_blocks")
    for rows in _indexed(conn, batch):
        made = entries(conn, (r[2:6] for r in rows))
        pairs = zip(rows, made, strict=True)
        _keep_entries(conn, [(r[0], r[1], e) for r, e in pairs if e.distinct != list(r[6])])
        conn.execute("DELETE FROM keyword_dead")  # listed by the trigger: their blocks are gone
        add_postings(conn, [(r[1], r[0], e) for r, e in zip(rows, made, strict=True)])
    conn.execute(
        "UPDATE keyword_scopes s SET docs = coalesce(t.n, 0), tokens = coalesce(t.length, 0) "
        "FROM keyword_scopes k LEFT JOIN (SELECT tenant, keyword_part, count(*) AS n, "
        "sum(keyword_len) AS length FROM memories WHERE keyword_terms IS NOT NULL "
        "GROUP BY tenant, keyword_part) t ON t.tenant = k.tenant AND t.keyword_part = k.part "
        "WHERE s.tenant = k.tenant AND s.part = k.part"
    )


def _pack_postings(conn: psycopg.Connection, chunk: int = 200_000) -> None:
    """The postings stored a row each, packed into blocks (a (term, part)'s in one, or more
    of :data:`~remem.stores.keyword_index.BLOCK_POSTINGS`), then their table dropped."""
    with conn.cursor(name="remem_pack_postings") as rows:
        rows.execute(
            "SELECT term, part, doc, tf, len, tenant FROM keyword_postings ORDER BY term, part"
        )
        for done in whole_pairs(lambda: rows.fetchmany(chunk)):
            owner = {int(row[1]): str(row[5]) for row in done}
            made = blocks_of(*zip(*(row[:5] for row in done), strict=True))
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO keyword_blocks (term, tenant, part, first, n, data) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    [(t, owner[p], p, f, n, d) for t, p, f, n, d in made],
                )
    conn.execute("DROP TABLE keyword_postings")


#: Python steps of a migration, run after its SQL in the same transaction.
FILLS: dict[str, Callable[[psycopg.Connection], None]] = {
    "0005_spaceless_keywords": _fill_extra_terms,
    "0006_keyword_index": _index_all,
    "0007_audit_log": _audit_key,
    "0012_keyword_blocks": _pack_postings,
    "0014_language_keywords": _reanalyse,
}

#: How the schema is distributed by tenant (Citus): the tables that hold a tenant's rows with
#: their distribution column, the table of ids (distributed by id), and the small shared tables.
#: docs/scaling.md runs these; tests check the keys obey Citus's rules.
TENANT_TABLES = {
    "memories": "tenant",
    "memory_parts": "tenant",
    "cache_entries": "tenant",
    "keyword_scopes": "tenant",
    "keyword_blocks": "tenant",
    "keyword_dead": "tenant",
    "scope_changes": "user_id",
    "cache_bounds": "user_id",
    "audit_events": "chain",
    "audit_heads": "chain",
    "trash": "tenant",
}
ID_TABLE = ("memory_ids", "id")
SHARED_TABLES = (
    "remem_meta",
    "remem_migrations",
    "api_keys",
    "llm_usage",
)


def apply_migrations(conn: psycopg.Connection) -> list[str]:
    """Apply the migrations this database lacks, in order, each in a transaction of its own
    under the migration lock; returns their names."""
    applied = []
    for name, sql in MIGRATIONS:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS remem_migrations "
                "(name text PRIMARY KEY, applied_at double precision NOT NULL)"
            )
            done = [row[0] for row in conn.execute("SELECT name FROM remem_migrations")]
            unknown = sorted(set(done) - {known for known, _ in MIGRATIONS})
            if unknown:
                raise NotAStoreError(
                    f"this database was written by a newer remem (migrations {unknown}): "
                    "upgrade remem"
                )
            if name in done:
                continue
            conn.execute(sql.encode())
            if name in FILLS:
                FILLS[name](conn)
            conn.execute(
                "INSERT INTO remem_migrations (name, applied_at) VALUES (%s, %s)", (name, now())
            )
            applied.append(name)
    return applied
