"""Broken stores: each a backend with one realistic bug, which the shipped conformance suite
(:mod:`remem.testing.store_conformance`) must catch (tests/test_testing_suite.py runs it on
each). Each wraps one of remem's SQLite stores the way a third party's backend would
(:class:`tests.test_testing_suite.MinimalStore`), with the one method it gets wrong."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from remem.core.filters import Cond, Filter, Logic
from remem.core.records import MemoryRecord
from remem.embedders.base import EmbedderSignature
from remem.stores import NewRecord, Update, open_store

from .test_testing_suite import MinimalStore

__all__ = ["MUTANTS", "opener"]


class NoOpTouch(MinimalStore):
    """Accesses are acknowledged and never written."""

    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool:
        return True


class IgnoresExpected(MinimalStore):
    """Re-embedding never checks that the store's embedder is still the one the caller read."""

    def replace_vectors(
        self, *args: Any, expected: EmbedderSignature | None = None, **kwargs: Any
    ) -> list[str]:
        return super().replace_vectors(*args, **kwargs)


class StaleUpdateTime(MinimalStore):
    """An update answers the record with the update time it had before."""

    def update(
        self, id: str, change: Update, *, signature: EmbedderSignature | None = None
    ) -> MemoryRecord:
        before = self.inner.get([id])
        after = super().update(id, change, signature=signature)
        return replace(after, updated_at=before[0].updated_at) if before else after


class NoEmbedderCheck(MinimalStore):
    """Vectors are taken whatever embedder made them."""

    def insert(
        self, records: Sequence[NewRecord], *, signature: Any = None, **kwargs: Any
    ) -> list[MemoryRecord]:
        return super().insert(records, **kwargs)

    def update(
        self, id: str, change: Update, *, signature: EmbedderSignature | None = None
    ) -> MemoryRecord:
        return super().update(id, change)


class GetIgnoresScope(MinimalStore):
    """Reads by id pass over the condition (another tenant's record comes back)."""

    def get(self, ids: Sequence[str], where: Filter | None = None) -> list[MemoryRecord]:
        return super().get(ids)


class PagesSkipARow(MinimalStore):
    """Paging is off by one: every page after the first starts a row late."""

    def records(
        self, where: Filter | None = None, *, offset: int = 0, **kwargs: Any
    ) -> Iterator[MemoryRecord]:
        return super().records(where, offset=offset + 1 if offset else 0, **kwargs)


class KeywordIgnoresScope(MinimalStore):
    """Keyword candidates come from every scope."""

    def keyword(
        self, query: str, k: int, where: Filter | None, **kwargs: Any
    ) -> list[tuple[str, float]]:
        return super().keyword(query, k, None, **kwargs)


class DeleteForgetsChunks(MinimalStore):
    """Deleting a document leaves its chunks."""

    def delete(self, ids: Sequence[str]) -> int:
        keep = [r.id for r in self.inner.records() if r.parent_id in set(ids)]
        held = {r.id: r for r in self.inner.get(keep)}
        gone = super().delete(ids)
        survivors = [
            NewRecord(id=r.id, text=r.text, kind=r.kind, content_hash=r.content_hash,
                      created_at=r.created_at.timestamp(), user_id=r.user_id)
            for r in held.values()
        ]  # fmt: skip
        if survivors:
            self.inner.insert(survivors)
        return gone - len(survivors)


def _nin_as_in(where: Filter | None) -> Filter | None:
    """``where`` with every ``$nin`` read as ``$in`` (a compiler that drops a negation)."""
    if isinstance(where, Cond):
        return Cond(where.field, "$in", where.value) if where.op == "$nin" else where
    if isinstance(where, Logic):
        return Logic(where.op, tuple(_nin_as_in(part) for part in where.parts))  # type: ignore[misc]
    return where


class NinReadAsIn(MinimalStore):
    """One operator of the filter grammar compiled wrong: ``$nin`` selects as ``$in``."""

    def get(self, ids: Sequence[str], where: Filter | None = None) -> list[MemoryRecord]:
        return super().get(ids, _nin_as_in(where))

    def records(self, where: Filter | None = None, **kwargs: Any) -> Iterator[MemoryRecord]:
        return super().records(_nin_as_in(where), **kwargs)


class DeleteLeavesVectors(MinimalStore):
    """Vectors kept in a table of their own that a delete forgets: a deleted record's vectors
    are still read back."""

    def __init__(self, inner: Any) -> None:
        super().__init__(inner)
        self.orphans: dict[str, Any] = {}

    def delete(self, ids: Sequence[str]) -> int:
        doomed = [r.id for r in self.inner.records() if r.id in ids or r.parent_id in ids]
        self.orphans.update(self.inner.vectors(doomed, parts=True))
        return super().delete(ids)

    def vectors(self, ids: Sequence[str], *, parts: bool = False) -> dict[str, Any]:
        found = super().vectors(ids, parts=parts)
        return {**{i: self.orphans[i] for i in ids if i in self.orphans}, **found}


#: name -> the broken backend.
MUTANTS: dict[str, type[MinimalStore]] = {
    "touch does nothing": NoOpTouch,
    "replace_vectors ignores expected": IgnoresExpected,
    "update answers a stale updated_at": StaleUpdateTime,
    "no embedder check": NoEmbedderCheck,
    "get ignores its condition": GetIgnoresScope,
    "pages skip a row": PagesSkipARow,
    "keyword ignores its condition": KeywordIgnoresScope,
    "a document's chunks outlive it": DeleteForgetsChunks,
    "$nin read as $in": NinReadAsIn,
    "a delete leaves the vectors": DeleteLeavesVectors,
}


def opener(name: str | None) -> Callable[[Path], MinimalStore]:
    """Opens the named broken store at a place (None: the backend unbroken, the control)."""
    made = MinimalStore if name is None else MUTANTS[name]
    return lambda place: made(open_store(place))
