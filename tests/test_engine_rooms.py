"""The engine's rooms on their own (docs/architecture.md, "The engine"): item rules, tenancy,
call checks, vectorising, the insert pipeline's rules and import planning run here without a
store; the shared state and the protocol the memory types see are checked on a real one."""

from __future__ import annotations

import inspect
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import remem
from remem.core.errors import (
    ConflictError,
    InvalidInputError,
    LongTextWarning,
    PayloadTooLargeError,
    PermissionDeniedError,
    VectorError,
)
from remem.core.filters import Cond
from remem.core.limits import DEFAULT_LIMITS, Limits
from remem.core.records import ITEM_KEYS, MemoryItem, MemoryRecord
from remem.embedders.hashing import HashEmbedder
from remem.engine import Engine, checks, imports, inserts, items, tenancy, vectors
from remem.engine.protocol import EngineAPI
from remem.engine.state import EngineSettings
from remem.stores import NewRecord
from remem.text.chunking import Chunk
from remem.trust.access import ADMIN, Grant

ANN = Grant(users=("ann",))
EMBEDDER = HashEmbedder(64)


def record(item: dict[str, Any], grant: Grant = ADMIN, **options: Any) -> NewRecord:
    return items.new_record(item, 0, grant=grant, limits=DEFAULT_LIMITS, **options)


def stored(rec: NewRecord) -> MemoryRecord:
    """A record as a store would hand it back (its scope, namespace, key and links)."""
    return MemoryRecord(
        id=rec.id,
        text=rec.text,
        user_id=rec.user_id,
        agent_id=rec.agent_id,
        session_id=rec.session_id,
        namespace=rec.namespace,
        key=rec.key,
        parent_id=rec.parent_id,
    )


def fetch_from(*records: MemoryRecord) -> Any:
    """Records by id, as a store's ``get`` answers (unknown ids left out)."""
    held = {r.id: r for r in records}
    return lambda ids: [held[i] for i in ids if i in held]


# -- item rules ------------------------------------------------------------------------------------
def test_an_item_is_checked_into_a_record_in_the_grants_scope() -> None:
    rec = record({"text": "  tea, no sugar ", "kind": "fact"}, grant=ANN)
    assert rec.text == "tea, no sugar" and rec.user_id == "ann"  # the tenant's only user
    assert rec.dedupe and rec.key is None and rec.content_hash
    assert not record({"text": "ok"}).dedupe  # messages are not deduplicated by default
    with pytest.raises(PermissionDeniedError):
        record({"text": "x", "user_id": "bob"}, grant=ANN)
    with pytest.raises(InvalidInputError, match=r"item 0: unknown keys \['colour'\]"):
        record({"text": "x", "colour": "red"})
    with pytest.raises(InvalidInputError, match="item 0: give an id or a key, not both"):
        record({"text": "x", "id": "a", "key": "b"})
    with pytest.raises(InvalidInputError, match="line 7: missing 'text'"):
        items.new_record({}, "line 7", grant=ADMIN, limits=DEFAULT_LIMITS)


def test_every_key_of_the_declared_item_is_accepted() -> None:
    assert set(MemoryItem.__annotations__) == ITEM_KEYS
    values = {"user_id": "ann", "kind": "note", "metadata": {"a": 1}, "namespace": ["p"]}
    rec = record({key: values.get(key) for key in ITEM_KEYS} | {"text": "x"})
    assert rec.user_id == "ann" and rec.namespace == ("p",) and rec.metadata == {"a": 1}


def test_a_callers_id_is_a_name_within_its_scope() -> None:
    ann = record({"text": "x", "id": "doc-1", "user_id": "ann"})
    bob = record({"text": "x", "id": "doc-1", "user_id": "bob"})
    keyed = record({"text": "x", "key": "doc-1", "user_id": "ann"})
    assert ann.id != bob.id and ann.id == keyed.id and ann.key == "doc-1"
    assert ann.id == items.key_id("doc-1", "ann", None, None, ())
    assert not ann.dedupe  # a named record is deduplicated only when it asks
    assert record({"text": "x", "id": "doc-1", "dedupe": True}).dedupe
    assert items.key_id("k", "ann", None, None, ("a",)) != items.key_id("k", "ann", None, None, ())


