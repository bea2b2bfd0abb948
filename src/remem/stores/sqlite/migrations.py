"""Named, ordered schema migrations for the SQLite store, recorded in ``_migrations``.

Append new migrations to :data:`MIGRATIONS`; never edit or reorder one that has shipped.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

from remem.core.errors import NotAStoreError
from remem.core.timeutil import now
from remem.stores.keyword_index import blocks_of, scope_totals, whole_pairs
from remem.stores.sqlite.keywords import add_postings, entries, stored_terms
from remem.text.keywords import extra_terms

__all__ = ["FILLS", "FUNCTIONS", "MIGRATIONS", "apply_migrations"]

#: What a record was indexed as (``old``) taken out of the keyword index: its postings, and
#: its share of its scope's statistics (the body of two triggers of 0011).
_UNINDEX = """
        BEGIN
            DELETE FROM keyword_postings WHERE part = old.keyword_part AND doc = old.rowid
                AND term IN (SELECT value FROM json_each(old.keyword_terms));
            UPDATE keyword_scopes SET docs = docs - 1, tokens = tokens - old.keyword_len
                WHERE part = old.keyword_part;
        END;
"""

#: The same from 0017 on: its postings listed as dead, taken out of their blocks by the store.
_DEAD = """
        BEGIN
            INSERT OR IGNORE INTO keyword_dead (term, part, doc)
                SELECT value, old.keyword_part, old.rowid FROM json_each(old.keyword_terms);
            UPDATE keyword_scopes SET docs = docs - 1, tokens = tokens - old.keyword_len
                WHERE part = old.keyword_part;
        END;
