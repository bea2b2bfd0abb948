"""Non-interference: what one tenant writes never moves another tenant's answers.

Ann's searches are run, Bob then writes, upserts, updates and deletes memories made of Ann's
own words (so that store-wide statistics would shift), and Ann's searches are run again: her
hits' ids, order, scores and per-signal scores must be identical to the bit, in every search
mode and stage, on SQLite and PostgreSQL, through her grant's view and through the Python API's
plain scope arguments.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import remem
from remem.trust.access import Grant
from tests import pg

ANN, BOB = Grant(users=("ann",)), Grant(users=("bob",))
WORDS = [
    "harbour",
    "market",
    "lisbon",
    "tram",
    "coffee",
    "pastry",
    "museum",
    "river",
    "bridge",
    "garden",
    "violin",
    "concert",
    "sister",
    "birthday",
    "ferry",
    "sunset",
    "bakery",
    "bicycle",
    "library",
    "novel",
]
SEARCHES: list[dict[str, Any]] = [
    {"mode": "hybrid"},
    {"mode": "dense"},
    {"mode": "keyword"},
    {"mode": "keyword", "filters": {"kind": "fact"}},
    {"mode": "hybrid", "session_id": "s1"},
    {"expand": 2, "neighbor_weight": 1.0},
    {"mmr_lambda": 0.5},
    {"recency_weight": 1.0, "importance_weight": 1.0},
    {"fusion": "rrf"},
    {"fusion": "minmax", "k": 30},
]
NOW = 2_000_000_000.0
QUERIES = ["harbour market", "coffee and pastry in lisbon", "violin concert at sunset", "ferry"]


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[remem.Memory]:
    where = tmp_path / "store"
    location = pg.url_for(where) if request.param == "postgres" else str(where)
    with remem.open(location, embedder="hash:64") as memory:
        yield memory


def sentences(rng: random.Random, count: int) -> list[str]:
    return [" ".join(rng.choices(WORDS, k=rng.randint(3, 12))) for _ in range(count)]


def answers(memory: remem.Memory, **scope: Any) -> list[Any]:
    """Every search's hits as (id, score, per-signal scores, neighbours), in order."""
    found = []
    for query in QUERIES:
        for options in SEARCHES:
            options = {"k": 10, **options}
            # A fixed reference time: recency is measured from it, not from the clock.
            hits = memory.search(query, touch=False, now=NOW, **scope, **options)
            found.append(
                [(h.id, h.score, dict(h.scores), tuple(n.id for n in h.neighbors)) for h in hits]
            )
    return found


def test_another_tenants_writes_never_move_a_tenants_answers(store: remem.Memory) -> None:
    rng = random.Random(7)
    ann = store.scoped(ANN)
    ann.add_many(
        [
            {"text": t, "session_id": f"s{i % 3}", "kind": "fact" if i % 4 == 0 else "message"}
            for i, t in enumerate(sentences(rng, 120))
        ]
    )
    ann.add("harbour market notes", key="note", importance=0.9)
    before = answers(ann)
    admin_before = answers(store, user_id="ann")
    assert any(before) and before == admin_before

    bob = store.scoped(BOB)
    added = bob.add_many(
        [{"text": t, "session_id": "s1", "kind": "fact"} for t in sentences(rng, 400)]
    )
    bob.add_many([{"text": "harbour market " * 5, "key": "note", "session_id": "s1"}], upsert=True)
    bob.add("a note with the same key as ann's", key="note", upsert=True)
    bob.update(added[0].id, text="harbour harbour harbour market")
    bob.delete([r.id for r in added[1:50]])
    store.add_many(sentences(rng, 100))  # and records of no tenant at all
    assert answers(ann) == before
    assert answers(store, user_id="ann") == admin_before


def test_a_tenants_keyword_scores_come_from_its_own_records(store: remem.Memory) -> None:
    """The issue's measurement: Ann's keyword score for her own memory fell from 5.08 to 0.0
    once Bob stored 50 memories holding its word (store-wide statistics). Her score is her
    own scope's BM25, whatever Bob stores; his searches likewise see only his statistics."""
    ann, bob = store.scoped(ANN), store.scoped(BOB)
    mine = ann.add("the violin concert was wonderful")
    ann.add_many(sentences(random.Random(1), 20))
    (alone,) = [h for h in ann.search("violin", mode="keyword", touch=False) if h.id == mine.id]
    bob.add_many([f"violin lesson number {i}" for i in range(50)])
    (after,) = [h for h in ann.search("violin", mode="keyword", touch=False) if h.id == mine.id]
    assert after.scores["keyword"] == alone.scores["keyword"] > 0
    # Bob's own scores are his scope's: the same as in a store holding only his memories.
    theirs = [h.scores["keyword"] for h in bob.search("violin lesson", mode="keyword", k=50)]
    with remem.open(":memory:", embedder="hash:64") as alone_store:
        alone_store.add_many([f"violin lesson number {i}" for i in range(50)], progress=False)
        own = [
            h.scores["keyword"] for h in alone_store.search("violin lesson", mode="keyword", k=50)
        ]
    assert sorted(theirs) == sorted(own)
