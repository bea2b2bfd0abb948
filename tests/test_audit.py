"""The audit log (issue 33, part 2): every change an event with its actor, in the change's own
transaction; hash-chained per tenant, so `verify` finds an event changed, removed, inserted or
reordered and names the first bad one; no content in it; a tenant reads its own events only.
Real SQLite and PostgreSQL, tampered with by SQL as an attacker with the database would."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import remem
from remem.apikeys import KeyRing
from remem.cli import cli
from remem.llm.base import ToolCall
from remem.server import create_app
from remem.tools import ToolDispatcher
from remem.trust.audit import chain_of, pseudonym
from tests import pg

SECRET = "AUDIT-CANARY-71c2 the safe combination is 30-12-77"


@pytest.fixture(params=["sqlite", "postgres"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def place(kind: str, path: Path) -> str:
    return pg.url_for(path) if kind == "postgres" else str(path)


@contextmanager
def sql(where: str) -> Iterator[Callable[..., Any]]:
    """Run SQL on the store's database directly, as someone with access to its files would."""
    if where.startswith("postgresql"):
        with psycopg.connect(where, autocommit=True) as conn:

            def run(query: str, *params: Any) -> list[Any]:
                cursor = conn.execute(query.replace("?", "%s"), params)
                return cursor.fetchall() if cursor.description else []

            yield run
    else:
        import sqlite3

        conn = sqlite3.connect(Path(where) / "remem.db", isolation_level=None)
        try:
            yield lambda q, *p: conn.execute(q, p).fetchall()
        finally:
            conn.close()


def history(where: str) -> list[tuple[str, str, int]]:
    with remem.open(where, embedder="hash:64") as mem:
        return [(e.action, e.actor, len(e.ids)) for e in reversed(mem.audit(limit=1000))]


def test_every_change_is_an_event_naming_who_made_it(kind: str, tmp_path: Path) -> None:
    where = place(kind, tmp_path / "store")
    with remem.open(where, embedder="hash:64") as mem:
        first = mem.add(SECRET, user_id="ann")
        mem.add_many([{"text": f"bob's note {i}", "user_id": "bob"} for i in range(3)])
        mem.add("a line of the innkeeper", agent_id="innkeeper")
        mem.update(first.id, text=f"{SECRET} (changed)")
        mem.add("doc", user_id="ann", id="doc-1")
        mem.add("doc, again", user_id="ann", id="doc-1", upsert=True)  # a replace
        mem.delete(first.id)
        key, _ = KeyRing(mem.store).create("bob's app", users=["bob"])
        rest = TestClient(create_app(mem), headers={"Authorization": f"Bearer {key}"})
        assert rest.post("/v1/memories", json={"text": "bob via REST"}).status_code == 201
        tools = ToolDispatcher(mem, user_id="bob")
        assert tools.execute(
            ToolCall(id="1", name="save_memory", arguments={"text": "bob via a tool"})
        )["ok"]
        mem.export(tmp_path / "out.jsonl")
        KeyRing(mem.store).revoke(KeyRing(mem.store).list()[0].key_id)
        mem.forget(user_id="ann")
        mem.reembed("hash:32")
    runner = CliRunner()
    added = runner.invoke(
        cli,
        ["add", "carol via the CLI", "--user", "carol", "--store", where, "--embedder", "hash:32"],
    )
    assert added.exit_code == 0, added.output
    with remem.open(where, embedder="hash:32") as mem:
        mem.import_(tmp_path / "out.jsonl", reembed=True)
        events = list(reversed(mem.audit(limit=1000)))
        assert mem.verify_audit().ok
    actions = [(e.action, e.actor) for e in events]
    assert actions[:7] == [
        ("add", "python"),
        ("add", "python"),
        ("add", "python"),
        ("update", "python"),
        ("add", "python"),
        ("replace", "python"),
        ("delete", "python"),
    ]
    rest_key = KeyRing.key_id_of(key)
    assert ("key_created", "python") in actions and ("key_revoked", "python") in actions
    assert ("add", f"rest:{rest_key}") in actions and ("add", "tools") in actions
    assert ("forget", "python") in actions and ("reembed", "python") in actions
    assert ("add", "cli") in actions and ("import", "python") in actions
    update = next(e for e in events if e.action == "update")
    assert update.detail == {"fields": ["embedding", "text"]}
    # Nothing of the content, and not even the ids, is in the log: keyed hashes only.
    with sql(where) as run:
        rows = json.dumps(run("SELECT * FROM audit_events"))
    assert "AUDIT-CANARY" not in rows and first.id not in rows and "bob's note" not in rows
    with remem.open(where, embedder="hash:32") as mem:
        assert pseudonym(mem.store.audit.key(), first.id) in rows  # type: ignore[attr-defined]
        assert [e.action for e in mem.audit(id=first.id)] == ["delete", "update", "add"]


