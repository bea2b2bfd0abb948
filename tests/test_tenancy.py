"""Tenant isolation in the engine: every path that reads or links records, driven as two tenants.

Alice and Bob share a store, and even session ids and document texts. Each test acts as one of
them (``Memory.scoped``, the path every face takes, or the plain scope arguments of the Python
API) and asserts that nothing of the other ever comes back: no text, no id, no count, no error
that tells another tenant's id from an unknown one.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import remem
from remem.apikeys import KeyRing
from remem.server import create_app
from remem.trust.access import Grant
from tests import pg, tenant_probe

ALICE, BOB = Grant(users=("alice",)), Grant(users=("bob",))
#: A word only Alice's memories hold: it must never reach Bob.
CANARY = "zanzibar"


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[remem.Memory]:
    """Both tenants in one store (SQLite, and PostgreSQL), with interleaved turns in a session
    id they share, a document each, facts, and a chat of the same session id."""
    where = tmp_path / "store"
    location = pg.url_for(where) if request.param == "postgres" else str(where)
    with remem.open(location, embedder="hash:64") as memory:
        turns = []
        for i in range(6):  # interleaved in time: a session id is not a tenant boundary
            for user in ("alice", "bob"):
                secret = f" {CANARY} {i}" if user == "alice" else f" bob-only {i}"
                turns.append(
                    {
                        "text": f"{user} talks about the trip{secret}",
                        "user_id": user,
                        "session_id": "trip",
                        "created_at": 1_700_000_000 + 10 * i + (user == "bob"),
                    }
                )
        memory.add_many(turns)
        memory.add_document(
            f"Alice's travel plan. Day one {CANARY} harbour. Day two market. Day three beach.",
            user_id="alice",
            chunk_size=8,
            chunk_overlap=0,
        )
        memory.add_document(
            "Bob's travel plan. Day one mountains. Day two lake. Day three trip home.",
            user_id="bob",
            chunk_size=8,
            chunk_overlap=0,
        )
        memory.add(f"Alice keeps the {CANARY} key under the mat", user_id="alice", kind="fact")
        memory.add("Bob keeps his trip notes in a blue book", user_id="bob", kind="fact")
        yield memory


def alices(store: remem.Memory) -> set[str]:
    return {r.id for r in store.list_all(user_id="alice")}


def leaked(store: remem.Memory, found: Any) -> list[str]:
    """Alice's ids or canary anywhere in ``found`` (hits, neighbours, records, text, JSON)."""
    text = json.dumps(found, default=lambda o: getattr(o, "__dict__", None) or repr(o))
    return [i for i in alices(store) if i in text] + ([CANARY] if CANARY in text else [])


def hit_ids(hits: list[remem.SearchHit]) -> set[str]:
    return {h.id for h in hits} | {n.id for h in hits for n in h.neighbors}


# -- search and everything it reaches --------------------------------------------------------------
SEARCHES: list[dict[str, Any]] = [
    {"mode": "hybrid"},
    {"mode": "dense"},
    {"mode": "keyword"},
    {"expand": 2},
    {"expand": 2, "neighbor_weight": 1.0},
    {"expand": 1, "mmr_lambda": 0.5},
    {"recency_weight": 1.0, "importance_weight": 1.0, "expand": 1},
    {"neighbor_weight": 0.0, "expand": 3, "mode": "dense"},
]


