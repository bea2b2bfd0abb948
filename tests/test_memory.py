"""The Memory API over real SQLite (on disk and in memory), with the deterministic embedder."""

from __future__ import annotations

import itertools
import sqlite3
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

import remem
from remem.core.validate import content_hash
from remem.stores import NewRecord
from remem.stores.sqlite.db import DB_NAME
from remem.stores.sqlite.migrations import MIGRATIONS, apply_migrations
from remem.text.keywords import extra_terms
from remem.trust.access import Grant


def test_add_returns_record_with_all_fields(mem: remem.Memory) -> None:
    when = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    rec = mem.add(
        "  Alice moved to Berlin.  ",
        user_id="alice",
        agent_id="bot",
        session_id="s1",
        kind="fact",
        role="user",
        metadata={"source": "chat", "n": 3},
        created_at=when,
        importance=7,
    )
    assert rec.id and rec.text == "Alice moved to Berlin."
    assert (rec.user_id, rec.agent_id, rec.session_id) == ("alice", "bot", "s1")
    assert (rec.kind, rec.role, rec.importance) == ("fact", "user", 7.0)
    assert rec.metadata == {"source": "chat", "n": 3}
    assert rec.created_at == when
    assert rec.access_count == 0 and rec.last_accessed_at is None
    assert len(rec.content_hash) == 64
    assert mem.get(rec.id) == rec


def test_naive_and_iso_times_are_utc(mem: remem.Memory) -> None:
    a = mem.add("naive time", created_at=datetime(2024, 1, 2, 3, 4))
    b = mem.add("iso time", created_at="2024-01-02T03:04:00Z")
    assert a.created_at == b.created_at == datetime(2024, 1, 2, 3, 4, tzinfo=UTC)