def seeded(where: str) -> None:
    """Two tenants' chains of four events each."""
    with remem.open(where, embedder="hash:64") as mem:
        for user in ("ann", "bob"):
            record = mem.add(f"{user}'s first note", user_id=user)
            mem.add(f"{user}'s second note", user_id=user)
            mem.update(record.id, text=f"{user}'s first note, changed")
            mem.delete(record.id)


def verdict(where: str) -> dict[str, Any]:
    with remem.open(where, embedder="hash:64") as mem:
        return mem.verify_audit().to_dict()


def ann_chain(where: str) -> str:
    with remem.open(where, embedder="hash:64") as mem:
        return chain_of(mem.store.audit.key(), "ann")  # type: ignore[attr-defined]


TAMPERING: dict[str, tuple[str, int]] = {
    # what an attacker does to Ann's chain (events 1-4) -> the first bad event named, and why
    "changed": ("UPDATE audit_events SET action = 'add' WHERE chain = ? AND n = 3", 3),
    "removed": ("DELETE FROM audit_events WHERE chain = ? AND n = 2", 3),
    "reordered": (  # events 2 and 3 swap places (three steps: (chain, n) is unique)
        "UPDATE audit_events SET n = -1 WHERE chain = ? AND n = 2;"
        "UPDATE audit_events SET n = 2 WHERE chain = ? AND n = 3;"
        "UPDATE audit_events SET n = 3 WHERE chain = ? AND n = -1",
        2,
    ),
    "tail removed": ("DELETE FROM audit_events WHERE chain = ? AND n = 4", 4),
}


@pytest.mark.parametrize("tampering", [*TAMPERING, "inserted"])
def test_verify_finds_each_kind_of_tampering_and_names_the_first_bad_event(
    kind: str, tampering: str, tmp_path: Path
) -> None:
    where = place(kind, tmp_path / "store")
    seeded(where)
    assert verdict(where)["ok"] is True and verdict(where)["events"] == 8
    chain = ann_chain(where)
    with sql(where) as run:
        if tampering == "inserted":
            # A forged event with a hash of its own, put after event 2: the numbers shift up.
            run("UPDATE audit_events SET n = n + 10 WHERE chain = ? AND n > 2", chain)
            run("UPDATE audit_events SET n = n - 9 WHERE chain = ? AND n > 10", chain)
            run(
                "INSERT INTO audit_events "
                "(chain, n, at, actor, action, ids, hashes, detail, prev, hash) "
                "SELECT chain, 3, at, actor, 'delete', ids, hashes, detail, hash, hash "
                "FROM audit_events WHERE chain = ? AND n = 2",
                chain,
            )
            run("UPDATE audit_heads SET n = 5 WHERE chain = ?", chain)
            expected = 3
        else:
            statements, expected = TAMPERING[tampering]
            for statement in statements.split(";"):
                run(statement, chain)
    found = verdict(where)
    assert found["ok"] is False, found
    assert found["first_bad"]["chain"] == chain and found["first_bad"]["n"] == expected, found
    runner = CliRunner()
    result = runner.invoke(
        cli, ["audit", "verify", "--store", where, "--embedder", "hash:64", "--plain"]
    )
    assert result.exit_code == 1 and "TAMPERED" in result.output


