"""Forgetting a subject (issue 33, part 1): every trace of a user erased, with a receipt, on
SQLite (the raw files scanned byte by byte) and PostgreSQL (every row of every table), written
through every memory type and face as one user among others; the others' data intact and
ranked as before; a tenant forgets only itself; all or nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import remem
import remem.stores.erasure
from remem.apikeys import KeyRing
from remem.cli import cli
from remem.llm.base import ToolCall
from remem.server import create_app
from remem.stores.erasure import Needles
from remem.tools import ToolDispatcher
from remem.trust.access import Grant
from tests import pg
from tests.serving import running

#: Each user's canary: a string no other text holds, written in every memory type and face.
CANARY = "CANARY-{user}-7f3a9e my bank PIN is 4921, I live at 12 Rosewood Lane, Exeter"


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return (
        pg.url_for(tmp_path / "store") if request.param == "postgres" else str(tmp_path / "store")
    )


@contextmanager
def opened(where: str) -> Iterator[remem.Memory]:
    """The store, with a cache that keeps its answers while the scope's memories change."""
    with remem.open(where, embedder="hash:64") as mem:
        mem.cache("answers", invalidate=False)
        yield mem


def canary(user: str) -> str:
    return CANARY.format(user=user)


def write_everywhere(mem: remem.Memory, user: str, stack: ExitStack) -> None:
    """The user's canary through every memory type and face: memories of every kind, a
    document's chunks, chat, key-value, facts, a memory stream and its reflection, the
    semantic cache (entry and lookup), REST, function-calling tools; and a memory of another
    scope derived from the user's (an agent's note citing it)."""
    secret = canary(user)
    first = mem.add(f"{secret} (a fact)", user_id=user, kind="fact", metadata={"note": secret})
    mem.add_many(
        [{"text": f"{secret} #{i}", "user_id": user, "session_id": "s1"} for i in range(3)]
    )
    mem.add_document(" ".join([secret] * 60), user_id=user, metadata={"source": "upload.txt"})
    chat = mem.chat("trip", user_id=user)
    chat.add_many(
        [
            {"role": "user", "content": f"remember: {secret}"},
            {"role": "assistant", "content": "Noted."},
        ]
    )
    mem.keyvalue(user_id=user)["home"] = secret
    mem.facts(user_id=user).add([f"I live at 12 Rosewood Lane. {secret}"])
    stream = mem.stream(user_id=user, agent_id="coach", auto_reflect=False)
    for i in range(4):
        stream.observe(f"{secret} observed {i}", importance=9)
    stream.reflect()
    cache = mem.cache("answers")  # made with invalidate=False by :func:`opened`
    cache.set(f"what is my PIN? {secret}", f"4921 {secret}", user_id=user)
    cache.get(f"what is my PIN? {secret}", user_id=user)
    key = KeyRing(mem.store).create(f"{user}'s app", users=[user])[0]
    rest = stack.enter_context(
        TestClient(create_app(mem), headers={"Authorization": f"Bearer {key}"})
    )
    response = rest.post("/v1/memories", json={"text": f"{secret} via REST"})
    assert response.status_code == 201, response.text
    tools = ToolDispatcher(mem, user_id=user)
    assert tools.execute(
        ToolCall(id="1", name="save_memory", arguments={"text": f"{secret} via a tool"})
    )["ok"]
    mem.add(
        f"the coach's summary: {secret}", agent_id="coach", metadata={"derived_from": [first.id]}
    )


def occurrences(where: str, text: str) -> dict[str, int]:
    """Where ``text`` is found: every file of a SQLite store, byte by byte; every row of every
    table of a PostgreSQL database, as text."""
    found: dict[str, int] = {}
    if where.startswith("postgresql"):
        with psycopg.connect(where) as conn:
            tables = [
                t
                for (t,) in conn.execute(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                )
            ]
            for table in tables:
                (n,) = conn.execute(
                    f"SELECT count(*) FROM {table} t WHERE t::text LIKE %s", (f"%{text}%",)
                ).fetchone()
                if n:
                    found[table] = n
        return found
    for file in Path(where).iterdir():
        n = file.read_bytes().count(text.encode())
        if n:
            found[file.name] = n
    return found


