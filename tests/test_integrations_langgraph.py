"""remem as LangGraph's long-term store: the same operations on LangGraph's own
``InMemoryStore`` and on :class:`RememStore` give the same items; inside a real compiled graph;
TTL; and two tenants sharing namespaces and keys."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypedDict

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.store.base import BaseStore, InvalidNamespaceError
from langgraph.store.memory import InMemoryStore

import remem
from remem.access import Grant
from remem.integrations.langgraph import RememStore
from tests import pg


@pytest.fixture(params=["sqlite", "postgres"])
def memory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[remem.Memory]:
    where = tmp_path / "store"
    location = pg.url_for(where) if request.param == "postgres" else str(where)
    with remem.open(location, embedder="hash:64") as opened:
        yield opened


def fill(store: BaseStore) -> None:
    store.put(("users", "alice", "prefs"), "food", {"text": "likes spicy ramen", "stars": 5})
    store.put(("users", "alice", "prefs"), "drink", {"text": "drinks green tea", "stars": 3})
    store.put(("users", "alice", "notes"), "n1", {"text": "meeting on friday", "tag": "work"})
    store.put(("users", "bob", "prefs"), "food", {"text": "likes pizza", "stars": 4})
    store.put(("docs", "v1"), "readme", {"text": "how to install", "meta": {"lang": "en"}})
    store.put(("docs", "v2"), "readme", {"text": "wie installieren", "meta": {"lang": "de"}})
    store.put(("users", "alice", "prefs"), "secret", {"pin": "4321", "stars": 0}, index=False)
    store.put(("users", "alice", "prefs"), "food", {"text": "likes mild ramen", "stars": 4})
    store.delete(("users", "alice", "prefs"), "drink")


def view(items: list[Any]) -> list[tuple[tuple[str, ...], str, dict[str, Any]]]:
    return sorted((i.namespace, i.key, i.value) for i in items)


READS: list[tuple[str, Any]] = [
    ("get", (("users", "alice", "prefs"), "food")),
    ("get", (("users", "alice", "prefs"), "drink")),
    ("get", (("users", "alice", "prefs"), "secret")),
    ("get", (("users", "alice"), "food")),
    ("search", (("users",), {})),
    ("search", (("users", "alice"), {})),
    ("search", (("users", "alice", "prefs"), {"filter": {"stars": {"$gte": 4}}})),
    ("search", (("users", "alice", "prefs"), {"filter": {"stars": {"$lt": 4, "$gte": 0}}})),
    ("search", (("users",), {"filter": {"stars": 5}})),
    ("search", (("users",), {"filter": {"stars": {"$ne": 4}}})),
    ("search", (("docs",), {"filter": {"meta": {"lang": "de"}}})),
    ("search", ((), {"filter": {"tag": "work"}})),
    ("search", (("users",), {"limit": 2, "offset": 0})),
    ("search", ((), {"limit": 100})),
    ("namespaces", {}),
    ("namespaces", {"prefix": ("users",)}),
    ("namespaces", {"prefix": ("users", "*", "prefs")}),
    ("namespaces", {"suffix": ("prefs",)}),
    ("namespaces", {"suffix": ("*",), "max_depth": 1}),
    ("namespaces", {"max_depth": 2}),
    ("namespaces", {"max_depth": 2, "limit": 2, "offset": 1}),
    ("namespaces", {"prefix": ("docs",), "suffix": ("v2",)}),
]


@pytest.mark.parametrize("read", READS, ids=lambda r: f"{r[0]}:{r[1]}")
def test_reads_agree_with_langgraphs_own_store(memory: remem.Memory, read: Any) -> None:
    ours, theirs = RememStore(memory), InMemoryStore()
    fill(ours)
    fill(theirs)
    what, args = read
    if what == "get":
        mine, expected = ours.get(*args), theirs.get(*args)
        assert (mine is None) == (expected is None)
        if expected is not None:
            assert view([mine]) == view([expected])
    elif what == "search":
        prefix, options = args
        mine, expected = ours.search(prefix, **options), theirs.search(prefix, **options)
        if "limit" in options and options["limit"] < 10:  # pages: the same size, all matching
            assert len(mine) == len(expected)
            everything = view(theirs.search(prefix, limit=100))
            assert all(item in everything for item in view(mine))
        else:
            assert view(mine) == view(expected)
    else:
        assert ours.list_namespaces(**args) == theirs.list_namespaces(**args)


def test_search_by_meaning_and_keyword_ranks_the_match_first(memory: remem.Memory) -> None:
    store = RememStore(memory, index={"fields": ["text"]})
    fill(store)
    hits = store.search(("users",), query="ramen")
    assert hits[0].key == "food" and hits[0].value["text"] == "likes mild ramen"
    assert hits[0].score is not None
    assert hits[-1].key == "secret" and hits[-1].score is None  # unindexed items fill the page
    assert [h.key for h in store.search(("docs",), query="installieren", limit=1)] == ["readme"]
    assert store.search(("users",), query="ramen", limit=1, offset=1)[0].key != "food"
    assert len(store.search(("users",), query="ramen", limit=1000, offset=1)) == 3  # 2 + unindexed
    # Per item: only the fields asked for are searched.
    store.put(("docs", "v3"), "x", {"title": "zebra crossing", "body": "quokka"}, index=["body"])
    store.put(("docs", "v3"), "y", {"title": "quokka", "body": "zebra crossing"}, index=["body"])
    assert [h.key for h in store.search(("docs", "v3"), query="quokka")] == ["x", "y"]
    assert [h.key for h in store.search(("docs", "v3"), query="zebra crossing")] == ["y", "x"]
    store.delete(("users", "nobody"), "nothing")  # deleting what is not there is no error


def test_bad_input_is_refused_and_nothing_stored_is_lost(memory: remem.Memory) -> None:
    store = RememStore(memory)
    fill(store)
    before = store.search((), limit=100)
    with pytest.raises(InvalidNamespaceError):
        store.put(("a.b",), "k", {"x": 1})
    with pytest.raises(remem.InvalidInputError):
        store.put(("a",), "k", {"x": float("nan")})
    with pytest.raises(remem.PayloadTooLargeError):
        store.put(("a",), "k", {"x": "y" * 100_000})
    with pytest.raises(ValueError, match="compares a list"):
        store.search(("users",), filter={"stars": [1, 2]})
    assert view(store.search((), limit=100)) == view(before)


def test_ttl_expires_items_and_a_read_renews_it(memory: remem.Memory) -> None:
    store = RememStore(memory, ttl={"default_ttl": 60})
    store.put(("s",), "a", {"text": "kept an hour"})
    store.put(("s",), "b", {"text": "kept forever"}, ttl=None)
    store.put(("s",), "c", {"text": "gone soon"}, ttl=0.5 / 60)  # half a second
    first = memory.get(memory.key_id("a", namespace=["s"])).expires_at
    assert first is not None and 3590 < first.timestamp() - time.time() <= 3600
    assert memory.get(memory.key_id("b", namespace=["s"])).expires_at is None
    time.sleep(0.05)
    assert store.get(("s",), "a") is not None  # read: the hour starts again
    renewed = memory.get(memory.key_id("a", namespace=["s"])).expires_at
    assert renewed is not None and renewed > first
    store.get(("s",), "a", refresh_ttl=False)
    assert memory.get(memory.key_id("a", namespace=["s"])).expires_at == renewed
    time.sleep(0.6)
    assert store.get(("s",), "c") is None
    assert [i.key for i in store.search(("s",))] == ["b", "a"]
    assert store.list_namespaces() == [("s",)]


def test_a_compiled_graph_remembers_across_threads(memory: remem.Memory) -> None:
    """A graph whose node saves what the user says and recalls it in a later thread."""

    class State(TypedDict):
        user: str
        said: str
        recalled: list[str]

    def node(state: State, *, store: BaseStore) -> dict[str, Any]:
        where = ("memories", state["user"])
        recalled = [i.value["text"] for i in store.search(where, query=state["said"], limit=2)]
        store.put(where, f"m{len(store.search(where, limit=100))}", {"text": state["said"]})
        return {"recalled": recalled}

    builder = StateGraph(State)
    builder.add_node("remember", node)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    graph = builder.compile(checkpointer=InMemorySaver(), store=RememStore(memory))
    for thread, user, said in [
        ("t1", "sam", "my cat Pixel is allergic to salmon"),
        ("t2", "ana", "my dog eats salmon on fridays"),
        ("t3", "sam", "what should I feed Pixel?"),
    ]:
        out = graph.invoke(
            {"user": user, "said": said, "recalled": []},
            {"configurable": {"thread_id": thread}},
        )
    assert out["recalled"] == ["my cat Pixel is allergic to salmon"]  # Sam's, not Ana's


def test_two_tenants_share_namespaces_and_keys_and_see_only_their_own(
    memory: remem.Memory,
) -> None:
    alice = RememStore(memory.scoped(Grant(users=("alice",))))
    bob = RememStore(memory.scoped(Grant(users=("bob",))))
    alice.put(("prefs",), "food", {"text": "alice likes zanzibar spice"})
    alice.put(("private", "zanzibar"), "note", {"text": "alice's zanzibar diary"})
    bob.put(("prefs",), "food", {"text": "bob likes pizza"})
    assert bob.get(("prefs",), "food").value == {"text": "bob likes pizza"}
    assert alice.get(("prefs",), "food").value == {"text": "alice likes zanzibar spice"}
    assert bob.get(("private", "zanzibar"), "note") is None
    found = [*bob.search((), query="zanzibar spice diary", limit=50), *bob.search((), limit=50)]
    assert {i.value["text"] for i in found} == {"bob likes pizza"}
    assert bob.list_namespaces() == [("prefs",)]
    bob.delete(("prefs",), "food")
    assert alice.get(("prefs",), "food") is not None  # his delete named his own item only
    # The plain scope arguments keep an unscoped memory's stores apart too.
    sam, ana = RememStore(memory, user_id="sam"), RememStore(memory, user_id="ana")
    sam.put(("prefs",), "food", {"text": "sam likes soup"})
    assert ana.get(("prefs",), "food") is None and ana.search(()) == []


def test_the_async_face_runs_the_same_operations(memory: remem.Memory) -> None:
    store = RememStore(memory)

    async def main() -> list[Any]:
        await store.aput(("a",), "k", {"text": "async value"})
        item = await store.aget(("a",), "k")
        hits = await store.asearch(("a",), query="async")
        names = await store.alist_namespaces()
        await store.adelete(("a",), "k")
        return [
            item.value if item else None,
            [h.key for h in hits],
            names,
            await store.aget(("a",), "k"),
        ]

    assert asyncio.run(main()) == [{"text": "async value"}, ["k"], [("a",)], None]
