"""What every store's keyword index shares: which scopes a search reads, which of its words it
can afford, and the BM25 of one posting in SQL.

A store keeps, for each record with a vector, one posting per distinct term (term, scope,
record, term frequency, record length), and per **scope** — one (user, agent) pair — how many
records it holds and their total length. A search reads the scopes its filter bounds it to
(:func:`owners`: a tenant's grant always does), counts each of its words' records there, and
ranks with those counts only, so nothing stored in another scope moves its ids, order or
scores (docs/security.md). ``stores/sqlite/keywords.py`` and ``stores/postgres/keywords.py``
keep the tables; the terms are :func:`remem.keywords.index_terms`, the same in every store.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from remem.filters import Cond, Filter, Logic, required_values
from remem.keywords import BM25_B, BM25_K1, idf

__all__ = [
    "KEYWORD_POSTINGS",
    "KEYWORD_PRUNE_FROM",
    "UNITS",
    "Entry",
    "affordable",
    "only_owners",
    "owners",
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


def scope_totals(entries: Iterable[Entry]) -> list[tuple[int, int, int]]:
    """(records, length, part) to add to each scope's statistics for ``entries``."""
    totals: dict[int, list[int]] = {}
    for entry in entries:
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