"""

MIGRATIONS: list[tuple[str, str]] = [
    (
        "0001_initial",
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta (key, value) VALUES ('vector_generation', '0');

        CREATE TABLE memories (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            text TEXT NOT NULL,
            kind TEXT NOT NULL,
            role TEXT,
            user_id TEXT,
            agent_id TEXT,
            session_id TEXT,
            metadata TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            last_accessed_at REAL,
            access_count INTEGER NOT NULL DEFAULT 0,
            importance REAL,
            parent_id TEXT REFERENCES memories(id) ON DELETE CASCADE,
            position INTEGER,
            content_hash TEXT NOT NULL,
            embedding BLOB
        );
        CREATE INDEX memories_scope ON memories (user_id, agent_id, session_id);
        CREATE INDEX memories_agent ON memories (agent_id);
        CREATE INDEX memories_session ON memories (session_id);
        CREATE INDEX memories_created ON memories (created_at);
        CREATE INDEX memories_hash ON memories (content_hash);
        CREATE INDEX memories_parent ON memories (parent_id, position);

        CREATE VIRTUAL TABLE memories_fts USING fts5 (
            text, content = 'memories', content_rowid = 'rowid',
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
            INSERT INTO memories_fts (rowid, text) VALUES (new.rowid, new.text);
        END;
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, text)
                VALUES ('delete', old.rowid, old.text);
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_generation';
        END;
        CREATE TRIGGER memories_fts_update AFTER UPDATE OF text ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, text)
                VALUES ('delete', old.rowid, old.text);
            INSERT INTO memories_fts (rowid, text) VALUES (new.rowid, new.text);
        END;
        CREATE TRIGGER memories_vector_update AFTER UPDATE OF embedding ON memories BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_generation';
        END;
        """,
    ),
    (
        "0002_session_order",
        """
        CREATE INDEX memories_session_time ON memories (session_id, kind, created_at);
        """,
    ),
    (
        # Deletes and re-embeds are logged row by row, so the in-memory vector index of every
        # process catches up with them instead of reloading everything. Appends need no log:
        # they are the rows past the largest row id an index holds. ``vector_generation`` now
        # only moves when every vector is replaced (re-embedding with another model).
        # ``store_id`` tells an index file saved for this store from one copied from another.
        # New rows reach the FTS index by one statement per insert batch (SQLiteStore.insert),
        # several times faster than a trigger per row; ``memories_session`` was a prefix of
        # ``memories_session_time``.
        "0003_vector_changes",
        """
        CREATE TABLE vector_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, row INTEGER NOT NULL);
        INSERT INTO meta (key, value) VALUES ('store_id', lower(hex(randomblob(16))));
        DROP TRIGGER memories_fts_insert;
        DROP INDEX memories_session;
        DROP TRIGGER memories_fts_delete;
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, text)
                VALUES ('delete', old.rowid, old.text);
        END;
        DROP TRIGGER memories_vector_update;
        CREATE TRIGGER memories_vector_deleted AFTER DELETE ON memories
            WHEN old.embedding IS NOT NULL BEGIN
            INSERT INTO vector_changes (row) VALUES (old.rowid);
        END;
        CREATE TRIGGER memories_vector_changed
            AFTER UPDATE OF embedding, kind, user_id, agent_id, session_id ON memories BEGIN
            INSERT INTO vector_changes (row) VALUES (new.rowid);
        END;
        """,
    ),
    (
        # The keyword index gets a second column of scope tokens ('u' || hex(user_id), 'a' ...
        # agent, 's' ... session, 'k' ... kind), so a scoped keyword search intersects posting
        # lists inside FTS5 instead of scoring every user's matches and filtering after.
        "0004_fts_scope",
        """
        ALTER TABLE memories ADD COLUMN fts_scope TEXT GENERATED ALWAYS AS (
            'u' || hex(coalesce(user_id, '')) || ' a' || hex(coalesce(agent_id, ''))
            || ' s' || hex(coalesce(session_id, '')) || ' k' || hex(kind)
        ) VIRTUAL;
        DROP TRIGGER memories_fts_delete;
        DROP TRIGGER memories_fts_update;
        DROP TABLE memories_fts;
        CREATE VIRTUAL TABLE memories_fts USING fts5 (
            text, fts_scope, content = 'memories', content_rowid = 'rowid',
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO memories_fts (memories_fts) VALUES ('rebuild');
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, text, fts_scope)
                VALUES ('delete', old.rowid, old.text, old.fts_scope);
        END;
        CREATE TRIGGER memories_fts_update
            AFTER UPDATE OF text, user_id, agent_id, session_id, kind ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, text, fts_scope)
                VALUES ('delete', old.rowid, old.text, old.fts_scope);
            INSERT INTO memories_fts (rowid, text, fts_scope)
                VALUES (new.rowid, new.text, new.fts_scope);
        END;
        """,
    ),
    (
        # The semantic cache's entries, and the last change of each scope's memories of each
        # kind ('' stands for none), which invalidates the cache entries of that scope.
        "0005_cache",
        """
        CREATE TABLE cache_entries (
            rowid INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            user_id TEXT,
            agent_id TEXT,
            session_id TEXT,
            query TEXT NOT NULL,
            value TEXT NOT NULL,
            vector BLOB NOT NULL,
            created_at REAL NOT NULL,
            expires_at REAL,
            last_hit_at REAL,
            hits INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX cache_entries_name ON cache_entries (name, created_at);
        CREATE TABLE scope_changes (
            user_id TEXT NOT NULL,
            agent_id TEXT NOT NULL,
            session_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            changed_at REAL NOT NULL,
            PRIMARY KEY (user_id, agent_id, session_id, kind)
        ) WITHOUT ROWID;
        CREATE INDEX scope_changes_agent ON scope_changes (agent_id, changed_at);
        CREATE INDEX scope_changes_session ON scope_changes (session_id, changed_at);
        CREATE INDEX scope_changes_time ON scope_changes (changed_at);
        """,
    ),
    (
        # API keys of the REST and MCP servers: only a SHA-256 of the secret is kept; ``grant``
        # is JSON ({"admin": bool, "users": [...], "agents": [...]}).
        "0006_api_keys",
        """
        CREATE TABLE api_keys (
            key_id TEXT PRIMARY KEY,
            secret_hash TEXT NOT NULL,
            name TEXT NOT NULL,
            grant_json TEXT NOT NULL,
            created_at REAL NOT NULL,
            revoked_at REAL,
            last_used_at REAL
        );
        """,
    ),
    (
        # Duplicates are found by the first 8 hex digits of the content hash (the row's full
        # hash is then compared): the full 64-digit keys took each batch's inserts to random
        # places of a 3× larger index, and at a million records its pages were half of what a
        # bulk insert's commit wrote (benchmarks/RESULTS.md, 2026-11-24).
        "0007_hash_prefix",
        """
        DROP INDEX memories_hash;
        CREATE INDEX memories_hash_prefix ON memories (substr(content_hash, 1, 8));
        """,
    ),
    (
        # Expiry (Unix seconds; NULL: never): reads leave expired records out, writes purge
        # them through this index of the few that expire.
        "0008_expiry",
        """
        ALTER TABLE memories ADD COLUMN expires_at REAL;
        CREATE INDEX memories_expiry ON memories (expires_at) WHERE expires_at IS NOT NULL;
        """,
    ),
    (
        # Namespaces inside a scope: labels each ended by U+001F ('' is the root), so a
        # namespace and those below it share a prefix. Indexed for listing namespaces. A
        # record named by a key keeps it (its id is derived from scope, namespace and key).
        "0009_namespace_key",
        """
        ALTER TABLE memories ADD COLUMN namespace TEXT NOT NULL DEFAULT '';
        ALTER TABLE memories ADD COLUMN key TEXT;
        CREATE INDEX memories_namespace ON memories (namespace) WHERE namespace != '';
        CREATE INDEX memories_key ON memories (key) WHERE key IS NOT NULL;
        """,
    ),
    (
        # Scripts written without spaces (Chinese, Japanese, ...): a text holding such runs
        # also indexes their character pairs (remem.text.keywords.extra_terms), kept in
        # ``fts_extra`` (NULL for every other text) and indexed as a third FTS column. The
        # rows stored before get theirs from remem_extra_terms(), which the store registers
        # on its connection (:data:`FUNCTIONS`), before the index is rebuilt.
        "0010_spaceless_keywords",
        """
        ALTER TABLE memories ADD COLUMN fts_extra TEXT;
        DROP TRIGGER memories_fts_delete;
        DROP TRIGGER memories_fts_update;
        DROP TABLE memories_fts;
        UPDATE memories SET fts_extra = remem_extra_terms(text)
            WHERE remem_extra_terms(text) IS NOT NULL;
        CREATE VIRTUAL TABLE memories_fts USING fts5 (
            text, fts_scope, fts_extra, content = 'memories', content_rowid = 'rowid',
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO memories_fts (memories_fts) VALUES ('rebuild');
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, text, fts_scope, fts_extra)
                VALUES ('delete', old.rowid, old.text, old.fts_scope, old.fts_extra);
        END;
        CREATE TRIGGER memories_fts_update
            AFTER UPDATE OF text, fts_extra, user_id, agent_id, session_id, kind ON memories
        BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, text, fts_scope, fts_extra)
                VALUES ('delete', old.rowid, old.text, old.fts_scope, old.fts_extra);
            INSERT INTO memories_fts (rowid, text, fts_scope, fts_extra)
                VALUES (new.rowid, new.text, new.fts_scope, new.fts_extra);
        END;
        """,
    ),
    (
        # remem's own keyword index (stores/sqlite/keywords.py) in place of FTS5, whose BM25
        # weighed words by the whole store: postings per (user, agent) scope, each scope's
        # record count and length, and on each record what it was indexed as, from which the
        # triggers take its postings out again. The rows stored before are indexed by
        # :data:`FILLS` in this migration's transaction.
        "0011_keyword_index",
        """
        CREATE TABLE keyword_scopes (
            part INTEGER PRIMARY KEY,
            user_id TEXT,
            agent_id TEXT,
            docs INTEGER NOT NULL DEFAULT 0,
            tokens INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX keyword_scopes_owner ON keyword_scopes (user_id, agent_id);
        CREATE INDEX keyword_scopes_agent ON keyword_scopes (agent_id);
        CREATE TABLE keyword_postings (
            term TEXT NOT NULL,
            part INTEGER NOT NULL,
            doc INTEGER NOT NULL,
            tf INTEGER NOT NULL,
            len INTEGER NOT NULL,
            PRIMARY KEY (term, part, doc)
        ) WITHOUT ROWID;
        ALTER TABLE memories ADD COLUMN keyword_part INTEGER;
        ALTER TABLE memories ADD COLUMN keyword_len INTEGER;
        ALTER TABLE memories ADD COLUMN keyword_terms TEXT;
        CREATE TRIGGER keyword_forget AFTER DELETE ON memories
            WHEN old.keyword_terms IS NOT NULL
        """
        + _UNINDEX
        + """
        CREATE TRIGGER keyword_reindex AFTER UPDATE OF keyword_terms ON memories
            WHEN old.keyword_terms IS NOT NULL
        """
        + _UNINDEX
        + """
        DROP TRIGGER memories_fts_delete;
        DROP TRIGGER memories_fts_update;
        DROP TABLE memories_fts;
        ALTER TABLE memories DROP COLUMN fts_extra;
        ALTER TABLE memories DROP COLUMN fts_scope;
        """,
    ),
    (
        # The audit log (remem.trust.audit): hash-chained events, one chain per tenant, each chain's
        # last event in its head row; ids and hashes kept as keyed hashes under the store's
        # own random key (audit_key).
        "0012_audit_log",
        """
        CREATE TABLE audit_events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            chain TEXT NOT NULL,
            n INTEGER NOT NULL,
            at REAL NOT NULL,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            ids TEXT NOT NULL,
            hashes TEXT NOT NULL,
            detail TEXT NOT NULL,
            prev TEXT NOT NULL,
            hash TEXT NOT NULL,
            UNIQUE (chain, n)
        );
        CREATE TABLE audit_heads (chain TEXT PRIMARY KEY, n INTEGER NOT NULL, hash TEXT NOT NULL);
        INSERT OR IGNORE INTO meta (key, value) VALUES ('audit_key', lower(hex(randomblob(32))));
        """,
    ),
    (
        # Where each memory came from (remem.core.records.Provenance, JSON; NULL for the records
        # stored before: their provenance is unknown).
        "0013_provenance",
        "ALTER TABLE memories ADD COLUMN provenance TEXT;",
    ),
    (
        # The trash (remem.stores.trash): deletes a model made, kept whole for a while so a
        # person can restore them; one row per trashed memory, its chunks in its payload.
        "0014_trash",
        """
        CREATE TABLE trash (
            id TEXT PRIMARY KEY,
            user_id TEXT,
            agent_id TEXT,
            session_id TEXT,
            namespace TEXT NOT NULL DEFAULT '',
            deleted_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            payload TEXT NOT NULL
        );
        CREATE INDEX trash_scope ON trash (user_id, agent_id);
        CREATE INDEX trash_expiry ON trash (expires_at);
        """,
    ),
    (
        # Whether every byte a delete freed was zeroed (PRAGMA secure_delete, on for every
        # connection since this remem): true of a store that never held data; a store that
        # did is rewritten once, by its first erasure (remem.stores.sqlite.erase).
        "0015_zeroed_free_space",
        "",
    ),
    (
        # The language a memory's text is written in, as its writer said (a tag:
        # remem.core.records.TAGS); NULL for the records stored before, and for any not said.
        "0016_language",
        "ALTER TABLE memories ADD COLUMN language TEXT;",
    ),
    (
        # The keyword index in blocks (remem.stores.keyword_index): a (term, part)'s postings
        # of one write in one row, a few bytes a posting, instead of a row a posting. A deleted
        # or re-indexed record's postings are listed as dead by the triggers and taken out of
        # their blocks by the store (stores/sqlite/keywords.py ``purge``). The postings stored
        # before are packed by :data:`FILLS` (one block per (term, part)).
        "0017_keyword_blocks",
        """
        CREATE TABLE keyword_blocks (
            term TEXT NOT NULL,
            part INTEGER NOT NULL,
            first INTEGER NOT NULL,
            n INTEGER NOT NULL,
            data BLOB NOT NULL,
            PRIMARY KEY (term, part, first)
        ) WITHOUT ROWID;
        CREATE TABLE keyword_dead (
            term TEXT NOT NULL,
            part INTEGER NOT NULL,
            doc INTEGER NOT NULL,
            PRIMARY KEY (term, part, doc)
        ) WITHOUT ROWID;
        DROP TRIGGER keyword_forget;
        DROP TRIGGER keyword_reindex;
        CREATE TRIGGER keyword_forget AFTER DELETE ON memories
            WHEN old.keyword_terms IS NOT NULL
        """
        + _DEAD
        + """
        CREATE TRIGGER keyword_reindex AFTER UPDATE OF keyword_terms ON memories
            WHEN old.keyword_terms IS NOT NULL
        """
        + _DEAD,
    ),
    (
        # A semantic cache's learned error bound per owner (user, agent; '' for none):
        # remem.memory_types.cache_bound's observations as bytes, no text.
        "0018_cache_bounds",
        """
        CREATE TABLE cache_bounds (
            user_id TEXT NOT NULL,
            agent_id TEXT NOT NULL,
            name TEXT NOT NULL,
            state BLOB NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (user_id, agent_id, name)
        ) WITHOUT ROWID;
        CREATE INDEX cache_bounds_agent ON cache_bounds (agent_id);
        """,
    ),
    (
        # Keywords analysed in each memory's language (issue 49): the records indexed before
        # are analysed again by :data:`FILLS`, and those whose terms change indexed anew.
        "0019_language_keywords",
        "",
    ),
]


