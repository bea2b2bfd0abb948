"""The REST server: API keys, tenant isolation on every operation, bad input, limits, the CLI."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import remem
from remem.apikeys import KeyRing
from remem.cli import cli
from remem.memory_types.cache import feedback_token
from remem.server import create_app
from tests import pg
from tests.serving import running

from .test_cache_bound import Pairs, teach


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[remem.Memory]:
    """The server over each store: SQLite, and PostgreSQL (:mod:`tests.pg`)."""
    where = pg.url_for(tmp_path / "store") if request.param == "postgres" else tmp_path / "store"
    with remem.open(where, embedder="hash:64") as memory:
        memory.add_many(
            [
                {"text": "Alice is allergic to cashews", "user_id": "alice", "kind": "fact"},
                {"text": "Alice's cat is called Pixel", "user_id": "alice", "session_id": "a1"},
                {"text": "Bob is allergic to cashews", "user_id": "bob", "kind": "fact"},
                {"text": "Bob's secret: the vault code is 4711", "user_id": "bob"},
            ]
        )
        yield memory


@pytest.fixture
def keys(store: remem.Memory) -> dict[str, str]:
    ring = KeyRing(store.store)
    return {
        "admin": ring.create("ops", admin=True)[0],
        "alice": ring.create("alice's app", users=["alice"])[0],
        "bob": ring.create("bob's app", users=["bob"])[0],
        "pair": ring.create("both", users=["alice", "carol"])[0],
    }


def client(store: remem.Memory, key: str | None = None, **options: Any) -> TestClient:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return TestClient(create_app(store, **options), headers=headers)


def ids_of(store: remem.Memory, user: str) -> list[str]:
    return [r.id for r in store.list(user_id=user)]


def error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["type"]


# -- keys ------------------------------------------------------------------------------------------
def test_without_keys_every_caller_is_admin(store: remem.Memory) -> None:
    api = client(store)
    assert api.get("/v1/whoami").json() == {"admin": True, "users": [], "agents": [], "auth": False}
    assert api.get("/v1/stats").json()["records"] == 4


def test_search_explains_when_asked(store: remem.Memory) -> None:
    api = client(store)
    plain = api.post("/v1/search", json={"query": "cashews", "user_id": "alice"}).json()
    assert plain["hits"][0]["explanation"] is None
    hits = api.post("/v1/search", json={"query": "cashews", "user_id": "alice", "explain": True})
    first = hits.json()["hits"][0]
    assert first["explanation"].startswith("relevance") and "keyword" in first["explanation"]
    assert {"dense", "keyword", "fused"} <= set(first["scores"])
    # min_score: hits at or above a relevance in [0, 1]; outside it, a 422 that names it
    every = api.post("/v1/search", json={"query": "cashews", "user_id": "alice"}).json()["hits"]
    assert all(0 <= h["score"] <= 1 for h in every)
    best = {"query": "cashews", "user_id": "alice", "min_score": every[0]["score"]}
    kept = api.post("/v1/search", json=best).json()["hits"]
    assert [h["id"] for h in kept] == [h["id"] for h in every if h["score"] >= every[0]["score"]]
    for bad in (1.5, -1, "high"):
        refused = api.post("/v1/search", json={"query": "x", "min_score": bad})
        assert refused.status_code == 422 and "min_score" in refused.text


def test_keys_are_required_once_one_exists(store: remem.Memory, keys: dict[str, str]) -> None:
    assert error(client(store).get("/v1/memories")) == (401, "AuthenticationError")
    bad = keys["alice"][:-4] + "0000"
    assert error(client(store, bad).get("/v1/memories")) == (401, "AuthenticationError")
    assert error(client(store, "not-a-key").get("/v1/memories")) == (401, "AuthenticationError")
    assert client(store, keys["alice"]).get("/v1/memories").status_code == 200
    # other ways to present a key
    api = client(store)
    assert api.get("/v1/memories", headers={"X-API-Key": keys["alice"]}).status_code == 200
    health = api.get("/v1/health").json()  # liveness needs no key
    assert health["status"] == "ok"
    assert (health["parts"]["writes"], health["parts"]["reads"]) == ("up", "up")


def test_a_revoked_key_stops_at_once_and_elsewhere_within_the_refresh(
    store: remem.Memory, keys: dict[str, str]
) -> None:
    api = client(store, keys["bob"])
    assert api.get("/v1/memories").status_code == 200
    api.app.state.keys.revoke(keys["bob"])  # through the server's own ring: at once
    assert error(api.get("/v1/memories")) == (401, "AuthenticationError")
    # Keys are checked in memory (no round trip per request); a revocation by another
    # process (another handle of the store) holds within the ring's refresh, here 0.2 s.
    other = client(store, keys["alice"])
    other.app.state.keys.refresh = 0.2
    assert other.get("/v1/memories").status_code == 200
    location = getattr(store.store, "url", store.store.path)  # (PostgreSQL's, unmasked)
    with remem.open(location, embedder="hash:64") as again:
        KeyRing(again.store).revoke(keys["alice"])
    revoked = time.monotonic()
    while other.get("/v1/memories").status_code != 401:
        assert time.monotonic() - revoked < 0.2 + 1.0, "a revoked key still works"
        time.sleep(0.02)


def test_secrets_are_stored_hashed(store: remem.Memory, keys: dict[str, str]) -> None:
    rows = store.store.keys.rows()
    secrets = {key.split("_")[2] for key in keys.values()}
    assert not secrets & {row["secret_hash"] for row in rows}
    assert all(len(row["secret_hash"]) == 64 for row in rows)


# -- tenants ---------------------------------------------------------------------------------------
def test_a_tenant_reads_only_its_own(store: remem.Memory, keys: dict[str, str]) -> None:
    alice = client(store, keys["alice"])
    bob_ids = ids_of(store, "bob")
    listed = alice.get("/v1/memories").json()["items"]
    assert {m["user_id"] for m in listed} == {"alice"}
    # filters cannot widen the grant, whatever they say
    for filters in (
        {"user_id": "bob"},
        {"$or": [{"user_id": "bob"}, {"user_id": {"$exists": True}}]},
        {"$not": {"user_id": "alice"}},
    ):
        found = alice.post("/v1/search", json={"query": "vault code cashews", "filters": filters})
        assert {h["user_id"] for h in found.json()["hits"]} <= {"alice"}, filters
        page = alice.get("/v1/memories", params={"filters": json.dumps(filters)}).json()
        assert {m["user_id"] for m in page["items"]} <= {"alice"}
    hits = alice.post("/v1/search", json={"query": "vault code 4711", "k": 50}).json()["hits"]
    assert hits and not {h["id"] for h in hits} & set(bob_ids)
    assert not any("4711" in h["text"] for h in hits)  # (an id may hold "4711" by chance)
    # naming another user is refused outright
    assert error(alice.post("/v1/search", json={"query": "x", "user_id": "bob"})) == (
        403,
        "PermissionDeniedError",
    )
    assert error(alice.get("/v1/memories", params={"user_id": "bob"}))[0] == 403
    # another tenant's ids are not even confirmed
    for id in bob_ids:
        assert error(alice.get(f"/v1/memories/{id}")) == (404, "NotFoundError")
        assert error(alice.patch(f"/v1/memories/{id}", json={"text": "hacked"}))[0] == 404
        vector = [1.0] * store.embedder.dimensions
        hijack = alice.patch(f"/v1/memories/{id}", json={"vector": vector})
        assert error(hijack) == (404, "NotFoundError")
        assert error(alice.delete(f"/v1/memories/{id}"))[0] == 404
    assert alice.post("/v1/memories/delete", json={"ids": bob_ids}).json() == {"deleted": 0}
    assert [store.get(i).text for i in bob_ids][1] == "Bob's secret: the vault code is 4711"
    # context and export stay inside too
    packed = alice.post("/v1/context", json={"query": "vault", "budget_tokens": 500}).json()
    assert "4711" not in packed["text"]
    exported = alice.get("/v1/export").text.splitlines()[1:]
    assert {json.loads(line)["user_id"] for line in exported} == {"alice"}


def test_a_tenant_writes_only_its_own(store: remem.Memory, keys: dict[str, str]) -> None:
    alice = client(store, keys["alice"])
    made = alice.post("/v1/memories", json={"text": "Alice likes tea"}).json()
    assert made["user_id"] == "alice"  # the one user of the key is filled in
    assert error(alice.post("/v1/memories", json={"text": "x", "user_id": "bob"}))[0] == 403
    batch = {"items": [{"text": "fine"}, {"text": "sneaky", "user_id": "bob"}]}
    assert error(alice.post("/v1/memories/batch", json=batch))[0] == 403
    assert error(alice.post("/v1/documents", json={"text": "doc", "user_id": "bob"}))[0] == 403
    line = json.dumps({"text": "imported for bob", "user_id": "bob"}) + "\n"
    assert error(alice.post("/v1/import", content=line))[0] == 403
    assert len(ids_of(store, "bob")) == 2 and len(ids_of(store, "alice")) == 3
    # a key for several users must say which
    pair = client(store, keys["pair"])
    assert error(pair.post("/v1/memories", json={"text": "whose?"})) == (
        400,
        "InvalidInputError",
    )
    assert pair.post("/v1/memories", json={"text": "Carol", "user_id": "carol"}).status_code == 201


def test_an_agent_key_sees_its_agent_across_users(store: remem.Memory) -> None:
    store.add_many(
        [
            {"text": "npc-1 saw Alice at the inn", "user_id": "alice", "agent_id": "npc-1"},
            {"text": "npc-2 guards the vault", "user_id": "bob", "agent_id": "npc-2"},
        ]
    )
    key, _ = KeyRing(store.store).create("game", agents=["npc-1"])
    npc = client(store, key)
    assert [m["text"] for m in npc.get("/v1/memories").json()["items"]] == [
        "npc-1 saw Alice at the inn"
    ]
    hits = npc.post("/v1/search", json={"query": "vault inn", "k": 20}).json()["hits"]
    assert {h["agent_id"] for h in hits} == {"npc-1"}
    made = npc.post("/v1/memories", json={"text": "npc-1 remembers", "user_id": "carol"}).json()
    assert (made["agent_id"], made["user_id"]) == ("npc-1", "carol")
    assert error(npc.post("/v1/memories", json={"text": "x", "agent_id": "npc-2"}))[0] == 403


def test_a_tenant_cannot_enter_another_conversation_or_cache(
    store: remem.Memory, keys: dict[str, str]
) -> None:
    bob = client(store, keys["bob"])
    alice = client(store, keys["alice"])
    said = {"messages": [{"role": "user", "content": "Bob's private plan"}]}
    assert bob.post("/v1/chats/shared/messages", json=said).status_code == 201
    # Alice's session "shared" is her own conversation: Bob's is neither shown, nor appended
    # to, nor refused (a refusal would confirm that someone uses that session id).
    assert alice.get("/v1/chats/shared/messages").json() == {"messages": []}
    hers = {"messages": [{"role": "user", "content": "Alice's note"}]}
    assert alice.post("/v1/chats/shared/messages", json=hers).status_code == 201
    window = alice.post("/v1/chats/shared/window", json={"budget_tokens": 500}).json()
    assert [m["content"] for m in window["messages"]] == ["Alice's note"]
    assert bob.get("/v1/chats/shared/messages").json() == said
    bob.post("/v1/caches/faq/entries", json={"question": "my pin?", "value": "1234"})
    found = alice.post("/v1/caches/faq/lookup", json={"question": "my pin?"}).json()
    assert found["hit"] is False
    assert (
        error(alice.post("/v1/caches/faq/lookup", json={"question": "pin", "user_id": "bob"}))[0]
        == 403
    )
    assert alice.post("/v1/caches/faq/clear", json={}).json() == {"deleted": 0}
    assert bob.post("/v1/caches/faq/lookup", json={"question": "my pin?"}).json()["hit"]


def test_admin_only_operations(store: remem.Memory, keys: dict[str, str]) -> None:
    assert error(client(store, keys["alice"]).get("/v1/stats")) == (403, "PermissionDeniedError")
    admin = client(store, keys["admin"])
    assert admin.get("/v1/stats").json()["records"] == 4
    assert len(admin.get("/v1/export").text.splitlines()) == 5
    assert admin.get("/v1/whoami").json()["admin"] is True


def test_the_client_raises_the_servers_errors(store: remem.Memory, keys: dict[str, str]) -> None:
    with running(create_app(store)) as url:
        with remem.Client(url, api_key=keys["alice"]) as alice:
            assert {r.user_id for r in alice.list()} == {"alice"}
            with pytest.raises(remem.PermissionDeniedError):
                alice.search("x", user_id="bob")
            with pytest.raises(remem.NotFoundError):
                alice.get(ids_of(store, "bob")[0])
            with pytest.raises(remem.PermissionDeniedError):
                alice.stats()
        with remem.Client(url) as anonymous, pytest.raises(remem.AuthenticationError):
            anonymous.list()
    with remem.Client(url, timeout=2) as gone, pytest.raises(remem.ServerUnavailableError):
        gone.list()


# -- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/v1/memories", b"{not json"),
        ("post", "/v1/memories", b'{"text": 5}'),
        ("post", "/v1/memories", b'{"text": "x", "surprise": 1}'),
        ("post", "/v1/memories", b'["text"]'),
        ("post", "/v1/memories", b'{"text": ""}'),
        ("post", "/v1/memories", b'{"text": "x", "metadata": "no"}'),
        ("post", "/v1/memories", b'{"text": "x", "created_at": "yesterday-ish"}'),
        ("post", "/v1/search", b'{"query": "x", "k": 0}'),
        ("post", "/v1/search", b'{"query": "x", "k": "ten"}'),
        ("post", "/v1/search", b'{"query": "x", "filters": {"$nor": []}}'),
        ("post", "/v1/search", b'{"query": "x", "reranker": "cross-encoder:/etc"}'),
        ("post", "/v1/search", b'{"query": "x", "vector": [1, 2]}'),
        ("post", "/v1/context", b'{"query": "x"}'),
        ("post", "/v1/memories/delete", b'{"ids": []}'),
        ("get", "/v1/memories?limit=0", None),
        ("get", "/v1/memories?filters=%7Bbad", None),
        ("get", "/v1/memories?order=text", None),
        ("post", "/v1/import", b"not json at all\n"),
        ("post", "/v1/import", b"\xff\xfe"),
        ("post", "/v1/chats/c/messages", b'{"messages": [{"role": "wizard", "content": "hi"}]}'),
    ],
)
def test_bad_input_is_a_clear_4xx(
    store: remem.Memory, method: str, path: str, body: bytes | None
) -> None:
    api = client(store)
    headers = {"Content-Type": "application/json"}
    response = api.request(method.upper(), path, content=body, headers=headers)
    assert 400 <= response.status_code < 500, response.text
    message = response.json()["error"]["message"]
    assert message and "Traceback" not in message
    assert store.stats().records == 4  # nothing stored, nothing lost


def test_body_limit(store: remem.Memory) -> None:
    api = client(store, max_body=1000)
    big = json.dumps({"text": "x" * 2000})
    assert error(api.post("/v1/memories", content=big)) == (413, "PayloadTooLargeError")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while read
        yield big[:900].encode()
        yield big[900:].encode()

    assert error(api.post("/v1/memories", content=chunks())) == (413, "PayloadTooLargeError")
    assert api.post("/v1/memories", json={"text": "small"}).status_code == 201


def test_unknown_routes_and_methods(store: remem.Memory) -> None:
    api = client(store)
    assert error(api.get("/v1/nothing-here")) == (404, "HTTPError")
    assert error(api.put("/v1/memories"))[0] == 405


def test_no_telemetry(store: remem.Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FASTAPI_OTEL_AUTO_CONFIGURE", "true")
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:9/")
    app = create_app(store)
    assert not app._native_telemetry.enabled()
    assert TestClient(app).get("/v1/health").status_code == 200


def test_openapi_document(store: remem.Memory) -> None:
    doc = client(store).get("/openapi.json").json()
    paths = doc["paths"]
    assert all(path.startswith("/v1/") for path in paths)
    assert {"/v1/memories", "/v1/search", "/v1/context", "/v1/export", "/v1/import"} <= set(paths)
    assert paths["/v1/memories/{id}"]["get"]["responses"]["404"]


def test_pagination_and_streaming_export(store: remem.Memory) -> None:
    api = client(store)
    store.add_many([{"text": f"bulk {i}", "user_id": "zed"} for i in range(25)])
    seen, offset = [], 0
    while offset is not None:
        page = api.get("/v1/memories", params={"user_id": "zed", "limit": 10, "offset": offset})
        body = page.json()
        seen += [m["text"] for m in body["items"]]
        offset = body["next_offset"]
    assert seen == [f"bulk {i}" for i in range(25)]
    with api.stream("GET", "/v1/export") as response:
        assert response.headers["content-type"].startswith("application/x-ndjson")
        lines = list(response.iter_lines())
    assert len(lines) == 1 + 29


# -- command line ----------------------------------------------------------------------------------
def test_keys_command(tmp_path: Path) -> None:
    runner = CliRunner()
    path = str(tmp_path / "store")
    made = runner.invoke(cli, ["keys", "create", "app", "--user", "sam", "--store", path])
    assert made.exit_code == 0, made.output
    created = json.loads(made.output)
    assert created["key"].startswith("rk_") and created["users"] == ["sam"]
    listed = runner.invoke(cli, ["keys", "list", "--store", path, "--plain"])
    assert created["key_id"] in listed.output and created["key"] not in listed.output
    revoked = runner.invoke(cli, ["keys", "revoke", created["key_id"], "--store", path])
    assert json.loads(revoked.output)["revoked_at"]
    again = runner.invoke(cli, ["keys", "revoke", created["key_id"], "--store", path])
    assert again.exit_code == 1 and "already revoked" in again.output
    nothing = runner.invoke(cli, ["keys", "create", "loose", "--store", path])
    assert nothing.exit_code == 1 and "admin" in nothing.output


def test_serve_refuses_an_open_address_without_keys(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["serve", "--store", str(tmp_path / "s"), "--host", "0.0.0.0", "--embedder", "hash:8"]
    )
    assert result.exit_code == 1
    assert "no API keys" in result.output and "remem keys create" in result.output


def test_patch_takes_the_caller_s_vector(store: remem.Memory) -> None:
    api = client(store)
    (id,) = ids_of(store, "alice")[:1]
    axis = [0.0] * store.embedder.dimensions
    axis[5] = 2.0
    assert api.patch(f"/v1/memories/{id}", json={"vector": axis}).status_code == 200
    hits = api.post("/v1/search", json={"vector": axis, "mode": "dense", "k": 1}).json()["hits"]
    assert hits[0]["id"] == id and hits[0]["scores"]["dense"] <= 1.0
    status, kind = error(api.patch(f"/v1/memories/{id}", json={"vector": [1.0, 2.0]}))
    assert (status, kind) == (400, "VectorError")


def test_caller_ids_are_names_within_their_scope(store: remem.Memory, keys: dict[str, str]) -> None:
    """A caller's id conflicts on POST and replaces on PUT, within its scope only: the same id
    for another user (an admin key writing for both, or each user's own key) is another
    record, and another tenant's record id answers as an unknown one."""
    admin = client(store, keys["admin"])
    made = admin.post("/v1/memories", json={"id": "n-1", "text": "first note", "user_id": "alice"})
    assert made.status_code == 201 and made.json()["key"] == "n-1"
    clash = admin.post("/v1/memories", json={"id": "n-1", "text": "again", "user_id": "alice"})
    assert error(clash)[:2] == (409, "ConflictError")
    put = admin.put("/v1/memories/n-1", json={"text": "second note", "user_id": "alice"})
    assert put.status_code == 200 and put.json()["id"] == made.json()["id"]
    assert put.json()["text"] == "second note"
    assert put.json()["created_at"] == made.json()["created_at"]
    bobs = admin.put("/v1/memories/n-1", json={"text": "bob's note", "user_id": "bob"})
    assert bobs.status_code == 200 and bobs.json()["id"] != made.json()["id"]
    mismatch = admin.put("/v1/memories/n-2", json={"id": "n-3", "text": "x"})
    assert error(mismatch)[0] == 400
    batch = admin.post(
        "/v1/memories/batch",
        json={"items": [{"id": "n-1", "text": "third note", "user_id": "alice"}], "upsert": True},
    )
    assert batch.status_code == 201 and store.get(made.json()["id"]).text == "third note"
    alice, bob = client(store, keys["alice"]), client(store, keys["bob"])
    assert alice.get("/v1/memories/n-1").json()["text"] == "third note"
    assert bob.get("/v1/memories/n-1").json()["text"] == "bob's note"
    assert bob.put("/v1/memories/n-4", json={"text": "bob's own"}).json()["user_id"] == "bob"
    assert error(alice.get("/v1/memories/n-4")) == error(alice.get("/v1/memories/never-seen"))
    # Alice's record id, written by Bob's key: a record of his own, as an unknown id would be.
    theirs = made.json()["id"]
    assert error(bob.get(f"/v1/memories/{theirs}")) == (404, "NotFoundError")
    mine = bob.put(f"/v1/memories/{theirs}", json={"text": "mine now"})
    assert mine.status_code == 200 and mine.json()["user_id"] == "bob"
    assert store.get(theirs).text == "third note" and store.get(theirs).user_id == "alice"


def test_namespaces_and_keys_over_rest_and_the_client(
    store: remem.Memory, keys: dict[str, str]
) -> None:
    """Two tenants' keys file records under the same key and namespace; each sees its own."""
    with (
        running(create_app(store)) as url,
        remem.Client(url, api_key=keys["alice"]) as alice,
        remem.Client(url, api_key=keys["bob"]) as bob,
    ):
        mine = alice.add("alice's atlas plan", namespace=["projects", "atlas"], key="plan")
        theirs = bob.add("bob's atlas plan", namespace=["projects", "atlas"], key="plan")
        assert mine.id != theirs.id and mine.namespace == ("projects", "atlas")
        with pytest.raises(remem.ConflictError):
            bob.add("again", namespace=["projects", "atlas"], key="plan")
        new = bob.add("bob's new plan", namespace=["projects", "atlas"], key="plan", upsert=True)
        assert new.id == theirs.id and bob.get(theirs.id).text == "bob's new plan"
        assert bob.namespaces() == [(), ("projects", "atlas")]
        assert bob.namespaces(["projects"]) == [("projects", "atlas")]
        assert [r.id for r in bob.list(namespace=["projects"])] == [theirs.id]
        hits = bob.search("atlas plan", namespace=["projects", "atlas"])
        assert [h.id for h in hits] == [theirs.id]
        renewed = bob.update(theirs.id, ttl=3600)
        assert renewed.expires_at is not None
    api = client(store, keys["bob"])
    bad = api.post("/v1/memories", json={"text": "x", "namespace": ["a", "b\x01"]})
    assert error(bad)[:2] == (400, "InvalidInputError")
    assert error(api.get("/v1/namespaces", params={"limit": 0}))[0] == 422


def test_a_memory_can_be_stored_without_a_vector(store: remem.Memory) -> None:
    api = client(store)
    body = {"text": "door code 9911, not for search", "user_id": "alice", "embed": False}
    made = api.post("/v1/memories", json=body).json()
    assert api.get(f"/v1/memories/{made['id']}").json()["text"] == body["text"]
    hits = api.post("/v1/search", json={"query": "door code 9911", "k": 50}).json()["hits"]
    assert made["id"] not in {h["id"] for h in hits}
    assert error(api.post("/v1/memories", json={**body, "embed": "no"}))[0] == 422


def test_a_memory_can_expire(store: remem.Memory) -> None:
    api = client(store)
    made = api.post("/v1/memories", json={"text": "parking spot B7 today", "ttl": 3600})
    assert made.status_code == 201 and made.json()["expires_at"] is not None
    assert api.get(f"/v1/memories/{made.json()['id']}").json()["expires_at"] is not None
    past = api.post("/v1/memories", json={"text": "x", "expires_at": "2001-01-01"})
    assert error(past)[0] == 400
    assert error(api.post("/v1/memories", json={"text": "x", "ttl": -1}))[0] == 422


def test_namespaces_page_on_after_the_last_one_listed(
    store: remem.Memory, keys: dict[str, str]
) -> None:
    """A listing of any length is read page by page: each page starts after the last one
    listed (``after``, as the engine pages), and a tenant's pages hold only its own."""
    names = [["projects", f"p{i:02d}"] for i in range(7)]
    store.add_many([{"text": "x", "user_id": "alice", "namespace": n} for n in names])
    store.add_many([{"text": "y", "user_id": "bob", "namespace": ["projects", "p03b"]}])
    alice = client(store, keys["alice"])
    pages: list[list[str]] = []
    params: dict[str, Any] = {"prefix": ["projects"], "limit": 3}
    while True:
        found = alice.get("/v1/namespaces", params=params).json()["namespaces"]
        pages.append(found)
        if len(found) < 3:
            break
        params["after"] = found[-1]
    assert [n for page in pages for n in page] == names and len(pages) == 3


def test_a_wrong_hit_is_reported_over_rest_by_its_feedback_only_by_its_owner(
    store: remem.Memory, keys: dict[str, str]
) -> None:
    store.cache_options = {"max_error": 0.10, "invalidate": False}
    cache = store.cache("bounded")
    teach(cache, Pairs(0, store.embedder.dimensions), 120, user_id="alice")
    cached, asked = Pairs(1, store.embedder.dimensions).pair(0.97)
    cache.set("question p about the topic", "A", vector=cached, user_id="alice")
    hit = cache.lookup("asked p about the topic", vector=asked, user_id="alice")
    assert hit.hit and feedback_token(hit) is not None
    alice, bob = client(store, keys["alice"]), client(store, keys["bob"])
    asked_twice = {"question": "What is my plan?"}
    assert alice.post("/v1/caches/bounded/entries", json={**asked_twice, "value": "B"}).is_success
    over_rest = alice.post("/v1/caches/bounded/lookup", json=asked_twice).json()
    assert over_rest["hit"] and over_rest["feedback"] is None  # the same question: nothing to learn
    before = cache.bound(user_id="alice")["wrong"]
    token = feedback_token(hit)
    assert bob.post("/v1/caches/bounded/false-hit", json={"feedback": token}).status_code == 204
    assert cache.bound(user_id="alice")["wrong"] == before  # not Bob's to report
    assert alice.post("/v1/caches/bounded/false-hit", json={"feedback": token}).status_code == 204
    assert cache.bound(user_id="alice")["wrong"] == before + 1
    for bad in ("", "not base64!", "WzEsMl0="):  # "[1,2]"
        assert error(alice.post("/v1/caches/bounded/false-hit", json={"feedback": bad}))[0] in (
            400, 422,
        )  # fmt: skip
