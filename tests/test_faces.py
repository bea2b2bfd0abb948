"""One suite, two faces: every test runs on the local ``Memory`` and on ``remem.Client`` talking
to a real server (uvicorn on loopback) over the same kind of store. Code that passes here moves
between embedded and served by changing the line that opens the memory."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import remem
from remem.server import create_app
from tests.serving import running


@pytest.fixture(params=["local", "client"])
def face(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    with remem.open(tmp_path / "store", embedder="hash:64") as memory:
        if request.param == "local":
            yield memory
            return
        with running(create_app(memory)) as url, remem.Client(url) as client:
            yield client


def seed(face: Any) -> list[remem.MemoryRecord]:
    return face.add_many(
        [
            {"text": "Sam is allergic to cashews", "user_id": "sam", "kind": "fact"},
            {"text": "Sam adopted a grey cat called Pixel", "user_id": "sam"},
            {"text": "Alex keeps bees in Leeds", "user_id": "alex", "kind": "fact"},
            {"text": "The trip to Lisbon is in May", "user_id": "sam", "session_id": "s1"},
        ]
    )


def test_add_and_get_round_trip(face: Any) -> None:
    when = datetime(2026, 4, 1, 9, 30, tzinfo=UTC)
    added = face.add(
        "Sam is allergic to cashews",
        user_id="sam",
        agent_id="bot",
        session_id="s1",
        kind="fact",
        role="user",
        metadata={"tags": ["food", "health"], "source": {"turn": 3}},
        created_at=when,
        importance=8,
    )
    got = face.get(added.id)
    assert got == added
    assert (got.text, got.kind, got.role, got.importance) == (
        "Sam is allergic to cashews",
        "fact",
        "user",
        8.0,
    )
    assert (got.user_id, got.agent_id, got.session_id) == ("sam", "bot", "s1")
    assert got.metadata == {"tags": ["food", "health"], "source": {"turn": 3}}
    assert got.created_at == when


def test_exact_duplicates_are_stored_once(face: Any) -> None:
    first = face.add("Sam is allergic to cashews", user_id="sam", kind="fact")
    again = face.add("Sam  is allergic to cashews", user_id="sam", kind="fact")
    assert again.id == first.id
    assert face.stats().records == 1


def test_a_bad_item_stores_nothing(face: Any) -> None:
    seed(face)
    with pytest.raises(remem.InvalidInputError):
        face.add_many([{"text": "fine", "user_id": "sam"}, {"text": "   ", "user_id": "sam"}])
    with pytest.raises(remem.InvalidTextError):
        face.add("bad \ud800 surrogate", user_id="sam")
    with pytest.raises(remem.InvalidInputError):
        face.add("x", metadata=["not", "a", "dict"])  # type: ignore[arg-type]
    assert face.stats().records == 4


def test_search_ranks_scopes_and_explains(face: Any) -> None:
    seed(face)
    hits = face.search("cashews allergic", user_id="sam", k=3)
    assert hits[0].text == "Sam is allergic to cashews"
    assert {h.user_id for h in hits} == {"sam"}
    assert {"dense", "keyword", "fused"} <= set(hits[0].scores)
    assert "keyword" in hits[0].explain()
    facts = face.search("cashews bees", k=10, filters={"kind": {"$in": ["fact"]}})
    assert {h.text for h in facts} == {"Sam is allergic to cashews", "Alex keeps bees in Leeds"}
    keyword = face.search("bees", mode="keyword", k=5)
    assert [h.text for h in keyword] == ["Alex keeps bees in Leeds"]


def test_search_options_and_time(face: Any) -> None:
    seed(face)
    hits = face.search("cat", user_id="sam", k=2, mmr_lambda=0.5, fusion="rrf", expand=1)
    assert hits and all("mmr" in h.scores or h.scores for h in hits)
    old = face.add("Sam went to Porto", user_id="sam", created_at="2023-05-10T10:00:00+00:00")
    found = face.search("what happened in May 2023?", user_id="sam", now="2026-01-01")
    assert found[0].id == old.id and found[0].scores["time"] > 0  # stored then: first
    assert len(found) > 1  # a prior: the others still come back


def test_search_errors_are_the_same(face: Any) -> None:
    seed(face)
    with pytest.raises(remem.InvalidInputError):
        face.search("x", k=0)
    with pytest.raises(remem.FilterError):
        face.search("x", filters={"kind": {"$regex": "f.*"}})
    with pytest.raises(remem.InvalidInputError):
        face.search("x", mode="fuzzy")
    with pytest.raises(remem.InvalidInputError):
        face.search("x", no_such_option=1)


def test_get_update_delete(face: Any) -> None:
    records = seed(face)
    with pytest.raises(remem.NotFoundError):
        face.get("no-such-id")
    changed = face.update(records[0].id, text="Sam is allergic to peanuts", metadata={"v": 2})
    assert (changed.text, changed.metadata) == ("Sam is allergic to peanuts", {"v": 2})
    assert face.search("peanuts", mode="keyword")[0].id == records[0].id
    assert face.delete([records[0].id, "no-such-id"]) == 1
    assert face.delete(records[1].id) == 1
    with pytest.raises(remem.NotFoundError):
        face.get(records[0].id)
    with pytest.raises(remem.NotFoundError):
        face.update("no-such-id", text="x")
    assert face.stats().records == 2


def test_list_pages_and_orders(face: Any) -> None:
    for day in range(1, 8):
        face.add(f"note {day}", user_id="sam", created_at=f"2026-03-0{day}")
    face.add("someone else", user_id="alex")
    assert [r.text for r in face.list(user_id="sam", limit=3)] == ["note 1", "note 2", "note 3"]
    assert [r.text for r in face.list(user_id="sam", limit=2, offset=5)] == ["note 6", "note 7"]
    newest = face.list(user_id="sam", limit=2, order="-created_at")
    assert [r.text for r in newest] == ["note 7", "note 6"]
    assert len(face.list_all(user_id="sam", page=2)) == 7
    march = face.list(filters={"created_at": {"$gte": "2026-03-06", "$lt": "2026-04-01"}})
    assert [r.text for r in march] == ["note 6", "note 7"]
    with pytest.raises(remem.InvalidInputError):
        face.list(order="text")


def test_documents_are_chunked_and_searchable(face: Any) -> None:
    text = " ".join(f"Paragraph {i} talks about topic{i} in some detail." for i in range(60))
    doc = face.add_document(text, user_id="sam", chunk_size=64, chunk_overlap=8)
    chunks = face.list(filters={"parent_id": doc.id}, order="position")
    assert len(chunks) > 3
    assert all(c.kind == "chunk" and c.user_id == "sam" for c in chunks)
    hits = face.search("topic42", mode="keyword", user_id="sam", k=1)
    assert hits[0].parent_id == doc.id and "topic42" in hits[0].text
    assert face.delete(doc.id) == 1 + len(chunks)


def test_context_packs_within_budget(face: Any) -> None:
    seed(face)
    packed = face.context("what is Sam allergic to?", user_id="sam", budget_tokens=40)
    assert 0 < packed.tokens <= 40
    assert "cashews" in packed.text
    with pytest.raises(remem.InvalidInputError):
        face.context("x", budget_tokens="many")
    allergy = face.get(packed.hits[0].id)
    vector = remem.get_embedder("hash:64").embed_one(allergy.text)
    by_vector = face.context("", budget_tokens=40, vector=vector, mode="dense", k=1)
    assert [h.id for h in by_vector.hits] == [allergy.id]


def test_export_and_import(face: Any, tmp_path: Path) -> None:
    seed(face)
    dump = tmp_path / "dump.jsonl"
    assert face.export(dump) == 4
    lines = dump.read_text().splitlines()
    assert json.loads(lines[0])["remem"] == "export"
    assert face.import_(dump) == 0  # every id is already stored
    items = tmp_path / "items.jsonl"
    items.write_text('{"text": "imported one", "user_id": "sam"}\n{"text": "imported two"}\n')
    assert face.import_(items) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "fine"}\nnot json\n')
    with pytest.raises(remem.InvalidInputError):
        face.import_(bad)
    assert face.stats().records == 6


def test_chat_history_within_a_budget(face: Any) -> None:
    chat = face.chat("c1", user_id="sam", system="You are Sam's assistant.")
    chat.add_many(
        [
            {"role": "user", "content": "My sister Maya is allergic to shellfish. " * 20},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "What should I cook for Maya?"},
        ]
    )
    sent = chat.messages_for(80)
    assert sent[0] == {"role": "system", "content": "You are Sam's assistant."}
    assert sent[-1]["content"] == "What should I cook for Maya?"
    assert len(sent) < 4 and chat.last_evicted
    assert len(chat.messages) == 3
    with pytest.raises(remem.InvalidInputError):
        chat.add({"role": "tool", "content": "orphan", "tool_call_id": "nope"})


def test_semantic_cache(face: Any) -> None:
    cache = face.cache("faq")
    cache.set("How do I reset my password?", {"answer": "Settings > Security"}, user_id="sam")
    assert cache.get("How do I reset my password?", user_id="sam") == {
        "answer": "Settings > Security"
    }
    assert cache.get("How do I reset my password?", user_id="alex") is None
    assert cache.clear(user_id="sam") == 1
    assert cache.get("How do I reset my password?", user_id="sam") is None


def test_stats(face: Any) -> None:
    seed(face)
    stats = face.stats()
    assert (stats.records, stats.users, stats.embedder) == (4, 2, "hash:64")
    assert stats.by_kind == {"fact": 2, "message": 2}


# -- drift closed (issue 32): what the local Memory took and the Client did not ---------------
def test_get_many_in_the_order_asked(face: Any) -> None:
    records = seed(face)
    got = face.get_many([records[2].id, "no-such-id", records[0].id])
    assert [r.id for r in got] == [records[2].id, records[0].id]
    assert got[0] == face.get(records[2].id)
    assert face.get_many([]) == []


def test_your_own_vectors_on_add_and_add_many(face: Any) -> None:
    embedder = remem.get_embedder("hash:64")
    bees, tea = embedder.embed_one("Alex keeps bees"), embedder.embed_one("green tea")
    odd = face.add("stored under the bees vector", user_id="sam", vector=bees)
    assert [h.id for h in face.search(vector=bees, mode="dense", k=1)] == [odd.id]
    pair = face.add_many(["first", {"text": "second"}], embeddings=np.stack([tea, bees]))
    assert [h.id for h in face.search(vector=tea, mode="dense", k=1)] == [pair[0].id]
    named = face.add("named", key="plan", vector=tea, upsert=True)
    assert face.add("named again", key="plan", vector=bees, upsert=True).id == named.id
    with pytest.raises(remem.VectorError):
        face.add("too short", vector=[1.0, 2.0])
    with pytest.raises(remem.VectorError):
        face.add_many(["a", "b"], embeddings=np.stack([tea]))
    with pytest.raises(remem.InvalidInputError):
        face.add_many([{"text": "plain", "embed": False}], embeddings=np.stack([tea]))
    assert face.stats().records == 4


def test_namespaces_with_filters(face: Any) -> None:
    face.add("the plan", user_id="sam", kind="fact", namespace=["projects", "atlas"])
    face.add("a note", user_id="sam", namespace=["projects", "zeus"])
    face.add("elsewhere", user_id="alex", kind="fact", namespace=["home"])
    assert face.namespaces(user_id="sam") == [("projects", "atlas"), ("projects", "zeus")]
    assert face.namespaces(filters={"kind": "fact"}) == [("home",), ("projects", "atlas")]
    assert face.namespaces(["projects"], filters={"kind": {"$ne": "fact"}}) == [
        ("projects", "zeus")
    ]
    hits = face.search("plan note", namespace=["projects", "zeus"], mode="keyword")
    assert [h.text for h in hits] == ["a note"]
    with pytest.raises(remem.FilterError):
        face.namespaces(filters={"kind": {"$regex": "f"}})


def test_every_search_option_and_cache_statistics(face: Any) -> None:
    seed(face)
    for option in ("speaker_weight", "preference_weight", "keyword_min_spread"):
        assert face.search("cashews", user_id="sam", **{option: 0})[0].text.startswith("Sam is")
    assert face.search("cashews", preference_k=0, rerank_k_factor=1, strict=True)
    face.cache("faq").set("How do I reset my password?", "Settings", user_id="sam")
    assert face.cache_stats()["faq"]["entries"] == 1
