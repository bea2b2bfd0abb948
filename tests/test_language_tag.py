"""A memory's ``language`` (issue 46, item 2): the proof that a caller-set field is declared
once — its tag in ``remem.core.records``, its column and new-record field in
``remem.stores.rows``, a migration per store, its filter in ``remem.core.filters`` — and
every face and every copy of a record follows: ``Memory.add`` and ``add_many``,
``add_document`` (its chunks too), filters, the trash, export and import, a copy to another
store, REST, ``Client``, ``remem add``; and two tenants' languages never meet."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import remem
from remem.cli.main import cli
from remem.server import create_app
from remem.stores import open_store
from remem.stores.migrate import migrate_store
from tests.serving import running

from . import pg


def test_every_write_carries_it_and_a_filter_reads_it(mem: remem.Memory) -> None:
    """On SQLite (file, memory) and PostgreSQL alike."""
    de = mem.add("Ich trinke morgens Kaffee", user_id="u", language="de")
    [pt, plain] = mem.add_many(
        [
            {"text": "Eu bebo café de manhã", "user_id": "u", "language": "pt-BR"},
            {"text": "I drink coffee in the morning", "user_id": "u"},
        ]
    )
    doc = mem.add_document(
        "Ein Absatz über Kaffee. " * 40, user_id="u", language="de", chunk_size=16
    )
    assert (de.language, pt.language, plain.language, doc.language) == ("de", "pt-BR", None, "de")
    assert mem.get(de.id).language == "de" and mem.get(plain.id).language is None
    chunks = mem.list(user_id="u", filters={"parent_id": doc.id}, limit=100)
    assert chunks and {c.language for c in chunks} == {"de"}
    german = mem.list(user_id="u", filters={"language": "de"}, limit=100)
    assert {r.id for r in german} == {de.id, doc.id} | {c.id for c in chunks}
    hits = mem.search("Kaffee café coffee", user_id="u", k=50, filters={"language": "pt-BR"})
    assert [h.id for h in hits] == [pt.id]
    unsaid = mem.list(user_id="u", filters={"language": {"$exists": False}}, limit=100)
    assert [r.id for r in unsaid] == [plain.id]
    mem.update(de.id, text="Ich trinke abends Tee")  # an update keeps it
    assert mem.get(de.id).language == "de"
    mem.delete([de.id], recoverable=True)
    mem.undelete([de.id])
    assert mem.get(de.id).language == "de"


@pytest.mark.parametrize(
    "bad",
    ["", "english", "de_DE", "en-", "a" * 36, "de DE", 5, ["de"], "zh-Hant-TW-x-toolongsubtag"],
)
def test_a_malformed_tag_is_refused_and_nothing_is_written(bad: object) -> None:
    with remem.open(":memory:", embedder="hash:64") as mem:
        mem.add("kept", language="en")
        with pytest.raises(remem.InvalidInputError, match="item 0: language"):
            mem.add("x", language=bad)  # type: ignore[arg-type]
        with pytest.raises(remem.InvalidInputError, match="item 1: language"):
            mem.add_many([{"text": "y"}, {"text": "z", "language": bad}])
        assert [r.text for r in mem.list()] == ["kept"]
        assert mem.get(mem.list()[0].id).language == "en"


def test_two_tenants_languages_never_meet(tmp_path: Path) -> None:
    """A tenant's filter on a language finds its own memories only; the other's, of the same
    language and words, neither appear nor re-rank its hits."""
    with remem.open(tmp_path / "s", embedder="hash:64") as store:
        alice = store.scoped(remem.Grant(users=("alice",)))
        bob = store.scoped(remem.Grant(users=("bob",)))
        mine = alice.add("Kaffee am Morgen", language="de")
        before = [(h.id, h.score) for h in alice.search("Kaffee", filters={"language": "de"})]
        theirs = [bob.add(f"Kaffee am Morgen {i}", language="de").id for i in range(5)]
        after = [(h.id, h.score) for h in alice.search("Kaffee", filters={"language": "de"})]
        assert before == after == [(mine.id, before[0][1])]
        assert [r.id for r in alice.list(filters={"language": "de"})] == [mine.id]
        assert {r.id for r in bob.list(filters={"language": "de"})} == set(theirs)
        with pytest.raises(remem.NotFoundError):
            alice.get(theirs[0])


def test_export_import_and_a_copy_to_another_store_keep_it(tmp_path: Path) -> None:
    with remem.open(tmp_path / "a", embedder="hash:64") as source:
        said = source.add("Bonjour", user_id="u", language="fr")
        unsaid = source.add("Hello", user_id="u")
        source.export(tmp_path / "out.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()[1:]]
    assert {r["id"]: r["language"] for r in rows} == {said.id: "fr", unsaid.id: None}
    with remem.open(tmp_path / "b", embedder="hash:64") as target:
        target.import_(tmp_path / "out.jsonl")
        assert target.get(said.id).language == "fr" and target.get(unsaid.id).language is None
    with (
        open_store(str(tmp_path / "a")) as a,
        open_store(pg.url_for(tmp_path / "pg")) as postgres,
    ):
        migrate_store(a, postgres)  # verified: every record's fields, language included
        assert postgres.get([said.id])[0].language == "fr"


def test_a_store_written_before_the_tag_opens_with_none(tmp_path: Path) -> None:
    """The migration adds the column; what was stored before reads back as not said."""
    with remem.open(tmp_path / "old", embedder="hash:64") as mem:
        rid = mem.add("stored long ago").id
    db = sqlite3.connect(tmp_path / "old" / "remem.db")
    with db:
        db.execute("ALTER TABLE memories DROP COLUMN language")
        db.execute("DELETE FROM _migrations WHERE name = '0016_language'")
    db.close()
    with remem.open(tmp_path / "old", embedder="hash:64") as mem:
        assert mem.get(rid).language is None
        assert mem.add("new", language="nl").language == "nl"


def test_rest_client_and_cli_take_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as store:
        api = TestClient(create_app(store))
        made = api.post("/v1/memories", json={"text": "Hej", "user_id": "u", "language": "sv"})
        assert made.status_code == 201 and made.json()["language"] == "sv"
        doc = api.post(
            "/v1/documents", json={"text": "Hej då. " * 30, "user_id": "u", "language": "sv"}
        )
        assert doc.status_code == 201 and doc.json()["language"] == "sv"
        bad = api.post("/v1/memories", json={"text": "x", "language": "not a tag"})
        assert bad.status_code == 400 and "language" in bad.text
        schema = api.get("/openapi.json").json()["components"]["schemas"]["MemoryIn"]
        assert "BCP 47" in schema["properties"]["language"]["anyOf"][0]["description"]
        with running(create_app(store)) as url, remem.Client(url) as client:
            assert client.add("Hola", user_id="u", language="es").language == "es"
            assert client.add_document("Hola. " * 30, user_id="u", language="es").language == "es"
            found = client.list(user_id="u", filters={"language": "es"}, limit=100)
            assert found and {r.language for r in found} == {"es"}
        assert store.stats().records > 0
    monkeypatch.setenv("REMEM_STORE", str(tmp_path / "s"))
    monkeypatch.setenv("REMEM_EMBEDDER", "hash:64")
    result = CliRunner().invoke(cli, ["add", "Moi", "--user", "u", "--language", "fi"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["language"] == "fi"
    assert "BCP 47" in CliRunner().invoke(cli, ["add", "--help"]).output
    refused = CliRunner().invoke(cli, ["add", "Moi", "--language", "Finnish!"])
    assert refused.exit_code != 0 and "language" in refused.output