#: Python steps of a migration, run after its SQL in the same transaction.
def _zeroed_if_new(conn: sqlite3.Connection) -> None:
    """Note that the free space holds nothing when no row was ever written (a new store)."""
    held = any(
        conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone()
        for table in ("memories", "audit_events", "cache_entries", "api_keys", "trash")
    )
    (free,) = conn.execute("PRAGMA freelist_count").fetchone()
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('free_space_zeroed', ?)",
        ("0" if held or int(free) else "1",),
    )


def _index_all(conn: sqlite3.Connection, batch: int = 5000) -> None:
    """Index every record with a vector that is not indexed yet, a row a posting (0011's
    fill, as it shipped: 0017 packs the rows into blocks)."""
    while True:
        rows = conn.execute(
            "SELECT rowid, text, user_id, agent_id FROM memories WHERE embedding IS NOT NULL "
            "AND keyword_terms IS NULL LIMIT ?",
            (batch,),
        ).fetchall()
        if not rows:
            return
        made = entries(conn, ((r[1], r[2], r[3], None) for r in rows))
        conn.executemany(
            "UPDATE memories SET keyword_part = ?, keyword_len = ?, keyword_terms = ? "
            "WHERE rowid = ?",
            [(e.part, e.length, stored_terms(e), r[0]) for r, e in zip(rows, made, strict=True)],
        )
        conn.executemany(
            "INSERT INTO keyword_postings VALUES (?, ?, ?, ?, ?)",
            [
                (term, e.part, r[0], tf, e.length)
                for r, e in zip(rows, made, strict=True)
                for term, tf in e.terms.items()
            ],
        )
        conn.executemany(
            "UPDATE keyword_scopes SET docs = docs + ?, tokens = tokens + ? WHERE part = ?",
            scope_totals(made),
        )