def test_an_audit_event_commits_with_its_change_or_not_at_all(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash after the event was written, before the commit, undoes the change and its
    event together; a write refused before it records nothing."""
    import remem.stores.audit_log as audit_log

    where = place(kind, tmp_path / "store")
    with remem.open(where, embedder="hash:64") as mem:
        mem.add("kept", user_id="ann")
        before = [(e.seq, e.hash) for e in mem.audit()]
        written = audit_log.append

        def crash(*args: Any, **kwargs: Any) -> None:
            written(*args, **kwargs)
            raise OSError("the process died before the commit")

        monkeypatch.setattr(audit_log, "append", crash)
        with pytest.raises((OSError, remem.StoreError)):
            mem.add("lost", user_id="ann")
        with pytest.raises((OSError, remem.StoreError)):
            mem.delete([r.id for r in mem.list(user_id="ann")])
        monkeypatch.undo()
        with pytest.raises(remem.NotFoundError):
            mem.update("missing", text="x")
        assert [r.text for r in mem.list(user_id="ann")] == ["kept"]
        assert [(e.seq, e.hash) for e in mem.audit()] == before
        assert mem.verify_audit().ok
        mem.add("after", user_id="ann")
        assert mem.verify_audit().ok and len(mem.audit()) == len(before) + 1


def test_a_tenant_reads_its_own_events_only(kind: str, tmp_path: Path) -> None:
    where = place(kind, tmp_path / "store")
    seeded(where)
    with remem.open(where, embedder="hash:64") as mem:
        ring = KeyRing(mem.store)
        ann_key = ring.create("ann's app", users=["ann"])[0]
        admin = ring.create("ops", admin=True)[0]
        everything = mem.audit(limit=1000)
        ann = TestClient(create_app(mem), headers={"Authorization": f"Bearer {ann_key}"})
        mine = ann.get("/v1/audit", params={"limit": 1000}).json()["events"]
        chain = ann_chain(where)
        assert {e["chain"] for e in mine} == {chain} and len(mine) == 4
        assert len(everything) > len(mine)
        assert ann.get("/v1/audit/verify").status_code == 403
        ops = TestClient(create_app(mem), headers={"Authorization": f"Bearer {admin}"})
        assert ops.get("/v1/audit/verify").json()["ok"] is True
        assert len(ops.get("/v1/audit", params={"limit": 1000}).json()["events"]) == len(everything)
        assert ann.get("/v1/audit", params={"limit": 0}).status_code == 422
        # Bob's record id, through Ann's key, answers exactly as an unknown id.
        bobs = next(e for e in everything if e.chain == chain_of(mem.store.audit.key(), "bob"))
        assert bobs.ids
        with remem.open(where, embedder="hash:64") as admin_view:
            bob_record = admin_view.list_all(user_id="bob")[0].id
        assert ops.get("/v1/audit", params={"id": bob_record}).json()["events"]
        by_id = ann.get("/v1/audit", params={"id": bob_record})
        unknown = ann.get("/v1/audit", params={"id": "no-such-record"})
        assert by_id.status_code == unknown.status_code == 200
        assert by_id.json() == unknown.json() == {"events": []}


def test_cli_lists_the_log(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    seeded(store)
    runner = CliRunner()
    plain = runner.invoke(
        cli, ["audit", "--store", store, "--embedder", "hash:64", "--plain", "--limit", "3"]
    )
    assert plain.exit_code == 0 and len(plain.output.splitlines()) == 3 and "delete" in plain.output
    listed = runner.invoke(cli, ["audit", "--store", store, "--embedder", "hash:64"])
    assert [json.loads(line)["action"] for line in listed.output.splitlines()][:1] == ["delete"]
    ok = runner.invoke(cli, ["audit", "verify", "--store", store, "--embedder", "hash:64"])
    assert ok.exit_code == 0 and json.loads(ok.output)["ok"] is True


def test_first_writes_of_many_threads_at_once_on_a_fresh_handle(tmp_path: Path) -> None:
    """Many threads' first deletes at once on a fresh handle (the audit key not read yet), on
    PostgreSQL's pool of 8: all go through and the log verifies. (The key is read on the
    write's own connection: a write that took a second pooled connection for it could wait on
    writers doing the same — seen once, as a pool timeout, with 2 processes x 20 threads.)"""
    from concurrent.futures import ThreadPoolExecutor

    where = pg.url_for(tmp_path / "store")
    with remem.open(where, embedder="hash:64") as mem:
        ids = [
            r.id for r in mem.add_many([{"text": f"note {i}", "user_id": "u"} for i in range(48)])
        ]
    with remem.open(where, embedder="hash:64") as mem:  # fresh: the key not read yet
        with ThreadPoolExecutor(24) as pool:  # deletes run side by side, 8 pooled connections
            gone = list(pool.map(lambda i: mem.delete([i]), ids))
        assert gone == [1] * 48
        assert mem.verify_audit().ok and len(mem.audit(limit=1000)) == 49


def test_a_restore_is_an_event_of_the_restored_store(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add(SECRET, user_id="ann")
        mem.backup(tmp_path / "backup")
    restored = CliRunner().invoke(
        cli, ["restore", str(tmp_path / "backup"), "--store", str(tmp_path / "restored")]
    )
    assert restored.exit_code == 0, restored.output
    with remem.open(tmp_path / "restored", embedder="hash:64") as mem:
        newest = mem.audit(limit=1)[0]
        assert (newest.action, newest.actor, newest.detail) == ("restore", "cli", {"records": 1})
        assert mem.verify_audit().ok
