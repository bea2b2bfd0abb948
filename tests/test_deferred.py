"""The deferred-write buffer and the index follower the engine, the SQLite store and the
semantic cache share, tested on their own: what is pending, when it is due, what a failed write
keeps; when the index is caught up, dropped or built."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Hashable
from pathlib import Path

import numpy as np
import pytest

import remem
from remem.engine.deferred import DeferredWrites, Touches
from remem.index.follower import IndexFollower
from remem.index.vector_index import VectorIndex


def test_changes_wait_until_due_and_are_written_once() -> None:
    buffer: DeferredWrites[str, int] = DeferredWrites(limit=3)
    written: list[dict[str, int]] = []
    buffer.put("a", 1)
    buffer.put("b", 1)
    buffer.put("a", (buffer.get("a") or 0) + 1)
    assert buffer.get("a") == 2 and buffer.get("c") is None
    assert not buffer.due()  # two keys of three
    buffer.put("c", 1)
    assert buffer.due()
    buffer.discard(["b", "gone"])
    buffer.flush(lambda pending: written.append(dict(pending)))
    assert written == [{"a": 2, "c": 1}] and not buffer.pending
    buffer.flush(lambda pending: written.append(dict(pending)))  # nothing pending: no write
    assert len(written) == 1


def test_age_makes_changes_due() -> None:
    buffer: DeferredWrites[str, int] = DeferredWrites(limit=100, age=0.05)
    assert not buffer.due()  # nothing pending is never due
    buffer.put("a", 1)
    assert not buffer.due()
    time.sleep(0.06)
    assert buffer.due()
    assert not DeferredWrites[str, int](limit=100).due()  # no age: only the limit


def test_a_write_that_fails_or_declines_keeps_the_changes() -> None:
    buffer: DeferredWrites[str, int] = DeferredWrites(limit=10)
    buffer.put("a", 1)
    buffer.flush(lambda pending: False)  # the store's write lock was taken: later
    assert buffer.pending == {"a": 1}

    def broken(pending: dict[str, int]) -> bool:
        raise remem.StoreError("disk full")

    with pytest.raises(remem.StoreError):
        buffer.flush(broken)
    assert buffer.pending == {"a": 1}  # a read still sees them: in the store or here
    buffer.flush(lambda pending: True)
    assert buffer.pending == {}


def test_touches_count_a_search_once_show_at_once_and_reach_the_store(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:32") as mem:
        kept = mem.add_many(["tea", "milk"])
        touches = Touches(limit=1000, age=5.0)
        touches.add([kept[0].id, kept[0].id, kept[1].id], 100.0)  # one search: once each
        touches.add([kept[0].id], 200.0)
        assert not touches.due()
        shown = touches.read(lambda: mem.store.get([r.id for r in kept]))
        assert [r.access_count for r in shown] == [2, 1]
        assert shown[0].last_accessed_at is not None
        assert shown[0].last_accessed_at.timestamp() == 200.0
        assert [r.access_count for r in mem.store.get([r.id for r in kept])] == [0, 0]
        other = sqlite3.connect(tmp_path / "s" / "remem.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            touches.flush(mem.store, wait=False)  # another writer: left pending, not waited for
            assert touches.buffer.pending
        finally:
            other.execute("ROLLBACK")
            other.close()
        touches.flush(mem.store)
        assert not touches.buffer.pending
        assert [r.access_count for r in mem.store.get([r.id for r in kept])] == [2, 1]


class _Rows:
    """Rows in a list, with a version that moves on every change by "another process"."""

    def __init__(self) -> None:
        self.rows: dict[int, np.ndarray] = {}
        self.version = 0
        self.held = 0  # largest row id the index holds
        self.deleted = False
        self.loads = self.catch_ups = 0

    def write(self, rowid: int) -> None:
        self.rows[rowid] = np.eye(4, dtype=np.float32)[rowid % 4][None, :]
        self.version += 1

    def delete(self, rowid: int) -> None:
        del self.rows[rowid]
        self.deleted = True
        self.version += 1

    def token(self) -> Hashable:
        return self.version

    def catch_up(self, index: VectorIndex) -> bool:
        self.catch_ups += 1
        if self.deleted:
            return False  # this source logs only appends
        self._append(index)
        return True

    def load(self) -> VectorIndex:
        self.loads += 1
        self.held, self.deleted = 0, False
        index = VectorIndex(4, fields=("user_id",))
        self._append(index)
        return index

    def _append(self, index: VectorIndex) -> None:
        new = sorted(r for r in self.rows if r > self.held)
        if new:
            index.append(new, [self.rows[r] for r in new], [("ann",)] * len(new))
            self.held = new[-1]


def test_the_follower_catches_up_rebuilds_and_drops() -> None:
    rows = _Rows()
    follower = IndexFollower(rows)
    follower.follow()  # no index yet: the token is noted, nothing is read
    assert follower.index is None and rows.loads == rows.catch_ups == 0
    rows.write(1)
    index = follower.synced()
    assert rows.loads == 1 and index.rowids().tolist() == [1]
    assert follower.synced() is index and rows.catch_ups == 0  # nobody wrote: not even asked
    rows.write(2)
    assert follower.synced() is index and index.rowids().tolist() == [1, 2]
    assert rows.catch_ups == 1 and rows.loads == 1
    rows.delete(1)  # a change the source cannot apply: built again
    rebuilt = follower.synced()
    assert rebuilt is not index and rebuilt.rowids().tolist() == [2] and rows.loads == 2
    follower.drop()  # e.g. a write was undone
    assert follower.index is None
    assert follower.synced().rowids().tolist() == [2] and rows.loads == 3
