"""The PostgreSQL store's keyword index (:mod:`remem.stores.keyword_index` says what every
store keeps): ``keyword_postings`` (term, tenant, scope part, record ``seq``, tf, length; one
row per distinct term of a record with a vector) and ``keyword_scopes`` (tenant, part, user,
agent, records, their total length), both keyed by tenant like the other tenant tables. A
record keeps what it was indexed as (``keyword_part``, ``keyword_len``, ``keyword_terms``), from
which a trigger takes its postings out when it is deleted or indexed anew (migration
``0006_keyword_index``). Terms and scores are the SQLite store's, to the bit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import psycopg

from remem.stores import keyword_index
from remem.stores.keyword_index import Dialect, Entry, Owner, scope_totals

__all__ = ["DIALECT", "add_postings", "entries", "index_all"]


def entries(
    conn: psycopg.Connection[Any], rows: Iterable[tuple[str, str | None, str | None]]
) -> list[Entry]:
    """The entries of records (text, user, agent) about to be indexed, inside the caller's
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
    entries, inside the caller's transaction: their postings, and their scopes' statistics."""
    if not docs:
        return
    with (
        conn.cursor() as cur,
        cur.copy(
            "COPY keyword_postings (term, tenant, part, doc, tf, len) FROM STDIN "
            "WITH (FORMAT BINARY)"
        ) as copy,
    ):
        copy.set_types(["text", "text", "int8", "int8", "int4", "int4"])
        for doc, tenant, entry in docs:
            for term, tf in entry.terms.items():
                copy.write_row((term, tenant, entry.part, doc, tf, entry.length))
    with conn.cursor() as cur:
        cur.executemany(
            "UPDATE keyword_scopes SET docs = docs + %s, tokens = tokens + %s WHERE part = %s",
            scope_totals(entry for _, _, entry in docs),
        )


def index_all(conn: psycopg.Connection[Any], batch: int = 5000) -> None:
    """Index every record with a vector that is not indexed yet (a migration's fill)."""
    while True:
        rows = conn.execute(
            "SELECT seq, tenant, text, user_id, agent_id FROM memories "
            "WHERE embedding IS NOT NULL AND keyword_terms IS NULL LIMIT %s",
            (batch,),
        ).fetchall()
        if not rows:
            return
        made = entries(conn, ((r[2], r[3], r[4]) for r in rows))
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE memories SET keyword_part = %s, keyword_len = %s, keyword_terms = %s "
                "WHERE tenant = %s AND seq = %s",
                [
                    (e.part, e.length, e.distinct, r[1], r[0])
                    for r, e in zip(rows, made, strict=True)
                ],
            )
        add_postings(conn, [(r[0], r[1], e) for r, e in zip(rows, made, strict=True)])


#: How PostgreSQL spells the keyword search (:func:`remem.stores.keyword_index.rank`).
DIALECT = Dialect(
    doc="seq",
    mark="%s",
    pair="(%s::text, %s::float8)",
    number="%s::float8",
    arrays=True,
    tenant=True,
)
