"""The keyword index in blocks (issue 47): packed postings read back exactly at every width,
and a store's keyword answers after deletes, re-indexing and deletes by another hand are those
of a store that only ever held what is left — ids, order and scores to the bit — on SQLite and
PostgreSQL, as two tenants."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remem
from remem.stores import keyword_index
from remem.stores.keyword_index import BLOCK_POSTINGS, blocks_of, unpack
from remem.trust.access import Grant
from tests import pg
from tests.test_noninterference import WORDS as NONINTERFERENCE_WORDS

WORDS = NONINTERFERENCE_WORDS[:11]
QUERIES = ["harbour market", "coffee pastry lisbon", "violin river", "tram", "garden bridge"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a", "b", "言葉"]),
            st.integers(0, 3),
            st.integers(1, 2**40),
            st.integers(1, 2**20),
            st.integers(0, 2**33),
        ),
        min_size=1,
        max_size=400,
        unique_by=lambda p: (p[0], p[1], p[2]),
    )
)
def test_blocks_read_back_every_posting_at_every_width(postings: list[Any]) -> None:
    made = blocks_of(*zip(*postings, strict=True))
    read = {}
    for term, part, first, n, data in made:
        docs, tfs, lengths = unpack(first, n, data)
        assert len(docs) == n <= BLOCK_POSTINGS and docs[0] == first
        assert bool(np.all(np.diff(docs) > 0))
        for doc, tf, length in zip(docs.tolist(), tfs.tolist(), lengths.tolist(), strict=True):
            read[(term, part, doc)] = (tf, length)
    assert read == {(t, p, d): (tf, n) for t, p, d, tf, n in postings}


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a", "b"]),
            st.integers(0, 2),
            st.integers(1, 2**40),
            st.sampled_from([1, 2, 300, 70_000]),
            st.integers(0, 2**34),
        ),
        min_size=1,
        max_size=60,
        unique_by=lambda p: (p[0], p[1], p[2]),
    )
)
def test_a_small_write_packs_and_reads_the_same_bytes_in_plain_python(
    postings: list[Any],
) -> None:
    """Below ``_SMALL`` postings a write's blocks are made without numpy: the same bytes."""
    made = keyword_index.Postings.of(*zip(*postings, strict=True))
    small = made.blocks()
    saved, keyword_index._SMALL = keyword_index._SMALL, 0  # numpy's way, whatever the size
    try:
        assert made.blocks() == small
    finally:
        keyword_index._SMALL = saved
    for _, _, first, n, data in small:
        by_numpy = [a.tolist() for a in unpack(first, n, data)]
        assert by_numpy == list(keyword_index._unpack_one(first, n, data))


def test_a_long_run_of_one_term_is_cut_into_blocks_of_the_most() -> None:
    n = BLOCK_POSTINGS * 2 + 5
    made = blocks_of(["w"] * n, [1] * n, list(range(7, 7 + 3 * n, 3)), [1] * n, [4] * n)
    assert [b[3] for b in made] == [BLOCK_POSTINGS, BLOCK_POSTINGS, 5]
    assert len(made[-1][4]) == 1 + 4 + 5  # header, gaps of one byte, no tfs, lengths


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    def location(name: str) -> str:
        path = tmp_path / name
        return pg.url_for(path) if request.param == "postgres" else str(path)

    yield location


def texts(seed: int, count: int) -> list[str]:
    """``count`` different texts of the words (none is deduplicated)."""
    rng = random.Random(seed)
    made: dict[str, None] = {}
    while len(made) < count:
        made[" ".join(rng.choices(WORDS, k=rng.randint(2, 9)))] = None
    return list(made)


def answers(mem: remem.Memory, user: str) -> list[Any]:
    scoped = mem.scoped(Grant(users=(user,)))
    return [
        [(h.text, h.score) for h in scoped.search(q, mode="keyword", k=50, touch=False)]
        for q in QUERIES
    ] + [
        [
            (h.text, h.score)
            for h in scoped.search(q, mode="keyword", k=5, filters={"kind": "fact"}, touch=False)
        ]
        for q in QUERIES
    ]


def test_answers_after_deletes_and_updates_are_those_of_a_store_that_held_only_the_rest(
    where: Any,
) -> None:
    ann, bob = texts(1, 150), texts(2, 150)
    with remem.open(where("a"), embedder="hash:64") as mem:
        for start in range(0, 150, 50):  # three writes: three blocks a (term, user)
            mem.add_many(
                [
                    {"text": t, "user_id": "ann", "kind": "fact" if i % 3 else "message"}
                    for i, t in enumerate(ann[start : start + 50], start)
                ]
            )
            mem.add_many([{"text": t, "user_id": "bob"} for t in bob[start : start + 50]])
        bob_before = answers(mem, "bob")
        held = {r.text: r for r in mem.list(user_id="ann", limit=1000)}
        gone = [held[t].id for t in ann[::4]]
        mem.delete(gone)
        changed = ann[1]
        mem.update(held[changed].id, text="harbour harbour tram")
        kept = [t for i, t in enumerate(ann) if i % 4]
        after = answers(mem, "ann")
        assert answers(mem, "bob") == bob_before  # ann's deletes moved nothing of bob's
    with remem.open(where("b"), embedder="hash:64") as fresh:  # the same order of records
        fresh.add_many(
            [
                {
                    "text": "harbour harbour tram" if t == changed else t,
                    "user_id": "ann",
                    "kind": "fact" if ann.index(t) % 3 else "message",
                }
                for t in kept
            ]
        )
        assert answers(fresh, "ann") == after


def test_a_delete_by_another_hand_is_left_out_at_once_and_purged_by_the_next_write(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as mem:
        mem.add_many([{"text": t, "user_id": "ann"} for t in texts(3, 60)])
        target = mem.search("harbour", mode="keyword", user_id="ann", k=1)[0]
    outsider = sqlite3.connect(path / "remem.db")
    outsider.execute("DELETE FROM memories WHERE id = ?", (target.id,))
    outsider.commit()
    (dead,) = outsider.execute("SELECT count(*) FROM keyword_dead").fetchone()
    outsider.close()
    assert dead > 0
    with remem.open(path, embedder="hash:64") as mem:
        hits = mem.search("harbour", mode="keyword", user_id="ann", k=100)
        assert target.id not in {h.id for h in hits}
        mem.add("a new memory about the tram", user_id="ann")  # (no harbour in it)
        assert mem.store._db.rows("SELECT count(*) FROM keyword_dead")[0][0] == 0
        again = mem.search("harbour", mode="keyword", user_id="ann", k=100)
        assert [h.id for h in again] == [h.id for h in hits]


def test_a_migration_packs_every_term_and_scope_whole_whatever_its_chunks() -> None:
    rows = [(t, p, d) for t in "abc" for p in (1, 2) for d in range(7 if t == "b" else 2)]
    for chunk in (1, 2, 3, 5, 100):
        pending = iter(rows)

        def fetch(chunk: int = chunk, pending: Any = pending) -> list[Any]:
            return [row for _, row in zip(range(chunk), pending, strict=False)]

        pieces = list(keyword_index.whole_pairs(fetch))
        assert [row for piece in pieces for row in piece] == rows
        for piece in pieces:  # no (term, part) split between two pieces
            others = [r for p in pieces if p is not piece for r in p]
            assert not {r[:2] for r in piece} & {r[:2] for r in others}