@pytest.mark.parametrize(
    "options", SEARCHES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_a_scoped_search_reaches_nothing_of_another_tenant(
    store: remem.Memory, options: dict[str, Any]
) -> None:
    bob = store.scoped(BOB)
    for query in (f"trip {CANARY}", "travel plan day one", "keeps under the mat"):
        hits = bob.search(query, k=20, **options)
        assert hits, query
        assert leaked(store, hits) == []
        # The plain scope arguments of the Python API keep expansion inside the scope too.
        hits = store.search(query, k=20, user_id="bob", **options)
        assert leaked(store, hits) == []
        assert {r.user_id for h in hits for r in (h, *h.neighbors)} == {"bob"}


def test_expansion_walks_a_tenants_own_turns_of_a_shared_session_id(store: remem.Memory) -> None:
    hits = store.search("bob talks about the trip bob-only 3", k=1, user_id="bob", expand=1)
    (hit,) = hits
    assert [n.text for n in hit.neighbors] == [
        "bob talks about the trip bob-only 2",
        "bob talks about the trip bob-only 4",
    ]


def test_context_packs_only_the_callers_memories(store: remem.Memory) -> None:
    bob = store.scoped(BOB)
    packed = bob.context("trip plan day", budget_tokens=2000, expand=2)
    assert packed.text and leaked(store, packed.text) == []
    assert leaked(store, bob.context(CANARY, budget_tokens=2000).text) == []


def test_a_scoped_read_by_id_answers_as_for_an_unknown_id(store: remem.Memory) -> None:
    bob = store.scoped(BOB)
    theirs = next(iter(alices(store)))
    for act in (
        lambda i: bob.get(i),
        lambda i: bob.update(i, text="overwritten by bob"),
        lambda i: bob.update(i, metadata={"x": 1}),
    ):
        with pytest.raises(remem.NotFoundError) as other:
            act(theirs)
        with pytest.raises(remem.NotFoundError) as unknown:
            act("no-such-id")
        assert str(other.value).replace(theirs, "ID") == str(unknown.value).replace(
            "no-such-id", "ID"
        )
    assert bob.delete([theirs]) == bob.delete(["no-such-id"]) == 0
    assert bob.get_many([theirs, "no-such-id"]) == []
    assert store.get(theirs).user_id == "alice"  # untouched


def test_lists_and_exports_hold_only_the_callers_records(
    store: remem.Memory, tmp_path: Path
) -> None:
    bob = store.scoped(BOB)
    assert leaked(store, bob.list_all()) == []
    assert leaked(store, bob.list(filters={"$or": [{"user_id": "alice"}, {"kind": "fact"}]})) == []
    assert leaked(store, bob.list(filters={"$not": {"user_id": "bob"}})) == []
    with pytest.raises(remem.PermissionDeniedError):
        bob.list(user_id="alice")
    with pytest.raises(remem.PermissionDeniedError):
        bob.search("trip", user_id="alice")
    bob.export(tmp_path / "bob.jsonl")
    lines = (tmp_path / "bob.jsonl").read_text().splitlines()
    assert len(lines) == 1 + len(store.list_all(user_id="bob"))
    assert leaked(store, lines) == []


def test_admin_only_views_of_the_whole_store(store: remem.Memory) -> None:
    bob = store.scoped(BOB)
    for act in (bob.stats, bob.cache_stats, lambda: bob.reembed("hash:32")):
        with pytest.raises(remem.PermissionDeniedError):
            act()


# -- writes and links ------------------------------------------------------------------------------
def test_a_tenant_writes_only_in_its_own_scope(store: remem.Memory) -> None:
    bob = store.scoped(BOB)
    assert bob.add("bob's new note").user_id == "bob"  # filled in from the grant
    with pytest.raises(remem.PermissionDeniedError):
        bob.add("a note for alice", user_id="alice")
    picked = bob.add_many([{"text": "chosen id", "id": "bob-picked"}])[0]
    assert bob.get("bob-picked") == picked and picked.user_id == "bob"
    with pytest.raises(remem.NotFoundError):
        store.scoped(ALICE).get("bob-picked")


def test_keys_and_namespaces_are_per_tenant(store: remem.Memory, tmp_path: Path) -> None:
    """Both tenants file a record under the same key and namespace: each reads its own, a key
    names nothing of the other, and the namespaces each lists are its own."""
    alice, bob = store.scoped(ALICE), store.scoped(BOB)
    where = ["projects", "atlas"]
    mine = alice.add(f"alice's plan {CANARY}", namespace=where, key="plan")
    theirs = bob.add("bob's plan", namespace=where, key="plan")
    assert mine.id != theirs.id and bob.key_id("plan", namespace=where) == theirs.id
    assert bob.get(bob.key_id("plan", namespace=where)).text == "bob's plan"
    alice.add("alice's secret namespace", namespace=["private", CANARY])
    assert bob.namespaces() == [(), ("projects", "atlas")]
    assert leaked(store, bob.namespaces(limit=1000)) == []
    assert leaked(store, bob.list_all(namespace=["projects"])) == []
    assert leaked(store, bob.search(f"plan {CANARY}", namespace=["projects"])) == []
    with pytest.raises(remem.PermissionDeniedError):
        bob.key_id("plan", user_id="alice", namespace=where)
    # Upserting his key replaces his record only; an export and import keeps keys.
    bob.add("bob's new plan", namespace=where, key="plan", upsert=True)
    assert store.get(mine.id).text == f"alice's plan {CANARY}"
    bob.export(tmp_path / "bob.jsonl")
    with remem.open(tmp_path / "other", embedder="hash:64") as other:
        other.scoped(BOB).import_(tmp_path / "bob.jsonl")
        assert other.scoped(BOB).get(theirs.id).text == "bob's new plan"
        assert other.scoped(ALICE).get_many([theirs.id]) == []


def test_links_to_another_tenants_record_are_refused_as_unknown(store: remem.Memory) -> None:
    bob = store.scoped(BOB)
    alices_doc = store.list(user_id="alice", kind="document")[0]
    rows = [{"text": "bob's chunk", "kind": "chunk", "parent_id": alices_doc.id, "position": 9}]
    with pytest.raises(remem.InvalidInputError) as other:
        bob.import_records(rows)
    with pytest.raises(remem.InvalidInputError) as unknown:
        bob.import_records([{**rows[0], "parent_id": "no-such-doc"}])
    assert str(other.value).replace(alices_doc.id, "ID") == str(unknown.value).replace(
        "no-such-doc", "ID"
    )
    # Even an admin may not link a record to a document of another scope.
    with pytest.raises(remem.InvalidInputError, match="another scope"):
        store.import_records([{**rows[0], "user_id": "bob"}])
    assert len(store.list(filters={"parent_id": alices_doc.id})) == len(
        store.list(user_id="alice", kind="chunk")
    )


def test_a_tenants_import_answers_alike_for_unknown_and_foreign_ids(
    store: remem.Memory,
) -> None:
    bob = store.scoped(BOB)
    theirs = next(iter(alices(store)))
    mine = store.list(user_id="bob")[0].id
    rows = [
        {"id": theirs, "text": "bob imports a record under alice's id"},
        {"id": "unknown-id", "text": "bob imports a record under a new id"},
        {"id": mine, "text": "bob's own record again"},
    ]
    added = bob.import_records(rows)
    assert len(added) == 2  # his own id is skipped; the other two are treated alike
    assert {r.id for r in added}.isdisjoint({theirs, "unknown-id"})
    assert store.get(theirs).user_id == "alice"
    assert all(r.user_id == "bob" for r in added)


def test_a_tenants_export_imports_back_with_its_links(store: remem.Memory, tmp_path: Path) -> None:
    bob = store.scoped(BOB)
    bob.export(tmp_path / "bob.jsonl")
    with remem.open(tmp_path / "other", embedder="hash:64") as other:
        count = other.scoped(BOB).import_(tmp_path / "bob.jsonl")
        assert count == len(store.list_all(user_id="bob"))
        doc = other.list(kind="document")[0]
        chunks = other.list(filters={"parent_id": doc.id}, order="position")
        assert [c.text for c in chunks] == [
            c.text for c in store.list(user_id="bob", kind="chunk", order="position")
        ]


# -- chat sessions ---------------------------------------------------------------------------------
def test_chat_sessions_are_per_user_and_agent(store: remem.Memory) -> None:
    alice = store.scoped(ALICE).chat("s1")
    bob = store.scoped(BOB).chat("s1")
    alice.add({"role": "user", "content": f"my door code is {CANARY}"})
    bob.add({"role": "user", "content": "hello"})
    assert [m["content"] for m in bob.messages] == ["hello"]
    assert leaked(store, bob.messages_for(500)) == []
    assert bob.clear() == 1
    assert [m["content"] for m in alice.messages] == [f"my door code is {CANARY}"]
    # In the Python API too: user and agent name the conversation with the session id.
    plain = store.chat("s1")  # no user: a conversation of its own
    assert plain.messages == []
    npc = store.chat("s1", user_id="alice", agent_id="npc")
    assert npc.messages == []


def test_chat_spill_recalls_only_the_conversations_owner(store: remem.Memory) -> None:
    alice = store.scoped(ALICE).chat("s2", strategy="spill")
    bob = store.scoped(BOB).chat("s2", strategy="spill", spill_scope="user")
    alice.add({"role": "user", "content": f"the {CANARY} password is hunter2"})
    for i in range(30):
        bob.add({"role": "user", "content": f"bob's message number {i} about passwords"})
    sent = bob.messages_for(120, query=f"what is the {CANARY} password")
    assert leaked(store, sent) == []


# -- the semantic cache ----------------------------------------------------------------------------
def test_cache_entries_stay_in_their_tenant(store: remem.Memory) -> None:
    alice = store.scoped(ALICE).cache("faq")
    bob = store.scoped(BOB).cache("faq")
    entry = alice.set("what is my door code?", CANARY)
    assert bob.lookup("what is my door code?").hit is False
    with pytest.raises(remem.PermissionDeniedError):
        bob.lookup("what is my door code?", user_id="alice")
    assert bob.delete(entry) is False
    assert bob.clear() == 0
    with pytest.raises(remem.PermissionDeniedError):
        bob.purge_expired()
    assert alice.get("what is my door code?") == CANARY


# -- memory types built on the engine --------------------------------------------------------------
def test_memory_types_of_a_tenant_see_only_its_records(store: remem.Memory) -> None:
    alice, bob = store.scoped(ALICE), store.scoped(BOB)
    alice.keyvalue().set("door code", CANARY)
    alice.stream(agent_id=None).observe(f"Alice hid the {CANARY} key")
    assert bob.keyvalue().get("door code") is None
    assert bob.keyvalue().mentioned("what is the door code?") == []
    stream = bob.stream()
    assert leaked(store, stream.retrieve(f"where is the {CANARY} key", k=10)) == []
    assert leaked(store, bob.facts().search(f"{CANARY} key")) == []


# -- every face: REST, the web page, MCP -----------------------------------------------------------
def test_rest_and_web_page_as_two_tenants_leak_nothing(tmp_path: Path) -> None:
    """A sample of the reliability suite's probe (benchmarks/reliability/tenants.py runs every
    combination against a real server)."""
    with remem.open(tmp_path / "rest", embedder="hash:64") as memory:
        ring = KeyRing(memory.store)
        admin_key = ring.create("ops", admin=True)[0]
        bob_key = ring.create("bob", users=["bob"])[0]
        app = create_app(memory)
        admin = TestClient(app, headers={"Authorization": f"Bearer {admin_key}"})
        bob = TestClient(app, headers={"Authorization": f"Bearer {bob_key}"})
        alice = tenant_probe.seed(admin)
        report = tenant_probe.probe(bob, alice)
        assert report.probes > 100
        assert report.leaks == [] and report.server_errors == [] and report.oracle == []
        # Nothing of Alice's was changed or deleted by Bob's writes.
        assert {r.id for r in memory.list_all(user_id="alice")} == set(alice["ids"])
        assert all("bob" not in r.text for r in memory.list_all(user_id="alice"))


def test_the_async_face_scopes_alike(store: remem.Memory) -> None:
    async def as_bob() -> list[remem.SearchHit]:
        bob = remem.AsyncMemory(store).scoped(BOB)
        with pytest.raises(remem.NotFoundError):
            await bob.get(next(iter(alices(store))))
        return await bob.search(f"trip {CANARY}", k=20, expand=2)

    hits = asyncio.run(as_bob())
    assert hits and leaked(store, hits) == []
