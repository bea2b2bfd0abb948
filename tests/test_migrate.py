"""`remem migrate`: a whole store copied to another backend and back, verified by checksum."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import remem
from remem.apikeys import KeyRing
from remem.cli.main import cli
from remem.core.validate import content_hash
from remem.stores import NewRecord, open_store
from remem.stores.migrate import checksum, migrate_store
from remem.trust.access import Grant

from . import pg

EMBEDDER = "hash:64"


def fill(location: str | Path) -> dict[str, str]:
    """A store holding what a copy must carry: two tenants' messages, a document and its
    chunks, a record with window vectors, one without a vector, access counts, a cache entry
    with hits, an active and a revoked API key, LLM usage. Returns ids by name."""
    made: dict[str, str] = {}
    with remem.open(location, embedder=EMBEDDER) as mem:
        made["ada"] = mem.add("Ada keeps bees on the roof", user_id="ada", session_id="s1").id
        mem.add("Ada's hives gave honey in June", user_id="ada", session_id="s1")
        made["bob"] = mem.add("Bob restores old motorbikes", user_id="bob").id
        doc = mem.add_document(
            "Beekeeping notes. " * 40 + "Varroa mites are treated in late summer.",
            user_id="ada",
            chunk_size=32,
        )
        made["doc"] = doc.id
        signature = mem.store.signature()
        assert signature is not None
        rows = np.random.default_rng(3).normal(size=(3, signature.dimensions)).astype(np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        text = "a long note with window vectors"
        mem.store.insert(
            [
                NewRecord(
                    id="windowed",
                    text=text,
                    kind="note",
                    content_hash=content_hash(text),
                    created_at=1_700_000_000.5,
                    user_id="bob",
                    vector=rows[0],
                    parts=rows[1:],
                    metadata={"tags": ["x", "ü"], "n": 1.25},
                ),
                NewRecord(
                    id="unembedded",
                    text="stored, not embedded",
                    kind="note",
                    content_hash=content_hash("stored, not embedded"),
                    created_at=1_700_000_001.0,
                    user_id="bob",
                ),
            ],
            signature=signature,
        )
        mem.search("bees", user_id="ada")  # access counts
        cache = mem.cache("faq")
        cache.set("when is the honey harvest?", {"answer": "June"}, user_id="ada")
        assert cache.get("when is the honey harvest?", user_id="ada") == {"answer": "June"}
        ring = KeyRing(mem.store)
        ring.create("ada's app", users=["ada"])
        _, old = ring.create("old", admin=True)
        ring.revoke(old.key_id)
        mem.store.usage.add("chat.summary", {"calls": 2, "cost": 0.5})
    return made


def snapshot(location: str | Path) -> dict[str, object]:
    """What a user sees of a store: records, scoped searches, the cache, keys, usage."""
    with remem.open(location, embedder=EMBEDDER) as mem:
        ada = mem.scoped(Grant(users=("ada",)))
        return {
            "records": sorted(
                json.dumps(r.to_dict(), sort_keys=True) for r in mem.list(limit=1000)
            ),
            # The stores rank keywords each their own way (BM25 / ts_rank_cd): what is found.
            "ada_search": sorted(h.id for h in ada.search("bees honey", touch=False)),
            "bob_search": [h.id for h in mem.search("motorbikes", user_id="bob", touch=False)],
            "cache": mem.cache("faq").get("when is the honey harvest?", user_id="ada"),
            "cache_other_user": mem.cache("faq").get("when is the honey harvest?", user_id="bob"),
            "keys": [(k.name, k.active) for k in KeyRing(mem.store).list()],
            "usage": mem.store.usage.totals(),
        }


def test_sqlite_to_postgres_and_back_keeps_everything(tmp_path: Path) -> None:
    made = fill(tmp_path / "src")
    before = snapshot(tmp_path / "src")
    url = pg.url_for(tmp_path / "pg")
    source, target = open_store(tmp_path / "src"), open_store(url)
    try:
        report = migrate_store(source, target, batch=3)
        assert report.records == source.stats().records == 11  # the document's 5 chunks too
        assert report.vectors == source.stats().vectors == 9  # not "unembedded", nor the document
        assert (report.cache_entries, report.api_keys, report.llm_features) == (1, 2, 1)
        assert checksum(target) == checksum(source)
        assert target.vectors(["windowed"], parts=True)["windowed"].shape == (3, 64)
    finally:
        source.close()
        target.close()
    assert snapshot(url) == before
    assert before["cache_other_user"] is None
    assert made["ada"] in before["ada_search"]  # type: ignore[operator]

    back = tmp_path / "back"
    result = CliRunner().invoke(cli, ["migrate", "--from", url, "--to", str(back), "--batch", "7"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    assert shown["verified"] is True and shown["records"] == report.records
    assert shown["checksum"] == report.checksum
    assert snapshot(back) == before


def test_a_copy_keeps_tenants_apart(tmp_path: Path) -> None:
    fill(tmp_path / "src")
    url = pg.url_for(tmp_path / "tenants")
    with open_store(tmp_path / "src") as source, open_store(url) as target:
        migrate_store(source, target)  # a store is a context manager too
    with remem.open(url, embedder=EMBEDDER) as mem:
        bob = mem.scoped(Grant(users=("bob",)))
        seen = [h.text for h in bob.search("bees honey varroa", k=50, touch=False)]
        seen += [r.text for r in bob.list(limit=1000)]
        assert seen and not [t for t in seen if "bee" in t.lower() or "honey" in t.lower()]
        assert bob.cache("faq").get("when is the honey harvest?", user_id="bob") is None


def test_a_target_that_holds_records_is_refused(tmp_path: Path) -> None:
    fill(tmp_path / "src")
    with remem.open(tmp_path / "dst", embedder=EMBEDDER) as mem:
        mem.add("already here")
    result = CliRunner().invoke(
        cli, ["migrate", "--from", str(tmp_path / "src"), "--to", str(tmp_path / "dst")]
    )
    assert result.exit_code == 1
    assert "already holds 1 records" in result.output
    with remem.open(tmp_path / "dst", embedder=EMBEDDER) as mem:
        assert [r.text for r in mem.list()] == ["already here"]


@pytest.mark.parametrize("form", ["{}", "sqlite:{}", "sqlite://{}"])
def test_a_missing_source_is_not_created(tmp_path: Path, form: str) -> None:
    source = form.format(tmp_path / "nowhere")
    result = CliRunner().invoke(cli, ["migrate", "--from", source, "--to", str(tmp_path / "dst")])
    assert result.exit_code == 1
    assert f"no store at {tmp_path / 'nowhere'} " in result.output
    assert not (tmp_path / "nowhere").exists() and not (tmp_path / "dst").exists()


def test_the_store_url_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = pg.url_for(tmp_path / "env")
    monkeypatch.delenv("REMEM_STORE", raising=False)
    monkeypatch.setenv("REMEM_STORE_URL", url)
    with remem.open(embedder=EMBEDDER) as mem:
        mem.add("kept in PostgreSQL")
        assert mem.stats().path.startswith("postgresql://")
    result = CliRunner().invoke(cli, ["list"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["text"] == "kept in PostgreSQL"
