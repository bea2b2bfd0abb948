"""What every store's keyword index shares: its blocks of postings, which scopes a search
reads, which of its words it can afford, and the BM25 that ranks them.

A store keeps, for each record with a vector, one posting per distinct term (the record, its
term frequency, its length), and per **scope** — one (user, agent) pair, a *part* — how many
records it holds and their total length. The postings of one term in one part are kept in
**blocks** (``keyword_blocks``: term, part, first record, count, data): the postings a write
adds to a (term, part) together make one block, its records ascending, stored as the gaps
between them, their term frequencies (none when all are 1) and lengths, each array at the
narrowest width its largest value fits (:func:`pack`, :func:`unpack`) — a few bytes a posting
where a row a posting took twenty. A deleted (or re-indexed) record's postings are first listed
as dead (``keyword_dead``, by the stores' triggers, so a delete by any hand is seen) and then
taken out of their blocks by the store in the same transaction (:func:`purge`); a search
leaves out any dead one it meets.

A search reads the scopes its filter bounds it to (:func:`owners`: a tenant's grant always
does), counts each of its words' records there, and ranks with those counts only, so nothing
stored in another scope moves its ids, order or scores (docs/security.md). The scores are
summed in integer units, exactly, in any order: every store gives the same scores to the bit.
``stores/sqlite/keywords.py`` and ``stores/postgres/keywords.py`` keep the tables; the terms
are :func:`remem.text.keywords.index_terms`, the same in every store.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.filters import Cond, Filter, Logic, required_values
from remem.text.keywords import BM25_B, BM25_K1, idf, index_terms

__all__ = [
    "BLOCK_POSTINGS",
    "KEYWORD_POSTINGS",
    "KEYWORD_PRUNE_FROM",
    "MERGE_BELOW",
    "UNITS",
    "Block",
    "Dialect",
    "Entry",
    "Owner",
    "Postings",
    "affordable",
    "blocks",
    "blocks_of",
    "entries",
    "only_owners",
    "owners",
    "pack",
    "purge",
    "rank",
    "scope_totals",
    "unpack",
    "unpack_many",
    "weights",
    "whole_pairs",
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
    rows: Iterable[tuple[str, str | None, str | None, str | None]],
    parts: Callable[[set[Owner]], dict[Owner, int]],
) -> list[Entry]:
    """The entries of records (text, user, agent, language tag) about to be indexed; ``parts``
    gives the scopes' parts, once for the batch (a store's, which makes those it lacks)."""
    rows = list(rows)
    found = parts({(user, agent) for _, user, agent, _ in rows}) if rows else {}
    made = []
    for text, user, agent, language in rows:
        terms, length = index_terms(text, language)
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


# -- blocks ----------------------------------------------------------------------------------------
#: Most postings in one block: a search reads, and a delete rewrites, one block at a time.
BLOCK_POSTINGS = 1024
#: A write's postings go into the latest block of their (term, part) while it holds fewer than
#: this many (rewritten with them), else into a block of their own. Chosen on the write-path
#: benchmark (100k LoCoMo turns, 100 users, batches of 10,000): 16 kept the keyword tables at
#: 11.5 MB (never merging: 17.9; 32: 11.3; 256: 13.7) at the speed of never merging (within
#: the runs' noise); the rewrite a write pays grows with it.
MERGE_BELOW = 16
#: A block as stored: (term, part, its first record, how many postings, data).
Block = tuple[str, int, int, int, bytes]
#: An array of a block is stored at 1, 2, 4 or 8 bytes a value (its two-bit code 0-3): the
#: values each of the first three widths holds are below these.
_BELOW = (1 << 8, 1 << 16, 1 << 32)
_LIMITS = np.array(_BELOW, dtype=np.uint64)


def _codes(top: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each largest value's width code: the narrowest width it fits."""
    return np.searchsorted(_LIMITS, top.astype(np.uint64), side="right").astype(np.int64)