def test_a_documents_chunks_share_its_scope_and_metadata() -> None:
    given = {"user_id": None, "metadata": {"source": "handbook"}}
    doc = record({**given, "text": "one two", "kind": "document"}, grant=ANN)
    spans = [Chunk("one", 0, 3), Chunk("two", 4, 7)]
    parts = items.chunk_records(doc, spans, given, grant=ANN, limits=DEFAULT_LIMITS)
    assert [(p.parent_id, p.position, p.kind, p.user_id) for p in parts] == [
        (doc.id, 0, "chunk", "ann"),
        (doc.id, 1, "chunk", "ann"),
    ]
    assert parts[1].metadata == {"source": "handbook", "start": 4, "end": 7}


def test_limits_bound_the_text_by_what_is_stored() -> None:
    small = Limits(max_text_chars=10, max_value_chars=20)
    make = items.new_record
    with pytest.raises(PayloadTooLargeError):
        make({"text": "x" * 11}, 0, grant=ADMIN, limits=small)
    plain = make({"text": "x" * 15, "embed": False}, 0, grant=ADMIN, limits=small)
    assert plain.text == "x" * 15  # never embedded: the limit on stored values
    doc = make({"text": "x" * 30}, 0, grant=ADMIN, limits=small, max_chars=30, what="document")
    assert len(doc.text) == 30


def test_expiry_and_exported_ids() -> None:
    with pytest.raises(InvalidInputError, match="give expires_at or ttl, not both"):
        items.expiry("2999-01-01", 5, "item 0")
    with pytest.raises(InvalidInputError, match="is not in the future"):
        items.expiry("2000-01-01", None, "item 0")
    assert items.expiry(None, None, "item 0") is None
    assert items.expired({"expires_at": "2000-01-01"}, "row 1")
    assert not items.expired({}, "row 1")
    assert items.exported_id("0190-abc", "row 1") == "0190-abc"
    with pytest.raises(InvalidInputError, match="give the row its key"):
        items.exported_id(items.key_id("doc", "bob", None, None, ()), "row 1")


def test_an_update_is_checked_before_its_vector() -> None:
    fields: dict[str, Any] = dict(role=None, importance=0.5, expires_at=None, ttl=None)
    with pytest.raises(InvalidInputError, match="kind must be a non-empty string"):
        items.change_of(
            kind=" ",
            metadata=None,
            vector=[1.0],
            embedder=EMBEDDER,
            limits=DEFAULT_LIMITS,
            **fields,
        )
    change, given = items.change_of(
        kind="fact",
        metadata={"a": 1},
        vector=[3.0] + [0.0] * 63,
        embedder=EMBEDDER,
        limits=DEFAULT_LIMITS,
        **fields,
    )
    assert change.kind == "fact" and change.metadata == {"a": 1} and change.importance == 0.5
    assert given is not None and given[0] == pytest.approx(1.0)  # unit length


# -- tenancy ---------------------------------------------------------------------------------------
def test_a_read_filter_carries_the_grant() -> None:
    where = tenancy.read_filter(ANN, DEFAULT_LIMITS, None, None, None, None)
    assert where is not None and "ann" in repr(where)
    with pytest.raises(PermissionDeniedError):
        tenancy.read_filter(ANN, DEFAULT_LIMITS, "bob", None, None, None)
    assert tenancy.read_filter(ADMIN, DEFAULT_LIMITS, None, None, None, None) is None
    assert tenancy.names_access(Cond("access_count", "$gte", 1))
    assert not tenancy.names_access(tenancy.unexpired(None))


def test_ids_resolve_to_own_names_only() -> None:
    mine = stored(record({"text": "x", "id": "doc-1"}, grant=ANN))
    theirs = stored(record({"text": "y", "id": "doc-1", "user_id": "bob"}))
    fetch = fetch_from(mine, theirs)
    assert tenancy.resolve(["doc-1", mine.id, 7], ANN, fetch) == {"doc-1": mine, mine.id: mine}
    assert tenancy.resolve(["doc-1"], Grant(users=("bob",)), fetch) == {"doc-1": theirs}
    assert tenancy.resolve(["doc-1"], ADMIN, fetch) == {}  # unscoped: neither is its name
    assert tenancy.own_scope(Grant(users=("ann", "bob"), agents=("x",))) == (None, "x")


def test_a_write_never_reaches_another_scopes_record() -> None:
    old = stored(record({"text": "x", "id": "doc-1", "user_id": "ann"}))
    again = [record({"text": "x2", "id": old.id, "user_id": "ann"})]
    tenancy.own_names(again, [{"id": old.id}], [0], fetch_from(old))
    assert again[0].id == old.id and again[0].key == "doc-1"  # read back and written again
    squatter = MemoryRecord(id=items.key_id("doc-2", "ann", None, None, ()), text="z")
    new = [record({"text": "x", "id": "doc-2", "user_id": "ann"})]
    with pytest.raises(ConflictError, match="held by a record of another scope"):
        tenancy.own_names(new, [{"id": "doc-2"}], [0], fetch_from(squatter))


