"""Copy a whole store to another, of any backend: ``remem migrate --from A --to B``.

Everything is copied as it is — every record with its ids, scope, metadata, times, access
statistics and vectors (head and window vectors), the embedder signature, the semantic caches'
entries, the API keys and the LLM usage totals — in batches, each one transaction of the
target. Nothing is re-embedded. The target must hold no records (a copy does not merge).

Then both stores are read again and compared: counts, and a checksum over every record and its
vectors (:func:`checksum`, independent of the order rows are read in). A migration that does not
verify raises :class:`~remem.core.errors.StoreError` and says what differs.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from itertools import groupby, islice
from typing import Any

import numpy as np

from remem.core.errors import InvalidInputError, StoreError
from remem.core.records import MemoryRecord
from remem.core.timeutil import to_epoch
from remem.stores.base import RecordStore
from remem.stores.rows import restored
from remem.stores.tables import INTERFACES, CacheTable, Capability, KeyTable, part

__all__ = ["MigrationReport", "checksum", "migrate_store"]

#: The checksum is a sum of per-record digests modulo 2**256: the same for any read order.
_MODULUS = 1 << 256


@dataclass
class MigrationReport:
    """What :func:`migrate_store` copied and how it checked the copy."""

    source: str
    target: str
    records: int = 0
    vectors: int = 0
    cache_entries: int = 0
    api_keys: int = 0
    llm_features: int = 0
    seconds: float = 0.0
    #: The checksum of both stores' records and vectors (equal, or the copy raised).
    checksum: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "seconds": round(self.seconds, 3), "verified": True}


def migrate_store(
    source: RecordStore,
    target: RecordStore,
    *,
    batch: int = 1_000,
    progress: Callable[[int], None] | None = None,
) -> MigrationReport:
    """Copy ``source`` into the empty ``target`` and verify the copy. ``progress(n)`` is
    called after each batch with the number of records it copied. The optional tables (cache,
    keys, usage) are copied where both stores keep them; the source's entries in a table the
    target lacks are refused up front, never dropped."""
    if batch < 1:
        raise InvalidInputError(f"batch must be at least 1, not {batch}")
    _check_tables(source, target)
    held = target.stats()
    if held.records:
        raise InvalidInputError(
            f"the target {held.path} already holds {held.records:,} records: migrate into an "
            "empty store (a copy does not merge)"
        )
    started = time.perf_counter()
    report = MigrationReport(source=source.stats().path, target=held.path)
    signature = source.signature()
    if signature is not None:
        claimed = target.signature(claim=signature)
        if claimed != signature:
            raise StoreError(
                f"the target's embedder is {claimed}, the source's {signature}: migrate into "
                "a new store"
            )
    for chunk in _chunks(source.records(order="stored"), batch):
        vectors = source.vectors([r.id for r in chunk], parts=True)
        target.insert([restored(r, vectors.get(r.id)) for r in chunk], signature=signature)
        accessed = {
            r.id: (r.access_count, to_epoch(r.last_accessed_at))
            for r in chunk
            if r.last_accessed_at is not None
        }
        if accessed:
            target.touch(accessed)
        report.records += len(chunk)
        report.vectors += len(vectors)
        if progress is not None:
            progress(len(chunk))
    # The caches' entries are judged against their scopes' last changes: the source's, not
    # the time of the copy (which would invalidate every entry).
    if source.cache is not None and target.cache is not None:
        target.cache.set_scope_changes(source.cache.scope_changes())
        report.cache_entries = _copy_caches(source.cache, target.cache)
        for name, owner, state in source.cache.every_bound():
            target.cache.set_bounds(name, [(owner, state)])
    if source.keys is not None and target.keys is not None:
        report.api_keys = _copy_keys(source.keys, target.keys)
    if source.usage is not None and target.usage is not None:
        for feature, totals in source.usage.totals().items():
            target.usage.add(feature, totals)
            report.llm_features += 1
    report.checksum = _verify(source, target)
    report.seconds = time.perf_counter() - started
    return report


def checksum(store: RecordStore, *, batch: int = 1_000) -> tuple[int, int, str]:
    """(records, vectors, checksum) of a store: a SHA-256 of every record's fields and vectors,
    summed over records (so the order they are read in does not matter)."""
    total = count = with_vectors = 0
    for chunk in _chunks(store.records(order="stored"), batch):
        vectors = store.vectors([r.id for r in chunk], parts=True)
        for record in chunk:
            digest = hashlib.sha256(_canonical(record).encode())
            found = vectors.get(record.id)
            if found is not None:
                digest.update(np.ascontiguousarray(found, dtype="<f4").tobytes())
                with_vectors += 1
            total = (total + int.from_bytes(digest.digest(), "big")) % _MODULUS
            count += 1
    return count, with_vectors, f"{total:064x}"


def _verify(source: RecordStore, target: RecordStore) -> str:
    got, want = checksum(target), checksum(source)
    if got != want:
        raise StoreError(
            f"the copy does not match its source: source {want[0]:,} records, {want[1]:,} with "
            f"vectors, checksum {want[2][:16]}; target {got[0]:,}, {got[1]:,}, {got[2][:16]} "
            "(was the source written to during the copy? migrate again into a new store)"
        )
    if _cache_counts(source) != _cache_counts(target):
        raise StoreError("the copy's semantic-cache entries do not match the source's")
    if len(_key_rows(source)) != len(_key_rows(target)):
        raise StoreError("the copy's API keys do not match the source's")
    return want[2]


def _check_tables(source: RecordStore, target: RecordStore) -> None:
    """Refuse a copy that would drop what the source keeps in a table the target lacks."""
    held = {
        Capability.CACHE: bool(_cache_counts(source)),
        Capability.KEYS: bool(_key_rows(source)),
        Capability.USAGE: bool(source.usage.totals()) if source.usage is not None else False,
    }
    for capability, holds in held.items():
        if holds and part(target, capability) is None:
            raise StoreError(
                f"the source keeps {INTERFACES[capability].__name__} rows and "
                f"{type(target).__name__} has no such table: migrate into a store that keeps them"
            )


def _key_rows(store: RecordStore) -> list[dict[str, Any]]:
    return store.keys.rows() if store.keys is not None else []


def _canonical(record: MemoryRecord) -> str:
    return json.dumps(record.to_dict(), sort_keys=True, ensure_ascii=False, allow_nan=False)


def _copy_caches(source: CacheTable, target: CacheTable) -> int:
    copied = 0
    for name in source.names():
        rows = source.rows(name)
        entries = source.entries([row for row, _, _ in rows])
        vectors = {row: vector for row, _, vector in rows}
        # One put per (created, expires) pair keeps each entry's own times.
        ordered = sorted(entries.items(), key=lambda e: (e[1]["created_at"], e[0]))
        for (created, expires), group in groupby(
            ordered, key=lambda e: (e[1]["created_at"], e[1]["expires_at"])
        ):
            items = list(group)
            made = target.put(
                name,
                [
                    (
                        (e["user_id"], e["agent_id"], e["session_id"]),
                        e["query"],
                        e["value"],
                        vectors[row],
                    )
                    for row, e in items
                ],
                created_at=created,
                expires_at=expires,
            )
            hits = [
                (new, int(e["hits"]), float(e["last_hit_at"]), None)
                for new, (_, e) in zip(made, items, strict=True)
                if e["last_hit_at"] is not None
            ]
            if hits:
                target.hits(hits)
            copied += len(made)
    return copied


def _cache_counts(store: RecordStore) -> dict[str, int]:
    if store.cache is None:
        return {}
    return {name: store.cache.state(name)[0] for name in store.cache.names()}


def _copy_keys(source: KeyTable, target: KeyTable) -> int:
    rows = source.rows()
    for row in rows:
        target.put(row)
        if row.get("revoked_at") is not None:
            target.revoke(row["key_id"], row["revoked_at"])
        if row.get("last_used_at") is not None:
            target.used(row["key_id"], row["last_used_at"])
    return len(rows)


def _chunks(items: Iterator[MemoryRecord], size: int) -> Iterator[list[MemoryRecord]]:
    while chunk := list(islice(items, size)):
        yield chunk
