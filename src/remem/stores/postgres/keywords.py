"""The PostgreSQL store's keyword index (:mod:`remem.stores.keyword_index` says what every
store keeps): ``keyword_blocks`` (term, tenant, scope part, first record's ``seq``, postings,
data: a (term, part)'s postings of one write), ``keyword_dead`` (term, tenant, part, ``seq``:
postings of a record deleted or indexed anew, listed by the trigger of migration
``0012_keyword_blocks`` and taken out of their blocks by :func:`purge` in the same
transaction) and ``keyword_scopes`` (tenant, part, user, agent, records, their total length),
all keyed by tenant like the other tenant tables. A record keeps what it was indexed as
(``keyword_part``, ``keyword_len``, ``keyword_terms``). Terms and scores are the SQLite
store's, to the bit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import psycopg

from remem.stores import keyword_index
from remem.stores.keyword_index import (
    MERGE_BELOW,
    Block,
    Dialect,
    Entry,
    Owner,
    Postings,
    scope_totals,
)

__all__ = ["DIALECT", "add_postings", "entries", "purge"]


def entries(
    conn: psycopg.Connection[Any],
    rows: Iterable[tuple[str, str | None, str | None, str | None]],
) -> list[Entry]:
    """The entries of records (text, user, agent, language) about to be indexed, inside the caller's
    transaction (:func:`remem.stores.keyword_index.entries`)."""
    return keyword_index.entries(rows, lambda owners: _parts(conn, owners))


def _parts(conn: psycopg.Connection[Any], owners: set[Owner]) -> dict[Owner, int]:
    """Each owner's scope part, in a few statements for a batch; a scope seen for the first
    time gets one (two writers may meet it together: the unique owner decides, and both read
    the one part)."""
    tenants = sorted({user or "" for user, _ in owners})

    def read() -> dict[Owner, int]:
        rows = conn.execute(
            "SELECT part, user_id, agent_id FROM keyword_scopes WHERE tenant = ANY(%s)",
            (tenants,),
        ).fetchall()
        return {(row[1], row[2]): int(row[0]) for row in rows}

    found = read()
    missing = sorted(owners - found.keys(), key=repr)
    if missing:
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO keyword_scopes (tenant, user_id, agent_id) VALUES (%s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                [(user or "", user, agent) for user, agent in missing],
            )
        found = read()
    return {owner: found[owner] for owner in owners}


def add_postings(conn: psycopg.Connection[Any], docs: Sequence[tuple[int, str, Entry]]) -> None:
    """Index records (seq, tenant, entry) whose ``keyword_*`` columns already hold their
    entries, inside the caller's transaction: their blocks, and their scopes' statistics. Their
    tenants' dead postings go first: a record indexed anew is never both."""
    if not docs:
        return
    tenants = {entry.part: tenant for _, tenant, entry in docs}
    purge(conn, sorted(set(tenants.values())))  # (which locks their blocks for this write)
    made = Postings.of_records([(doc, entry) for doc, _, entry in docs])
    wanted = made.pairs()
    tails = [
        (str(r[0]), int(r[1]), int(r[2]), int(r[3]), bytes(r[4]))
        for r in conn.execute(
            "SELECT b.term, b.part, b.first, b.n, b.data FROM unnest(%s::text[], %s::text[], "
            "%s::int8[]) AS p(term, tenant, part) CROSS JOIN LATERAL (SELECT c.term, c.part, "
            "c.first, c.n, c.data FROM keyword_blocks c WHERE c.term = p.term AND c.tenant = "
            "p.tenant AND c.part = p.part ORDER BY c.first DESC LIMIT 1) b WHERE b.n < %s",
            (
                [term for term, _ in wanted],
                [tenants[part] for _, part in wanted],
                [part for _, part in wanted],
                MERGE_BELOW,
            ),
        ).fetchall()
    ]
    if tails:
        conn.execute(
            "DELETE FROM keyword_blocks b USING unnest(%s::text[], %s::text[], %s::int8[], "
            "%s::int8[]) AS t(term, tenant, part, first) WHERE b.term = t.term "
            "AND b.tenant = t.tenant AND b.part = t.part AND b.first = t.first",
            (
                [t[0] for t in tails],
                [tenants[t[1]] for t in tails],
                [t[1] for t in tails],
                [t[2] for t in tails],
            ),
        )
    with (
        conn.cursor() as cur,
        cur.copy(
            "COPY keyword_blocks (term, tenant, part, first, n, data) FROM STDIN "
            "WITH (FORMAT BINARY)"
        ) as copy,
    ):
        copy.set_types(["text", "text", "int8", "int8", "int4", "bytea"])
        for term, part, first, n, data in made.with_blocks(tails).blocks():
            copy.write_row((term, tenants[part], part, first, n, data))
    with conn.cursor() as cur:
        cur.executemany(
            "UPDATE keyword_scopes SET docs = docs + %s, tokens = tokens + %s WHERE part = %s",
            scope_totals(entry for _, _, entry in docs),
        )


#: The advisory lock (with the tenant's hash) of rewriting a tenant's blocks.
_PURGE_LOCK = 0x7265


def purge(conn: psycopg.Connection[Any], tenants: Sequence[str]) -> int:
    """Take these tenants' dead postings out of their blocks, inside the caller's transaction
    (:func:`remem.stores.keyword_index.purge`), each tenant's under a lock of its own (two
    writers never rewrite one block from the same old one); how many blocks changed."""
    if not tenants:
        return 0
    for tenant in sorted(tenants):
        conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (_PURGE_LOCK, tenant))
    dead = conn.execute(
        "DELETE FROM keyword_dead WHERE tenant = ANY(%s) RETURNING term, tenant, part, doc",
        (list(tenants),),
    ).fetchall()
    if not dead:
        return 0
    owner = {int(part): str(tenant) for _, tenant, part, _ in dead}

    def before(term: str, part: int, doc: int, limit: int) -> list[tuple[Any, ...]]:
        return conn.execute(
            "SELECT first, n, data FROM keyword_blocks WHERE term = %s AND tenant = %s "
            "AND part = %s AND first <= %s ORDER BY first DESC LIMIT %s",
            (term, owner[part], part, doc, limit),
        ).fetchall()

    def replace(term: str, part: int, first: int, block: Block | None) -> None:
        conn.execute(
            "DELETE FROM keyword_blocks WHERE term = %s AND tenant = %s AND part = %s "
            "AND first = %s",
            (term, owner[part], part, first),
        )
        if block is not None:
            conn.execute(
                "INSERT INTO keyword_blocks (term, tenant, part, first, n, data) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (term, owner[part], part, *block[2:]),
            )

    return keyword_index.purge([(t, p, d) for t, _, p, d in dead], before, replace)


#: How PostgreSQL spells the keyword search (:func:`remem.stores.keyword_index.rank`).
DIALECT = Dialect(doc="seq", mark="%s", arrays=True, tenant=True)