# -- checks ----------------------------------------------------------------------------------------
def test_calls_are_checked_before_any_work() -> None:
    with pytest.raises(InvalidInputError, match="over the limit of 2"):
        checks.batch(3, Limits(max_batch=2))
    with pytest.raises(InvalidInputError, match="offset must be an integer"):
        checks.listing(10, -1, "created_at")
    with pytest.raises(InvalidInputError, match="unknown order"):
        checks.listing(10, 0, "size")
    with pytest.raises(InvalidInputError, match="min_score"):  # checked first
        checks.search(mode="fuzzy", k=0, query=None, min_score=2, limits=DEFAULT_LIMITS)
    with pytest.raises(InvalidInputError, match="unknown search mode"):
        checks.search(mode="fuzzy", k=0, query=None, min_score=None, limits=DEFAULT_LIMITS)
    with pytest.raises(InvalidInputError, match="k must be an integer from 1 to 5"):
        checks.search(mode="dense", k=6, query=None, min_score=None, limits=Limits(max_k=5))
    with pytest.raises(InvalidInputError, match="order must be 'time' or 'score'"):
        checks.context(100, "size")


# -- vectorising -----------------------------------------------------------------------------------
def test_a_long_text_gets_window_vectors_beside_its_head() -> None:
    short, long = "tea at noon", " ".join(f"word{i}" for i in range(60))
    rows = vectors.vectorize(
        [short, long], EMBEDDER, part_tokens=16, part_overlap=4, progress=False
    )
    assert rows[0].shape == (1, 64) and rows[1].shape[0] > 2
    assert np.allclose(np.linalg.norm(rows[1], axis=1), 1.0)
    off = vectors.vectorize([long], EMBEDDER, part_tokens=0, part_overlap=0, progress=False)
    assert off[0].shape == (1, 64) and np.allclose(off[0][0], rows[1][0])
    with pytest.raises(VectorError):
        vectors.unit_vector([1.0, 2.0], 64)


