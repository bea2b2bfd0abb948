"""The conformance checks of a store's optional parts (cache, keys, usage, erasure, trash),
each skipped for a store that does not hold the part: a base of
:class:`~remem.testing.store_conformance.StoreConformance`, which supplies the fixtures."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest

from remem.stores import Capability, RecordStore, Update, capabilities, part
from remem.stores.erasure import ErasePlan, Needles
from remem.testing.kit import ids, record, unit

__all__ = ["PartChecks"]


class PartChecks:
    """The checks of the optional parts (:class:`~remem.stores.Capability`), each skipped for a
    store that does not hold the part: a base of :class:`StoreConformance`, which supplies the
    ``store`` fixture."""

    @staticmethod
    def needs(store: RecordStore, capability: Capability) -> Any:
        """``store``'s part for ``capability``; a check of a part it does not offer is
        skipped."""
        if capability not in capabilities(store):
            pytest.skip(f"{type(store).__name__} offers no {capability.value}")
        return part(store, capability)

    def test_writes_note_when_each_scope_changed(self, store: RecordStore) -> None:
        cache = self.needs(store, Capability.CACHE)
        before = time.time() - 1.0
        assert not cache.changed_since((None, None, None), before)
        store.insert([record("a", "in a session", 0, user_id="u1", session_id="s1")])
        ((user, agent, session, kind, at),) = cache.scope_changes()
        assert (user, agent, session, kind) == ("u1", "", "s1", "message") and at > before
        assert cache.changed_since(("u1", None, None), before)
        assert cache.changed_since(("u1", None, "s1"), before, kinds=["message", "fact"])
        assert not cache.changed_since(("u1", None, None), before, kinds=["fact"])
        assert not cache.changed_since(("u2", None, None), before)
        assert not cache.changed_since(("u1", "bot", None), before)
        assert not cache.changed_since(("u1", None, None), at)  # after it: none
        cache.set_scope_changes([("u2", "", "", "fact", 5.0)])
        assert cache.changed_since(("u2", None, None), 4.0, kinds=["fact"])
        assert not cache.changed_since(("u2", None, None), 5.0)
        assert [row[:4] for row in cache.scope_changes()] == [
            ("u1", "", "s1", "message"), ("u2", "", "", "fact"),
        ]  # fmt: skip
        for change in (
            lambda: store.update("a", Update(importance=1.0)),
            lambda: store.delete(["a"]),
        ):
            mark = max(row[4] for row in cache.scope_changes())
            time.sleep(0.01)
            change()
            assert cache.changed_since(("u1", None, "s1"), mark)

    def test_cache_entries_are_kept_counted_hit_and_evicted(self, store: RecordStore) -> None:
        cache = self.needs(store, Capability.CACHE)
        first = cache.put(
            "answers",
            [
                (("u1", None, None), "q1", '"a1"', unit(0)),
                (("u2", "bot", None), "q2", '"a2"', unit(1)),
            ],
            created_at=100.0,
            expires_at=None,
        )
        (later,) = cache.put(
            "answers", [(("u1", None, "s"), "q3", '"a3"', unit(2))], created_at=200.0,
            expires_at=300.0,
        )  # fmt: skip
        (other,) = cache.put(
            "other", [((None, None, None), "q", "1", unit(3))], created_at=1.0, expires_at=None
        )
        assert len(set(first)) == 2 and first[0] < first[1] < later
        assert cache.names() == ["answers", "other"]
        assert cache.state("answers") == (3, later)
        rows = cache.rows("answers")
        assert [(row, scope) for row, scope, _ in rows] == [
            (first[0], ("u1", None, None)), (first[1], ("u2", "bot", None)),
            (later, ("u1", None, "s")),
        ]  # fmt: skip
        np.testing.assert_allclose(rows[2][2], unit(2))
        assert [row for row, _, _ in cache.rows("answers", first[1])] == [later]
        entries = cache.entries([first[0], later, other + 1_000])
        assert set(entries) == {first[0], later}
        wanted = {
            "query": "q1", "value": '"a1"', "created_at": 100.0, "expires_at": None,
            "last_hit_at": None, "hits": 0, "user_id": "u1", "agent_id": None,
            "session_id": None,
        }  # fmt: skip
        assert {name: entries[first[0]][name] for name in wanted} == wanted
        cache.hits([(first[0], 2, 150.0, None), (later, 1, 250.0, 400.0)])
        entries = cache.entries([first[0], later])
        assert (entries[first[0]]["hits"], entries[first[0]]["last_hit_at"]) == (2, 150.0)
        assert entries[first[0]]["expires_at"] is None and entries[later]["expires_at"] == 400.0
        assert cache.victims("answers", "fifo", 2) == [first[0], first[1]]
        assert cache.victims("answers", "lru", 3) == [first[1], first[0], later]
        assert cache.victims("answers", "lfu", 3) == [first[1], later, first[0]]
        assert sorted(cache.matching("answers", ("u1", None, None), expired_at=None)) == [
            first[0], later,
        ]  # fmt: skip
        assert sorted(cache.matching("answers", None, expired_at=None)) == [*first, later]
        assert cache.matching("answers", None, expired_at=500.0) == [later]
        assert cache.matching("answers", None, expired_at=399.0) == []
        assert cache.delete([first[0], other + 1_000]) == 1
        assert cache.state("answers") == (2, later)
        assert cache.delete([later, first[1]]) == 2
        assert cache.state("answers") == (0, 0) and cache.names() == ["other"]

    def test_learned_bounds_are_kept_per_owner_and_cache(self, store: RecordStore) -> None:
        cache = self.needs(store, Capability.CACHE)
        assert cache.bounds("answers", ("u1", "")) is None and cache.every_bound() == []
        cache.set_bounds("answers", [(("u1", ""), b"one"), (("", "bot"), b"\x00two")])
        cache.set_bounds("other", [(("u1", ""), b"three")])
        cache.set_bounds("answers", [(("u1", ""), b"one, again")])  # replaces
        assert cache.bounds("answers", ("u1", "")) == b"one, again"
        assert cache.bounds("answers", ("", "bot")) == b"\x00two"
        assert cache.bounds("answers", ("u2", "")) is None
        assert cache.every_bound() == [
            ("answers", ("", "bot"), b"\x00two"),
            ("answers", ("u1", ""), b"one, again"),
            ("other", ("u1", ""), b"three"),
        ]

    def test_api_keys_are_kept_revoked_and_used(self, store: RecordStore) -> None:
        keys = self.needs(store, Capability.KEYS)
        for key_id, at in (("k2", 20.0), ("k1", 10.0)):
            keys.put(
                {"key_id": key_id, "secret_hash": f"hash-{key_id}", "name": f"key {key_id}",
                 "grant_json": '{"users": ["u1"]}', "created_at": at}
            )  # fmt: skip
        assert [row["key_id"] for row in keys.rows()] == ["k1", "k2"]  # oldest first
        (row,) = keys.rows("k2")
        assert (row["secret_hash"], row["name"], row["grant_json"]) == (
            "hash-k2", "key k2", '{"users": ["u1"]}',
        )  # fmt: skip
        assert row["revoked_at"] is None and row["last_used_at"] is None
        assert keys.rows("missing") == []
        keys.used("k2", 30.0)
        assert keys.rows("k2")[0]["last_used_at"] == 30.0
        assert keys.revoke("k2", 40.0) is True
        assert keys.revoke("k2", 50.0) is False  # already revoked
        assert keys.revoke("missing", 50.0) is False
        assert keys.rows("k2")[0]["revoked_at"] == 40.0
        assert len(keys.rows()) == 2  # revoked keys are listed too

    def test_llm_usage_adds_up_per_feature(self, store: RecordStore) -> None:
        usage = self.needs(store, Capability.USAGE)
        assert usage.totals() == {}
        usage.add("chat.summary", {"calls": 1, "cost": 0.25})
        usage.add("chat.summary", {"calls": 2, "prompt_tokens": 10})
        usage.add("facts", {"failures": 1})
        assert usage.totals() == {
            "chat.summary": {"calls": 3, "cost": 0.25, "prompt_tokens": 10},
            "facts": {"failures": 1},
        }
        assert store.stats().llm_usage == usage.totals()

    def test_an_erased_subject_leaves_no_trace_and_others_keep_theirs(
        self, store: RecordStore
    ) -> None:
        erasure = self.needs(store, Capability.ERASE)
        secret = "ann-canary-5f2c: the door code is 4711 and the alarm word is heron"
        store.insert(
            [
                record("a1", secret, 0, user_id="ann"),
                record("a2", f"{secret} (again)", 1, user_id="ann", session_id="s"),
                record("b1", "bob keeps his own note about herons", 2, user_id="bob"),
            ]
        )
        store.delete(["a2"])  # deleted before: its bytes may linger until the scrub
        needles = Needles(
            ids=["a1", "a2"],
            texts=[secret, f"{secret} (again)"],
            vectors=[unit(0), unit(1)],
            scopes=[("ann", None, None)],
            whole_scopes=True,
        )
        counts = erasure.erase(ErasePlan(ids=("a1",), scopes=(("ann", None, None),)))
        assert counts["records"] == 1
        assert isinstance(erasure.scrub(), list)
        assert erasure.traces(needles).found == {}
        assert [r.id for r in store.get(["a1", "a2", "b1"])] == ["b1"]
        assert ids(store.keyword("herons", 10, None)) == ["b1"]
        assert ids(store.dense(unit(0), 10, None)) == ["b1"]
        assert erasure.erase(ErasePlan(ids=(), scopes=(("nobody", None, None),)))["records"] == 0
        store.insert([record("a3", secret, 0, user_id="ann")])  # a trace left on purpose
        assert erasure.traces(needles).found  # the scan finds what is there

    def test_the_trash_keeps_deleted_records_whole_until_dropped(self, store: RecordStore) -> None:
        trash = self.needs(store, Capability.TRASH)
        store.insert(
            [
                record("doc", "the handbook", user_id="ann"),
                record("c0", "holidays: 28 days", 0, user_id="ann", parent_id="doc", position=0),
                record("c1", "laptops: desk 4400", 1, user_id="ann", parent_id="doc", position=1),
                record("b1", "bob's note", 2, user_id="bob"),
            ]
        )
        kept = {r.id: r for r in store.get(["doc", "c0", "c1"])}
        held = store.vectors(["c0", "c1"], parts=True)
        assert trash.put(["doc", "unknown"], until=time.time() + 60) == 3  # with its chunks
        assert store.get(["doc", "c0", "c1"]) == [] and ids(store.keyword("laptops", 5, None)) == []
        (entry,) = trash.entries(users=["ann"])
        assert (entry.id, entry.user_id, entry.namespace) == ("doc", "ann", ())
        back = {r.id: (r, v) for r, v in entry.records()}
        assert set(back) == {"doc", "c0", "c1"} and back["c0"][0] == kept["c0"]
        vectors = back["c1"][1]
        assert vectors is not None and np.array_equal(np.atleast_2d(vectors), held["c1"])
        assert trash.entries(users=["bob"]) == []  # another user's trash is apart
        assert trash.entries(ids=["b1"]) == [] and trash.entries(ids=[]) == []
        trash.put(["b1"], until=time.time() - 1)  # already past its time
        assert trash.purge(time.time()) == 1 and len(trash.entries()) == 1
        assert trash.drop(["doc"]) == 1 and trash.entries() == []
