"""Encryption at rest (issue 33, part 5): an encrypted SQLite store (SQLCipher) whose database,
write-ahead log and index files hold no plaintext and no readable vector; a missing, wrong or
unneeded key fails at open with an error saying which, and writes nothing; ``remem rekey``
encrypts, changes the key and decrypts; backups stay encrypted and exports say they are not;
two tenants in one encrypted store keep to their own, and erasing one is verified. The cost
is measured by ``benchmarks/encryption.py``, not here."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import remem
from remem.apikeys import KeyRing
from remem.cli import cli
from remem.server import create_app
from remem.stores.erasure import count_in_files

from . import pg

KEY = "correct horse battery staple"
CANARY = "ENCRYPTION-CANARY-5e1d"


def files_of(store: Path) -> list[Path]:
    return [p for p in store.iterdir() if p.is_file()]


def found(files: list[Path], patterns: list[bytes]) -> dict[str, int]:
    return count_in_files(files, patterns)


def test_no_plaintext_and_no_vector_in_any_file(tmp_path: Path) -> None:
    store = tmp_path / "store"
    aside = tmp_path / "aside"
    with remem.open(store, key=KEY, embedder="hash:64", exact_search_limit=16) as mem:
        for i in range(60):
            mem.add(f"{CANARY} note {i}: the harbour ferry leaves at {i}", user_id="ann")
        mem.chat("s1", user_id="ann").add({"role": "user", "content": f"{CANARY} in a chat"})
        remem.KeyValueMemory(mem, user_id="ann").set("door code", f"{CANARY} 4711")
        assert mem.search("harbour ferry", user_id="ann", k=3)  # builds the ANN index
        assert mem.store.save_index() is False  # type: ignore[attr-defined]  # none kept
        vector = next(iter(mem.store.vectors([mem.list(user_id="ann", limit=1)[0].id]).values()))
        shutil.copytree(store, aside)  # the files as they are while open: the log not folded
    patterns = [CANARY.encode(), np.asarray(vector[0], "<f4").tobytes()[:32]]
    assert {p.name for p in files_of(aside)} >= {"remem.db", "remem.db-wal"}
    assert found(files_of(aside), patterns) == {}
    assert found(files_of(store), patterns) == {}
    assert not list(store.glob("remem.index*"))
    with remem.open(store, key=KEY, embedder="hash:64") as mem:
        assert len(mem.list(user_id="ann", limit=100)) == 62  # all of it reads back


def test_a_missing_wrong_or_unneeded_key_fails_at_open_and_writes_nothing(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with remem.open(store, key=KEY, embedder="hash:64") as mem:
        mem.add(CANARY)
    before = {p.name: p.read_bytes() for p in files_of(store)}
    with pytest.raises(remem.WrongKeyError, match="is encrypted: open it with its key"):
        remem.open(store, embedder="hash:64")
    with pytest.raises(remem.WrongKeyError, match=r"the key does not open .*wrong key"):
        remem.open(store, key="not the key", embedder="hash:64")
    assert {p.name: p.read_bytes() for p in files_of(store)} == before  # nothing written
    plain = tmp_path / "plain"
    remem.open(plain, embedder="hash:64").close()
    with pytest.raises(remem.InvalidInputError, match="is not encrypted: open it without a key"):
        remem.open(plain, key=KEY, embedder="hash:64")
    with pytest.raises(remem.InvalidInputError, match="in memory has no files to encrypt"):
        remem.open(":memory:", key=KEY)
    with pytest.raises(remem.InvalidInputError, match="encrypted by its server and disks"):
        remem.open(pg.url_for(tmp_path / "pg"), key=KEY)
    answer = CliRunner().invoke(cli, ["list", "--store", str(store)], env={"REMEM_KEY": ""})
    assert answer.exit_code == 1 and "is encrypted: open it with its key" in answer.output


def test_rekey_encrypts_changes_the_key_and_decrypts(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        mem.add(CANARY, user_id="ann")
        mem.add("a second note", user_id="ann")
    runner = CliRunner()

    def rekey(old: str, new: str, *extra: str) -> str:
        env = {"REMEM_KEY": old, "REMEM_NEW_KEY": new}
        done = runner.invoke(cli, ["rekey", "--store", str(store), *extra], env=env)
        assert done.exit_code == 0, done.output
        return done.output

    assert '"encrypted": true' in rekey("", KEY)
    assert found(files_of(store), [CANARY.encode()]) == {}
    rekey(KEY, "a new key")
    with pytest.raises(remem.WrongKeyError):
        remem.open(store, key=KEY, embedder="hash:64")
    with remem.open(store, key="a new key", embedder="hash:64") as mem:
        assert sorted(r.text for r in mem.list(user_id="ann")) == [CANARY, "a second note"]
    assert '"encrypted": false' in rekey("a new key", "", "--decrypt")
    with remem.open(store, embedder="hash:64") as mem:
        assert len(mem.list(user_id="ann")) == 2
    refused = runner.invoke(
        cli, ["rekey", "--store", str(store), "--decrypt"], env={"REMEM_KEY": ""}
    )
    assert refused.exit_code == 1 and "not encrypted: nothing to decrypt" in refused.output


def test_backups_stay_encrypted_and_exports_say_they_are_not(tmp_path: Path) -> None:
    store, copy = tmp_path / "store", tmp_path / "backup"
    with remem.open(store, key=KEY, embedder="hash:64") as mem:
        mem.add(CANARY, user_id="ann")
        assert mem.backup(copy)["encrypted"] is True
    assert found(files_of(copy), [CANARY.encode()]) == {}
    runner = CliRunner()
    restored = tmp_path / "restored"
    no_key = runner.invoke(
        cli, ["restore", str(copy), "--store", str(restored)], env={"REMEM_KEY": ""}
    )
    assert no_key.exit_code == 1 and "is encrypted" in no_key.output
    done = runner.invoke(
        cli, ["restore", str(copy), "--store", str(restored)], env={"REMEM_KEY": KEY}
    )
    assert done.exit_code == 0 and '"encrypted": true' in done.output
    with remem.open(restored, key=KEY, embedder="hash:64") as mem:
        assert [r.text for r in mem.list()] == [CANARY]
    out = tmp_path / "out.jsonl"
    exported = runner.invoke(
        cli, ["export", str(out), "--store", str(store)], env={"REMEM_KEY": KEY}
    )
    assert exported.exit_code == 0 and "its export is not (plain JSON)" in exported.output
    assert '"encrypted": false' in out.read_text().splitlines()[0]


def test_two_tenants_in_an_encrypted_store_and_a_verified_erase(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with remem.open(store, key=KEY, embedder="hash:64") as mem:
        ring = KeyRing(mem.store)
        keys = {user: ring.create(user, users=[user])[0] for user in ("ann", "bob")}
        rest = {
            user: TestClient(create_app(mem), headers={"Authorization": f"Bearer {key}"})
            for user, key in keys.items()
        }
        ids = {
            user: rest[user].post("/v1/memories", json={"text": f"{CANARY} of {user}"}).json()["id"]
            for user in keys
        }
        assert rest["ann"].get(f"/v1/memories/{ids['bob']}").status_code == 404
        hits = rest["ann"].post("/v1/search", json={"query": CANARY}).json()["hits"]
        assert [h["id"] for h in hits] == [ids["ann"]]
        receipt = rest["ann"].post("/v1/forget", json={"user_id": "ann"}).json()
        assert receipt["verified"] is True and receipt["erased"]["records"] == 1
        assert any("decrypted rows" in step for step in receipt["scrubbed"])
        assert rest["bob"].get(f"/v1/memories/{ids['bob']}").json()["text"] == f"{CANARY} of bob"
    assert found(files_of(store), [CANARY.encode()]) == {}


def test_an_id_already_stored_is_a_conflict_in_an_encrypted_store_too(tmp_path: Path) -> None:
    """SQLCipher reports a broken constraint without SQLite's extended codes: the store finds
    the id itself (undoing the batch first), so a taken id is a ConflictError on both drivers
    and the batch writes nothing."""
    from remem.stores.sqlite import SQLiteStore
    from remem.testing.store_conformance import record

    for key in (None, "a key"):
        place = tmp_path / f"store-{bool(key)}"
        with SQLiteStore(place, key=key) as store:
            store.insert([record("a", "first")])
            with pytest.raises(remem.ConflictError, match="'a' is already stored"):
                store.insert([record("b", "second"), record("a", "again")])
            with pytest.raises(remem.ConflictError, match="'c' is already stored"):
                store.insert([record("c", "one"), record("c", "twice in one batch")])
            assert [r.id for r in store.records()] == ["a"]  # nothing of either batch
