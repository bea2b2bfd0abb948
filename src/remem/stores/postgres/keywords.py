"""The PostgreSQL store's keyword index (:mod:`remem.stores.keyword_index` says what every
store keeps): ``keyword_postings`` (term, tenant, scope part, record ``seq``, tf, length; one
row per distinct term of a record with a vector) and ``keyword_scopes`` (tenant, part, user,
agent, records, their total length), both keyed by tenant like the other tenant tables. A
record keeps what it was indexed as (``keyword_part``, ``keyword_len``, ``keyword_terms``), from
which a trigger takes its postings out when it is deleted or indexed anew (migration
``0006_keyword_index``). Terms and scores are the SQLite store's, to the bit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import psycopg

from remem.filters import Filter
from remem.keywords import index_terms
from remem.stores.keyword_index import (
    UNITS,
    Entry,
    affordable,
    owners,
    scope_totals,
    term_score,
    weights,
)

__all__ = ["add_postings", "entries", "index_all", "search"]


def entries(
    conn: psycopg.Connection[Any], rows: Iterable[tuple[str, str | None, str | None]]
) -> list[Entry]:
    """The entries of records (text, user, agent) about to be indexed, inside the caller's
    transaction; a scope seen for the first time gets its part (two writers may meet it
    together: the unique owner decides, and both read the one part)."""
    parts: dict[tuple[str | None, str | None], int] = {}
    found: list[Entry] = []
    for text, user, agent in rows:
        owner = (user, agent)
        if owner not in parts:
            conn.execute(
                "INSERT INTO keyword_scopes (tenant, user_id, agent_id) VALUES (%s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                (user or "", user, agent),
            )
            row = conn.execute(
                "SELECT part FROM keyword_scopes WHERE tenant = %s "
                "AND user_id IS NOT DISTINCT FROM %s AND agent_id IS NOT DISTINCT FROM %s",
                (user or "", user, agent),
            ).fetchone()
            assert row is not None
            parts[owner] = int(row[0])
        terms = index_terms(text)
        found.append(Entry(parts[owner], sum(terms.values()), terms))
    return found


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


def search(
    conn: psycopg.Connection[Any],
    terms: Sequence[str],
    k: int,
    where: Filter | None,
    compile_where: Callable[[Filter | None], tuple[str, list[Any]]],
    *,
    scope_only: bool,
) -> list[tuple[str, float]]:
    """The ``k`` records best matching ``terms`` under ``where`` by BM25 over the scopes
    ``where`` bounds the search to, best first (ties by ``seq``), with their scores.
    ``scope_only``: ``where`` asks nothing but users and agents, which the scopes answer."""
    bound = owners(where)
    if not terms or bound is None:
        return []
    conditions, params = [], list[Any]()
    for column, values in zip(("user_id", "agent_id"), bound, strict=True):
        if values is not None:
            conditions.append(f"{column} = ANY(%s)")
            params.append(values)
    within, within_params = "", list[Any]()
    if conditions:
        scopes = conn.execute(
            "SELECT tenant, part, docs, tokens FROM keyword_scopes "
            f"WHERE {' AND '.join(conditions)}",
            params,
        ).fetchall()
        records, tokens = sum(int(s[2]) for s in scopes), sum(int(s[3]) for s in scopes)
        live = [s for s in scopes if s[2] > 0]
        within = " AND p.tenant = ANY(%s) AND p.part = ANY(%s)"
        within_params = [sorted({s[0] for s in live}), [int(s[1]) for s in live]]
    else:  # every scope: summed where they are
        row = conn.execute(
            "SELECT coalesce(sum(docs), 0), coalesce(sum(tokens), 0) FROM keyword_scopes"
        ).fetchone()
        records, tokens = (int(row[0]), int(row[1])) if row else (0, 0)
    if records <= 0:
        return []
    average = tokens / records
    counts = {
        row[0]: int(row[1])
        for row in conn.execute(
            f"SELECT p.term, count(*) FROM keyword_postings p WHERE p.term = ANY(%s){within} "
            "GROUP BY p.term",
            [list(terms), *within_params],
        )
    }
    kept = affordable(terms, counts, records)
    if not kept:
        return []
    pairs = [x for pair in zip(kept, weights(kept, counts, records), strict=True) for x in pair]
    filtered, where_params = "", list[Any]()
    if not scope_only:
        clause, where_params = compile_where(where)
        filtered = f" JOIN memories m ON m.seq = p.doc WHERE {clause}"
    rows = conn.execute(
        f"WITH q(term, idf) AS (VALUES {', '.join('(%s::text, %s::float8)' for _ in kept)}) "
        f"SELECT r.id, s.score FROM (SELECT p.doc, sum({term_score('%s::float8')}) AS score "
        f"FROM q JOIN keyword_postings p ON p.term = q.term{within}{filtered} "
        "GROUP BY p.doc ORDER BY score DESC, p.doc LIMIT %s) s "
        "JOIN memories r ON r.seq = s.doc ORDER BY s.score DESC, s.doc",
        [*pairs, average, *within_params, *where_params, k],
    ).fetchall()
    return [(row[0], float(row[1]) / UNITS) for row in rows]
