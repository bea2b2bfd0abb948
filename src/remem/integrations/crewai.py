"""remem as CrewAI's memory storage: :class:`RememStorage`, a CrewAI ``StorageBackend``.

CrewAI's ``Memory`` decides what to remember and how to rank it; this backend keeps its
records in a remem store (SQLite or PostgreSQL, several processes at once) and answers its
vector searches. CrewAI embeds records and queries itself, so it must embed with the store's
embedder: :func:`remem_embedder` gives it the memory's own, which also makes a crew's memory
work offline with no API key (vectors of another width are refused with a ``VectorError``)::

    import remem
    from crewai import Memory
    from remem.integrations.crewai import RememStorage, remem_embedder

    store = remem.open("./memory")
    memory = Memory(storage=RememStorage(store), embedder=remem_embedder(store), llm=...)

A CrewAI record is one remem record (kind ``crewai``): its scope path (``/team/alice``) is
remem's ``namespace`` (``["team", "alice"]``), its id remem's ``key``, its categories,
metadata, source and privacy live in the record's metadata. Search is remem's dense search
within the scope prefix (scores are cosines). ``user_id`` / ``agent_id``, or a scoped memory
(``memory.scoped(grant)``), keep a tenant's records apart from everyone else's: scope paths
and ids of another tenant answer as unknown ones.

Every record the storage returns (``search``, ``get_record``, ``list_records``) carries, in
``record.metadata["remem"]``, its trust for the storage's reader (the user its memory acts
for, else ``user_id``), its marks and its source (:func:`remem.integrations.recall_metadata`):
``{"trust": {"level": "trusted" | "untrusted", "reasons": [...]}, "marks": [...], "source":
"..."}``. CrewAI's ``MemoryMatch.format()`` prints a record's metadata below its content, so
the agent's prompt shows it too. ``"remem"`` is remem's key: a record's own is dropped when it
is saved (CrewAI saves a record it read back whole, on ``update``).

CrewAI 1.x pins ``mcp<2`` while ``remem[server]`` needs ``mcp>=2.3``: install
``remem[crewai]`` in an environment without the server extra (``make test`` runs these
tests in a virtual environment of their own, ``.venv-crewai``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
from crewai.memory.types import MemoryRecord as CrewRecord
from crewai.memory.types import ScopeInfo

from remem.core.records import MemoryRecord
from remem.integrations import reader_of, stripped, with_recall_metadata
from remem.memory import Memory

__all__ = ["RememStorage", "remem_embedder"]

KIND = "crewai"
_BATCH = 500


def remem_embedder(memory: Memory) -> Callable[[list[str]], list[list[float]]]:
    """CrewAI's embedder callable (texts in, vectors out) on ``memory``'s embedder."""

    def embed(texts: list[str]) -> list[list[float]]:
        return [row.tolist() for row in memory.embed(list(texts))] if texts else []

    return embed


class RememStorage:
    """CrewAI's ``StorageBackend`` in a remem memory, within a ``user_id`` / ``agent_id``
    scope when given (and always within a scoped memory's grant)."""

    def __init__(
        self, memory: Memory, *, user_id: str | None = None, agent_id: str | None = None
    ) -> None:
        self.memory = memory
        self.scope: dict[str, Any] = {"user_id": user_id, "agent_id": agent_id}

    # -- writes ------------------------------------------------------------------------------------
    def save(self, records: list[CrewRecord]) -> None:
        """Store records; one whose id is stored replaces it (wherever its scope was)."""
        if not records:
            return
        latest = {r.id: r for r in records}  # the last of an id given twice
        # A record saved under another scope than its stored copy moves: one copy only.
        stale = [
            old.id
            for old in self._by_ids(list(latest))
            if old.namespace != tuple(_labels(latest[old.key or ""].scope))
        ]
        if stale:
            self.memory.delete(stale)
        given = [r.embedding for r in latest.values()]
        vectors = np.asarray(given, dtype=np.float32) if all(given) else None
        self.memory.add_many(
            [self._item(r) for r in latest.values()],
            embeddings=vectors,
            progress=False,
            upsert=True,
        )

    def update(self, record: CrewRecord) -> None:
        self.save([record])

    def delete(
        self,
        scope_prefix: str | None = None,
        categories: list[str] | None = None,
        record_ids: list[str] | None = None,
        older_than: datetime | None = None,
        metadata_filter: dict[str, Any] | None = None,
    ) -> int:
        """Delete the records matching every criterion given; returns how many went."""
        where = self._filters(categories, metadata_filter)
        if record_ids is not None:
            if not record_ids:
                return 0
            where["key"] = {"$in": list(record_ids)}
        if older_than is not None:
            where["created_at"] = {"$lt": older_than}
        found = self.memory.list_all(**self.scope, namespace=_labels(scope_prefix), filters=where)
        return self.memory.delete([r.id for r in found]) if found else 0

    def reset(self, scope_prefix: str | None = None) -> None:
        self.delete(scope_prefix=scope_prefix)

    # -- reads -------------------------------------------------------------------------------------
    def search(
        self,
        query_embedding: list[float],
        scope_prefix: str | None = None,
        categories: list[str] | None = None,
        metadata_filter: dict[str, Any] | None = None,
        limit: int = 10,
        min_score: float = 0.0,
    ) -> list[tuple[CrewRecord, float]]:
        """The ``limit`` records nearest ``query_embedding`` (cosine ≥ ``min_score``)."""
        if limit < 1 or not query_embedding:
            return []
        hits = self.memory.search(
            vector=query_embedding,
            mode="dense",
            k=min(limit, self.memory.limits.max_k),
            **self.scope,
            namespace=_labels(scope_prefix),
            filters=self._filters(categories, metadata_filter),
        )
        found = [(self._crew(h), h.scores["dense"]) for h in hits]
        return [(record, score) for record, score in found if score >= min_score]

    def get_record(self, record_id: str) -> CrewRecord | None:
        found = self._by_ids([record_id])
        return self._crew(found[0]) if found else None

    def list_records(
        self, scope_prefix: str | None = None, limit: int = 200, offset: int = 0
    ) -> list[CrewRecord]:
        """Records in a scope and below it, newest first."""
        found = self.memory.list(
            **self.scope,
            namespace=_labels(scope_prefix),
            filters={"kind": KIND},
            limit=limit,
            offset=offset,
            order="-created_at",
        )
        return [self._crew(r) for r in found]

    def get_scope_info(self, scope: str) -> ScopeInfo:
        records = self._all(scope)
        times = [r.created_at.replace(tzinfo=None) for r in records]  # CrewAI's naive UTC
        return ScopeInfo(
            path=_path(_labels(scope)),
            record_count=len(records),
            categories=sorted({c for r in records for c in r.metadata.get("categories", [])}),
            oldest_record=min(times, default=None),
            newest_record=max(times, default=None),
            child_scopes=self.list_scopes(scope),
        )

    def list_scopes(self, parent: str = "/") -> list[str]:
        """The scopes one level below ``parent`` that hold records (at any depth below), from
        every scope under it, read a page at a time."""
        prefix = _labels(parent)
        page = self.memory.limits.max_k
        children: set[str] = set()
        after: tuple[str, ...] | None = None
        while True:
            found = self.memory.namespaces(
                prefix, **self.scope, filters={"kind": KIND}, limit=page, after=after
            )
            children.update(_path(ns[: len(prefix) + 1]) for ns in found if len(ns) > len(prefix))
            if len(found) < page:
                return sorted(children)
            after = found[-1]

    def list_categories(self, scope_prefix: str | None = None) -> dict[str, int]:
        counts: dict[str, int] = {}
        for record in self._all(scope_prefix):
            for category in record.metadata.get("categories", []):
                counts[category] = counts.get(category, 0) + 1
        return counts

    def count(self, scope_prefix: str | None = None) -> int:
        return len(self._all(scope_prefix))

    # -- async -------------------------------------------------------------------------------------
    async def asave(self, records: list[CrewRecord]) -> None:
        await asyncio.to_thread(self.save, records)

    async def asearch(self, query_embedding: list[float], **options: Any) -> Any:
        return await asyncio.to_thread(self.search, query_embedding, **options)

    async def adelete(self, **criteria: Any) -> int:
        return await asyncio.to_thread(self.delete, **criteria)

    # -- internals ---------------------------------------------------------------------------------
    def _crew(self, record: MemoryRecord) -> CrewRecord:
        """``record`` as CrewAI's, with its trust for this storage's reader."""
        return _crew(record, reader_of(self.memory, self.scope["user_id"]))

    def _by_ids(self, ids: Sequence[str]) -> list[MemoryRecord]:
        """The stored records of these CrewAI ids, in this storage's scope."""
        found: list[MemoryRecord] = []
        for start in range(0, len(ids), _BATCH):  # within the limit on a filter's values
            part = list(ids[start : start + _BATCH])
            where = {"kind": KIND, "key": {"$in": part}}
            found += self.memory.list(**self.scope, filters=where, limit=len(part))
        return found

    def _all(self, scope: str | None) -> list[MemoryRecord]:
        return self.memory.list_all(**self.scope, namespace=_labels(scope), filters={"kind": KIND})

    def _filters(
        self, categories: list[str] | None, metadata: dict[str, Any] | None
    ) -> dict[str, Any]:
        where: dict[str, Any] = {"kind": KIND}
        if categories:
            where["$or"] = [{"metadata.categories": {"$contains": c}} for c in categories]
        for key, value in (metadata or {}).items():
            where[f"metadata.metadata.{key}"] = value
        return where

    def _item(self, record: CrewRecord) -> dict[str, Any]:
        item: dict[str, Any] = {
            "text": record.content,
            "kind": KIND,
            "key": record.id,
            "namespace": _labels(record.scope),
            "importance": record.importance,
            "created_at": record.created_at.replace(tzinfo=record.created_at.tzinfo or UTC),
            "metadata": {
                "categories": list(record.categories),
                "metadata": stripped(record.metadata),
                "source": record.source,
                "private": record.private,
                "last_accessed": record.last_accessed.isoformat(),
            },
            **{name: value for name, value in self.scope.items() if value is not None},
        }
        return item


def _labels(scope: str | None) -> list[str]:
    """A CrewAI scope path (``/team/alice``) as namespace labels."""
    return [label for label in (scope or "/").split("/") if label]


def _path(labels: Sequence[str]) -> str:
    return "/" + "/".join(labels)


def _crew(record: MemoryRecord, reader: str | None) -> CrewRecord:
    """``record`` as CrewAI's, its metadata with remem's ``"remem"`` for ``reader``."""
    extra = record.metadata
    return CrewRecord(
        id=record.key or record.id,
        content=record.text,
        scope=_path(record.namespace),
        categories=list(extra.get("categories", [])),
        metadata=with_recall_metadata(extra.get("metadata", {}), record, reader),
        importance=record.importance if record.importance is not None else 0.5,
        created_at=record.created_at.replace(tzinfo=None),
        last_accessed=datetime.fromisoformat(extra["last_accessed"])
        if extra.get("last_accessed")
        else record.created_at.replace(tzinfo=None),
        source=extra.get("source"),
        private=bool(extra.get("private", False)),
    )