def test_a_text_past_the_window_warns_when_parts_are_off() -> None:
    class Small(HashEmbedder):
        max_tokens = 24

    long = " ".join(f"word{i}" for i in range(40))
    with pytest.warns(LongTextWarning, match="24-token window"):
        vectors.warn_if_long([long], Small(64), part_tokens=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        vectors.warn_if_long([long], Small(64), part_tokens=16)  # windows cover it


# -- the insert pipeline's rules -------------------------------------------------------------------
def test_links_stay_within_a_scope_and_one_level_deep() -> None:
    doc = record({"text": "doc", "user_id": "ann"})
    chunk = record({"text": "part", "user_id": "ann"})
    chunk.parent_id = doc.id
    inserts.check_links([doc, chunk], None, fetch_from())  # in the batch
    inserts.check_links([chunk], None, fetch_from(stored(doc)))  # stored
    with pytest.raises(InvalidInputError, match=r"item 0: parent_id .*: no memory with that id"):
        inserts.check_links([chunk], None, fetch_from())
    other = record({"text": "part", "user_id": "bob"})
    other.parent_id = doc.id
    with pytest.raises(InvalidInputError, match="lies in another scope"):
        inserts.check_links([doc, other], ["line 1", "line 2"], fetch_from())
    deeper = record({"text": "deeper", "user_id": "ann"})
    deeper.parent_id = chunk.id
    with pytest.raises(InvalidInputError, match="is itself a chunk"):
        inserts.check_links([deeper], None, fetch_from(stored(chunk)))
    twice = record({"text": "a", "key": "k"})
    with pytest.raises(InvalidInputError, match="id 'k' appears twice in the batch"):
        inserts.check_links([twice, record({"text": "b", "key": "k"})], None, fetch_from())


def test_conflicts_are_said_in_the_callers_terms() -> None:
    keyed = record({"text": "x", "key": "plan", "namespace": ["p"]})
    said = inserts.key_conflict(ConflictError("taken", id=keyed.id), [keyed])
    assert said is not None and "key 'plan' is already stored" in str(said) and "['p']" in str(said)
    assert inserts.key_conflict(ConflictError("taken", id="other"), [keyed]) is None
    earlier = MemoryRecord(id="0190-old", text="x")
    with pytest.raises(ConflictError, match="duplicates memory '0190-old'"):
        inserts.check_named_duplicates([keyed], {0: earlier}, [0], None)
    inserts.check_named_duplicates([keyed], {0: earlier}, [], None)  # unnamed: folded in


# -- import planning -------------------------------------------------------------------------------
def test_an_admin_keeps_exported_ids_and_a_tenant_renames_them() -> None:
    rows = [
        {"id": "d1", "text": "doc", "user_id": "ann"},
        {"id": "c1", "text": "part", "user_id": "ann", "parent_id": "d1", "position": 0},
        {"id": "k1", "text": "keyed", "user_id": "ann", "key": "plan"},
    ]
    rows_, labels = imports.labelled(rows, None)
    fresh = imports.fresh(rows_, labels, known=set())
    admin = imports.ImportBatch.of(fresh, grant=ADMIN, limits=DEFAULT_LIMITS, embedder=EMBEDDER)
    assert [r.id for r in admin.records[:2]] == ["d1", "c1"] and admin.records[1].parent_id == "d1"
    assert admin.records[2].id == items.key_id("plan", "ann", None, None, ())
    assert admin.containers() == frozenset({0}) and admin.keyed() == [admin.records[2].id]
    tenant = imports.ImportBatch.of(fresh, grant=ANN, limits=DEFAULT_LIMITS, embedder=EMBEDDER)
    doc, chunk = tenant.records[:2]
    assert doc.id != "d1" and chunk.parent_id == doc.id and tenant.containers() == frozenset({0})
    tenant.without({doc.id})
    assert tenant.labels == ["item 1", "item 2"]
    with pytest.raises(InvalidInputError, match=r"item 0: id .* is remem's id of a record named"):
        bad = [("item 0", {"id": items.key_id("x", None, None, None, ()), "text": "t"})]
        imports.ImportBatch.of(bad, grant=ADMIN, limits=DEFAULT_LIMITS, embedder=EMBEDDER)
    assert imports.fresh(rows_, labels, known={"d1"}) == fresh[1:]


def test_an_imported_rows_vectors_are_its_head_then_its_parts() -> None:
    head, parts = imports.row_vectors(np.ones(128), 64, "row 1")
    assert head.shape == (64,) and parts is not None and parts.shape == (1, 64)
    with pytest.raises(VectorError, match="row 1: the vectors hold 65 floats"):
        imports.row_vectors(np.ones(65), 64, "row 1")
    with pytest.raises(InvalidInputError, match="row 1: id must be a string"):
        imports.labelled([{"id": 5, "text": "x"}], ["row 1"])


# -- shared state, views and the protocol ----------------------------------------------------------
def test_settings_are_checked_once() -> None:
    with pytest.raises(InvalidInputError, match="part_tokens must be 0"):
        EngineSettings("auto", remem.RetrievalConfig(), 8, 0, DEFAULT_LIMITS)
    with pytest.raises(InvalidInputError, match=r"limits must be a remem\.Limits, got dict"):
        EngineSettings("auto", remem.RetrievalConfig(), 128, 32, {})  # type: ignore[arg-type]
    settings = EngineSettings("off", remem.RetrievalConfig(), 128, 32, DEFAULT_LIMITS)
    assert settings.show_progress(None) is False and settings.show_progress(True) is True


def test_a_view_is_the_shared_state_plus_a_grant(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        ann = mem.scoped(ANN)
        assert ann.shared is mem.shared and ann.root is mem and ann.grant == ANN
        assert ann.store is mem.store and ann.retriever is mem.retriever
        assert ann.scoped(ADMIN).root is mem
        mem.add("tea at noon", user_id="ann")
        assert mem.reembed("hash:32") == 1
        assert ann.embedder.name == "hash:32"  # one embedder: the view follows the re-embed
        assert [h.text for h in ann.search("tea", mode="dense")] == ["tea at noon"]
        ann.close()  # a view leaves the store open
        assert mem.get_many([]) == []


def test_the_protocol_is_the_engines_own_signatures() -> None:
    names = [n for n in dir(EngineAPI) if not n.startswith("_")]
    assert {"store", "grant", "limits", "embedder", "add", "search"} <= set(names)
    for name in names:
        ours = getattr(EngineAPI, name)
        if isinstance(ours, property):
            continue  # an attribute: store, embedder, grant, limits
        theirs = getattr(Engine, name)
        same = inspect.signature(ours, eval_str=True) == inspect.signature(theirs, eval_str=True)
        assert same, name