def bobs_view(mem: remem.Memory) -> Any:
    listed = [(r.id, r.text, r.kind, r.metadata) for r in mem.list_all(user_id="bob")]
    searches = [
        [(h.id, round(h.score, 6)) for h in mem.search(q, user_id="bob", k=10)]
        for q in ("bank PIN", "Rosewood Lane", "what is my PIN", "observed")
    ]
    return (
        listed,
        searches,
        mem.cache("answers").lookup(f"what is my PIN? {canary('bob')}", user_id="bob").score,
    )


def test_forget_erases_every_trace_of_a_user_and_nothing_of_anyone_else(where: str) -> None:
    with ExitStack() as stack, opened(where) as mem:
        write_everywhere(mem, "ann", stack)
        write_everywhere(mem, "bob", stack)
        doomed = mem.list(user_id="ann", session_id="s1", limit=2)
        mem.delete([r.id for r in doomed])  # deleted earlier: still readable in the files
        assert occurrences(where, "CANARY-ann") and occurrences(where, "CANARY-bob")
        bob_before = bobs_view(mem)

        receipt = mem.forget(user_id="ann")

        assert receipt.verified is True and receipt.traces == {}
        erased = receipt.erased
        assert erased["records"] >= 20 and erased["derived"] == 1, erased
        assert (
            erased["cache_entries"] == 1
            and erased["api_keys"] == 1
            and erased["cache_lookups"] == 1
        )
        assert receipt.looked_for["texts"] > 0 and receipt.looked_for["vectors"] > 0
        assert occurrences(where, "CANARY-ann") == {}
        assert mem.list_all(user_id="ann") == [] and mem.search("bank PIN", user_id="ann") == []
        assert not any(
            e.user_id == "ann" for events in mem.cache_activity().values() for e in events
        )
        assert [k.name for k in KeyRing(mem.store).list()] == ["bob's app"]
        assert bobs_view(mem) == bob_before  # not one of Bob's answers moved
        assert occurrences(where, "CANARY-bob")  # still stored (moved from the log, perhaps)
        # The coach's own memories stay; only the note derived from Ann's is gone.
        assert all("CANARY-ann" not in r.text for r in mem.list_all(agent_id="coach"))
        assert any("CANARY-bob" in r.text for r in mem.list_all(agent_id="coach"))

        again = mem.forget(user_id="ann")  # nothing left: an empty receipt, not an error
        assert again.verified is True and not any(again.erased.values())
    with remem.open(where, embedder="hash:64") as mem:  # reopened: the index rebuilt without her
        assert mem.search("bank PIN", user_id="ann") == [] and mem.search("bank PIN", user_id="bob")


def test_the_scan_finds_what_a_plain_delete_leaves(tmp_path: Path) -> None:
    """The verification is real: after an ordinary delete the same scan finds the text, in the
    files, until forget rewrites them."""
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        records = [mem.add(f"{canary('ann')} #{i}", user_id="ann") for i in range(5)]
        needles = Needles(ids=[r.id for r in records], texts=[r.text for r in records])
        mem.delete([r.id for r in records])
        assert mem.store.erasure.traces(needles).found["remem.db-wal"] > 0  # type: ignore[attr-defined]
        assert mem.forget(user_id="ann").verified is True
        assert mem.store.erasure.traces(needles).found == {}  # type: ignore[attr-defined]


