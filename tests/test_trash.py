"""The trash on every face: a recoverable delete (a model's, through the tools or MCP, always)
takes a memory out of every read and keeps it whole — fields, provenance, vectors, a
document's chunks — until ``trash_days`` are up; ``undelete`` puts it back under its id,
``empty_trash`` removes it for good, and ``forget`` erases a subject's trashed memories with
the rest. A tenant sees, restores and empties only its own trash: another's id answers as an
unknown one. Over MCP and function calling, erasing a user needs the person's own yes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from mcp.client.session import ClientRequestContext

import remem
from remem.apikeys import KeyRing
from remem.cli import cli
from remem.llm.base import ToolCall
from remem.server import create_app
from remem.server.mcp import build_mcp, mcp_http_app
from remem.tools import ToolDispatcher
from remem.trust.access import Grant
from remem.trust.consent import OneTimeCodes
from tests import pg
from tests.serving import running
from tests.test_mcp import call, over_http, over_stdio

NOTES = [
    "Sam is allergic to cashews and peanuts",
    "Sam's cat is called Pixel",
    "Sam flies to Lisbon in May",
]


def texts(records: Any) -> list[str]:
    return sorted(r.text for r in records)


# -- the engine, on every store --------------------------------------------------------------------
def test_a_recoverable_delete_leaves_every_read_and_comes_back_whole(mem: remem.Memory) -> None:
    said = mem.add(NOTES[0], user_id="sam", role="user", kind="fact", importance=8)
    with remem.deriving(sources=[said.id], model="my-llm", prompt="my.extract"):
        derived = mem.add("Sam avoids nuts", user_id="sam", kind="fact")
    kept = mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES[1:]])
    before = {h.id: h.scores["dense"] for h in mem.search("cashews", mode="dense", k=10)}
    vectors = mem.store.vectors([said.id, derived.id])

    assert mem.delete([said.id, derived.id], recoverable=True) == 2
    for gone in (said, derived):
        with pytest.raises(remem.NotFoundError):
            mem.get(gone.id)
    assert mem.get_many([said.id, derived.id]) == []
    assert texts(mem.list(user_id="sam")) == texts(kept)
    assert {h.id for h in mem.search("cashews nuts", k=10)} <= {r.id for r in kept}
    assert "cashews" not in mem.context("cashews", budget_tokens=500, user_id="sam").text
    assert mem.stats().records == len(kept)

    listed = mem.trash()
    assert {e.id for e in listed} == {said.id, derived.id}
    entry = next(e for e in listed if e.id == said.id)
    assert (entry.text, entry.kind, entry.user_id, entry.chunks) == (NOTES[0], "fact", "sam", 0)
    assert entry.deleted_at < entry.kept_until
    assert 29.9 < (entry.kept_until - entry.deleted_at).total_seconds() / 86_400 <= 30.0
    assert entry.to_dict()["kept_until"] == entry.kept_until.isoformat()

    back = mem.undelete([said.id, derived.id, "no-such-id"])
    assert {r.id for r in back} == {said.id, derived.id}
    for original in (said, derived):
        again = mem.get(original.id)
        for field in ("text", "kind", "role", "user_id", "importance", "created_at", "metadata"):
            assert getattr(again, field) == getattr(original, field), field
        assert again.provenance == original.provenance
    assert mem.get(derived.id).provenance.derived_from == (said.id,)
    assert {k: v.tolist() for k, v in mem.store.vectors([said.id, derived.id]).items()} == {
        k: v.tolist() for k, v in vectors.items()
    }
    after = {h.id: h.scores["dense"] for h in mem.search("cashews", mode="dense", k=10)}
    assert after == pytest.approx(before)
    assert mem.trash() == [] and mem.undelete(said.id) == []
    assert [e.action for e in mem.audit(limit=2)] == ["undelete", "trash"]


def test_a_document_goes_to_the_trash_with_its_chunks_and_comes_back_with_them(
    mem: remem.Memory,
) -> None:
    text = " ".join(f"Sentence {i} of Sam's travel diary, about the harbour." for i in range(120))
    doc = mem.add_document(text, user_id="sam", chunk_size=48, progress=False)
    chunks = mem.list(filters={"parent_id": doc.id}, order="position", limit=1000)
    assert len(chunks) > 2
    records = mem.stats().records

    assert mem.delete(doc.id, recoverable=True) == 1 + len(chunks)
    assert mem.list(filters={"parent_id": doc.id}) == [] and mem.stats().records == 0
    assert mem.search("travel diary harbour", k=5) == []
    (entry,) = mem.trash()
    assert (entry.id, entry.kind, entry.chunks) == (doc.id, "document", len(chunks))

    (back,) = mem.undelete(doc.id)
    assert back.id == doc.id and mem.stats().records == records
    again = mem.list(filters={"parent_id": doc.id}, order="position", limit=1000)
    assert [(c.id, c.position, c.text) for c in again] == [
        (c.id, c.position, c.text) for c in chunks
    ]
    assert mem.search("travel diary harbour", k=5)[0].parent_id == doc.id


def test_empty_trash_removes_for_good(mem: remem.Memory) -> None:
    made = mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES])
    mem.delete([r.id for r in made], recoverable=True)
    assert mem.empty_trash([]) == 0 and mem.empty_trash("no-such-id") == 0
    assert mem.empty_trash(made[0].id) == 1
    assert {e.id for e in mem.trash()} == {r.id for r in made[1:]}
    assert mem.empty_trash() == 2 and mem.trash() == []
    assert mem.undelete([r.id for r in made]) == [] and mem.stats().records == 0


def test_the_trash_pages_newest_first(mem: remem.Memory) -> None:
    made = mem.add_many([{"text": f"note {i}", "user_id": "sam"} for i in range(5)])
    for record in made:  # one delete each: each its own time
        mem.delete(record.id, recoverable=True)
    newest_first = [e.id for e in mem.trash()]
    assert newest_first == [r.id for r in reversed(made)]
    assert [e.id for e in mem.trash(limit=2, offset=1)] == newest_first[1:3]
    assert mem.trash(limit=0) == []
    for bad in ({"limit": -1}, {"offset": -1}, {"limit": True}, {"limit": "2"}):
        with pytest.raises(remem.InvalidInputError):
            mem.trash(**bad)


def test_a_restored_id_stored_again_meanwhile_is_a_conflict(mem: remem.Memory) -> None:
    first = mem.add("the plan: ship in May", user_id="sam", id="plan")
    mem.delete(first.id, recoverable=True)
    again = mem.add("the plan: ship in June", user_id="sam", id="plan")
    assert again.id == first.id
    with pytest.raises(remem.ConflictError):
        mem.undelete(first.id)
    assert mem.get(first.id).text == "the plan: ship in June"
    assert [e.id for e in mem.trash()] == [first.id]  # still there, to empty or restore later


def test_trash_days_zero_purges_on_the_next_trash_operation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64", trash_days=0) as mem:
        made = mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES])
        mem.delete(made[0].id, recoverable=True)
        assert mem.trash() == []  # the listing purged it first
        assert mem.undelete(made[0].id) == []
        mem.delete(made[1].id, recoverable=True)
        mem.delete(made[2].id, recoverable=True)  # the second delete purged the first
        assert mem.empty_trash() == 0
        assert mem.stats().records == 0
    monkeypatch.setenv("REMEM_TRASH_DAYS", "0")  # the setting, from the environment
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        made = mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES])
        mem.delete(made[0].id, recoverable=True)
        assert mem.trash() == []
    with pytest.raises(remem.InvalidInputError, match="trash_days"):
        remem.open(":memory:", embedder="hash:64", trash_days=-1)


def test_an_entry_past_its_time_is_not_restorable(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64", trash_days=0) as mem:
        made = mem.add("Sam is allergic to cashews", user_id="sam")
        mem.delete(made.id, recoverable=True)
        assert mem.undelete(made.id) == []


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return (
        pg.url_for(tmp_path / "store") if request.param == "postgres" else str(tmp_path / "store")
    )


def test_forget_erases_the_users_trash_too(where: str) -> None:
    with remem.open(where, embedder="hash:64") as mem:
        anns = mem.add_many(
            [{"text": f"CANARY-ann-41c7 note {i}", "user_id": "ann"} for i in range(3)]
        )
        bobs = mem.add_many([{"text": f"Bob's note {i}", "user_id": "bob"} for i in range(2)])
        doc = mem.add_document(
            " ".join(f"CANARY-ann-41c7 diary line {i}." for i in range(80)),
            user_id="ann",
            chunk_size=48,
            progress=False,
        )
        mem.delete([anns[0].id, anns[1].id, doc.id], recoverable=True)
        mem.delete(bobs[0].id, recoverable=True)

        receipt = mem.forget(user_id="ann")
        assert receipt.verified is True
        assert receipt.erased["trash"] == 3  # entries: two memories, a document with its chunks
        assert receipt.erased["records"] == 1  # the one never trashed
        assert [e.id for e in mem.trash()] == [bobs[0].id]
        assert mem.undelete([anns[0].id, doc.id]) == []
        assert mem.list_all(user_id="ann") == []
        assert mem.undelete(bobs[0].id)[0].text == "Bob's note 0"


# -- two tenants -----------------------------------------------------------------------------------
def test_a_tenant_sees_restores_and_empties_only_its_own_trash(mem: remem.Memory) -> None:
    ann = mem.scoped(Grant(users=("ann",)))
    bob = mem.scoped(Grant(users=("bob",)))
    anns = ann.add_many([{"text": f"Ann's secret {i}"} for i in range(2)])
    bobs = bob.add_many([{"text": f"Bob's note {i}"} for i in range(2)])
    assert bob.delete(anns[0].id, recoverable=True) == 0  # not his to delete either
    assert ann.delete([r.id for r in anns], recoverable=True) == 2
    assert bob.delete(bobs[0].id, recoverable=True) == 1

    assert [e.id for e in bob.trash()] == [bobs[0].id]
    assert {e.id for e in ann.trash()} == {r.id for r in anns}
    assert {e.id for e in mem.trash()} == {bobs[0].id, *(r.id for r in anns)}  # admin: all
    # Ann's id answers Bob exactly as an id that was never stored.
    assert bob.undelete(anns[0].id) == bob.undelete("no-such-id") == []
    assert bob.empty_trash(anns[0].id) == bob.empty_trash("no-such-id") == 0
    assert bob.empty_trash([anns[1].id, bobs[0].id]) == 1
    assert {e.id for e in ann.trash()} == {r.id for r in anns}
    bob.add("Bob's later note")
    bob.delete(bobs[1].id, recoverable=True)
    assert bob.empty_trash() == 1  # all of *his* trash
    assert {e.id for e in ann.trash()} == {r.id for r in anns}
    assert texts(ann.undelete([r.id for r in anns])) == ["Ann's secret 0", "Ann's secret 1"]
    assert [r.user_id for r in ann.list()] == ["ann", "ann"]


def test_over_rest_a_tenant_key_answers_for_its_own_trash_only(disk_mem: remem.Memory) -> None:
    mem = disk_mem
    ring = KeyRing(mem.store)
    ann_key = ring.create("ann's app", users=["ann"])[0]
    bob_key = ring.create("bob's app", users=["bob"])[0]
    anns = mem.add_many([{"text": f"Ann's secret {i}", "user_id": "ann"} for i in range(2)])
    bobs = mem.add_many([{"text": f"Bob's note {i}", "user_id": "bob"} for i in range(2)])
    mem.delete([r.id for r in anns], recoverable=True)
    app = create_app(mem)
    as_bob = TestClient(app, headers={"Authorization": f"Bearer {bob_key}"})
    as_ann = TestClient(app, headers={"Authorization": f"Bearer {ann_key}"})

    assert as_bob.delete(f"/v1/memories/{bobs[0].id}?recoverable=true").json() == {"deleted": 1}
    refused = as_bob.delete(f"/v1/memories/{anns[0].id}?recoverable=true")
    unknown = as_bob.delete("/v1/memories/no-such-id?recoverable=true")
    assert refused.status_code == unknown.status_code == 404
    assert [e["id"] for e in as_bob.get("/v1/trash").json()["items"]] == [bobs[0].id]
    assert {e["id"] for e in as_ann.get("/v1/trash").json()["items"]} == {r.id for r in anns}

    def answer(response: Any) -> tuple[int, Any]:
        return response.status_code, response.json()

    for path, body in (("/v1/trash/restore", "ids"), ("/v1/trash/empty", "ids")):
        assert answer(as_bob.post(path, json={body: [anns[0].id]})) == answer(
            as_bob.post(path, json={body: ["no-such-id"]})
        )
    assert as_bob.post("/v1/trash/empty", json={"ids": None}).json() == {"removed": 1}
    assert len(as_ann.get("/v1/trash").json()["items"]) == 2
    restored = as_ann.post("/v1/trash/restore", json={"ids": [anns[0].id]}).json()["items"]
    assert [r["text"] for r in restored] == ["Ann's secret 0"]
    assert as_bob.get(f"/v1/memories/{anns[0].id}").status_code == 404
    assert as_ann.get(f"/v1/memories/{anns[0].id}").json()["text"] == "Ann's secret 0"


# -- REST and the client ---------------------------------------------------------------------------
def test_rest_and_client_round_trips(disk_mem: remem.Memory) -> None:
    mem = disk_mem
    made = mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES])
    with running(create_app(mem)) as url, remem.Client(url) as client:
        assert client.delete(made[0].id, recoverable=True) == 1
        assert client.delete([], recoverable=True) == 0
        assert client.trash() == mem.trash()
        assert [e.to_dict() for e in client.trash()] == [e.to_dict() for e in mem.trash()]
        (back,) = client.undelete(made[0].id)
        assert back == mem.get(made[0].id)
        assert client.undelete([]) == [] and client.undelete("no-such-id") == []

        deleted = httpx.delete(f"{url}/v1/memories/{made[1].id}", params={"recoverable": "true"})
        assert deleted.json() == {"deleted": 1}
        assert [e.id for e in client.trash()] == [made[1].id]
        assert client.delete(made[2].id) == 1  # not recoverable: for good
        assert [e.id for e in client.trash()] == [made[1].id]
        with pytest.raises(remem.NotFoundError):
            client.get(made[2].id)

        first = mem.add("the plan: ship in May", user_id="sam", id="plan")
        client.delete(first.id, recoverable=True)
        mem.add("the plan: ship in June", user_id="sam", id="plan")
        with pytest.raises(remem.ConflictError):  # the same class as a local Memory raises
            client.undelete(first.id)

        assert client.trash(limit=1, offset=1) == mem.trash(limit=1, offset=1)
        assert client.trash(limit=0) == []
        with pytest.raises(remem.InvalidInputError):
            client.trash(limit=-1)
        assert client.empty_trash([]) == 0
        assert client.empty_trash(first.id) == 1
        assert client.empty_trash() == 1 and client.trash() == mem.trash() == []


@pytest.mark.parametrize(
    ("method", "path", "kwargs"),
    [
        ("GET", "/v1/trash", {"params": {"limit": 0}}),
        ("GET", "/v1/trash", {"params": {"limit": 1001}}),
        ("GET", "/v1/trash", {"params": {"limit": "many"}}),
        ("GET", "/v1/trash", {"params": {"offset": -1}}),
        ("POST", "/v1/trash/restore", {"json": {"ids": []}}),
        ("POST", "/v1/trash/restore", {"json": {"ids": "x"}}),
        ("POST", "/v1/trash/restore", {"json": {"ids": [""]}}),
        ("POST", "/v1/trash/restore", {"json": {"ids": ["x"], "all": True}}),
        ("POST", "/v1/trash/restore", {"json": {"ids": ["x" * 257]}}),
        ("POST", "/v1/trash/restore", {}),
        ("POST", "/v1/trash/empty", {"json": {"ids": []}}),
        ("POST", "/v1/trash/empty", {"json": {"ids": [1]}}),
        ("POST", "/v1/trash/empty", {"json": {"everything": True}}),
        (
            "POST",
            "/v1/trash/empty",
            {"content": b"{not json", "headers": {"Content-Type": "application/json"}},
        ),
        ("POST", "/v1/memories/delete", {"json": {"ids": ["x"], "recoverable": "yes"}}),
        ("DELETE", "/v1/memories/x", {"params": {"recoverable": "maybe"}}),
    ],
)
def test_rest_refuses_bad_input_with_the_error_envelope(
    disk_mem: remem.Memory, method: str, path: str, kwargs: dict[str, Any]
) -> None:
    made = disk_mem.add("kept", user_id="sam")
    disk_mem.delete(made.id, recoverable=True)
    answer = TestClient(create_app(disk_mem)).request(method, path, **kwargs)
    assert 400 <= answer.status_code < 500, answer.text
    assert set(answer.json()["error"]) >= {"type", "message", "request_id"}
    assert [e.id for e in disk_mem.trash()] == [made.id]  # nothing happened


def test_rest_trash_pages_with_next_offset(disk_mem: remem.Memory) -> None:
    made = disk_mem.add_many([{"text": f"note {i}"} for i in range(3)])
    for record in made:
        disk_mem.delete(record.id, recoverable=True)
    rest = TestClient(create_app(disk_mem))
    first = rest.get("/v1/trash", params={"limit": 2}).json()
    assert first["next_offset"] == 2 and len(first["items"]) == 2
    last = rest.get("/v1/trash", params={"limit": 2, "offset": 2}).json()
    assert last["next_offset"] is None and [e["id"] for e in last["items"]] == [made[0].id]
    schema = rest.get("/openapi.json").json()["paths"]
    assert {"/v1/trash", "/v1/trash/restore", "/v1/trash/empty"} <= set(schema)


def test_async_memory_awaits_the_trash(disk_mem: remem.Memory) -> None:
    amem = remem.AsyncMemory(disk_mem)

    async def scenario() -> None:
        made = await amem.add("Sam is allergic to cashews", user_id="sam")
        assert await amem.delete(made.id, recoverable=True) == 1
        assert [e.id for e in await amem.trash()] == [made.id]
        assert [r.id for r in await amem.undelete(made.id)] == [made.id]
        await amem.delete(made.id, recoverable=True)
        assert await amem.empty_trash() == 1

    anyio.run(scenario)


# -- the CLI ---------------------------------------------------------------------------------------
def test_cli_trash_list_restore_and_empty(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        made = mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES])
    runner = CliRunner()

    def remem_(*args: str) -> Any:
        return runner.invoke(cli, [*args, "--store", str(store), "--embedder", "hash:64"])

    result = remem_("delete", made[0].id, made[1].id, "--recoverable", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"deleted": 2}
    listed = remem_("trash", "list", "--json")
    assert listed.exit_code == 0, listed.output
    lines = [json.loads(line) for line in listed.output.splitlines()]
    assert {line["id"] for line in lines} == {made[0].id, made[1].id}
    assert set(lines[0]) == {
        "id", "text", "kind", "user_id", "agent_id", "session_id", "namespace", "deleted_at",
        "kept_until", "chunks",
    }  # fmt: skip
    plain = remem_("trash", "list", "--plain")
    assert plain.exit_code == 0 and NOTES[0] in plain.output and "kept until" in plain.output
    assert remem_("trash", "list", "--limit", "1", "--json").output.count("\n") == 1

    restored = remem_("trash", "restore", made[0].id, "--json")
    assert restored.exit_code == 0, restored.output
    assert json.loads(restored.output)["text"] == NOTES[0]
    unknown = remem_("trash", "restore", "no-such-id")
    assert unknown.exit_code == 1 and "not in the trash: 'no-such-id'" in unknown.output

    refused = remem_("trash", "empty")
    assert refused.exit_code == 2 and "--yes" in refused.output
    emptied = remem_("trash", "empty", made[1].id, "--json")
    assert json.loads(emptied.output) == {"removed": 1}
    remem_("delete", made[2].id, "--recoverable")
    assert json.loads(remem_("trash", "empty", "--yes", "--json").output) == {"removed": 1}
    with remem.open(store, embedder="hash:64") as mem:
        assert texts(mem.list_all()) == [NOTES[0]] and mem.trash() == []

    help_text = runner.invoke(cli, ["trash", "empty", "--help"]).output
    assert "person" in help_text and "--yes" in help_text
    assert set(cli.commands["trash"].commands) == {"list", "restore", "empty"}  # type: ignore[attr-defined]
    assert "backup" in (cli.commands["restore"].help or "")  # `remem restore`: still a backup's


# -- function calling ------------------------------------------------------------------------------
def test_a_models_delete_is_restorable_and_forgetting_needs_the_persons_yes(
    mem: remem.Memory,
) -> None:
    tools = ToolDispatcher(mem, user_id="sam")
    saved = tools.execute(ToolCall("1", "save_memory", {"text": NOTES[0]}))
    result = tools.execute(ToolCall("2", "delete_memory", {"id": saved["id"]}))
    assert result == {"ok": True, "deleted": 1, "recoverable": True}
    with pytest.raises(remem.NotFoundError):
        mem.get(saved["id"])
    (back,) = mem.undelete(saved["id"])
    assert (back.text, back.provenance.face, back.provenance.origin) == (NOTES[0], "tools", "agent")
    assert "forget_user" in tools.execute(ToolCall("3", "forget_user", {}))["error"]  # unknown

    mem.add("Ann's note", user_id="ann")
    asked: list[str] = []

    def no(question: str) -> bool:
        asked.append(question)
        return False

    declined = ToolDispatcher(mem, user_id="sam", allow_forget=True, confirm=no)
    answer = declined.execute(ToolCall("4", "forget_user", {}))
    assert answer["ok"] is True and answer["erased"] is False
    assert "'sam'" in asked[0] and "cannot be undone" in asked[0]
    assert [r.text for r in mem.list_all(user_id="sam")] == [NOTES[0]]

    tools.execute(ToolCall("5", "delete_memory", {"id": saved["id"]}))  # into the trash
    agreed = ToolDispatcher(mem, user_id="sam", allow_forget=True, confirm=lambda q: True)
    answer = agreed.execute(ToolCall("6", "forget_user", {}))
    assert answer["erased"] is True and answer["receipt"]["erased"]["trash"] == 1
    assert answer["receipt"]["verified"] is True
    assert mem.list_all(user_id="sam") == [] and mem.trash() == []
    assert [r.text for r in mem.list_all()] == ["Ann's note"]
    with pytest.raises(remem.InvalidInputError, match="confirm"):
        ToolDispatcher(mem, user_id="sam", allow_forget=True)


# -- MCP -------------------------------------------------------------------------------------------
def _answering(erase: bool | None) -> Any:
    """An elicitation callback: the person accepts with ``erase``, or (None) declines."""

    async def answer(
        context: ClientRequestContext, params: Any
    ) -> mcp.types.ElicitResult | mcp.types.ErrorData:
        if erase is None:
            return mcp.types.ElicitResult(action="decline")
        return mcp.types.ElicitResult(action="accept", content={"erase": erase})

    return answer


def _seed(store: Path) -> None:
    with remem.open(store, embedder="hash:64") as mem:
        mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES])
        mem.add("Ann's note", user_id="ann")


def test_mcp_over_stdio_forgets_only_with_the_persons_yes(tmp_path: Path) -> None:
    store = tmp_path / "store"
    _seed(store)

    async def declined_then_deleted() -> str:
        async with over_stdio(
            store, "--user", "sam", "--allow-forget", elicitation_callback=_answering(None)
        ) as session:
            failed, text = await call(session, "forget_user")
            assert not failed and json.loads(text)["erased"] is False
            failed, text = await call(session, "save_memory", text="Sam keeps bees")
            saved = json.loads(text)["id"]
            failed, text = await call(session, "delete_memory", id=saved)
            assert not failed and json.loads(text) == {
                "ok": True,
                "deleted": 1,
                "recoverable": True,
            }
        async with over_stdio(
            store, "--user", "sam", "--allow-forget", elicitation_callback=_answering(False)
        ) as session:  # accepted the form but left "erase" unticked: nothing
            failed, text = await call(session, "forget_user")
            assert not failed and json.loads(text)["erased"] is False
        return str(saved)

    saved = anyio.run(declined_then_deleted)
    with remem.open(store, embedder="hash:64") as mem:
        assert texts(mem.list_all(user_id="sam")) == sorted(NOTES)
        assert [e.id for e in mem.trash()] == [saved]  # a model's delete: restorable
        assert mem.undelete(saved)[0].text == "Sam keeps bees"
        mem.delete(saved, recoverable=True)

    async def accepted() -> dict[str, Any]:
        async with over_stdio(
            store, "--user", "sam", "--allow-forget", elicitation_callback=_answering(True)
        ) as session:
            failed, text = await call(session, "forget_user")
            assert not failed
            return dict(json.loads(text))

    answer = anyio.run(accepted)
    assert answer["erased"] is True and answer["receipt"]["verified"] is True
    assert answer["receipt"]["erased"]["trash"] == 1
    with remem.open(store, embedder="hash:64") as mem:
        assert mem.list_all(user_id="sam") == [] and mem.trash() == []
        assert [r.text for r in mem.list_all()] == ["Ann's note"]


def test_mcp_over_stdio_without_elicitation_needs_the_code_from_the_console(
    tmp_path: Path,
) -> None:
    store = tmp_path / "store"
    _seed(store)
    console = tmp_path / "console.txt"  # the server's stderr: the person sees the code there

    def codes() -> list[str]:
        found = re.findall(r"the code (\d{6})", console.read_text())
        return list(dict.fromkeys(found))

    async def scenario() -> None:
        with console.open("w") as errlog:
            async with over_stdio(store, "--user", "sam", "--allow-forget", errlog=errlog) as s:
                failed, text = await call(s, "forget_user", confirm=True)  # a model's word
                assert failed and "unknown arguments ['confirm']" in text
                failed, text = await call(s, "forget_user")
                assert not failed and json.loads(text)["erased"] is False
                assert "one-time code" in json.loads(text)["waiting"]
                errlog.flush()
                (code,) = codes()
                assert code not in text  # never told to the model
                wrong = f"{(int(code) + 1) % 10**6:06d}"
                failed, text = await call(s, "forget_user", code=wrong)
                assert json.loads(text)["erased"] is False and "not the code" in text
                with remem.open(store, embedder="hash:64") as mem:
                    assert len(mem.list_all(user_id="sam")) == 3
                errlog.flush()
                assert codes() == [code]  # a wrong guess counts against the code, issues none
                failed, text = await call(s, "forget_user", code=code)
                answer = json.loads(text)
                assert not failed and answer["erased"] is True
                assert answer["receipt"]["erased"]["records"] == 3

    anyio.run(scenario)
    with remem.open(store, embedder="hash:64") as mem:
        assert [r.text for r in mem.list_all()] == ["Ann's note"]


def test_mcp_over_http_forgets_with_the_code_and_deletes_recoverably(tmp_path: Path) -> None:
    sent: list[str] = []
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add_many([{"text": t, "user_id": "sam"} for t in NOTES])
        mem.add("Ann's note", user_id="ann")
        server = build_mcp(
            mem, user_id="sam", allow_forget=True, codes=OneTimeCodes(deliver=sent.append)
        )

        async def scenario(url: str) -> None:
            async with over_http(url, {}) as session:
                failed, text = await call(session, "save_memory", text="Sam keeps bees")
                saved = json.loads(text)["id"]
                failed, text = await call(session, "delete_memory", id=saved)
                assert not failed and json.loads(text)["recoverable"] is True
                assert [e.id for e in mem.trash()] == [saved]
                assert mem.undelete(saved)[0].text == "Sam keeps bees"
                failed, text = await call(session, "delete_memory", id=saved)
                failed, text = await call(session, "forget_user")
                assert not failed and json.loads(text)["erased"] is False
                assert len(sent) == 1 and len(mem.list_all(user_id="sam")) == 3
                code = re.search(r"the code (\d{6})", sent[0]).group(1)  # type: ignore[union-attr]
                assert code not in text
                failed, text = await call(session, "forget_user", code=code)
                answer = json.loads(text)
                assert not failed and answer["erased"] is True
                assert answer["receipt"]["erased"]["trash"] == 1
                failed, text = await call(session, "forget_user", code=code)  # used up
                assert json.loads(text)["erased"] is False

        with running(mcp_http_app(server, mem)) as base:
            anyio.run(scenario, f"{base}/mcp")
        assert mem.list_all(user_id="sam") == [] and mem.trash() == []
        assert [r.text for r in mem.list_all()] == ["Ann's note"]


def test_one_time_codes_work_once_expire_and_are_voided_by_guessing() -> None:
    now = [0.0]
    sent: list[str] = []
    codes = OneTimeCodes(deliver=sent.append, ttl=60, attempts=3, clock=lambda: now[0])
    codes.issue("sam", "erase sam")
    code = re.findall(r"the code (\d{6})", sent[-1])[0]
    assert codes.redeem("sam", code) and not codes.redeem("sam", code)  # once
    codes.issue("sam", "erase sam")
    code = re.findall(r"the code (\d{6})", sent[-1])[0]
    assert not codes.redeem("ann", code)  # one user's code is not another's
    now[0] = 61.0
    assert not codes.redeem("sam", code)  # expired
    codes.issue("sam", "erase sam")
    code = re.findall(r"the code (\d{6})", sent[-1])[0]
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    assert [codes.redeem("sam", wrong) for _ in range(3)] == [False] * 3
    assert not codes.redeem("sam", code)  # three wrong guesses voided it
