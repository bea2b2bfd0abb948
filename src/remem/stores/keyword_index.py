"""What every store's keyword index shares: which scopes a search reads, which of its words it
can afford, and the BM25 of one posting in SQL.

A store keeps, for each record with a vector, one posting per distinct term (term, scope,
record, term frequency, record length), and per **scope** — one (user, agent) pair — how many
records it holds and their total length. A search reads the scopes its filter bounds it to
(:func:`owners`: a tenant's grant always does), counts each of its words' records there, and
ranks with those counts only, so nothing stored in another scope moves its ids, order or
scores (docs/security.md). ``stores/sqlite/keywords.py`` and ``stores/postgres/keywords.py``
keep the tables; the terms are :func:`remem.text.keywords.index_terms`, the same in every store.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from remem.core.filters import Cond, Filter, Logic, required_values
from remem.text.keywords import BM25_B, BM25_K1, idf, index_terms

__all__ = [
    "KEYWORD_POSTINGS",
    "KEYWORD_PRUNE_FROM",
    "UNITS",
    "Dialect",
    "Entry",
    "Owner",
    "affordable",
    "entries",
    "only_owners",
    "owners",
    "rank",
    "scope_totals",
    "term_score",
    "weights",
]

#: A search over scopes holding at least this many records drops the query's most common
#: words once its rarer ones match :data:`KEYWORD_POSTINGS` records: an OR query scores every
#: record holding any of its words, and a name in a third of a million records would cost
#: hundreds of milliseconds while adding little (BM25 weighs a word in a third of the records
#: at a tenth of a rare one's). The rarest word is always kept.
KEYWORD_PRUNE_FROM = 50_000
KEYWORD_POSTINGS = 20_000
#: A record's score is summed in integer units of 1/UNITS, exact in any order of its terms.
UNITS = 1e9


@dataclass(frozen=True, slots=True)
class Entry:
    """What a record is indexed as: its scope's part, its length, its terms' frequencies."""

    part: int
    length: int
    terms: Counter[str]

    @property
    def distinct(self) -> list[str]:
        """Its distinct terms, in order: what the record keeps to be taken out again."""
        return sorted(self.terms)


#: A scope's owner: (user, agent).
Owner = tuple[str | None, str | None]


def entries(
    rows: Iterable[tuple[str, str | None, str | None]],
    parts: Callable[[set[Owner]], dict[Owner, int]],
) -> list[Entry]:
    """The entries of records (text, user, agent) about to be indexed; ``parts`` gives the
    scopes' parts, once for the batch (a store's, which makes those it lacks)."""
    rows = list(rows)
    found = parts({(user, agent) for _, user, agent in rows}) if rows else {}
    made = []
    for text, user, agent in rows:
        terms, length = index_terms(text)
        made.append(Entry(found[(user, agent)], length, terms))
    return made


def scope_totals(made: Iterable[Entry]) -> list[tuple[int, int, int]]:
    """(records, length, part) to add to each scope's statistics for the entries ``made``."""
    totals: dict[int, list[int]] = {}
    for entry in made:
        count = totals.setdefault(entry.part, [0, 0])
        count[0] += 1
        count[1] += entry.length
    return [(docs, tokens, part) for part, (docs, tokens) in sorted(totals.items())]


def owners(where: Filter | None) -> tuple[list[str] | None, list[str] | None] | None:
    """The users and agents (each sorted, or None: any) whose scopes a search under ``where``
    reads; None when ``where`` admits no record at all."""
    users, agents = required_values(where, "user_id"), required_values(where, "agent_id")
    if (users is not None and not users) or (agents is not None and not agents):
        return None
    return (
        None if users is None else sorted(users),
        None if agents is None else sorted(agents),
    )


def only_owners(where: Filter | None) -> bool:
    """Whether ``where`` asks nothing but users and agents (equal to, or in, strings), which
    the scopes a search reads answer without the records."""
    if where is None:
        return True
    conds = where.parts if isinstance(where, Logic) and where.op == "$and" else (where,)
    return all(
        isinstance(c, Cond)
        and c.field in ("user_id", "agent_id")
        and ((c.op == "$eq" and isinstance(c.value, str)) or c.op == "$in")
        and (c.op != "$in" or all(isinstance(v, str) for v in c.value))
        for c in conds
    )


def affordable(terms: Sequence[str], counts: dict[str, int], records: int) -> list[str]:
    """The terms some record holds; over scopes of :data:`KEYWORD_PRUNE_FROM` records or more,
    the rarer ones while the records they match stay within :data:`KEYWORD_POSTINGS` (the
    rarest always), in the query's order."""
    held = [t for t in terms if counts.get(t)]
    if records < KEYWORD_PRUNE_FROM or len(held) < 2:
        return held
    kept: set[str] = set()
    total = 0
    for term in sorted(held, key=lambda t: (counts[t], t)):
        if kept and total + counts[term] > KEYWORD_POSTINGS:
            break
        kept.add(term)
        total += counts[term]
    return [t for t in held if t in kept]


