"""Import of exported rows: each row checked and made the record it was, ids kept or renamed.

An admin's import keeps a row's id; a tenant's gives every row without a key a fresh one
(links among the rows follow), so a row whose id another tenant holds answers as an unknown
one. A keyed row's id follows from its scope and key, and a key-derived id without its key is
refused (:func:`~remem.engine.items.exported_id`). The store is read by the engine (which rows
it already holds); everything here is a function of the rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import InvalidInputError, VectorError
from remem.core.limits import Limits
from remem.core.numbers import whole
from remem.core.records import ITEM_KEYS
from remem.core.validate import new_id, utf8
from remem.embedders import Embedder, check_vectors
from remem.engine.items import MAX_ROWS, expired, exported_id, new_record
from remem.stores import NewRecord
from remem.stores.base import head_and_parts
from remem.trust.access import Grant
from remem.trust.provenance import imported

__all__ = ["ImportBatch", "fresh", "labelled", "row_vectors"]

#: Keys an exported row may hold beside an item's.
ROW_KEYS = frozenset({"parent_id", "position", "vectors", "provenance"})

Row = Mapping[str, Any]


def labelled(rows: Sequence[Row], names: Sequence[str] | None) -> tuple[list[Row], list[str]]:
    """The rows, each a dict with string ids, and what messages call each (``names``, or
    ``"item <index>"``)."""
    rows = list(rows)
    if names is not None and len(names) != len(rows):
        raise InvalidInputError(f"{len(names)} names for {len(rows)} rows")
    labels = list(names) if names is not None else [f"item {i}" for i in range(len(rows))]
    for label, row in zip(labels, rows, strict=True):
        if not isinstance(row, Mapping):
            raise InvalidInputError(f"{label} must be a dict")
        for key in ("id", "parent_id"):
            if not isinstance(row.get(key, ""), str | None):
                raise InvalidInputError(f"{label}: {key} must be a string")
    return rows, labels


def fresh(rows: list[Row], labels: list[str], known: set[str]) -> list[tuple[str, Row]]:
    """The rows to store, with their labels: not held already (``known`` ids), not expired."""
    return [
        (label, row)
        for label, row in zip(labels, rows, strict=True)
        if row.get("id") not in known and not expired(row, label)
    ]


@dataclass
class ImportBatch:
    """The fresh rows of an import (with their labels) and the record each becomes."""

    rows: list[tuple[str, Row]]
    records: list[NewRecord]
    #: Exported id → the id its record takes here.
    renamed: dict[str, str]
    #: The ids other rows name as their parent (as exported).
    parents: set[Any]

    @classmethod
    def of(
        cls, fresh: list[tuple[str, Row]], *, grant: Grant, limits: Limits, embedder: Embedder
    ) -> ImportBatch:
        """Each row as the record it was: a document (a row others name as parent) may hold
        ``limits.max_document_chars`` characters, any other ``limits.max_text_chars``."""
        renamed = {
            row["id"]: new_id()
            for _, row in fresh
            if "id" in row and not grant.admin and row.get("key") is None
        }
        parents = {row.get("parent_id") for _, row in fresh} - {None}
        dims = embedder.dimensions
        records = []
        for label, row in fresh:
            unknown = set(row) - ITEM_KEYS - ROW_KEYS
            if unknown:
                raise InvalidInputError(f"{label}: unknown keys {sorted(map(str, unknown))}")
            # A row's id is the record's id as exported, not a caller's name for it.
            item = {key: value for key, value in row.items() if key in ITEM_KEYS - {"id"}}
            document = "id" in row and row["id"] in parents
            limit = limits.max_document_chars if document else None
            rec = new_record(
                {**item, "dedupe": False},
                label,
                grant=grant,
                limits=limits,
                max_chars=limit,
                source=label,
                face="import",
            )
            if rec.key is not None and "id" in row:
                renamed[row["id"]] = rec.id  # a keyed record's id follows from scope and key
            elif row.get("id") is not None and row["id"] not in renamed:
                rec.id = exported_id(row["id"], label)
            rec.id = renamed.get(row.get("id"), rec.id)
            parent = _parent(row, label)
            rec.parent_id, rec.position = renamed.get(parent, parent), _position(row, label)
            vectors = row.get("vectors")
            if vectors is not None:
                rec.vector, rec.parts = row_vectors(vectors, dims, label)
            records.append(rec)
        for rec, (label, row) in zip(records, fresh, strict=True):
            exported = row.get("provenance")
            if exported is not None and not isinstance(exported, Mapping):
                raise InvalidInputError(f"{label}: provenance must be an object")
            rec.provenance = imported(rec.provenance, exported, renamed, vouched=grant.admin)
        return cls(fresh, records, renamed, parents)

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.rows]

    def keyed(self) -> list[str]:
        """The ids of keyed records: the memory may hold one already (its id differs by
        scope, so the exported id did not find it)."""
        return [r.id for r in self.records if r.key is not None]

    def without(self, held: set[str]) -> None:
        """Leave out the records whose ids are ``held`` already."""
        kept = [i for i, rec in enumerate(self.records) if rec.id not in held]
        self.records = [self.records[i] for i in kept]
        self.rows = [self.rows[i] for i in kept]

    def containers(self) -> frozenset[int]:
        """Indices of the records stored without a vector: documents (their chunks are the
        search candidates) and rows with ``embed`` false, which may hold no vectors."""
        documents = {self.renamed.get(p, p) for p in self.parents}
        plain = {i for i, (_, row) in enumerate(self.rows) if row.get("embed") is False}
        for i in plain:
            if self.records[i].vector is not None:
                raise InvalidInputError(f"{self.rows[i][0]}: embed=False, but it holds vectors")
        return frozenset(
            i for i, rec in enumerate(self.records) if rec.id in documents or i in plain
        )


def row_vectors(
    vectors: Any, dims: int, label: str
) -> tuple[NDArray[np.float32], NDArray[np.float32] | None]:
    """A row's ``vectors`` (float32 rows, flat or not: the head vector, then any part
    vectors) as a record's ``vector`` and ``parts``."""
    try:
        flat = np.asarray(vectors, dtype=np.float32).reshape(-1)
    except (TypeError, ValueError) as exc:
        raise VectorError(f"{label}: the vectors are not numbers: {exc}") from exc
    if not flat.size or flat.size % dims:
        raise VectorError(
            f"{label}: the vectors hold {flat.size} floats, not vectors of "
            f"dimension {dims} (a head vector, then any part vectors)"
        )
    try:
        checked = check_vectors(flat.reshape(-1, dims), dims)
    except VectorError as exc:
        raise VectorError(f"{label}: {exc}") from exc
    return head_and_parts(checked)


def _parent(row: Row, label: str) -> Any:
    parent = row.get("parent_id")
    if parent is not None:
        utf8(parent, f"{label}: parent_id")
        if parent == row.get("id"):
            raise InvalidInputError(f"{label}: parent_id {parent!r} is the row's own id")
    return parent


def _position(row: Row, label: str) -> Any:
    position = row.get("position")
    if position is not None:
        whole(position, f"{label}: position", low=0, high=MAX_ROWS)
    return position
