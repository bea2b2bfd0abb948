"""Writing and reading the audit log's tables, the same on SQLite and PostgreSQL (the rules are
:mod:`remem.trust.audit`'s). :func:`append` runs inside the store's write transaction: the events
commit with the change they record, or not at all.

On PostgreSQL, one upsert creates a chain's head row if missing, locks it for the rest of the
transaction and reads it: writers of one tenant take turns on its chain; writers of different
tenants never wait for each other. Chains are locked in sorted order, so two transactions
touching several chains cannot deadlock.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from remem.core.timeutil import now
from remem.stores.tables import AuditLog
from remem.trust.audit import (
    GENESIS,
    KEYS_CHAIN,
    STORE_CHAIN,
    AuditEvent,
    Touched,
    action,
    actor,
    event_hash,
    grouped,
    pseudonym,
)

if TYPE_CHECKING:
    from remem.stores.sql import Connection

__all__ = ["AUDITED_FIELDS", "AuditEntry", "AuditTables", "append", "entries_for"]

_COLUMNS = "chain, n, at, actor, action, ids, hashes, detail, prev, hash"
#: The fields an update's event names (never their values).
AUDITED_FIELDS = frozenset(
    {"text", "importance", "kind", "role", "expires_at", "metadata", "embedding"}
)


@dataclass(slots=True)
class AuditEntry:
    """One chain's part of a change: what happened, to which records (pseudonyms)."""

    action: str
    ids: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)


def entries_for(
    key: bytes,
    default_action: str,
    rows: Sequence[Touched],
    detail: Mapping[str, Any] | None = None,
) -> dict[str, AuditEntry]:
    """One entry per chain for records (id, user, agent, content hash), as :func:`append` takes;
    the action is the face's (:func:`remem.trust.audit.action`) or ``default_action``."""
    doing = action(default_action)
    return {
        chain: AuditEntry(doing, ids, hashes, dict(detail or {}))
        for chain, (ids, hashes) in grouped(key, rows).items()
    }


def append(conn: Any, marks: str, entries: Mapping[str, AuditEntry]) -> None:
    """Add one event per chain, inside the caller's transaction, however many chains in a few
    statements: the heads made where missing and read (on PostgreSQL locked, in chain order,
    by one upsert), the events inserted, the heads moved on. ``marks`` is the driver's
    placeholder: ``?`` (SQLite) or ``%s`` (PostgreSQL: two round trips in all)."""
    if not entries:
        return
    chains = sorted(entries)
    postgres = marks == "%s"
    cur = conn.cursor()
    if postgres:
        heads = cur.execute(_PG_HEADS, (GENESIS, chains)).fetchall()
    else:
        cur.executemany(
            "INSERT INTO audit_heads (chain, n, hash) VALUES (?, 0, ?) ON CONFLICT DO NOTHING",
            [(chain, GENESIS) for chain in chains],
        )
        heads = []
        for start in range(0, len(chains), 500):
            part = chains[start : start + 500]
            marks_in = ", ".join("?" * len(part))
            heads += cur.execute(
                f"SELECT chain, n, hash FROM audit_heads WHERE chain IN ({marks_in})", part
            ).fetchall()
    last = {str(chain): (int(n), str(digest)) for chain, n, digest in heads}
    at, who = now(), actor()
    events = []
    for chain in chains:
        entry = entries[chain]
        n, prev = last[chain]
        event = AuditEvent(
            chain, n + 1, at, who, entry.action, entry.ids, entry.hashes, entry.detail, prev
        )
        event.hash = event_hash(event)
        events.append(event)
    rows = [
        (
            e.chain,
            e.n,
            e.at,
            e.actor,
            e.action,
            json.dumps(e.ids),
            json.dumps(e.hashes),
            json.dumps(e.detail, sort_keys=True),
            e.prev,
            e.hash,
        )
        for e in events
    ]
    if postgres:
        cur.execute(_PG_EVENTS, [list(column) for column in zip(*rows, strict=True)])
    else:
        cur.executemany(
            f"INSERT INTO audit_events ({_COLUMNS}) VALUES ({', '.join('?' * 10)})", rows
        )
        cur.executemany(
            "UPDATE audit_heads SET n = ?, hash = ? WHERE chain = ?",
            [(e.n, e.hash, e.chain) for e in events],
        )
    cur.close()