def _indexed(conn: sqlite3.Connection, batch: int) -> Iterator[list[tuple[Any, ...]]]:
    """The keyword-indexed records (row id, text, user, agent, language, terms), a batch at a
    time in row id order."""
    last = 0
    while rows := conn.execute(
        "SELECT rowid, text, user_id, agent_id, language, keyword_terms FROM memories "
        "WHERE rowid > ? AND keyword_terms IS NOT NULL ORDER BY rowid LIMIT ?",
        (last, batch),
    ).fetchall():
        last = rows[-1][0]
        yield rows


def _reanalyse(conn: sqlite3.Connection, batch: int = 2000) -> None:
    """Every indexed record's words analysed again as :func:`~remem.text.keywords.index_terms`
    now does (in the memory's language: its tag, else the one found), so that a record written
    before is found by queries in its language, whose words are no longer cut or stemmed as
    English (0019's fill). A store whose terms all stay (English) is only read; otherwise the
    keyword index is built anew, as a bulk write builds it (taking each changed record's
    postings out of their blocks one by one cost about 4 ms a record in a trial), and each
    scope's statistics are counted again."""
    if not any(
        stored_terms(e) != r[5]
        for rows in _indexed(conn, batch)
        for r, e in zip(rows, entries(conn, (r[1:5] for r in rows)), strict=True)
    ):
        return
    conn.execute("DELETE FROM keyword_blocks")
    for rows in _indexed(conn, batch):
        made = entries(conn, (r[1:5] for r in rows))
        conn.executemany(
            "UPDATE memories SET keyword_part = ?, keyword_len = ?, keyword_terms = ? "
            "WHERE rowid = ?",
            [
                (e.part, e.length, stored_terms(e), r[0])
                for r, e in zip(rows, made, strict=True)
                if stored_terms(e) != r[5]
            ],
        )
        conn.execute("DELETE FROM keyword_dead")  # listed by the trigger: their blocks are gone
        add_postings(conn, [(r[0], e) for r, e in zip(rows, made, strict=True)])
    conn.execute("UPDATE keyword_scopes SET docs = 0, tokens = 0")
    conn.executemany(
        "UPDATE keyword_scopes SET docs = ?, tokens = ? WHERE part = ?",
        conn.execute(
            "SELECT count(*), sum(keyword_len), keyword_part FROM memories "
            "WHERE keyword_terms IS NOT NULL GROUP BY keyword_part"
        ).fetchall(),
    )


