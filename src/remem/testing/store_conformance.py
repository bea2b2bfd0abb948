"""What every store must do: remem's store conformance suite, for any backend.

Each check speaks only the :class:`remem.stores.Store` interface (records in, records and
candidates out), never a backend's tables, so a backend written outside remem runs the same
checks as remem's own stores: subclass :class:`StoreConformance` (or call
:func:`conformance_suite`) in a test module and say how a store opens. Checks of an optional
table (:func:`remem.stores.capabilities`) are skipped for a store without it. Vectors are small
and made by hand, so each expectation is exact.

This module imports pytest: only test runs import it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from remem.core.errors import ConflictError, EmbedderMismatchError, NotFoundError
from remem.core.filters import Cond, Filter, Logic, parse_filter
from remem.core.records import Provenance
from remem.core.validate import content_hash
from remem.embedders.base import EmbedderSignature
from remem.stores import (
    RecordStore,
    Update,
)
from remem.testing.kit import (
    DIMS,
    NOT_SHARED,
    SIGNATURE,
    StoreFactory,
    ids,
    record,
    unit,
)
from remem.testing.part_checks import PartChecks

__all__ = [
    "DIMS",
    "SIGNATURE",
    "CandidateChecks",
    "PartChecks",
    "StoreConformance",
    "StoreFactory",
    "conformance_suite",
    "ids",
    "record",
    "unit",
]


class CandidateChecks:
    """The checks of dense and keyword candidates: a base of :class:`StoreConformance`, which
    supplies the fixtures."""

    def test_dense_scores_are_cosines_never_above_one(self, store: RecordStore) -> None:
        """float32 rounding puts this unit vector's cosine with itself at 1.0000001: a store
        answers 1.0 at most."""
        vector = np.random.default_rng(0).normal(size=DIMS).astype(np.float32)
        vector /= np.linalg.norm(vector)
        assert float(np.dot(vector, vector)) > 1.0
        rec = record("self", "the vector itself")
        rec.vector = vector
        store.insert([rec, record("other", "another", 3)], signature=SIGNATURE)
        found = store.dense(vector, 2, None)
        assert ids(found)[0] == "self"
        assert all(-1.0 <= score <= 1.0 for _, score in found)
        assert found[0][1] == pytest.approx(1.0, abs=1e-6)

    def test_dense_and_keyword_candidates_respect_filters(self, store: RecordStore) -> None:
        store.insert(
            [
                record("a", "Sam likes green tea", 0, user_id="sam", kind="fact"),
                record("b", "Alex likes green tea", 0, user_id="alex", kind="fact"),
                record("c", "Sam drinks coffee", 1, user_id="sam", kind="message"),
                record(
                    "d", "A document", kind="document", user_id="sam"
                ),  # no vector: no candidate
            ]
        )
        sam = Cond("user_id", "$eq", "sam")
        assert ids(store.dense(unit(0), 10, sam))[0] == "a"
        assert "b" not in ids(store.dense(unit(0), 10, sam))
        assert ids(store.keyword("green tea", 10, sam)) == ["a"]
        facts = parse_filter({"kind": "fact", "user_id": {"$in": ["sam", "alex"]}})
        assert set(ids(store.keyword("tea", 10, facts))) == {"a", "b"}
        assert "d" not in ids(store.keyword("document", 10, None))
        hostile = parse_filter({"$or": [{"user_id": "alex"}, {"kind": "message"}]})
        assert hostile is not None
        both = Logic("$and", (sam, hostile))  # a grant and-ed with a widening filter
        assert ids(store.keyword("coffee tea", 10, both)) == ["c"]
        assert set(ids(store.dense(unit(0), 10, both))) == {"c"}

    def test_every_filter_operator_selects_what_the_reference_selects(
        self, store: RecordStore
    ) -> None:
        """Each operator of the filter grammar, on a field, on metadata and on the namespace,
        and each logic operator, selects in listings, reads by id and both candidate searches
        the records :func:`remem.testing.filters.matches` selects: the meaning a backend's own
        query language must keep (a backend without one calls ``matches`` itself)."""
        from remem.testing.filters import matches

        store.insert(
            [
                record("a", "alpha tea", 0, user_id="u1", kind="fact", importance=0.2,
                       metadata={"n": 1, "tag": "x", "tags": ["red", "blue"]},
                       namespace=("a",)),
                record("b", "beta tea", 1, user_id="u2", importance=0.8,
                       metadata={"n": 5, "tag": "y"}, namespace=("a", "b")),
                record("c", "gamma tea", 2, kind="fact", metadata={"n": 9, "tags": ["green"]}),
                record("d", "delta tea", 3, user_id="u1", session_id="s", importance=0.5),
            ]
        )  # fmt: skip
        held = store.get(["a", "b", "c", "d"])
        specs: list[dict[str, Any]] = [
            {"user_id": "u1"}, {"user_id": {"$ne": "u1"}}, {"user_id": None},
            {"importance": {"$gt": 0.5}}, {"importance": {"$gte": 0.5}},
            {"importance": {"$lt": 0.5}}, {"importance": {"$lte": 0.2}},
            {"kind": {"$in": ["fact"]}}, {"kind": {"$nin": ["fact"]}},
            {"metadata.n": {"$gt": 3}}, {"metadata.tag": {"$exists": True}},
            {"metadata.tag": {"$exists": False}}, {"metadata.tags": {"$contains": "red"}},
            {"namespace": {"$prefix": ["a"]}}, {"namespace": []},
            {"$or": [{"user_id": "u2"}, {"kind": "fact"}]},
            {"$and": [{"user_id": "u1"}, {"kind": "message"}]},
            {"$not": {"user_id": "u1"}},
        ]  # fmt: skip
        for spec in specs:
            where = parse_filter(spec)
            wanted = sorted(r.id for r in held if matches(where, r))
            assert sorted(r.id for r in store.records(where)) == wanted, spec
            assert sorted(r.id for r in store.get(["a", "b", "c", "d"], where)) == wanted, spec
            assert sorted(ids(store.keyword("tea", 10, where))) == wanted, spec
            assert sorted(ids(store.dense(unit(0), 10, where))) == wanted, spec

    def test_keyword_search_treats_user_text_as_words(self, store: RecordStore) -> None:
        store.insert([record("a", 'He said "hello" AND left (quickly)', 0)])
        for query in ('"hello"', "AND", "left)", "NEAR(", "*", "hello OR", ":"):
            store.keyword(query, 5, None)  # never a syntax error
        assert ids(store.keyword("hello", 5, None)) == ["a"]
        # A bound on the words looked up keeps the first distinct ones.
        assert ids(store.keyword("hello quickly", 5, None, max_terms=1)) == ["a"]
        assert ids(store.keyword("nothing hello", 5, None, max_terms=1)) == []

    def test_keyword_search_finds_words_inside_scripts_without_spaces(
        self, store: RecordStore
    ) -> None:
        """A run of Chinese or Japanese characters is one "word" to a tokenizer that splits at
        spaces: two characters inside it are found all the same (remem.text.keywords), and an update
        or a delete leaves no stale match behind."""
        store.insert(
            [
                record("zh", "我喜欢吃饺子，特别是猪肉白菜馅的", 0, user_id="u"),
                record("ja", "来月、東京の友達に会いに行きます", 1, user_id="u"),
                record("mixed", "iPhone的价格太贵了", 2, user_id="u"),
                record("en", "Dumplings with pork and cabbage", 3, user_id="u"),
            ]
        )
        assert ids(store.keyword("饺子", 5, None)) == ["zh"]
        assert ids(store.keyword("東京", 5, None)) == ["ja"]
        assert ids(store.keyword("东京的饺子", 5, None)) == [
            "zh"
        ]  # 东 is not 東: only 饺子 matches
        assert ids(store.keyword("iphone", 5, None)) == ["mixed"]
        assert ids(store.keyword("价格", 5, None)) == ["mixed"]
        assert ids(store.keyword("dumplings cabbage", 5, None)) == ["en"]
        store.update(
            "zh", Update(text="我更喜欢吃包子", content_hash=content_hash("我更喜欢吃包子"))
        )
        assert ids(store.keyword("饺子", 5, None)) == []
        assert ids(store.keyword("包子", 5, None)) == ["zh"]
        store.delete(["ja"])
        assert ids(store.keyword("東京", 5, None)) == []

    def test_lists_filter_order_and_page(self, store: RecordStore) -> None:
        store.insert(
            [record(f"r{i}", f"text {i}", i % DIMS, user_id="u", created_at=1000.0 + i)
             for i in range(5)]
        )  # fmt: skip
        where = Cond("user_id", "$eq", "u")
        assert [r.id for r in store.records(where, order="created_at", limit=2, offset=1)] == [
            "r1",
            "r2",
        ]
        newest = store.records(where, limit=2, order="-created_at")
        assert [r.id for r in newest] == ["r4", "r3"]
        assert [r.id for r in store.records(where, offset=3)] == ["r3", "r4"]  # stored order
        assert list(store.records(Cond("user_id", "$eq", "nobody"), limit=10)) == []


class StoreConformance(CandidateChecks, PartChecks):
    """The checks, as the tests of a class pytest collects from a subclass named ``Test...``:
    it overrides :meth:`open_store`, and sets :attr:`shared_handles` to False when each handle
    is a store of its own (as one in memory is)."""

    #: Whether two handles opened on one place are one store (checked: each sees the other's
    #: writes, and its change token moves on them).
    shared_handles: ClassVar[bool] = True

    def open_store(self, place: Path) -> RecordStore:
        """Open the store at ``place`` (see :data:`StoreFactory`)."""
        raise NotImplementedError("a conformance suite says how its store opens: open_store")

    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[RecordStore]:
        made = self.open_store(tmp_path / "store")
        assert made.signature(claim=SIGNATURE) == SIGNATURE
        try:
            yield made
        finally:
            made.close()

    @pytest.fixture
    def two_handles(self, tmp_path: Path) -> Iterator[tuple[RecordStore, RecordStore]]:
        if not self.shared_handles:
            pytest.skip("one handle per store")
        first = self.open_store(tmp_path / "store")
        try:
            second = self.open_store(tmp_path / "store")
        except BaseException:
            first.close()
            raise
        try:
            yield first, second
        finally:
            first.close()
            second.close()

    # -- writes and reads --------------------------------------------------------------------------
    def test_records_round_trip_with_every_field(self, store: RecordStore) -> None:
        rec = record(
            "a", "Sam is allergic to cashews", 0, kind="fact", role="user", user_id="sam",
            agent_id="bot", session_id="s1", metadata={"tags": ["food"], "n": 1}, importance=7.0,
        )  # fmt: skip
        (stored,) = store.insert([rec], signature=SIGNATURE)
        (got,) = store.get(["a"])
        assert got == stored
        assert (got.kind, got.role, got.user_id, got.agent_id, got.session_id) == (
            "fact", "user", "sam", "bot", "s1",
        )  # fmt: skip
        assert got.metadata == {"tags": ["food"], "n": 1} and got.importance == 7.0
        assert got.created_at.timestamp() == 1_700_000_000.0
        assert store.get(["missing", "a", "missing"]) == [got]
        assert store.stats().vectors == 1 and store.signature() == SIGNATURE

    def test_provenance_is_kept_read_back_and_changed(self, store: RecordStore) -> None:
        made = Provenance(
            face="rest", key_id="k1", source="notes.md:3", origin="derived", model="m",
            prompt="facts.extract", derived_from=("x", "y"), marks=("instruction",),
        )  # fmt: skip
        store.insert([record("a", "Sam moved", 0, provenance=made), record("b", "old", 1)])
        (got,) = store.get(["a"])
        assert got.provenance == made
        assert next(iter(store.records(Cond("id", "$eq", "a")))).provenance == made
        assert store.get(["b"])[0].provenance == Provenance()  # nothing known: stored as such
        plain = Provenance(face="rest", origin="user")
        assert store.update("a", Update(provenance=plain)).provenance == plain
        assert store.get(["a"])[0].provenance == plain

    def test_the_first_claim_of_a_signature_wins(self, store: RecordStore) -> None:
        other = EmbedderSignature("other:8", 8)
        assert store.signature(claim=other) == SIGNATURE  # the fixture claimed first
        assert store.signature() == SIGNATURE

    def test_records_are_read_in_pages_in_any_order(self, store: RecordStore) -> None:
        count = 2_345  # more than two pages
        store.insert([record(f"r{i:04d}", f"text {i}", created_at=2e9 - i) for i in range(count)])
        assert [r.id for r in store.records()] == [f"r{i:04d}" for i in range(count)]
        window = [r.id for r in store.records(offset=999, limit=1_002)]
        assert window == [f"r{i:04d}" for i in range(999, 2_001)]
        newest_first = [r.id for r in store.records(order="created_at", offset=1_000, limit=3)]
        assert newest_first == [f"r{i:04d}" for i in range(1_344, 1_341, -1)]
        assert next(store.records(limit=0), None) is None

    def test_an_insert_is_all_or_nothing(self, store: RecordStore) -> None:
        store.insert([record("a", "first", 0)])
        with pytest.raises(ConflictError, match="'a' is already stored"):
            store.insert([record("b", "second", 1), record("a", "same id again", 2)])
        assert [r.id for r in store.records()] == ["a"]

    def test_replace_puts_a_record_in_the_place_of_the_one_with_its_id(
        self, store: RecordStore
    ) -> None:
        doc = record("doc", "a document", kind="document", user_id="u1")
        chunk = record("doc-0", "its chunk", 2, kind="chunk", user_id="u1")
        chunk.parent_id, chunk.position = "doc", 0
        store.insert(
            [record("a", "original words", 0, user_id="u1"), doc, chunk], signature=SIGNATURE
        )
        (new,) = store.insert(
            [record("a", "rewritten", 1, user_id="u1", metadata={"v": 2})],
            signature=SIGNATURE,
            replace=True,
        )
        (got,) = store.get(["a"])
        assert (got.text, got.metadata, new.id) == ("rewritten", {"v": 2}, "a")
        assert ids(store.dense(unit(1), 1, None)) == ["a"]
        assert ids(store.keyword("rewritten", 5, None)) == ["a"]
        assert store.keyword("original", 5, None) == []
        store.insert([record("doc", "a document, again", kind="document")], replace=True)
        assert [r.id for r in store.get(["doc", "doc-0"])] == ["doc"]  # its chunks went with it
        assert ids(store.dense(unit(2), 5, None)) == ["a"]
        store.insert([record("b", "new under replace", 3)], replace=True)  # nothing to replace
        assert sorted(r.id for r in store.records()) == ["a", "b", "doc"]

    def test_expiry_is_stored_and_expired_records_are_purged(self, store: RecordStore) -> None:
        doc = record("doc", "a document that expires", kind="document", expires_at=1_000.0)
        chunk = record("doc-0", "its chunk", 1, kind="chunk")
        chunk.parent_id, chunk.position = "doc", 0
        later = record("later", "expires later", 2, expires_at=5_000.0)
        store.insert([doc, chunk, later, record("never", "never expires", 3)], signature=SIGNATURE)
        assert [r.expires_at.timestamp() if r.expires_at else None for r in store.get(
            ["doc", "later", "never"])] == [1_000.0, 5_000.0, None]  # fmt: skip
        assert store.purge_expired(999.0) == 0
        assert store.purge_expired(1_000.0) == 2  # the document and its chunk
        assert sorted(r.id for r in store.records()) == ["later", "never"]
        assert "doc-0" not in ids(store.dense(unit(1), 5, None))
        assert store.purge_expired(10_000.0, limit=1) == 1
        assert [r.id for r in store.records()] == ["never"]

    def test_namespaces_are_stored_matched_by_prefix_and_listed(self, store: RecordStore) -> None:
        deep = ("projects", "atlas", "notes")
        store.insert(
            [
                record("root", "filed at the root", 0, user_id="u1"),
                record("a", "atlas plan", 1, user_id="u1", namespace=("projects", "atlas")),
                record("n", "atlas notes", 2, user_id="u1", namespace=deep, key="k1"),
                # A label that is a prefix of another as text is not its parent.
                record("x", "atlas extended", 3, user_id="u1", namespace=("projects", "atlasx")),
                record("o", "other tenant", 1, user_id="u2", namespace=("projects", "atlas")),
            ],
            signature=SIGNATURE,
        )
        (got,) = store.get(["n"])
        assert (got.namespace, got.key) == (deep, "k1")
        assert store.get(["root"])[0].namespace == () and store.get(["root"])[0].key is None

        def where(**spec: object) -> Filter | None:
            return parse_filter({"user_id": "u1", **spec})

        below = where(namespace={"$prefix": ["projects", "atlas"]})
        assert sorted(r.id for r in store.records(below)) == ["a", "n"]
        assert [r.id for r in store.records(where(namespace=["projects", "atlas"]))] == ["a"]
        assert [r.id for r in store.records(where(namespace=[]))] == ["root"]
        assert sorted(r.id for r in store.records(where(namespace={"$prefix": []}))) == [
            "a", "n", "root", "x",
        ]  # fmt: skip
        assert sorted(ids(store.dense(unit(1, 2, 3), 5, below))) == ["a", "n"]
        found = ids(store.keyword("atlas", 5, below))
        assert found and set(found) == {"a", "n"}
        assert store.namespaces(parse_filter({"user_id": "u1"})) == [
            (), ("projects", "atlas"), deep, ("projects", "atlasx"),
        ]  # fmt: skip
        assert store.namespaces(below) == [("projects", "atlas"), deep]
        assert store.namespaces(parse_filter({"user_id": "u1"}), limit=1) == [()]
        assert store.namespaces(parse_filter({"user_id": "nobody"})) == []
        # The same text in another namespace is no duplicate.
        twin = record("t", "atlas plan", 1, user_id="u1", namespace=("projects", "other"))
        assert store.find_duplicates([twin]) == {}

    def test_namespaces_page_on_after_the_last_one_listed(self, store: RecordStore) -> None:
        """Keyset paging: each page starts after the previous page's last namespace, in the
        listing's own order (a parent before its children, labels by code point, ``é`` after
        ``z``), so the pages together are the whole listing, each namespace once."""
        spaces = [("a",), ("a", "b"), ("a", "b", "c"), ("ab",), ("b",), ("z",), ("é",), ("é", "x")]
        store.insert(
            [record("root", "at the root", user_id="u1")]
            + [record(f"r{i}", "filed", user_id="u1", namespace=ns) for i, ns in enumerate(spaces)]
            + [record("o", "other tenant", user_id="u2", namespace=("a", "zz"))],
            signature=SIGNATURE,
        )
        mine = parse_filter({"user_id": "u1"})
        whole = store.namespaces(mine)
        assert whole == [(), *spaces]
        pages: list[tuple[str, ...]] = []
        after: tuple[str, ...] | None = None
        while page := store.namespaces(mine, limit=3, after=after):
            pages += page
            after = page[-1]
        assert pages == whole
        assert store.namespaces(mine, after=()) == spaces  # after the root: all the others
        assert store.namespaces(mine, after=("a", "b"), limit=2) == [("a", "b", "c"), ("ab",)]
        assert store.namespaces(mine, after=("a", "a")) == spaces[1:]  # need not be stored itself
        assert store.namespaces(mine, after=("é", "x")) == []

    def test_an_expiry_alone_changes_no_update_time(self, store: RecordStore) -> None:
        (before,) = store.insert([record("a", "kept a while", 0)], signature=SIGNATURE)
        changed = store.update("a", Update(expires_at=4_000_000_000.0))
        assert changed.expires_at is not None and changed.expires_at.timestamp() == 4_000_000_000.0
        assert changed.updated_at == before.updated_at
        assert store.update("a", Update(importance=2.0)).updated_at >= before.updated_at

    def test_exact_duplicates_are_found_within_scope_and_kind(self, store: RecordStore) -> None:
        store.insert([record("a", "Bob likes jazz.", 0, kind="fact", user_id="u1")])
        again = record("b", "Bob likes jazz.", 0, kind="fact", user_id="u1")
        other_user = record("c", "Bob likes jazz.", 0, kind="fact", user_id="u2")
        other_kind = record("d", "Bob likes jazz.", 0, kind="message", user_id="u1")
        found = store.find_duplicates([again, other_user, other_kind])
        assert {i: r.id for i, r in found.items()} == {0: "a"}
        assert [r.id for r in store.insert([again])] == ["a"]  # the stored one comes back

    def test_updates_change_fields_and_vectors(self, store: RecordStore) -> None:
        store.insert([record("a", "old text", 0), record("b", "other", 1)])
        changed = store.update(
            "a",
            Update(text="new words", content_hash=content_hash("new words"), vector=unit(1),
                   metadata={"v": 2}, importance=3.0, kind="fact"),
        )  # fmt: skip
        assert (changed.text, changed.metadata, changed.importance, changed.kind) == (
            "new words", {"v": 2}, 3.0, "fact",
        )  # fmt: skip
        assert ids(store.keyword("words", 5, None)) == ["a"]
        assert store.keyword("old", 5, None) == []
        assert set(ids(store.dense(unit(1), 2, None))) == {"a", "b"}
        with pytest.raises(NotFoundError):
            store.update("missing", Update(importance=1.0))

    def test_a_change_of_content_moves_the_update_time(self, store: RecordStore) -> None:
        """``updated_at`` moves to the time of each change of content (text, metadata,
        importance, kind, role, vector), on the record returned and the one read back."""
        store.insert([record("a", "old text", 0, updated_at=1_700_000_000.0)])
        assert store.get(["a"])[0].updated_at.timestamp() == 1_700_000_000.0
        changed = store.update("a", Update(text="new", content_hash=content_hash("new")))
        assert changed.updated_at.timestamp() > 1_700_000_000.0
        assert store.get(["a"])[0].updated_at == changed.updated_at
        store.insert([record("b", "other", 1, updated_at=1_700_000_000.0)])
        assert store.update("b", Update(metadata={"v": 1})).updated_at.timestamp() > 1.7e9

    def test_vectors_of_another_embedder_are_refused(self, store: RecordStore) -> None:
        """A writer whose embedder is not the store's has its vectors refused
        (:class:`~remem.core.errors.EmbedderMismatchError`), on insert and on update, and nothing
        of the call is written."""
        foreign = EmbedderSignature("other:8", DIMS)
        store.insert([record("a", "kept", 0)], signature=SIGNATURE)
        with pytest.raises(EmbedderMismatchError):
            store.insert([record("b", "refused", 1)], signature=foreign)
        assert store.get(["b"]) == []
        with pytest.raises(EmbedderMismatchError):
            store.update("a", Update(vector=unit(2)), signature=foreign)
        np.testing.assert_allclose(store.vectors(["a"])["a"], unit(0))
        assert store.signature() == SIGNATURE

    def test_accesses_add_up_and_keep_the_time_given(self, store: RecordStore) -> None:
        """``touch`` adds each count to ``access_count`` and sets ``last_accessed_at`` to the
        time given; unknown ids are passed over, other records left alone."""
        store.insert([record("a", "read often", 0), record("b", "never read", 1)])
        assert store.touch({"a": (2, 1_800_000_000.0), "missing": (1, 1_800_000_000.0)})
        assert store.touch({"a": (1, 1_800_000_100.0)})
        a, b = store.get(["a", "b"])
        assert a.access_count == 3 and a.last_accessed_at is not None
        assert a.last_accessed_at.timestamp() == 1_800_000_100.0
        assert (b.access_count, b.last_accessed_at) == (0, None)

    def test_deleting_a_document_takes_its_chunks(self, store: RecordStore) -> None:
        doc = record("doc", "the whole document", kind="document")
        chunks = [
            record(f"c{i}", f"chunk {i}", i, kind="chunk", parent_id="doc", position=i)
            for i in range(3)
        ]
        store.insert([doc, *chunks, record("other", "unrelated", 5)])
        assert store.delete(["doc"]) == 4
        assert [r.id for r in store.get(["doc", "c0", "c1", "c2", "other"])] == ["other"]
        assert list(store.vectors(["c0", "c1", "c2", "other"], parts=True)) == ["other"]
        assert ids(store.dense(unit(0), 10, None)) == ["other"]
        assert ids(store.keyword("chunk", 10, None)) == []
        assert store.delete(["missing"]) == 0

    def test_vectors_round_trip_head_and_parts(self, store: RecordStore) -> None:
        rec = record("long", "a long text", 0)
        rec.parts = np.stack([unit(1), unit(2)])
        store.insert([rec, record("short", "short", 3), record("none", "no vector")])
        exported = store.vectors([r.id for r in store.records()], parts=True)
        assert "none" not in exported
        np.testing.assert_allclose(exported["long"], np.stack([unit(0), unit(1), unit(2)]))
        np.testing.assert_allclose(exported["short"], unit(3)[None, :])
        heads = store.vectors(["long", "short", "none"])
        assert set(heads) == {"long", "short"}
        np.testing.assert_allclose(heads["long"], unit(0))
        # A part vector finds its record once, scored by its best vector with part_weight=1.
        found = store.dense(unit(2), 5, None, part_weight=1.0)
        assert found[0][0] == "long" and found[0][1] == pytest.approx(1.0, abs=1e-5)
        assert ids(found).count("long") == 1

    def test_replacing_every_vector_records_the_new_embedder(self, store: RecordStore) -> None:
        store.insert([record("a", "one", 0), record("b", "two", 1)])
        wider = EmbedderSignature("test:4", 4)
        store.replace_vectors(
            ["a", "b"], [np.eye(4, dtype=np.float32)[:1], np.eye(4, dtype=np.float32)[1:2]], wider
        )
        assert store.signature() == wider
        assert ids(store.dense(np.eye(4, dtype=np.float32)[1], 1, None)) == ["b"]

    def test_replacing_vectors_checks_the_embedder_the_caller_read(
        self, store: RecordStore
    ) -> None:
        """``expected``: the store's signature must still be the one the caller read, else
        :class:`~remem.core.errors.ConflictError` and nothing is written (another process
        re-embedded meanwhile)."""
        store.insert([record("a", "one", 0)])
        wider = EmbedderSignature("test:4", 4)
        stale = EmbedderSignature("another:8", DIMS)
        with pytest.raises(ConflictError):
            store.replace_vectors(["a"], [np.eye(4, dtype=np.float32)[:1]], wider, expected=stale)
        assert store.signature() == SIGNATURE
        np.testing.assert_allclose(store.vectors(["a"])["a"], unit(0))
        store.replace_vectors(["a"], [np.eye(4, dtype=np.float32)[:1]], wider, expected=SIGNATURE)
        assert store.signature() == wider

    # -- scope on every read that follows a link ---------------------------------------------------
    def test_reads_by_id_honour_a_condition(self, store: RecordStore) -> None:
        store.insert(
            [record("a", "mine", 0, user_id="sam"), record("b", "theirs", 1, user_id="alex")]
        )
        sam = Cond("user_id", "$in", ("sam",))
        assert [r.id for r in store.get(["a", "b"], sam)] == ["a"]
        assert [r.id for r in store.records(sam)] == ["a"]

    def test_adjacency_stays_within_a_user_and_agent(self, store: RecordStore) -> None:
        turns = [
            record(f"{user}{i}", f"{user} turn {i}", i, user_id=user, session_id="shared",
                   created_at=1000.0 + 2 * i + (user == "b"))
            for i in range(3)
            for user in ("a", "b")
        ]  # fmt: skip
        store.insert(turns)
        assert store.adjacent(["a1"]) == {"a1": ("a0", "a2")}
        assert store.adjacent(["b0"]) == {"b0": (None, "b1")}
        only_a = Cond("user_id", "$eq", "a")
        assert store.adjacent(["a1", "b1"], only_a) == {"a1": ("a0", "a2")}
        doc = record("doc", "document", kind="document", user_id="a")
        chunks = [
            record(f"c{i}", f"chunk {i}", i, kind="chunk", parent_id="doc", position=i, user_id="a")
            for i in range(3)
        ]
        store.insert([doc, *chunks])
        assert store.adjacent(["c1"]) == {"c1": ("c0", "c2")}

    def test_turns_stored_at_one_time_are_adjacent_in_the_order_stored(
        self, store: RecordStore
    ) -> None:
        """A chat imported with one time per session (no time per turn): its turns' order is
        the order they were stored in, so neighbours are still the turns said before and after."""
        turns = [record(f"t{i}", f"turn {i}", i, user_id="a", session_id="D1", created_at=500.0)
                 for i in range(4)]  # fmt: skip
        store.insert(turns)
        store.insert([record("late", "turn 4", 4, user_id="a", session_id="D1", created_at=500.0)])
        assert store.adjacent(["t0", "t2", "late"]) == {
            "t0": (None, "t1"),
            "t2": ("t1", "t3"),
            "late": ("t3", None),
        }

    # -- several handles ---------------------------------------------------------------------------
    def test_a_second_handle_sees_every_write(
        self, two_handles: tuple[RecordStore, RecordStore]
    ) -> None:
        first, second = two_handles
        first.signature(claim=SIGNATURE)
        first.insert([record("a", "first", 0)])
        assert ids(second.dense(unit(0), 5, None)) == ["a"], NOT_SHARED  # loads its index now
        second_sees = [record(f"n{i}", f"new {i}", i % DIMS) for i in range(6)]
        first.insert(second_sees)
        first.update("n5", Update(vector=unit(7)))
        first.delete(["n0"])
        found = set(ids(second.dense(unit(7), 20, None)))
        assert found == {"a", "n1", "n2", "n3", "n4", "n5"}
        assert ids(second.keyword("new", 20, None)) != []

    def test_change_token_moves_when_another_handle_commits(
        self, two_handles: tuple[RecordStore, RecordStore]
    ) -> None:
        first, second = two_handles
        first.signature(claim=SIGNATURE)
        seen = second.change_token()
        assert second.change_token() == seen  # nobody wrote
        first.insert([record("a", "first", 0)])
        assert second.change_token() != seen, NOT_SHARED


def conformance_suite(
    factory: StoreFactory, *, shared_handles: bool = True, name: str = "TestStoreConformance"
) -> type[StoreConformance]:
    """The suite over stores ``factory`` opens, as a class for a test module to hold under a
    name starting with ``Test`` (``TestMyStore = conformance_suite(MyStore)``)."""

    def open_store(self: StoreConformance, place: Path) -> RecordStore:
        return factory(place)

    return type(
        name, (StoreConformance,), {"open_store": open_store, "shared_handles": shared_handles}
    )