def test_a_tenant_forgets_itself_and_another_tenant_answers_as_unknown(where: str) -> None:
    with remem.open(where, embedder="hash:64") as mem:
        for user in ("ann", "bob"):
            mem.add_many([{"text": f"{canary(user)} #{i}", "user_id": user} for i in range(3)])
        ring = KeyRing(mem.store)
        ann_key = ring.create("ann's app", users=["ann"])[0]
        bob_before = bobs_view(mem)
        rest = TestClient(create_app(mem), headers={"Authorization": f"Bearer {ann_key}"})

        def receipt(body: dict[str, Any]) -> dict[str, Any]:
            response = rest.post("/v1/forget", json=body)
            assert response.status_code == 200, response.text
            found = response.json()
            return {k: v for k, v in found.items() if k not in ("subject", "seconds")}

        assert receipt({"user_id": "bob"}) == receipt({"user_id": "nobody"})
        assert receipt({"user_id": "bob"})["erased"]["records"] == 0
        assert bobs_view(mem) == bob_before
        # A session of Bob's own name, through Ann's key: only Ann's scope is touched.
        mem.add(canary("bob"), user_id="bob", session_id="shared")
        mem.add(canary("ann"), user_id="ann", session_id="shared")
        assert receipt({"session_id": "shared"})["erased"]["records"] == 1
        assert [r.text for r in mem.list(user_id="bob", session_id="shared")] == [canary("bob")]

        mine = receipt({"user_id": "ann"})
        assert mine["verified"] is True and mine["erased"]["records"] == 3
        assert mine["erased"]["api_keys"] == 1  # her key was hers alone: it goes too
        assert [e.action for e in mem.audit(limit=2)] == ["key_deleted", "forget"]
        assert rest.get("/v1/whoami").status_code == 401
        assert mem.list_all(user_id="ann") == [] and occurrences(where, "CANARY-ann") == {}
        assert len(mem.list_all(user_id="bob")) == 4

        scoped = mem.scoped(Grant(users=("bob",)))
        assert (
            scoped.forget(user_id="ann").erased
            == mem.scoped(Grant(users=("bob",))).forget(user_id="carol").erased
        )