@pytest.mark.parametrize(
    "bad", [{"limit": -1}, {"offset": 2**63}, {"limit": 1.5}, {"offset": True}]
)
def test_list_bounds(mem: remem.Memory, bad: dict[str, object]) -> None:
    with pytest.raises(remem.InvalidInputError):
        mem.list(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("when", [1e20, -1e20, float("inf"), float("nan")])
def test_a_time_out_of_range_is_bad_input(mem: remem.Memory, when: float) -> None:
    with pytest.raises(remem.InvalidInputError, match="created_at"):
        mem.add("when?", created_at=when)
    with pytest.raises(remem.InvalidInputError):
        mem.search("when?", now=when)
    assert mem.stats().records == 0


def test_open_refuses_what_is_not_a_path_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store object given to ``remem.open`` (it goes to ``remem.Memory``) is refused, not
    taken for a directory named after its ``repr``."""
    monkeypatch.chdir(tmp_path)
    with (
        remem.open(tmp_path / "s", embedder="hash:64") as made,
        pytest.raises(remem.InvalidInputError, match=r"remem\.Memory\(store"),
    ):
        remem.open(made.store)  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s"]


def test_add_many_is_one_batch_and_keeps_order(mem: remem.Memory) -> None:
    recs = mem.add_many(["one", {"text": "two", "user_id": "u"}, {"text": "three", "kind": "fact"}])
    assert [r.text for r in recs] == ["one", "two", "three"]
    assert recs[1].user_id == "u" and recs[2].kind == "fact"
    assert mem.stats().records == 3


def test_bad_item_in_batch_stores_nothing(mem: remem.Memory) -> None:
    mem.add("already here")
    with pytest.raises(remem.EmptyTextError, match="item 1"):
        mem.add_many(["fine", "   ", "also fine"])
    assert [r.text for r in mem.list()] == ["already here"]


def test_database_failure_mid_batch_rolls_back(disk_mem: remem.Memory) -> None:
    disk_mem.add("keep me", kind="fact")
    # A trigger (made through a connection of its own) fails the second row's insert inside
    # the batch's transaction.
    with sqlite3.connect(Path(disk_mem.store.path) / "remem.db") as conn:
        conn.execute(
            "CREATE TRIGGER fail BEFORE INSERT ON memories WHEN new.text = 'clash' "
            "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
        )
    with pytest.raises(remem.StoreError, match="refused by the test"):
        disk_mem.add_many([{"text": "new one"}, {"text": "clash"}])
    assert [r.text for r in disk_mem.list()] == ["keep me"]
    assert [h.text for h in disk_mem.search("new one", mode="keyword")] == []
    assert [h.text for h in disk_mem.search("new one", mode="dense")] == ["keep me"]


def test_ids_of_a_batch_are_checked_before_anything_is_written(mem: remem.Memory) -> None:
    existing = mem.add("keep me", kind="fact")
    with pytest.raises(remem.ConflictError, match="already stored"):
        mem.add_many([{"text": "new one", "id": "fresh-id"}, {"text": "clash", "id": existing.id}])
    with pytest.raises(remem.InvalidInputError, match="appears twice"):
        mem.add_many([{"text": "one", "id": "same"}, {"text": "two", "id": "same"}])
    assert [r.text for r in mem.list()] == ["keep me"]


def test_an_upsert_replaces_the_record_under_its_id(mem: remem.Memory) -> None:
    first = mem.add("Sam likes tea", id="pref-1", user_id="sam", metadata={"v": 1})
    assert first.key == "pref-1" and first.id == mem.key_id("pref-1", user_id="sam")
    with pytest.raises(remem.ConflictError, match="'pref-1' is already stored"):
        mem.add("Sam likes coffee", id="pref-1", user_id="sam")
    again = mem.add("Sam likes coffee", id="pref-1", user_id="sam", upsert=True, metadata={"v": 2})
    assert (again.id, again.key, again.text, again.metadata) == (
        first.id,
        "pref-1",
        "Sam likes coffee",
        {"v": 2},
    )
    assert again.created_at == first.created_at and again.updated_at >= first.updated_at
    assert [h.id for h in mem.search("coffee", user_id="sam", touch=False)] == [first.id]
    assert mem.search("tea", mode="keyword", touch=False) == []
    # The same ids with no user are other names: two new records, Sam's untouched.
    made = mem.add_many(
        [{"text": "Sam likes cake", "id": "pref-1"}, {"text": "Sam has a cat", "id": "pet-1"}],
        upsert=True,
    )
    assert [r.key for r in made] == ["pref-1", "pet-1"] and first.id not in {r.id for r in made}
    assert mem.get("pref-1").text == "Sam likes cake" and len(mem.list(limit=100)) == 3
    # remem's id of a record, written again in its own scope, names that record.
    same = mem.add("Sam likes green tea", id=first.id, user_id="sam", upsert=True)
    assert (same.id, same.key) == (first.id, "pref-1") and len(mem.list(limit=100)) == 3


def test_a_caller_s_id_is_never_folded_into_another_record(mem: remem.Memory) -> None:
    """Dedupe returns the stored record in place of a new one, which would drop an id the
    caller chose: such an item is stored under its id, or — when it asks for dedupe — refused
    with the id of the record that holds the same text."""
    stored = mem.add("Bob likes jazz.", user_id="u1", kind="fact")
    mine = mem.add("Bob likes jazz.", user_id="u1", kind="fact", id="fact-7")
    assert mine.key == "fact-7" and mine.id != stored.id
    with pytest.raises(remem.ConflictError, match=f"duplicates memory '{stored.id}'"):
        mem.add("Bob likes jazz.", user_id="u1", kind="fact", id="fact-8", dedupe=True)
    assert mem.add("Bob likes jazz.", user_id="u1", kind="fact").id == stored.id


def test_a_caller_id_names_a_record_within_its_own_scope(mem: remem.Memory) -> None:
    """The same caller id in two scopes names two records: an upsert by one user never
    replaces, moves or reveals the other's, whether an admin writes for both or each writes
    through a tenant's view; another tenant's id answers exactly as an unknown one."""
    pin = mem.add("Ann's bank PIN is 4821", user_id="ann", id="doc-1")
    note = mem.add_many([{"id": "doc-1", "user_id": "bob", "text": "Bob's note"}], upsert=True)[0]
    assert note.id != pin.id and (note.key, note.user_id) == ("doc-1", "bob")
    assert mem.get(pin.id).text == "Ann's bank PIN is 4821" and mem.get(pin.id).user_id == "ann"
    ann, bob = mem.scoped(Grant(users=("ann",))), mem.scoped(Grant(users=("bob",)))
    assert ann.get("doc-1").id == pin.id and bob.get("doc-1").id == note.id
    bob.add("Bob's second note", id="doc-1", upsert=True)
    assert ann.get("doc-1").text == "Ann's bank PIN is 4821"
    # Ann's record id, or a name only Ann uses, is to Bob what an unknown id is.
    ann.add("Ann's diary", id="diary")
    for theirs, unknown in ((pin.id, "no-such-id"), ("diary", "no-such-name")):
        errors = []
        for id in (theirs, unknown):
            with pytest.raises(remem.NotFoundError) as missing:
                bob.get(id)
            errors.append(str(missing.value).replace(id, "ID"))
            with pytest.raises(remem.NotFoundError):
                bob.update(id, text="overwritten")
            assert bob.delete([id]) == 0 and bob.get_many([id]) == []
        assert errors[0] == errors[1]
        # Written under that id, Bob's item is a record of his own, as for an unknown id.
        mine = bob.add("Bob writes under the id", id=theirs, upsert=True)
        assert mine.user_id == "bob" and mine.key == theirs and mine.id != pin.id
    assert ann.get("doc-1").text == "Ann's bank PIN is 4821"
    assert ann.get("diary").text == "Ann's diary"


def test_exact_duplicates_dedupe_within_scope(mem: remem.Memory) -> None:
    a = mem.add("Bob likes jazz.", user_id="u1", kind="fact")
    b = mem.add("Bob  likes jazz.", user_id="u1", kind="fact")  # whitespace differs only
    c = mem.add("Bob likes jazz.", user_id="u2", kind="fact")  # another scope
    assert a.id == b.id and c.id != a.id
    # Chat messages repeat legitimately and are kept.
    m1, m2 = mem.add("ok", session_id="s"), mem.add("ok", session_id="s")
    assert m1.id != m2.id
    assert mem.add("Bob likes jazz.", user_id="u1", kind="fact", dedupe=False).id != a.id


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", remem.EmptyTextError),
        ("  \n\t ", remem.EmptyTextError),
        ("bad \udcff bytes", remem.InvalidTextError),
        (42, remem.InvalidInputError),
    ],
)
def test_bad_text_is_rejected(mem: remem.Memory, text: object, error: type) -> None:
    with pytest.raises(error):
        mem.add(text)  # type: ignore[arg-type]
    assert mem.stats().records == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"metadata": "not a dict"},
        {"metadata": {"x": object()}},
        {"importance": float("nan")},
        {"importance": "high"},
        {"user_id": 5},
        {"created_at": "yesterday-ish"},
    ],
)
def test_bad_fields_are_rejected(mem: remem.Memory, kwargs: dict) -> None:
    with pytest.raises(remem.InvalidInputError):
        mem.add("text", **kwargs)


def test_unknown_ids(mem: remem.Memory) -> None:
    with pytest.raises(remem.NotFoundError, match="nope"):
        mem.get("nope")
    with pytest.raises(remem.NotFoundError):
        mem.update("nope", text="x")
    assert mem.delete(["nope"]) == 0


def test_update_text_reembeds_and_reindexes(mem: remem.Memory) -> None:
    rec = mem.add("The cat sleeps on the sofa.", kind="fact", metadata={"a": 1})
    new = mem.update(rec.id, text="The dog barks at the postman.", importance=3)
    assert new.text.startswith("The dog") and new.importance == 3 and new.metadata == {"a": 1}
    assert new.updated_at >= rec.updated_at
    assert mem.search("postman", mode="keyword")[0].id == rec.id
    assert mem.search("sofa", mode="keyword") == []
    assert mem.search("dog barks postman", mode="dense", k=1)[0].id == rec.id
    assert mem.update(rec.id, metadata={"b": 2}).metadata == {"b": 2}


def test_delete(mem: remem.Memory) -> None:
    a, b = mem.add("first memory"), mem.add("second memory")
    assert mem.delete(a.id) == 1
    assert [h.id for h in mem.search("memory", k=5)] == [b.id]
    with pytest.raises(remem.NotFoundError):
        mem.get(a.id)


def test_document_is_stored_as_linked_chunks(mem: remem.Memory) -> None:
    text = " ".join(f"Sentence number {i} talks about topic {i % 7}." for i in range(120))
    doc = mem.add_document(
        text, user_id="u", metadata={"title": "T"}, chunk_size=60, chunk_overlap=10
    )
    chunks = mem.list(filters={"parent_id": doc.id}, order="position")
    assert doc.kind == "document" and doc.text == text
    assert len(chunks) > 3
    assert [c.position for c in chunks] == list(range(len(chunks)))
    assert all(c.kind == "chunk" and c.user_id == "u" for c in chunks)
    assert all(c.metadata["title"] == "T" for c in chunks)
    # The chunks cover the document, in order, and neighbours overlap.
    assert chunks[0].metadata["start"] == 0 and chunks[-1].metadata["end"] == len(text)
    for left, right in itertools.pairwise(chunks):
        assert right.metadata["start"] < left.metadata["end"]
    # Search finds chunks, never the document container itself.
    hits = mem.search("topic 3", k=20)
    assert hits and all(h.kind == "chunk" for h in hits)
    # Its text cannot change under its chunks.
    with pytest.raises(remem.InvalidInputError, match="delete it"):
        mem.update(doc.id, text="new text")
    assert mem.update(doc.id, metadata={"title": "U"}).metadata == {"title": "U"}
    # Deleting the document deletes its chunks.
    assert mem.delete(doc.id) == len(chunks) + 1
    assert mem.stats().records == 0


def test_chunk_size_past_window_is_rejected(mem: remem.Memory) -> None:
    with pytest.raises(remem.InvalidInputError, match="window"):
        mem.add_document("word " * 50, chunk_size=100_000)


def test_list_scopes_order_and_paging(mem: remem.Memory) -> None:
    base = datetime(2024, 1, 1, tzinfo=UTC)
    for i in range(5):
        mem.add(f"note {i}", user_id="a" if i % 2 else "b", created_at=base + timedelta(days=i))
    assert [r.text for r in mem.list(user_id="a")] == ["note 1", "note 3"]
    assert [r.text for r in mem.list(order="-created_at", limit=2)] == ["note 4", "note 3"]
    assert [r.text for r in mem.list(limit=2, offset=2)] == ["note 2", "note 3"]
    with pytest.raises(remem.InvalidInputError):
        mem.list(order="sideways")


def test_search_modes_scores_and_scope(mem: remem.Memory) -> None:
    mem.add("Alice likes green tea", user_id="alice")
    mem.add("Alice plays the cello", user_id="alice")
    mem.add("Bob likes green tea", user_id="bob")
    hits = mem.search("green tea", user_id="alice")
    assert hits[0].text == "Alice likes green tea"
    assert all(h.user_id == "alice" for h in hits)
    top = hits[0]
    assert {"dense", "keyword", "fused", "dense_rank", "keyword_rank"} <= set(top.scores)
    # the score is the calibrated relevance, in [0, 1] and never rising down the ranking
    assert top.score == pytest.approx(top.scores["relevance"]) and 0 < top.score < 1
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    dense = mem.search("green tea", mode="dense", k=1)[0]
    assert -1 <= dense.scores["dense"] <= 1 and 0 < dense.score < 1
    keyword = mem.search("cello", mode="keyword")
    assert [h.text for h in keyword] == ["Alice plays the cello"]
    assert set(keyword[0].scores) == {"keyword", "keyword_rank", "keyword_share", "relevance"}


def test_search_updates_access_statistics(mem: remem.Memory) -> None:
    rec = mem.add("remember the milk")
    mem.search("milk")
    mem.search("milk")
    after = mem.get(rec.id)
    assert after.access_count == 2 and after.last_accessed_at is not None
    mem.search("milk", touch=False)
    assert mem.get(rec.id).access_count == 2


@pytest.mark.parametrize(
    "query",
    ['"unbalanced', "NEAR(a b)", "a AND OR b", "col:value", "*", "^start", "(((", "-x"],
)
def test_keyword_search_escapes_fts_syntax(mem: remem.Memory, query: str) -> None:
    mem.add('quote " and NEAR(a b) col:value start')
    hits = mem.search(query, mode="keyword")
    assert isinstance(hits, list)


def test_search_bad_arguments(mem: remem.Memory) -> None:
    mem.add("something")
    with pytest.raises(remem.InvalidInputError):
        mem.search("x", mode="fuzzy")  # type: ignore[arg-type]
    for k in (0, -1, 10_000):
        with pytest.raises(remem.InvalidInputError):
            mem.search("x", k=k)
    with pytest.raises(remem.EmptyTextError):
        mem.search("   ")
    with pytest.raises(remem.FilterError):
        mem.search("x", filters={"kind": {"$regex": "a"}})


def test_search_by_precomputed_vector(mem: remem.Memory) -> None:
    vectors = np.eye(64, dtype=np.float32)[:3]
    recs = mem.add_many(["alpha", "beta", "gamma"], embeddings=vectors)
    hits = mem.search(vector=vectors[1], k=1, mode="dense")
    assert hits[0].id == recs[1].id and hits[0].scores["dense"] == pytest.approx(1.0)
    with pytest.raises(remem.VectorError):
        mem.search(vector=np.ones(10), mode="dense")
    with pytest.raises(remem.VectorError):
        mem.add("nan vector", vector=[float("nan")] * 64)
    with pytest.raises(remem.VectorError):
        mem.add_many(["a", "b"], embeddings=np.ones((3, 64)))


def test_store_refuses_another_embedder(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as mem:
        mem.add("made with hash:64")
    with remem.open(path) as mem:  # no embedder named: the store's own is used
        assert mem.embedder.name == "hash:64"
        assert mem.search("made", k=1)[0].text == "made with hash:64"
    with remem.open(path, embedder="hash:32") as mem:
        with pytest.raises(remem.EmbedderMismatchError, match="remem reembed"):
            mem.add("mixing vectors")
        with pytest.raises(remem.EmbedderMismatchError):
            mem.search("made")
        assert mem.stats().records == 1


def test_reembed_switches_embedder(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as mem:
        mem.add_many(["apples and pears", "trains and buses"])
        doc = mem.add_document("a short document about boats")
        assert mem.reembed("hash:32") == 3  # two memories and one chunk; not the container
    with remem.open(path) as mem:
        assert mem.stats().dimensions == 32 and mem.embedder.name == "hash:32"
        assert mem.search("trains", mode="dense", k=1)[0].text == "trains and buses"
        assert mem.get(doc.id).kind == "document"


def test_not_a_store(tmp_path: Path) -> None:
    file = tmp_path / "file.txt"
    file.write_text("hello")
    with pytest.raises(remem.NotAStoreError, match="is a file"):
        remem.open(file)
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.md").write_text("x")
    with pytest.raises(remem.NotAStoreError, match="not empty"):
        remem.open(busy)
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / DB_NAME).write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(remem.NotAStoreError):
        remem.open(junk)
    assert (junk / DB_NAME).read_bytes().startswith(b"this is not sqlite")
    assert file.read_text() == "hello"


def test_store_layout_and_migrations(tmp_path: Path) -> None:
    path = tmp_path / "new" / "nested"
    names = [name for name, _ in MIGRATIONS]
    with remem.open(path, embedder="hash:64") as mem:
        mem.add("x")
        assert mem.stats().schema == names
    conn = sqlite3.connect(path / DB_NAME)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert [r[0] for r in conn.execute("SELECT name FROM _migrations")] == names
    conn.execute("INSERT INTO _migrations VALUES ('9999_future', 0)")
    conn.commit()
    conn.close()
    with pytest.raises(remem.NotAStoreError, match="newer remem"):
        remem.open(path)


def test_store_from_before_the_last_migrations_is_upgraded(tmp_path: Path) -> None:
    """A store written by an earlier release (the migrations before 0011, rows written as that
    release wrote them) opens, upgrades, and keeps every memory searchable; its audit log
    starts with the upgrade (0012)."""
    names = [name for name, _ in MIGRATIONS]
    path = tmp_path / "s"
    path.mkdir()
    texts = ["kept", "deleted later", "我喜欢吃饺子"]
    vectors = remem.get_embedder("hash:64").embed(texts)
    conn = sqlite3.connect(path / DB_NAME, isolation_level=None)
    conn.execute("BEGIN")
    apply_migrations(conn, MIGRATIONS[: names.index("0011_keyword_index")])
    conn.execute(
        "INSERT INTO meta (key, value) VALUES ('embedder', 'hash:64'), ('dimensions', '64')"
    )
    for i, (text, vector) in enumerate(zip(texts, vectors, strict=True)):
        conn.execute(  # as the previous release's insert did (0010: FTS5 with extra terms)
            "INSERT INTO memories (id, text, kind, user_id, metadata, created_at, updated_at, "
            "content_hash, embedding, fts_extra) "
            "VALUES (?, ?, 'message', 'u', '{}', ?, ?, ?, ?, ?)",
            (
                f"id{i}",
                text,
                1.0 + i,
                1.0 + i,
                content_hash(text),
                vector.tobytes(),
                extra_terms(text),
            ),
        )
        conn.execute(
            "INSERT INTO memories_fts (rowid, text, fts_scope, fts_extra) "
            "SELECT rowid, text, fts_scope, fts_extra FROM memories WHERE rowid = ?",
            (i + 1,),
        )
    conn.execute("COMMIT")
    conn.close()
    with remem.open(path) as mem:
        assert mem.stats().schema == names
        assert [h.id for h in mem.search("kept", mode="keyword", user_id="u")] == ["id0"]
        # A Chinese text stored before is found by two of its characters.
        assert [h.id for h in mem.search("饺子", mode="keyword", user_id="u")] == ["id2"]
        mem.delete("id1")
        assert sorted(h.id for h in mem.search("deleted later", mode="dense")) == ["id0", "id2"]
        assert mem.search("deleted", mode="keyword") == []
        # 0011: every row is in remem's keyword index, its scope counted once per record.
        assert mem.store._db.rows("SELECT docs FROM keyword_scopes")[0][0] == 2
        # 0012: the delete is the audit log's first event.
        assert [e.action for e in mem.audit()] == ["delete"] and mem.verify_audit().ok


def test_stats(mem: remem.Memory) -> None:
    mem.add_many(
        [
            {"text": "a", "user_id": "u1", "session_id": "s1"},
            {"text": "b", "user_id": "u2", "kind": "fact"},
        ]
    )
    stats = mem.stats()
    assert stats.records == 2 and stats.by_kind == {"message": 1, "fact": 1}
    assert stats.users == 2 and stats.sessions == 1
    assert stats.embedder == "hash:64" and stats.dimensions == 64 and stats.size_bytes > 0


def test_other_process_writes_are_seen(tmp_path: Path) -> None:
    path = tmp_path / "shared"
    with remem.open(path, embedder="hash:64") as a, remem.open(path) as b:
        a.add("first from a")
        assert [h.text for h in b.search("first", mode="dense", k=5)] == ["first from a"]
        b.add("second from b")
        a.add("third from a")  # a's cache must pick up b's row before appending its own
        assert {h.text for h in a.search("from", mode="dense", k=5)} == {
            "first from a",
            "second from b",
            "third from a",
        }
        b.delete(b.list()[0].id)
        assert {h.text for h in a.search("from", mode="dense", k=5)} == {
            "second from b",
            "third from a",
        }


FILLER = "Roman aqueducts carried water across valleys on arches of stone. " * 30


def test_long_memory_is_searchable_by_meaning_to_its_end(model_mem_factory) -> None:  # type: ignore[no-untyped-def]
    wedding = FILLER + "My sister's wedding will be held in Lisbon next June."
    storm = FILLER + "A winter storm knocked the old bridge into the river."
    with model_mem_factory() as mem:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # every part gets a vector: nothing to warn about
            a, b = mem.add_many([wedding, storm])
        stored = mem.records(with_vectors=True)
        rows = {rec.id: len(v) for rec, v in stored if v is not None}
        assert rows[a.id] > 3 and rows[b.id] > 3  # head + overlapping windows
        assert mem.get(a.id).text == wedding.strip()
        query = "where is my sister getting married?"
        hits = mem.search(query, mode="dense", k=2)
        cosine = [h.scores["dense"] for h in hits]
        assert hits[0].id == a.id and cosine[0] > cosine[1] + 0.05
        # The opening alone cannot tell them apart: both start with the same 256 tokens.
        heads = mem.search(query, mode="dense", k=2, part_weight=0.0)
        assert abs(heads[0].scores["dense"] - heads[1].scores["dense"]) < 0.02
        mem.update(a.id, text=storm.replace("winter", "summer"))  # new text, new windows
        assert mem.search(query, mode="dense", k=1)[0].scores["dense"] < cosine[0] - 0.05


def test_long_memory_without_parts_warns(model_mem_factory) -> None:  # type: ignore[no-untyped-def]
    text = FILLER + "The secret word is zebra."
    with model_mem_factory(part_tokens=0) as mem:
        with pytest.warns(remem.LongTextWarning, match="256-token window"):
            rec = mem.add(text)
        assert mem.get(rec.id).text == text.strip()
        assert mem.search("zebra", mode="keyword")[0].id == rec.id  # all text is indexed
        rows = [len(v) for _, v in mem.records(with_vectors=True) if v is not None]
        assert rows == [1]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            mem.add("A short memory raises no warning.")


def test_part_settings_are_checked() -> None:
    for bad in ({"part_tokens": 8}, {"part_tokens": -1}, {"part_tokens": 64, "part_overlap": 64}):
        with pytest.raises(remem.InvalidInputError, match="part_"):
            remem.open(":memory:", embedder="hash:64", **bad)


def test_scoped_keyword_search_reads_its_scopes_only(mem: remem.Memory) -> None:
    """A search's users and agents choose the keyword index's scopes it reads, kind and the
    rest filter within them: odd ids (quotes, spaces, unicode) match exactly, and no other
    scope's text comes back."""
    odd = 'ali"ce o\u2019neil \u00e9'
    mine = mem.add("the green tea ceremony", user_id=odd, kind="fact")
    mem.add("the green tea ceremony", user_id="alice", kind="fact")
    mem.add("green tea notes", user_id=odd, kind="message")
    hits = mem.search("green tea", mode="keyword", user_id=odd, filters={"kind": "fact"})
    assert [h.id for h in hits] == [mine.id]
    both = mem.search("green tea", mode="keyword", filters={"user_id": {"$in": [odd, "alice"]}})
    assert len(both) == 3
    assert mem.search("green tea", mode="keyword", user_id="nobody") == []


def test_list_all_reads_every_page(mem: remem.Memory) -> None:
    ids = [mem.add(f"note {i}", user_id="u").id for i in range(5)]
    mem.add("someone else's", user_id="v")
    assert [r.id for r in mem.list_all(user_id="u", page=2)] == ids
    with pytest.raises(remem.InvalidInputError):
        mem.list_all(page=0)


def test_update_with_a_vector_of_ones_own(tmp_path: Path) -> None:
    """``update(vector=…)`` replaces the embedding with the caller's (normalised; with new text,
    the vector stands for it); a bad vector is refused and changes nothing; another tenant's
    id answers as an unknown one, before the vector is looked at."""
    with remem.open(tmp_path / "s", embedder="hash:16") as mem:
        a = mem.add("alpha", user_id="ann")
        b = mem.add("beta", user_id="bob")
        east, west = np.eye(16, dtype=np.float32)[0] * 3, np.eye(16, dtype=np.float32)[1]
        changed = mem.update(a.id, vector=east)
        assert changed.text == "alpha"
        hit = mem.search(vector=east, mode="dense", k=1, touch=False)[0]
        assert (hit.id, hit.scores["dense"]) == (a.id, pytest.approx(1.0))
        mem.update(a.id, text="alpha, renamed", vector=west)
        hit = mem.search(vector=west, mode="dense", k=1, touch=False)[0]
        assert (hit.id, hit.text) == (a.id, "alpha, renamed")
        for bad in ([1.0, 2.0], [float("nan")] * 16):
            with pytest.raises(remem.VectorError):
                mem.update(a.id, vector=bad)
        assert mem.search(vector=west, mode="dense", k=1, touch=False)[0].id == a.id
        ann = mem.scoped(Grant(users=("ann",)))
        with pytest.raises(remem.NotFoundError) as foreign:
            ann.update(b.id, vector=[1.0, 2.0])
        with pytest.raises(remem.NotFoundError) as unknown:
            ann.update("no-such-id", vector=[1.0, 2.0])
        assert str(foreign.value).replace(b.id, "X") == str(unknown.value).replace(
            "no-such-id", "X"
        )
        assert mem.store.vectors([b.id])[b.id] @ mem.query_vector("beta") > 0.99


def test_a_memory_stored_without_a_vector(tmp_path: Path) -> None:
    """``embed=False``: stored and read back (get, list, export and import), never a search
    candidate, and a new text does not embed it; ``update(vector=…)`` does."""
    with remem.open(tmp_path / "s", embedder="hash:16") as mem:
        plain = mem.add("the wifi password is hunter2", user_id="sam", embed=False)
        indexed = mem.add("the wifi works in the garden", user_id="sam")
        assert mem.get(plain.id).text == "the wifi password is hunter2"
        assert {r.id for r in mem.list(user_id="sam")} == {plain.id, indexed.id}
        for mode in ("hybrid", "dense", "keyword"):
            found = mem.search("wifi password hunter2", mode=mode, k=10, touch=False)
            assert [h.id for h in found] == [indexed.id], mode
        mem.update(plain.id, text="the wifi password is now swordfish")
        assert mem.store.vectors([plain.id]) == {}
        assert mem.search("swordfish", mode="keyword", touch=False) == []
        with pytest.raises(remem.InvalidInputError, match="embed must be"):
            mem.add("x", embed="no")  # type: ignore[arg-type]
        with pytest.raises(remem.InvalidInputError, match="embed=False, but embeddings"):
            mem.add_many([{"text": "y", "embed": False}], embeddings=np.ones((1, 16)))
        dump = tmp_path / "dump.jsonl"
        assert mem.export(dump) == 2
    with remem.open(tmp_path / "copy", embedder="hash:16") as copy:
        assert copy.import_(dump) == 2
        assert copy.store.vectors([plain.id]) == {}
        assert copy.get(plain.id).text == "the wifi password is now swordfish"
        assert [h.id for h in copy.search("wifi", k=10, touch=False)] == [indexed.id]
        copy.update(plain.id, vector=np.eye(16)[3])
        assert copy.search(vector=np.eye(16)[3], mode="dense", k=1, touch=False)[0].id == plain.id


def test_expired_memories_are_never_read_and_purged_at_the_next_write(tmp_path: Path) -> None:
    """A memory past its ``expires_at`` is left out of every read — get, list, search (as a
    hit and as a neighbour), export — though its row lingers until the next write purges it."""
    from remem.stores import NewRecord

    with remem.open(tmp_path / "s", embedder="hash:16") as mem:
        kept = mem.add("turn one about the violin", session_id="s1", ttl=3600)
        assert kept.expires_at is not None and kept.expires_at > datetime.now(UTC)
        vector = mem.query_vector("turn two about the violin")
        gone = NewRecord(
            id="expired", text="turn two about the violin", kind="message", session_id="s1",
            content_hash=content_hash("turn two about the violin"), vector=vector,
            created_at=kept.created_at.timestamp() + 1, expires_at=1_000.0,
        )  # fmt: skip
        mem.store.insert([gone], signature=mem.embedder.signature)  # as if it had just expired
        with pytest.raises(remem.NotFoundError):
            mem.get("expired")
        assert mem.get_many(["expired", kept.id]) == [kept]
        assert [r.id for r in mem.list()] == [kept.id]
        for mode in ("hybrid", "dense", "keyword"):
            hits = mem.search("turn two violin", mode=mode, k=10, expand=2, touch=False)
            assert [h.id for h in hits] == [kept.id], mode
            assert all(n.id != "expired" for h in hits for n in h.neighbors)
        assert mem.export(tmp_path / "dump.jsonl") == 1
        with remem.open(tmp_path / "copy", embedder="hash:16") as copy:
            assert copy.import_(tmp_path / "dump.jsonl") == 1
            assert copy.get(kept.id).expires_at == kept.expires_at
        assert mem.store.get(["expired"])  # still stored: nothing wrote since
        mem.add("a later write")
        assert mem.store.get(["expired"]) == []
        for bad, message in (
            ({"ttl": 0}, "ttl is a number"),
            ({"ttl": "soon"}, "ttl is a number"),
            ({"expires_at": "2001-01-01"}, "not in the future"),
            ({"ttl": 5, "expires_at": "2999-01-01"}, "not both"),
        ):
            with pytest.raises(remem.InvalidInputError, match=message):
                mem.add("x", **bad)


def test_namespaces_file_memories_below_a_scope_at_any_depth(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        mem.add("the atlas launch is in May", user_id="u", namespace=["projects", "atlas"])
        mem.add("atlas notes: ship the beta", user_id="u", namespace=("projects", "atlas", "n"))
        mem.add("the borealis budget", user_id="u", namespace=["projects", "borealis"])
        mem.add("groceries: milk", user_id="u")
        assert mem.namespaces(user_id="u") == [
            (), ("projects", "atlas"), ("projects", "atlas", "n"), ("projects", "borealis"),
        ]  # fmt: skip
        assert mem.namespaces(["projects", "atlas"], user_id="u") == [
            ("projects", "atlas"), ("projects", "atlas", "n"),
        ]  # fmt: skip
        below = mem.list(user_id="u", namespace=["projects", "atlas"])
        assert [r.text for r in below] == [
            "the atlas launch is in May",
            "atlas notes: ship the beta",
        ]
        hits = mem.search("atlas borealis", user_id="u", namespace=["projects", "borealis"])
        assert [h.text for h in hits] == ["the borealis budget"]
        exact = mem.list(filters={"namespace": ["projects", "atlas"]})
        assert [r.namespace for r in exact] == [("projects", "atlas")]
        for bad in ("projects", ["projects", ""], ["a\x1fb"], ["x"] * 33, [1]):
            with pytest.raises(remem.InvalidInputError, match="namespace"):
                mem.add("refused", namespace=bad)  # type: ignore[arg-type]
        with pytest.raises(remem.FilterError, match="namespace only"):
            mem.list(filters={"kind": {"$prefix": "f"}})
        with pytest.raises(remem.FilterError, match="does not apply to namespace"):
            mem.list(filters={"namespace": {"$gt": ["a"]}})
        assert len(mem.list_all()) == 4  # nothing refused was stored


def test_a_key_names_one_memory_in_its_scope_and_namespace(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        first = mem.add("likes tea", user_id="u", key="drink", namespace=["prefs"])
        assert first.key == "drink" and first.id == mem.key_id(
            "drink", user_id="u", namespace=["prefs"]
        )
        with pytest.raises(remem.ConflictError, match=r"key 'drink' .* \['prefs'\]: .*upsert"):
            mem.add("likes coffee", user_id="u", key="drink", namespace=["prefs"])
        again = mem.add("likes coffee", user_id="u", key="drink", namespace=["prefs"], upsert=True)
        assert again.id == first.id and mem.get(first.id).text == "likes coffee"
        # Another namespace or user: another record.
        other = mem.add("likes juice", user_id="v", key="drink", namespace=["prefs"])
        assert other.id != first.id
        assert (
            mem.add("no dedupe by key", user_id="u", key="k1", kind="fact").id
            != mem.add("no dedupe by key", user_id="u", key="k2", kind="fact").id
        )
        with pytest.raises(remem.InvalidInputError, match="an id or a key"):
            mem.add("both", id="x", key="y")
        with pytest.raises(remem.InvalidInputError, match="key"):
            mem.add("bad key", key="")


def test_an_update_can_renew_an_expiry_alone(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        rec = mem.add("a short-lived note", ttl=60)
        renewed = mem.update(rec.id, ttl=3600)
        assert renewed.expires_at is not None and rec.expires_at is not None
        assert renewed.expires_at > rec.expires_at and renewed.updated_at == rec.updated_at
        with pytest.raises(remem.InvalidInputError, match="not both"):
            mem.update(rec.id, ttl=5, expires_at="2999-01-01")


def test_no_import_takes_the_id_of_another_scopes_name(mem: remem.Memory) -> None:
    """remem's id of a named record follows from its scope and name: an import row claiming
    such an id without its key is refused, and a record already holding another scope's
    derived id (only a store written by hand could) is never replaced by that scope's write."""
    theirs = mem.key_id("doc-1", user_id="ann")
    with pytest.raises(remem.InvalidInputError, match="give the row its key"):
        mem.import_records([{"id": theirs, "text": "bob's squat", "user_id": "bob"}])
    assert mem.get_many([theirs]) == []
    # A row written below the engine under Ann's derived id, in Bob's scope:
    mem.store.insert(
        [
            NewRecord(
                id=theirs, text="bob's squat", kind="fact", content_hash="h", created_at=1.0,
                user_id="bob",
            )
        ]
    )  # fmt: skip
    for upsert in (False, True):
        with pytest.raises(remem.ConflictError, match="held by a record of another scope"):
            mem.add("Ann's note", user_id="ann", id="doc-1", upsert=upsert)
    assert mem.get(theirs).user_id == "bob"
