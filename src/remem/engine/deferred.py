"""Writes held in memory and made in one batch: a search's access statistics, a cache's hits.

A read path that wrote each access at once would take the store's write lock on every search
(one fsync each); instead the changes wait here, keyed by what they change, and are written in
one transaction when due (``limit`` of them, or the oldest ``age`` seconds old), before a write
that must see them, and at close. A crash loses at most these. Reads merge them in meanwhile, so
the process that made them sees them at once. :class:`DeferredWrites` is the buffer;
:class:`Touches` is the engine's use of it, and the semantic cache keeps its hits in another.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

from remem.core.records import MemoryRecord
from remem.core.timeutil import from_epoch

__all__ = ["DeferredWrites", "Touches"]

K = TypeVar("K")
V = TypeVar("V")


class DeferredWrites(Generic[K, V]):
    """Pending changes by key, one buffer shared by everything that makes them (a memory and
    its scoped views; a cache and its views). Not written until :meth:`flush`; kept until the
    write succeeds, so a read sees each change in the store or here, never in neither."""

    def __init__(self, *, limit: int, age: float | None = None) -> None:
        #: Held while a change is made and until a flush has committed.
        self.lock = threading.RLock()
        self.pending: dict[K, V] = {}
        self.since = 0.0  # time.monotonic() of the oldest pending change
        self.limit = limit
        self.age = age

    def get(self, key: K) -> V | None:
        return self.pending.get(key)

    def put(self, key: K, value: V) -> None:
        """Set ``key``'s pending change (the caller merges it with :meth:`get`'s)."""
        with self.lock:
            if not self.pending:
                self.since = time.monotonic()
            self.pending[key] = value

    def discard(self, keys: Sequence[K]) -> None:
        """Forget the changes of these keys (what they change is gone)."""
        with self.lock:
            for key in keys:
                self.pending.pop(key, None)

    def due(self) -> bool:
        """Whether to write now: ``limit`` changes pending, or the oldest ``age`` seconds old."""
        pending = len(self.pending)
        return pending >= self.limit or (
            self.age is not None and pending > 0 and time.monotonic() - self.since >= self.age
        )

    def flush(self, write: Callable[[dict[K, V]], bool | None]) -> None:
        """Hand the pending changes to ``write`` (one transaction) under the lock, and forget
        them once it returns; ``write`` returns False to leave them pending (it could not take
        the store's write lock without waiting)."""
        with self.lock:
            if self.pending and write(self.pending) is not False:
                self.pending = {}


class _Touchable(Protocol):
    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool: ...


class Touches:
    """A memory's access statistics not yet written: id → (accesses, last access), shared by a
    memory and its scoped views. Reads through :meth:`read` show them at once; the store gets
    them in one transaction (:meth:`flush`) when :meth:`due`, before a write, and at close."""

    def __init__(self, *, limit: int, age: float) -> None:
        self.buffer: DeferredWrites[str, tuple[int, float]] = DeferredWrites(limit=limit, age=age)

    def add(self, ids: Sequence[str], at: float) -> None:
        """One access of each of ``ids`` at ``at`` (an id twice in one search counts once, as
        one ``UPDATE ... IN`` made)."""
        buffer = self.buffer
        with buffer.lock:
            for item in dict.fromkeys(ids):
                held = buffer.get(item)
                buffer.put(item, ((held[0] if held else 0) + 1, at))

    def due(self) -> bool:
        return self.buffer.due()

    def flush(self, store: _Touchable, *, wait: bool = True) -> None:
        """Write the pending accesses in one transaction. ``wait=False`` (the search path)
        leaves them pending when another writer holds the store's write lock."""
        self.buffer.flush(lambda pending: store.touch(pending, wait=wait))

    def read(self, fetch: Callable[[], list[MemoryRecord]]) -> list[MemoryRecord]:
        """``fetch()``'s records, with the pending accesses added to their statistics."""
        buffer = self.buffer
        if not buffer.pending:  # nothing to add (a flush in progress keeps them until committed)
            return fetch()
        with buffer.lock:
            records = fetch()
            pending = buffer.pending
            return [
                dataclasses.replace(
                    r,
                    access_count=r.access_count + pending[r.id][0],
                    last_accessed_at=from_epoch(pending[r.id][1]),
                )
                if r.id in pending
                else r
                for r in records
            ]