def weights(terms: Sequence[str], counts: dict[str, int], records: int) -> list[float]:
    """Each term's BM25 weight in the scopes searched."""
    return [idf(counts[term], records) for term in terms]


def term_score(mark: str) -> str:
    """One posting's BM25, in integer :data:`UNITS`, as SQL over ``q.idf`` (the term's weight)
    and ``p.tf`` / ``p.len`` (the posting's), with ``mark`` the placeholder of the scopes'
    average length."""
    return (
        f"CAST(round(q.idf * p.tf * {BM25_K1 + 1!r} / (p.tf + {BM25_K1 * (1 - BM25_B)!r} + "
        f"{BM25_K1 * BM25_B!r} * p.len / {mark}) * {UNITS!r}) AS BIGINT)"
    )


#: Runs a statement with its parameters and returns its rows.
Read = Callable[[str, Sequence[Any]], Sequence[Sequence[Any]]]


@dataclass(frozen=True, slots=True)
class Dialect:
    """How a store's SQL says what :func:`rank` asks: ``doc`` is the ``memories`` column a
    posting's record number is, ``mark`` a parameter, ``pair`` a (term, weight) row of the
    query's ``VALUES``, ``number`` a float parameter; ``arrays``: lists are bound as one array
    parameter (``= ANY``), else spelt out (``IN (?, ...)``); ``tenant``: postings are keyed by
    tenant too, which a search names for the index's sake."""

    doc: str
    mark: str
    pair: str
    number: str
    arrays: bool
    tenant: bool

    def members(self, column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
        if self.arrays:
            return f"{column} = ANY({self.mark})", [list(values)]
        return f"{column} IN ({', '.join(self.mark for _ in values)})", list(values)


def rank(
    read: Read,
    dialect: Dialect,
    terms: Sequence[str],
    k: int,
    where: Filter | None,
    compile_where: Callable[[Filter | None], tuple[str, list[Any]]],
) -> list[tuple[str, float]]:
    """The ``k`` records best matching ``terms`` under ``where``, best first (ties by record
    number), with their BM25: over the scopes ``where`` bounds the search to (:func:`owners`),
    with those scopes' statistics only. A filter on users and agents alone is answered by the
    scopes; any other joins the postings to their records."""
    bound = owners(where)
    if not terms or bound is None:
        return []
    conditions, params = [], list[Any]()
    for column, values in zip(("user_id", "agent_id"), bound, strict=True):
        if values is not None:
            sql, bound_params = dialect.members(column, values)
            conditions.append(sql)
            params += bound_params
    within, within_params = "", list[Any]()
    if conditions:
        tenant = "tenant, " if dialect.tenant else ""
        scopes = read(
            f"SELECT {tenant}part, docs, tokens FROM keyword_scopes "
            f"WHERE {' AND '.join(conditions)}",
            params,
        )
        records, tokens = sum(int(s[-2]) for s in scopes), sum(int(s[-1]) for s in scopes)
        live = [s for s in scopes if s[-2] > 0]
        sql, within_params = dialect.members("p.part", [int(s[-3]) for s in live])
        within = f" AND {sql}"
        if dialect.tenant:
            sql, tenants = dialect.members("p.tenant", sorted({str(s[0]) for s in live}))
            within, within_params = f" AND {sql}{within}", tenants + within_params
    else:  # every scope: summed where they are
        ((records, tokens),) = read(
            "SELECT coalesce(sum(docs), 0), coalesce(sum(tokens), 0) FROM keyword_scopes", ()
        )
        records, tokens = int(records), int(tokens)
    if records <= 0:
        return []
    term_sql, term_params = dialect.members("p.term", terms)
    counts = {
        str(row[0]): int(row[1])
        for row in read(
            f"SELECT p.term, count(*) FROM keyword_postings p WHERE {term_sql}{within} "
            "GROUP BY p.term",
            [*term_params, *within_params],
        )
    }
    kept = affordable(terms, counts, records)
    if not kept:
        return []
    pairs = [x for pair in zip(kept, weights(kept, counts, records), strict=True) for x in pair]
    filtered, where_params = "", list[Any]()
    if not only_owners(where):
        clause, where_params = compile_where(where)
        filtered = f" JOIN memories m ON m.{dialect.doc} = p.doc WHERE {clause}"
    rows = read(
        f"WITH q(term, idf) AS (VALUES {', '.join(dialect.pair for _ in kept)}) "
        f"SELECT r.id, s.score FROM (SELECT p.doc, sum({term_score(dialect.number)}) AS score "
        f"FROM q JOIN keyword_postings p ON p.term = q.term{within}{filtered} "
        f"GROUP BY p.doc ORDER BY score DESC, p.doc LIMIT {dialect.mark}) s "
        f"JOIN memories r ON r.{dialect.doc} = s.doc ORDER BY s.score DESC, s.doc",
        [*pairs, tokens / records, *within_params, *where_params, k],
    )
    return [(str(row[0]), float(row[1]) / UNITS) for row in rows]