def _pack_postings(conn: sqlite3.Connection, chunk: int = 200_000) -> None:
    """The postings stored a row each, packed into blocks (a (term, part)'s in one, or more
    of :data:`~remem.stores.keyword_index.BLOCK_POSTINGS`), then their table dropped."""
    rows = conn.execute("SELECT term, part, doc, tf, len FROM keyword_postings ORDER BY term, part")
    for done in whole_pairs(lambda: rows.fetchmany(chunk)):
        conn.executemany(
            "INSERT INTO keyword_blocks (term, part, first, n, data) VALUES (?, ?, ?, ?, ?)",
            blocks_of(*zip(*done, strict=True)),
        )
    conn.execute("DROP TABLE keyword_postings")


FILLS: dict[str, Callable[[sqlite3.Connection], None]] = {
    "0011_keyword_index": _index_all,
    "0015_zeroed_free_space": _zeroed_if_new,
    "0017_keyword_blocks": _pack_postings,
    "0019_language_keywords": _reanalyse,
}

#: Python functions the migrations call, registered on the connection before they run.
FUNCTIONS: dict[str, Callable[[str], str | None]] = {"remem_extra_terms": extra_terms}


def apply_migrations(conn: sqlite3.Connection, migrations: list[tuple[str, str]]) -> list[str]:
    """Apply the migrations not yet recorded, in order, inside the caller's transaction."""
    for name, function in FUNCTIONS.items():
        conn.create_function(name, 1, function, deterministic=True)
    conn.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at REAL)")
    done = [row[0] for row in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
    known = [name for name, _ in migrations]
    unknown = [name for name in done if name not in known]
    if unknown:
        raise NotAStoreError(
            f"this store was written by a newer remem (migrations {unknown}): upgrade remem"
        )
    applied = []
    for name, sql in migrations:
        if name in done:
            continue
        for statement in _statements(sql):
            conn.execute(statement)
        if name in FILLS:
            FILLS[name](conn)
        conn.execute("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", (name, now()))
        applied.append(name)
    return applied


def _statements(script: str) -> list[str]:
    """Split a script into statements (``executescript`` would commit our transaction)."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