#: PostgreSQL: each chain's head made if missing, locked and read, in chain order, at once.
_PG_HEADS = """
INSERT INTO audit_heads (chain, n, hash)
SELECT chain, 0, %s FROM unnest(%s::text[]) AS chain ORDER BY chain
ON CONFLICT (chain) DO UPDATE SET n = audit_heads.n
RETURNING chain, n, hash
"""
#: PostgreSQL: the events inserted and their heads moved on, in one statement.
_PG_EVENTS = f"""
WITH added AS (
    INSERT INTO audit_events ({_COLUMNS})
    SELECT * FROM unnest(
        %s::text[], %s::bigint[], %s::float8[], %s::text[], %s::text[], %s::text[],
        %s::text[], %s::text[], %s::text[], %s::text[]
    )
    RETURNING chain, n, hash
)
UPDATE audit_heads h SET n = added.n, hash = added.hash FROM added WHERE h.chain = added.chain
"""


def _event(row: Sequence[Any]) -> AuditEvent:
    seq, chain, n, at, who, doing, ids, hashes, detail, prev, digest = row
    return AuditEvent(
        seq=int(seq),
        chain=chain,
        n=int(n),
        at=float(at),
        actor=who,
        action=doing,
        ids=json.loads(ids),
        hashes=json.loads(hashes),
        detail=json.loads(detail),
        prev=prev,
        hash=digest,
    )


class AuditTables(AuditLog):
    """:class:`~remem.stores.tables.AuditLog` over a SQL store's connection, and what its
    writes call (inside their transactions) to record themselves: the store's audit part."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection
        self._secret: bytes | None = None

    def key(self, conn: Any = None) -> bytes:
        """The store's key; read on ``conn`` when given (a write's own connection: taking a
        second one from a pool inside a transaction could wait on writers doing the same)."""
        if self._secret is None:
            query = f"SELECT value FROM {self._db.meta_table} WHERE key = 'audit_key'"
            if conn is not None:
                rows = conn.execute(query).fetchall()
            else:
                with self._db.reading() as reader:
                    rows = reader.execute(query).fetchall()
            self._secret = bytes.fromhex(rows[0][0])
        return self._secret

    def events(
        self,
        *,
        chains: Sequence[str] | None = None,
        after: int = 0,
        limit: int | None = None,
        order: str = "written",
    ) -> list[AuditEvent]:
        """Events (each with its row's sequence number, ``seq``) of ``chains`` (None: all),
        past ``after``, at most ``limit``, in ``order``: ``written``, ``newest`` first, or by
        ``chain`` and number (for verification)."""
        p = self._db.marks
        where: list[str] = [f"seq > {p}"]
        params: list[Any] = [after]
        if chains is not None:
            if not chains:
                return []
            where.append(f"chain IN ({', '.join([p] * len(chains))})")
            params.extend(chains)
        sorting = {"written": "seq", "newest": "seq DESC", "chain": "chain, n"}[order]
        sql = (
            f"SELECT seq, {_COLUMNS} FROM audit_events WHERE {' AND '.join(where)} "
            f"ORDER BY {sorting}"
        )
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._db.reading() as conn:
            return [_event(row) for row in conn.execute(sql, params).fetchall()]

    def heads(self) -> dict[str, tuple[int, str]]:
        with self._db.reading() as conn:
            rows = conn.execute("SELECT chain, n, hash FROM audit_heads").fetchall()
        return {str(chain): (int(n), str(digest)) for chain, n, digest in rows}

    def write(
        self,
        conn: Any,
        default_action: str,
        rows: Sequence[Touched],
        detail: Mapping[str, Any] | None = None,
    ) -> None:
        """Record a change to these records (id, user, agent, content hash) in the caller's
        transaction: one event per tenant's chain."""
        append(conn, self._db.marks, entries_for(self.key(conn), default_action, rows, detail))

    def write_store(self, conn: Any, doing: str, detail: Mapping[str, Any]) -> None:
        """Record a change to the whole store (a re-embed) on the store's own chain."""
        append(conn, self._db.marks, {STORE_CHAIN: AuditEntry(action(doing), detail=dict(detail))})

    def write_keys(self, conn: Any, doing: str, key_id: str) -> None:
        """Record a change to an API key (by its pseudonym) on the keys' chain."""
        entry = AuditEntry(doing, ids=[pseudonym(self.key(conn), key_id)])
        append(conn, self._db.marks, {KEYS_CHAIN: entry})
