"""The SQLite store's keyword index (:mod:`remem.stores.keyword_index` says what every store
keeps): ``keyword_postings`` (term, scope part, record row id, tf, length; one row per distinct
term of a record with a vector) and ``keyword_scopes`` (part, user, agent, records, their total
length). A record keeps what it was indexed as (``keyword_part``, ``keyword_len``,
``keyword_terms``: its distinct terms as a JSON array), from which triggers take its postings
out when it is deleted or indexed anew (migration ``0011_keyword_index``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Any

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

__all__ = ["add_postings", "entries", "index_all", "search", "stored_terms"]

Read = Callable[[str, Sequence[Any]], list[sqlite3.Row]]


def entries(
    conn: sqlite3.Connection, rows: Iterable[tuple[str, str | None, str | None]]
) -> list[Entry]:
    """The entries of records (text, user, agent) about to be indexed, inside the caller's
    write transaction; a scope seen for the first time gets its part."""
    parts: dict[tuple[str | None, str | None], int] = {}
    found: list[Entry] = []
    for text, user, agent in rows:
        owner = (user, agent)
        if owner not in parts:
            row = conn.execute(
                "SELECT part FROM keyword_scopes WHERE user_id IS ? AND agent_id IS ?", owner
            ).fetchone()
            if row is None:
                made = conn.execute(
                    "INSERT INTO keyword_scopes (user_id, agent_id) VALUES (?, ?)", owner
                )
                parts[owner] = int(made.lastrowid or 0)
            else:
                parts[owner] = int(row[0])
        terms = index_terms(text)
        found.append(Entry(parts[owner], sum(terms.values()), terms))
    return found


def add_postings(conn: sqlite3.Connection, docs: Sequence[tuple[int, Entry]]) -> None:
    """Index records (row id, entry) whose ``keyword_*`` columns already hold their entries,
    inside the caller's write transaction: their postings, and their scopes' statistics."""
    postings = sorted(
        (term, entry.part, doc, tf, entry.length)
        for doc, entry in docs
        for term, tf in entry.terms.items()
    )
    conn.executemany("INSERT INTO keyword_postings VALUES (?, ?, ?, ?, ?)", postings)
    conn.executemany(
        "UPDATE keyword_scopes SET docs = docs + ?, tokens = tokens + ? WHERE part = ?",
        scope_totals(entry for _, entry in docs),
    )


def stored_terms(entry: Entry) -> str:
    """A record's distinct terms as it keeps them (``keyword_terms``, a JSON array)."""
    return json.dumps(entry.distinct, ensure_ascii=False)


def index_all(conn: sqlite3.Connection, batch: int = 5000) -> None:
    """Index every record with a vector that is not indexed yet (a migration's fill)."""
    while True:
        rows = conn.execute(
            "SELECT rowid, text, user_id, agent_id FROM memories WHERE embedding IS NOT NULL "
            "AND keyword_terms IS NULL LIMIT ?",
            (batch,),
        ).fetchall()
        if not rows:
            return
        made = entries(conn, ((r[1], r[2], r[3]) for r in rows))
        conn.executemany(
            "UPDATE memories SET keyword_part = ?, keyword_len = ?, keyword_terms = ? "
            "WHERE rowid = ?",
            [(e.part, e.length, stored_terms(e), r[0]) for r, e in zip(rows, made, strict=True)],
        )
        add_postings(conn, [(r[0], e) for r, e in zip(rows, made, strict=True)])


def search(
    read: Read,
    terms: Sequence[str],
    k: int,
    where: Filter | None,
    compile_where: Callable[[Filter | None], tuple[str, list[Any]]],
    *,
    scope_only: bool,
) -> list[tuple[str, float]]:
    """The ``k`` records best matching ``terms`` under ``where`` by BM25 over the scopes
    ``where`` bounds the search to, best first (ties by row id), with their scores.
    ``scope_only``: ``where`` asks nothing but users and agents, which the scopes answer."""
    bound = owners(where)
    if not terms or bound is None:
        return []
    conditions, params = [], []
    for column, values in zip(("user_id", "agent_id"), bound, strict=True):
        if values is not None:
            conditions.append(f"{column} IN ({','.join('?' * len(values))})")
            params += values
    within = ""
    if conditions:
        scopes = read(
            f"SELECT part, docs, tokens FROM keyword_scopes WHERE {' AND '.join(conditions)}",
            params,
        )
        records, tokens = sum(int(s[1]) for s in scopes), sum(int(s[2]) for s in scopes)
        within = f" AND p.part IN ({','.join(str(int(s[0])) for s in scopes if s[1] > 0)})"
    else:  # every scope: summed where they are
        (records, tokens), *_ = read(
            "SELECT coalesce(sum(docs), 0), coalesce(sum(tokens), 0) FROM keyword_scopes", ()
        )
    if records <= 0:
        return []
    average = tokens / records
    counts = {
        row[0]: int(row[1])
        for row in read(
            f"SELECT p.term, count(*) FROM keyword_postings p WHERE p.term IN "
            f"({','.join('?' * len(terms))}){within} GROUP BY p.term",
            list(terms),
        )
    }
    kept = affordable(terms, counts, records)
    if not kept:
        return []
    pairs = [x for pair in zip(kept, weights(kept, counts, records), strict=True) for x in pair]
    filtered, where_params = "", list[Any]()
    if not scope_only:
        clause, where_params = compile_where(where)
        filtered = f" JOIN memories m ON m.rowid = p.doc WHERE {clause}"
    rows = read(
        f"WITH q(term, idf) AS (VALUES {', '.join('(?, ?)' for _ in kept)}) "
        f"SELECT r.id, s.score FROM (SELECT p.doc, sum({term_score('?')}) AS score "
        f"FROM q JOIN keyword_postings p ON p.term = q.term{within}{filtered} "
        "GROUP BY p.doc ORDER BY score DESC, p.doc LIMIT ?) s "
        "JOIN memories r ON r.rowid = s.doc ORDER BY s.score DESC, s.doc",
        [*pairs, average, *where_params, k],
    )
    return [(row[0], row[1] / UNITS) for row in rows]