def pack(
    doc: NDArray[np.int64],
    tf: NDArray[np.int64],
    length: NDArray[np.int64],
    starts: NDArray[np.int64],
) -> list[bytes]:
    """The data of blocks of postings (record, tf, length), each block's records ascending and
    starting at ``starts``: a header byte (the width codes of the gaps, the lengths and the term
    frequencies: 0 for all ones, else one more than their code), the gaps between records,
    the term frequencies, the lengths — all little-endian, in one pass over every block."""
    count = np.diff(np.append(starts, len(doc)))
    block = np.repeat(np.arange(len(starts)), count)
    gap = np.diff(doc, prepend=doc[:1])
    gap[starts] = 0
    gap_code = _codes(np.maximum.reduceat(gap, starts))
    len_code = _codes(np.maximum.reduceat(length, starts))
    top_tf = np.maximum.reduceat(tf, starts)
    tf_code = np.where(top_tf == 1, 0, _codes(top_tf) + 1)
    gap_w, len_w = 1 << gap_code, 1 << len_code
    tf_w = np.where(tf_code == 0, 0, 1 << np.maximum(tf_code - 1, 0))
    size = 1 + (count - 1) * gap_w + count * (tf_w + len_w)
    at = np.concatenate(([0], np.cumsum(size)))
    out = np.zeros(int(at[-1]), dtype=np.uint8)
    out[at[:-1]] = gap_code | (len_code << 2) | (tf_code << 4)
    rank = np.arange(len(doc)) - np.repeat(starts, count)
    body = at[:-1][block] + 1
    gaps_end = body + (count[block] - 1) * gap_w[block]
    lens_at = gaps_end + count[block] * tf_w[block]

    def put(values: NDArray[np.int64], where: NDArray[np.int64], width: NDArray[np.int64]) -> None:
        for byte in range(8):
            some = width > byte
            if not some.any():
                return
            out[where[some] + byte] = (values[some] >> (8 * byte)) & 0xFF

    later = rank > 0
    put(gap[later], (body + (rank - 1) * gap_w[block])[later], gap_w[block][later])
    put(tf, gaps_end + rank * tf_w[block], tf_w[block])
    put(length, lens_at + rank * len_w[block], len_w[block])
    data = out.tobytes()
    return [data[a:b] for a, b in zip(at[:-1].tolist(), at[1:].tolist(), strict=True)]