def test_forget_is_all_or_nothing_and_a_second_call_completes_it(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure after the records were deleted, inside the erase's transaction, undoes it
    whole: every memory and cache entry is still there; the next call erases everything."""
    with ExitStack() as stack, opened(where) as mem:
        write_everywhere(mem, "ann", stack)
        before = [r.id for r in mem.list_all(user_id="ann")]

        def crash(*args: Any) -> bool:
            raise remem.StoreError("the disk went away mid-erase")

        # Both stores choose the keys to delete after deleting the records, in one transaction.
        monkeypatch.setattr(remem.stores.erasure, "key_grant_for", crash)
        with pytest.raises(remem.StoreError, match="went away"):
            mem.forget(user_id="ann")
        assert [r.id for r in mem.list_all(user_id="ann")] == before
        assert mem.cache("answers").lookup(f"what is my PIN? {canary('ann')}", user_id="ann").hit
        assert len(KeyRing(mem.store).list()) == 1
        monkeypatch.undo()
        receipt = mem.forget(user_id="ann")
        assert receipt.verified is True and receipt.erased["records"] >= len(before)
        assert occurrences(where, "CANARY-ann") == {}


def test_forget_needs_a_subject(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add("kept", user_id="ann")
        with pytest.raises(remem.InvalidInputError, match="needs a subject"):
            mem.forget()
        with pytest.raises(remem.InvalidInputError, match="non-empty"):
            mem.forget(user_id="")
        response = TestClient(create_app(mem)).post("/v1/forget", json={})
        assert response.status_code == 400 and "needs a subject" in response.text
        assert (
            TestClient(create_app(mem)).post("/v1/forget", json={"user": "ann"}).status_code == 422
        )
        assert [r.text for r in mem.list_all()] == ["kept"]


def test_forget_by_namespace_and_by_agent(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add(canary("work"), user_id="ann", namespace=["work", "atlas"])
        mem.add(canary("root"), user_id="ann")
        mem.add(canary("npc"), agent_id="npc-1")
        assert mem.forget(user_id="ann", namespace=["work"]).erased["records"] == 1
        assert [r.text for r in mem.list_all(user_id="ann")] == [canary("root")]
        assert mem.forget(agent_id="npc-1").erased["records"] == 1
        assert occurrences(str(tmp_path / "store"), "CANARY-work") == {}
        assert occurrences(str(tmp_path / "store"), "CANARY-npc") == {}


def test_cli_client_and_mcp_forget(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        for user in ("ann", "bob", "cid"):
            mem.add(canary(user), user_id=user)
        with running(create_app(mem)) as url:
            found = remem.Client(url).forget(user_id="cid")
            assert found.verified is True and found.erased["records"] == 1
    runner = CliRunner()
    result = runner.invoke(
        cli, ["forget", "--user", "ann", "--store", str(store), "--embedder", "hash:64"]
    )
    assert result.exit_code == 0, result.output
    receipt = json.loads(result.output)
    assert receipt["verified"] is True and receipt["erased"]["records"] == 1
    plain = runner.invoke(
        cli, ["forget", "--user", "ann", "--store", str(store), "--embedder", "hash:64", "--plain"]
    )
    assert (
        plain.exit_code == 0
        and "erased: nothing stored" in plain.output
        and "verified: none of" in plain.output
    )
    refused = runner.invoke(cli, ["forget", "--store", str(store), "--embedder", "hash:64"])
    assert refused.exit_code != 0 and "needs a subject" in refused.output

    import anyio

    from tests.test_mcp import call, over_stdio

    console = tmp_path / "console.txt"  # the server's stderr: where the person sees the code

    async def scenario() -> None:
        with console.open("w") as errlog:
            async with over_stdio(store, "--user", "bob", "--allow-forget", errlog=errlog) as s:
                failed, text = await call(s, "forget_user")  # the model alone: nothing
                assert not failed and json.loads(text)["erased"] is False
                errlog.flush()
                code = re.search(r"the code (\d{6})", console.read_text()).group(1)  # type: ignore[union-attr]
                failed, text = await call(s, "forget_user", code=code)  # the person's code
                assert not failed and json.loads(text)["receipt"]["erased"]["records"] == 1

    anyio.run(scenario)
    assert occurrences(str(store), "CANARY") == {}


def test_another_handle_never_saves_an_index_holding_erased_vectors(tmp_path: Path) -> None:
    """A second handle (as another process) holding an ANN index built before the erase, with
    changes its file lacks, does not write it to disk afterwards (its cells hold the erased
    vectors, quantised): it rebuilds from the rows instead."""
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        mem.add_many([{"text": f"{canary('ann')} #{i}", "user_id": "ann"} for i in range(300)])
        mem.add_many([{"text": f"bob's note {i}", "user_id": "bob"} for i in range(300)])
    other = remem.open(store, embedder="hash:64")
    other.store.exact_search_limit = 10  # type: ignore[attr-defined]
    try:
        other.store.build_index()
        other.add("bob's later note", user_id="bob")  # a change its saved file lacks
        assert other.search("note", user_id="bob")
        with remem.open(store, embedder="hash:64") as mem:
            assert mem.forget(user_id="ann").verified is True
    finally:
        other.close()  # would save its index, were it not stale
    assert sorted(p.name for p in store.iterdir()) == ["remem.db"]
    with remem.open(store, embedder="hash:64") as mem:
        assert [h.text for h in mem.search("bank PIN", user_id="bob", k=3)]
        assert mem.search("bank PIN", user_id="ann") == []


def test_forget_while_the_vector_index_is_being_built(tmp_path: Path) -> None:
    """A search starts building the ANN cells on a thread of their own; forget does not wait
    for it (the build needs the store's lock forget holds) and the build, finding its index
    dropped, is thrown away unsaved."""
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        mem.store.exact_search_limit = 50  # type: ignore[attr-defined]
        mem.add_many([{"text": f"{canary('ann')} #{i}", "user_id": "ann"} for i in range(3000)])
        mem.add_many([{"text": f"bob's note {i}", "user_id": "bob"} for i in range(3000)])
        for _ in range(3):
            assert mem.search("note", user_id="bob")  # the first starts a build
            receipt = mem.forget(user_id="ann")
            assert receipt.verified is True
        assert mem.search("note", user_id="bob") and not mem.search("note", user_id="ann")
    assert occurrences(str(store), "CANARY-ann") == {}


def test_a_forget_that_erases_nothing_costs_the_store_nothing(tmp_path: Path) -> None:
    """Issue 43: any key could make every tenant wait by asking to forget someone it cannot
    see (the store rewritten, the vector index thrown away). Now nothing erased is nothing
    scrubbed: the index files stay, no process rebuilds, and the receipt says so."""
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        mem.store.exact_search_limit = 10  # type: ignore[attr-defined]
        mem.add_many([{"text": f"bob's note {i}", "user_id": "bob"} for i in range(300)])
        mem.store.build_index()  # type: ignore[attr-defined]
        mem.store.save_index()  # type: ignore[attr-defined]
        files = sorted(p.name for p in store.iterdir())
        generation = mem.store._db.rows(  # type: ignore[attr-defined]
            "SELECT value FROM meta WHERE key = 'vector_generation'"
        )
        for forgetter, subject in ((mem, "nobody"), (mem.scoped(Grant(users=("ann",))), "bob")):
            receipt = forgetter.forget(user_id=subject)
            assert receipt.erased["records"] == 0 and receipt.scrubbed == []
            assert receipt.verified is True
        assert sorted(p.name for p in store.iterdir()) == files  # the index files are kept
        assert (
            mem.store._db.rows(  # type: ignore[attr-defined]
                "SELECT value FROM meta WHERE key = 'vector_generation'"
            )
            == generation
        )
        # A real erasure zeroes what it deleted in place: no rewrite of the whole file.
        mem.add(canary("ann"), user_id="ann")
        receipt = mem.forget(user_id="ann")
        assert receipt.verified is True and receipt.erased["records"] == 1
        assert not any("VACUUM" in step for step in receipt.scrubbed)
        assert occurrences(str(store), "CANARY-ann") == {}


def test_a_store_that_deleted_before_deletes_were_zeroed_is_rewritten_once(
    tmp_path: Path,
) -> None:
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        mem.add_many([{"text": f"{canary('ann')} #{i}", "user_id": "ann"} for i in range(3)])
        conn = mem.store._db.raw  # type: ignore[attr-defined]
        conn.execute("PRAGMA secure_delete = OFF")  # as an older remem deleted
        mem.delete([r.id for r in mem.list_all(user_id="ann")][:1])
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'free_space_zeroed'")
        conn.execute("PRAGMA secure_delete = ON")
        first = mem.forget(user_id="ann")
        assert first.verified is True and any("VACUUM" in step for step in first.scrubbed)
        mem.add(canary("bob"), user_id="bob")
        second = mem.forget(user_id="bob")
        assert second.verified is True and not any("VACUUM" in s for s in second.scrubbed)
        assert occurrences(str(store), "CANARY") == {}


def test_a_tenant_may_ask_only_so_many_erasures_an_hour(tmp_path: Path) -> None:
    limits = remem.Limits(max_tenant_forgets_per_hour=3)
    with remem.open(tmp_path / "store", embedder="hash:64", limits=limits) as mem:
        ring = KeyRing(mem.store)
        ann_key = ring.create("ann's app", users=["ann"])[0]
        rest = TestClient(create_app(mem), headers={"Authorization": f"Bearer {ann_key}"})
        answers = [rest.post("/v1/forget", json={"user_id": "bob"}).status_code for _ in range(4)]
        assert answers == [200, 200, 200, 429]
        refused = rest.post("/v1/forget", json={"user_id": "bob"}).json()
        assert "max_tenant_forgets_per_hour" in refused["error"]["message"]
        bob = mem.scoped(Grant(users=("bob",)), actor="rest:bob-key")  # another key: its own
        assert bob.forget(user_id="bob").erased["records"] == 0
        for _ in range(5):  # the application itself (admin) is not counted
            mem.forget(user_id="nobody")
