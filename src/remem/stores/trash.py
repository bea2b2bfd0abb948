"""The trash: deletes that can be undone for a while — the optional :class:`Trash` part of the
store contract.

A delete a model asks for (a tool call, MCP) may have been steered by what the model read, so
it is not final: :meth:`Trash.put` moves the records (a document with its chunks) out of the
store into a table of their own, in one transaction — gone from every read and search, kept
whole (fields, provenance, vectors) until a time the engine sets. A person restores them
(``Memory.undelete``) or empties the trash; ``forget`` erases a subject's trashed memories with
the rest, and its scan looks for them too. The rows are serialised here, once, for every
backend (:func:`packed`, :func:`unpacked`).
"""

from __future__ import annotations

import base64
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.records import (
    MemoryRecord,
    Namespace,
    Provenance,
    TrashedMemory,
    decode_namespace,
    encode_namespace,
)
from remem.core.timeutil import from_epoch

__all__ = [
    "TRASH_COLUMNS",
    "Trash",
    "TrashEntry",
    "entry_of",
    "grouped",
    "packed",
    "unpacked",
]

#: A trash row's columns, in the order both stores write and read them.
TRASH_COLUMNS = "id, user_id, agent_id, session_id, namespace, deleted_at, expires_at, payload"


@dataclass(frozen=True, slots=True)
class TrashEntry:
    """One trashed memory (with any chunks): its id and scope, when it went and until when the
    trash keeps it, and its rows as :func:`packed` wrote them."""

    id: str
    user_id: str | None
    agent_id: str | None
    session_id: str | None
    namespace: Namespace
    deleted_at: float
    expires_at: float
    payload: str

    def records(self) -> list[tuple[MemoryRecord, NDArray[np.float32] | None]]:
        """The records it holds, the trashed one first, each with its vectors."""
        return unpacked(self.payload)

    def shown(self) -> TrashedMemory:
        """What a listing of the trash shows of it."""
        held = [record for record, _ in self.records()]
        head = held[0]
        return TrashedMemory(
            id=self.id,
            text=head.text,
            kind=head.kind,
            user_id=self.user_id,
            agent_id=self.agent_id,
            session_id=self.session_id,
            namespace=self.namespace,
            deleted_at=from_epoch(self.deleted_at),  # type: ignore[arg-type]
            kept_until=from_epoch(self.expires_at),  # type: ignore[arg-type]
            chunks=len(held) - 1,
        )


class Trash(ABC):
    """A store that keeps deleted records for a while, to be restored."""

    @abstractmethod
    def put(self, ids: Sequence[str], *, until: float) -> int:
        """Move these records (and a document's chunks) to the trash, kept until ``until``
        (Unix seconds), in one transaction: deleted as :meth:`Store.delete` deletes them
        (the audit log saying ``trash``) and their rows kept whole; how many records went."""

    @abstractmethod
    def entries(
        self,
        *,
        users: Sequence[str] = (),
        agents: Sequence[str] = (),
        ids: Sequence[str] | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[TrashEntry]:
        """Trashed memories, newest first: of these ``users`` and ``agents`` when given (empty:
        any), these ``ids`` when given."""

    @abstractmethod
    def drop(self, ids: Sequence[str]) -> int:
        """Remove these entries from the trash (restored, or emptied for good); how many."""

    @abstractmethod
    def purge(self, now: float) -> int:
        """Remove the entries kept until ``now`` or before; how many."""


def packed(rows: Sequence[tuple[MemoryRecord, NDArray[np.float32] | None]]) -> str:
    """Records with their vectors (float32 rows: head, then windows) as one JSON text."""
    return json.dumps(
        [
            {
                **record.to_dict(),
                "vectors": None
                if vectors is None
                else base64.b64encode(np.asarray(vectors, "<f4").tobytes()).decode(),
                "width": None if vectors is None else int(np.atleast_2d(vectors).shape[1]),
            }
            for record, vectors in rows
        ],
        ensure_ascii=False,
    )


def unpacked(payload: str) -> list[tuple[MemoryRecord, NDArray[np.float32] | None]]:
    """What :func:`packed` wrote."""
    out: list[tuple[MemoryRecord, NDArray[np.float32] | None]] = []
    for data in json.loads(payload):
        vectors = None
        if data.get("vectors") is not None:
            flat = np.frombuffer(base64.b64decode(data["vectors"]), dtype="<f4")
            vectors = flat.reshape(-1, int(data["width"])).astype(np.float32)
        out.append((_record(data), vectors))
    return out


def _record(data: Mapping[str, Any]) -> MemoryRecord:
    fields = {k: data[k] for k in MemoryRecord.__dataclass_fields__ if k in data}
    for name in ("created_at", "updated_at", "last_accessed_at", "expires_at"):
        if isinstance(fields.get(name), str):
            fields[name] = from_epoch(_epoch(fields[name]))
    fields["namespace"] = tuple(fields.get("namespace") or ())
    fields["provenance"] = Provenance.from_dict(fields.get("provenance"))
    return MemoryRecord(**fields)


def _epoch(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()


def grouped(
    ids: Sequence[str],
    records: Sequence[MemoryRecord],
    vectors: Mapping[str, NDArray[np.float32]],
    *,
    at: float,
    until: float,
) -> list[tuple[Any, ...]]:
    """The trash rows (:data:`TRASH_COLUMNS`) for trashing ``ids``: each record found, with the
    chunks among ``records`` whose parent it is, and their vectors."""
    by_id = {r.id: r for r in records}
    rows = []
    for id in dict.fromkeys(ids):
        head = by_id.get(id)
        if head is None or head.parent_id in ids:
            continue  # unknown, or a chunk trashed with its document
        chunks = sorted((r for r in records if r.parent_id == id), key=lambda r: r.position or 0)
        held = [(r, vectors.get(r.id)) for r in (head, *chunks)]
        rows.append(
            (
                head.id,
                head.user_id,
                head.agent_id,
                head.session_id,
                encode_namespace(head.namespace),
                at,
                until,
                packed(held),
            )
        )
    return rows


def entry_of(row: Mapping[str, Any]) -> TrashEntry:
    """A trash row (its columns by name) as a :class:`TrashEntry`."""
    return TrashEntry(
        id=row["id"],
        user_id=row["user_id"],
        agent_id=row["agent_id"],
        session_id=row["session_id"],
        namespace=decode_namespace(row["namespace"]),
        deleted_at=float(row["deleted_at"]),
        expires_at=float(row["expires_at"]),
        payload=row["payload"],
    )