def unpack(
    first: int, n: int, data: bytes
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """A block's records, term frequencies and lengths (:func:`pack`)."""
    _, docs, tf, length = unpack_many([first], [n], [data])
    return docs, tf, length


#: Below this many postings, a write's blocks are packed and read in plain Python, to the same
#: bytes (numpy's cost is per call, not per posting: a single add's few blocks are cheaper so).
_SMALL = 512


def _code(top: int) -> int:
    """:func:`_codes` of one value."""
    return bisect.bisect_right(_BELOW, top)


def _pack_one(docs: Sequence[int], tfs: Sequence[int], lengths: Sequence[int]) -> bytes:
    """:func:`pack` of one block, in plain Python."""
    gaps = [b - a for a, b in itertools.pairwise(docs)]
    gap_code, len_code = _code(max(gaps, default=0)), _code(max(lengths))
    tf_code = 0 if max(tfs) == 1 else _code(max(tfs)) + 1
    out = bytearray((gap_code | len_code << 2 | tf_code << 4,))
    for values, code in ((gaps, gap_code), (tfs, tf_code - 1), (lengths, len_code)):
        if code >= 0:
            width = 1 << code
            for value in values:
                out += value.to_bytes(width, "little")
    return bytes(out)


def _unpack_one(first: int, n: int, data: bytes) -> tuple[list[int], list[int], list[int]]:
    """:func:`unpack`, in plain Python."""
    head = data[0]
    gap_w, len_w, tf_code = 1 << (head & 3), 1 << ((head >> 2) & 3), head >> 4
    at = 1
    docs = [first]
    for _ in range(n - 1):
        docs.append(docs[-1] + int.from_bytes(data[at : at + gap_w], "little"))
        at += gap_w
    tfs = [1] * n
    if tf_code:
        tf_w = 1 << (tf_code - 1)
        tfs = [
            int.from_bytes(data[at + i * tf_w : at + (i + 1) * tf_w], "little") for i in range(n)
        ]
        at += n * tf_w
    lengths = [
        int.from_bytes(data[at + i * len_w : at + (i + 1) * len_w], "little") for i in range(n)
    ]
    return docs, tfs, lengths


def unpack_many(
    firsts: Sequence[int], counts: Sequence[int], datas: Sequence[bytes]
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Many blocks' postings at once (:func:`unpack`, in one pass): each posting's block (its
    place in the arguments), record, term frequency and length, block by block."""
    count = np.array(counts, dtype=np.int64)
    first = np.array(firsts, dtype=np.int64)
    sizes = np.fromiter(map(len, datas), dtype=np.int64, count=len(datas))
    at = np.concatenate(([0], np.cumsum(sizes)))
    buf = np.frombuffer(b"".join(datas), dtype=np.uint8)
    head = buf[at[:-1]].astype(np.int64)
    gap_w, len_w, tf_code = 1 << (head & 3), 1 << ((head >> 2) & 3), head >> 4
    tf_w = np.where(tf_code == 0, 0, 1 << np.maximum(tf_code - 1, 0))
    block = np.repeat(np.arange(len(count)), count)
    starts = np.concatenate(([0], np.cumsum(count)[:-1]))
    rank = np.arange(int(count.sum())) - np.repeat(starts, count)
    body = at[:-1][block] + 1
    gaps_end = body + (count[block] - 1) * gap_w[block]
    lens_at = gaps_end + count[block] * tf_w[block]

    def get(where: NDArray[np.int64], width: NDArray[np.int64]) -> NDArray[np.int64]:
        values = np.zeros(len(where), dtype=np.int64)
        for byte in range(8):
            some = width > byte
            if not some.any():
                break
            values[some] |= buf[where[some] + byte].astype(np.int64) << (8 * byte)
        return values

    later = rank > 0
    gap = np.zeros(len(rank), dtype=np.int64)
    gap[later] = get((body + (rank - 1) * gap_w[block])[later], gap_w[block][later])
    summed = np.cumsum(gap)
    doc = summed - np.repeat(summed[starts], count) + np.repeat(first, count)
    tf = np.where(tf_w[block] == 0, 1, get(gaps_end + rank * tf_w[block], tf_w[block]))
    return block, doc, tf, get(lens_at + rank * len_w[block], len_w[block])


@dataclass(slots=True)
class Postings:
    """The postings of a write, in any order: ``term`` indexes ``names``; ``part``, ``doc``,
    ``tf``, ``length`` as stored."""

    names: list[str]
    term: NDArray[np.int64]
    part: NDArray[np.int64]
    doc: NDArray[np.int64]
    tf: NDArray[np.int64]
    length: NDArray[np.int64]

    @classmethod
    def of(
        cls,
        terms: Sequence[str],
        parts: Sequence[int],
        docs: Sequence[int],
        tfs: Sequence[int],
        lengths: Sequence[int],
    ) -> Postings:
        """Postings (term, part, record, tf, length)."""
        known: dict[str, int] = {}
        places = [known.setdefault(term, len(known)) for term in terms]
        return cls._made(list(known), places, parts, docs, tfs, lengths)

    @classmethod
    def of_records(cls, docs: Sequence[tuple[int, Entry]]) -> Postings:
        """The postings of records (record number, entry) indexed together."""
        known: dict[str, int] = {}
        terms: list[int] = []
        parts: list[int] = []
        numbers: list[int] = []
        tfs: list[int] = []
        lengths: list[int] = []
        for doc, entry in docs:
            held = len(entry.terms)
            terms += [known.setdefault(term, len(known)) for term in entry.terms]
            tfs += entry.terms.values()
            parts += [entry.part] * held
            numbers += [doc] * held
            lengths += [entry.length] * held
        return cls._made(list(known), terms, parts, numbers, tfs, lengths)

    @classmethod
    def _made(cls, names: list[str], *columns: Sequence[int] | NDArray[np.int64]) -> Postings:
        term, part, doc, tf, length = (np.asarray(c, dtype=np.int64) for c in columns)
        return cls(names, term, part, doc, tf, length)

    def pairs(self) -> list[tuple[str, int]]:
        """The distinct (term, part)s posted to: whose latest blocks a write asks for."""
        if not len(self.doc):
            return []
        if len(self.doc) < _SMALL:
            held = self.names
            return sorted(
                {(held[t], p) for t, p in zip(self.term.tolist(), self.part.tolist(), strict=True)}
            )
        order = np.lexsort((self.part, self.term))
        term, part = self.term[order], self.part[order]
        new = np.ones(len(term), dtype=bool)
        new[1:] = (term[1:] != term[:-1]) | (part[1:] != part[:-1])
        names = np.array(self.names, dtype=object)
        return list(zip(names[term[new]].tolist(), part[new].tolist(), strict=True))

    def with_blocks(self, held: Sequence[Block]) -> Postings:
        """These postings and those of blocks ``held`` (their (term, part)s' latest, while they
        hold fewer than :data:`MERGE_BELOW`: rewritten with them, so a store written a little at
        a time keeps blocks of a useful size, not a block a write; the caller deletes them)."""
        if not held:
            return self
        if sum(b[3] for b in held) < _SMALL:
            read = [_unpack_one(b[2], b[3], b[4]) for b in held]
            block = np.repeat(np.arange(len(held)), [b[3] for b in held])
            doc, tf, length = (
                np.array([v for r in read for v in r[k]], dtype=np.int64) for k in range(3)
            )
        else:
            block, doc, tf, length = unpack_many(
                [b[2] for b in held], [b[3] for b in held], [b[4] for b in held]
            )
        place = {name: at for at, name in enumerate(self.names)}  # then the blocks' new ones
        terms = [place.setdefault(b[0], len(place)) for b in held]
        return Postings(
            list(place),
            np.concatenate((self.term, np.array(terms, dtype=np.int64)[block])),
            np.concatenate((self.part, np.array([b[1] for b in held], dtype=np.int64)[block])),
            np.concatenate((self.doc, doc)),
            np.concatenate((self.tf, tf)),
            np.concatenate((self.length, length)),
        )

    def _few_blocks(self) -> list[Block]:
        names = self.names
        return _grouped(
            sorted(
                zip(
                    [names[t] for t in self.term.tolist()],
                    self.part.tolist(),
                    self.doc.tolist(),
                    self.tf.tolist(),
                    self.length.tolist(),
                    strict=True,
                )
            )
        )

    def blocks(self) -> list[Block]:
        """The blocks: one per (term, part), of at most :data:`BLOCK_POSTINGS`, in the order of
        their terms' names (the table's: inserted faster)."""
        if not len(self.doc):
            return []
        if len(self.doc) < _SMALL:
            return self._few_blocks()
        names = sorted(self.names)
        alphabetical = np.empty(len(self.names), dtype=np.int64)
        alphabetical[sorted(range(len(self.names)), key=self.names.__getitem__)] = np.arange(
            len(self.names)
        )
        term = alphabetical[self.term]
        order = np.lexsort((self.doc, self.part, term))
        term, part, doc = term[order], self.part[order], self.doc[order]
        new = np.ones(len(doc), dtype=bool)
        new[1:] = (term[1:] != term[:-1]) | (part[1:] != part[:-1])
        pairs = np.flatnonzero(new)
        within = np.arange(len(doc)) - np.repeat(pairs, np.diff(np.append(pairs, len(doc))))
        new |= within % BLOCK_POSTINGS == 0  # a long run of one (term, part): blocks of at most
        starts = np.flatnonzero(new)
        count = np.diff(np.append(starts, len(doc)))
        data = pack(doc, self.tf[order], self.length[order], starts)
        return list(
            zip(
                np.array(names, dtype=object)[term[starts]].tolist(),
                part[starts].tolist(),
                doc[starts].tolist(),
                count.tolist(),
                data,
                strict=True,
            )
        )


def _grouped(rows: list[tuple[str, int, int, int, int]]) -> list[Block]:
    """Blocks of postings (term, part, record, tf, length), sorted, in plain Python."""
    made: list[Block] = []
    start = 0
    for at in range(1, len(rows) + 1):
        if at == len(rows) or rows[at][:2] != rows[start][:2] or at - start == BLOCK_POSTINGS:
            run = rows[start:at]
            made.append(
                (
                    run[0][0],
                    run[0][1],
                    run[0][2],
                    len(run),
                    _pack_one([r[2] for r in run], [r[3] for r in run], [r[4] for r in run]),
                )
            )
            start = at
    return made


def blocks(docs: Sequence[tuple[int, Entry]]) -> list[Block]:
    """The blocks of records (record number, entry) indexed together: one per (term, part)."""
    return Postings.of_records(docs).blocks()


def blocks_of(
    terms: Sequence[str],
    parts: Sequence[int],
    docs: Sequence[int],
    tfs: Sequence[int],
    lengths: Sequence[int],
) -> list[Block]:
    """The blocks of postings (term, part, record, tf, length), in any order: one per (term,
    part), of at most :data:`BLOCK_POSTINGS`."""
    return Postings.of(terms, parts, docs, tfs, lengths).blocks()


def _without(
    read: tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]], gone: set[int]
) -> Block | None:
    """A block (as :func:`unpack` read it) with the records ``gone`` taken out (term and part
    left blank for the caller); None when none is left."""
    docs, tf, length = read
    keep = ~np.isin(docs, np.fromiter(gone, dtype=np.int64, count=len(gone)))
    if not keep.any():
        return None
    docs, tf, length = docs[keep], tf[keep], length[keep]
    (made,) = pack(docs, tf, length, np.zeros(1, dtype=np.int64))
    return ("", 0, int(docs[0]), len(docs), made)


#: How many blocks :func:`purge` reads at once, going back from a dead record.
_PAGE = 8
#: Reads the latest ``limit`` blocks of one (term, part) whose first record is at or before
#: ``doc``, the latest first: (first, n, data) rows.
Before = Callable[[str, int, int, int], Sequence[Sequence[Any]]]


def _going_back(before: Before, term: str, part: int, doc: int) -> Iterator[Sequence[Any]]:
    """Every block of a (term, part) whose first record is at or before ``doc``, latest first,
    read a page at a time."""
    while True:
        rows = before(term, part, doc, _PAGE)
        yield from rows
        if len(rows) < _PAGE:
            return
        doc = int(rows[-1][0]) - 1


def whole_pairs(
    fetch: Callable[[], Sequence[tuple[Any, ...]]],
) -> Iterator[list[tuple[Any, ...]]]:
    """Rows starting (term, part, ...) from a cursor in (term, part) order, ``fetch`` giving
    the next chunk (empty: no more), as lists that each hold every row of their (term, part)s
    (a migration packs a store's postings a chunk at a time)."""
    held: list[tuple[Any, ...]] = []
    while True:
        more = list(fetch())
        held += more
        if not more:
            if held:
                yield held
            return
        cut = len(held)
        last = held[-1][:2]  # its rows may go on in the next chunk
        while cut and held[cut - 1][:2] == last:
            cut -= 1
        if cut:
            yield held[:cut]
            held = held[cut:]


def purge(
    dead: Sequence[tuple[str, int, int]],
    before: Before,
    replace: Callable[[str, int, int, Block | None], None],
) -> int:
    """Take dead postings (term, part, record) out of their blocks: ``before`` finds a block
    (the latest whose first record is at or before a dead one), ``replace(term, part, first,
    block)`` writes it anew (None: deletes it). The caller then deletes the dead rows. How many
    blocks were rewritten or deleted."""
    by_pair: dict[tuple[str, int], set[int]] = {}
    for term, part, doc in dead:
        by_pair.setdefault((term, int(part)), set()).add(int(doc))
    changed = 0
    for (term, part), gone in sorted(by_pair.items()):
        left = set(gone)
        while left:
            top = max(left)
            held: set[int] = set()
            for first, n, data in _going_back(before, term, part, top):
                read = unpack(int(first), int(n), bytes(data))
                held = left.intersection(read[0].tolist())
                if held:
                    replace(term, part, int(first), _without(read, held))
                    changed += 1
                    break
            if not held:  # indexed nowhere (the block went before): nothing to take out
                held = {d for d in left if d >= top}
            left -= held
    return changed


# -- searching -------------------------------------------------------------------------------------
#: Runs a statement with its parameters and returns its rows.
Read = Callable[[str, Sequence[Any]], Sequence[Sequence[Any]]]


@dataclass(frozen=True, slots=True)
class Dialect:
    """How a store's SQL says what :func:`rank` asks: ``doc`` is the ``memories`` column a
    posting's record number is, ``mark`` a parameter; ``arrays``: lists are bound as one array
    parameter (``= ANY``), else spelt out (``IN (?, ...)``); ``tenant``: blocks are keyed by
    tenant too, which a search names for the index's sake."""

    doc: str
    mark: str
    arrays: bool
    tenant: bool

    def members(self, column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
        if self.arrays:
            return f"{column} = ANY({self.mark})", [list(values)]
        return f"{column} IN ({', '.join(self.mark for _ in values)})", list(values)


#: Records a search filters at once (the best first) when its filter asks more than scopes.
_FILTER_CHUNK = 500


def _units(
    idf: NDArray[np.float64], tf: NDArray[np.int64], length: NDArray[np.int64], average: float
) -> NDArray[np.int64]:
    """Each posting's BM25 in integer :data:`UNITS` (rounded half up, as SQLite rounds)."""
    score = (
        idf
        * tf
        * (BM25_K1 + 1)
        / (tf + BM25_K1 * (1 - BM25_B) + BM25_K1 * BM25_B * length / average)
        * UNITS
    )
    return np.floor(score + 0.5).astype(np.int64)


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
    scopes; any other is asked of the best records, a chunk at a time, until ``k`` pass."""
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
        sql, within_params = dialect.members("part", [int(s[-3]) for s in live])
        within = f" AND {sql}"
        if dialect.tenant:
            sql, tenants = dialect.members("tenant", sorted({str(s[0]) for s in live}))
            within, within_params = f" AND {sql}{within}", tenants + within_params
    else:  # every scope: summed where they are
        ((records, tokens),) = read(
            "SELECT coalesce(sum(docs), 0), coalesce(sum(tokens), 0) FROM keyword_scopes", ()
        )
        records, tokens = int(records), int(tokens)
    if records <= 0:
        return []

    def per_term(
        table: str, what: str, chosen: Sequence[str], tail: str = ""
    ) -> Sequence[Sequence[Any]]:
        term_sql, term_params = dialect.members("term", chosen)
        return read(
            f"SELECT term, {what} FROM {table} WHERE {term_sql}{within}{tail}",
            [*term_params, *within_params],
        )

    counts: dict[str, int] = {}
    dead: dict[str, list[int]] = {}
    read_blocks: Sequence[Sequence[Any]] = ()
    if records < KEYWORD_PRUNE_FROM:
        # Every word is kept (:func:`affordable`): its blocks and any dead postings are read
        # at once, and counted here.
        term_sql, term_params = dialect.members("term", terms)
        found = read(
            f"SELECT term, first, n, data, 0 FROM keyword_blocks WHERE {term_sql}{within} "
            f"UNION ALL SELECT term, doc, 0, NULL, 1 FROM keyword_dead WHERE {term_sql}{within}",
            [*term_params, *within_params, *term_params, *within_params],
        )
        read_blocks = [row for row in found if not row[4]]
        for row in read_blocks:
            counts[str(row[0])] = counts.get(str(row[0]), 0) + int(row[2])
        deaths = [(str(row[0]), int(row[1])) for row in found if row[4]]
    else:
        counts = {
            str(term): int(n)
            for term, n in per_term("keyword_blocks", "sum(n)", terms, " GROUP BY term")
        }
        deaths = [(str(t), int(d)) for t, d in per_term("keyword_dead", "doc", terms)]
    for term, doc in deaths:  # (taken out of their blocks by the next purge)
        dead.setdefault(term, []).append(doc)
        counts[term] = counts.get(term, 0) - 1
    kept = affordable(terms, counts, records)
    if not kept:
        return []
    weight = dict(zip(kept, weights(kept, counts, records), strict=True))
    average = tokens / records
    if records < KEYWORD_PRUNE_FROM:
        read_blocks = [row for row in read_blocks if str(row[0]) in weight]
    else:
        read_blocks = per_term("keyword_blocks", "first, n, data", kept)
    if not read_blocks:
        return []
    block, docs, tf, length = unpack_many(
        [int(row[1]) for row in read_blocks],
        [int(row[2]) for row in read_blocks],
        [bytes(row[3]) for row in read_blocks],
    )
    names = [str(row[0]) for row in read_blocks]
    idf = np.array([weight[name] for name in names])[block]
    units = _units(idf, tf, length, average)
    if dead:
        term_of = np.array(names, dtype=object)[block]
        alive = np.ones(len(docs), dtype=bool)
        for term, gone in dead.items():
            alive &= ~((term_of == term) & np.isin(docs, np.array(gone, dtype=np.int64)))
        docs, units = docs[alive], units[alive]
    if not len(docs):
        return []
    order = np.argsort(docs, kind="stable")
    docs, units = docs[order], units[order]
    starts = np.flatnonzero(np.concatenate(([True], docs[1:] != docs[:-1])))
    docs, scores = docs[starts], np.add.reduceat(units, starts)
    best = np.lexsort((docs, -scores))
    docs, scores = docs[best], scores[best]
    chosen: list[tuple[int, int]] = []
    if only_owners(where):
        chosen = list(zip(docs[:k].tolist(), scores[:k].tolist(), strict=True))
    else:
        clause, where_params = compile_where(where)
        for start in range(0, len(docs), _FILTER_CHUNK):
            chunk = docs[start : start + _FILTER_CHUNK].tolist()
            sql, chunk_params = dialect.members(f"m.{dialect.doc}", chunk)
            passed = {
                int(row[0])
                for row in read(
                    f"SELECT m.{dialect.doc} FROM memories m WHERE {sql} AND {clause}",
                    [*chunk_params, *where_params],
                )
            }
            chosen += [
                (d, s)
                for d, s in zip(chunk, scores[start : start + _FILTER_CHUNK].tolist(), strict=True)
                if d in passed
            ]
            if len(chosen) >= k:
                break
        chosen = chosen[:k]
    if not chosen:
        return []
    sql, doc_params = dialect.members(dialect.doc, [d for d, _ in chosen])
    ids = {
        int(row[0]): str(row[1])
        for row in read(f"SELECT {dialect.doc}, id FROM memories WHERE {sql}", doc_params)
    }
    return [(ids[d], s / UNITS) for d, s in chosen if d in ids]
